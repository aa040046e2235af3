import Benchmark
import PageTrace
import PageTraceGenerator

/// The reducer alone over a million in-memory events (a thousand in smoke mode). With the
/// scaling factor, throughput reads as events per second in millions (M) and mallocs as
/// mallocs per event.
func reducerBenchmarks(smoke: Bool) {
  let generator = TraceGenerator(.init(events: smoke ? 1_000 : 1_000_000, seed: 1))
  nonisolated(unsafe) var events: [PageControlEvent] = []
  Benchmark(
    "Reducer",
    configuration: .init(
      scalingFactor: smoke ? .kilo : .mega, setup: { events = Array(generator) })
  ) { benchmark in
    let input = events  // a local: iterating the global would add exclusivity checks
    var engine = try PageControlEngine(generator.configuration)
    var records = 0
    benchmark.startMeasurement()
    for event in input {
      try engine.handle(event) { _ in records &+= 1 }
    }
    benchmark.stopMeasurement()
    blackHole(records)
  }
}
