#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// correctly rounded (Clinger's fast path); otherwise `strtod` converts a NUL-terminated
  /// copy made on the stack. Numbers that overflow to infinity are errors; those that underflow
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
    var significand: UInt64 = 0
    var significantDigits = 0
    var pendingZeros = 0
    var isExact = true
    var exponent = 0
    @inline(__always)
    func append(_ digit: UInt8) {
      if digit == 0 {
        if significand != 0 { pendingZeros += 1 }
      } else if isExact {
        if significantDigits + pendingZeros < 19 {
          for _ in 0..<pendingZeros { significand &*= 10 }
          significand = significand &* 10 &+ UInt64(digit)
          significantDigits += pendingZeros + 1
          pendingZeros = 0
        } else {
          isExact = false
        }
      }
    }
    if byte(at: position) == _ASCII.zero {
      position += 1
      if position < count && _ASCII.isDigit(byte(at: position)) {
        throw error(at: start, expected: "a number without leading zeros")
      }
    } else {
      while position < count, case let byte = byte(at: position), _ASCII.isDigit(byte) {
        append(byte - _ASCII.zero)
        position += 1
      }
    }
    if position < count && byte(at: position) == _ASCII.dot {
      position += 1
      guard position < count && _ASCII.isDigit(byte(at: position)) else {
        throw error(at: start, expected: "a digit after the decimal point")
      }
      while position < count, case let byte = byte(at: position), _ASCII.isDigit(byte) {
        append(byte - _ASCII.zero)
        exponent -= 1
        position += 1
      }
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
    exponent += pendingZeros
    var value: Double
    if significand == 0 && isExact {
      value = 0
    } else if isExact, let fast = Self.clingerFastPath(significand, exponent) {
      value = fast
    } else {
      value = strtod(from: negative ? start + 1 : start, to: position)
    }
    if negative { value.negate() }
    guard value.isFinite else { throw error(at: start, expected: "a finite number") }
    return _NumberToken(
      value: value, start: start, significand: significand, exponent: exponent, isExact: isExact)
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

  /// `strtod` of the bytes between two offsets, via a NUL-terminated copy on the stack.
  private func strtod(from start: Int, to end: Int) -> Double {
    let length = end - start
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer in
      let text = buffer.baseAddress!
      UnsafeMutableRawPointer(text).copyMemory(
        from: bytes(from: start, to: end).baseAddress!, byteCount: length)
      text[length] = 0
      #if canImport(Glibc)
        return Glibc.strtod(text, nil)
      #else
        return Darwin.strtod(text, nil)
      #endif
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
