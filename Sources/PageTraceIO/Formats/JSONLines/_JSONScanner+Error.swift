extension _JSONScanner {
  /// The longest excerpt quoted in an error, in characters, before `…`.
  package static let maximumExcerptLength = 32

  /// A data error at an offset; `found` defaults to an excerpt of the token there.
  package func error(at offset: Int, expected: String, found: String? = nil) -> TraceError {
    let (line, column) = location(of: offset)
    return TraceError(
      file: file, line: line, column: column, expected: expected,
      found: found ?? excerpt(at: offset))
  }

  /// The error of a key given again in one object (the one wording of it):
  /// `expected each key once, found "pages" again`.
  package func repeatedKey(_ token: _StringToken, expected: String = "each key once") -> TraceError
  {
    error(at: token.offset, expected: expected, found: "\(excerpt(at: token.offset)) again")
  }

  /// Marks a known key seen, bit `index` of `seen`, or throws ``repeatedKey(_:expected:)`` if
  /// the object gave it already.
  package func noteKey<Keys: FixedWidthInteger>(
    _ token: _StringToken, index: Int, in seen: inout Keys, expected: String = "each key once"
  ) throws(TraceError) {
    let bit: Keys = 1 << index
    guard seen & bit == 0 else { throw repeatedKey(token, expected: expected) }
    seen |= bit
  }

  /// The 1-based line and column (in Unicode scalars) of an offset.
  ///
  /// Every byte before an error offset has been validated, so counting the bytes that do not
  /// continue a UTF-8 sequence counts the characters.
  package func location(of offset: Int) -> (line: Int, column: Int) {
    let stop = min(offset, count)
    var line = firstLine
    var lineStart = 0
    for index in 0..<stop where byte(at: index) == _ASCII.newline {
      line += 1
      lineStart = index + 1
    }
    let column = _characterColumn(bytes(from: lineStart, to: stop), stop - lineStart)
    return (line, column)
  }

  /// A short description of the token at an offset: a string with its quotes, a number or
  /// word, an object or array, or a single quoted character.
  package func excerpt(at offset: Int) -> String {
    guard offset < count else { return isWholeFile ? "the end of the file" : "the end of the line" }
    let byte = byte(at: offset)
    switch byte {
    case _ASCII.quote:
      var index = offset + 1
      while index < count {
        let next = self.byte(at: index)
        if next == _ASCII.quote { return excerpt(from: offset, to: index + 1) }
        index += next == _ASCII.backslash ? 2 : 1
      }
      return excerpt(from: offset, to: count)
    case _ASCII.leftBrace, _ASCII.leftBracket:
      var copy = self
      copy.position = offset
      if (try? copy.skipValue(depth: 0)) != nil { return excerpt(from: offset, to: copy.position) }
      return "'\(Character(Unicode.Scalar(byte)))'"
    case _ where _ASCII.isWordByte(byte):
      return excerpt(from: offset, to: wordEnd(from: offset))
    case ..<0x20, 0x7F:
      return "the control character \(_scalarName(UInt32(byte)))"
    case 0x80...:
      guard let length = multibyteLength(at: offset) else {
        return invalidByteDescription(at: offset)
      }
      return "'\(excerpt(from: offset, to: offset + length))'"
    default:
      return "'\(Character(Unicode.Scalar(byte)))'"
    }
  }

  /// The text between two offsets, with control characters spelled out, truncated with `…`.
  package func excerpt(from start: Int, to end: Int) -> String {
    let text = String(decoding: bytes(from: start, to: min(end, count)), as: UTF8.self)
    var result = ""
    var length = 0
    for scalar in text.unicodeScalars {
      if length == Self.maximumExcerptLength {
        result += "…"
        break
      }
      if scalar.value < 0x20 || scalar.value == 0x7F {
        result += _scalarName(scalar.value)
      } else {
        result.unicodeScalars.append(scalar)
      }
      length += 1
    }
    return result
  }
}

/// `U+XXXX` for a code point.
func _scalarName(_ value: UInt32) -> String {
  let hex = String(value, radix: 16, uppercase: true)
  return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
