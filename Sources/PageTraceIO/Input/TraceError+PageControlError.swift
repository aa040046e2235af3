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
    case .tooManyFingersDown(let limit):
      self.init(
        file: file, line: line,
        column: _valueOffset(ofKey: "id", in: bytes).map { _characterColumn(bytes, $0) } ?? 1,
        expected: "at most \(limit) fingers down at once, all sessions together (lift one first)",
        found: "a down of finger number \(limit + 1)")
    case .valueOutOfRange("t"):
      self.init(
        file: file, line: line, column: _column(ofTopLevelKey: "t", in: bytes) ?? 1,
        expected:
          "a time within \(PageControl.maximumTimerAdvancesPerEvent) advances of the wrapping timer",
        found: "a gap that would fire it more often")
    case .valueOutOfRange("pages"):
      // `set.pages` above the limit: the range, and the value where the line has it, as the
      // header's check says them (docs/behaviour/programmatic-changes.md, "Programmatic changes").
      let value = _valueOffset(ofKey: "pages", in: bytes)
      self.init(
        file: file, line: line, column: value.map { _characterColumn(bytes, $0) } ?? 1,
        expected:
          "an integer from 0 to \(PageControlConfiguration.maximumPages) for \"set.pages\"",
        found: value.map { _numberText(at: $0, in: bytes) } ?? "a larger value")
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

/// Where the value of the first `"key":` of a line starts (a key, not a string that happens
/// to read the same: the quote before it is not escaped and a colon follows).
func _valueOffset(ofKey key: StaticString, in bytes: UnsafeRawBufferPointer) -> Int? {
  let pattern = UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
  var index = 0
  while index + pattern.count + 2 <= bytes.count {
    defer { index += 1 }
    guard bytes[index] == _ASCII.quote, index == 0 || bytes[index - 1] != _ASCII.backslash,
      bytes[index + pattern.count + 1] == _ASCII.quote,
      bytes[(index + 1)..<(index + 1 + pattern.count)].elementsEqual(pattern)
    else { continue }
    var position = index + pattern.count + 2
    while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 {
      position += 1
    }
    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { continue }
    position += 1
    while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 {
      position += 1
    }
    return position
  }
  return nil
}

/// The number written at an offset, as written.
func _numberText(at offset: Int, in bytes: UnsafeRawBufferPointer) -> String {
  var end = offset
  while end < bytes.count,
    case let byte = bytes[end],
    (byte >= _ASCII.zero && byte <= _ASCII.nine) || byte == _ASCII.minus || byte == 0x2B
      || byte == 0x2E || byte == 0x65 || byte == 0x45
  {
    end += 1
  }
  return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
}
