import Benchmark
import PageTraceIO

/// How cost grows: the same end-to-end workloads at 10^4 … 10^7 events. Throughput
/// (MB/s, events/s) and peak resident memory should stay flat.
func scalingBenchmarks(smoke: Bool) {
  let sizes =
    smoke
    ? [(10_000, "1e4")]
    : [(10_000, "1e4"), (100_000, "1e5"), (1_000_000, "1e6"), (10_000_000, "1e7")]
  for (events, label) in sizes {
    for format in [TraceFormat.jsonLines, .binary] {
      nonisolated(unsafe) var path = ""
      let name = (format == .binary ? "BinaryReplay_" : "JSONLinesReplay_") + label
      Benchmark(
        name,
        configuration: .init(
          metrics: throughputMetrics, maxIterations: events >= 10_000_000 ? 3 : 10,
          setup: { path = Workloads.trace(events: events, format: format) })
      ) { benchmark in
        let start = ContinuousClock.now
        blackHole(try Workloads.replay([path]))
        report(benchmark, bytes: Workloads.size(of: path), events: events, from: start)
      }
    }
  }
}

/// `--jobs`: four files replayed with one job and with two, on this 2-core machine.
func jobsBenchmarks(smoke: Bool) {
  let events = smoke ? 10_000 : 300_000
  for jobs in [1, 2] {
    nonisolated(unsafe) var files: [String] = []
    Benchmark(
      "JobsReplay_\(jobs)",
      configuration: .init(
        // No peak-memory metric here: it is sampled by a background thread, which competes
        // with the two workers for this machine's two cores.
        metrics: [
          .wallClock, .throughput,
          .custom("MB/s", polarity: .prefersLarger, useScalingFactor: false),
          .custom("Mevents/s x100", polarity: .prefersLarger, useScalingFactor: false),
        ],
        setup: {
          files = (1...4).map {
            Workloads.trace(events: events, seed: UInt64(100 + $0), format: .jsonLines)
          }
        })
    ) { benchmark in
      let start = ContinuousClock.now
      blackHole(try Workloads.replay(files, jobs: jobs))
      report(
        benchmark, bytes: files.map(Workloads.size(of:)).reduce(0, +), events: 4 * events,
        from: start)
    }
  }
}
