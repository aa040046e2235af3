import Benchmark
import PageTrace
import PageTraceGenerator

/// The reducer alone over a million in-memory events (a thousand in smoke mode). With the
/// scaling factor, throughput reads as events per second in millions (M) and mallocs as
/// mallocs per event.
///
/// `Reducer` hands the engine its fast form, `EngineEvent` (what trace readers decode into);
/// `ReducerFriendly`, the baseline, hands it the same events as `PageControlEvent`s, whose
/// session names and touch ids the engine must number on every event.
func reducerBenchmarks(smoke: Bool) {
  let generator = TraceGenerator(.init(events: smoke ? 1_000 : 1_000_000, seed: 1))
  let scaling: BenchmarkScalingFactor = smoke ? .kilo : .mega
  nonisolated(unsafe) var events: [EngineEvent] = []
  Benchmark(
    "Reducer",
    configuration: .init(
      scalingFactor: scaling,
      setup: {
        var numbering = EventNumbering()
        events = generator.map { numbering.number($0) }
      })
  ) { benchmark in
    let input = events  // a local: iterating the global would add exclusivity checks
    var engine = try PageControlEngine(generator.configuration)
    var records = 0
    benchmark.startMeasurement()
    for event in input {
      try engine.handle(event) { (_: EngineRecord) in records &+= 1 }
    }
    benchmark.stopMeasurement()
    blackHole(records)
  }
  nonisolated(unsafe) var friendly: [PageControlEvent] = []
  Benchmark(
    "ReducerFriendly",
    configuration: .init(scalingFactor: scaling, setup: { friendly = Array(generator) })
  ) { benchmark in
    let input = friendly
    var engine = try PageControlEngine(generator.configuration)
    var records = 0
    benchmark.startMeasurement()
    for event in input {
      try engine.handle(event) { (_: PageControlRecord) in records &+= 1 }
    }
    benchmark.stopMeasurement()
    blackHole(records)
  }
}
