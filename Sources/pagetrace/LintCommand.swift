import PageTrace
import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pagetrace lint [FILE...]`: checks configurations and traces against the guidelines of
/// SPEC §7, one finding per line.
enum LintCommand {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        name: "format", value: "text|json",
        help: "text: FILE: RULE-ID: message (default). json: one JSON object per finding."),
      OptionSpec(name: "help", short: "h", help: "Show help information."),
    ] + ConfigurationFlags.specs

  static var help: String {
    _help(
      overview:
        "Check configurations and traces against the page-control guidelines (SPEC §7). A file holding one JSON object is a configuration (as for --config); a trace's header is checked, and its events are replayed to report behaviour the guidelines warn about.",
      usage: "pagetrace lint [<options>] [<file> ...]",
      arguments: [("<file>", "Configurations or traces; '-' or none: standard input.")],
      sections: [
        ("OPTIONS", Array(specs.prefix(2))),
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
    let flags = try ConfigurationFlags.patch(from: options)
    var found = 0
    for file in options.positionals.isEmpty ? ["-"] : options.positionals {
      for finding in try lint(file, flags: flags) {
        found += 1
        if json {
          var line = "{\"file\":\(_quoted(file)),\"rule\":\"\(finding.rule.id)\""
          if let session = finding.session { line += ",\"session\":\(_quoted(session))" }
          _standardOutput.write(line + ",\"message\":\(_quoted(finding.message))}\n")
        } else {
          let session = finding.session.map { " (session \($0))" } ?? ""
          _standardOutput.write("\(file): \(finding.rule.id): \(finding.message)\(session)\n")
        }
      }
    }
    return found > 0 ? .findings : .success
  }

  /// The findings of one file: its configuration, and for a trace its behaviour.
  static func lint(_ file: String, flags: ConfigurationPatch) throws(CommandFailure)
    -> [GuidelineLint.Finding]
  {
    // A configuration object (as for --config) is linted as it is; anything else is a trace.
    if file != "-", let patch = try? ConfigurationPatch(contentsOfFile: file) {
      do {
        return GuidelineLint.check(try patch.merging(flags).resolve(file: file, line: 1))
      } catch {
        throw CommandFailure(status: .dataError, message: error.description, isLocated: true)
      }
    }
    var reader = try _TraceInput.open(file, importer: nil)
    var findings: [GuidelineLint.Finding] = []
    var watch = GuidelineLint.TraceWatch()
    let outcome = try _TraceInput.replay(
      &reader, flags: flags, start: { findings += GuidelineLint.check($0) },
      record: { watch.observe($0) }, after: { watch.observe($0) })
    if outcome.events == 0 && outcome.hasHeader {
      // A header alone: lint its configuration without events.
      do {
        findings += GuidelineLint.check(
          try outcome.header.merging(flags).resolve(file: reader.name, line: 1))
      } catch {
        throw CommandFailure(status: .dataError, message: error.description, isLocated: true)
      }
    }
    return findings + watch.findings
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
