/// The shortest decimal text of a double that reads back as the same double, written exactly as
/// the standard library's `Double.description` writes it (docs/behaviour/output.md, "Numbers").
///
/// **Digits.** A finite non-zero double is `c × 2^q` (`c` below 2^53). Every decimal strictly
/// inside its rounding interval, the points halfway to its neighbours, reads back as it, and so
/// do the interval's ends when `c` is even (reading rounds halfway cases to even). Below a power
/// of two the neighbour is twice as close, so the interval reaches only a quarter of a unit
/// below. Among the decimals of the interval with the fewest significant digits, the one
/// nearest the double is chosen, the even last digit on an exact tie: what the standard library
/// promises ("always short, always close").
///
/// The search is Giulietti's Schubfach ("The Schubfach way to render doubles", 2020), written
/// here from the paper: with `k = floor(log10(width of the interval))` the interval holds at
/// most one multiple of 10^(k+1), and at least one of `floor(v / 10^k)` and the next integer,
/// times 10^k, lies inside (no other multiple of 10^k is nearer the double). So the answer is
/// the one multiple of 10^(k+1) inside if there is one, otherwise whichever of the two is
/// inside, the nearer if both are. The comparisons need `v / 10^k` and the interval's ends over
/// 10^k to two more bits, and whether they are whole: a 126-bit upper bound of the power of ten
/// (``_scaledPowersOfTen``) times the shifted significand, rounded to odd, gives exactly that
/// (the paper proves it for every double). Unlike Java's rendering, from which the paper's code
/// comes, a single digit is allowed (`5e-324`, not `4.9e-324`), as the standard library does,
/// and the least subnormals take the same path as every other double (the tests check every
/// subnormal significand up to 20,000).
///
/// **Form.** The standard library's: with `E` the exponent of the first significant digit,
/// exponent form (`1.5e-05`, `1e+16`, at least two exponent digits) when `E < -4` or the
/// magnitude is above 2^53; otherwise plain digits with a point, `0.0001`, `123.45`, and a
/// whole value gets `.0` (`1.0`, `9007199254740992.0`); zero is `0.0` or `-0.0`.
///
/// Nothing is allocated: the text is written straight into memory the caller provides.
public enum ShortestDigits {
  /// The most bytes ``write(_:to:)`` writes, scratch included (the text itself is at most 24
  /// bytes: `-1.7976931348623157e+308`).
  public static let scratchLength = 32

  /// Writes a finite `value` at `start` as `value.description` would, and returns the length of
  /// the text. Up to ``scratchLength`` bytes from `start` may be written.
  public static func write(_ value: Double, to start: UnsafeMutableRawPointer) -> Int {
    _write(value, to: start).length
  }

  /// ``write(_:to:)``, also returning the number of decimals of the text written (as
  /// ``decimalPlaces(of:)`` counts them), which the printer knows at no cost: a caller that
  /// later needs them (`classify`'s differences of numbers its line printed) need not count
  /// them again.
  @inline(__always)
  public static func _write(
    _ value: Double, to start: UnsafeMutableRawPointer
  ) -> (length: Int, decimals: Int) {
    var position = 0
    if value.sign == .minus {
      start.storeBytes(of: _Byte.minus, as: UInt8.self)
      position = 1
    }
    let fraction = value.significandBitPattern
    let biasedExponent = Int(value.exponentBitPattern)
    if biasedExponent == 0 && fraction == 0 {
      // "0.0"
      start.storeBytes(of: _Byte.zero, toByteOffset: position, as: UInt8.self)
      start.storeBytes(of: _Byte.dot, toByteOffset: position + 1, as: UInt8.self)
      start.storeBytes(of: _Byte.zero, toByteOffset: position + 2, as: UInt8.self)
      return (position + 3, 0)
    }
    let decimal =
      biasedExponent == 0
      ? _shortest(significand: fraction, exponent: -1074)
      : _shortest(significand: fraction | 1 << 52, exponent: biasedExponent - 1075)
    var digits = decimal.digits
    var exponent = decimal.exponent
    while digits % 10 == 0 {
      digits /= 10
      exponent &+= 1
    }
    let count = _digitCount(digits)
    let decimals = exponent < 0 ? 0 &- exponent : 0
    // The exponent of the first digit: digits × 10^exponent = d.ddd × 10^scientific.
    let scientific = exponent &+ count &- 1
    if scientific < -4 || value.magnitude > 0x1p53 {
      // "d.ddde-05": the digits one place to the right, the first moved back over the point.
      _writeDigits(digits, count: count, to: start + position + 1)
      start.storeBytes(
        of: start.load(fromByteOffset: position + 1, as: UInt8.self), toByteOffset: position,
        as: UInt8.self)
      if count > 1 {
        start.storeBytes(of: _Byte.dot, toByteOffset: position + 1, as: UInt8.self)
        position += count + 1
      } else {
        position += 1
      }
      start.storeBytes(of: _Byte.lowerE, toByteOffset: position, as: UInt8.self)
      start.storeBytes(
        of: scientific < 0 ? _Byte.minus : _Byte.plus, toByteOffset: position + 1,
        as: UInt8.self)
      position += 2
      var magnitude = scientific.magnitude
      if magnitude >= 100 {
        start.storeBytes(
          of: _Byte.zero + UInt8(magnitude / 100), toByteOffset: position, as: UInt8.self)
        magnitude %= 100
        position += 1
      }
      start.storeBytes(
        of: _Byte.zero + UInt8(magnitude / 10), toByteOffset: position, as: UInt8.self)
      start.storeBytes(
        of: _Byte.zero + UInt8(magnitude % 10), toByteOffset: position + 1, as: UInt8.self)
      return (position + 2, decimals)
    }
    if scientific < 0 {
      // "0.000ddd": "0." and 0 to 3 zeros before the digits.
      start.storeBytes(
        of: UInt64(0x3030_3030_302E_30).littleEndian, toByteOffset: position, as: UInt64.self)
      position &+= 1 &- scientific
      _writeDigits(digits, count: count, to: start + position)
      return (position &+ count, decimals)
    }
    if scientific &+ 1 < count {
      // "123.45": the digits one place to the right, the whole part moved back over the point.
      _writeDigits(digits, count: count, to: start + position + 1)
      if scientific < 7 {
        // At most 7 whole digits: in one 8-byte word, the whole part from one byte on, the
        // point, and the fraction digits already in place.
        // Masking shifts (`&<<`, the shift is below 64 here): the smart shift `<<` of a
        // variable amount adds tests for 64 and more.
        let wholeBits = UInt64(truncatingIfNeeded: 8 &* (scientific &+ 1))
        let wholeMask: UInt64 = ~(~0 &<< wholeBits)
        let fractionMask: UInt64 = (~0 &<< wholeBits) &<< 8  // 0 when wholeBits is 56
        let shifted = UInt64(
          littleEndian: start.loadUnaligned(fromByteOffset: position &+ 1, as: UInt64.self))
        let inPlace = UInt64(
          littleEndian: start.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        let word =
          shifted & wholeMask | UInt64(_Byte.dot) &<< wholeBits | inPlace & fractionMask
        start.storeBytes(of: word.littleEndian, toByteOffset: position, as: UInt64.self)
      } else {
        for index in position...(position &+ scientific) {
          start.storeBytes(
            of: start.load(fromByteOffset: index &+ 1, as: UInt8.self), toByteOffset: index,
            as: UInt8.self)
        }
        start.storeBytes(
          of: _Byte.dot, toByteOffset: position &+ scientific &+ 1, as: UInt8.self)
      }
      return (position &+ count &+ 1, decimals)
    }
    // "1200.0": a whole value (up to 2^53, so at most 16 digits), zeros, then ".0".
    _writeDigits(digits, count: count, to: start + position)
    position += count
    for _ in count..<(scientific + 1) {
      start.storeBytes(of: _Byte.zero, toByteOffset: position, as: UInt8.self)
      position += 1
    }
    start.storeBytes(of: _Byte.dot, toByteOffset: position, as: UInt8.self)
    start.storeBytes(of: _Byte.zero, toByteOffset: position + 1, as: UInt8.self)
    return (position + 2, 0)
  }

  /// ``_write(_:to:)`` of the common number: a finite value that is not whole, not a power of
  /// two, and from 2^-12 to 2^48 in magnitude (biased exponent 1011 to 1070), which
  /// ``_OutputBuffer/writeNumber(_:at:)`` tests on its bit pattern.
  ///
  /// The same text by a shorter road. Such a value always prints in plain form with a point
  /// inside or before its digits (`0.00ddd` to `ddd.ddd`: a non-whole double below 2^53 never
  /// prints as a whole number, whose text would read back as that integer's double), so the form
  /// needs no tests beyond where the point goes. ``_shortestFromUpperEnd(significand:exponent:)``'s
  /// steps are taken without its range guards, which hold in this range (`k` from -22 to -4,
  /// the shift from 67 to 126), with what depends on the exponent alone (the power of ten, the
  /// width's whole part, the shifts, `k`) read from a table of the 60 exponents
  /// (``_commonExponents``, generated, and checked by `ShortestDigitsTests` against the general
  /// computation), and without the test of the width's fraction: here
  /// `δ = 2^q × 10^m` (`m = -k`) is `5^m / 2^j` with `j = -(q + m)` from 1 to 42, an odd
  /// multiple of 2^-j, so its fraction is at least 2^-42 from a whole number, far outside the
  /// 2^-54 margin (from 2^48 on, `j` is 0 or less: `δ` is whole and the test would always hand
  /// the value back, which is why the range stops there; `ShortestDigitsTests` checks the
  /// margin for every exponent of the range). Its answer, over 10^(k+2), lies in [4.5 × 10^15,
  /// 9.1 × 10^16), so scaled by 10 below 10^16 it has exactly 17 digits, which are written whole
  /// (a leading digit and two eight-digit words, no digit count), one place to the right, where
  /// the fraction belongs, then the whole part stored again over the point's place and the point
  /// put in (for up to 7 whole digits), and the text's length taken from the trailing zeros,
  /// which only the multiple-of-1000 branch can have (counted from the digit words). What the one
  /// product cannot decide goes to the general path, out of line. (Benchmarks/HISTORY-2026-11.md,
  /// "Issue 24, fifth round, second wave: the printer's fast path for the common number
  /// ("digits")", and the sixth round's "table".)
  @inline(__always)
  public static func _writeCommon(
    _ value: Double, to start: UnsafeMutableRawPointer
  ) -> (length: Int, decimals: Int) {
    let bits = value.bitPattern
    let c = bits & (1 &<< 52 &- 1) | 1 &<< 52
    assert(bits &>> 52 & 0x7FF >= 1011 && bits &>> 52 & 0x7FF <= 1070 && c != 1 << 52)
    // What depends on the exponent alone is read from the table, not computed.
    let e = _commonExponents[Int(truncatingIfNeeded: bits &>> 52 & 0x7FF) &- 1011]
    let (zi, zFraction) = _upperEnd(
      significand: c, (e.high, e.low), left: UInt64(truncatingIfNeeded: e.left),
      right: UInt64(truncatingIfNeeded: e.right))
    let margin: UInt64 = 1 &<< 10
    guard zFraction &+ margin > 2 &* margin else { return _writeOutOfLine(value, to: start) }
    // The answer over 10^(k+2): the last step of `_shortestFromUpperEnd`, repeated, not shared:
    // through a function the compiler merged the two branches into a select, which cost more.
    let deltaWhole = e.deltaWhole
    let thousands = zi / 1000
    let r = zi &- thousands &* 1000
    var digits: UInt64
    let multipleOf1000: Bool
    if r < deltaWhole {
      digits = thousands &* 10
      multipleOf1000 = true
    } else {
      guard r > deltaWhole else { return _writeOutOfLine(value, to: start) }
      let distance = r &- deltaWhole &>> 1 &+ 50
      let hundreds = distance / 100
      let rest = distance &- hundreds &* 100
      guard rest != 0 && rest != 99 else { return _writeOutOfLine(value, to: start) }
      digits = thousands &* 10 &+ hundreds
      multipleOf1000 = false
    }
    // Scaled to 17 digits: value = digits × 10^(scientific - 16).
    assert(digits >= 1_000_000_000_000_000 && digits < 100_000_000_000_000_000)
    var scientific = Int(truncatingIfNeeded: e.scientific)
    // How many of the 17 digits are trailing zeros (not written).
    var zeros = 0
    if digits < 10_000_000_000_000_000 {
      digits &*= 10
      zeros = 1
      scientific &-= 1
    }
    let first = digits / 10_000_000_000_000_000
    let rest = digits &- first &* 10_000_000_000_000_000
    let middle8 = rest / 100_000_000
    let firstByte = UInt64(_Byte.zero) &+ first
    let word1 = _eightDigits(UInt32(truncatingIfNeeded: middle8))
    let word2 = _eightDigits(UInt32(truncatingIfNeeded: rest &- middle8 &* 100_000_000))
    if multipleOf1000 {
      // Only a multiple of 1000 can end in more zeros: counted from the digit words (the last
      // digit in the highest byte, a zero digit a zero byte once the ASCII zeros are taken off;
      // the first digit is never zero), cheaper than a division loop over the quotient.
      let last8 = word2 ^ 0x3030_3030_3030_3030
      zeros =
        last8 != 0
        ? last8.leadingZeroBitCount &>> 3
        : 8 &+ (word1 ^ 0x3030_3030_3030_3030).leadingZeroBitCount &>> 3
    }
    let count = 17 &- zeros
    let decimals = count &- 1 &- scientific
    // The sign: a minus always stored, and stepped over when the value is negative.
    start.storeBytes(of: _Byte.minus, as: UInt8.self)
    let position = Int(truncatingIfNeeded: bits &>> 63)
    if scientific < 0 {
      // "0.000ddd": "0." and 0 to 3 zeros before the digits.
      start.storeBytes(
        of: UInt64(0x3030_3030_302E_30).littleEndian, toByteOffset: position, as: UInt64.self)
      let at = position &+ 1 &- scientific
      start.storeBytes(of: UInt8(truncatingIfNeeded: firstByte), toByteOffset: at, as: UInt8.self)
      start.storeBytes(of: word1.littleEndian, toByteOffset: at &+ 1, as: UInt64.self)
      start.storeBytes(of: word2.littleEndian, toByteOffset: at &+ 9, as: UInt64.self)
      return (at &+ count, decimals)
    }
    // The digits one place to the right: where the fraction goes.
    start.storeBytes(
      of: UInt8(truncatingIfNeeded: firstByte), toByteOffset: position &+ 1, as: UInt8.self)
    start.storeBytes(of: word1.littleEndian, toByteOffset: position &+ 2, as: UInt64.self)
    start.storeBytes(of: word2.littleEndian, toByteOffset: position &+ 10, as: UInt64.self)
    if scientific < 7 {
      // Up to 7 whole digits: the first eight digits stored over the whole part, the point after
      // it, and the eight bytes after the point, read before, stored back (4 stores and a
      // load, cheaper than putting the point into the word in registers).
      let point = position &+ scientific &+ 1
      let fraction = start.loadUnaligned(fromByteOffset: point &+ 1, as: UInt64.self)
      start.storeBytes(
        of: (firstByte | word1 &<< 8).littleEndian, toByteOffset: position, as: UInt64.self)
      start.storeBytes(of: _Byte.dot, toByteOffset: point, as: UInt8.self)
      start.storeBytes(of: fraction, toByteOffset: point &+ 1, as: UInt64.self)
      return (position &+ count &+ 1, decimals)
    }
    // 8 to 16 whole digits: the whole part moved back over the point.
    for index in position...(position &+ scientific) {
      start.storeBytes(
        of: start.load(fromByteOffset: index &+ 1, as: UInt8.self), toByteOffset: index,
        as: UInt8.self)
    }
    start.storeBytes(of: _Byte.dot, toByteOffset: position &+ scientific &+ 1, as: UInt8.self)
    return (position &+ count &+ 1, decimals)
  }

  /// ``_write(_:to:)``, out of line: ``_writeCommon(_:to:)``'s way out for what one product
  /// cannot decide (about 1 % of its numbers).
  @inline(never)
  public static func _writeOutOfLine(
    _ value: Double, to start: UnsafeMutableRawPointer
  ) -> (length: Int, decimals: Int) {
    _write(value, to: start)
  }

  /// The number of decimals of a finite value's shortest round-trip text (2 for `3.15`, 0 for
  /// `3.0` and `1e+16`, 7 for `1e-07`): the digits ``write(_:to:)`` writes, counted without
  /// writing them. Its first lines repeat ``write(_:to:)``'s: shared through a function, they
  /// cost replay and `classify` more.
  public static func decimalPlaces(of value: Double) -> Int {
    let fraction = value.significandBitPattern
    let biasedExponent = Int(value.exponentBitPattern)
    if biasedExponent == 0 && fraction == 0 { return 0 }
    let decimal =
      biasedExponent == 0
      ? _shortest(significand: fraction, exponent: -1074)
      : _shortest(significand: fraction | 1 << 52, exponent: biasedExponent - 1075)
    var digits = decimal.digits
    var exponent = decimal.exponent
    while digits % 10 == 0 {
      digits /= 10
      exponent &+= 1
    }
    return max(0, -exponent)
  }

  /// The shortest nearest decimal `digits × 10^exponent` of the positive double
  /// `significand × 2^exponent` (see the type's comment); `digits` may end in zeros.
  ///
  /// Most doubles take ``_shortestFromUpperEnd(significand:exponent:)``, one product where the
  /// search below takes three; the doubles it leaves (about 1 % of `classify`'s numbers: a
  /// power of two, a tie or near-tie, an end of the interval too near a whole number to tell,
  /// the subnormals below its table) take the search.
  @inline(__always)
  public static func _shortest(significand c: UInt64, exponent q: Int) -> (
    digits: UInt64, exponent: Int
  ) {
    if let decimal = _shortestFromUpperEnd(significand: c, exponent: q) { return decimal }
    return _shortestBySearch(significand: c, exponent: q)
  }

  /// ``_shortest(significand:exponent:)`` from the interval's upper end alone, or `nil` where
  /// that cannot decide; the digits returned never end in a zero below 10^(k+3) (see below).
  ///
  /// The shape is that of Jeon's Dragonbox ("Dragonbox: A New Floating-Point Binary-to-Decimal
  /// Conversion Algorithm", 2020), worked out here for this table and with every hard case
  /// handed back. With `k = floor(q × log10(2)) - 2`, in units of 10^k the interval's width is
  /// `δ = 2^q / 10^k`, in [100, 1000), and its upper end `z = (2c + 1) × 2^(q-1) / 10^k`;
  /// the double is `z - δ/2`. The interval being symmetric (not below a power of two), it holds
  /// at most one multiple of 1000 and at least one of 100. With `zi = floor(z)`, the multiple
  /// of 1000 at or below `zi`, `zi - r`, is inside when `r + frac(z) ≤ δ`: surely when
  /// `r < floor(δ)`, surely not when `r > floor(δ)` (and then no multiple of 1000 is inside:
  /// the next is above `z`). Without one, the answer is the multiple of 100 nearest the double,
  /// within 50 ≤ δ/2 of it, so inside: `floor((t + 50) / 100)` with `t = zi - floor(floor(δ) / 2)`,
  /// which lies within 1 of `z - δ/2`; that can change the quotient only when `t + 50` is 0 or
  /// 99 past a multiple of 100 (ties included), which are handed back. A multiple of 100
  /// inside is never one of 1000, so those digits end in no zero.
  ///
  /// `z` and `δ` are computed with the same 126-bit upper bound of 10^-k as the search (within
  /// one unit of it), so within 2^-61 of their exact values: where the fraction of either is
  /// within 2^-54 of a whole number (an exact end, as for large doubles), the floors might be
  /// off and the double is handed back.
  @inline(__always)
  public static func _shortestFromUpperEnd(
    significand c: UInt64, exponent q: Int
  ) -> (digits: UInt64, exponent: Int)? {
    // Below a power of two the interval is not symmetric (the least normal's is).
    guard c != 1 << 52 || q == -1074 else { return nil }
    let k = _floorLog10(powerOfTwo: q) &- 2
    guard 0 &- k <= _scaledPowersOfTenRange.upperBound else { return nil }  // least subnormals
    // 10^-k = g × 2^(f - 125); x × 2^q / 10^k = x × g / 2^s, with s from 115 to 120.
    let g = _scaledPowersOfTen[0 &- k &- _scaledPowersOfTenRange.lowerBound]
    let s = 125 &- q &- _floorLog2(powerOfTen: 0 &- k)
    guard s >= 65 && s <= 126 else { return nil }
    let down = UInt64(truncatingIfNeeded: s &- 64)  // 1 to 62
    let up = UInt64(truncatingIfNeeded: 128 &- s)  // 2 to 63
    // δ = g / 2^s: its whole part, and the top 64 bits of its fraction.
    let deltaWhole = g.high &>> down
    let deltaFraction = g.high &<< up | g.low &>> down
    let (zi, zFraction) = _upperEnd(significand: c, g, left: up &- 1, right: down &+ 1)
    // Either fraction within 2^-54 of a whole number: handed back.
    let margin: UInt64 = 1 &<< 10
    guard zFraction &+ margin > 2 &* margin, deltaFraction &+ margin > 2 &* margin else {
      return nil
    }
    let thousands = zi / 1000
    let r = zi &- thousands &* 1000
    if r < deltaWhole {
      return thousands == 0 ? nil : (thousands, k &+ 3)
    }
    guard r > deltaWhole else { return nil }
    let distance = r &- deltaWhole &>> 1 &+ 50
    let hundreds = distance / 100
    let rest = distance &- hundreds &* 100
    guard rest != 0 && rest != 99 else { return nil }
    return (thousands &* 10 &+ hundreds, k &+ 2)
  }

  /// z = (2c + 1) × g / 2^(s+1), the upper end of the interval of the double with significand
  /// `c` over 10^k (`g` the table's 10^-k, `left` = 127 - s, `right` = s - 63): its whole part
  /// and the top 64 bits of its fraction, from the 192-bit product. Shared by
  /// ``_shortestFromUpperEnd(significand:exponent:)`` and ``_writeCommon(_:to:)``.
  @inline(__always)
  public static func _upperEnd(
    significand c: UInt64, _ g: (high: UInt64, low: UInt64), left: UInt64, right: UInt64
  ) -> (whole: UInt64, fraction: UInt64) {
    let x = c &<< 1 | 1
    let high = g.high.multipliedFullWidth(by: x)
    let low = g.low.multipliedFullWidth(by: x)
    let (middle, carry) = high.low.addingReportingOverflow(low.high)
    let top = high.high &+ (carry ? 1 : 0)
    return (top &<< left | middle &>> right, middle &<< left | low.low &>> right)
  }

  /// ``_shortest(significand:exponent:)`` by Schubfach's search (the type's comment).
  ///
  /// Out of line: it runs for about 1 % of the numbers, and inlined, its code made every call
  /// of the printer keep more registers.
  @inline(never)
  public static func _shortestBySearch(
    significand c: UInt64, exponent q: Int
  ) -> (digits: UInt64, exponent: Int) {
    // The interval in quarter units: [cb - 2 or cb - 1, cb + 2] × 2^(q-2), ends included when
    // c is even (`out` is 0), excluded when odd (1).
    let out = c & 1
    let cb = c << 2
    let cbr = cb &+ 2
    let cbl: UInt64
    let k: Int
    if c != 1 << 52 || q == -1074 {
      cbl = cb &- 2
      k = _floorLog10(powerOfTwo: q)
    } else {
      // A power of two (not the least normal, whose neighbour below is as far as above).
      cbl = cb &- 1
      k = _floorLog10(threeQuartersOfPowerOfTwo: q)
    }
    // 10^-k = g × 2^(f - 125), g in [2^125, 2^126); x × 2^q / 10^k = (x << h) × g / 2^127.
    let g = _scaledPowersOfTen[0 &- k &- _scaledPowersOfTenRange.lowerBound]
    let h = q &+ _floorLog2(powerOfTen: 0 &- k) &+ 2
    // Four times the double, and its interval's ends, over 10^k, rounded to odd.
    let vb = _multiplyRoundingToOdd(g, cb &<< h)
    let vbl = _multiplyRoundingToOdd(g, cbl &<< h)
    let vbr = _multiplyRoundingToOdd(g, cbr &<< h)
    let s = vb >> 2
    // The one multiple of 10^(k+1) that may lie inside.
    let tenths = s / 10
    let sp10 = tenths &* 10
    let tp10 = sp10 &+ 10
    let spInside = vbl &+ out <= sp10 << 2
    let tpInside = (tp10 << 2) &+ out <= vbr
    // Returned over 10: a trailing zero the caller would otherwise divide off (this branch
    // takes nearly half the numbers).
    if spInside != tpInside {
      return (spInside ? tenths : tenths &+ 1, k &+ 1)
    }
    // Otherwise floor(v / 10^k) or the next, whichever is inside, or nearer if both are.
    let t = s &+ 1
    let sInside = vbl &+ out <= s << 2
    let tInside = (t << 2) &+ out <= vbr
    if sInside != tInside { return (sInside ? s : t, k) }
    let middle = (s &+ t) << 1  // 4 × (s + 1/2)
    let nearer = vb < middle || (vb == middle && s & 1 == 0) ? s : t
    return (nearer, k)
  }

  /// `x × g / 2^127` rounded to odd: its integer part, with the lowest bit set when it is not
  /// whole. Whether an even integer is below, at or above the exact product survives the
  /// rounding. The product's bits below 2^64 are left out (the paper's bound allows it).
  @inline(__always)
  public static func _multiplyRoundingToOdd(_ g: (high: UInt64, low: UInt64), _ x: UInt64) -> UInt64
  {
    let high = g.high.multipliedFullWidth(by: x)
    let low = g.low.multipliedFullWidth(by: x).high
    let (middle, carry) = high.low.addingReportingOverflow(low)
    let top = high.high &+ (carry ? 1 : 0)
    let fractionMask: UInt64 = 1 << 63 - 1
    return top << 1 | middle >> 63 | ((middle & fractionMask) &+ fractionMask) >> 63
  }

  /// floor(q × log10(2)) for |q| up to 5,456,721 (checked against exact arithmetic over
  /// -1100...1000 when written).
  @inline(__always)
  public static func _floorLog10(powerOfTwo q: Int) -> Int { (q &* 661_971_961_083) >> 41 }

  /// floor(log10(3/4 × 2^q)), for the same range.
  @inline(__always)
  public static func _floorLog10(threeQuartersOfPowerOfTwo q: Int) -> Int {
    (q &* 661_971_961_083 &- 274_743_187_321) >> 41
  }

  /// floor(k × log2(10)), for |k| up to 1,650 or so (checked over -400...400).
  @inline(__always)
  public static func _floorLog2(powerOfTen k: Int) -> Int { (k &* 913_124_641_741) >> 38 }

  /// The number of decimal digits of `value`, from 1 to 20.
  @inline(__always)
  public static func _digitCount(_ value: UInt64) -> Int {
    // floor(log10(value)) is bits × log10(2) or one less (1233 / 4096 ≈ log10(2)).
    let bits = 64 &- (value | 1).leadingZeroBitCount
    let guess = (bits &* 1233) >> 12
    return guess &+ (value >= _powersOfTenInteger[guess] ? 1 : 0)
  }

  /// Writes the `count` digits of `value` (below 10^17) at `start`; up to `max(count, 8)`
  /// bytes are written.
  @inline(__always)
  public static func _writeDigits(_ value: UInt64, count: Int, to start: UnsafeMutableRawPointer) {
    if count <= 8 {
      let text = _eightDigits(UInt32(truncatingIfNeeded: value)) &>> (8 &* (8 &- count))
      start.storeBytes(of: text.littleEndian, as: UInt64.self)
      return
    }
    let high = value / 100_000_000
    let low = UInt32(truncatingIfNeeded: value &- high &* 100_000_000)
    if count <= 16 {
      let text = _eightDigits(UInt32(truncatingIfNeeded: high)) &>> (8 &* (16 &- count))
      start.storeBytes(of: text.littleEndian, as: UInt64.self)
    } else {
      let first = high / 100_000_000
      start.storeBytes(of: _Byte.zero + UInt8(truncatingIfNeeded: first), as: UInt8.self)
      let middle = UInt32(truncatingIfNeeded: high &- first &* 100_000_000)
      start.storeBytes(of: _eightDigits(middle).littleEndian, toByteOffset: 1, as: UInt64.self)
    }
    start.storeBytes(of: _eightDigits(low).littleEndian, toByteOffset: count &- 8, as: UInt64.self)
  }

  /// The eight decimal digits of `value` (below 10^8, with leading zeros) as ASCII, the first
  /// digit in the lowest byte: split into fours, pairs, then digits, in parallel in the lanes of
  /// one 64-bit word (x / 100 is (x × 10486) >> 20 for x below 10^4, x / 10 is (x × 103) >> 10
  /// for x below 100).
  @inline(__always)
  public static func _eightDigits(_ value: UInt32) -> UInt64 {
    let upper = value / 10_000
    let fours = UInt64(upper) | UInt64(value &- upper &* 10_000) << 32
    let hundreds = ((fours &* 10486) >> 20) & 0x0000_007F_0000_007F
    let pairs = hundreds | (fours &- 100 &* hundreds) << 16
    let tens = ((pairs &* 103) >> 10) & 0x000F_000F_000F_000F
    let singles = tens | (pairs &- 10 &* tens) << 8
    return singles &+ 0x3030_3030_3030_3030
  }
}

// The one number writer: whole numbers as integers, `null` for what JSON cannot hold, every
// other value in its shortest digits.
extension ShortestDigits {
  /// Writes the text of `value` (`_OutputBuffer.appendNumber`'s) at `at`, which has room for
  /// ``scratchLength`` bytes, and returns its length and its decimals
  /// (as ``decimalPlaces(of:)`` counts them).
  ///
  /// The common number, a finite non-whole value from 2^-12 to 2^48 in magnitude that is not a
  /// power of two (most of `classify`'s numbers on the benchmark trace), takes
  /// ``_writeCommon(_:to:)``, tested on the bit pattern alone; every other
  /// value takes the general path, out of line (see ``writeNumberInGeneral(_:at:)``).
  public static func writeNumber(
    _ value: Double, at: UnsafeMutableRawPointer
  ) -> (length: Int, decimals: Int) {
    // With the biased exponent from 1011 to 1070 (q = biased - 1075 from -64 to -5), the value
    // is whole when its lowest -q bits of significand (the implicit bit included) are zero: a
    // shift left by 64 + q keeps exactly those.
    let bits = value.bitPattern
    let biased = Int(truncatingIfNeeded: bits &>> 52) & 0x7FF
    if UInt(bitPattern: biased &- 1011) < 60, bits & (1 &<< 52 &- 1) != 0,
      (bits | 1 &<< 52) &<< UInt64(truncatingIfNeeded: biased &- 1011) != 0
    {
      return _writeCommon(value, to: at)
    }
    return writeNumberInGeneral(value, at: at)
  }

  /// ``writeNumber(_:at:)`` for the values its fast path leaves: whole numbers, zeros,
  /// non-finite values, powers of two, and magnitudes below 2^-12 or from 2^48 on.
  ///
  /// Out of line: inlined, its code made every number keep more registers.
  @inline(never)
  static func writeNumberInGeneral(
    _ value: Double, at: UnsafeMutableRawPointer
  ) -> (length: Int, decimals: Int) {
    guard value.isFinite else {
      at.storeBytes(of: UInt32(0x6C6C_756E).littleEndian, as: UInt32.self)  // "null"
      return (4, 0)
    }
    // Whole if converting to an integer and back gives the value again: an exact test within
    // ±2^53, and unlike `rounded(.towardZero)` not a call to `trunc`.
    if value.magnitude <= 0x1p53 {
      let whole = Int(value)
      if Double(whole) == value {
        if whole == 0 && value.sign == .minus {
          at.storeBytes(of: UInt16(0x302D).littleEndian, as: UInt16.self)  // "-0"
          return (2, 0)
        }
        return (writeInteger(whole, at: at), 0)
      }
    }
    return _write(value, to: at)
  }

  /// Writes the decimal text of the integer `value` at `at` and returns its length.
  @inline(__always)
  public static func writeInteger(_ value: Int, at: UnsafeMutableRawPointer) -> Int {
    if UInt(bitPattern: value) < 10 {
      at.storeBytes(of: _Byte.zero &+ UInt8(truncatingIfNeeded: value), as: UInt8.self)
      return 1
    }
    return writeLongInteger(value, at: at)
  }

  /// ``writeInteger(_:at:)`` of a value that is not one digit.
  @inline(never)
  static func writeLongInteger(_ value: Int, at: UnsafeMutableRawPointer) -> Int {
    var length = 0
    if value < 0 {
      at.storeBytes(of: _Byte.minus, as: UInt8.self)
      length = 1
    }
    var magnitude = value.magnitude
    var digits = 1
    var scale: UInt = 1
    while magnitude / scale >= 10 {
      scale *= 10
      digits += 1
    }
    length += digits
    var index = length
    repeat {
      index -= 1
      at.storeBytes(of: _Byte.zero + UInt8(magnitude % 10), toByteOffset: index, as: UInt8.self)
      magnitude /= 10
    } while magnitude > 0
    return length
  }
}
