import PageTrace
import PageTraceIO
import PageTraceTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one replay driver (``ReplayDriver``): a job's observer is any observer, and whatever
/// the number of jobs, the output and the problems come in input order; one input replays
/// into an observer of the caller's, noncopyable ones included.
@Suite struct ReplayDriverTests {
  /// The repository's Traces/ folder.
  static let traces: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/") + "/Traces"
  }()

  /// The scenarios replayed as they are, each with its hand-derived records
  /// (`Traces/expected/NAME.jsonl`), in name order.
  static let scenarios: [String] = {
    let names = (try? TraceReader.traceFiles(inDirectory: traces + "/expected")) ?? []
    return names.map { String($0.split(separator: "/").last!) }
      .filter { $0.split(separator: ".").count == 2 }.sorted()
  }()

  /// Counts records by type: an observer that is neither a writer nor noncopyable, and sees
  /// events too (``ReplayObserver/observesEvents`` is `true` by default).
  struct TypeCounter: ReplayObserver {
    var counts: [String: Int] = [:]
    var events = 0
    mutating func willHandle(_ event: EngineEvent) { events += 1 }
    mutating func observe(_ record: EngineRecord) {
      counts[record.type.rawValue, default: 0] += 1
    }
    /// `NAME type=count …`, the types in name order.
    func line(name: String) -> String {
      name + counts.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined() + "\n"
    }
  }

  /// Writes one line per input: its name and its records counted by type.
  struct CountingJob: ReplayJob {
    var input: SystemPath
    var options = TraceReplay.Options()
    func run(
      with driver: ReplayDriver, writingTo output: SystemDescriptor, name: String,
      report: (ReplayProblem) -> Void
    ) -> ReplayDriver.Outcome {
      var counter = TypeCounter()
      var outcome = driver.replay(input, options: options, observer: &counter, report: report)
      guard outcome.replay != nil else { return outcome }
      var writer = TextWriter(descriptor: output, name: name)
      writer.write(counter.line(name: TraceReader.displayName(of: input)))
      do { try writer.flush() } catch { outcome.failure = .output(error) }
      return outcome
    }
  }

  /// Runs `jobs` with `count` workers into a temporary file: what it wrote, reported, and
  /// failed with.
  static func run<Job: ReplayJob>(_ jobs: [Job], count: Int) -> (
    output: String, reports: [String], summary: ReplaySummary?, failure: String?
  ) {
    var options = ReplayDriver.Options()
    options.jobs = count
    let path = temporaryFile([])
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    precondition(descriptor >= 0)
    var reports: [String] = []
    var summary: ReplaySummary?
    var failure: String?
    do {
      summary = try ReplayDriver(options).run(
        jobs, to: SystemDescriptor(rawValue: descriptor), name: path
      ) { reports.append($0.description) }
    } catch {
      failure = "\(error)"
    }
    close(descriptor)
    let input = open(path, O_RDONLY)
    defer { close(input) }
    return (readToEnd(input), reports, summary, failure)
  }

  /// The line a counting job writes for `scenario`, counted from its hand-derived records.
  static func expectedLine(_ scenario: String) throws -> String {
    let expected = open(traces + "/expected/" + scenario, O_RDONLY)
    try #require(expected >= 0)
    defer { close(expected) }
    var counts: [String: Int] = [:]
    for line in readToEnd(expected).split(separator: "\n") {
      let type = line.split(separator: "\"type\":\"")[1].prefix { $0 != "\"" }
      counts[String(type), default: 0] += 1
    }
    return traces + "/" + scenario
      + counts.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined() + "\n"
  }

  @Test func theScenariosAreThere() {
    #expect(Self.scenarios.count >= 20)
  }

  /// A job of any observer: every job count writes each input's line, in input order.
  @Test(arguments: [1, 2, 3, 8])
  func anyObserverInInputOrder(jobs: Int) throws {
    let files = Self.scenarios.map { Self.traces + "/" + $0 }
    var options = TraceReplay.Options()
    options.progress = ReplayProgress()
    let run = Self.run(
      files.map { CountingJob(input: SystemPath($0), options: options) }, count: jobs)
    #expect(run.failure == nil)
    #expect(run.reports.isEmpty)
    #expect(run.output == (try Self.scenarios.map(Self.expectedLine).joined()), "jobs \(jobs)")
    let summary = try #require(run.summary)
    #expect(summary.lines > 100)
    #expect(summary.accountsForEveryLine)
  }

  /// Inputs that cannot be opened are reported where they stand among the others, when bad
  /// input is skipped; without skipping, the first one stops the run after the jobs before it.
  @Test(arguments: [1, 2, 4])
  func unreadableInputsInInputOrder(jobs: Int) throws {
    let tap = Self.traces + "/tap.jsonl"
    let missing = ["/nonexistent/pagetrace-a.jsonl", "/nonexistent/pagetrace-b.jsonl"]
    let files = [missing[0], tap, missing[1], tap]
    var skipping = TraceReplay.Options()
    skipping.skipsBadLines = true
    let skipped = Self.run(
      files.map { CountingJob(input: SystemPath($0), options: skipping) }, count: jobs)
    #expect(skipped.failure == nil)
    #expect(skipped.reports.count == 2)
    for (report, path) in zip(skipped.reports, missing) {
      #expect(report.hasPrefix(path + ": "), "\(report)")
    }
    #expect(skipped.summary?.unreadableFiles == 2)
    let line = try Self.expectedLine("tap.jsonl")
    #expect(skipped.output == line + line)
    let stopped = Self.run(
      [tap, missing[1], tap].map { CountingJob(input: SystemPath($0)) }, count: jobs)
    #expect(stopped.output == line)
    #expect(stopped.reports.isEmpty)
    #expect(stopped.failure?.contains(missing[1]) == true, "\(stopped.failure ?? "")")
  }

  /// One input into a noncopyable observer of the caller's: a record writer writes the
  /// scenario's hand-derived records.
  @Test func oneInputIntoTheCallersWriter() throws {
    let path = temporaryFile([])
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    try #require(descriptor >= 0)
    var writer = RecordWriter(
      descriptor: SystemDescriptor(rawValue: descriptor), name: path, types: .all)
    var reports: [ReplayProblem] = []
    let outcome = ReplayDriver().replay(
      SystemPath(Self.traces + "/tap.jsonl"), observer: &writer
    ) { reports.append($0) }
    try writer.flush()
    close(descriptor)
    #expect(outcome.failure == nil && reports.isEmpty)
    #expect(outcome.replay?.configuration?.pages == outcome.replay?.header?.pages)
    #expect(outcome.summary.records == 0)  // the loop only hands records on
    let output = open(path, O_RDONLY)
    defer { close(output) }
    let expected = open(Self.traces + "/expected/tap.jsonl", O_RDONLY)
    defer { close(expected) }
    #expect(readToEnd(output) == readToEnd(expected))
  }

  /// An input that cannot be opened: a problem when bad input is skipped, else the failure;
  /// either way counted, and never replayed.
  @Test func oneInputThatCannotBeOpened() {
    let missing = SystemPath("/nonexistent/pagetrace-missing.jsonl")
    var counter = TypeCounter()
    var reports: [ReplayProblem] = []
    var options = TraceReplay.Options()
    options.skipsBadLines = true
    let skipped = ReplayDriver().replay(missing, options: options, observer: &counter) {
      reports.append($0)
    }
    #expect(skipped.replay == nil && skipped.failure == nil)
    #expect(skipped.summary.unreadableFiles == 1)
    guard case .unreadableInput(let error)? = reports.first, reports.count == 1 else {
      Issue.record("expected one unreadable input, got \(reports)")
      return
    }
    #expect(error.code == ENOENT)
    reports = []
    let stopped = ReplayDriver().replay(missing, observer: &counter) { reports.append($0) }
    #expect(stopped.replay == nil && reports.isEmpty)
    #expect(stopped.summary.unreadableFiles == 1)
    guard case .input(let failure)? = stopped.failure else {
      Issue.record("expected an input failure, got \(String(describing: stopped.failure))")
      return
    }
    #expect(failure.code == ENOENT)
    #expect(counter.events == 0)
  }
}
