import PageTraceAnalysis
import PageTraceIO

/// `pagetrace report [FILE...] -o report.html`: one self-contained HTML page of what the
/// inputs' replay did, to browse (docs/behaviour/report.md): the figures of `stats`, a table
/// of sessions, each session's player and timeline, the strokes' distributions.
enum ReportCommand: Command {
  static let name = "report"
  static let summary = "Write one self-contained HTML page to browse: figures, sessions, a player."

  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .output, short: "o", value: "file",
      help: "Write the page to <file> instead of standard output (replaced only on success)."),
    OptionSpec(
      name: .vary, value: "key=start:stop:step|key=v1,v2,...",
      help:
        "Add a What if section: the inputs replayed again under every combination of varied values, as sweep takes them (repeatable)."
    ),
    OptionSpec(
      name: .a, value: "settings",
      help:
        "Add a Differences section: configuration A, as diff takes it (KEY=VALUE,…, @FILE or profile=NAME), against B."
    ),
    OptionSpec(
      name: .b, value: "settings", help: "Configuration B of the Differences section."),
    OptionSpec(
      name: .memory, value: "size",
      help:
        "With --vary, the memory the combinations may take at once, as for sweep. (default: 256M)"),
    .helpOption,
  ]

  static let overview =
    "Replay traces and write one HTML page that opens in any browser, fetching nothing: the figures of stats, a table of sessions that sorts and filters, a player of each session's page control with its finger, a timeline that zooms and pans, and the strokes' distributions by class."

  static let usage = ["pagetrace report [<options>] [<file> ...] -o report.html"]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "Traces or recordings (--from): files, directories, or '-' (also none) for standard input."
    )
  ]

  static var optionGroups: [OptionGroup] {
    [.options(ownOptions + InputFlags.specs), .otherFormats, .configuration()]
  }

  static var notes: String {
    """
    LIMITS:
    Every figure counts every event. The page keeps the timelines of the first \
    \(Report.timelineLimit) sessions (each at most 3,000 finger samples, thinned evenly, and \
    3,000 records, cut after) and lists the first \(Report.sessionLimit) sessions.
    """
  }

  static let exitStatuses = _exitStatuses()

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    let sweep = options.has(.vary) ? try SweepCommand.grid(options) : nil
    let memoryBudget = try SweepCommand.memory(options[.memory])
    var inputs = try InputFlags.inputs(from: options)
    let compares = options.has(.a) || options.has(.b)
    if (sweep != nil || compares) && inputs.files.contains(.standardStream) {
      let what = sweep != nil ? "--vary reads" : "--a and --b read"
      throw CommandFailure(
        status: .usage,
        message:
          "\(what) the inputs a second time, which standard input cannot be: give files")
    }
    let variants = compares ? try DiffCommand.variants(options, inputs: &inputs) : []
    var run = try CommandRun(inputs, output: options.path(.output))
    var report = Report()
    for file in inputs.files {
      var observer = ReportObserver(timelines: report.timelinesLeft)
      let outcome = run.replay(file) { driver, options, problems in
        observer.replay(file, driver: driver, options: options, report: problems)
      }
      if run.hasFailed { break }
      guard outcome != nil else { continue }  // unreadable, skipped
      report.add(observer, name: TraceReader.displayName(of: file))
    }
    if let sweep, !run.hasFailed {
      // The grid after the report's own replay: each input again, decoded once for every
      // combination (as `sweep` does), the figures added up over the inputs.
      let figures = run.totals(of: inputs.files, under: sweep, memoryBudget: memoryBudget)
      report.addSweep(sweep, figures: figures)
    }
    if compares && !run.hasFailed {
      compare(inputs.files, variants, options, &run, into: &report)
    }
    if !run.hasFailed { run.output.write(report.html()) }
    return try run.finish()
  }

  /// The Differences section: each input compared under A and B as `diff --format jsonl`
  /// does, and replayed under both for the comparing player.
  static func compare(
    _ files: [SystemPath], _ variants: [ConfigurationPatch], _ options: CommandLineArguments,
    _ run: inout CommandRun, into report: inout Report
  ) {
    let collector = ConfigurationDiff(
      writer: TextWriter(descriptor: run.output.descriptor, name: run.output.name), format: nil,
      stopsAtFirst: false)
    var kept: [String] = []
    collector.lines = { line in if kept.count < Report.differenceLimit { kept.append(line) } }
    for file in files {
      guard run.compare(file, named: true, variants, into: collector) else {
        if run.hasFailed { return } else { continue }  // unreadable, skipped
      }
      // Both sides' timelines; the problems were reported by the comparison.
      var sides = [ReportObserver(), ReportObserver()]
      _ = ReplayDriver(run.inputs.driver).replay(
        file, options: run.inputs.replay, variants: variants, observers: &sides
      ) { _ in }
      report.addSides(sides[0], sides[1], name: TraceReader.displayName(of: file))
    }
    report.addComparison(
      a: options[.a] ?? "as given", b: options[.b] ?? "as given", differences: kept,
      of: collector)
  }
}
