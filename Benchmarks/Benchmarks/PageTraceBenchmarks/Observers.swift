import Benchmark
import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// The one replay loop with the observers of `stats` and `classify`, on the trace of
/// `JSONLinesReplay` (which writes every record): what watching a replay costs, measured
/// against plain replay in the same run.
func observerBenchmarks(smoke: Bool) {
  let events = smoke ? 10_000 : 1_200_000
  nonisolated(unsafe) var jsonl = ""
  let setup = { jsonl = Workloads.trace(events: events, format: .jsonLines) }

  Benchmark(
    "StatsReplay", configuration: .init(metrics: throughputMetrics, setup: setup)
  ) { benchmark in
    let start = ContinuousClock.now
    var observer = StatisticsObserver()
    blackHole(try Workloads.replay(jsonl, observer: &observer))
    blackHole(observer.statistics?.transitions)
    report(benchmark, bytes: Workloads.size(of: jsonl), events: events, from: start)
  }

  Benchmark(
    "ClassifyReplay", configuration: .init(metrics: throughputMetrics, setup: setup)
  ) { benchmark in
    let start = ContinuousClock.now
    var observer = ClassifierObserver()
    blackHole(try Workloads.replay(jsonl, observer: &observer))
    blackHole(observer.strokes)
    report(benchmark, bytes: Workloads.size(of: jsonl), events: events, from: start)
  }
}

/// What `pagetrace stats` watches.
struct StatisticsObserver: ReplayObserver {
  var statistics: TraceStatistics?
  mutating func begin(_ configuration: PageControlConfiguration) {
    statistics = TraceStatistics(configuration)
  }
  mutating func willHandle(_ event: EngineEvent) { statistics!.observe(event) }
  mutating func observe(_ record: EngineRecord) { statistics!.observe(record) }
}

/// What `pagetrace classify` watches (counting strokes instead of writing them).
struct ClassifierObserver: ReplayObserver {
  var classifier: StrokeClassifier?
  var strokes = 0
  var names = TraceNames()
  mutating func begin(_ configuration: PageControlConfiguration) {
    classifier = StrokeClassifier(configuration)
  }
  mutating func name(_ session: SessionID, _ name: String) { names.set(name, of: session) }
  mutating func name(_ touch: TouchKey, _ name: String) { names.set(name, of: touch) }
  mutating func willHandle(_ event: EngineEvent) {
    classifier?.handle(event, names: names) { _ in strokes += 1 }
  }
}

extension Workloads {
  /// Replays one file through the one loop into `observer`.
  static func replay<Observer: ReplayObserver>(
    _ file: String, observer: inout Observer
  ) throws -> Int {
    var reader = try TraceReader(opening: file)
    let outcome = TraceReplay(TraceReplay.Options()).run(&reader, observer: &observer) { _ in }
    if let failure = outcome.failure { throw failure }
    return outcome.summary.events
  }
}
