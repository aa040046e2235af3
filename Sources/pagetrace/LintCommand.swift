import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace lint [FILE...]`: checks configurations and traces against the guidelines of
/// docs/behaviour.md, "Lint rules", one finding per line.
enum LintCommand {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        name: "format", value: "text|json",
        help: "text: FILE: RULE-ID: message (default). json: one JSON object per finding."),
      OptionSpec(name: "help", short: "h", help: "Show help information."),
    ] + InputFlags.specs + ImportFlags.specs + ConfigurationFlags.specs

  static var help: String {
    _help(
      overview:
        "Check configurations and traces against the page-control guidelines (docs/behaviour.md, \"Lint rules\"). A file holding one JSON object is a configuration (as for --config); a trace's header is checked, and its events are replayed to report behaviour the guidelines warn about.",
      usage: "pagetrace lint [<options>] [<file> ...]",
      arguments: [
        (
          "<file>",
          "Configurations or traces: files, directories (their files in name order), or '-' (also none) for standard input. Traces may be gzip-compressed."
        )
      ],
      sections: [
        ("OPTIONS", Array(specs.prefix(2)) + InputFlags.specs),
        ("OTHER FORMATS", ImportFlags.specs),
        (
          "CONFIGURATION (as for replay)",
          ConfigurationFlags.specs.filter { !$0.name.hasPrefix("no-") }
        ),
      ],
      footer: """
        RULES:
        \(GuidelineLint.Rule.allCases.map { "  \($0.id)  \($0.summary)" }.joined(separator: "\n"))

        EXIT STATUS:
          0 nothing found, 1 findings, 64 usage error, 65 data error, 66 unreadable input.
        """)
  }

  static func run(_ arguments: ArraySlice<String>) throws(CommandFailure) -> ExitStatus {
    let options = try CommandLineArguments(arguments, specs: specs)
    if options.has("help") {
      _standardOutput.write(help)
      return .success
    }
    let json: Bool
    switch options.value("format") ?? "text" {
    case "text": json = false
    case "json": json = true
    case let other:
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--format': expected text or json, found '\(other)'")
    }
    let inputs = try InputFlags.inputs(from: options)
    var run = try _CommandRun(inputs, output: nil)
    var found = 0
    for file in inputs.files {
      let name = TraceReader.displayName(of: file)
      for finding in lint(file, run: &run) {
        found += 1
        if json {
          var line = "{\"file\":\(JSONText.string(name)),\"rule\":\"\(finding.rule.id)\""
          if let session = finding.session { line += ",\"session\":\(JSONText.string(session))" }
          run.output.write(line + ",\"message\":\(JSONText.string(finding.message))}\n")
        } else {
          let session = finding.session.map { " (session \($0))" } ?? ""
          run.output.write("\(name): \(finding.rule.id): \(finding.message)\(session)\n")
        }
      }
      if run.hasFailed { break }
    }
    return try run.finish(success: found > 0 ? .findings : .success)
  }

  /// Watches a replay for the guidelines: the configuration when the engine starts, then
  /// the records and controls.
  struct Observer: ReplayObserver {
    static var observesControls: Bool { true }
    var findings: [GuidelineLint.Finding] = []
    var watch = GuidelineLint.TraceWatch()
    var names = TraceNames()

    mutating func begin(_ configuration: PageControlConfiguration) {
      findings += GuidelineLint.check(configuration)
    }
    mutating func name(_ session: SessionID, _ name: String) { names.set(name, of: session) }
    mutating func observe(_ record: EngineRecord) { watch.observe(names.friendly(record)) }
    mutating func didHandle(_ event: EngineEvent, control: PageControl) {
      watch.observe(control, session: names.name(of: event.session))
    }
  }

  /// The findings of one file: its configuration, and for a trace its behaviour.
  static func lint(_ file: String, run: inout _CommandRun) -> [GuidelineLint.Finding] {
    let overrides = run.inputs.replay.overrides
    // A configuration object (as for --config) is linted as it is; anything else is a trace.
    if file != "-", let patch = try? ConfigurationPatch(contentsOfFile: file) {
      do {
        return GuidelineLint.check(try patch.merging(overrides).resolve(file: file, line: 1))
      } catch {
        run.fail(CommandFailure(status: .dataError, message: error.description, isLocated: true))
        return []
      }
    }
    var observer = Observer()
    guard let outcome = run.replay(file, observer: &observer), !run.hasFailed else {
      return observer.findings + observer.watch.findings
    }
    if outcome.configuration == nil, let header = outcome.header {
      // A header alone: lint its configuration without events.
      do {
        let name = TraceReader.displayName(of: file)
        observer.findings += GuidelineLint.check(
          try run.inputs.replay.defaults.merging(header).merging(overrides).resolve(
            file: name, line: 1))
      } catch {
        run.fail(CommandFailure(status: .dataError, message: error.description, isLocated: true))
      }
    }
    return observer.findings + observer.watch.findings
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
