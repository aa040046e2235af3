import Dispatch
import PageTraceGenerator
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The output of the jobs of a parallel run, held in memory for the caller's thread
/// (`_HeldOutput`), past its budget in each job's temporary file: whatever the budget, the
/// number of workers and the way a job writes (through a PageTrace writer, which is held, or
/// straight to its descriptor, which reaches the file), the output is every job's bytes in
/// the order it wrote them, job after job in input order. The expectation is the pieces the
/// test made, joined. These tests also run under the sanitizers in CI.
@Suite struct HeldOutputTests {
  /// A piece of a job's output: text, and whether it is written straight to the descriptor
  /// (`write(2)`) rather than through a ``TextWriter``.
  struct Piece: Sendable {
    var text: String
    var direct: Bool
  }

  /// Writes its pieces in order; replays nothing. It may first wait for a signal of another
  /// job's (`waitsFor`, 30 s at most), or signal one when done (`signals`).
  struct PieceJob: ReplayJob {
    var input: SystemPath { "-" }
    var pieces: [Piece]
    var waitsFor: DispatchSemaphore?
    var signals: DispatchSemaphore?

    func run(
      with driver: ReplayDriver, writingTo output: SystemDescriptor, name: String,
      report: (ReplayProblem) -> Void
    ) -> ReplayDriver.Outcome {
      _ = waitsFor?.wait(timeout: .now() + 30)
      defer { signals?.signal() }
      var outcome = ReplayDriver.Outcome()
      var writer = TextWriter(descriptor: output, name: name)
      do {
        for piece in pieces {
          guard piece.direct else {
            writer.write(piece.text)
            continue
          }
          try writer.flush()
          var text = piece.text
          let written = text.withUTF8 { write(output.rawValue, $0.baseAddress, $0.count) }
          precondition(written == piece.text.utf8.count)
        }
        try writer.flush()
      } catch {
        outcome.failure = .output(error)
      }
      return outcome
    }
  }

  /// Random jobs: 1 to 40 pieces each of up to 2,000 lines (up to 160 kB) (so that blocks
  /// fill, and some drains exceed a block), a third of them written straight.
  static func randomJobs(seed: UInt64, count: Int) -> [PieceJob] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { job in
      let pieces = (0..<(1 + Int(random.next() % 40))).map { index in
        let lines = Int(random.next() % 2_000)
        let width = Int(random.next() % 60)
        var text = ""
        for line in 0..<lines {
          text += "job \(job) piece \(index) line \(line) " + String(repeating: "x", count: width)
          text += "\n"
        }
        return Piece(text: text, direct: random.next() % 3 == 0)
      }
      return PieceJob(pieces: pieces)
    }
  }

  /// Runs `jobs` on `workers` with `heldBytes` of budget into a temporary file: its bytes.
  static func run(_ jobs: [PieceJob], workers: Int, heldBytes: Int) throws -> String {
    var options = ReplayDriver.Options()
    options.jobs = workers
    options._heldBytes = heldBytes
    let path = temporaryFile([])
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    try #require(descriptor >= 0)
    _ = try ReplayDriver(options).run(jobs, to: SystemDescriptor(rawValue: descriptor), name: path)
    { Issue.record("unexpected problem: \($0)") }
    close(descriptor)
    let input = open(path, O_RDONLY)
    defer { close(input) }
    return readToEnd(input)
  }

  @Test(arguments: [0, 1 << 20, 3 << 20, 64 << 20])
  func everyByteInTheOrderWritten(heldBytes: Int) throws {
    for seed: UInt64 in 1...3 {
      let jobs = Self.randomJobs(seed: seed, count: 7)
      let expected = jobs.map { $0.pieces.map(\.text).joined() }.joined()
      for workers in [2, 3] {
        let output = try Self.run(jobs, workers: workers, heldBytes: heldBytes)
        guard output != expected else { continue }
        // Where the bytes part, rather than megabytes of both.
        let parting = zip(output.utf8, expected.utf8).enumerated().first {
          $0.element.0 != $0.element.1
        }
        Issue.record(
          "seed \(seed), workers \(workers), held \(heldBytes): \(output.utf8.count) bytes for \(expected.utf8.count), first difference at \(parting.map { String($0.offset) } ?? "the end")"
        )
      }
    }
  }

  /// Random jobs whose pieces all go through a ``TextWriter``.
  static func writerJobs(seed: UInt64, count: Int) -> [PieceJob] {
    randomJobs(seed: seed, count: count).map { job in
      PieceJob(pieces: job.pieces.map { Piece(text: $0.text, direct: false) })
    }
  }

  /// Mounting a file system takes root; CI runs as root, so there the test always runs.
  static let canMount = geteuid() == 0 || getenv("CI").map { String(cString: $0) } == "true"

  /// Runs `body` with a folder of its own on a 64 KiB tmpfs, unmounted and removed after.
  static func withSmallFileSystem(_ body: (String) throws -> Void) throws {
    let folder = temporaryFile([]) + ".d"
    try #require(mkdir(folder, 0o700) == 0)
    defer { rmdir(folder) }
    try #require(system("mount -t tmpfs -o size=64k tmpfs '\(folder)'") == 0)
    defer { _ = system("umount '\(folder)'") }
    try body(folder)
  }

  /// Past the budget, jobs write to their temporary files: in a full folder (a 64 KiB
  /// tmpfs), that is a resource shortage (exit 75 in the command-line tool), naming the
  /// temporary file, after output that ends with a whole line. (The first job waits for the
  /// second to end, so that the second is not first in order, writing straight, by then.)
  @Test(.enabled(if: canMount), .timeLimit(.minutes(1)))
  func aFullTemporaryFolderPastTheBudget() throws {
    try Self.withSmallFileSystem { folder in
      var jobs = Self.writerJobs(seed: 4, count: 4)
      try #require(jobs[1].pieces.map(\.text.utf8.count).reduce(0, +) > 64 << 10)
      let secondEnded = DispatchSemaphore(value: 0)
      jobs[0].waitsFor = secondEnded
      jobs[1].signals = secondEnded
      var options = ReplayDriver.Options()
      options.jobs = 2
      options._heldBytes = 0
      options._temporaryFolder = SystemPath(folder)
      let path = temporaryFile([])
      defer { unlink(path) }
      let descriptor = open(path, O_WRONLY | O_TRUNC)
      try #require(descriptor >= 0)
      var failure: ReplayFailure?
      do throws(ReplayFailure) {
        _ = try ReplayDriver(options).run(
          jobs, to: SystemDescriptor(rawValue: descriptor), name: path
        ) { _ in }
      } catch {
        failure = error
      }
      close(descriptor)
      guard case .resources(let error)? = failure else {
        Issue.record("expected a resource shortage, got \(String(describing: failure))")
        return
      }
      #expect(error.code == ENOSPC)
      #expect(error.path == "a temporary file in \(folder)")
      let input = open(path, O_RDONLY)
      defer { close(input) }
      let output = readToEnd(input)
      let expected = jobs.map { $0.pieces.map(\.text).joined() }.joined()
      #expect(expected.hasPrefix(output))
      #expect(output.isEmpty || output.hasSuffix("\n"))
    }
  }

  /// Nothing written at all, and only straight writes: the file alone carries the output.
  @Test func emptyAndStraightJobs() throws {
    let straight = PieceJob(pieces: [Piece(text: "straight\n", direct: true)])
    let empty = PieceJob(pieces: [])
    let held = PieceJob(pieces: [Piece(text: "held\n", direct: false)])
    let jobs = [empty, straight, held, empty, straight, held]
    let output = try Self.run(jobs, workers: 2, heldBytes: 64 << 20)
    #expect(output == "straight\nheld\nstraight\nheld\n")
  }

  /// Writes a line at a time through a ``TextWriter``, flushing each, until the output file
  /// shows its first line (or 10,000 lines, a millisecond apart, have gone): whether the
  /// output held it while the job ran is its outcome's `summary.records` (1 or 0).
  struct WatchingJob: ReplayJob {
    var input: SystemPath { "-" }
    var outputPath: String
    /// The first word of its lines.
    var tag: Character
    /// Whether it watches the output (else it writes 3 lines).
    var watches = true

    func run(
      with driver: ReplayDriver, writingTo output: SystemDescriptor, name: String,
      report: (ReplayProblem) -> Void
    ) -> ReplayDriver.Outcome {
      var outcome = ReplayDriver.Outcome()
      var writer = TextWriter(descriptor: output, name: name)
      let watched = open(outputPath, O_RDONLY)
      defer { close(watched) }
      for line in 0..<(watches ? 10_000 : 3) {
        writer.write("\(tag) watched line \(line)\n")
        do { try writer.flush() } catch {
          outcome.failure = .output(error)
          return outcome
        }
        var first = [UInt8](repeating: 0, count: 17)
        if pread(watched, &first, first.count, 0) == first.count,
          String(decoding: first, as: UTF8.self) == "\(tag) watched line 0\n"
        {
          outcome.summary.records = 1
          return outcome
        }
        if watches { usleep(1_000) }
      }
      return outcome
    }
  }

  /// The job first in order writes straight to the output once the caller's thread has
  /// caught up with it: its lines reach the output while it runs, as with one job, rather than
  /// when a block of 1 MiB fills or the job ends (its 10,000 lines are about 200 kB).
  @Test(.timeLimit(.minutes(1)))
  func theJobFirstInOrderWritesStraightToTheOutput() throws {
    let path = temporaryFile([])
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var options = ReplayDriver.Options()
    options.jobs = 2
    let jobs = [
      WatchingJob(outputPath: path, tag: "a"),
      WatchingJob(outputPath: path, tag: "b", watches: false),
    ]
    let summary = try ReplayDriver(options).run(
      jobs, to: SystemDescriptor(rawValue: descriptor), name: path
    ) { Issue.record("unexpected problem: \($0)") }
    // The first job saw its first line; the second job's come after all of the first's.
    #expect(summary.records == 1)
    let output = contents(of: path)
    #expect(String(decoding: output.prefix(17), as: UTF8.self) == "a watched line 0\n")
  }

  /// A write to the output that fails is the same error whether the job wrote it straight or
  /// the caller's thread wrote it from a block: the output's, named as the output (an output
  /// on a full 64 KiB tmpfs), after output that ends with a whole line, with 1, 2 and 3
  /// workers.
  @Test(.enabled(if: canMount), .timeLimit(.minutes(1)))
  func aFailedWriteToTheOutputIsTheOutputsWithAnyWorkers() throws {
    try Self.withSmallFileSystem { folder in
      let jobs = Self.writerJobs(seed: 5, count: 3)
      let expected = jobs.map { $0.pieces.map(\.text).joined() }.joined()
      try #require(expected.utf8.count > 64 << 10)
      for workers in [1, 2, 3] {
        let path = folder + "/out"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        var options = ReplayDriver.Options()
        options.jobs = workers
        var failure: ReplayFailure?
        do throws(ReplayFailure) {
          _ = try ReplayDriver(options).run(
            jobs, to: SystemDescriptor(rawValue: descriptor), name: "the output"
          ) { _ in }
        } catch {
          failure = error
        }
        close(descriptor)
        let output = String(decoding: contents(of: path), as: UTF8.self)
        unlink(path)
        guard case .output(let error)? = failure else {
          Issue.record(
            "workers \(workers): expected an output failure, got \(String(describing: failure))")
          continue
        }
        #expect(error.code == ENOSPC, "workers \(workers)")
        #expect(error.path == "the output", "workers \(workers)")
        #expect(expected.hasPrefix(output), "workers \(workers)")
        #expect(output.isEmpty || output.hasSuffix("\n"), "workers \(workers)")
      }
    }
  }

  /// The run's blocks: a block written out is the next one taken (its pages are in place),
  /// the budget counts every block taken and not given back, and a block larger than the
  /// usual size (one drain longer than it) is not kept. A fresh block is zeroed and writable.
  @Test func blocksWrittenOutAreTakenAgain() throws {
    let size = _HeldOutput.blockSize
    let budget = _HeldOutput.Budget(bytes: 3 * size + 10)
    let first = try #require(budget.takeBlock(capacity: size))
    #expect(first.load(as: UInt8.self) == 0)
    #expect(first.load(fromByteOffset: size - 1, as: UInt8.self) == 0)
    first.storeBytes(of: 0xAB, toByteOffset: size - 1, as: UInt8.self)
    let second = try #require(budget.takeBlock(capacity: size))
    #expect(second != first)
    let large = try #require(budget.takeBlock(capacity: size + 10))
    #expect(budget.takeBlock(capacity: size) == nil)  // nothing left
    budget.giveBack(first, capacity: size)
    let again = try #require(budget.takeBlock(capacity: size))
    #expect(again == first)
    #expect(again.load(fromByteOffset: size - 1, as: UInt8.self) == 0xAB)
    budget.giveBack(large, capacity: size + 10)
    #expect(budget.takeBlock(capacity: size + 10 + 1) == nil)  // size + 10 left
    let fresh = try #require(budget.takeBlock(capacity: size))
    #expect(fresh != again && fresh != second)
    #expect(budget.takeBlock(capacity: 11) == nil)
    for block in [again, second, fresh] { budget.giveBack(block, capacity: size) }
  }
}
