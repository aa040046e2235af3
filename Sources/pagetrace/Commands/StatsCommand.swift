import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace stats [FILE...]`: what happened in each trace and in all of them, optionally
/// for some sessions only and session by session.
enum StatsCommand: Command {
  static let name = "stats"
  static let summary = "Summarise what happened in traces."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .format, value: "table|jsonl|csv", choices: ["table", "jsonl", "csv"],
      help:
        "A readable table (default); jsonl (or json): one JSON object per line, per file and, with several files, one for all of them; or CSV: a header row, then one row per file (and session), and one for all files."
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
        "Also break each file down by session: the default session first, then the others in order of appearance."
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
    var format = options[.format] ?? "table"
    if format == "jsonl" { format = "json" }  // one JSON object per line either way
    guard format == "table" || format == "json" || format == "csv" else {
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--format': expected table, jsonl or csv, found '\(format)'"
          + _didYouMean(format, in: ["table", "jsonl", "csv"]))
    }
    let names = options.values(.session)
    let selection =
      names.isEmpty && !options.has(.defaultSession)
      ? nil : SessionSelection(names: names, includesDefault: options.has(.defaultSession))
    let bySession = options.has(.bySession)
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
    if format == "csv" && !refused {
      run.output.preambleSize = StatisticsText.csvHeader.utf8.count
      run.output.write(StatisticsText.csvHeader)
    }
    for result in results where format == "csv" { run.output.write(StatisticsText.csv(result)) }
    for result in results where format != "csv" {
      run.output.write(
        format == "json"
          ? StatisticsText.json(
            result.statistics, head: "\"file\":\(JSONText.string(result.name))", result.sessions)
          : StatisticsText.table(result.statistics, heading: result.name, result.sessions))
    }
    if results.count > 1 {
      var total = results[0].statistics
      for result in results.dropFirst() { total.merge(result.statistics) }
      let files = results.map { JSONText.string($0.name) }.joined(separator: ",")
      if format == "csv" {
        run.output.write(
          StatisticsText.csvRow("total", file: "all \(results.count) files", session: nil, total))
      } else {
        run.output.write(
          format == "json"
            ? StatisticsText.json(total, head: "\"files\":[\(files)]")
            : StatisticsText.table(total, heading: "all \(results.count) files"))
      }
    }
    return try run.finish()
  }
}
