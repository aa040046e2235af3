import PageTrace

/// Replays trace files, each as an independent engine, and writes their records in input
/// order — on one core or on several: a ``ReplayDriver`` whose jobs write records
/// (``RecordWriter``).
///
/// With `jobs > 1` workers replay files while the caller's thread writes each one's records
/// to the output in input order (held in memory meanwhile, up to 64 MiB in all, and past
/// that in temporary files), so the output (and every diagnostic) is byte-identical to
/// `jobs == 1`, and memory stays bounded whatever the sizes.
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
  /// How to replay: how each file is replayed (``replay``), how files are opened and how
  /// many at once (``driver``), and what is written.
  ///
  /// The members of ``replay`` and ``driver`` read and write through the options themselves:
  /// `options.skipsBadLines` is `options.replay.skipsBadLines`, `options.jobs` is
  /// `options.driver.jobs`.
  @dynamicMemberLookup
  public struct Options: Sendable {
    /// How each file is replayed: configuration, error policy, limits, shard, progress.
    public var replay = TraceReplay.Options()
    /// How files are opened (importer, longest line) and how many are replayed at once.
    public var driver = ReplayDriver.Options()
    /// The record types written.
    public var types: RecordTypes = .transition
    /// JSON Lines (the default), or one table of ``RecordTable/columns`` for all files: CSV
    /// (one header row first) or Parquet.
    public var format: TableFormat = .jsonLines
    /// Whether JSON Lines records carry `"file"`: by default, when there is more than one
    /// file. A table (CSV, Parquet) always fills its `file` column.
    public var namesFiles: Bool?
    /// The name of the one input in records (`"file"`, always written then) and diagnostics,
    /// instead of its path or `<stdin>`: `replay --name`, for inputs known by another name
    /// (a split of a larger file, a pipe). Only with one input.
    public var inputName: String?
    /// Whether each record carries its ordering key, `"line"` and `"index"` (``RecordWriter/writesKeys``).
    public var writesKeys = false
    /// Whether a table (CSV, Parquet) ends each row with `time`, `t` as an instant
    /// (``RecordTable/wallClockColumn``).
    public var writesWallClock = false

    /// Creates the default options: transitions only, stop at the first bad line, one job.
    public init() {}

    /// A member of ``replay``, e.g. `options.skipsBadLines`.
    public subscript<Value>(dynamicMember member: WritableKeyPath<TraceReplay.Options, Value>)
      -> Value
    {
      get { replay[keyPath: member] }
      set { replay[keyPath: member] = newValue }
    }

    /// A member of ``driver``, e.g. `options.jobs`.
    public subscript<Value>(dynamicMember member: WritableKeyPath<ReplayDriver.Options, Value>)
      -> Value
    {
      get { driver[keyPath: member] }
      set { driver[keyPath: member] = newValue }
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
    // JSON Lines keep the contract's shape (`file` only when named); a table always names it.
    let names = namesFiles(files) || options.format != .jsonLines
    func fileName(_ file: SystemPath) -> String? {
      names ? options.inputName ?? TraceReader.displayName(of: file) : nil
    }
    if options.format == .parquet {
      return try runTable(files, fileName: fileName, to: descriptor, name: name, report: report)
    }
    if options.format == .csv, !files.isEmpty {  // one header row, at the top, for all files
      var header = RecordWriter(descriptor: descriptor, name: name, format: .csv)
      header.writesWallClock = options.writesWallClock
      header.writeHeader()
      do throws(FileError) { try header.flush() } catch { throw .output(error) }
    }
    let jobs = files.map { file in
      _RecordJob(
        input: file, inputName: options.inputName, options: options.replay,
        fileName: fileName(file), types: options.types, format: options.format,
        writesKeys: options.writesKeys, writesWallClock: options.writesWallClock)
    }
    return try ReplayDriver(options.driver).run(
      jobs, to: descriptor, name: name, format: options.format, report: report)
  }

  /// The files' records as one Parquet table (``RecordTable``): the files one after the
  /// other (each may still be read by several threads), into one writer.
  private func runTable(
    _ files: [SystemPath], fileName: (SystemPath) -> String?, to descriptor: SystemDescriptor,
    name: String, report: (ReplayProblem) -> Void
  ) throws(ReplayFailure) -> ReplaySummary {
    let columns =
      RecordTable.columns + (options.writesWallClock ? [RecordTable.wallClockColumn] : [])
    var table = RecordTable(
      TableWriter(columns: columns, format: .parquet, descriptor: descriptor, name: name),
      types: options.types)
    table.writesKeys = options.writesKeys
    table.writesWallClock = options.writesWallClock
    table.writeHeader()
    let driver = ReplayDriver(options.driver)
    var summary = ReplaySummary()
    for file in files {
      table.fileName = fileName(file)
      let before = table.recordCount
      var outcome = driver.replay(
        file, name: options.inputName, options: options.replay, observer: &table, report: report)
      outcome.summary.records = table.recordCount - before
      summary.add(outcome.summary)
      if let failure = outcome.failure {
        // What was written is kept as a whole file: the rows so far, then the footer (without
        // a row, nothing was produced: no footer, and no `.partial` is kept).
        if table.recordCount > 0 { try? table.finish() }
        throw failure
      }
    }
    do throws(FileError) { try table.finish() } catch { throw .output(error) }
    return summary
  }

  /// Whether the records of `files` carry `"file"`.
  func namesFiles(_ files: [SystemPath]) -> Bool {
    options.inputName != nil || (options.namesFiles ?? (files.count > 1))
  }

  /// The CSV header row a run starts with, or `nil` if it writes JSON Lines or Parquet.
  public var csvHeaderRow: String? {
    guard options.format == .csv else { return nil }
    return RecordWriter.csvHeaderRow(wallClock: options.writesWallClock)
  }
}

/// One file of a ``BatchReplay``: its records written by a ``RecordWriter``.
struct _RecordJob: ReplayJob {
  var input: SystemPath
  /// The input's name in records and diagnostics, if not its path.
  var inputName: String?
  var options: TraceReplay.Options
  /// The `"file"` of its records, if they carry one.
  var fileName: String?
  var types: RecordTypes
  var format: TableFormat
  var writesKeys: Bool
  var writesWallClock = false

  func run(
    with driver: ReplayDriver, writingTo output: SystemDescriptor, name: String,
    report: (ReplayProblem) -> Void
  ) -> ReplayDriver.Outcome {
    var writer = RecordWriter(descriptor: output, name: name, format: format, types: types)
    writer.fileName = fileName
    writer.writesKeys = writesKeys
    writer.writesWallClock = writesWallClock
    var outcome = driver.replay(
      input, name: inputName, options: options, observer: &writer, report: report)
    outcome.summary.records = writer.recordCount
    do throws(FileError) { try writer.flush() } catch { outcome.failure = .output(error) }
    return outcome
  }
}
