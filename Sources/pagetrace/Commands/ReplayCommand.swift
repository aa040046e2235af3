import PageTrace
import PageTraceIO

/// `pagetrace replay [FILE...|-]`: replays traces and writes their records as JSON Lines or
/// CSV (docs/behaviour/, "Trace format", "Output records", "CSV output" and "Bad input").
enum ReplayCommand: Command {
  static let name = "replay"
  static let summary = "Replay traces and write the records they produce."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .output, short: "o", value: "file",
      help: "Write records to <file> instead of standard output (replaced only on success)."),
    OptionSpec(
      name: .emit, value: "types", choices: RecordType.allCases.map(\.rawValue) + ["all"],
      help:
        "Record types to write, comma-separated (repeat to add more): transition, interaction, background, announcement, detail, or all. (default: transition)"
    ),
    OptionSpec(
      name: .format, value: "jsonl|csv|parquet", choices: TableFormat.choices(),
      help:
        "jsonl: one JSON object per record, as the contract shapes it (default). csv and parquet: one table of every record column, the same whatever --emit (docs/behaviour/tables.md)."
    ),
    OptionSpec(
      name: .wallClock,
      help:
        "With --format csv or parquet, end each row with time: t as an instant (UTC), for recordings whose times count seconds since 1970."
    ),
    OptionSpec(
      name: .summary,
      help:
        "Account for every input line on standard error: headers, blank lines, events applied, events ignored by a rule, lines skipped as bad; with --from, lines that made events, dropped (by reason) or made none of their own, and events the importer added."
    ),
    OptionSpec(
      name: .jobs, short: "j", value: "n",
      help:
        "Replay up to <n> files at once, or decode one file on <n> threads; the output is that of one job. (default: 1)"
    ),
    OptionSpec(
      name: .name, value: "name",
      help:
        "Name the one input <name> in records (\"file\":<name>) and diagnostics, e.g. a part of a larger file or a pipe."
    ),
    OptionSpec(
      name: .emitKey,
      help:
        "End each record with \"line\" (the input line of the event that caused it) and \"index\" (its place among that line's records): sorting by them rebuilds the order of one replay from any split by session."
    ),
    OptionSpec(
      name: .shard, value: "k/n",
      help:
        "Replay only the sessions whose name's FNV-1a hash leaves remainder <k> divided by <n> (the default session's name is empty); lines stay numbered as in the whole file."
    ),
    .helpOption,
  ]

  static let overview =
    "Replay page-control traces and write the records they produce."

  static let usage = ["pagetrace replay [<options>] [<file> ...]"]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "Traces (JSON Lines or binary), replayed independently in order: a file, a directory (its files named as traces or as --from's format, or matching --glob, in name order), or '-' (also none) for standard input. gzip is read transparently."
    )
  ]

  static var optionGroups: [OptionGroup] {
    [
      .options(ownOptions + InputFlags.specs), .otherFormats,
      .configuration(
        "CONFIGURATION (over --config, over each header; booleans also as --no-<flag>)"),
    ]
  }

  static var notes: String {
    """
    JSON Lines records carry "file" when more than one file is given, or --name. Errors are
    written to standard error as FILE:LINE:COLUMN: expected …, found …; records of earlier
    lines are written first.

    CSV and Parquet (--format csv|parquet): one table whatever --emit, --name and
    --emit-key; its columns are
      t,type,session,from,to,animated,interaction,cause,state,visible,text,page,
      file,line,index
    (file always; line and index filled with --emit-key). A cell a record lacks is
    empty (null).
    """
  }

  static let exitStatuses = _exitStatuses()

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    // Every --emit adds its types, as every --session of stats and --disable of lint does.
    let lists = options.values(.emit)
    var types: RecordTypes = lists.isEmpty ? .transition : []
    for list in lists { types.formUnion(try recordTypes(list)) }
    let format = try TableFormat.parse(options)!
    let inputs = try InputFlags.inputs(from: options)
    var replayOptions = BatchReplay.Options()
    replayOptions.replay = inputs.replay
    replayOptions.driver = inputs.driver
    replayOptions.types = types
    replayOptions.format = format
    if let jobs = options[.jobs] {
      guard let count = Int(jobs), count >= 1 else {
        throw CommandFailure(
          status: .usage,
          message: "invalid value for '--jobs': expected a positive integer, found '\(jobs)'")
      }
      replayOptions.jobs = count
    }
    if let name = options[.name] {
      guard inputs.files.count == 1 else {
        throw CommandFailure(
          status: .usage,
          message: "'--name' names one input; \(inputs.files.count) were given")
      }
      replayOptions.inputName = name
    }
    replayOptions.writesKeys = options.has(.emitKey)
    if options.has(.wallClock) {
      guard format != .jsonLines else {
        throw CommandFailure(
          status: .usage,
          message:
            "'--wall-clock' adds a column to the table of --format csv or parquet; JSON Lines records keep the contract's shape"
        )
      }
      replayOptions.writesWallClock = true
    }
    if let text = options[.shard] {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]),
        let shard = TraceReplay.Shard(index: k, count: n)
      else {
        throw CommandFailure(
          status: .usage,
          message: "invalid value for '--shard': expected K/N with 0 <= K < N, found '\(text)'")
      }
      replayOptions.shard = shard
    }
    var run = try CommandRun(inputs, output: options.path(.output))
    replayOptions.progress = run.progress?.progress
    let batch = BatchReplay(replayOptions)
    run.output.preambleSize = batch.csvHeaderRow?.utf8.count ?? (format == .parquet ? 4 : 0)
    do {
      run.summary.add(
        try batch.run(
          inputs.files, to: run.output.descriptor, name: run.output.name
        ) {
          _standardError.write($0._standardErrorLine + "\n")
        })
    } catch {
      run.fail(CommandFailure(error))
    }
    run.progress?.finish()
    if options.has(.summary) && !run.willFail { _standardError.write(describe(run.summary)) }
    return try run.finish()
  }

  /// The `--summary` line: every input line accounted for.
  static func describe(_ summary: ReplaySummary) -> String {
    var text = "pagetrace: summary: \(summary.lines) lines read = \(summary.headers) header"
    if summary.isImported {
      // Lines, then events (docs/behaviour/trace-format.md, "Recordings in other formats").
      text += " + \(summary.blankLines) blank + \(summary.eventLines) lines that made events"
      for (reason, count) in summary.droppedLines.sorted(by: { $0.key < $1.key }) {
        text += " + \(count) dropped (\(reason))"
      }
      if summary.linesWithoutEvent > 0 {
        text += " + \(summary.linesWithoutEvent) without an event of their own"
      }
      text += " + \(summary.skippedLines) skipped as bad"
      let events =
        summary.eventsApplied + summary.eventsIgnored + summary.otherShardEvents
        + summary.eventsRejected
      text += "; \(events) events = \(summary.eventsApplied) applied"
      text += " + \(summary.eventsIgnored) ignored by a rule"
      if summary.otherShardEvents > 0 {
        text += " + \(summary.otherShardEvents) of other shards (not replayed)"
      }
      if summary.eventsRejected > 0 { text += " + \(summary.eventsRejected) rejected" }
      text += " = \(summary.eventsFromLines) made from lines"
      if summary.eventsAdded > 0 {
        text += " + \(summary.eventsAdded) added by the importer (cancels closing strokes)"
      }
      return text + ending(summary)
    }
    text += " + \(summary.blankLines) blank + \(summary.eventsApplied) events applied"
    text += " + \(summary.eventsIgnored) events ignored by a rule"
    if summary.otherShardEvents > 0 {
      text += " + \(summary.otherShardEvents) events of other shards (not replayed)"
    }
    text += " + \(summary.skippedLines) skipped as bad"
    return text + ending(summary)
  }

  /// The end of the `--summary` line: records, notes, unreadable files.
  private static func ending(_ summary: ReplaySummary) -> String {
    var text = "; \(summary.records) records written"
    if summary.notes > 0 { text += "; \(summary.notes) notes" }
    if summary.unreadableFiles > 0 {
      let files = summary.unreadableFiles == 1 ? "file" : "files"
      text += "; \(summary.unreadableFiles) unreadable \(files)"
    }
    return text + "\n"
  }

  static func recordTypes(_ list: String) throws(CommandFailure) -> RecordTypes {
    var types: RecordTypes = []
    for name in _listItems(list) {
      if name == "all" {
        types = .all
        continue
      }
      guard let type = RecordType(rawValue: String(name)) else {
        throw CommandFailure(
          status: .usage,
          message: "invalid value for '--emit': unknown record type '\(name)'"
            + _didYouMean(name, in: RecordType.allCases.map(\.rawValue) + ["all"]))
      }
      types.insert(RecordTypes(type))
    }
    return types
  }
}
