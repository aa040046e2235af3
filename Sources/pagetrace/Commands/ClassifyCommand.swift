import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace classify [FILE...]`: one JSON object (or CSV row) per touch stroke — kind,
/// times, displacement, release velocity, dominant axis — by the recognizers of `replay`.
enum ClassifyCommand: Command {
  static let name = "classify"
  static let summary = "Classify every touch stroke: tap, long press, drag, swipe, cancelled."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .output, short: "o", value: "file",
      help: "Write to <file> instead of standard output (replaced only on success)."),
    OptionSpec(
      name: .format, value: "jsonl|csv|parquet", choices: TableFormat.choices(),
      help:
        "jsonl: one JSON object per stroke, every column in each (default). csv: a header row, then one row per stroke (RFC 4180, lines end in LF). parquet: typed columns."
    ),
    OptionSpec(
      name: .wallClock,
      help:
        "End each row with startTime and endTime: start and end as instants (UTC), for recordings whose times count seconds since 1970."
    ),
    OptionSpec(
      name: .summary, help: "Also write the number of strokes of each kind to standard error."),
    InputFlags.jobsSpec,
    .helpOption,
  ]

  static let overview =
    "Classify every touch stroke as tap, long-press, drag, swipe or cancelled, with the rule code of replay and the constants of the trace's profile (scrubTravel, scrubDelay, swipeDistance, swipeVelocity). The swipe rule measures half the container's length only when a container is configured; without one only its velocity part applies (\"swipeRule\":\"velocity\")."

  static let usage = ["pagetrace classify [<options>] [<file> ...]"]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "Traces or recordings (--from): files, directories (their files named as traces or as --from's format, or matching --glob, in name order), or '-' (also none) for standard input. gzip is read transparently."
    )
  ]

  static var optionGroups: [OptionGroup] {
    [.options(ownOptions + InputFlags.specs), .otherFormats, .configuration()]
  }

  static var notes: String {
    """
    OUTPUT (one line per stroke):
      {"session":…,"id":"1","kind":"swipe","start":…,"end":…,"duration":…,"x0":…,
       "y0":…,"x1":…,"y1":…,"dx":…,"dy":…,"path":…,"peakSpeed":…,"velocity":…,
       "axis":"x","swipeRule":"container","target":"control",
       "outcome":"scrub","from":2,"to":6,"transitions":4,"file":…}
    kind is the stroke's shape; target the frame it went down in (control, content,
    outside); outcome what the control made of it (tap, scrub, swipe, detail, none).
    Every key in every line, null where a stroke has no value; with --format csv|parquet,
    one table of the same columns (docs/behaviour/tables.md):
    \(columnLines(StrokeWriter.columns.map(\.name)))
    """
  }

  static let exitStatuses = _exitStatuses()

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    let format = try TableFormat.parse(options)!
    var inputs = try InputFlags.inputs(from: options)
    inputs.jobs = try InputFlags.jobs(from: options) ?? 1
    var run = try CommandRun(inputs, output: options.path(.output))
    // One writer for every input: one table, its header (or Parquet's footer) once.
    let writer = StrokeWriter(
      descriptor: run.output.descriptor, name: run.output.name, format: format)
    writer.writesWallClock = options.has(.wallClock)
    run.output.preambleSize = writer.writeHeader()
    for file in inputs.files {
      writer.file = TraceReader.displayName(of: file)
      run.replay(file) { driver, options, report in
        StrokeClassifier.classify(
          file, driver: driver, options: options, writer: writer, report: report)
      }
      do { try writer.flush() } catch {
        run.fail(CommandFailure(status: .ioError, message: error.description))
      }
      if run.hasFailed { break }
    }
    // A run that stopped keeps what it wrote as a whole table (Parquet's footer written),
    // unless it wrote no row.
    if !run.hasFailed || writer.counts.total > 0 {
      do { try writer.finish() } catch {
        if !run.hasFailed { run.fail(CommandFailure(status: .ioError, message: error.description)) }
      }
    }
    let counts = writer.counts
    if options.has(.summary) && !run.willFail {  // as replay's: after a run that did not fail
      var text = "pagetrace: summary: strokes: \(counts.total)"
      for kind in StrokeClassifier.Kind.allCases {
        text += ", \(kind.rawValue) \(counts[kind])"
      }
      text += " (swipes along x \(counts.swipesAlongX), along y \(counts.swipesAlongY))\n"
      _standardError.write(text)
    }
    return try run.finish()
  }

  /// The columns as the help shows them: the header row, broken after a comma to fit 80
  /// columns, indented.
  static func columnLines(_ columns: [String]) -> String {
    var lines = [""]
    for (index, column) in columns.enumerated() {
      let item = column + (index == columns.count - 1 ? "" : ",")
      if lines[lines.count - 1].count + item.count > 76 { lines.append("") }
      lines[lines.count - 1] += item
    }
    return lines.map { "  " + $0 }.joined(separator: "\n")
  }
}
