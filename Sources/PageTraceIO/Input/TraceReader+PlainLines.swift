import PageTrace

extension TraceReader {
  /// Whether ``_nextPlainLine(into:)`` may read this input: JSON Lines read line by line,
  /// without an importer, a shard or decoding ahead on other threads.
  @usableFromInline package var _readsPlainLines: Bool {
    format == .jsonLines && !imports && chunks == nil && shard == nil && lines != nil
  }

  /// ``next(into:)`` for an input that ``_readsPlainLines``, inlinable: so that the replay
  /// loop's fast path, compiled in another module for its observer
  /// (``ReplayLoop/runPlainLines(_:_:_:)``), reads each line without a call into the reader's
  /// general step. Returns the item and its line; ``lineNumber`` is left as it was until
  /// ``_takeLineNumber()``.
  @inlinable @inline(__always)
  package mutating func _nextPlainLine(
    into event: inout EngineEvent
  ) throws -> (kind: TraceItemKind?, line: Int) {
    // `lastLine` emptied only when no line comes, as `next(into:)` leaves it: not before each
    // read, which is a store an event.
    let read: LineReader.Line?
    do {
      read = try lines?.next() ?? nil
    } catch {
      lastLine = UnsafeRawBufferPointer(start: nil, count: 0)
      throw error
    }
    guard let line = read else {
      lastLine = UnsafeRawBufferPointer(start: nil, count: 0)
      return (nil, 0)
    }
    lastLine = line.bytes
    return (try decoder.decode(line.bytes, lineNumber: line.number, into: &event), line.number)
  }

  /// The binary reader, taken out for the replay's fast path when it reads this input alone
  /// (no importer, no lines decoded ahead); ``_putBack(_:lineNumber:)`` returns it.
  @usableFromInline
  mutating func _takeBinaryReader() -> BinaryTraceReader? {
    guard format == .binary, !imports, chunks == nil else { return nil }
    return binary.take()
  }

  /// Returns the binary reader taken by ``_takeBinaryReader()``, at record `lineNumber`.
  @usableFromInline
  mutating func _putBack(_ reader: consuming BinaryTraceReader, lineNumber: Int) {
    binary = consume reader
    self.lineNumber = lineNumber
  }

  /// Sets ``lineNumber`` to the line last read, after ``_nextPlainLine(into:)``.
  @usableFromInline
  mutating func _takeLineNumber() {
    lineNumber = fromLines { $0.lineNumber } ?? 0
  }
}
