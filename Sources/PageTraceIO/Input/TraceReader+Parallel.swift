import PageTrace

/// One JSON Lines trace decoded on several threads, handed out in input order exactly as a
/// serial read would (docs/behaviour/replay.md, "Parallel replay of one file").
///
/// Workers decode chunks of lines each on its own (``_ChunkPipeline``); what depends on the
/// lines before is done here, on the reader's thread, in input order:
/// - the lines up to the first that is not blank (it may be the header) are decoded again by
///   the trace's own decoder, as are bad lines (their error, and whatever they did to the
///   name tables, are then the serial decoder's own) and lines naming a string touch id that
///   their event does not carry;
/// - session names and string touch ids are numbered for the whole trace, by the trace's own
///   decoder's tables, each at its line, so that numbers are given, freed and given again as
///   in a serial read;
/// - the value offsets of an engine error are found by decoding its line again.
extension TraceReader {
  /// Decodes the lines on `threads` workers from now on, in chunks of about `chunkSize`
  /// bytes; does nothing (the reader stays serial) unless the input is a JSON Lines trace in
  /// a regular file (gzip-compressed or not) read without an importer or a shard, or if the
  /// system will not start the threads. Returns whether it is parallel.
  @discardableResult
  package mutating func _decodeInParallel(
    threads: Int, chunkSize: Int = _ChunkPipeline.defaultChunkSize
  ) -> Bool {
    guard threads > 1, format == .jsonLines, !imports, shard == nil, chunks == nil,
      fromLines({ $0._readsRegularFile }) == true,
      let pipeline = _ChunkPipeline.start(
        &lines, workers: threads, chunkSize: chunkSize)
    else { return false }
    chunks = _ChunkedLines(pipeline)
    return true
  }

  /// Whether the workers of a parallel reader read ranges of the file each on its own (a
  /// regular file, not compressed) rather than chunks a splitter cut.
  package var _readsFileRanges: Bool { chunks?.readsFileRanges ?? false }

  /// ``next(into:)`` of a parallel reader.
  mutating func nextFromChunks(into event: inout EngineEvent) throws -> TraceItemKind? {
    lastLine = UnsafeRawBufferPointer(start: nil, count: 0)
    while chunk.index == chunk.count {
      guard let next = chunks.unsafelyUnwrapped.advance() else {
        lineNumber = chunks.unsafelyUnwrapped.endLineNumber
        chunk = _ChunkCursor()
        return nil
      }
      chunk = next
    }
    let index = chunk.index
    chunk.index += 1
    let item = chunk.items.unsafelyUnwrapped[index]
    let span = chunk.spans.unsafelyUnwrapped[index]
    if item.kind == .failure {
      let failure = chunks.unsafelyUnwrapped.failure(span.start)
      lineNumber = chunk.numberBase &+ failure.number
      throw failure.error
    }
    lineNumber = chunk.firstNumber &+ index
    let line = UnsafeRawBufferPointer(
      start: chunk.bytes.unsafelyUnwrapped + span.start, count: span.count)
    lastLine = line
    switch item.kind {
    case .event where decoder.hasSeenContent:
      event = item.event
      let session = Int(event.session.rawValue)
      if session != 0 {
        if session < chunk.sessionCount,
          case let number = chunk.sessions.unsafelyUnwrapped[session],
          number != 0
        {
          event.session = SessionID(number)
        } else {
          event.session = chunks.unsafelyUnwrapped.session(
            event.session, numberedIn: &decoder.sessionNames, &chunk)
        }
      }
      decoder.touchTracker.beginLine(&decoder.touchNames)
      if case .touch(let phase, .name(let local), let x, let y) = event.action {
        let number = chunks.unsafelyUnwrapped.touch(local, numberedIn: &decoder.touchNames)
        event.action = .touch(phase, id: .name(number), x: x, y: y)
        decoder.touchTracker.endLine(event, &decoder.touchNames)
      }
      return .event
    case .blank:
      decoder.touchTracker.beginLine(&decoder.touchNames)
      return .blank
    default:
      return try decoder.decode(line, lineNumber: lineNumber, into: &event)
    }
  }

  /// The value offsets of the last line's event, for an engine error: found again by
  /// decoding the line, as the trace's decoder (which may not have decoded it) would.
  var _offsetsDecodingAgain: _ValueOffsets {
    var decoder = TraceDecoder(file: name)
    decoder.hasSeenContent = true
    var event = EngineEvent(time: 0, .focus(false))
    _ = try? decoder._decodeUntracked(lastLine, lineNumber: lineNumber, into: &event)
    return decoder.valueOffsets
  }
}

/// Where the reader is in the chunk it reads: plain values in the reader itself, so that a
/// line costs no reference counting or exclusivity check.
struct _ChunkCursor: BitwiseCopyable {
  var items: UnsafeMutablePointer<_LineChunk.Item>?
  var spans: UnsafeMutablePointer<_LineChunk.Span>?
  var bytes: UnsafeMutableRawPointer?
  var count = 0
  var index = 0
  /// By the chunk's session number: the trace's, 0 if not looked up yet (``_ChunkedLines``
  /// owns the memory).
  var sessions: UnsafeMutablePointer<Int32>?
  var sessionCount = 0
  /// What makes the chunk's line numbers the trace's (``_LineChunk/numberBase``).
  var numberBase = 0
  /// The trace's number of the chunk's first line.
  var firstNumber = 0
}

/// The reader's side of a parallel read: the chunk being read, the numbers its sessions have
/// in the whole trace. Stops the threads when the reader goes away.
final class _ChunkedLines {
  private let pipeline: _ChunkPipeline
  private var chunk: _LineChunk?
  /// The line reader's line number at the end of the input.
  private(set) var endLineNumber = 0
  /// By the chunk's session number: the trace's, 0 if not looked up yet.
  private var sessions: UnsafeMutablePointer<Int32>
  private var sessionCapacity = 16

  init(_ pipeline: _ChunkPipeline) {
    self.pipeline = pipeline
    sessions = .allocate(capacity: sessionCapacity)
    sessions.initialize(repeating: 0, count: sessionCapacity)
  }

  deinit {
    chunk = nil
    pipeline.finish()
    sessions.deallocate()
  }

  /// Whether the workers read ranges of the file.
  var readsFileRanges: Bool { pipeline.readsFileRanges }

  /// Moves to the next chunk, `nil` after the last; the one before is given back.
  func advance() -> _ChunkCursor? {
    guard let next = pipeline.nextChunk() else {
      chunk = nil
      return nil
    }
    if next.isLast { endLineNumber = next.numberBase + next.endLineNumber }
    chunk = next
    sessions.update(repeating: 0, count: sessionCapacity)
    return _ChunkCursor(
      items: next.items, spans: next.spans, bytes: next.bytes, count: next.count, index: 0,
      sessions: sessions, sessionCount: sessionCapacity, numberBase: next.numberBase,
      firstNumber: next.numberBase + next.firstNumber)
  }

  /// The line reader's error `index` of the chunk, and its line number in the chunk: for a
  /// line too long that a worker found, made here, at the line's number in the trace (as
  /// ``LineReader`` makes it).
  func failure(_ index: Int) -> (error: any Error, number: Int) {
    let chunk = chunk!
    let (error, number) = chunk.failures[index]
    return (error ?? pipeline.lineTooLong(at: chunk.numberBase + number), number)
  }

  /// The trace's number of a session the chunk numbered `local`, not known to `cursor` yet.
  @inline(never)
  func session(
    _ local: SessionID, numberedIn table: inout _NameTable, _ cursor: inout _ChunkCursor
  ) -> SessionID {
    let index = Int(local.rawValue)
    let number = table.number(for: chunk!.sessionNames.name(local.rawValue))
    if index >= sessionCapacity {
      let capacity = max(2 * sessionCapacity, index + 1)
      let grown = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
      grown.initialize(repeating: 0, count: capacity)
      grown.update(from: sessions, count: sessionCapacity)
      sessions.deallocate()
      sessions = grown
      sessionCapacity = capacity
      cursor.sessions = sessions
      cursor.sessionCount = sessionCapacity
    }
    sessions[index] = number
    return SessionID(number)
  }

  /// The trace's number of a string touch id the chunk numbered `local`, looked up (and
  /// numbered, if new) at its line, as the serial decoder does.
  func touch(_ local: Int32, numberedIn table: inout _NameTable) -> Int32 {
    table.number(for: chunk!.touchNames.name(local))
  }

  /// Forgets the trace's session `number`, which the trace's table forgot: a later line
  /// naming it looks it up again.
  func forgetSession(_ number: Int32) {
    for index in 0..<sessionCapacity where sessions[index] == number { sessions[index] = 0 }
  }
}
