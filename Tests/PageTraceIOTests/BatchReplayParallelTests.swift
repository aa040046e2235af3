import PageTrace
import PageTraceGenerator
import PageTraceIO
import PageTraceTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The parallel replay (``BatchReplay`` with `jobs` > 1) in the library itself, so that the
/// sanitizer runs of CI cover its threads (`swift test --sanitize=address` and
/// `--sanitize=thread --filter BatchReplayParallelTests`): whatever the number of jobs, the
/// output is that of each input replayed alone, one after another in input order, and so are
/// the diagnostics, the summary and the failure.
@Suite struct BatchReplayParallelTests {
  /// The scenario traces of the repository's Traces/ folder, in name order.
  static let scenarios: [String] = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    let folder = parts.joined(separator: "/") + "/Traces"
    return (try? TraceReader.traceFiles(inDirectory: folder))?.filter {
      $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl")
    } ?? []
  }()

  /// What one run wrote, reported, summed up and failed with.
  struct Outcome: Equatable {
    var output: String
    var reports: [String]
    var summary: ReplaySummary?
    var failure: String?
  }

  /// Runs a replay of `files` with `jobs` into a temporary file.
  static func run(
    _ files: [String], jobs: Int, namesFiles: Bool? = nil, format: TableFormat = .jsonLines,
    skipsBadLines: Bool = false
  ) -> Outcome {
    var options = BatchReplay.Options()
    options.jobs = jobs
    options.types = .all
    options.format = format
    options.namesFiles = namesFiles
    options.skipsBadLines = skipsBadLines
    let path = temporaryFile([])
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    precondition(descriptor >= 0)
    var reports: [String] = []
    var summary: ReplaySummary?
    var failure: String?
    do {
      summary = try BatchReplay(options).run(
        files, to: SystemDescriptor(rawValue: descriptor), name: path
      ) {
        reports.append($0.description)
      }
    } catch {
      failure = "\(error)"
    }
    close(descriptor)
    let input = open(path, O_RDONLY)
    defer { close(input) }
    return Outcome(output: readToEnd(input), reports: reports, summary: summary, failure: failure)
  }

  /// Writes generated traces (a header, then `events` events of `sessions` sessions).
  static func generatedTraces(count: Int, events: Int, sessions: Int = 2) throws -> [String] {
    try (0..<count).map { index in
      let path = temporaryFile([])
      let descriptor = open(path, O_WRONLY | O_TRUNC)
      precondition(descriptor >= 0)
      defer { close(descriptor) }
      var writer = EventWriter(descriptor: SystemDescriptor(rawValue: descriptor), name: path)
      var header = ConfigurationPatch()
      header.pages = 8 + index % 5
      header.control = Rect(x: 0, y: 780, width: 390, height: 30)
      header.container = Rect(x: 0, y: 0, width: 390, height: 844)
      writer.writeHeader(header)
      // Sizes vary, so that workers finish out of order.
      let options = TraceGenerator.Options(
        events: events * (1 + index % 4), seed: UInt64(index), sessions: sessions)
      for event in TraceGenerator(options) { writer.write(event) }
      try writer.flush()
      return path
    }
  }

  @Test func theScenariosAreThere() {
    #expect(Self.scenarios.count >= 20)
  }

  /// Every job count writes what each input replayed alone writes, in input order.
  @Test(arguments: [2, 3, 8])
  func outputIsEachInputAloneInInputOrder(jobs: Int) throws {
    let generated = try Self.generatedTraces(count: 12, events: 400)
    defer { generated.forEach { unlink($0) } }
    let files = Self.scenarios + generated
    let alone = files.map { Self.run([$0], jobs: 1, namesFiles: true) }
    for outcome in alone {
      #expect(outcome.failure == nil && outcome.reports.isEmpty)
    }
    let parallel = Self.run(files, jobs: jobs)
    #expect(parallel.failure == nil)
    #expect(parallel.reports.isEmpty)
    #expect(parallel.output == alone.map(\.output).joined(), "jobs \(jobs)")
    let summary = try #require(parallel.summary)
    #expect(summary.records == alone.reduce(0) { $0 + ($1.summary?.records ?? 0) })
    #expect(summary.lines == alone.reduce(0) { $0 + ($1.summary?.lines ?? 0) })
    #expect(summary.eventsApplied == alone.reduce(0) { $0 + ($1.summary?.eventsApplied ?? 0) })
    #expect(summary.records > 1000)
    // And the same as one job: the sequential loop.
    #expect(Self.run(files, jobs: 1) == parallel)
  }

  /// Many more inputs than jobs: every one replayed once, in order.
  @Test func manySmallInputs() throws {
    let generated = try Self.generatedTraces(count: 150, events: 20, sessions: 1)
    defer { generated.forEach { unlink($0) } }
    let expected = generated.map { Self.run([$0], jobs: 1, namesFiles: true).output }.joined()
    let parallel = Self.run(generated, jobs: 8)
    #expect(parallel.failure == nil)
    #expect(parallel.output == expected)
  }

  /// A bad line stops the run: the records of every earlier input and line are written, none
  /// after, and the failure is that of the bad line, whichever worker met it first.
  @Test(arguments: [2, 4])
  func aDataErrorStopsAfterEverythingBeforeIt(jobs: Int) throws {
    let generated = try Self.generatedTraces(count: 10, events: 300)
    defer { generated.forEach { unlink($0) } }
    let bad = temporaryFile(
      Array(
        """
        {"pagetrace":1,"pages":8,"control":{"x":0,"y":780,"width":390,"height":30}}
        {"t":0,"touch":"down","id":1,"x":300,"y":795}
        {"t":0.05,"touch":"up","id":1,"x":300,"y":795}
        {"t":1,"touch":"down","id":1,"x":"here","y":795}

        """.utf8))
    defer { unlink(bad) }
    let files = Array(generated[..<5]) + [bad] + Array(generated[5...])
    let before = files[..<5].map { Self.run([$0], jobs: 1, namesFiles: true).output }.joined()
    let badAlone = Self.run([bad], jobs: 1, namesFiles: true)
    let failure = try #require(badAlone.failure)
    #expect(failure.contains("\(bad):4:"), "\(failure)")
    let parallel = Self.run(files, jobs: jobs)
    #expect(parallel.failure == failure)
    #expect(parallel.output == before + badAlone.output)
    #expect(parallel.summary == nil)
    // Skipping bad lines, the run goes on, and the report comes in input order.
    let skipping = Self.run(files, jobs: jobs, skipsBadLines: true)
    let sequential = Self.run(files, jobs: 1, skipsBadLines: true)
    #expect(skipping.failure == nil)
    #expect(skipping.reports.count == 1)
    #expect(skipping.reports.first?.contains("\(bad):4:") == true)
    #expect(skipping == sequential)
  }

  /// A missing input is reported where it stands among the others.
  @Test func aMissingInputIsReportedInOrder() throws {
    let generated = try Self.generatedTraces(count: 6, events: 200)
    defer { generated.forEach { unlink($0) } }
    let missing = "/nonexistent/pagetrace-missing.jsonl"
    let files = Array(generated[..<3]) + [missing] + Array(generated[3...])
    let sequential = Self.run(files, jobs: 1, skipsBadLines: true)
    #expect(sequential.reports.count == 1)
    #expect(sequential.reports.first?.contains(missing) == true)
    #expect(sequential.summary?.unreadableFiles == 1)
    for jobs in [2, 5] {
      #expect(Self.run(files, jobs: jobs, skipsBadLines: true) == sequential, "jobs \(jobs)")
    }
    // Without skipping, the missing input stops the run after the inputs before it.
    let stopped = Self.run(files, jobs: 3)
    #expect(stopped.failure?.contains(missing) == true)
    let before = files[..<3].map { Self.run([$0], jobs: 1, namesFiles: true).output }.joined()
    #expect(stopped.output == before)
  }

  /// CSV: one header row for the whole run, whatever the jobs.
  @Test func csvHasOneHeaderRow() throws {
    let generated = try Self.generatedTraces(count: 5, events: 200)
    defer { generated.forEach { unlink($0) } }
    let sequential = Self.run(generated, jobs: 1, format: .csv)
    let parallel = Self.run(generated, jobs: 3, format: .csv)
    #expect(parallel == sequential)
    let rows = parallel.output.split(separator: "\n")
    #expect(rows.first?.hasPrefix("t,type,session,") == true)
    #expect(rows.filter { $0.hasPrefix("t,type,") }.count == 1)
    #expect(rows.count > 100)
  }
}
