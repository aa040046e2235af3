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
    var reader: TraceReader
    do {
      reader = file == "-" ? try TraceReader.standardInput() : try TraceReader(path: file)
    } catch {
      throw CommandFailure(status: .noInput, message: error.description)
    }
    var header = ConfigurationPatch()
    var configuration: PageControlConfiguration?
    var engine: PageControlEngine?
    var watch = GuidelineLint.TraceWatch()
    var findings: [GuidelineLint.Finding] = []
    var lines = 0
    do {
      while let item = try reader.next() {
        switch item {
        case .blank, .note:
          continue
        case .header(let patch):
          header = patch
          lines += 1
        case .event(let event, let line):
          lines += 1
          if engine == nil {
            let resolved = try header.merging(flags).resolve(file: reader.name, line: line)
            findings += GuidelineLint.check(resolved)
            configuration = resolved
            do { engine = try PageControlEngine(resolved) } catch { throw reader.error(for: error) }
          }
          do {
            try engine!.handle(event) { watch.observe($0) }
          } catch {
            throw reader.error(for: error)
          }
          if let control = engine!.control(forSession: event.session) { watch.observe(control) }
        }
      }
      if configuration == nil && lines > 0 {
        // A configuration or a header alone: lint it without events.
        findings += GuidelineLint.check(
          try header.merging(flags).resolve(file: reader.name, line: 1))
      }
    } catch let error as TraceError {
      throw CommandFailure(status: .dataError, message: error.description, isLocated: true)
    } catch {
      throw CommandFailure(status: .noInput, message: "\(error)")
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
