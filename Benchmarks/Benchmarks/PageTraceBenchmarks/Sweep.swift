import Benchmark
import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// Decode once, replay many (``FanOutReplay``, `pagetrace sweep`): 16 configurations in one
/// pass over a generated trace (`Sweep16`) against 16 separate replays of the same file
/// (`Replay16`), measured in the same run (target: at least 4× faster); and the fan-out's
/// scaling in the number of configurations, K = 1, 4, 16, 64 (`Sweep_K1` … `Sweep_K64`),
/// which should be linear: one decode plus K reductions. Every configuration is watched by
/// what `pagetrace sweep` watches (the statistics of `stats`).
func sweepBenchmarks(smoke: Bool) {
  let events = smoke ? 10_000 : 200_000
  nonisolated(unsafe) var jsonl = ""
  let setup = { jsonl = Workloads.trace(events: events, format: .jsonLines) }

  Benchmark(
    "Sweep16", configuration: .init(metrics: throughputMetrics, setup: setup)
  ) { benchmark in
    let start = ContinuousClock.now
    blackHole(try Workloads.sweep(jsonl, variants: Workloads.scrubDelays(16)))
    report(benchmark, bytes: 16 * Workloads.size(of: jsonl), events: 16 * events, from: start)
  }

  Benchmark(
    "Replay16", configuration: .init(metrics: throughputMetrics, setup: setup)
  ) { benchmark in
    let start = ContinuousClock.now
    for variant in Workloads.scrubDelays(16) {
      var options = TraceReplay.Options()
      options.overrides = variant
      var observer = StatisticsObserver()
      var reader = try TraceReader(opening: jsonl)
      let outcome = TraceReplay(options).run(&reader, observer: &observer) { _ in }
      if let failure = outcome.failure { throw failure }
      blackHole(observer.statistics?.transitions)
    }
    report(benchmark, bytes: 16 * Workloads.size(of: jsonl), events: 16 * events, from: start)
  }

  // The same pair with the lightest observer (it counts transitions, and sees no events):
  // what decoding once saves when the reductions themselves are all the work left.
  Benchmark(
    "Sweep16Count", configuration: .init(metrics: throughputMetrics, setup: setup)
  ) { benchmark in
    let start = ContinuousClock.now
    var reader = try TraceReader(opening: jsonl)
    var counters = [TransitionCount](repeating: TransitionCount(), count: 16)
    let outcome = FanOutReplay(TraceReplay.Options(), variants: Workloads.scrubDelays(16)).run(
      &reader, observers: &counters
    ) { _ in }
    if let failure = outcome.failure { throw failure }
    blackHole(counters.reduce(0) { $0 + $1.count })
    report(benchmark, bytes: 16 * Workloads.size(of: jsonl), events: 16 * events, from: start)
  }

  Benchmark(
    "Replay16Count", configuration: .init(metrics: throughputMetrics, setup: setup)
  ) { benchmark in
    let start = ContinuousClock.now
    for variant in Workloads.scrubDelays(16) {
      var options = TraceReplay.Options()
      options.overrides = variant
      var counter = TransitionCount()
      var reader = try TraceReader(opening: jsonl)
      let outcome = TraceReplay(options).run(&reader, observer: &counter) { _ in }
      if let failure = outcome.failure { throw failure }
      blackHole(counter.count)
    }
    report(benchmark, bytes: 16 * Workloads.size(of: jsonl), events: 16 * events, from: start)
  }

  for count in [1, 4, 16, 64] {
    Benchmark(
      "Sweep_K\(count)", configuration: .init(metrics: throughputMetrics, setup: setup)
    ) { benchmark in
      let start = ContinuousClock.now
      blackHole(try Workloads.sweep(jsonl, variants: Workloads.scrubDelays(count)))
      report(
        benchmark, bytes: count * Workloads.size(of: jsonl), events: count * events, from: start)
    }
  }
}

extension Workloads {
  /// `count` configurations: scrubDelay from 0.05 s in steps of 0.01 s.
  static func scrubDelays(_ count: Int) -> [ConfigurationPatch] {
    (0..<count).map { index in
      var patch = ConfigurationPatch()
      patch.scrubDelay = 0.05 + Double(index) * 0.01
      return patch
    }
  }

  /// One fan-out of `variants` over `file` as `pagetrace sweep` makes it: each watched by the
  /// statistics, the strokes followed once for all (``SweepStatistics``); the transitions and
  /// strokes counted in all.
  static func sweep(_ file: String, variants: [ConfigurationPatch]) throws -> Int {
    var reader = try TraceReader(opening: file)
    let sweep = SweepStatistics(configurations: variants.count)
    var observers = sweep.observers
    let outcome = FanOutReplay(TraceReplay.Options(), variants: variants).run(
      &reader, observers: &observers, afterEvent: sweep.follow
    ) { _ in }
    if let failure = outcome.failure { throw failure }
    return sweep.statistics(observers).reduce(0) {
      $0 + $1.transitions + $1.strokes.values.reduce(0, +)
    }
  }
}

/// Counts transitions, and nothing else: the lightest observer.
struct TransitionCount: ReplayObserver {
  static var observesEvents: Bool { false }
  var count = 0
  mutating func observe(_ record: EngineRecord) {
    if case .transition = record.content { count += 1 }
  }
}
