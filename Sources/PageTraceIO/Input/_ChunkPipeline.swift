import Dispatch
import PageTrace

/// Reads one JSON Lines trace on several threads (docs/behaviour/replay.md, "Parallel replay of one
/// file"): a splitter thread cuts the input into chunks of whole lines (``_LineChunk``), with
/// the trace's own ``LineReader``, so that line numbers, the line limit, a byte order mark and
/// gzip are exactly as in a serial read; workers decode the chunks, each on its own; the
/// reader's thread takes them back in input order (``nextChunk()``), where the serial stage
/// (``TraceReader``) numbers names for the whole trace and decodes again whatever depends on
/// what came before.
///
/// A regular file that is not compressed has no splitter: each worker reads a range of the
/// file of its own (``_FileRanges``, `pread`), finds its lines and decodes them, so that the
/// bytes are read, split and decoded on one processor and only the decoded lines cross to the
/// reader's; the reader's thread numbers the lines, adding those of the ranges before.
///
/// A fixed ring of chunks is recycled, so memory is bounded by the ring whatever the size of
/// the input: a chunk is filled again only once it is given back.
final class _ChunkPipeline: @unchecked Sendable {
  /// The ring, by sequence number modulo its size.
  private let chunks: [_LineChunk]
  /// One signal per chunk filled, and one per worker after the last, to end them.
  private let work = DispatchSemaphore(value: 0)
  /// Guards ``nextToDecode``, ``chunkCount`` and ``cancelled``.
  private let lock = DispatchSemaphore(value: 1)
  /// With ranges, held by a worker from taking a range to having its chunk: the chunks are
  /// had in the order of the ranges, or a worker ahead could take the chunk of a range the
  /// reader's thread waits for.
  private let claim = DispatchSemaphore(value: 1)
  private var nextToDecode = 0
  /// How many chunks the input made, once the splitter (or the worker that read the last
  /// range) knows; -1 before.
  private var chunkCount = -1
  /// Whether the reader stopped early: the splitter then ends the input at its next chunk.
  private var cancelled = false
  /// The input, the splitter's alone once it has started (with ranges, it is only kept open).
  private var source: LineReader?
  /// The file's ranges, when the workers read them.
  private let ranges: _FileRanges?
  private var workers: [_System.Thread] = []
  private var splitter: _System.Thread?
  // The reader's thread alone:
  private var nextToConsume = 0
  private var current: _LineChunk?
  private var finished = false
  /// With ranges, the lines of the chunks handed out so far.
  private var linesBefore = 0
  /// Whether ``finish()`` passes over the chunks left (the rest of a range is not read).
  private var stopping = false

  /// The default bytes of a chunk: 512 KiB.
  static let defaultChunkSize = 1 << 19

  private init(
    source: consuming LineReader, chunkSize: Int, workers: Int
  ) {
    ranges = source._fileRanges(size: chunkSize)
    self.source = consume source
    // A range is read with a little more, for the end of its last line.
    let byteTarget = ranges == nil ? chunkSize : chunkSize + _FileRanges.margin + 1
    // From the splitter, at most 8,192 lines (852 kB of decoded events): 512 KiB of lines of
    // about 90 bytes fill about 5,800; shorter lines make smaller chunks. From a range, its
    // limit of lines and a failed read.
    let itemCapacity = ranges.map { $0.lineLimit + 1 } ?? max(16, min(chunkSize / 2, 1 << 13))
    // Each worker has one chunk to decode and one decoded waiting, with one being read and
    // one being filled.
    chunks = (0..<(2 * workers + 2)).map { _ in
      _LineChunk(byteTarget: byteTarget, itemCapacity: itemCapacity)
    }
  }

  /// Starts reading `lines` on `workers` threads and a splitter thread, in chunks of about
  /// `chunkSize` bytes, taking the reader; `nil`, leaving it, when the system would not start
  /// the threads.
  static func start(
    _ lines: inout LineReader?, workers: Int, chunkSize: Int
  ) -> _ChunkPipeline? {
    guard let reader = lines.take() else { return nil }
    let pipeline = _ChunkPipeline(source: reader, chunkSize: chunkSize, workers: workers)
    for _ in 0..<workers {
      let readsRanges = pipeline.ranges != nil
      guard
        let thread = _System.startThread({
          if readsRanges { pipeline.readRanges() } else { pipeline.decodeChunks() }
        })
      else { break }
      pipeline.workers.append(thread)
    }
    if pipeline.ranges != nil && !pipeline.workers.isEmpty { return pipeline }
    if !pipeline.workers.isEmpty {
      pipeline.splitter = _System.startThread { pipeline.split() }
    }
    guard pipeline.splitter == nil else { return pipeline }
    pipeline.endWorkers(chunkCount: 0)
    pipeline.workers.forEach(_System.join)
    lines = pipeline.source.take()
    return nil
  }

  /// The next chunk in input order, decoded; `nil` after the last one. The chunk handed out
  /// before is given back to the splitter: its bytes must no longer be read.
  func nextChunk() -> _LineChunk? {
    if let current, let resume = current.resume, !stopping {
      // The rest of a range of many lines, read here, into the same chunk.
      current.fill(range: current.sequence, from: resume, of: ranges.unsafelyUnwrapped)
      current.decode()
      handOut(current)
      return current
    }
    if let current {
      self.current = nil
      let wasLast = current.isLast
      current.free.signal()
      if wasLast { finished = true }
    }
    guard !finished else { return nil }
    let chunk = chunks[nextToConsume % chunks.count]
    chunk.decoded.wait()
    handOut(chunk)
    nextToConsume += 1
    current = chunk
    return chunk
  }

  /// Numbers the lines of a chunk read from a range: after those handed out before.
  private func handOut(_ chunk: _LineChunk) {
    guard ranges != nil else { return }
    chunk.numberBase = linesBefore
    linesBefore += chunk.lineCount
  }

  /// Whether the workers read ranges of the file.
  var readsFileRanges: Bool { ranges != nil }

  /// The error of a line too long that a worker reading a range found, at line `number` of
  /// the trace.
  func lineTooLong(at number: Int) -> TraceError {
    LineReader.lineTooLong(in: ranges!.name, at: number, limit: ranges!.maximumLineLength)
  }

  /// Stops reading (if the input is not read to its end yet) and waits for the threads: the
  /// splitter ends the input at its next chunk, and the chunks still in flight are passed
  /// over. Called once, by the reader's thread, when the reader goes away.
  func finish() {
    stopping = true
    lock.wait()
    cancelled = true
    lock.signal()
    while nextChunk() != nil {}
    if let splitter { _System.join(splitter) }
    workers.forEach(_System.join)
    source = nil
    // Ranges taken after the last were read into chunks never handed out: their chunks are
    // given back (a semaphore must not go away below its first value). From the splitter,
    // every chunk taken was handed out.
    if ranges != nil {
      for sequence in nextToConsume..<max(nextToConsume, nextToDecode) {
        chunks[sequence % chunks.count].free.signal()
      }
    }
  }

  // MARK: The threads

  /// How many nice levels the workers lower their scheduling priority by (Linux), so that
  /// the reader's thread, which replays and writes in input order, is never starved: it is the
  /// one part of the work that cannot be shared. At equal priorities the scheduler gave it
  /// only its equal share of the processors while the decoding threads ran ahead, filled the
  /// ring, and then waited for it with a processor idle (docs/behaviour/replay.md, "Parallel replay
  /// of one file").
  static let workerPriorityDrop: Int32 = 10

  /// The splitter: fills the chunks in order until the input ends (or the reader stops).
  private func split() {
    var sequence = 0
    while true {
      let chunk = chunks[sequence % chunks.count]
      chunk.free.wait()
      chunk.reset()
      lock.wait()
      var ended = cancelled
      lock.signal()
      if !ended { ended = fill(chunk) }
      chunk.isLast = ended
      chunk.filled.signal()
      work.signal()
      if ended {
        source = nil  // closes the input
        endWorkers(chunkCount: sequence + 1)
        return
      }
      sequence += 1
    }
  }

  /// Tells the workers how many chunks there are, and wakes each to end.
  private func endWorkers(chunkCount: Int) {
    lock.wait()
    self.chunkCount = chunkCount
    lock.signal()
    for _ in workers { work.signal() }
  }

  /// Reads lines into `chunk` until it is full; returns whether the input ended. An error of
  /// the line reader goes into the chunk as a line of its own; after a failed read (a
  /// ``FileError``) the input ends, as the replay stops there.
  private func fill(_ chunk: _LineChunk) -> Bool {
    // The reader is taken out for the loop: a stored property of a class would be checked
    // for exclusive access at each line.
    guard var lines = source.take() else { return true }
    var filling = chunk.filling(from: lines.lineNumber + 1)
    let ended = Self.fill(&filling, of: chunk, from: &lines)
    chunk.filled(filling)
    source = consume lines
    return ended
  }

  private static func fill(
    _ filling: inout _LineChunk.Filling, of chunk: _LineChunk, from lines: inout LineReader
  ) -> Bool {
    let ended = lines._fill(&filling, of: chunk)
    if ended { chunk.endLineNumber = lines.lineNumber }
    return ended
  }

  /// A worker's next chunk (or range), and whether the reader stopped; `nil` past the last.
  private func takeNext() -> (sequence: Int, stopped: Bool)? {
    lock.wait()
    defer { lock.signal() }
    let sequence = nextToDecode
    if chunkCount >= 0 && sequence >= chunkCount { return nil }
    nextToDecode += 1
    return (sequence, cancelled)
  }

  /// A worker reading ranges: takes the next range, waits for its chunk to be given back,
  /// fills and decodes it; after the last range (the one where the file ends, or a read
  /// failed), or once the reader stopped (a last chunk, empty), it ends.
  private func readRanges() {
    _System.lowerPriorityOfCurrentThread(by: Self.workerPriorityDrop)
    let ranges = ranges.unsafelyUnwrapped
    while true {
      claim.wait()
      guard let (sequence, stops) = takeNext() else {
        claim.signal()
        return
      }
      let chunk = chunks[sequence % chunks.count]
      chunk.free.wait()
      claim.signal()
      if stops {
        chunk.reset()
        chunk.isLast = true
      } else {
        chunk.fill(range: sequence, of: ranges)
        chunk.decode()
      }
      if chunk.isLast {
        lock.wait()
        if chunkCount < 0 || sequence + 1 < chunkCount { chunkCount = sequence + 1 }
        lock.signal()
      }
      chunk.decoded.signal()
    }
  }

  /// A worker: decodes chunks in order of sequence, each as soon as it is filled.
  private func decodeChunks() {
    _System.lowerPriorityOfCurrentThread(by: Self.workerPriorityDrop)
    while true {
      work.wait()
      guard let (sequence, skips) = takeNext() else { return }
      let chunk = chunks[sequence % chunks.count]
      chunk.filled.wait()
      if !skips { chunk.decode() }
      chunk.decoded.signal()
    }
  }
}
