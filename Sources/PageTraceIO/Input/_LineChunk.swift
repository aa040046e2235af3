import Dispatch
import PageTrace

/// A run of whole lines of one JSON Lines trace, read ahead for a parallel replay
/// (``_ChunkPipeline``): their bytes, and for each line its number, where its bytes are and
/// what a worker made of it. A chunk is recycled: its buffers are allocated once, and grow
/// only for a line longer than the chunk, so that memory never follows the input's size.
///
/// The splitter fills it (``filling(from:)``, ``Filling/appendLine(start:count:)``) and a
/// worker decodes it (``decode()``), or a worker does both, reading a range of the file
/// (``fill(range:from:of:)``); the reader's thread reads it (``items``, ``spans``) and gives
/// it back. The semaphores hand it on, so that each stage sees the previous one's writes.
final class _LineChunk: @unchecked Sendable {
  /// What a line is, once decoded.
  enum Kind: UInt8 {
    /// Empty or whitespace only.
    case blank
    /// An event, in ``Item/event``: its session and string touch id numbered by this
    /// chunk's own tables (``sessionNames``, ``touchNames``).
    case event
    /// To be decoded again by the serial stage, with the trace's own decoder: a bad line
    /// (its error, and what it did to the name tables, are the serial decoder's), or a line
    /// that named a string touch id its event does not carry.
    case serial
    /// The line reader's error (a line too long, a damaged gzip stream, a failed read):
    /// ``failures``[its span's ``Span/start``].
    case failure
  }

  /// Where a line is: 16 bytes, all the splitter writes of a line. The worker writes the
  /// ``Item``: when the splitter wrote the items' numbers and places, each item's memory
  /// went from the processor that read it last to the splitter's and on to the worker's
  /// (Benchmarks/HISTORY-2026-11.md, "Issue 24, eighth round: one file, every worker reading
  /// its own ranges").
  struct Span: BitwiseCopyable {
    /// Where its bytes start in ``bytes``; for a failure, its index in ``failures``.
    var start: Int
    /// How many bytes; -1 for a failure.
    var count: Int
  }

  /// What a worker made of a line (its bytes are those of its ``Span``; its number,
  /// ``firstNumber`` + its index): 72 bytes, which the reader's thread reads from memory
  /// another processor wrote, so nothing is in it that the span or the index tells.
  struct Item: BitwiseCopyable {
    var event: EngineEvent
    var kind: Kind
  }

  /// The bytes of the lines (from the splitter, one after the other without their line
  /// terminators; read by a worker, as they are in the file).
  private(set) var bytes: UnsafeMutableRawPointer
  private(set) var capacity: Int
  /// How many bytes are used.
  private(set) var used = 0
  /// The lines, as they were found (``Span``): line `index` is numbered ``firstNumber`` +
  /// `index`, every line and failure after the first taking the next number (a failed read,
  /// the last item if any, is numbered by ``failures``).
  let spans: UnsafeMutablePointer<Span>
  /// The number of the chunk's first line: in the trace, from the splitter; 1 from a worker
  /// reading its own range of the file, which cannot know the lines before
  /// (``numberBase``).
  var firstNumber = 0
  /// What the reader's thread adds to the chunk's line numbers to make them the trace's: the
  /// lines of the chunks before, for a chunk a worker read from the file; 0 from the splitter.
  var numberBase = 0
  /// The lines, made by the worker from ``spans``.
  let items: UnsafeMutablePointer<Item>
  /// How many lines the chunk holds at most.
  let itemCapacity: Int
  /// How many lines it holds.
  var count = 0
  /// How many lines of the input the chunk holds: its items but a failed read.
  var lineCount = 0
  /// The line reader's errors, in order, with their line numbers; `nil` for a line too long
  /// found by a worker, whose error the reader's thread makes at the line's number in the
  /// trace.
  var failures: [(error: (any Error)?, number: Int)] = []
  /// The bytes the splitter stops filling at (a chunk may hold more, with a long last line).
  let byteTarget: Int
  /// Whether this is the last chunk of the input (it may be empty).
  var isLast = false
  /// Filled from a range of the file: its number.
  var sequence = 0
  /// Filled from a range of the file that has more lines than a chunk takes: where the next
  /// line starts in the file.
  var resume: Int?
  /// With ``isLast``, the line reader's line number at the end: every line read (from a
  /// range, those of the chunk: ``numberBase`` adds the rest).
  var endLineNumber = 0
  /// The session names and string touch ids of this chunk's events, numbered in the order
  /// they appear in it (the serial stage renumbers them for the whole trace).
  private(set) var sessionNames = _NameTable()
  private(set) var touchNames = _NameTable()

  /// The chunk may be filled (it starts free).
  let free = DispatchSemaphore(value: 1)
  /// The splitter filled it: a worker may decode it.
  let filled = DispatchSemaphore(value: 0)
  /// A worker decoded it: the reader's thread may read it.
  let decoded = DispatchSemaphore(value: 0)

  /// A chunk of about `byteTarget` bytes and at most `itemCapacity` lines.
  init(byteTarget: Int, itemCapacity: Int) {
    self.byteTarget = max(1, byteTarget)
    self.capacity = self.byteTarget
    self.itemCapacity = max(1, itemCapacity)
    bytes = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    // Spans and items are plain values, written whole before they are read, so their memory
    // is left as allocated: a page of it is touched only once lines reach it (a chunk read
    // from a range has room for 32,768 lines, 3.9 MB, and uses 6,000 of 90 bytes).
    spans = UnsafeMutablePointer<Span>.allocate(capacity: self.itemCapacity)
    items = UnsafeMutablePointer<Item>.allocate(capacity: self.itemCapacity)
  }

  deinit {
    bytes.deallocate()
    spans.deallocate()
    items.deallocate()
  }

  /// Empties the chunk, keeping its buffers.
  func reset() {
    used = 0
    count = 0
    lineCount = 0
    isLast = false
    resume = nil
    endLineNumber = 0
    if !failures.isEmpty { failures.removeAll() }
  }

  /// The chunk's buffers and counts, held by the splitter while it fills the chunk (in
  /// local variables, not checked for exclusive access at each line as a class's are).
  struct Filling {
    var bytes: UnsafeMutableRawPointer
    var capacity: Int
    var used: Int
    let spans: UnsafeMutablePointer<Span>
    var count: Int
    let byteTarget: Int
    let itemCapacity: Int

    /// Whether the splitter should start the next chunk.
    @inline(__always)
    var isFull: Bool { used >= byteTarget || count == itemCapacity }

    /// Makes room for `count` more bytes.
    mutating func reserve(_ count: Int, in chunk: _LineChunk) {
      guard used + count > capacity else { return }
      chunk.grow(to: max(2 * capacity, used + count), used: used)
      bytes = chunk.bytes
      capacity = chunk.capacity
    }

    /// Adds a line whose bytes are in the chunk already, numbered ``_LineChunk/firstNumber``
    /// + its index.
    @inline(__always)
    mutating func appendLine(start: Int, count length: Int) {
      (spans + count).initialize(to: Span(start: start, count: length))
      count += 1
    }
  }

  /// Starts filling the chunk, emptied, from line `firstNumber`.
  func filling(from firstNumber: Int) -> Filling {
    reset()
    self.firstNumber = firstNumber
    return Filling(
      bytes: bytes, capacity: capacity, used: 0, spans: spans, count: 0, byteTarget: byteTarget,
      itemCapacity: itemCapacity)
  }

  /// Ends filling the chunk.
  func filled(_ filling: Filling) {
    used = filling.used
    count = filling.count
  }

  /// Adds the line reader's error, at line `number`.
  func appendFailure(_ error: any Error, number: Int, _ filling: inout Filling) {
    _storeFailure(error, number: number, at: filling.count)
    filling.count += 1
  }

  /// Writes at item `index` the span of a failure of line `number`: `error`, or `nil` for a
  /// line too long, whose error the main thread makes. (The splitter's, a worker's range's
  /// and its end's failures are all written here.)
  func _storeFailure(_ error: (any Error)?, number: Int, at index: Int) {
    (spans + index).initialize(to: Span(start: failures.count, count: -1))
    failures.append((error, number))
  }

  /// Makes the items of the lines and decodes them (a worker's part), each on its own, as
  /// the trace's decoder would after its first line; names are numbered by the chunk's own
  /// tables.
  func decode() {
    var decoder = TraceDecoder(file: "")
    decoder.hasSeenContent = true  // the serial stage decodes the lines before the first
    var event = EngineEvent(time: 0, .focus(false))
    for index in 0..<count {
      let span = spans[index]
      var kind = Kind.failure
      if span.count >= 0 {
        let line = UnsafeRawBufferPointer(start: bytes + span.start, count: span.count)
        decoder.touchNames.lastNumber = 0
        do {
          let number = firstNumber &+ index
          if try decoder._decodeUntracked(line, lineNumber: number, into: &event) != .event {
            kind = .blank
          } else if decoder.touchNames.lastNumber != 0 && event._stringTouchNumber == 0 {
            // A string id on an event that is not a touch: the serial decoder numbers it,
            // and frees the number at the next line.
            kind = .serial
          } else {
            kind = .event
          }
        } catch {
          kind = .serial
        }
      }
      // The item is written whole, once: its memory was never initialized (see `init`). The
      // event of an item that is not an event is the last one decoded, and never read.
      (items + index).initialize(to: Item(event: event, kind: kind))
    }
    sessionNames = decoder.sessionNames
    touchNames = decoder.touchNames
  }

  /// Makes room for `newCapacity` bytes, keeping the first `used`.
  func grow(to newCapacity: Int, used: Int) {
    let newBytes = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
    if used > 0 { newBytes.copyMemory(from: bytes, byteCount: used) }
    bytes.deallocate()
    bytes = newBytes
    capacity = newCapacity
  }
}
