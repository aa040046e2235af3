/// The ASCII bytes the JSON scanner and writer look for.
enum _ASCII {
  static let tab: UInt8 = 0x09
  static let newline: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let quote: UInt8 = 0x22
  static let plus: UInt8 = 0x2B
  static let comma: UInt8 = 0x2C
  static let minus: UInt8 = 0x2D
  static let dot: UInt8 = 0x2E
  static let slash: UInt8 = 0x2F
  static let zero: UInt8 = 0x30
  static let nine: UInt8 = 0x39
  static let colon: UInt8 = 0x3A
  static let upperE: UInt8 = 0x45
  static let leftBracket: UInt8 = 0x5B
  static let backslash: UInt8 = 0x5C
  static let rightBracket: UInt8 = 0x5D
  static let underscore: UInt8 = 0x5F
  static let lowerE: UInt8 = 0x65
  static let leftBrace: UInt8 = 0x7B
  static let rightBrace: UInt8 = 0x7D

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

  @inline(__always)
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == space || byte == tab || byte == newline || byte == carriageReturn
  }

  /// Letters, digits and `+ - . _`: the bytes that continue a number or a bare word.
  @inline(__always)
  static func isWordByte(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return isDigit(byte) || (lower >= 0x61 && lower <= 0x7A) || byte == plus || byte == minus
      || byte == dot || byte == underscore
  }

  /// The value of a hexadecimal digit, or `nil`.
  static func hexValue(_ byte: UInt8) -> UInt32? {
    if isDigit(byte) { return UInt32(byte - zero) }
    let lower = byte | 0x20
    if lower >= 0x61 && lower <= 0x66 { return UInt32(lower - 0x61 + 10) }
    return nil
  }
}

/// Whether the bytes spell the given ASCII word exactly.
@inline(__always)
func _matches(_ bytes: UnsafeRawBufferPointer, _ word: StaticString) -> Bool {
  let count = word.utf8CodeUnitCount
  guard bytes.count == count else { return false }
  let letters = word.utf8Start
  for index in 0..<count where bytes[index] != letters[index] { return false }
  return true
}

/// Whether the bytes spell the given lowercase ASCII word, ignoring the case of letters.
func _matchesIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ word: StaticString) -> Bool {
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
func _characterColumn(_ line: UnsafeRawBufferPointer, _ offset: Int) -> Int {
  var column = 1
  for index in 0..<min(offset, line.count) where line[index] & 0xC0 != 0x80 { column += 1 }
  return column
}
