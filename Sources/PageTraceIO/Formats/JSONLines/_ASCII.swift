/// The ASCII bytes the JSON scanner and writer look for.
package enum _ASCII {
  package static let tab: UInt8 = 0x09
  package static let newline: UInt8 = 0x0A
  package static let carriageReturn: UInt8 = 0x0D
  package static let space: UInt8 = 0x20
  package static let quote: UInt8 = 0x22
  package static let plus: UInt8 = 0x2B
  package static let comma: UInt8 = 0x2C
  package static let minus: UInt8 = 0x2D
  package static let dot: UInt8 = 0x2E
  package static let slash: UInt8 = 0x2F
  package static let zero: UInt8 = 0x30
  package static let nine: UInt8 = 0x39
  package static let colon: UInt8 = 0x3A
  package static let upperE: UInt8 = 0x45
  package static let leftBracket: UInt8 = 0x5B
  package static let backslash: UInt8 = 0x5C
  package static let rightBracket: UInt8 = 0x5D
  package static let underscore: UInt8 = 0x5F
  package static let lowerE: UInt8 = 0x65
  package static let leftBrace: UInt8 = 0x7B
  package static let rightBrace: UInt8 = 0x7D

  @inline(__always)
  package static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

  @inline(__always)
  package static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == space || byte == tab || byte == newline || byte == carriageReturn
  }

  /// Letters, digits and `+ - . _`: the bytes that continue a number or a bare word.
  @inline(__always)
  package static func isWordByte(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return isDigit(byte) || (lower >= 0x61 && lower <= 0x7A) || byte == plus || byte == minus
      || byte == dot || byte == underscore
  }

  /// The value of a hexadecimal digit, or `nil`.
  package static func hexValue(_ byte: UInt8) -> UInt32? {
    if isDigit(byte) { return UInt32(byte - zero) }
    let lower = byte | 0x20
    if lower >= 0x61 && lower <= 0x66 { return UInt32(lower - 0x61 + 10) }
    return nil
  }
}

/// Whether the bytes spell the given ASCII word exactly.
@inline(__always)
package func _matches(_ bytes: UnsafeRawBufferPointer, _ word: StaticString) -> Bool {
  let count = word.utf8CodeUnitCount
  guard bytes.count == count else { return false }
  let letters = word.utf8Start
  for index in 0..<count where bytes[index] != letters[index] { return false }
  return true
}

/// Whether the bytes spell the given lowercase ASCII word, ignoring the case of letters.
package func _matchesIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ word: StaticString) -> Bool {
  let count = word.utf8CodeUnitCount
  guard bytes.count == count else { return false }
  let letters = word.utf8Start
  for index in 0..<count where bytes[index] | 0x20 != letters[index] { return false }
  return true
}

/// The 1-based column, in characters, of a byte offset in a line: the one column counter of
/// every error message.
///
/// Characters are counted by their first bytes (UTF-8 continuation bytes are `10xxxxxx`), so
/// the bytes before `offset` must be valid UTF-8, as they are once they have been decoded.
package func _characterColumn(_ line: UnsafeRawBufferPointer, _ offset: Int) -> Int {
  var column = 1
  for index in 0..<min(offset, line.count) where line[index] & 0xC0 != 0x80 { column += 1 }
  return column
}
