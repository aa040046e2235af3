import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace diff [FILE...] --a SETTINGS --b SETTINGS`: replays every input under two
/// configurations and lists each stroke, event and timer advance whose outcome differs
/// (docs/behaviour/what-if.md, "Diff").
enum DiffCommand: Command {
  static let name = "diff"
  static let summary = "Replay under two configurations and list what they do differently."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .a, value: "settings",
      help:
        "Configuration A over each input's own: KEY=VALUE,… (configuration keys), @FILE (a JSON object), or profile=NAME."
    ),
    OptionSpec(name: .b, value: "settings", help: "Configuration B, as --a."),
    OptionSpec(
      name: .output, short: "o", value: "file",
      help: "Write to <file> instead of standard output (replaced only on success)."),
    OptionSpec(
      name: .format, value: "text|jsonl|csv|parquet", choices: TableFormat.choices(text: "text"),
      help:
        "text: one line per difference, then a summary line (default). jsonl, csv, parquet: one row per difference (docs/behaviour/tables.md), the summary line on standard error."
    ),
    OptionSpec(name: .first, help: "Stop at the first difference."),
    .helpOption,
  ]

  static let overview =
    "Replay each input under two configurations, A and B, and list every touch stroke, other event and timer advance whose outcome differs: its lines, its time, what A did and what B did. Exit 0 when they agree, 1 when they differ (as diff(1)). Each configuration is the input's header, then --config and the configuration flags, then its own SETTINGS."

  static let usage = ["pagetrace diff [<options>] --a <settings> --b <settings> [<file> ...]"]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "Traces or recordings (--from): files, directories (their files named as traces or as --from's format, or matching --glob, in name order), or '-' (also none) for standard input, read once. gzip is read transparently."
    )
  ]

  static var optionGroups: [OptionGroup] {
    [
      .options(ownOptions + InputFlags.specs), .otherFormats,
      .configuration("CONFIGURATION (under both A and B)"),
    ]
  }

  static let notes = """
    SETTINGS: scrubDelay=0.3,scrubTravel=24 (values as in a --config file),
    profile=android, control=0,780,390,30, or @config.json.

    OUTPUT (one line per difference, in the order the units end):
      FILE:LINES: WHAT at TIME: A-OUTCOME vs B-OUTCOME
      Traces/profiles.jsonl:2-3: touch 1 at 1–1.05: tap 4→5 vs tap 4→7
    and last: differences: N (strokes S of T, events E of U, timer R)
    """

  static let exitStatuses = _exitStatuses(
    success: "A and B agree", extra: ExitStatusItem(status: .findings, meaning: "A and B differ"))

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    let format = try TableFormat.parse(options, text: "text")
    guard options.has(.a) || options.has(.b) else {
      throw CommandFailure(
        status: .usage,
        message:
          "diff compares two configurations: give --a SETTINGS, --b SETTINGS or both (KEY=VALUE,…, @FILE or profile=NAME)"
      )
    }
    var inputs = try InputFlags.inputs(from: options)
    let variants = try Self.variants(options, inputs: &inputs)
    var run = try CommandRun(inputs, output: options.path(.output))
    let several = inputs.files.count > 1
    let collector = ConfigurationDiff(
      writer: TextWriter(descriptor: run.output.descriptor, name: run.output.name),
      format: format, stopsAtFirst: options.has(.first))
    run.output.preambleSize = collector.writeHeader()
    for file in inputs.files {
      if !run.compare(file, named: several, variants, into: collector) && !run.hasFailed {
        continue  // unreadable, skipped
      }
      do { try collector.flush() } catch {
        run.fail(CommandFailure(status: .ioError, message: error.description))
      }
      if run.hasFailed || collector.stopped { break }
    }
    // A table holds differences only: its summary goes to standard error.
    if !run.hasFailed && format == nil { collector.writer.write(collector.summary) }
    if !run.hasFailed || collector.differences > 0 {  // a table's footer after its rows
      do { try collector.finish() } catch {
        if !run.hasFailed { run.fail(CommandFailure(status: .ioError, message: error.description)) }
      }
    }
    if !run.hasFailed && format != nil { _standardError.write("pagetrace: " + collector.summary) }
    return try run.finish(success: collector.differences > 0 ? .findings : .success)
  }

  /// The patches `--a` and `--b` describe, in order (an absent one changes nothing); a
  /// `@FILE` joins the run's other inputs.
  static func variants(
    _ options: CommandLineArguments, inputs: inout InputFlags.Inputs
  ) throws(CommandFailure) -> [ConfigurationPatch] {
    var variants: [ConfigurationPatch] = []
    for name in [OptionName.a, .b] {
      variants.append(
        try options[name].map { (text) throws(CommandFailure) in
          try settings(
            text, option: name.rawValue, inputs: &inputs, output: options.path(.output))
        } ?? ConfigurationPatch())
    }
    return variants
  }

  /// The patch one `--a` or `--b` describes: `@FILE` (read as `--config` is), or `KEY=VALUE`
  /// items separated by commas, each value checked by the configuration parser.
  ///
  /// - Throws: 64 for a bad item; for `@FILE` the errors of `--config` (65, 66).
  static func settings(
    _ text: String, option: String, inputs: inout InputFlags.Inputs, output: SystemPath?
  ) throws(CommandFailure) -> ConfigurationPatch {
    if text.hasPrefix("@") {
      let path = SystemPath(String(text.dropFirst()))
      guard !path.isEmpty else {
        throw CommandFailure(
          status: .usage, message: "invalid value for '--\(option)': '@' names no file")
      }
      try _refuseOutputAmongInputs(output, inputs: [path])
      inputs.otherFiles.append(path)
      return try _readConfiguration(path)
    }
    do throws(ConfigurationPatch.SettingsError) {
      return try ConfigurationPatch(settings: text, source: "--\(option)")
    } catch {
      throw CommandFailure(
        status: .usage, message: "invalid value for '--\(option)': \(error.message)")
    }
  }
}

extension OptionName {
  static let a = OptionName("a")
  static let b = OptionName("b")
  static let first = OptionName("first")
}

extension CommandRun {
  /// Compares `file` under `variants` (A, B) into `collector`, decoded once and replayed under
  /// both (docs/behaviour/what-if.md, "Diff"), naming the file on each line if `named`;
  /// `false` when it could not be read (skipped) or the run failed, as when A and B did not
  /// accept the same events.
  mutating func compare(
    _ file: SystemPath, named: Bool, _ variants: [ConfigurationPatch],
    into collector: ConfigurationDiff
  ) -> Bool {
    let name = TraceReader.displayName(of: file)
    collector.start(file: name, named: named)
    let outcome = replay(file) { driver, options, report in
      collector.compare(
        file, a: variants[0], b: variants[1], driver: driver, options: options, report: report)
    }
    guard outcome != nil, !hasFailed else { return false }
    if !collector.finishFile() {
      fail(
        CommandFailure(
          status: .dataError,
          message:
            "\(name): A and B did not accept the same events (one configuration rejected an event the other took), so their outcomes cannot be paired"
        ))
      return false
    }
    return true
  }
}
