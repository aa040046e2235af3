import Dispatch
import PageTrace

/// A run of whole lines of one JSON Lines trace, read ahead for a parallel replay
/// (``_ChunkPipeline``): their bytes, and for each line its number, where its bytes are and
/// what a worker made of it. A chunk is recycled: its buffers are allocated once, and grow
/// only for a line longer than the chunk, so that memory never follows the input's size.
///
/// The splitter fills it (``filling()``, ``Filling/append(_:to:)``), a worker decodes it
/// (``decode()``), the reader's thread reads it (``items``) and gives it back; the three
/// semaphores hand it on, so that each stage sees the previous one's writes.
final class _LineChunk: @unchecked Sendable {
  /// What a line is, once decoded.
  enum Kind: UInt8 {
    /// Not decoded yet.
    case line
    /// Empty or whitespace only.
    case blank
    /// An event, in ``Item/event``: its session and string touch id numbered by this
    /// chunk's own tables (``sessionNames``, ``touchNames``).
    case event
    /// To be decoded again by the serial stage, with the trace's own decoder: a bad line
    /// (its error, and what it did to the name tables, are the serial decoder's), or a line
    /// that named a string touch id its event does not carry.
    case serial
    /// Not a line: the line reader's error (a line too long, a damaged gzip stream, a failed
    /// read), ``failures``[``Item/start``].
    case failure
  }

  /// One line.
  struct Item: BitwiseCopyable {
    var event: EngineEvent
    /// The line's number in the trace.
    var number: Int
    /// Where its bytes start in ``bytes``; for a failure, its index in ``failures``.
    var start: Int
    var count: Int
    var kind: Kind
  }

  /// The bytes of the lines, one after the other, without their line terminators.
  private(set) var bytes: UnsafeMutableRawPointer
  private var capacity: Int
  /// How many bytes are used.
  private(set) var used = 0
  /// The lines.
  let items: UnsafeMutablePointer<Item>
  /// How many lines the chunk holds at most.
  let itemCapacity: Int
  /// How many lines it holds.
  private(set) var count = 0
  /// The line reader's errors, in order.
  private(set) var failures: [any Error] = []
  /// The bytes the splitter stops filling at (a chunk may hold more, with a long last line).
  let byteTarget: Int
  /// Whether this is the last chunk of the input (it may be empty).
  var isLast = false
  /// With ``isLast``, the line reader's line number at the end: every line read.
  var endLineNumber = 0
  /// The session names and string touch ids of this chunk's events, numbered in the order
  /// they appear in it (the serial stage renumbers them for the whole trace).
  private(set) var sessionNames = _NameTable()
  private(set) var touchNames = _NameTable()

  /// The splitter may fill the chunk (it starts free).
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
    items = UnsafeMutablePointer<Item>.allocate(capacity: self.itemCapacity)
    items.initialize(
      repeating: Item(
        event: EngineEvent(time: 0, .focus(false)), number: 0, start: 0, count: 0, kind: .line),
      count: self.itemCapacity)
  }

  deinit {
    bytes.deallocate()
    items.deallocate()
  }

  /// Empties the chunk, keeping its buffers.
  func reset() {
    used = 0
    count = 0
    isLast = false
    endLineNumber = 0
    if !failures.isEmpty { failures.removeAll() }
  }

  /// The chunk's buffers and counts, held by the splitter while it fills the chunk (in
  /// local variables, not checked for exclusive access at each line as a class's are).
  struct Filling {
    var bytes: UnsafeMutableRawPointer
    var capacity: Int
    var used: Int
    let items: UnsafeMutablePointer<Item>
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

    /// Adds a line whose bytes are in the chunk already.
    ///
    /// Its fields are set one by one, and the event (which a worker sets, and nothing reads
    /// before) is left as it was: a whole new item wrote 104 bytes and read a global for the
    /// placeholder event's session (20 instructions a line of the splitter, by callgrind).
    @inline(__always)
    mutating func appendLine(number: Int, start: Int, count length: Int) {
      items[count].number = number
      items[count].start = start
      items[count].count = length
      items[count].kind = .line
      count += 1
    }
  }

  /// Starts filling the chunk, emptied.
  func filling() -> Filling {
    reset()
    return Filling(
      bytes: bytes, capacity: capacity, used: 0, items: items, count: 0, byteTarget: byteTarget,
      itemCapacity: itemCapacity)
  }

  /// Ends filling the chunk.
  func filled(_ filling: Filling) {
    used = filling.used
    count = filling.count
  }

  /// Adds the line reader's error, at line `number`.
  func appendFailure(_ error: any Error, number: Int, _ filling: inout Filling) {
    items[filling.count] = Item(
      event: EngineEvent(time: 0, .focus(false)), number: number, start: failures.count,
      count: 0, kind: .failure)
    failures.append(error)
    filling.count += 1
  }

  /// The bytes of a line.
  @inline(__always)
  func bytes(of item: Item) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: bytes + item.start, count: item.count)
  }

  /// Decodes every line (a worker's part), each on its own, as the trace's decoder would
  /// after its first line; names are numbered by the chunk's own tables.
  func decode() {
    var decoder = TraceDecoder(file: "")
    decoder.hasSeenContent = true  // the serial stage decodes the lines before the first
    var event = EngineEvent(time: 0, .focus(false))
    for index in 0..<count where items[index].kind == .line {
      let line = UnsafeRawBufferPointer(
        start: bytes + items[index].start, count: items[index].count)
      decoder.touchNames.lastNumber = 0
      do {
        let kind = try decoder._decodeUntracked(
          line, lineNumber: items[index].number, into: &event)
        if kind != .event {
          items[index].kind = .blank
        } else if decoder.touchNames.lastNumber != 0 && event._stringTouchNumber == 0 {
          // A string id on an event that is not a touch: the serial decoder numbers it, and
          // frees the number at the next line.
          items[index].kind = .serial
        } else {
          items[index].kind = .event
          items[index].event = event
        }
      } catch {
        items[index].kind = .serial
      }
    }
    sessionNames = decoder.sessionNames
    touchNames = decoder.touchNames
  }

  /// Makes room for `newCapacity` bytes, keeping the first `used`.
  fileprivate func grow(to newCapacity: Int, used: Int) {
    let newBytes = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
    if used > 0 { newBytes.copyMemory(from: bytes, byteCount: used) }
    bytes.deallocate()
    bytes = newBytes
    capacity = newCapacity
  }
}
