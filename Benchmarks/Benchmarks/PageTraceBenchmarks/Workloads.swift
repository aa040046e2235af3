import Benchmark
import Glibc
import PageTrace
import PageTraceGenerator
import PageTraceIO

/// Generated trace files, written once and reused across runs.
enum Workloads {
  static let directory: String = {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    let path = base + "/pagetrace-benchmarks"
    mkdir(path, 0o755)
    return path
  }()

  /// The path of a generated trace of `events` events (seed 1), creating it if needed.
  static func trace(events: Int, seed: UInt64 = 1, format: TraceFormat) -> String {
    let suffix = format == .binary ? "bin" : "jsonl"
    let path = "\(directory)/trace-\(events)-\(seed).\(suffix)"
    if access(path, R_OK) == 0 { return path }
    let temporary = path + ".partial"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(descriptor >= 0, "cannot create \(temporary)")
    var generator = TraceGenerator(.init(events: events, seed: seed))
    var header = ConfigurationPatch()
    header.pages = generator.configuration.pages
    header.control = generator.configuration.control
    header.container = generator.configuration.container
    do {
      switch format {
      case .jsonLines:
        var writer = EventWriter(
          descriptor: SystemDescriptor(rawValue: descriptor), name: temporary)
        writer.writeHeader(header)
        while let event = generator.next() { writer.write(event) }
        try writer.flush()
      case .binary:
        var writer = BinaryTraceWriter(
          descriptor: SystemDescriptor(rawValue: descriptor), name: temporary)
        writer.writeHeader(header)
        while let event = generator.next() { writer.write(event) }
        try writer.finish()
      }
    } catch {
      fatalError("cannot write \(temporary): \(error)")
    }
    close(descriptor)
    rename(temporary, path)
    return path
  }

  static func size(of path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  /// `/dev/null`, where replays write their records.
  static let sink = SystemDescriptor(rawValue: open("/dev/null", O_WRONLY))

  /// Replays files end to end (read → decode → reduce → write every record type).
  static func replay(_ files: [String], jobs: Int = 1) throws -> Int {
    var options = BatchReplay.Options()
    options.types = .all
    options.jobs = jobs
    return try BatchReplay(options).run(files, to: sink) { _ in }.records
  }
}

/// Reports throughput in the units of the targets, from the iteration's own timing.
func report(
  _ benchmark: Benchmark, bytes: Int, events: Int, from start: ContinuousClock.Instant
) {
  let seconds =
    Double((ContinuousClock.now - start).components.attoseconds) * 1e-18
    + Double((ContinuousClock.now - start).components.seconds)
  benchmark.measurement(
    .custom("MB/s", polarity: .prefersLarger, useScalingFactor: false),
    Int(Double(bytes) / seconds / 1e6))
  benchmark.measurement(
    .custom("Mevents/s x100", polarity: .prefersLarger, useScalingFactor: false),
    Int(Double(events) / seconds / 1e4))
}

/// The custom metrics next to the defaults.
let throughputMetrics: [BenchmarkMetric] =
  Benchmark.defaultConfiguration.metrics + [
    .custom("MB/s", polarity: .prefersLarger, useScalingFactor: false),
    .custom("Mevents/s x100", polarity: .prefersLarger, useScalingFactor: false),
  ]
