import Dispatch
import PageTrace

/// Replays trace files, each as an independent engine, and writes their records in input
/// order — on one core or on several.
///
/// With `jobs > 1` workers replay files into temporary files while the caller's thread
/// copies each finished one to the output in input order, so the output (and every
/// diagnostic) is byte-identical to `jobs == 1`, and memory stays bounded whatever the
/// sizes: nothing is held in memory but one chunk per worker.
///
/// ```swift
/// var options = BatchReplay.Options()
/// options.types = .all
/// options.jobs = 2
/// let summary = try BatchReplay(options).run(["a.jsonl", "b.jsonl"], to: .standardOutput) {
///   problem in print(problem)  // a ReplayProblem
/// }
/// ```
public struct BatchReplay: Sendable {
  /// How to replay.
  public struct Options: Sendable {
    /// Configuration under each file's header (for traces without one).
    public var defaults = ConfigurationPatch()
    /// Configuration from `--config` and flags, over each file's header.
    public var overrides = ConfigurationPatch()
    /// The record types written.
    public var types: RecordTypes = .transition
    /// JSON Lines (the default) or CSV: then one header row comes first, for all files, its
    /// columns those of ``types``, `file` and the ordering key as the records carry them
    /// (``RecordWriter/csvColumns(types:file:keys:)``).
    public var format: RecordFormat = .jsonLines
    /// Whether a bad line stops the run (`false`) or is reported and skipped (`true`).
    public var skipsBadLines = false
    /// How many files are replayed at once.
    public var jobs = 1
    /// Whether records carry `"file"`: by default, when there is more than one file.
    public var namesFiles: Bool?
    /// The name of the one input in records (`"file"`, always written then) and diagnostics,
    /// instead of its path or `<stdin>`: `replay --name`, for inputs known by another name
    /// (a split of a larger file, a pipe). Only with one input.
    public var inputName: String?
    /// Replay only the sessions of this shard (``TraceReplay/Shard``, `replay --shard`).
    public var shard: TraceReplay.Shard?
    /// Whether each record carries its ordering key, `"line"` and `"index"` (``RecordWriter/writesKeys``).
    public var writesKeys = false
    /// A live event count for a progress line, if wanted.
    public var progress: ReplayProgress?
    /// The most sessions per file (``PageTrace/PageControlEngine/maximumSessions``).
    public var maximumSessions = PageControlEngine.defaultMaximumSessions
    /// Reads recordings in another format (CSV, `getevent`, Pointer Events) instead of
    /// traces; each file starts from a fresh copy.
    public var importer: (any LineImporter)?
    /// Whether importers' notes are reported (``TraceReplay/Options/reportsNotes``).
    public var reportsNotes = true
    /// The longest line read, and the longest string of a binary trace (`--max-line-length`).
    public var maximumLineLength = LineReader.defaultMaximumLineLength

    /// Creates the default options: transitions only, stop at the first bad line, one job.
    public init() {}

    /// The options of the one replay loop for each file.
    var replay: TraceReplay.Options {
      var options = TraceReplay.Options()
      options.defaults = defaults
      options.overrides = overrides
      options.skipsBadLines = skipsBadLines
      options.maximumSessions = maximumSessions
      options.progress = progress
      options.shard = shard
      options.reportsNotes = reportsNotes
      return options
    }
  }

  /// The options in use.
  public let options: Options

  /// Creates a replay.
  public init(_ options: Options) { self.options = options }

  /// Replays `files` (`-` is standard input) to `descriptor`, calling `report` with each
  /// problem (a skipped line, an importer's note, an unreadable file: a ``ReplayProblem``) in
  /// input order.
  ///
  /// - Parameters:
  ///   - files: The inputs, in order.
  ///   - descriptor: The output, open for writing (it is not closed).
  ///   - name: The output's name in errors, e.g. `<stdout>` or its path.
  ///   - report: Called with each problem, in input order.
  /// - Throws: ``ReplayFailure`` after every record of earlier lines and files was written.
  public func run(
    _ files: [String], to descriptor: SystemDescriptor, name: String = "<stdout>",
    report: (ReplayProblem) -> Void
  ) throws(ReplayFailure) -> ReplaySummary {
    try run(files.map { SystemPath($0) }, to: descriptor, name: name, report: report)
  }

  /// Replays files named by their bytes (``run(_:to:name:report:)-([String],_,_,_)``); each is
  /// named in records and diagnostics as ``SystemPath/description`` shows it.
  public func run(
    _ files: [SystemPath], to descriptor: SystemDescriptor, name: String = "<stdout>",
    report: (ReplayProblem) -> Void
  ) throws(ReplayFailure) -> ReplaySummary {
    precondition(options.inputName == nil || files.count == 1, "inputName names one input")
    let names = namesFiles(files)
    let workers = options.jobs <= 1 || files.count <= 1 ? 1 : Self.workers(jobs: options.jobs)
    if workers <= 1 {
      return try runInOrder(files, names: names, to: descriptor, name: name, report: report)
    }
    return try runInParallel(
      files, workers: workers, names: names, to: descriptor, name: name, report: report)
  }

  /// Replays `files` one after the other on the caller's thread; `writesHeader: false` when
  /// the CSV header row is already written.
  func runInOrder(
    _ files: [SystemPath], names: Bool, to descriptor: SystemDescriptor, name: String,
    writesHeader: Bool = true, report: (ReplayProblem) -> Void
  ) throws(ReplayFailure) -> ReplaySummary {
    var writer = RecordWriter(
      descriptor: descriptor, name: name, format: options.format, types: options.types)
    writer.writesKeys = options.writesKeys
    var summary = ReplaySummary()
    var failure: ReplayFailure?
    for (index, file) in files.enumerated() {
      writer.fileName = names ? options.inputName ?? TraceReader.displayName(of: file) : nil
      if index == 0 && writesHeader { writer.writeHeader() }
      let result = replay(file, into: &writer, report: report)
      summary.add(result.summary)
      if let stop = result.failure {
        failure = stop
        break
      }
    }
    summary.records = writer.recordCount
    do { try writer.flush() } catch { throw .output(error) }
    if let failure { throw failure }
    return summary
  }

  /// Whether the records of `files` carry `"file"`.
  func namesFiles(_ files: [SystemPath]) -> Bool {
    options.inputName != nil || (options.namesFiles ?? (files.count > 1))
  }

  /// The CSV header row a run over `files` starts with, or `nil` if it writes JSON Lines.
  public func csvHeaderRow(for files: [String]) -> String? {
    csvHeaderRow(for: files.map { SystemPath($0) })
  }

  /// The CSV header row a run over `files`, named by their bytes, starts with.
  public func csvHeaderRow(for files: [SystemPath]) -> String? {
    guard options.format == .csv else { return nil }
    return RecordWriter.csvHeaderRow(
      types: options.types, file: namesFiles(files), keys: options.writesKeys)
  }

  // MARK: One file

  struct FileResult: Sendable {
    var summary = ReplaySummary()
    var failure: ReplayFailure?
  }

  /// Replays one input into `writer` through the one loop; never throws: what went wrong is
  /// in the result. An input that cannot be opened is reported and skipped when bad lines are.
  func replay(
    _ file: SystemPath, into writer: inout RecordWriter, report: (ReplayProblem) -> Void
  ) -> FileResult {
    var result = FileResult()
    var reader: TraceReader
    do {
      reader = try TraceReader(
        opening: file, importer: options.importer, name: options.inputName,
        maximumLineLength: options.maximumLineLength)
    } catch {
      result.summary.unreadableFiles = 1
      if error.isResourceShortage {  // never skipped: another try may open it
        result.failure = .resources(error)
      } else if options.skipsBadLines {
        report(.unreadableInput(error))
      } else {
        result.failure = .input(error)
      }
      return result
    }
    let outcome = TraceReplay(options.replay).run(&reader, observer: &writer, report: report)
    result.summary = outcome.summary
    result.failure = outcome.failure
    return result
  }
}
