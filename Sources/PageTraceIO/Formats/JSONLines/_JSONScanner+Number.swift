/// A JSON number: the double nearest its decimal text, and its digits for exact integer checks.
struct _NumberToken {
  /// The double nearest the text (correctly rounded), always finite.
  var value: Double
  /// The offset of the first byte of the text.
  var start: Int
  /// When ``isExact``: the significant digits, without leading or trailing zeros.
  var significand: UInt64
  /// When ``isExact``: the text is `±significand × 10^exponent`.
  var exponent: Int
  /// Whether ``significand`` holds every significant digit (at most 19).
  var isExact: Bool

  /// The largest magnitude accepted for integers: 2^53, beyond which doubles skip integers.
  static let integerLimit: Int64 = 1 << 53

  /// How the text compares with an integer in `-2^53...2^53`.
  enum IntegerCheck {
    /// The text is exactly this integer (`3`, `3.0`, `3e0`, `30e-1`).
    case integer(Int)
    /// The text has a fractional part.
    case fractional
    /// The text is an integer, or rounds to one, beyond ±2^53.
    case outOfRange
  }

  /// Whether the text denotes an integer in `-2^53...2^53` exactly.
  var integerCheck: IntegerCheck {
    if isExact {
      if significand == 0 { return .integer(0) }
      // The significand has no trailing zeros, so a negative exponent leaves a fraction.
      if exponent < 0 { return .fractional }
      guard exponent <= 18 else { return .outOfRange }
      let (magnitude, overflow) = significand.multipliedReportingOverflow(
        by: _powersOfTenInteger[exponent])
      guard !overflow && magnitude <= UInt64(Self.integerLimit) else { return .outOfRange }
      return .integer(value < 0 ? -Int(magnitude) : Int(magnitude))
    }
    // More than 19 significant digits: never an integer within the limit.
    return value.magnitude > Double(Self.integerLimit) ? .outOfRange : .fractional
  }
}

extension _JSONScanner {
  /// Reads a number at ``position`` (a `-` or a digit) per the JSON grammar.
  ///
  /// The common shape, `-?\d{1,7}(\.\d{1,22})?` with at most 19 significant digits, is read
  /// eight bytes at a time (``_NumberText/commonNumber(at:)``); anything else digit by digit
  /// (``anyNumber()``).
  ///
  /// The value is the double nearest the decimal text, ties to even. With at most 2^53 as
  /// significand and a power of ten up to 22 (both exact in a double), one IEEE multiplication
  /// or division is correctly rounded (Clinger's fast path); other significands of up to 19
  /// digits take the Eisel-Lemire algorithm (``eiselLemire(_:_:)``), and so do longer ones,
  /// through their first 19 digits, when both neighbours round alike. The rare rest goes to
  /// `strtod`, which converts a NUL-terminated copy made on the stack. Numbers that overflow to
  /// infinity are errors; those that underflow become zero, the nearest double. `strtod` is
  /// used in the C locale, the default of programs that never call `setlocale`.
  mutating func scanNumber() throws(TraceError) -> _NumberToken {
    let start = position
    let negative = byte(at: start) == _ASCII.minus
    let common = _NumberText(bytes(from: 0, to: count)).commonNumber(
      at: negative ? start + 1 : start)
    guard common.end >= 0 else { return try anyNumber() }
    position = common.end
    return _NumberToken(
      value: negative ? -common.value : common.value, start: start,
      significand: common.significand, exponent: common.exponent, isExact: true)
  }

  /// Reads a number of any shape, leaving ``position`` after it: ``scanNumber()`` for the
  /// shapes ``_NumberText/commonNumber(at:)`` leaves, and for errors.
  @inline(never)
  private mutating func anyNumber() throws(TraceError) -> _NumberToken {
    let start = position
    let negative = byte(at: position) == _ASCII.minus
    let first = negative ? start + 1 : start
    let decimal = try scanDecimal(from: start)
    // Trailing zeros move into the exponent: the significand keeps only significant digits.
    var significand = decimal.significand
    var exponent = decimal.exponent
    while significand != 0 && significand % 10 == 0 {
      significand /= 10
      exponent += 1
    }
    var value: Double
    if !decimal.isExact {
      // The text lies strictly between the two neighbours: if they round alike, so does it.
      if let below = Self.eiselLemire(decimal.significand, decimal.exponent),
        let above = Self.eiselLemire(decimal.significand + 1, decimal.exponent),
        below.bitPattern == above.bitPattern
      {
        value = below
      } else {
        value = strtod(from: first, to: position)
      }
    } else if significand == 0 {
      value = 0
    } else if let fast = Self.clingerFastPath(significand, exponent) {
      value = fast
    } else if let nearest = Self.eiselLemire(significand, exponent) {
      value = nearest
    } else {
      value = strtod(from: first, to: position)
    }
    if negative { value.negate() }
    guard value.isFinite else { throw error(at: start, expected: "a finite number") }
    return _NumberToken(
      value: value, start: start, significand: significand, exponent: exponent,
      isExact: decimal.isExact)
  }

  /// Reads the text of a number of any shape per the JSON grammar, from its first byte (`-` or
  /// a digit), digit by digit, leaving ``position`` after it.
  ///
  /// The first 19 digits from the first non-zero one make the significand; later digits
  /// are dropped (each one multiplies the significand's weight by 10) and, if any of them
  /// is not zero, the text has more than 19 significant digits.
  private mutating func scanDecimal(from start: Int) throws(TraceError) -> _Decimal {
    position = start
    if byte(at: position) == _ASCII.minus { position += 1 }
    guard position < count, _ASCII.isDigit(byte(at: position)) else {
      let word = bytes(from: start, to: max(wordEnd(from: position), start + 1))
      throw error(at: start, expected: isNonFiniteWord(word) ? "a finite number" : "a number")
    }
    var digits = _Digits()
    var exponent = 0
    if byte(at: position) == _ASCII.zero {
      position += 1
      if position < count && _ASCII.isDigit(byte(at: position)) {
        throw error(at: start, expected: "a number without leading zeros")
      }
    } else {
      scanDigits(into: &digits)
    }
    if position < count && byte(at: position) == _ASCII.dot {
      position += 1
      guard position < count && _ASCII.isDigit(byte(at: position)) else {
        throw error(at: start, expected: "a digit after the decimal point")
      }
      exponent -= scanDigits(into: &digits)
    }
    if position < count, case let byte = byte(at: position),
      byte == _ASCII.lowerE || byte == _ASCII.upperE
    {
      position += 1
      var negativeExponent = false
      if position < count, case let sign = self.byte(at: position),
        sign == _ASCII.plus || sign == _ASCII.minus
      {
        negativeExponent = sign == _ASCII.minus
        position += 1
      }
      guard position < count && _ASCII.isDigit(self.byte(at: position)) else {
        throw error(at: start, expected: "a digit in the exponent")
      }
      var explicit = 0
      while position < count, case let digit = self.byte(at: position), _ASCII.isDigit(digit) {
        // Saturates far beyond any double yet far below Int overflow.
        if explicit < 1 << 40 { explicit = explicit * 10 + Int(digit - _ASCII.zero) }
        position += 1
      }
      exponent += negativeExponent ? -explicit : explicit
    }
    if position < count && _ASCII.isWordByte(byte(at: position)) {
      throw error(at: start, expected: "a number")
    }
    return _Decimal(
      significand: digits.significand, exponent: exponent + digits.dropped,
      isExact: !digits.droppedNonZero)
  }

  /// Reads a run of digits into `digits`; returns how many there were.
  ///
  /// Leading zeros go one by one, then up to eight digits at a time while they fit in 19
  /// digits, then the rest (near the end of the line, or past 19 digits) one by one.
  @discardableResult
  private mutating func scanDigits(into digits: inout _Digits) -> Int {
    let first = position
    while digits.significand == 0, position < count,
      case let digit = byte(at: position) &- _ASCII.zero, digit < 10
    {
      digits.append(digit)
      position += 1
    }
    while position + 8 <= count {
      let (length, value) = Self.leadingDigits(of: eightBytes(at: position))
      guard length > 0 && digits.count + length <= 19 else { break }
      digits.significand = digits.significand &* _powersOfTenInteger[length] &+ value
      digits.count += length
      position += length
      if length < 8 { return position - first }  // the run ended
    }
    while position < count, case let digit = byte(at: position) &- _ASCII.zero, digit < 10 {
      digits.append(digit)
      position += 1
    }
    return position - first
  }

  /// How many of eight bytes (a little-endian integer, the first byte lowest) are digits
  /// before the first one that is not, and the value of those digits.
  @inline(__always)
  static func leadingDigits(of chunk: UInt64) -> (length: Int, value: UInt64) {
    let (length, value) = appendingDigits(of: chunk, to: 0)
    return (length, value)
  }

  /// ``leadingDigits(of:)`` appended to the digits of a significand: how many digits, and the
  /// significand times 10^length plus their value (wrapping around past 19 digits).
  ///
  /// SWAR: the eight bytes are checked at once, and the digits combined in three
  /// multiplications (pairs, fours, eight), without branches.
  @inline(__always)
  static func appendingDigits(
    of chunk: UInt64, to significand: UInt64
  ) -> (length: Int, significand: UInt64) {
    // A byte outside "0"..."9" sets its top bit in one of the two terms; carries and borrows
    // move only toward later bytes, so the first such byte is found exactly.
    let digits = chunk &- 0x3030_3030_3030_3030
    let outside = (chunk &+ 0x4646_4646_4646_4646) | digits
    let length = (outside & 0x8080_8080_8080_8080).trailingZeroBitCount &>> 3
    // The bytes after the digits, borrows included, are shifted out, and zeros come in below:
    // leading zeros, the same value as eight digits. Two shifts of at most 32 bits each shift
    // out all eight bytes when there are no digits.
    let shift = 32 &- 4 &* length
    var value = (digits &<< shift) &<< shift
    // Each byte pair: 10 × first + second, in the pair's low byte (the high byte is dropped).
    value = (value &* (1 + 10 << 8)) &>> 8
    // Each pair of pairs, in 16 bits, and then of those, in 32 bits.
    value = ((value & 0x00FF_00FF_00FF_00FF) &* (1 + 100 << 16)) &>> 16
    value = ((value & 0x0000_FFFF_0000_FFFF) &* (1 + 10_000 << 32)) &>> 32
    return (length, significand &* _powersOfTenInteger[length] &+ value)
  }

  /// The value of eight bytes (a little-endian integer, the first byte lowest) that are all
  /// digits, or `nil` if one is not: ``appendingDigits(of:to:)`` without the shifts that
  /// fewer digits need.
  @inline(__always)
  static func eightDigits(_ chunk: UInt64) -> UInt64? {
    let digits = chunk &- 0x3030_3030_3030_3030
    guard ((chunk &+ 0x4646_4646_4646_4646) | digits) & 0x8080_8080_8080_8080 == 0 else {
      return nil
    }
    var value = (digits &* (1 + 10 << 8)) &>> 8
    value = ((value & 0x00FF_00FF_00FF_00FF) &* (1 + 100 << 16)) &>> 16
    return ((value & 0x0000_FFFF_0000_FFFF) &* (1 + 10_000 << 32)) &>> 32
  }

  /// `significand × 10^exponent` with one correctly rounded operation, when that is exact.
  @inline(__always)
  static func clingerFastPath(_ significand: UInt64, _ exponent: Int) -> Double? {
    guard significand <= 1 << 53 else { return nil }
    switch exponent {
    case 0:
      return Double(significand)
    case 1...22:
      return Double(significand) * _powersOfTen[exponent]
    case -22 ... -1:
      return Double(significand) / _powersOfTen[-exponent]
    case 23...(22 + 15):
      // Move surplus powers of ten into the significand while it stays exact.
      let (scaled, overflow) = significand.multipliedReportingOverflow(
        by: _powersOfTenInteger[exponent - 22])
      guard !overflow && scaled <= 1 << 53 else { return nil }
      return Double(scaled) * 1e22
    default:
      return nil
    }
  }

  /// `significand × 10^exponent`, for a significand that is not zero, correctly rounded (to
  /// nearest, ties to even; infinity beyond the greatest double), or `nil` in the cases the
  /// product cannot decide.
  ///
  /// The Eisel-Lemire algorithm (Lemire, "Number Parsing at a Gigabyte per Second", 2021):
  /// see ``eiselLemireProduct(_:_:)``. Its top 64 bits are `2^62 ... 2^64 - 1`: their leading
  /// 54 bits are the mantissa's 53 and the rounding bit, and the power of two follows from
  /// the exponent, the shift of the significand and the leading bit.
  ///
  /// Those 54 bits are exact. For 5^0 ... 5^55 the table entry is exact, and so is the
  /// product. For 5^-27 ... 5^-1 the entry is the reciprocal rounded up, less than one unit
  /// too large: the product is less than 2^64 (one unit of `low`) too large, but the exact
  /// one, an integer over 5^-exponent, is either a multiple of 2^137 (one unit of the 54 bits)
  /// or more than 2^137 / 5^27 > 2^74 below the next one. Elsewhere the entry is
  /// truncated and the product may fall short by less than one unit of `low`, which reaches
  /// `high` only when `low` is all ones: then `nil`.
  ///
  /// Exact halfway cases exist only for 10^-4 ... 10^23 (a significand below 2^64 has at most
  /// 27 factors of five, and a double's odd mantissa below 2^54 at most 23); there the bits
  /// below the rounding bit are then zero, but for the lowest one from a rounded-up reciprocal.
  /// Elsewhere a set rounding bit means more than half. Subnormal values are too small for
  /// halfway cases.
  @inline(__always)
  static func eiselLemire(_ significand: UInt64, _ exponent: Int) -> Double? {
    guard exponent >= _powersOfFiveRange.lowerBound else { return 0 }
    guard exponent <= _powersOfFiveRange.upperBound else { return .infinity }
    let (high, low, zeros) = eiselLemireProduct(significand, exponent)
    // Where 5^exponent is truncated, `low` all ones may be short of a carry into `high`.
    // (Mushtak and Lemire, "Fast number parsing without fallback", 2023, prove that the 54 bits
    // are right even then for every 64-bit significand, but this is one comparison.)
    if low == .max && (exponent < -27 || exponent > 55) { return nil }
    let upperBit = Int(high &>> 63)
    var mantissa = high &>> (upperBit &+ 9)  // 54 bits: 53 and the rounding bit
    let biasedExponent = _floorLog2OfPowerOfTen(exponent) &+ 63 &+ upperBit &- zeros &+ 1023
    if biasedExponent <= 0 {
      // Subnormal: fewer bits. Rounding up to 2^52 makes the least normal double.
      mantissa >>= 1 - biasedExponent
      return Double(bitPattern: (mantissa &+ 1) &>> 1)
    }
    if low <= 1 && exponent >= -4 && exponent <= 23 && mantissa & 3 == 1
      && mantissa &<< (upperBit &+ 9) == high
    {
      mantissa &= ~1  // exactly halfway, and the even neighbour is below
    }
    let bits = _doubleBits(biasedExponent: biasedExponent, roundingMantissa: mantissa)
    return bits < 0x7FF0_0000_0000_0000 ? Double(bitPattern: bits) : .infinity
  }

  /// ``eiselLemire(_:_:)`` for a value that is known to be a normal double with an exponent
  /// from -27 to 55 and no halfway case: the common shape's significands above 2^53, whose
  /// exponents are -22 ... -5 (its values are below 10^7).
  @inline(__always)
  static func eiselLemireNormal(_ significand: UInt64, _ exponent: Int) -> Double {
    let (high, _, zeros) = eiselLemireProduct(significand, exponent)
    let upperBit = Int(high &>> 63)
    let mantissa = high &>> (upperBit &+ 9)
    let biasedExponent = _floorLog2OfPowerOfTen(exponent) &+ 63 &+ upperBit &- zeros &+ 1023
    return Double(
      bitPattern: _doubleBits(biasedExponent: biasedExponent, roundingMantissa: mantissa))
  }

  /// The top 128 bits of the 192-bit product of a significand that is not zero, shifted left
  /// by `zeros` to set its top bit, and the 128-bit 5^exponent of ``_powersOfFive`` (which
  /// must hold it), as far as needed.
  ///
  /// The top 64 bits are those of the product by the entry's high half, but for a carry from
  /// the product by its low half, which is below one unit of them: it changes their leading
  /// 55 bits only when the 9 below are all ones; only then is it added.
  @inline(__always)
  static func eiselLemireProduct(
    _ significand: UInt64, _ exponent: Int
  ) -> (high: UInt64, low: UInt64, zeros: Int) {
    let zeros = significand.leadingZeroBitCount
    let normalized = significand &<< zeros
    let power = _powersOfFive[exponent &- _powersOfFiveRange.lowerBound]
    var (high, low) = normalized.multipliedFullWidth(by: power.high)
    if high & 0x1FF == 0x1FF {
      let (sum, carry) = low.addingReportingOverflow(
        normalized.multipliedFullWidth(by: power.low).high)
      low = sum
      if carry { high &+= 1 }
    }
    return (high, low, zeros)
  }

  /// `strtod` of the bytes between two offsets, via a NUL-terminated copy on the stack.
  @inline(never)
  private func strtod(from start: Int, to end: Int) -> Double {
    let length = end - start
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer in
      let text = buffer.baseAddress!
      UnsafeMutableRawPointer(text).copyMemory(
        from: bytes(from: start, to: end).baseAddress!, byteCount: length)
      text[length] = 0
      return _System.parseDouble(text, end: nil)
    }
  }
}

/// `floor(q × log2(10))`, exact for every `q` in ``_powersOfFiveRange`` (and well beyond):
/// 217706 / 2^16 is log2(10) to within 2^-17.
@inline(__always)
func _floorLog2OfPowerOfTen(_ q: Int) -> Int {
  (q &* 217_706) &>> 16
}

/// The bits of the positive double with a biased exponent of at least 1 and a 54-bit mantissa
/// (`2^53 ... 2^54 - 1`, 53 bits and a rounding bit) rounded half up to 53 bits; a carry into
/// a 54th bit carries into the exponent (at 0x7FF, infinity).
@inline(__always)
func _doubleBits(biasedExponent: Int, roundingMantissa mantissa: UInt64) -> UInt64 {
  // The rounded mantissa's leading bit, 2^52, adds the 1 taken from the exponent.
  UInt64(truncatingIfNeeded: biasedExponent &- 1) &<< 52 &+ (mantissa &+ 1) &>> 1
}

/// The bytes a number is read from, for the branch-light reading of its common shape.
struct _NumberText {
  /// The first byte.
  let base: UnsafeRawPointer
  /// The number of bytes.
  let count: Int

  /// The bytes of a scanner, which are not empty when a number is read.
  @inline(__always)
  init(_ bytes: UnsafeRawBufferPointer) {
    base = bytes.baseAddress.unsafelyUnwrapped
    count = bytes.count
  }

  /// The byte at an offset below ``count``.
  @inline(__always)
  func byte(at offset: Int) -> UInt8 {
    base.load(fromByteOffset: offset, as: UInt8.self)
  }

  /// The eight bytes at an offset at most ``count``, as a little-endian integer (the first
  /// byte lowest); bytes past the end read as 0, which is not a digit.
  ///
  /// - Precondition: ``count`` >= 8.
  @inline(__always)
  func eightBytes(at offset: Int) -> UInt64 {
    if offset &+ 8 <= count {
      return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    // The last eight bytes, moved down: the bytes past the end come in as zeros.
    let last = base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    let shift = 4 &* (offset &+ 8 &- count)  // at most 32, twice
    return (UInt64(littleEndian: last) &>> shift) &>> shift
  }

  /// ``eightBytes(at:)``, or, if the eight bytes are known to be within ``count``, a plain
  /// load.
  @inline(__always)
  func eightBytes(at offset: Int, isWithin: Bool) -> UInt64 {
    isWithin
      ? UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      : eightBytes(at: offset)
  }

  /// Reads the digits of a number of the common shape at an offset (after any `-`): one to
  /// seven digits (the first `0` only if alone), optionally `.` and up to 22 more digits, at
  /// most 19 significant digits in all, then a byte that cannot continue a number (or the
  /// end). Returns ``_NumberToken``'s fields (the value without the sign) and the offset after
  /// the text, or an end of -1 for any other text, valid or not, which
  /// ``_JSONScanner/scanNumber()`` then reads digit by digit.
  @inline(never)
  func commonNumber(at first: Int) -> _CommonNumber {
    guard count >= 8 else { return _CommonNumber(value: 0, significand: 0, exponent: 0, end: -1) }
    var (significand, exponent, end) = commonDecimal(at: first)
    guard end >= 0 else { return _CommonNumber(value: 0, significand: 0, exponent: 0, end: -1) }
    let value = Self.commonValue(significand, exponent)
    // Trailing zeros move into the exponent: the significand keeps only significant digits.
    if byte(at: end &- 1) == _ASCII.zero {
      while significand != 0 && significand % 10 == 0 {
        significand /= 10
        exponent &+= 1
      }
    }
    return _CommonNumber(value: value, significand: significand, exponent: exponent, end: end)
  }

  /// The value of a number of the common shape at an offset (a `-` or a digit), and the offset
  /// after its text; an end of -1 if the text is not of the common shape
  /// (``commonNumber(at:)``). The line decoder's form: only the value, so nothing is
  /// returned through memory and no trailing zeros are counted.
  ///
  /// - Parameters:
  ///   - isWithin: Whether the 32 bytes after any `-` are known to be within ``count``: the
  ///     blocks of eight bytes are then read without checking.
  ///   - isFollowed: Whether the caller checks that `,` or `}` follows the text (at the
  ///     end returned): the byte after the digits is then not checked here.
  /// - Precondition: ``count`` >= 8.
  ///
  /// `@_transparent`: with `@inline(__always)` the compiler kept this out of line, a call and
  /// a frame for every number.
  @_transparent
  func commonValue(
    at start: Int, isWithin: Bool = false, isFollowed: Bool = false
  ) -> (value: Double, end: Int) {
    let negative = byte(at: start) == _ASCII.minus
    let (significand, exponent, end) = commonDecimal(
      at: negative ? start &+ 1 : start, isWithin: isWithin, isFollowed: isFollowed)
    let value = Self.commonValue(significand, exponent)
    return (negative ? -value : value, end)
  }

  /// The digits of a number of the common shape at an offset (after any `-`), as
  /// ``commonNumber(at:)`` describes it: `significand × 10^exponent` (trailing zeros
  /// included) and the offset after the text, or an end of -1.
  ///
  /// No loop per digit: the integer part is one block of eight bytes, the fraction one to
  /// three (see ``_JSONScanner/appendingDigits(of:to:)``).
  ///
  /// With `isWithin` and `isFollowed` (``commonValue(at:isWithin:isFollowed:)``), constants
  /// where it is inlined, it checks less.
  ///
  /// - Precondition: ``count`` >= 8.
  ///
  /// `@_transparent`: with `@inline(__always)` the compiler kept this out of line, where its
  /// flags are not constants (about 60 instructions more a line).
  @_transparent
  func commonDecimal(
    at first: Int, isWithin: Bool = false, isFollowed: Bool = false
  ) -> (significand: UInt64, exponent: Int, end: Int) {
    let none = (significand: UInt64(0), exponent: 0, end: -1)
    var chunk = eightBytes(at: first, isWithin: isWithin)
    var (length, significand) = _JSONScanner.appendingDigits(of: chunk, to: 0)
    guard UInt(bitPattern: length &- 1) < 7, chunk & 0xFF != UInt64(_ASCII.zero) || length == 1
    else { return none }
    var end = first &+ length
    var next = UInt8(truncatingIfNeeded: chunk &>> (8 &* length))
    var exponent = 0
    if next == _ASCII.dot {
      // Below 10^7 × 10^8, the significand takes eight more digits, and then as many as keep
      // it below 10^19: no more than 19 significant digits, and no wrapping around.
      let fractionStart = end &+ 1
      chunk = eightBytes(at: fractionStart, isWithin: isWithin)
      // Fractions of full-precision numbers start with eight digits: taken without finding
      // where the digits end (about 8 instructions less a number).
      if let eight = _JSONScanner.eightDigits(chunk) {
        (length, significand) = (8, significand &* 100_000_000 &+ eight)
      } else {
        (length, significand) = _JSONScanner.appendingDigits(of: chunk, to: significand)
      }
      end = fractionStart &+ length
      if length == 8 {
        chunk = eightBytes(at: end, isWithin: isWithin)
        var before = significand
        (length, significand) = _JSONScanner.appendingDigits(of: chunk, to: significand)
        guard before < _powersOfTenInteger[19 &- length] else { return none }
        end &+= length
        if length == 8 {
          chunk = eightBytes(at: end, isWithin: isWithin)
          before = significand
          (length, significand) = _JSONScanner.appendingDigits(of: chunk, to: significand)
          // At most 22 digits after the point: 10^-22 is the least power of ten in a double.
          guard length < 7 && before < _powersOfTenInteger[19 &- length] else { return none }
          end &+= length
        }
      } else {
        guard length > 0 else { return none }  // no digit after the point
      }
      exponent = fractionStart &- end
      next = UInt8(truncatingIfNeeded: chunk &>> (8 &* length))
    }
    guard
      isFollowed || next == _ASCII.comma || next == _ASCII.rightBrace
        || !_ASCII.isWordByte(next)
    else {
      return none
    }
    return (significand, exponent, end)
  }

  /// The double nearest `significand × 10^exponent` for the digits of a number of the common
  /// shape (``commonDecimal(at:)``).
  ///
  /// Such a number is below 10^7 and the power of ten of its significand is -22 ... 0, so it
  /// takes the Clinger fast path up to 2^53, and above, with a power of ten of -22 ... -5, is
  /// a normal double that cannot be halfway between two
  /// (``_JSONScanner/eiselLemireNormal(_:_:)``).
  @inline(__always)
  static func commonValue(_ significand: UInt64, _ exponent: Int) -> Double {
    if significand <= 1 << 53 {
      var value = Double(significand)  // exact, and so is the power of ten: one rounding
      if exponent != 0 { value /= _powersOfTen[0 &- exponent] }
      return value
    }
    return _JSONScanner.eiselLemireNormal(significand, exponent)
  }
}

/// What ``_NumberText/commonNumber(at:)`` reads: the fields of a ``_NumberToken`` (which is
/// exact), and the offset after the text, or -1 if the text is not of the common shape.
struct _CommonNumber {
  /// ``_NumberToken/value``.
  var value: Double
  /// ``_NumberToken/significand``.
  var significand: UInt64
  /// ``_NumberToken/exponent``.
  var exponent: Int
  /// The offset after the number, or -1.
  var end: Int
}

/// A number's decimal text as read: `significand × 10^exponent`.
struct _Decimal {
  /// The first 19 digits from the first non-zero one (all of them when ``isExact``).
  var significand: UInt64
  /// The power of ten of the significand's last digit.
  var exponent: Int
  /// Whether ``significand`` holds every significant digit; if not, the text lies strictly
  /// between `significand × 10^exponent` and `(significand + 1) × 10^exponent`.
  var isExact: Bool
}

/// The digits of a number as ``_JSONScanner/scanNumber()`` accumulates them.
struct _Digits {
  /// The first 19 digits from the first non-zero one.
  var significand: UInt64 = 0
  /// How many digits `significand` holds, not counting leading zeros.
  var count = 0
  /// How many digits came after those 19.
  var dropped = 0
  /// Whether one of the dropped digits is not zero (more than 19 significant digits).
  var droppedNonZero = false

  @inline(__always)
  mutating func append(_ digit: UInt8) {
    if count < 19 {
      significand = significand &* 10 &+ UInt64(digit)
      if significand != 0 { count += 1 }
    } else {
      dropped += 1
      if digit != 0 { droppedNonZero = true }
    }
  }
}

/// 10^0 ... 10^22, each exact in a double.
let _powersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
  1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// 10^0 ... 10^19 as integers.
let _powersOfTenInteger: [UInt64] = [
  1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
  10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
  1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
  1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]
