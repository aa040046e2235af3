import Dispatch

/// The output of one job of a parallel run, held in memory for the caller's thread, which
/// writes every job's output in input order (docs/behaviour/replay.md, "Replay command", `--jobs`).
///
/// A job writes to a temporary file of its own (``file``), but what PageTrace's writers drain
/// to that file on the job's thread (``_OutputBuffer/drain(to:name:failure:)``) is copied into
/// blocks of memory instead, while the run's ``Budget`` has room, and handed to the caller's
/// thread as each block fills. So a later job's output waits in memory rather than in a file
/// written and then read back. Past the budget, bytes go to the file. Each block notes the
/// file's size when it began, so bytes that reached the file (past the budget, or written by
/// other means) are written out in their place between the blocks: the output is the job's
/// bytes in the order it wrote them.
///
/// The job first in order writes straight to the output instead, as one job does, once the
/// caller's thread has caught up with it: nothing of it is then copied or held
/// (``_writesStraight()``).
final class _HeldOutput: @unchecked Sendable {
  /// The bytes held by all the jobs of a run at most (past them, jobs write to their files),
  /// and the blocks that hold them.
  ///
  /// A block is memory mapped with its pages already in place (``_System/mapMemory(count:)``),
  /// and a block written out is kept for the next job rather than given back to the system:
  /// the first touch of a fresh page is a fault of the kernel's, which was the main cost of
  /// holding a job's output (Benchmarks/HISTORY-2026-11.md, "Issue 24, third round: two cores").
  final class Budget: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var available: Int
    /// Blocks of ``_HeldOutput/blockSize`` bytes written out, for the next to be held.
    private var spare: [UnsafeMutableRawPointer] = []

    init(bytes: Int) { available = bytes }

    deinit { spare.forEach { _System.unmapMemory($0, count: _HeldOutput.blockSize) } }

    /// A block of `capacity` bytes (a spare one when it is ``_HeldOutput/blockSize``), taken
    /// from the budget; `nil`, taking none, if fewer are left or the system has no memory.
    func takeBlock(capacity: Int) -> UnsafeMutableRawPointer? {
      lock.wait()
      guard capacity <= available else {
        lock.signal()
        return nil
      }
      available -= capacity
      let block = capacity == _HeldOutput.blockSize ? spare.popLast() : nil
      lock.signal()
      if let block { return block }
      if let block = _System.mapMemory(count: capacity) { return block }
      giveBack(nil, capacity: capacity)
      return nil
    }

    /// Gives back a block of ``takeBlock(capacity:)`` once written out (or only its bytes of
    /// the budget, when `block` is `nil`).
    func giveBack(_ block: UnsafeMutableRawPointer?, capacity: Int) {
      lock.wait()
      available += capacity
      let kept = block != nil && capacity == _HeldOutput.blockSize
      if kept, let block { spare.append(block) }
      lock.signal()
      if !kept, let block { _System.unmapMemory(block, count: capacity) }
    }
  }

  /// Bytes drained on the job's thread, whole records.
  private struct Block {
    var bytes: UnsafeMutableRawPointer
    var count = 0
    var capacity: Int
    /// The size of ``_HeldOutput/file`` when the block began: the file's bytes before it
    /// were written before the block's.
    var fileOffset: Int
  }

  /// The bytes of a block, unless one drain is larger.
  static let blockSize = 1 << 20

  /// The budget of a run: 64 MiB (docs/behaviour/limits.md, "Limits").
  static let runBudget = 64 << 20

  private let budget: Budget
  /// The job's temporary file, -1 until the job's thread starts it.
  private(set) var file: Int32 = -1
  /// The block being filled: the job's thread's alone.
  private var filling: Block?
  /// Blocks handed over, and whether the job is done: under ``lock``.
  private var ready: [Block] = []
  private var finished = false
  private let lock = DispatchSemaphore(value: 1)
  /// Signalled for each block handed over, when the job asks to write straight to the
  /// output, and when the job is done.
  private let changed = DispatchSemaphore(value: 0)
  /// Whether the caller's thread lets the job write straight to the output: it is writing the
  /// job out and has nothing of it left to write (under ``lock``).
  private var straightOffered = false
  /// Whether the job asks to (under ``lock``).
  private var straightAsked = false
  /// Signalled when the caller's thread has granted or refused the job's asking.
  private let straightAnswered = DispatchSemaphore(value: 0)
  /// The output's name, once the job writes straight to it: ``file`` is then a descriptor of
  /// the output. Set by the caller's thread before it answers, read by the job's after.
  private(set) var straightOutputName: String?

  init(budget: Budget) { self.budget = budget }

  deinit {
    filling.map { budget.giveBack($0.bytes, capacity: $0.capacity) }
    ready.forEach { budget.giveBack($0.bytes, capacity: $0.capacity) }
  }

  // MARK: The job's thread

  /// The output whose drains the calling thread holds, if any (``start(file:)``).
  static var current: _HeldOutput? {
    guard let pointer = _threadSlot?.value else { return nil }
    return Unmanaged<_HeldOutput>.fromOpaque(pointer).takeUnretainedValue()
  }

  private static let _threadSlot = _System.ThreadSlot()

  /// Holds, on the calling thread, what is drained to `file` (-1 if it could not be made:
  /// the job is not run) from now until ``finish()``.
  func start(file: Int32) {
    self.file = file
    Self._threadSlot?.value = Unmanaged.passUnretained(self).toOpaque()
  }

  /// Ends the job's output: the calling thread holds no more, and the caller's thread
  /// writes out the rest of the file.
  func finish() {
    Self._threadSlot?.value = nil
    if let block = filling.take() { handOver(block) }
    lock.wait()
    finished = true
    lock.signal()
    changed.signal()
  }

  /// Holds `count` bytes drained to ``file`` (whole records); `false` if the budget has no
  /// room for them: they are then to be written to the file.
  func hold(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
    let offset = _System.offset(of: file)
    if offset == 0 && _writesStraight() { return false }  // written to `file`: the output now
    if var block = filling.take() {
      if block.fileOffset == offset && block.capacity - block.count >= count {
        (block.bytes + block.count).copyMemory(from: bytes, byteCount: count)
        block.count += count
        filling = block
        return true
      }
      handOver(block)
    }
    let capacity = max(Self.blockSize, count)
    guard let start = budget.takeBlock(capacity: capacity) else { return false }
    let block = Block(bytes: start, count: count, capacity: capacity, fileOffset: offset)
    block.bytes.copyMemory(from: bytes, byteCount: count)
    filling = block
    return true
  }

  /// Asks, if the caller's thread offers it, to write straight to the output from now on, and
  /// returns whether the job does: its descriptor is then the output's (the caller's thread
  /// made ``file`` a copy of it), and the calling thread holds nothing more.
  ///
  /// The block being filled is handed over with the asking, and the caller's thread writes it
  /// out before it answers, so the job's bytes stay in order. Asked only while nothing went to
  /// the file itself (its offset is 0), so no byte of the file is left to write out; a job
  /// refused does not ask again.
  private func _writesStraight() -> Bool {
    lock.wait()
    let offered = straightOffered
    if offered {
      if let block = filling.take() { ready.append(block) }
      straightAsked = true
    }
    lock.signal()
    guard offered else { return false }
    changed.signal()
    straightAnswered.wait()
    guard straightOutputName != nil else { return false }
    Self._threadSlot?.value = nil
    return true
  }

  private func handOver(_ block: Block) {
    lock.wait()
    ready.append(block)
    lock.signal()
    changed.signal()
  }

  // MARK: The caller's thread

  /// Writes the job's output to `output` as it comes, in the order the job wrote it, until
  /// the job is done; returns the first error (a failed write names `name`, a failed read
  /// of the file a temporary file), after which nothing more is written. With `discarding`,
  /// nothing is written: the output is waited for and dropped.
  ///
  /// Whenever it has nothing of the job left to write, and nothing failed, it lets the job
  /// write straight to `output` from then on (``_writesStraight()``), and only waits for its
  /// end.
  ///
  /// Each write ends at a record boundary (after a line feed, in CSV one outside quotes),
  /// so that an output cut short by a failed write ends with a whole record, as it does with
  /// one job (``_System/writeAll(_:from:count:name:)``).
  func writeOut(
    to output: Int32, name: String, csv: Bool, discarding: Bool
  ) -> FileError? {
    var failure: FileError?
    var copied = 0  // the file's bytes written out
    var done = false
    var blocks: [Block] = []
    var refused = false
    while !done {
      lock.wait()
      // Nothing of the job left to write: it may write straight to the output.
      straightOffered = ready.isEmpty && failure == nil && !discarding && !refused
      lock.signal()
      changed.wait()
      lock.wait()
      swap(&blocks, &ready)
      done = finished
      let asked = straightAsked
      straightAsked = false
      straightOffered = false
      lock.signal()
      for block in blocks {
        if failure == nil && !discarding {
          if block.fileOffset > copied {
            failure = _copy(
              from: file, range: copied..<block.fileOffset, to: output, name: name, csv: csv)
            copied = block.fileOffset
          }
          if failure == nil {
            do {
              try _System.writeAll(output, from: block.bytes, count: block.count, name: name)
            } catch {
              failure = error
            }
          }
        }
        budget.giveBack(block.bytes, capacity: block.capacity)
      }
      blocks.removeAll(keepingCapacity: true)
      if asked {  // the job waits for the answer, its bytes so far written out
        let granted = failure == nil && _System.duplicate(output, onto: file)
        refused = !granted
        if granted { straightOutputName = name }
        straightAnswered.signal()
      }
    }
    if failure == nil && !discarding && file >= 0 && straightOutputName == nil {
      failure = _copy(from: file, range: copied..<Int.max, to: output, name: name, csv: csv)
    }
    return failure
  }

  /// Closes the file, once ``writeOut(to:name:csv:discarding:)`` returned.
  func close() {
    if file >= 0 { _System.close(file) }
    file = -1
  }
}

/// Copies the bytes of `range` of a file (to its end at most) to `output`, leaving the
/// file's offset where it is; returns the error, if any (a failure to read the file names
/// a temporary file, not `name`).
///
/// Each write ends at a record boundary (see ``_HeldOutput/writeOut(to:name:csv:discarding:)``).
private func _copy(
  from input: Int32, range: Range<Int>, to output: Int32, name: String, csv: Bool
) -> FileError? {
  let size = 1 << 20
  let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
  defer { buffer.deallocate() }
  var offset = range.lowerBound
  var held = 0  // the start of a record, at the buffer's start, not written yet
  var quoted = false  // CSV: whether the bytes scanned so far end inside a quoted field
  while true {
    let count: Int
    do {
      count = try _System.read(
        input, into: buffer + held, count: min(size - held, range.upperBound - offset),
        at: offset, name: "a temporary file")
    } catch {
      return error
    }
    offset += count
    let total = held + count
    var end: Int?
    if count == 0 {
      end = total
    } else {
      end = _lastRecordEnd(buffer, from: held, to: total, csv: csv, quoted: &quoted)
      if end == nil && total == size { end = total }  // one record longer than the buffer
    }
    if let end, end > 0 {
      do {
        try _System.writeAll(output, from: buffer, count: end, name: name)
      } catch {
        return error
      }
      _System.move(buffer, from: buffer + end, count: total - end)
      held = total - end
    } else {
      held = total
    }
    if count == 0 { return nil }
  }
}

/// The offset just after the last record's end among bytes `start..<end` of `buffer`, or
/// `nil`: a line feed, which in CSV must be outside quotes (`quoted` carries whether the
/// bytes before `start` ended inside them, and is updated).
private func _lastRecordEnd(
  _ buffer: UnsafeMutableRawPointer, from start: Int, to end: Int, csv: Bool, quoted: inout Bool
) -> Int? {
  let bytes = buffer.assumingMemoryBound(to: UInt8.self)
  guard csv else {
    var index = end
    while index > start {
      index -= 1
      if bytes[index] == _ASCII.newline { return index + 1 }
    }
    return nil
  }
  var found: Int?
  for index in start..<end {
    switch bytes[index] {
    case _ASCII.quote: quoted.toggle()
    case _ASCII.newline where !quoted: found = index + 1
    default: break
    }
  }
  return found
}
