import PageTrace
import PageTraceIO

/// The input options of every command that reads traces (`replay`, `classify`, `stats`,
/// `render`, `lint`, `convert`): `--config`, `--on-error`, `--strict`, `--max-sessions`,
/// `--quiet`, `--no-progress`, and with ``ImportFlags`` `--from` and the importers' options.
enum InputFlags {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        name: "config", value: "file",
        help: "A JSON object of configuration keys; overrides each trace's header."),
      OptionSpec(
        name: "max-sessions", value: "n",
        help: "Most sessions per file; one more is a data error. (default: 100000)"),
    ] + copyingSpecs

  /// The input options of a command that copies events without replaying them (`convert`):
  /// no configuration, no session limit.
  static let copyingSpecs: [OptionSpec] = [
    OptionSpec(
      name: "on-error", value: "fail|skip", choices: ["fail", "skip"],
      help: "fail: stop at the first bad line (default). skip: report it and go on."),
    OptionSpec(name: "strict", help: "With --on-error skip, exit 65 if any line was skipped."),
    OptionSpec(
      name: "quiet", short: "q",
      help: "Only errors on standard error: no progress line, no importer notes, no counts."),
    OptionSpec(
      name: "no-progress",
      help: "No progress line (shown on a terminal when a run takes over a second)."),
  ]

  /// What the input options of a command line say.
  struct Inputs {
    /// The inputs, `-` for standard input.
    var files: [String]
    /// The importer of `--from`, if any.
    var importer: (any LineImporter)?
    /// The options of the one replay loop: configuration, error policy, session limit.
    var replay = TraceReplay.Options()
    /// `--strict`.
    var strict = false
    /// `--quiet`: standard error carries errors only.
    var quiet = false
    /// Whether a progress line may be shown (not with `--quiet` or `--no-progress`).
    var showsProgress = true
  }

  /// Reads the input options, with the command's configuration `defaults` under each header.
  static func inputs(
    from options: CommandLineArguments, defaults: ConfigurationPatch = ConfigurationPatch()
  ) throws(CommandFailure) -> Inputs {
    var inputs = Inputs(files: options.positionals.isEmpty ? ["-"] : options.positionals)
    inputs.importer = try ImportFlags.importer(from: options)
    inputs.replay.defaults = defaults
    switch options.value("on-error") ?? "fail" {
    case "fail": inputs.replay.skipsBadLines = false
    case "skip": inputs.replay.skipsBadLines = true
    case let other:
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--on-error': expected fail or skip, found '\(other)'")
    }
    inputs.strict = options.has("strict")
    inputs.quiet = options.has("quiet")
    inputs.showsProgress = !inputs.quiet && !options.has("no-progress")
    inputs.replay.reportsNotes = !inputs.quiet
    if let limit = options.value("max-sessions") {
      guard let count = Int(limit), count >= 1 else {
        throw CommandFailure(
          status: .usage,
          message:
            "invalid value for '--max-sessions': expected a positive integer, found '\(limit)'")
      }
      inputs.replay.maximumSessions = count
    }
    if let path = options.value("config") {
      do {
        inputs.replay.overrides = try ConfigurationPatch(contentsOfFile: path)
      } catch let error as TraceError {
        throw CommandFailure(status: .dataError, message: error.description, isLocated: true)
      } catch {
        throw CommandFailure(status: .noInput, message: "\(error)")
      }
    }
    inputs.replay.overrides.merge(try ConfigurationFlags.patch(from: options))
    return inputs
  }
}
