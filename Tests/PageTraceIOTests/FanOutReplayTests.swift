import PageTrace
import PageTraceIO
import PageTraceTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ``FanOutReplay``: each variant's observer sees exactly what a plain ``TraceReplay`` under
/// that variant's configuration shows its one observer (the reference), and writes the same
/// bytes through a ``RecordWriter``.
@Suite struct FanOutReplayTests {
  /// Three variants far enough apart to change outcomes: a slow scrub, another profile, a
  /// quick flick.
  static let variants: [ConfigurationPatch] = [
    #"{"scrubDelay":0.5}"#, #"{"profile":"android"}"#, #"{"flickVelocity":100,"continuous":true}"#,
  ].map { try! ConfigurationPatch(json: $0) }

  /// What a run gave one observer.
  struct Seen: Equatable, CustomStringConvertible {
    var calls: [String]
    var reports: [String]
    var summary: ReplaySummary
    var failure: String?
    var description: String {
      "\(calls.count) calls, reports \(reports), \(summary), failure \(failure ?? "none")"
    }
  }

  /// The options with `variant` as the overrides: what a plain replay of the variant uses.
  static func options(_ variant: ConfigurationPatch, skipping: Bool) -> TraceReplay.Options {
    var options = TraceReplay.Options()
    options.skipsBadLines = skipping
    options.overrides = variant
    return options
  }

  /// A plain replay of `path` under `variant`, with a call log.
  static func reference(_ path: String, _ variant: ConfigurationPatch, skipping: Bool) throws
    -> Seen
  {
    var reader = try TraceReader(opening: path)
    var log = CallLog()
    var reports: [String] = []
    let outcome = TraceReplay(options(variant, skipping: skipping)).run(&reader, observer: &log) {
      reports.append($0.description)
    }
    return Seen(
      calls: log.calls, reports: reports, summary: outcome.summary,
      failure: outcome.failure.map { "\($0)" })
  }

  /// A fan-out of `path` over `variants`, with a call log each.
  static func fanOut(_ path: String, _ variants: [ConfigurationPatch], skipping: Bool) throws
    -> (seen: [Seen], reports: [String])
  {
    var reader = try TraceReader(opening: path)
    var logs = [CallLog](repeating: CallLog(), count: variants.count)
    var reports: [String] = []
    var options = TraceReplay.Options()
    options.skipsBadLines = skipping
    let outcomes = FanOutReplay(options, variants: variants).runEach(&reader, observers: &logs) {
      reports.append($0.description)
    }
    let seen = zip(logs, outcomes).map { log, outcome in
      Seen(
        calls: log.calls, reports: [], summary: outcome.summary,
        failure: outcome.failure.map { "\($0)" })
    }
    return (seen, reports)
  }

  @Test(arguments: BatchReplayParallelTests.scenarios)
  func eachVariantSeesWhatAPlainReplayShows(_ path: String) throws {
    let fanned = try Self.fanOut(path, Self.variants, skipping: true)
    var referenceReports: [String]?
    for (index, variant) in Self.variants.enumerated() {
      var expected = try Self.reference(path, variant, skipping: true)
      if referenceReports == nil { referenceReports = expected.reports }
      expected.reports = []
      #expect(fanned.seen[index] == expected, "\(path), variant \(index)")
    }
    #expect(fanned.seen.contains { $0.calls.contains { $0.hasPrefix("record ") } })
    // Problems of the reading are reported once, not once per variant.
    #expect(fanned.reports == referenceReports)
  }

  /// A ``RecordWriter`` (which cannot be copied) as an observer that can, forwarding what a
  /// writer observes.
  final class WriterBox: ReplayObserver {
    static var observesEvents: Bool { false }
    static var observesEventEnds: Bool { true }
    var writer: RecordWriter
    init(descriptor: Int32) {
      writer = RecordWriter(descriptor: SystemDescriptor(rawValue: descriptor), types: .all)
      writer.writesKeys = true
    }
    var outputFailure: FileError? { writer.outputFailure }
    func name(_ session: SessionID, _ name: String) { writer.name(session, name) }
    func eventLine(_ line: Int) { writer.eventLine(line) }
    func observe(_ record: EngineRecord) { writer.observe(record) }
    func endEvent() { writer.endEvent() }
  }

  /// The records of a replay of `path` under `variant` written by a ``RecordWriter``.
  static func written(_ path: String, _ variant: ConfigurationPatch) throws -> [UInt8] {
    let output = temporaryFile([])
    defer { unlink(output) }
    let descriptor = open(output, O_WRONLY | O_TRUNC)
    var writer = RecordWriter(
      descriptor: SystemDescriptor(rawValue: descriptor), types: .all)
    writer.writesKeys = true
    var reader = try TraceReader(opening: path)
    _ = TraceReplay(options(variant, skipping: true)).run(&reader, observer: &writer) { _ in }
    try writer.flush()
    close(descriptor)
    return contents(of: output)
  }

  @Test(arguments: BatchReplayParallelTests.scenarios)
  func writersGetTheSameBytes(_ path: String) throws {
    let outputs = Self.variants.map { _ in temporaryFile([]) }
    defer { for output in outputs { unlink(output) } }
    let descriptors = outputs.map { open($0, O_WRONLY | O_TRUNC) }
    var writers = descriptors.map { WriterBox(descriptor: $0) }
    var reader = try TraceReader(opening: path)
    var options = TraceReplay.Options()
    options.skipsBadLines = true
    let outcome = FanOutReplay(options, variants: Self.variants).run(&reader, observers: &writers) {
      _ in
    }
    #expect(outcome.failure == nil)
    for box in writers { try box.writer.flush() }
    for descriptor in descriptors { close(descriptor) }
    var distinct = Set<[UInt8]>()
    for (index, variant) in Self.variants.enumerated() {
      let expected = try Self.written(path, variant)
      #expect(contents(of: outputs[index]) == expected, "\(path), variant \(index)")
      distinct.insert(expected)
    }
    _ = distinct
  }

  /// The variants do tell outcomes apart on some trace (else the comparisons prove little).
  @Test func variantsChangeOutcomes() throws {
    var differing = 0
    for path in BatchReplayParallelTests.scenarios {
      let outputs = try Self.variants.map { try Self.written(path, $0) }
      if Set(outputs).count > 1 { differing += 1 }
    }
    #expect(differing >= 5)
  }

  /// A trace with bad lines: skipped ones are counted by every variant and reported once;
  /// without skipping, every variant stops at the first bad line.
  @Test(arguments: [true, false])
  func badLines(skipping: Bool) throws {
    let text = """
      {"pagetrace":1,"pages":5,"control":{"x":0,"y":780,"width":390,"height":30}}
      {"t":0,"touch":"down","id":1,"x":200,"y":795}
      {"t":0.1,"touch":"up","id":1,"x":200,"y":795}
      {"t":0.2,"touch":"sideways","id":1,"x":200,"y":795}
      {"t":0.05,"touch":"down","id":2,"x":300,"y":795}
      {"t":1,"touch":"down","id":3,"x":300,"y":795}
      {"t":1.6,"touch":"up","id":3,"x":300,"y":795}

      """
    let path = temporaryFile(Array(text.utf8))
    defer { unlink(path) }
    let fanned = try Self.fanOut(path, Self.variants, skipping: skipping)
    var referenceReports: [String]?
    for (index, variant) in Self.variants.enumerated() {
      var expected = try Self.reference(path, variant, skipping: skipping)
      if referenceReports == nil { referenceReports = expected.reports }
      expected.reports = []
      #expect(fanned.seen[index] == expected, "variant \(index)")
      #expect(expected.summary.skippedLines == (skipping ? 2 : 0))
      #expect((expected.failure != nil) == !skipping)
    }
    #expect(fanned.reports == referenceReports)
    #expect(fanned.reports.count == (skipping ? 2 : 0))
  }

  /// Standard input is read once: a fan-out works on what cannot be read twice.
  @Test func aPipeIsReadOnce() throws {
    let path = BatchReplayParallelTests.scenarios.first { $0.hasSuffix("/scrub.jsonl") }!
    let bytes = contents(of: path)
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    writeAll(fds[1], bytes)
    close(fds[1])
    defer { close(fds[0]) }
    var reader = try TraceReader(descriptor: SystemDescriptor(rawValue: fds[0]), name: "<stdin>")
    var logs = [CallLog](repeating: CallLog(), count: 2)
    let variants = Array(Self.variants.prefix(2))
    let outcomes = FanOutReplay(TraceReplay.Options(), variants: variants).runEach(
      &reader, observers: &logs
    ) { _ in }
    for (index, variant) in variants.enumerated() {
      let expected = try Self.reference(path, variant, skipping: false)
      #expect(logs[index].calls == expected.calls)
      #expect(outcomes[index].summary == expected.summary)
    }
  }
}
