import _PageTraceNumbers

/// A JSON number: the double nearest its decimal text, and its digits for exact integer checks.
package struct _NumberToken {
  /// The double nearest the text (correctly rounded), always finite.
  package var value: Double
  /// The offset of the first byte of the text.
  package var start: Int
  /// When ``isExact``: the significant digits, without leading or trailing zeros.
  package var significand: UInt64
  /// When ``isExact``: the text is `±significand × 10^exponent`.
  package var exponent: Int
  /// Whether ``significand`` holds every significant digit (at most 19).
  package var isExact: Bool

  /// The largest magnitude accepted for integers: 2^53, beyond which doubles skip integers.
  package static let integerLimit: Int64 = 1 << 53

  /// How the text compares with an integer in `-2^53...2^53`.
  package enum IntegerCheck {
    /// The text is exactly this integer (`3`, `3.0`, `3e0`, `30e-1`).
    case integer(Int)
    /// The text has a fractional part.
    case fractional
    /// The text is an integer, or rounds to one, beyond ±2^53.
    case outOfRange
  }

  /// Whether the text denotes an integer in `-2^53...2^53` exactly.
  package var integerCheck: IntegerCheck {
    if isExact {
      if significand == 0 { return .integer(0) }
      // The significand has no trailing zeros, so a negative exponent leaves a fraction.
      if exponent < 0 { return .fractional }
      guard exponent <= 18 else { return .outOfRange }
      let (magnitude, overflow) = significand.multipliedReportingOverflow(
        by: NumberTables.shared.powersOfTenInteger[exponent])
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
  /// eight bytes at a time (``DecimalText/commonNumber(at:)``); anything else digit by digit
  /// (``anyNumber()``).
  ///
  /// The value is the double nearest the decimal text, ties to even. With at most 2^53 as
  /// significand and a power of ten up to 22 (both exact in a double), one IEEE multiplication
  /// or division is correctly rounded (Clinger's fast path); other significands of up to 19
  /// digits take the Eisel-Lemire algorithm (``DecimalToDouble/eiselLemire(_:_:)``), and so do longer ones,
  /// through their first 19 digits, when both neighbours round alike. The rare rest goes to
  /// `strtod`, which converts a NUL-terminated copy made on the stack. Numbers that overflow to
  /// infinity are errors; those that underflow become zero, the nearest double. `strtod` is
  /// used in the C locale, the default of programs that never call `setlocale`.
  package mutating func scanNumber() throws(TraceError) -> _NumberToken {
    let start = position
    let negative = byte(at: start) == _ASCII.minus
    let common = DecimalText(bytes(from: 0, to: count), tables: .shared).commonNumber(
      at: negative ? start + 1 : start)
    guard common.end >= 0 else { return try anyNumber() }
    position = common.end
    return _NumberToken(
      value: negative ? -common.value : common.value, start: start,
      significand: common.significand, exponent: common.exponent, isExact: true)
  }

  /// Reads a number of any shape, leaving ``position`` after it: ``scanNumber()`` for the
  /// shapes ``DecimalText/commonNumber(at:)`` leaves, and for errors.
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
      if let below = DecimalToDouble.eiselLemire(decimal.significand, decimal.exponent),
        let above = DecimalToDouble.eiselLemire(decimal.significand + 1, decimal.exponent),
        below.bitPattern == above.bitPattern
      {
        value = below
      } else {
        value = strtod(from: first, to: position)
      }
    } else if significand == 0 {
      value = 0
    } else if let fast = DecimalToDouble.clingerFastPath(significand, exponent) {
      value = fast
    } else if let nearest = DecimalToDouble.eiselLemire(significand, exponent) {
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
      let (length, value) = DecimalDigits.leading(eightBytes(at: position), tables: .shared)
      guard length > 0 && digits.count + length <= 19 else { break }
      digits.significand =
        digits.significand &* NumberTables.shared.powersOfTenInteger[length] &+ value
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
