import PageTrace

extension TraceError {
  /// The data error for an event the engine rejected, pointing at the offending value.
  ///
  /// Time going backwards points at the value of `"t"`; anything else at column 1.
  ///
  /// ```swift
  /// do { try engine.handle(event) { writer.write($0) } } catch {
  ///   throw TraceError(error, file: reader.name, line: line.number, bytes: line.bytes)
  /// }
  /// ```
  public init(
    _ error: PageControlError, file: String, line: Int, bytes: UnsafeRawBufferPointer
  ) {
    switch error {
    case .timeWentBackwards(let previous, let found):
      self.init(
        file: file, line: line, column: _column(ofTopLevelKey: "t", in: bytes) ?? 1,
        expected: "a time of at least \(previous) (time must not decrease within a session)",
        found: "\(found)")
    case .nonFiniteValue(let field):
      self.init(
        file: file, line: line, column: _column(ofTopLevelKey: field, in: bytes) ?? 1,
        expected: "a finite number for \"\(field)\"", found: "a non-finite value")
    case .tooManySessions(let limit):
      self.init(
        file: file, line: line, column: _column(ofTopLevelKey: "session", in: bytes) ?? 1,
        expected: "at most \(limit) sessions (raise the limit with --max-sessions)",
        found: "session number \(limit + 1)")
    case .valueOutOfRange("t"):
      self.init(
        file: file, line: line, column: _column(ofTopLevelKey: "t", in: bytes) ?? 1,
        expected:
          "a time within \(PageControl.maximumTimerAdvancesPerEvent) advances of the wrapping timer",
        found: "a gap that would fire it more often")
    case .valueOutOfRange(let field):
      self.init(
        file: file, line: line, column: 1,
        expected: "\"\(field)\" within the documented limits", found: "a value outside them")
    case .missingField(let field):
      self.init(
        file: file, line: line, column: 1, expected: "the field \"\(field)\"", found: "none")
    case .invalidConfiguration(let key):
      self.init(
        file: file, line: line, column: 1, expected: "a valid configuration value for \"\(key)\"",
        found: "one out of range")
    }
  }
}

/// The 1-based column, in characters, of the value of a top-level key of a JSON object line
/// that is already known to be valid; `nil` if the key is not found spelled plainly.
func _column(ofTopLevelKey key: String, in bytes: UnsafeRawBufferPointer) -> Int? {
  let wanted = Array(key.utf8)
  var depth = 0
  var index = 0
  var expectingKey = false
  while index < bytes.count {
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      depth += 1
      expectingKey = byte == UInt8(ascii: "{") && depth == 1
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      depth -= 1
    case UInt8(ascii: ","):
      expectingKey = depth == 1
    case UInt8(ascii: "\""):
      let start = index + 1
      index = start
      while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      if expectingKey && depth == 1 && index - start == wanted.count
        && zip(bytes[start..<index], wanted).allSatisfy({ $0 == $1 })
      {
        var value = index + 1
        while value < bytes.count
          && [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ":")].contains(bytes[value])
        {
          value += 1
        }
        // Characters are counted by their first bytes (UTF-8 continuation bytes are 10xxxxxx).
        return bytes[..<value].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
      }
      expectingKey = false
    default:
      break
    }
    index += 1
  }
  return nil
}
