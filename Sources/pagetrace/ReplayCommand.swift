import PageTrace
import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pagetrace replay [FILE...|-]`: replays traces and writes their records as JSON Lines
/// (SPEC §2, §5, §6).
enum ReplayCommand {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        name: "output", short: "o", value: "file",
        help: "Write records to <file> instead of standard output."),
      OptionSpec(
        name: "emit", value: "types",
        help:
          "Record types to write, comma-separated: transition, interaction, background, announcement, detail, or all. (default: transition)"
      ),
      OptionSpec(
        name: "config", value: "file",
        help: "A JSON object of configuration keys; overrides each trace's header."),
      OptionSpec(
        name: "on-error", value: "fail|skip",
        help: "fail: stop at the first bad line (default). skip: report it and go on."),
      OptionSpec(name: "strict", help: "With --on-error skip, exit 65 if any line was skipped."),
      OptionSpec(
        name: "summary",
        help:
          "Account for every input line on standard error: headers, blank lines, events applied, events ignored by a rule, lines skipped as bad."
      ),
      OptionSpec(
        name: "max-sessions", value: "n",
        help: "Most sessions per file; one more is a data error. (default: 100000)"),
      OptionSpec(
        name: "jobs", short: "j", value: "n",
        help: "Replay up to <n> files at once; output stays in input order. (default: 1)"),
      OptionSpec(name: "help", short: "h", help: "Show help information."),
    ] + ImportFlags.specs + ConfigurationFlags.specs

  static var help: String {
    _help(
      overview: "Replay page-control traces and write the records they produce.",
      usage: "pagetrace replay [<options>] [<file> ...]",
      arguments: [
        (
          "<file>",
          "JSON Lines traces, replayed independently in order. '-' or none: standard input."
        )
      ],
      sections: [
        ("OPTIONS", Array(specs.prefix(9))),
        ("OTHER FORMATS", ImportFlags.specs),
        (
          "CONFIGURATION (over --config, over each header; booleans also as --no-<flag>)",
          ConfigurationFlags.specs.filter { !$0.name.hasPrefix("no-") }
        ),
      ],
      footer: """
        Records carry "file" when more than one file is given. Errors are written to standard
        error as FILE:LINE:COLUMN: expected …, found …; records of earlier lines are written
        first.

        EXIT STATUS:
          0 success, 64 usage error, 65 data error, 66 missing or unreadable input,
          73 cannot create the output file, 74 write error.
        """)
  }

  enum ErrorPolicy: String { case fail, skip }

  static func run(_ arguments: ArraySlice<String>) throws(CommandFailure) -> ExitStatus {
    let options = try CommandLineArguments(arguments, specs: specs)
    if options.has("help") {
      _standardOutput.write(help)
      return .success
    }
    let types = try recordTypes(options.value("emit") ?? "transition")
    let policyName = options.value("on-error") ?? "fail"
    guard let policy = ErrorPolicy(rawValue: policyName) else {
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--on-error': expected fail or skip, found '\(policyName)'")
    }
    var overrides = ConfigurationPatch()
    if let path = options.value("config") {
      do {
        overrides = try ConfigurationPatch(contentsOfFile: path)
      } catch let error as TraceError {
        throw CommandFailure(status: .dataError, message: error.description, isLocated: true)
      } catch {
        throw CommandFailure(status: .noInput, message: "\(error)")
      }
    }
    overrides.merge(try ConfigurationFlags.patch(from: options))

    var replayOptions = BatchReplay.Options()
    replayOptions.overrides = overrides
    replayOptions.types = types
    replayOptions.skipsBadLines = policy == .skip
    replayOptions.importer = try ImportFlags.importer(from: options)
    if let jobs = options.value("jobs") {
      guard let count = Int(jobs), count >= 1 else {
        throw CommandFailure(
          status: .usage,
          message: "invalid value for '--jobs': expected a positive integer, found '\(jobs)'")
      }
      replayOptions.jobs = count
    }
    if let limit = options.value("max-sessions") {
      guard let count = Int(limit), count >= 1 else {
        throw CommandFailure(
          status: .usage,
          message:
            "invalid value for '--max-sessions': expected a positive integer, found '\(limit)'")
      }
      replayOptions.maximumSessions = count
    }
    let files = options.positionals.isEmpty ? ["-"] : options.positionals
    let output = try openOutput(options.value("output"))
    defer { if output.descriptor != STDOUT_FILENO { close(output.descriptor) } }

    let progress = _ProgressLine(files: files)
    defer { progress.finish() }
    replayOptions.progress = progress.progress
    let summary: BatchReplay.Summary
    do {
      summary = try BatchReplay(replayOptions).run(files, to: output.descriptor) {
        _standardError.write($0 + "\n")
      }
      if options.has("summary") { _standardError.write(describe(summary)) }
    } catch {
      switch error {
      case .data(let error):
        throw CommandFailure(status: .dataError, message: error.description, isLocated: true)
      case .input(let error):
        throw CommandFailure(status: .noInput, message: error.description)
      case .output(let error):
        throw CommandFailure(status: .ioError, message: error.description)
      }
    }
    if summary.skippedLines > 0 {
      let lines = summary.skippedLines == 1 ? "line" : "lines"
      _standardError.write("pagetrace: skipped \(summary.skippedLines) bad \(lines)\n")
    }
    if summary.unreadableFiles > 0 { return .noInput }
    if summary.skippedLines > 0 && options.has("strict") { return .dataError }
    return .success
  }

  /// The `--summary` line: every input line accounted for.
  static func describe(_ summary: BatchReplay.Summary) -> String {
    var text = "pagetrace: summary: \(summary.lines) lines read = \(summary.headers) header"
    text += " + \(summary.blankLines) blank + \(summary.eventsApplied) events applied"
    text +=
      " + \(summary.eventsIgnored) events ignored by a rule + \(summary.skippedLines) skipped as bad"
    text += "; \(summary.records) records written"
    if summary.notes > 0 { text += "; \(summary.notes) importer notes" }
    if summary.unreadableFiles > 0 { text += "; \(summary.unreadableFiles) unreadable files" }
    return text + "\n"
  }

  static func recordTypes(_ list: String) throws(CommandFailure) -> RecordTypes {
    if list == "all" { return .all }
    var types: RecordTypes = []
    for name in list.split(separator: ",", omittingEmptySubsequences: false) {
      guard let type = RecordType(rawValue: String(name)) else {
        var message = "invalid value for '--emit': unknown record type '\(name)'"
        if let guess = _closest(to: String(name), in: RecordType.allCases.map(\.rawValue) + ["all"])
        {
          message += "; did you mean '\(guess)'?"
        }
        throw CommandFailure(status: .usage, message: message)
      }
      types.insert(RecordTypes(type))
    }
    return types
  }

  static func openOutput(_ path: String?) throws(CommandFailure) -> (
    descriptor: Int32, name: String
  ) {
    guard let path, path != "-" else { return (STDOUT_FILENO, "<stdout>") }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw CommandFailure(
        status: .cannotCreate, message: "\(path): \(String(cString: strerror(errno)))")
    }
    return (descriptor, path)
  }
}
