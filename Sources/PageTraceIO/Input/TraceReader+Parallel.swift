import PageTrace

/// One JSON Lines trace decoded on several threads, handed out in input order exactly as a
/// serial read would (docs/behaviour.md, "Parallel replay of one file").
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
      let pipeline = _ChunkPipeline.start(&lines, workers: threads, chunkSize: chunkSize)
    else { return false }
    chunks = _ChunkedLines(pipeline)
    return true
  }

  /// ``next(into:)`` of a parallel reader.
  mutating func nextFromChunks(into event: inout EngineEvent) throws -> TraceItemKind? {
    let chunks = chunks.unsafelyUnwrapped
    lastLine = UnsafeRawBufferPointer(start: nil, count: 0)
    while chunks.index == chunks.count {
      guard chunks.advance() else {
        lineNumber = chunks.endLineNumber
        return nil
      }
    }
    let item = chunks.items[chunks.index]
    chunks.index += 1
    lineNumber = item.number
    if item.kind == .failure { throw chunks.failure(of: item) }
    let line = UnsafeRawBufferPointer(start: chunks.bytes + item.start, count: item.count)
    lastLine = line
    switch item.kind {
    case .event where decoder.hasSeenContent:
      event = item.event
      if event.session.rawValue != 0 {
        event.session = chunks.session(event.session, numberedIn: &decoder.sessionNames)
      }
      decoder.touchTracker.beginLine(&decoder.touchNames)
      if case .touch(let phase, .name(let local), let x, let y) = event.action {
        let number = chunks.touch(local, numberedIn: &decoder.touchNames)
        event.action = .touch(phase, id: .name(number), x: x, y: y)
        decoder.touchTracker.endLine(event, &decoder.touchNames)
      }
      return .event
    case .blank:
      decoder.touchTracker.beginLine(&decoder.touchNames)
      return .blank
    default:
      return try decoder.decode(line, lineNumber: item.number, into: &event)
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

/// The reader's side of a parallel read: the chunk being read, where in it, and the numbers
/// its sessions have in the whole trace. Stops the threads when the reader goes away.
final class _ChunkedLines {
  private let pipeline: _ChunkPipeline
  private var chunk: _LineChunk?
  // The chunk's, read once per chunk.
  private(set) var items = UnsafeMutablePointer<_LineChunk.Item>.allocate(capacity: 0)
  private(set) var bytes = UnsafeMutableRawPointer.allocate(byteCount: 0, alignment: 1)
  private(set) var count = 0
  var index = 0
  /// The line reader's line number at the end of the input.
  private(set) var endLineNumber = 0
  /// By the chunk's session number: the trace's, 0 if not looked up yet.
  private var sessions: [Int32] = []
  private let placeholderItems: UnsafeMutablePointer<_LineChunk.Item>
  private let placeholderBytes: UnsafeMutableRawPointer

  init(_ pipeline: _ChunkPipeline) {
    self.pipeline = pipeline
    placeholderItems = items
    placeholderBytes = bytes
  }

  deinit {
    chunk = nil
    pipeline.finish()
    placeholderItems.deallocate()
    placeholderBytes.deallocate()
  }

  /// Moves to the next chunk; `false` after the last.
  func advance() -> Bool {
    guard let next = pipeline.nextChunk() else {
      if let chunk { endLineNumber = chunk.endLineNumber }
      chunk = nil
      items = placeholderItems
      bytes = placeholderBytes
      count = 0
      index = 0
      return false
    }
    if next.isLast { endLineNumber = next.endLineNumber }
    chunk = next
    items = next.items
    bytes = next.bytes
    count = next.count
    index = 0
    if !sessions.isEmpty {
      for index in sessions.indices { sessions[index] = 0 }
    }
    return true
  }

  /// The line reader's error of a failure item.
  func failure(of item: _LineChunk.Item) -> any Error { chunk!.failures[item.start] }

  /// The trace's number of a session the chunk numbered `local`.
  @inline(__always)
  func session(_ local: SessionID, numberedIn table: inout _NameTable) -> SessionID {
    let index = Int(local.rawValue)
    if index < sessions.count, case let number = sessions[index], number != 0 {
      return SessionID(number)
    }
    return lookUp(local, in: &table)
  }

  @inline(never)
  private func lookUp(_ local: SessionID, in table: inout _NameTable) -> SessionID {
    let index = Int(local.rawValue)
    let number = table.number(for: chunk!.sessionNames.name(local.rawValue))
    if index >= sessions.count {
      sessions.append(contentsOf: repeatElement(0, count: index + 1 - sessions.count))
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
    for index in sessions.indices where sessions[index] == number { sessions[index] = 0 }
  }
}
