/// Reads JSON text from bytes, one token at a time, without allocating.
///
/// It is used for one trace line holding one object, and for a whole `--config` file. Strings
/// are validated as UTF-8 (outside strings only ASCII is valid JSON) and all escapes are
/// checked, including `\uXXXX` surrogate pairs; lone surrogates are errors. Values of unknown
/// keys are skipped but still fully validated, with at most ``maximumDepth`` nested objects and
/// arrays (the top-level object counts as one).
///
/// Errors are ``TraceError``s whose column is computed, in characters, only when they happen.
package struct _JSONScanner {
  /// The deepest nesting of objects and arrays accepted, counting the top-level object.
  package static let maximumDepth = 64

  private let base: UnsafeRawPointer?
  /// The number of bytes.
  package let count: Int
  /// The offset of the next byte to read.
  package var position = 0
  /// The name of the input, for errors.
  package let file: String
  /// The line number of the first byte.
  package let firstLine: Int
  /// Whether the bytes are a whole file (errors then say "the end of the file").
  package let isWholeFile: Bool

  package init(_ bytes: UnsafeRawBufferPointer, file: String, line: Int, isWholeFile: Bool = false)
  {
    self.base = bytes.baseAddress
    self.count = bytes.count
    self.file = file
    self.firstLine = line
    self.isWholeFile = isWholeFile
  }

  /// The byte at an offset below ``count``.
  @inline(__always)
  package func byte(at offset: Int) -> UInt8 {
    base.unsafelyUnwrapped.load(fromByteOffset: offset, as: UInt8.self)
  }

  /// The eight bytes at an offset at most ``count`` - 8, as a little-endian integer.
  @inline(__always)
  package func eightBytes(at offset: Int) -> UInt64 {
    UInt64(
      littleEndian: base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// The byte at ``position``, or `nil` at the end.
  @inline(__always)
  package var current: UInt8? { position < count ? byte(at: position) : nil }

  /// The bytes between two offsets.
  @inline(__always)
  package func bytes(from start: Int, to end: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base.map { $0 + start }, count: end - start)
  }

  @inline(__always)
  package mutating func skipWhitespace() {
    while position < count && _ASCII.isWhitespace(byte(at: position)) { position += 1 }
  }

  /// Whether only whitespace is left.
  package mutating func isAtEndAfterWhitespace() -> Bool {
    skipWhitespace()
    return position >= count
  }

  /// Checks that only whitespace follows.
  package mutating func expectEnd() throws(TraceError) {
    if !isAtEndAfterWhitespace() {
      throw error(
        at: position, expected: isWholeFile ? "the end of the file" : "the end of the line")
    }
  }

  // MARK: Objects

  /// Skips whitespace and the `{` that opens an object.
  package mutating func beginObject(expected: @autoclosure () -> String) throws(TraceError) {
    skipWhitespace()
    guard current == _ASCII.leftBrace else { throw error(at: position, expected: expected()) }
    position += 1
  }

  /// Moves to the next member of the object being read, after its `:`.
  ///
  /// - Parameter isFirst: `true` before the first member; the scanner sets it to `false`.
  /// - Returns: The key, or `nil` after the closing `}`.
  package mutating func nextKey(isFirst: inout Bool) throws(TraceError) -> _StringToken? {
    skipWhitespace()
    if isFirst {
      isFirst = false
      if current == _ASCII.rightBrace {
        position += 1
        return nil
      }
    } else {
      switch current {
      case _ASCII.comma:
        position += 1
        skipWhitespace()
      case _ASCII.rightBrace:
        position += 1
        return nil
      default:
        throw error(at: position, expected: "',' or '}'")
      }
    }
    return try memberKey()
  }

  /// Reads `"key" :` and the whitespace after it.
  private mutating func memberKey() throws(TraceError) -> _StringToken {
    guard current == _ASCII.quote else {
      throw error(at: position, expected: "a key in double quotes")
    }
    let key = try scanString()
    skipWhitespace()
    guard current == _ASCII.colon else { throw error(at: position, expected: "':' after the key") }
    position += 1
    skipWhitespace()
    return key
  }

  // MARK: Typed values

  /// Reads a number, or throws with the given expectation if the value is not one.
  package mutating func readNumber(expected: @autoclosure () -> String) throws(TraceError)
    -> _NumberToken
  {
    if let byte = current, byte == _ASCII.minus || _ASCII.isDigit(byte) {
      return try scanNumber()
    }
    throw error(at: position, expected: expected())
  }

  /// Reads `true` or `false`, or throws with the given expectation.
  package mutating func readBool(expected: @autoclosure () -> String) throws(TraceError) -> Bool {
    let stop = wordEnd(from: position)
    let word = bytes(from: position, to: stop)
    if _matches(word, "true") {
      position = stop
      return true
    }
    if _matches(word, "false") {
      position = stop
      return false
    }
    throw error(at: position, expected: expected())
  }

  /// Reads a string, or throws with the given expectation.
  package mutating func readString(expected: @autoclosure () -> String) throws(TraceError)
    -> _StringToken
  {
    guard current == _ASCII.quote else { throw error(at: position, expected: expected()) }
    return try scanString()
  }

  /// Reads a string naming one of a set of words, or throws with the given expectation.
  package mutating func readWord<Word>(
    expected: @autoclosure () -> String, _ parse: (UnsafeRawBufferPointer) -> Word?
  ) throws(TraceError) -> Word {
    let token = try readString(expected: expected())
    if let word = withBytes(of: token, parse) { return word }
    throw error(at: token.offset, expected: expected())
  }

  /// Reads a number whose text is exactly an integer within ±2^53 and at least `minimum`.
  ///
  /// `3`, `3.0` and `0.3e1` are the integer 3; `2.5`, `1e300` and `9007199254740993` are
  /// errors (the last one is beyond 2^53 even though it rounds to 2^53 as a double).
  package mutating func readInteger(
    for key: String, minimum: Int? = nil, maximum: Int? = nil
  ) throws(TraceError) -> Int {
    func wanted() -> String {
      switch (minimum, maximum) {
      case (let minimum?, let maximum?): "an integer from \(minimum) to \(maximum) for \"\(key)\""
      case (let minimum?, nil): "an integer >= \(minimum) for \"\(key)\""
      case (nil, let maximum?): "an integer <= \(maximum) for \"\(key)\""
      case (nil, nil): "an integer for \"\(key)\""
      }
    }
    let number = try readNumber(expected: wanted())
    switch number.integerCheck {
    case .integer(let value):
      if let minimum, value < minimum { throw error(at: number.start, expected: wanted()) }
      if let maximum, value > maximum { throw error(at: number.start, expected: wanted()) }
      return value
    case .fractional:
      throw error(at: number.start, expected: wanted())
    case .outOfRange:
      throw error(
        at: number.start,
        expected: "an integer from -2^53 to 2^53 (9007199254740992) for \"\(key)\"")
    }
  }

  // MARK: Any value

  /// Skips one value of any kind, validating it.
  ///
  /// - Parameter depth: The number of objects and arrays that enclose the value.
  package mutating func skipValue(depth: Int) throws(TraceError) {
    var objects: UInt64 = 0  // bit n is set when the n-th container opened here is an object
    var open = 0
    while true {
      skipWhitespace()
      guard let byte = current else { throw error(at: position, expected: "a value") }
      switch byte {
      case _ASCII.quote:
        _ = try scanString()
      case _ASCII.minus, _ASCII.zero..._ASCII.nine:
        _ = try scanNumber()
      case _ASCII.leftBrace, _ASCII.leftBracket:
        if depth + open + 1 > Self.maximumDepth {
          throw error(
            at: position, expected: "at most \(Self.maximumDepth) nested objects and arrays")
        }
        let isObject = byte == _ASCII.leftBrace
        position += 1
        skipWhitespace()
        if current == (isObject ? _ASCII.rightBrace : _ASCII.rightBracket) {
          position += 1
        } else {
          if isObject { objects |= 1 << UInt64(open) } else { objects &= ~(1 << UInt64(open)) }
          open += 1
          if isObject { _ = try memberKey() }
          continue
        }
      default:
        _ = try scanLiteral()
      }
      // A value is complete: close containers, or go on with the next element or member.
      while open > 0 {
        skipWhitespace()
        let isObject = objects & (1 << UInt64(open - 1)) != 0
        if current == _ASCII.comma {
          position += 1
          if isObject {
            skipWhitespace()
            _ = try memberKey()
          }
          break
        }
        if current == (isObject ? _ASCII.rightBrace : _ASCII.rightBracket) {
          position += 1
          open -= 1
          continue
        }
        throw error(at: position, expected: isObject ? "',' or '}'" : "',' or ']'")
      }
      if open == 0 { return }
    }
  }

  /// Reads `null` if it comes next; otherwise reads nothing and returns `false`.
  package mutating func readNull() -> Bool {
    let stop = wordEnd(from: position)
    guard _matches(bytes(from: position, to: stop), "null") else { return false }
    position = stop
    return true
  }

  /// Reads `true`, `false` or `null` (`nil`).
  package mutating func scanLiteral() throws(TraceError) -> Bool? {
    let stop = wordEnd(from: position)
    let word = bytes(from: position, to: stop)
    let value: Bool?
    if _matches(word, "true") {
      value = true
    } else if _matches(word, "false") {
      value = false
    } else if _matches(word, "null") {
      value = nil
    } else {
      throw error(
        at: position, expected: isNonFiniteWord(word) ? "a finite number" : "a value")
    }
    position = stop
    return value
  }

  /// The end of the run of word bytes (letters, digits, `+-._`) that starts at an offset.
  package func wordEnd(from start: Int) -> Int {
    var stop = start
    while stop < count && _ASCII.isWordByte(byte(at: stop)) { stop += 1 }
    return stop
  }

  /// Whether a bare word names a non-finite number (`NaN`, `Infinity`, `-inf`…).
  package func isNonFiniteWord(_ word: UnsafeRawBufferPointer) -> Bool {
    var letters = word
    if let first = letters.first, first == _ASCII.minus || first == _ASCII.plus {
      letters = UnsafeRawBufferPointer(rebasing: letters.dropFirst())
    }
    return _matchesIgnoringCase(letters, "nan") || _matchesIgnoringCase(letters, "inf")
      || _matchesIgnoringCase(letters, "infinity")
  }
}
