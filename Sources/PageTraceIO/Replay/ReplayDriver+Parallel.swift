import Dispatch
import PageTrace

extension ReplayDriver {
  /// One job's slot: its temporary output, its outcome, and a signal when it is done.
  private final class Slot: @unchecked Sendable {
    // Written by one worker before `done.signal()`, read by the caller after `done.wait()`.
    var outcome = Outcome()
    var diagnostics: [ReplayProblem] = []
    var output: Int32 = -1
    let done = DispatchSemaphore(value: 0)
  }

  /// Hands out job indices to workers, in order.
  private final class Cursor: @unchecked Sendable {
    private var next = 0
    private let lock = DispatchSemaphore(value: 1)
    private let count: Int
    init(count: Int) { self.count = count }
    func take() -> Int? {
      lock.wait()
      defer { lock.signal() }
      guard next < count else { return nil }
      next += 1
      return next - 1
    }
    /// Hands out nothing more; returns how many indices were handed out.
    func stop() -> Int {
      lock.wait()
      defer { lock.signal() }
      let started = next
      next = count
      return started
    }
  }

  /// How many jobs may be in flight at once with `jobs` workers: taken by a worker and not
  /// yet copied to the output. Each holds one temporary file open, and each worker at most
  /// one input besides, so a run opens at most `3 × jobs` descriptors beyond the output and
  /// the standard streams, however many inputs it reads (docs/behaviour.md, "Limits").
  static func filesInFlight(jobs: Int) -> Int { 2 * jobs }

  /// Descriptors kept free while workers run, for what else the process opens meanwhile:
  /// the progress line reads `/proc/self/io`, and libdispatch's thread pool (which runs the
  /// progress line's timer; the workers are threads of their own) opens `/proc` files to watch
  /// its threads, and stops the process when it cannot.
  static let reservedDescriptors = 8

  /// How many workers to start for `jobs`: as many as the free descriptors allow (3 each, and
  /// ``reservedDescriptors``), so that a low descriptor limit means fewer workers rather than
  /// a failure; 1 means the jobs are replayed in order without threads. The output is the
  /// same either way.
  static func workers(jobs: Int) -> Int {
    let wanted = 3 * jobs + reservedDescriptors
    let free = _System.freeDescriptors(upTo: wanted)
    return min(jobs, max(1, (free - reservedDescriptors) / 3))
  }

  func runInParallel<Job: ReplayJob>(
    _ jobs: [Job], workers: Int, to descriptor: SystemDescriptor, name: String, csv: Bool,
    report: (ReplayProblem) -> Void
  ) throws(ReplayFailure) -> ReplaySummary {
    let slots = jobs.map { _ in Slot() }
    let cursor = Cursor(count: jobs.count)
    // A worker takes a permit before a job, and the caller gives it back once the job is
    // copied: a slow job early on holds up at most this many finished ones. (Every permit
    // is back before the semaphore goes: libdispatch stops the process otherwise.)
    let permits = DispatchSemaphore(value: Self.filesInFlight(jobs: workers))
    // Each worker replays a whole file on its thread: none is split further.
    var inner = options
    inner.jobs = 1
    let driver = ReplayDriver(inner)
    let folder = _temporaryFolder()
    var threads: [_System.Thread] = []
    for _ in 0..<min(workers, jobs.count) {
      let thread = _System.startThread {
        while true {
          permits.wait()
          guard let index = cursor.take() else {
            permits.signal()
            break
          }
          let slot = slots[index]
          driver.run(jobs[index], in: folder, into: slot)
          slot.done.signal()
        }
      }
      guard let thread else { break }  // the system's limit on threads: fewer workers
      threads.append(thread)
    }
    defer { threads.forEach(_System.join) }
    if threads.isEmpty {
      return try runInOrder(jobs, to: descriptor, name: name, report: report)
    }
    var summary = ReplaySummary()
    var failure: ReplayFailure?
    var started = slots.count  // after a failure: only the jobs a worker took
    var index = 0
    while index < started {
      let slot = slots[index]
      slot.done.wait()
      if failure == nil {
        if slot.output >= 0,
          let error = _copy(from: slot.output, to: descriptor.rawValue, name: name, csv: csv)
        {
          failure = error.path == name ? .output(error) : _temporaryFailure(error)
          started = cursor.stop()  // nothing more can be written: start no other job
        }
        summary.add(slot.outcome.summary)
        slot.diagnostics.forEach(report)
        slot.diagnostics = []
        if let stop = slot.outcome.failure, failure == nil {
          failure = stop
          started = cursor.stop()  // jobs not started yet are never replayed
        }
      }
      if slot.output >= 0 {
        _System.close(slot.output)
        slot.output = -1
      }
      permits.signal()
      index += 1
    }
    if let failure { throw failure }
    return summary
  }

  /// Replays `job` into a new temporary file of `slot` (a worker's part).
  private func run<Job: ReplayJob>(_ job: Job, in folder: SystemPath, into slot: Slot) {
    let temporary = "a temporary file in \(folder)"
    slot.output = _temporaryFile(in: folder)
    guard slot.output >= 0 else {
      let error = FileError(.writeFailed, path: temporary, code: _System.errorNumber)
      slot.outcome.failure = _temporaryFailure(error)
      return
    }
    slot.outcome = job.run(
      with: self, writingTo: SystemDescriptor(rawValue: slot.output), name: temporary
    ) {
      slot.diagnostics.append($0)
    }
    if case .output(let error) = slot.outcome.failure {  // of the temporary file
      slot.outcome.failure = _temporaryFailure(error)
    }
  }
}

/// A failure to create or write a temporary file: a resource shortage when the system ran
/// short of descriptors, memory or room, else a write failure.
private func _temporaryFailure(_ error: FileError) -> ReplayFailure {
  error.isResourceShortage || error.isShortOfRoom ? .resources(error) : .output(error)
}

/// The folder of temporary files: `$TMPDIR`, or `/tmp`.
private func _temporaryFolder() -> SystemPath {
  let folder = _System.environmentBytes("TMPDIR") ?? []
  return folder.isEmpty ? "/tmp" : SystemPath(bytes: folder)
}

/// An unnamed temporary file in `folder` (unlinked at once), or -1 (`errno` says why).
private func _temporaryFile(in folder: SystemPath) -> Int32 {
  let prefix = folder.hasSuffix("/") ? folder : folder + "/"
  guard let file = _System.createUnique(prefix: prefix + "pagetrace-") else { return -1 }
  _System.unlink(file.path)
  return file.descriptor
}

/// Copies a whole temporary file from its start to `output`; returns the error, if any (a
/// failure to read the temporary file names it, not `name`).
///
/// Each write ends at a record boundary (after a line feed, in CSV one outside quotes), so
/// that an output cut short by a failed write ends with a whole record, as it does with one
/// job (``_System/writeAll(_:from:count:name:)``).
private func _copy(from input: Int32, to output: Int32, name: String, csv: Bool) -> FileError? {
  let temporary = "a temporary file"
  guard _System.rewind(input) else {
    return FileError(.readFailed, path: temporary, code: _System.errorNumber)
  }
  let size = 1 << 20
  let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
  defer { buffer.deallocate() }
  var held = 0  // the start of a record, at the buffer's start, not written yet
  var quoted = false  // CSV: whether the bytes scanned so far end inside a quoted field
  while true {
    let count: Int
    do {
      count = try _System.read(input, into: buffer + held, count: size - held, name: temporary)
    } catch {
      return error
    }
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
