import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace lint [FILE...]`: checks configurations and traces against the guidelines of
/// docs/behaviour/lint.md, "Lint rules", one finding per line.
enum LintCommand: Command {
  static let name = "lint"
  static let summary = "Check configurations and traces against the guidelines."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .format, value: "text|jsonl|csv|parquet", choices: TableFormat.choices(text: "text"),
      help:
        "text: FILE[:LINE]: SEVERITY: RULE: message (default). jsonl (or json), csv, parquet: one row per finding: file, line, rule, severity, session, message (docs/behaviour/tables.md)."
    ),
    OptionSpec(
      name: .output, short: "o", value: "file",
      help: "Write to <file> instead of standard output (replaced only on success)."),
    OptionSpec(
      name: .disable, value: "rules", choices: GuidelineLint.Rule.allCases.map(\.id),
      help: "Rules not to check, comma-separated (PT001,PT102); may be repeated."),
    .helpOption,
  ]

  static let overview =
    "Check configurations and traces against the page-control guidelines (docs/behaviour/lint.md, \"Lint rules\"). A file or standard input holding one JSON object without \"t\" is a configuration (as for --config; pages and control may be left out); anything else is a trace: its configuration is checked, and its events are replayed to report behaviour the guidelines warn about."

  static let usage = ["pagetrace lint [<options>] [<file> ...]"]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "Configurations or traces: files, directories (their .json files and trace files, or those matching --glob, in name order), or '-' (also none) for standard input. Traces may be gzip-compressed."
    )
  ]

  static var optionGroups: [OptionGroup] {
    [
      .options(ownOptions + InputFlags.specs), .otherFormats, .configuration(inLint: true),
    ]
  }

  static var notes: String {
    """
    RULES:
    \(GuidelineLint.Rule.allCases.map { "  \($0.id)  \($0.severity.rawValue.padding(8))\($0.summary)" }.joined(separator: "\n"))

    The number of findings is written to standard error (not with --quiet).
    """
  }

  /// The rules, in the manual.
  static var manualNotes: String {
    var text = ".Pp\nThe rules:\n.Bl -tag -width Ds\n"
    for rule in GuidelineLint.Rule.allCases {
      text += ".It \(rule.id)\n" + Manual.text(rule.summary) + "\n"
    }
    return text + ".El\n"
  }

  static let exitStatuses = _exitStatuses(
    success: "nothing found", extra: ExitStatusItem(status: .findings, meaning: "findings"),
    output: true)

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    let format = try TableFormat.parse(options, text: "text")
    let disabled = try disabledRules(options)
    let inputs = try InputFlags.inputs(from: options, configurations: true)
    var run = try CommandRun(inputs, output: options.path(.output))
    run.warnsWhenEmpty = false
    var table = format.map {
      TableWriter(
        columns: GuidelineLint.Finding.columns, format: $0, descriptor: run.output.descriptor,
        name: run.output.name)
    }
    run.output.preambleSize = table?.writeHeader() ?? 0
    var counts: [GuidelineLint.Severity: Int] = [:]
    var linted = 0  // the files read (with --on-error skip, not those that could not be)
    for file in inputs.files {
      let name = TraceReader.displayName(of: file)
      let unreadable = run.summary.unreadableFiles
      for finding in lint(file, run: &run) where !disabled.contains(finding.rule) {
        counts[finding.severity, default: 0] += 1
        if table != nil {
          table!.write(finding.cells(file: name))
        } else {
          run.output.write(textLine(finding, file: name))
        }
      }
      do { try table?.flush() } catch {
        run.fail(CommandFailure(status: .ioError, message: error.description))
      }
      if run.hasFailed { break }
      if run.summary.unreadableFiles == unreadable { linted += 1 }
    }
    if !run.hasFailed || !counts.isEmpty {  // a table's footer after its rows
      do { try table?.finish() } catch {
        if !run.hasFailed { run.fail(CommandFailure(status: .ioError, message: error.description)) }
      }
    }
    if !run.hasFailed && !inputs.quiet {
      _standardError.write("pagetrace: lint: \(describe(counts, files: linted))\n")
    }
    return try run.finish(success: counts.isEmpty ? .success : .findings)
  }

  /// `FILE: warning: PT001: message`, with `:LINE` after FILE and ` (session NAME)` at the end
  /// for a finding about a trace's behaviour.
  static func textLine(_ finding: GuidelineLint.Finding, file: String) -> String {
    let line = finding.line.map { ":\($0)" } ?? ""
    let session = finding.session.map { " (session \($0))" } ?? ""
    return
      "\(file)\(line): \(finding.severity.rawValue): \(finding.rule.id): \(finding.message)\(session)\n"
  }

  /// `3 findings (1 error, 2 warnings) in 2 files`, or `no findings in 1 file`.
  static func describe(_ counts: [GuidelineLint.Severity: Int], files: Int) -> String {
    func plural(_ count: Int, _ word: String) -> String {
      "\(count) \(word)\(count == 1 ? "" : "s")"
    }
    let total = counts.values.reduce(0, +)
    let inFiles = " in " + plural(files, "file")
    guard total > 0 else { return "no findings" + inFiles }
    let kinds = [GuidelineLint.Severity.error, .warning].compactMap { severity in
      counts[severity].map { plural($0, severity.rawValue) }
    }
    return plural(total, "finding") + " (" + kinds.joined(separator: ", ") + ")" + inFiles
  }

  /// The rules of every `--disable`.
  static func disabledRules(_ options: CommandLineArguments) throws(CommandFailure) -> Set<
    GuidelineLint.Rule
  > {
    var rules: Set<GuidelineLint.Rule> = []
    for value in options.values(.disable) {
      for id in _listItems(value) {
        guard let rule = GuidelineLint.Rule(id: String(id)) else {
          throw CommandFailure(
            status: .usage,
            message: "invalid value for '--disable': unknown rule '\(id)'"
              + _didYouMean(id, in: GuidelineLint.Rule.allCases.map(\.id)))
        }
        rules.insert(rule)
      }
    }
    return rules
  }

  /// Watches a replay for the guidelines: the configuration when the engine starts, then
  /// the records and controls, each finding with the line of its event.
  struct Observer: ReplayObserver {
    static var observesControls: Bool { true }
    var findings: [GuidelineLint.Finding] = []
    var watch = GuidelineLint.TraceWatch()
    var names = TraceNames()

    mutating func begin(_ configuration: PageControlConfiguration) {
      findings += GuidelineLint.check(configuration)
    }
    mutating func name(_ session: SessionID, _ name: String) { names.set(name, of: session) }
    mutating func eventLine(_ line: Int) { watch.line = line }
    mutating func observe(_ record: EngineRecord) { watch.observe(names.friendly(record)) }
    mutating func didHandle(_ event: EngineEvent, control: PageControl) {
      watch.observe(control, session: names.name(of: event.session))
    }
  }

  /// The findings of one file: its configuration, and for a trace its behaviour.
  static func lint(_ file: SystemPath, run: inout CommandRun) -> [GuidelineLint.Finding] {
    let name = TraceReader.displayName(of: file)
    // A configuration (one object without "t", as for --config) is linted as it is; anything
    // else is a trace. Standard input is read far enough to tell, then put back.
    do throws(TraceError) {
      if file == .standardStream {
        let (bytes, ended): ([UInt8], Bool)
        do throws(FileError) {
          (bytes, ended) = try _System.readStandardInput(
            upTo: ConfigurationPatch.defaultMaximumFileSize + 1, name: name)
        } catch {
          run.unreadable(error)
          return []
        }
        if ended {
          let parsed = bytes.withUnsafeBytes { json in
            Result { () throws(TraceError) in
              try ConfigurationPatch(ifConfiguration: json, file: name)
            }
          }
          if let patch = try parsed.get() { return lint(patch, file: name, run: &run) }
        }
        _System.unreadStandardInput(bytes, ended: ended)
      } else if let patch = try ConfigurationPatch(ifConfigurationFile: file) {
        return lint(patch, file: name, run: &run)
      }
    } catch {
      run.fail(CommandFailure(status: .dataError, message: error.description, isLocated: true))
      return []
    }
    var observer = Observer()
    guard let outcome = run.replay(file, observer: &observer), !run.hasFailed else {
      return observer.findings + observer.watch.findings
    }
    if outcome.configuration == nil, let header = outcome.header {
      // A header alone: lint its configuration without events.
      return lint(run.inputs.replay.defaults.merging(header), file: name, run: &run)
    }
    return observer.findings + observer.watch.findings
  }

  /// The findings of a configuration with `--config` and the flags over it. `pages` and
  /// `control` may be missing: it is then checked in content mode, which leaves out the rules
  /// that need a control (and, with no pages, the page-count rules).
  static func lint(
    _ patch: ConfigurationPatch, file: String, run: inout CommandRun
  ) -> [GuidelineLint.Finding] {
    var patch = patch.merging(run.inputs.replay.overrides)
    if patch.control == nil { patch.withoutControl = true }
    do {
      return GuidelineLint.check(try patch.resolve(file: file, line: 1))
    } catch {
      run.fail(CommandFailure(status: .dataError, message: error.description, isLocated: true))
      return []
    }
  }
}

extension GuidelineLint.Rule {
  /// One line for the help.
  var summary: String {
    switch self {
    case .manyPages: "more than 10 pages (hard to count)"
    case .tooManyPages: "more than 20 pages (too many to visit in sequence)"
    case .dotsClipped: "dots clipped: more pages than fit, without windowing (legacy)"
    case .headerWithManyPages: "placement: header with more than 3 pages"
    case .minimalWithScrubbing: "minimal style with scrubbing allowed"
    case .manyIndicatorImages: "more than two distinct indicator images"
    case .singlePageShown: "a single-page control shown (hidesForSinglePage: false)"
    case .scrubOnMinimal: "trace: a scrub on a minimal control"
    case .manyPagesByTaps: "trace: more than 10 pages visited by taps in a session"
    }
  }
}
