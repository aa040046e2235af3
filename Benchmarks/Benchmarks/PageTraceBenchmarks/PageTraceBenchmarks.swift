import Benchmark
import Glibc

/// Every benchmark of PageTrace, with its baselines measured in the same run.
///
/// `swift package benchmark --no-progress` runs them at full size (files of up to 10^7
/// events, about 1 GB, generated once into `$TMPDIR/pagetrace-benchmarks`);
/// `PAGETRACE_BENCHMARK_SMOKE=1` shrinks every workload so CI can check they still run.
let benchmarks: @Sendable () -> Void = {
  let smoke = getenv("PAGETRACE_BENCHMARK_SMOKE") != nil
  Benchmark.defaultConfiguration = .init(
    metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: smoke ? 0 : 1,
    maxDuration: .seconds(smoke ? 1 : 10),
    maxIterations: smoke ? 1 : 10)
  reducerBenchmarks(smoke: smoke)
  replayBenchmarks(smoke: smoke)
  observerBenchmarks(smoke: smoke)
  scalingBenchmarks(smoke: smoke)
  simultaneousTouchBenchmarks(smoke: smoke)
  jobsBenchmarks(smoke: smoke)
  sweepBenchmarks(smoke: smoke)
}
