import PageTrace

/// Runs replays: opens each input and replays it through the one loop (``TraceReplay``),
/// one input into an observer of the caller's, or many jobs (``ReplayJob``) one after the
/// other or on several workers, with their output and problems in input order.
///
/// Every replay of `pagetrace` goes through a driver, so that they agree on how an input is
/// opened and what an input that cannot be opened does to the run: it is a ``ReplayProblem``
/// (``ReplayProblem/unreadableInput(_:)``) when bad lines are skipped, else it stops the run
/// (``ReplayFailure/input(_:)``); a resource shortage always stops it
/// (``ReplayFailure/resources(_:)``).
///
/// With ``Options/jobs`` above 1, workers replay jobs while the caller's thread writes each
/// one's output in input order (held in memory meanwhile, up to 64 MiB in all, and past that
/// in temporary files), so the output (and every problem reported) is byte-identical to one
/// job, and memory stays bounded whatever the sizes (docs/behaviour/limits.md, "Limits"). One input replayed alone with ``Options/jobs`` above 1
/// is decoded on that many threads instead, still byte-identical (docs/behaviour/replay.md,
/// "Parallel replay of one file").
///
/// ```swift
/// var writer = RecordWriter(descriptor: .standardOutput, types: .all)
/// let outcome = ReplayDriver().replay("trace.jsonl", observer: &writer) { print($0) }
/// try writer.flush()
/// print(outcome.summary.events, "events")
/// ```
public struct ReplayDriver: Sendable {
  /// How to open inputs and how many jobs run at once.
  public struct Options: Sendable {
    /// How many jobs are replayed at once (``run(_:to:name:format:report:)``); 1 replays them
    /// in order on the caller's thread. One input replayed alone is decoded on this many
    /// threads (at most one per processor online, and 64) when it is a JSON Lines file
    /// (docs/behaviour/replay.md, "Parallel replay of one file"), with the same output.
    public var jobs = 1
    /// Reads recordings in another format (CSV, `getevent`, Pointer Events) instead of
    /// traces; each input starts from a fresh copy.
    public var importer: (any LineImporter)?
    /// The longest line read, and the longest string of a binary trace (`--max-line-length`).
    public var maximumLineLength = LineReader.defaultMaximumLineLength

    /// The bytes of a chunk of one input decoded on several threads: tests make it small,
    /// so that many lines lie across chunks.
    package var _chunkSize = _ChunkPipeline.defaultChunkSize
    /// The bytes of output the jobs of a parallel run hold in memory at most (``_HeldOutput``):
    /// tests make it small, so that jobs write past it to their temporary files.
    package var _heldBytes = _HeldOutput.runBudget
    /// The folder of the temporary files of a parallel run, instead of `$TMPDIR` or `/tmp`.
    package var _temporaryFolder: SystemPath?

    /// Creates the default options: one job, traces, lines up to the default length.
    public init() {}
  }

  /// What the replay of one input did.
  public struct Outcome: Sendable {
    /// The counts of lines, events and problems (``ReplaySummary/unreadableFiles`` is 1 for
    /// an input that could not be opened).
    public var summary = ReplaySummary()
    /// Why the replay stopped early, if it did.
    public var failure: ReplayFailure?
    /// What the loop did (its header and configuration), `nil` if the input could not be
    /// opened; of the first variant, for a fan-out.
    public var replay: TraceReplay.Outcome?
    /// For a fan-out, each variant's outcome, in order (empty if the input could not be opened).
    public var variants: [TraceReplay.Outcome] = []

    /// Creates the outcome of an input not replayed yet.
    public init() {}
  }

  /// The options in use.
  public let options: Options

  /// Creates a driver.
  public init(_ options: Options = Options()) { self.options = options }

  /// Opens `input` and replays it on the caller's thread into `observer`, calling `report`
  /// with each problem as it happens. Never throws: what went wrong is the outcome's
  /// ``Outcome/failure``, after every record of earlier lines went to the observer.
  ///
  /// - Parameters:
  ///   - input: A path, ``SystemPath/standardStream`` (`-`) for standard input.
  ///   - name: The input's name in records and errors instead of its path or `<stdin>`.
  ///   - options: How to replay it.
  ///   - observer: What watches the replay.
  ///   - report: Called with each problem, in input order.
  @inlinable
  public func replay<Observer: ReplayObserver & ~Copyable>(
    _ input: SystemPath, name: String? = nil, options: TraceReplay.Options = .init(),
    observer: inout Observer, report: (ReplayProblem) -> Void
  ) -> Outcome {
    var outcome = Outcome()
    guard var reader = open(input, name: name, options: options, into: &outcome, report: report)
    else { return outcome }
    let result = TraceReplay(options).run(&reader, observer: &observer, report: report)
    outcome.summary = result.summary
    outcome.failure = result.failure
    outcome.replay = result
    return outcome
  }

  /// Opens `input` and replays it once under each of `variants`, decoding it once
  /// (``FanOutReplay``), `observers[k]` watching variant `k`; the outcome's summary and
  /// failure are the first variant's, and ``Outcome/variants`` holds each one's.
  ///
  /// - Parameters:
  ///   - input: A path, ``SystemPath/standardStream`` (`-`) for standard input.
  ///   - name: The input's name in records and errors instead of its path or `<stdin>`.
  ///   - options: How to replay it (a shard is ignored: a fan-out replays whole inputs).
  ///   - variants: Each variant's configuration over the options and the input's header.
  ///   - observers: One observer per variant, in order.
  ///   - afterEvent: Called after every variant has handled an event, with the variants
  ///     that rejected it (``FanOutReplay/runEach(_:observers:afterEvent:report:)``).
  ///   - report: Called with each problem, once, in input order.
  @inlinable
  public func replay<Observer: ReplayObserver>(
    _ input: SystemPath, name: String? = nil, options: TraceReplay.Options = .init(),
    variants: [ConfigurationPatch], observers: inout [Observer],
    afterEvent: (_ event: EngineEvent, _ rejectedBy: [Int]) -> Void = { _, _ in },
    report: (ReplayProblem) -> Void
  ) -> Outcome {
    var outcome = Outcome()
    var replay = options
    replay.shard = nil  // a fan-out replays whole inputs
    guard var reader = open(input, name: name, options: replay, into: &outcome, report: report)
    else { return outcome }
    let results = FanOutReplay(replay, variants: variants).runEach(
      &reader, observers: &observers, afterEvent: afterEvent, report: report)
    var first = results.first ?? TraceReplay.Outcome()
    if results.isEmpty {
      first.summary.lines = reader.lineNumber
      first.header = reader.header
    }
    outcome.summary = first.summary
    outcome.failure = first.failure
    outcome.replay = first
    outcome.variants = results
    return outcome
  }

  /// Opens `input` for a replay under `options`, decoded on several threads when
  /// ``Options/jobs`` asks and it can be; `nil` when it cannot be opened, with `outcome`
  /// saying why: a problem reported when bad lines are skipped, else the failure; a resource
  /// shortage always the failure (another try may open it).
  @usableFromInline
  func open(
    _ input: SystemPath, name: String?, options: TraceReplay.Options, into outcome: inout Outcome,
    report: (ReplayProblem) -> Void
  ) -> TraceReader? {
    var reader: TraceReader
    do {
      reader = try TraceReader(
        opening: input, importer: self.options.importer, name: name,
        maximumLineLength: self.options.maximumLineLength)
    } catch {
      outcome.summary.unreadableFiles = 1
      if error.isResourceShortage {
        outcome.failure = .resources(error)
      } else if options.skipsBadLines {
        report(.unreadableInput(error))
      } else {
        outcome.failure = .input(error)
      }
      return nil
    }
    // No more workers than processors (nor than 64): more would only hold more chunks.
    let threads = min(self.options.jobs, _System.processorCount, 64)
    if threads > 1 && options.shard == nil {
      reader._decodeInParallel(threads: threads, chunkSize: self.options._chunkSize)
    }
    return reader
  }

  /// Replays `jobs` to `descriptor`, each job's output after the previous one's, calling
  /// `report` with each problem in input order; the first job that fails stops the run (no
  /// later job is replayed, or its output written).
  ///
  /// - Parameters:
  ///   - jobs: The jobs, in input order.
  ///   - descriptor: The output, open for writing (it is not closed).
  ///   - name: The output's name in errors, e.g. `<stdout>` or its path.
  ///   - format: How the jobs' records end: a line feed, in CSV one outside quotes. On
  ///     several workers the output is written a whole record at a time, so that an output
  ///     cut short by a failed write ends with a whole record, as with one job.
  ///   - report: Called with each problem, in input order.
  /// - Returns: The jobs' summaries added up.
  /// - Throws: ``ReplayFailure`` after the output of every earlier job and line was written.
  public func run<Job: ReplayJob>(
    _ jobs: [Job], to descriptor: SystemDescriptor, name: String = "<stdout>",
    format: TableFormat = .jsonLines, report: (ReplayProblem) -> Void
  ) throws(ReplayFailure) -> ReplaySummary {
    let workers = options.jobs <= 1 || jobs.count <= 1 ? 1 : Self.workers(jobs: options.jobs)
    if workers <= 1 {
      return try runInOrder(jobs, to: descriptor, name: name, report: report)
    }
    return try runInParallel(
      jobs, workers: workers, to: descriptor, name: name, csv: format == .csv, report: report)
  }

  /// Replays `jobs` one after the other on the caller's thread.
  func runInOrder<Job: ReplayJob>(
    _ jobs: [Job], to descriptor: SystemDescriptor, name: String,
    report: (ReplayProblem) -> Void
  ) throws(ReplayFailure) -> ReplaySummary {
    var summary = ReplaySummary()
    for job in jobs {
      let result = job.run(with: self, writingTo: descriptor, name: name, report: report)
      if let failure = result.failure { throw failure }
      summary.add(result.summary)
    }
    return summary
  }
}
