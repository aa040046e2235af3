import PageTrace
import PageTraceIO

/// The input options of every command that reads traces (`replay`, `classify`, `stats`,
/// `render`, `lint`, `convert`): `--config`, `--on-error`, `--strict`, `--max-sessions`, and
/// with ``ImportFlags`` `--from` and the importers' options.
enum InputFlags {
  static let specs: [OptionSpec] = [
    OptionSpec(
      name: "config", value: "file",
      help: "A JSON object of configuration keys; overrides each trace's header."),
    OptionSpec(
      name: "on-error", value: "fail|skip",
      help: "fail: stop at the first bad line (default). skip: report it and go on."),
    OptionSpec(name: "strict", help: "With --on-error skip, exit 65 if any line was skipped."),
    OptionSpec(
      name: "max-sessions", value: "n",
      help: "Most sessions per file; one more is a data error. (default: 100000)"),
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
