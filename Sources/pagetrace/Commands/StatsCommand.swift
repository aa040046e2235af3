import PageTrace
import PageTraceAnalysis
import PageTraceIO

extension OptionName {
  static let rows = OptionName("rows")
}

/// `pagetrace stats [FILE...]`: what happened in each trace and in all of them, optionally
/// for some sessions only and session by session.
enum StatsCommand: Command {
  static let name = "stats"
  static let summary = "Summarise what happened in traces."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .format, value: "table|jsonl|csv|parquet", choices: TableFormat.choices(text: "table"),
      help:
        "A readable table (default); or one flat table of --rows (docs/behaviour/tables.md): jsonl (or json), one JSON object per row; csv, a header row then one row per row; parquet."
    ),
    OptionSpec(
      name: .rows, value: "file|session|total|page",
      choices: StatisticsTable.Grain.allCases.map(\.rawValue),
      help:
        "What a row of jsonl, csv or parquet is about: each file (default), each session of each file, all files together, or each page visited in each file (seconds on it)."
    ),
    OptionSpec(
      name: .output, short: "o", value: "file",
      help: "Write to <file> instead of standard output (replaced only on success)."),
    OptionSpec(
      name: .session, value: "name",
      help: "Count only this session; repeat for more sessions. (default: every session)"),
    OptionSpec(
      name: .defaultSession,
      help: "Count the events without a session: alone, or with the sessions of --session."),
    OptionSpec(
      name: .bySession,
      help:
        "Also break each file down by session: the default session first, then the others in order of appearance (with jsonl, csv or parquet: --rows session)."
    ),
    InputFlags.jobsSpec,
    .helpOption,
  ]

  static let overview =
    "Summarise traces: events, strokes by class, transitions by cause, animated or not, scrubs (count, pages per scrub: mean, maximum, histogram; peak pages per second), animations suppressed by a scrub, time on each page (the 10 longest and the rest), announcements."

  static let usage = ["pagetrace stats [<options>] [<file> ...]"]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "Traces or recordings (--from): files, directories (their files named as traces or as --from's format, or matching --glob, in name order), or '-' (also none) for standard input. gzip is read transparently."
    )
  ]

  static var optionGroups: [OptionGroup] {
    [.options(ownOptions + InputFlags.specs), .otherFormats, .configuration()]
  }

  static let exitStatuses = _exitStatuses()

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    let format = try TableFormat.parse(options, text: "table")
    var grain = StatisticsTable.Grain.file
    if let rows = options[.rows] {
      guard let chosen = StatisticsTable.Grain(rawValue: rows) else {
        let names = StatisticsTable.Grain.allCases.map(\.rawValue)
        throw CommandFailure(
          status: .usage,
          message:
            "invalid value for '--rows': expected file, session, total or page, found '\(rows)'"
            + _didYouMean(rows, in: names))
      }
      guard format != nil else {
        throw CommandFailure(
          status: .usage,
          message: "'--rows' chooses the rows of jsonl, csv or parquet; add --format")
      }
      grain = chosen
    }
    if options.has(.bySession) && format != nil {
      guard options[.rows] == nil || grain == .session else {
        throw CommandFailure(
          status: .usage,
          message: "'--by-session' asks for --rows session; '--rows \(grain.rawValue)' was given")
      }
      grain = .session
    }
    let names = options.values(.session)
    let selection =
      names.isEmpty && !options.has(.defaultSession)
      ? nil : SessionSelection(names: names, includesDefault: options.has(.defaultSession))
    let bySession = options.has(.bySession) || grain == .session
    var inputs = try InputFlags.inputs(from: options)
    inputs.jobs = try InputFlags.jobs(from: options) ?? 1
    var run = try CommandRun(inputs, output: options.path(.output))
    var results: [FileStatistics] = []
    var seen = SessionsSeen()
    for file in inputs.files {
      var observer = StatisticsObserver(selection: selection, bySession: bySession, seen: seen)
      let outcome = run.replay(file) { driver, options, report in
        observer.replay(file, driver: driver, options: options, report: report)
      }
      seen = observer.seen
      if run.hasFailed { break }
      guard outcome != nil else { continue }  // unreadable, skipped
      results.append(observer.result(name: TraceReader.displayName(of: file)))
    }
    // A selector that matches nothing is likely a typo: the run fails (65) and writes no
    // table, rather than an all-zero one (docs/behaviour/commands.md, "Session selectors").
    var refused = false
    if let selection, !run.hasFailed {
      var missing: [String] = []
      var said: Set<String> = []
      for name in names where !seen.contains(name) && said.insert(name).inserted {
        missing.append(name)
      }
      let missingDefault = selection.includesDefault && !seen.hasDefault
      if !missing.isEmpty || missingDefault {
        let message = seen.error(
          missing: missing, missingDefault: missingDefault ? "--default-session" : nil,
          more: "; --by-session lists them")
        run.fail(CommandFailure(status: .dataError, message: message))
        results = []
        refused = true
      }
    }
    if let format {
      if !refused { write(results, grain: grain, format: format, to: &run) }
    } else {
      for result in results {
        run.output.write(
          StatisticsText.table(result.statistics, heading: result.name, result.sessions))
      }
      if results.count > 1 {
        run.output.write(
          StatisticsText.table(total(results), heading: "all \(results.count) files"))
      }
    }
    return try run.finish()
  }

  /// The figures of every input together.
  static func total(_ results: [FileStatistics]) -> TraceStatistics {
    var total = results.first?.statistics ?? TraceStatistics()
    for result in results.dropFirst() { total.merge(result.statistics) }
    return total
  }

  /// The table of `grain` (docs/behaviour/tables.md, "statistics").
  static func write(
    _ results: [FileStatistics], grain: StatisticsTable.Grain, format: TableFormat,
    to run: inout CommandRun
  ) {
    var table = TableWriter(
      columns: StatisticsTable.columns(grain), format: format, descriptor: run.output.descriptor,
      name: run.output.name)
    run.output.preambleSize = table.writeHeader()
    switch grain {
    case .file:
      for result in results {
        table.write([.string(result.name)] + StatisticsTable.values(result.statistics))
      }
    case .session:
      for result in results {
        for (session, statistics) in result.sessions ?? [] {
          table.write(
            [.string(result.name), .string(session)] + StatisticsTable.values(statistics))
        }
      }
    case .total:
      table.write([.integer(results.count)] + StatisticsTable.values(total(results)))
    case .page:
      for result in results {
        for row in StatisticsTable.pageRows(file: result.name, result.statistics) {
          table.write(row)
        }
      }
    }
    do { try table.finish() } catch {
      run.fail(CommandFailure(status: .ioError, message: error.description))
    }
  }
}
