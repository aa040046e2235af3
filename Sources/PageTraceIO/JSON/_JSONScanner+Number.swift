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
  /// The value is the double nearest the decimal text. With at most 2^53 as significand and a
  /// power of ten up to 22 (both exact in a double), one IEEE multiplication or division is
  /// correctly rounded (Clinger's fast path); other significands of up to 19 digits take the
  /// Eisel-Lemire method (``eiselLemire(_:_:)``); more digits, and results below the normal
  /// range, go to `strtod` on a NUL-terminated copy made on the stack. Numbers that overflow to infinity are errors; those that underflow
  /// become zero, the nearest double. `strtod` is used in the C locale, the default of programs
  /// that never call `setlocale`.
  mutating func scanNumber() throws(TraceError) -> _NumberToken {
    let start = position
    let negative = byte(at: position) == _ASCII.minus
    if negative { position += 1 }
    guard position < count, _ASCII.isDigit(byte(at: position)) else {
      let word = bytes(from: start, to: max(wordEnd(from: position), start + 1))
      throw error(at: start, expected: isNonFiniteWord(word) ? "a finite number" : "a number")
    }
    // The first 19 digits from the first non-zero one make the significand; later digits
    // are dropped (each one multiplies the significand's weight by 10) and, if any of them
    // is not zero, the text has more than 19 significant digits.
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
    var significand = digits.significand
    exponent += digits.dropped
    let isExact = !digits.droppedNonZero
    // Trailing zeros move into the exponent: the significand keeps only significant digits.
    while significand != 0 && significand % 10 == 0 {
      significand /= 10
      exponent += 1
    }
    var value: Double
    if significand == 0 && isExact {
      value = 0
    } else if isExact, let exact = Self.exactValue(significand, exponent) {
      value = exact
    } else {
      value = strtod(from: negative ? start + 1 : start, to: position)
    }
    if negative { value.negate() }
    guard value.isFinite else { throw error(at: start, expected: "a finite number") }
    return _NumberToken(
      value: value, start: start, significand: significand, exponent: exponent, isExact: isExact)
  }

  /// Reads a number of the common shape at ``position`` — `-?(0|[1-9][0-9]*)(\.[0-9]+)?`
  /// with at most 19 digits in all — and returns its value; otherwise returns `nil` having
  /// moved nothing, for ``scanNumber()``.
  ///
  /// The digits are taken eight at a time (``digitRun(at:)``), and the value is the one
  /// ``scanNumber()`` gives: both convert `digits × 10^-decimals` exactly
  /// (``exactValue(_:_:)``), and a decimal's trailing zeros do not change its value.
  @inline(__always)
  mutating func scanCommonNumber() -> Double? {
    var offset = position
    let negative = byte(at: offset) == _ASCII.minus
    if negative { offset += 1 }
    let (length, integer) = digitRun(at: offset)
    // No digit, a leading zero, or eight or more digits before the point: the general way.
    guard length > 0 && length < 8 && (length == 1 || byte(at: offset) != _ASCII.zero) else {
      return nil
    }
    offset += length
    var significand = integer
    var digits = length
    var decimals = 0
    if offset < count && byte(at: offset) == _ASCII.dot {
      offset += 1
      while true {
        let (run, value) = digitRun(at: offset)
        guard digits + run <= 19, run > 0 || decimals > 0 else { return nil }
        significand = significand &* _powersOfTenInteger[run] &+ value
        digits += run
        decimals += run
        offset += run
        if run < 8 { break }
      }
    }
    // An exponent, or a letter or other word byte glued on: the general way.
    guard offset == count || !_ASCII.isWordByte(byte(at: offset)) else { return nil }
    var value: Double
    if significand == 0 {
      value = 0
    } else {
      guard let exact = Self.exactValue(significand, -decimals) else { return nil }
      value = exact
    }
    if negative { value.negate() }
    position = offset
    return value
  }

  /// How many of the (at most eight) bytes at an offset are digits before the first one that
  /// is not, and their value: eight at once where eight bytes are left, else one by one.
  @inline(__always)
  private func digitRun(at offset: Int) -> (length: Int, value: UInt64) {
    if offset + 8 <= count { return leadingDigits(at: offset) }
    var length = 0
    var value: UInt64 = 0
    while offset + length < count, case let digit = byte(at: offset + length) &- _ASCII.zero,
      digit < 10
    {
      value = value &* 10 &+ UInt64(digit)
      length += 1
    }
    return (length, value)
  }

  /// Reads a run of digits into `digits`; returns how many there were.
  ///
  /// Leading zeros go one by one, then up to eight digits at a time while they fit in 19
  /// digits, then the rest (near the end of the line, or past 19 digits) one by one.
  @inline(__always)
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
      let (length, value) = leadingDigits(at: position)
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

  /// How many of the eight bytes at an offset (at most ``count`` - 8) are digits before the
  /// first one that is not, and the value of those digits.
  ///
  /// SWAR: the bytes are loaded as one little-endian integer (the first byte lowest), checked
  /// all at once, and the digits are combined in three multiplications (pairs, quads, eight).
  @inline(__always)
  private func leadingDigits(at offset: Int) -> (length: Int, value: UInt64) {
    let chunk = eightBytes(at: offset)
    // A byte outside "0"..."9" sets its top bit in one of the two terms; carries and borrows
    // move only toward later bytes, so the first such byte is found exactly.
    let outside = ((chunk &+ 0x4646_4646_4646_4646) | (chunk &- 0x3030_3030_3030_3030))
    let length = (outside & 0x8080_8080_8080_8080).trailingZeroBitCount / 8
    // The digits moved to the end, after "0"s: the same value as eight digits.
    var value = chunk << (8 * (8 - length)) | 0x3030_3030_3030_3030 >> (8 * length)
    value = value &- 0x3030_3030_3030_3030
    value = value &* 10 &+ value >> 8  // each byte pair: 10 × first + second
    let pairs = value & 0x0000_00FF_0000_00FF
    let nextPairs = value >> 16 & 0x0000_00FF_0000_00FF
    value = (pairs &* (100 + 1_000_000 << 32) &+ nextPairs &* (1 + 10_000 << 32)) >> 32
    return (length, value & 0xFFFF_FFFF)
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

  /// `significand × 10^exponent` correctly rounded (to nearest, ties to even), for any
  /// significand and the exponents of normal doubles; `nil` for the rest (zero, subnormal
  /// results, overflow), which need the C library.
  @inline(__always)
  static func exactValue(_ significand: UInt64, _ exponent: Int) -> Double? {
    if let fast = clingerFastPath(significand, exponent) { return fast }
    return eiselLemire(significand, exponent)
  }

  /// `significand × 10^exponent` correctly rounded by the Eisel-Lemire method: the significand,
  /// shifted to fill 64 bits, times the 128 leading bits of `5^exponent` (``_powersOfFive``)
  /// gives the 54 leading bits of the exact product and enough below them to round, except
  /// where those bits cannot tell; Mushtak and Lemire proved ("Fast number parsing without
  /// fallback", 2023) that with a 128-bit table that never happens for doubles, and the
  /// differential tests against the standard library agree. The power of two is
  /// `floor(exponent × log2 10)`, computed as `(217706 × exponent) >> 16`, exact over the
  /// table's range.
  ///
  /// `nil` for a zero significand, an exponent outside the table, or a result that is not a
  /// normal double.
  static func eiselLemire(_ significand: UInt64, _ exponent: Int) -> Double? {
    guard significand != 0, exponent >= _powersOfFiveSmallestExponent,
      exponent <= _powersOfFiveLargestExponent
    else { return nil }
    let zeros = significand.leadingZeroBitCount
    let normalized = significand << zeros
    let index = 2 * (exponent - _powersOfFiveSmallestExponent)
    var (high, low) = normalized.multipliedFullWidth(by: _powersOfFive[index])
    // Only when the bits below the 55 that matter are all ones can the truncated table
    // entry's low half change them: then add the product with that half.
    if high & 0x1FF == 0x1FF {
      let carry = normalized.multipliedFullWidth(by: _powersOfFive[index + 1]).high
      let (sum, overflow) = low.addingReportingOverflow(carry)
      low = sum
      if overflow { high &+= 1 }
    }
    let upper = Int(high >> 63)
    let shift = upper + 9
    var mantissa = high >> shift  // 54 or 55 bits: the 53 of the double and a rounding bit
    var biasedExponent = ((217_706 * exponent) >> 16) + 63 + upper - zeros + 1023
    guard biasedExponent > 0 else { return nil }  // subnormal
    // An exact tie (possible only for small exponents) rounds to even, not up.
    if low <= 1 && exponent >= -4 && exponent <= 23 && mantissa & 3 == 1
      && mantissa << shift == high
    {
      mantissa &= ~1
    }
    mantissa += mantissa & 1
    mantissa >>= 1
    if mantissa >= 1 << 53 {  // rounding carried into a new bit
      mantissa = 1 << 52
      biasedExponent += 1
    }
    guard biasedExponent < 0x7FF else { return nil }
    return Double(bitPattern: UInt64(biasedExponent) << 52 | mantissa & ((1 << 52) - 1))
  }

  /// `strtod` of the bytes between two offsets, via a NUL-terminated copy on the stack.
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
