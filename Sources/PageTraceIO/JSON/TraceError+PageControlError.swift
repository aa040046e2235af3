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
    var decoder = TraceDecoder(file: file)
    _ = try? decoder.decode(bytes, lineNumber: line)
    self.init(error, file: file, line: line, bytes: bytes, offsets: decoder.valueOffsets)
  }

  /// The same, with the value offsets the decoder kept for the line (no second scan).
  init(
    _ error: PageControlError, file: String, line: Int, bytes: UnsafeRawBufferPointer,
    offsets: _ValueOffsets
  ) {
    func _column(ofTopLevelKey key: String, in bytes: UnsafeRawBufferPointer) -> Int? {
      offsets.offset(of: key).map { _characterColumn(bytes, $0) }
    }
    switch error {
    case .timeWentBackwards(let previous, let found):
      self.init(
        file: file, line: line, column: _column(ofTopLevelKey: "t", in: bytes) ?? 1,
        expected:
          "a time of at least \(JSONText.number(previous)) (time must not decrease within a session)",
        found: JSONText.number(found))
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
