import Benchmark
import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `classify` and `stats` with many fingers down at once in one session: N downs, then N ups
/// (the trace of issue 20, item 8), fed to the stroke classifier and to the statistics in
/// memory. Each finger is found by one lookup, so the time per event, `Mevents/s x100`,
/// stays flat from 10^4 to 4 × 10^4 fingers; a scan of the fingers that are down would make
/// it fall fourfold.
func simultaneousTouchBenchmarks(smoke: Bool) {
  let sizes = smoke ? [(1_000, "1e3"), (4_000, "4e3")] : [(10_000, "1e4"), (40_000, "4e4")]
  let configuration: PageControlConfiguration = {
    var configuration = PageControlConfiguration(
      pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))
    configuration.container = Rect(x: 0, y: 0, width: 390, height: 844)
    return configuration
  }()
  for (fingers, label) in sizes {
    let events = simultaneousTouches(fingers)
    Benchmark("ClassifySimultaneousTouches_" + label, configuration: .init(metrics: touchMetrics)) {
      benchmark in
      let start = ContinuousClock.now
      var classifier = StrokeClassifier(configuration)
      let names = TraceNames()
      var strokes = 0
      for event in events where classifier.handle(event, names: names) != nil { strokes += 1 }
      precondition(strokes == fingers)
      report(benchmark, bytes: 0, events: events.count, from: start)
    }
    Benchmark("StatsSimultaneousTouches_" + label, configuration: .init(metrics: touchMetrics)) {
      benchmark in
      let start = ContinuousClock.now
      var statistics = TraceStatistics(configuration)
      for event in events { statistics.observe(event) }
      blackHole(statistics.transitions)
      report(benchmark, bytes: 0, events: events.count, from: start)
    }
  }
}

/// `fingers` fingers going down one per second at (200, 795), then lifting in the same order.
private func simultaneousTouches(_ fingers: Int) -> [EngineEvent] {
  let downs = (0..<fingers).map {
    EngineEvent(time: Double($0), .touch(.down, id: .number(Double($0)), x: 200, y: 795))
  }
  let ups = (0..<fingers).map {
    EngineEvent(
      time: Double(fingers + $0), .touch(.up, id: .number(Double($0)), x: 200, y: 795))
  }
  return downs + ups
}

private let touchMetrics: [BenchmarkMetric] = [
  .wallClock, .mallocCountTotal, .peakMemoryResident,
  .custom("Mevents/s x100", polarity: .prefersLarger, useScalingFactor: false),
]
