import Dispatch
import PageTrace

extension ReplayDriver {
  /// One job's slot: its output, held for the caller's thread, its outcome, and a signal
  /// when it is done.
  private final class Slot: @unchecked Sendable {
    // Written by one worker before `done.signal()`, read by the caller after `done.wait()`.
    var outcome = Outcome()
    var diagnostics: [ReplayProblem] = []
    let output: _HeldOutput
    let done = DispatchSemaphore(value: 0)

    init(budget: _HeldOutput.Budget) { output = _HeldOutput(budget: budget) }
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
  /// yet written out. Each holds one temporary file open, and each worker at most
  /// one input besides, so a run opens at most `3 × jobs` descriptors beyond the output and
  /// the standard streams, however many inputs it reads (docs/behaviour/limits.md, "Limits").
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
    let budget = _HeldOutput.Budget(bytes: options._heldBytes)
    let slots = jobs.map { _ in Slot(budget: budget) }
    let cursor = Cursor(count: jobs.count)
    // A worker takes a permit before a job, and the caller gives it back once the job is
    // written out: a slow job early on holds up at most this many finished ones. (Every permit
    // is back before the semaphore goes: libdispatch stops the process otherwise.)
    let permits = DispatchSemaphore(value: Self.filesInFlight(jobs: workers))
    // Each worker replays a whole file on its thread: none is split further.
    var inner = options
    inner.jobs = 1
    let driver = ReplayDriver(inner)
    let folder = options._temporaryFolder ?? _temporaryFolder()
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
      // Written out as the job runs, and once it is done, the rest.
      let writeError = slot.output.writeOut(
        to: descriptor.rawValue, name: name, csv: csv, discarding: failure != nil)
      slot.done.wait()
      if failure == nil {
        if let error = writeError {
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
      slot.output.close()
      permits.signal()
      index += 1
    }
    if let failure { throw failure }
    return summary
  }

  /// Replays `job` into a new temporary file of `slot`, its output held in memory while the
  /// run's budget allows (a worker's part).
  private func run<Job: ReplayJob>(_ job: Job, in folder: SystemPath, into slot: Slot) {
    let temporary = "a temporary file in \(folder)"
    let file = _temporaryFile(in: folder)
    slot.output.start(file: file)
    defer { slot.output.finish() }
    guard file >= 0 else {
      let error = FileError(.writeFailed, path: temporary, code: _System.errorNumber)
      slot.outcome.failure = _temporaryFailure(error)
      return
    }
    slot.outcome = job.run(
      with: self, writingTo: SystemDescriptor(rawValue: file), name: temporary
    ) {
      slot.diagnostics.append($0)
    }
    if case .output(let error) = slot.outcome.failure {
      if let name = slot.output.straightOutputName {
        // Written straight to the output (only after every write to the temporary file
        // succeeded): its failure, named as one job names it.
        slot.outcome.failure = .output(
          FileError(error.kind, path: name, code: error.code, message: error.message))
      } else {  // of the temporary file
        slot.outcome.failure = _temporaryFailure(error)
      }
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
