/// Where a JSON string lies in the scanned bytes.
package struct _StringToken {
  /// The offset of the first byte after the opening quote.
  package var start: Int
  /// The offset of the closing quote.
  package var end: Int
  /// Whether the string holds a backslash escape (its bytes then need decoding).
  package var hasEscapes: Bool

  /// The offset of the opening quote, where errors about the string point.
  package var offset: Int { start - 1 }
}

extension _JSONScanner {
  /// Reads a string at ``position`` (its opening quote), validating UTF-8 and escapes.
  package mutating func scanString() throws(TraceError) -> _StringToken {
    let opening = position
    position += 1
    var hasEscapes = false
    while position < count {
      let byte = byte(at: position)
      if byte == _ASCII.quote {
        position += 1
        return _StringToken(start: opening + 1, end: position - 1, hasEscapes: hasEscapes)
      } else if byte == _ASCII.backslash {
        hasEscapes = true
        try scanEscape()
      } else if byte < 0x20 {
        throw error(at: position, expected: "a string without raw control characters")
      } else if byte < 0x80 {
        position += 1
      } else {
        try scanMultibyteScalar()
      }
    }
    throw error(at: opening, expected: "a string closed by '\"'")
  }

  /// Reads one escape sequence at ``position`` (its backslash).
  private mutating func scanEscape() throws(TraceError) {
    let backslash = position
    guard position + 1 < count else {
      throw error(at: backslash, expected: "an escape sequence", found: "'\\'")
    }
    switch byte(at: position + 1) {
    // " \ / b f n r t
    case _ASCII.quote, _ASCII.backslash, _ASCII.slash, 0x62, 0x66, 0x6E, 0x72, 0x74:
      position += 2
    case 0x75:  // u
      let unit = try hexQuad(at: backslash)
      position += 6
      if unit >= 0xDC00 && unit <= 0xDFFF {
        throw error(
          at: backslash, expected: "a high surrogate before a low one",
          found: excerpt(from: backslash, to: backslash + 6))
      }
      if unit >= 0xD800 && unit <= 0xDBFF {
        let low =
          position + 1 < count && byte(at: position) == _ASCII.backslash
            && byte(at: position + 1) == 0x75 ? try hexQuad(at: position) : nil
        guard let low, low >= 0xDC00 && low <= 0xDFFF else {
          throw error(
            at: backslash, expected: "a low surrogate \\uDC00-\\uDFFF after a high one",
            found: excerpt(from: backslash, to: min(count, backslash + 12)))
        }
        position += 6
      }
    default:
      throw error(
        at: backslash,
        expected: "an escape sequence (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)",
        found: excerpt(from: backslash, to: backslash + 2))
    }
  }

  /// The code unit of the `\uXXXX` escape at an offset.
  private func hexQuad(at backslash: Int) throws(TraceError) -> UInt32 {
    var unit: UInt32 = 0
    for offset in backslash + 2..<backslash + 6 {
      guard offset < count, let digit = _ASCII.hexValue(byte(at: offset)) else {
        throw error(
          at: backslash, expected: "four hexadecimal digits after \\u",
          found: excerpt(from: backslash, to: min(count, backslash + 6)))
      }
      unit = unit << 4 | digit
    }
    return unit
  }

  /// Checks the multi-byte UTF-8 sequence at ``position`` and moves past it (Unicode Table 3-7).
  private mutating func scanMultibyteScalar() throws(TraceError) {
    if let length = multibyteLength(at: position) {
      position += length
    } else {
      throw error(
        at: position, expected: "valid UTF-8", found: invalidByteDescription(at: position))
    }
  }

  /// The length of the well-formed multi-byte UTF-8 sequence at an offset, or `nil`.
  package func multibyteLength(at offset: Int) -> Int? {
    guard let (length, low, high) = Self.multibyteShape(of: byte(at: offset)),
      offset + length <= count
    else { return nil }
    let second = byte(at: offset + 1)
    guard second >= low && second <= high else { return nil }
    for index in offset + 2..<offset + length where byte(at: index) & 0xC0 != 0x80 { return nil }
    return length
  }

  /// For a byte that starts a multi-byte sequence: the sequence's length and the range of its
  /// second byte (Unicode Table 3-7); `nil` for any other byte.
  private static func multibyteShape(of lead: UInt8) -> (length: Int, low: UInt8, high: UInt8)? {
    switch lead {
    case 0xC2...0xDF: (2, 0x80, 0xBF)
    case 0xE0: (3, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
    case 0xED: (3, 0x80, 0x9F)
    case 0xF0: (4, 0x90, 0xBF)
    case 0xF1...0xF3: (4, 0x80, 0xBF)
    case 0xF4: (4, 0x80, 0x8F)
    default: nil
    }
  }

  /// `the byte 0xXX (why)`, naming the first byte of the ill-formed UTF-8 sequence at an
  /// offset (where the error's column points), not the byte after it that gave it away: for
  /// `caf\xE9"` it is 0xE9, a lead byte whose continuation bytes are missing.
  package func invalidByteDescription(at offset: Int) -> String {
    let lead = byte(at: offset)
    let reason: String
    switch lead {
    case 0x80...0xBF: reason = "a continuation byte without a lead byte"
    case 0xC0, 0xC1: reason = "an overlong encoding"
    case 0xF5...0xFF: reason = "never in UTF-8"
    default:
      guard let (length, low, high) = Self.multibyteShape(of: lead) else {
        reason = "not UTF-8"
        break
      }
      var index = offset + 1
      while index < min(offset + length, count) && byte(at: index) & 0xC0 == 0x80 { index += 1 }
      let second = offset + 1 < count ? byte(at: offset + 1) : 0
      if offset + 1 < count && second & 0xC0 == 0x80 && second < low {
        reason = "an overlong encoding"
      } else if offset + 1 < count && second & 0xC0 == 0x80 && second > high {
        reason = lead == 0xED ? "an encoded surrogate" : "a code point above U+10FFFF"
      } else if index == count {
        reason = "a sequence cut short by the end of the \(isWholeFile ? "file" : "line")"
      } else {
        let bytes = length == 2 ? "byte" : "bytes"
        reason = "the start of a \(length)-byte sequence without its continuation \(bytes)"
      }
    }
    let digits: [Character] = Array("0123456789ABCDEF")
    return "the byte 0x\(digits[Int(lead >> 4)])\(digits[Int(lead & 15)]) (\(reason))"
  }

  // MARK: Decoding

  /// Calls `body` with the decoded UTF-8 bytes of a string (in place when it has no escapes).
  package func withBytes<Result>(
    of token: _StringToken, _ body: (UnsafeRawBufferPointer) -> Result
  ) -> Result {
    if !token.hasEscapes { return body(bytes(from: token.start, to: token.end)) }
    return withUnsafeTemporaryAllocation(
      byteCount: token.end - token.start, alignment: 1
    ) { buffer in
      let length = decode(token, into: buffer.baseAddress!)
      return body(UnsafeRawBufferPointer(start: buffer.baseAddress!, count: length))
    }
  }

  /// Writes the decoded bytes of a validated string; they never outnumber its raw bytes.
  private func decode(_ token: _StringToken, into output: UnsafeMutableRawPointer) -> Int {
    var written = 0
    var index = token.start
    func put(_ byte: UInt8) {
      output.storeBytes(of: byte, toByteOffset: written, as: UInt8.self)
      written += 1
    }
    func quad(at offset: Int) -> UInt32 {
      var unit: UInt32 = 0
      for index in offset + 2..<offset + 6 { unit = unit << 4 | _ASCII.hexValue(byte(at: index))! }
      return unit
    }
    while index < token.end {
      let byte = byte(at: index)
      guard byte == _ASCII.backslash else {
        put(byte)
        index += 1
        continue
      }
      let escaped = self.byte(at: index + 1)
      index += 2
      switch escaped {
      case 0x62: put(0x08)
      case 0x66: put(0x0C)
      case 0x6E: put(0x0A)
      case 0x72: put(0x0D)
      case 0x74: put(0x09)
      case 0x75:
        var scalar = quad(at: index - 2)
        index += 4
        if scalar >= 0xD800 && scalar <= 0xDBFF {
          scalar = 0x10000 + (scalar - 0xD800) << 10 + (quad(at: index) - 0xDC00)
          index += 6
        }
        for unit in UTF8.encode(Unicode.Scalar(scalar)!)! { put(unit) }
      default: put(escaped)  // " \ /
      }
    }
    return written
  }
}
