import PageTrace
import PageTraceIO

/// The input options of every command that reads traces (`replay`, `classify`, `stats`,
/// `render`, `lint`, `convert`): `--config`, `--on-error`, `--strict`, `--max-sessions`,
/// `--quiet`, `--no-progress`, `--glob`, `--max-line-length`, and with ``ImportFlags`` `--from`
/// and the importers' options.
enum InputFlags {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        name: .config, value: "file",
        help: "A JSON object of configuration keys; overrides each trace's header.")
    ] + copyingSpecs

  /// The input options of a command that copies events without replaying them (`convert`):
  /// no configuration.
  static let copyingSpecs: [OptionSpec] = [
    OptionSpec(
      name: .maxSessions, value: "n",
      help: "Most sessions per file; one more is a data error. (default: 100000)"),
    OptionSpec(
      name: .onError, value: "fail|skip", choices: ["fail", "skip"],
      help: "fail: stop at the first bad line (default). skip: report it and go on."),
    OptionSpec(
      name: .strict, help: "With --on-error skip (required), exit 65 if any line was skipped."),
    OptionSpec(
      name: .quiet, short: "q",
      help: "Only errors on standard error: no progress line, no importer notes, no counts."),
    OptionSpec(
      name: .noProgress,
      help: "No progress line (shown on a terminal when a run takes over a second)."),
    OptionSpec(
      name: .glob, value: "pattern",
      help:
        "In a directory, read the files whose names match <pattern> (fnmatch; may be repeated), not those named by the format's extensions."
    ),
    OptionSpec(
      name: .maxLineLength, value: "bytes",
      help:
        "Longest line (and string) read, at most 67108864 (64 MiB). (default: 1048576, 1 MiB)"),
  ]

  /// The largest `--max-line-length`: 64 MiB (docs/behaviour/limits.md, "Limits").
  static let maximumLineLengthLimit = 64 << 20

  /// What the input options of a command line say.
  struct Inputs {
    /// The inputs, `-` for standard input; a directory stands for the files ``selection``
    /// chooses (``TraceReader/traceFiles(inDirectory:selecting:)``), in name order.
    var files: [SystemPath]
    /// The other files the command reads (`--config`): inputs too, for the check that the
    /// output is none of them (docs/behaviour/commands.md, "Output files").
    var otherFiles: [SystemPath] = []
    /// Directories given with `--on-error skip` that could not be listed or held no trace
    /// file, and standard input when it was closed: already reported, they count as
    /// unreadable inputs.
    var unreadableDirectories = 0
    /// The importer of `--from`, if any.
    var importer: (any LineImporter)?
    /// The options of the one replay loop: configuration, error policy, session limit.
    var replay = TraceReplay.Options()
    /// `--strict`.
    var strict = false
    /// Which files of a directory are read: `--glob`, else the extensions of `--from`'s format.
    var selection = TraceFileSelection.traces
    /// `--max-line-length`: the longest line (and binary string) read.
    var maximumLineLength = LineReader.defaultMaximumLineLength
    /// `--quiet`: standard error carries errors only.
    var quiet = false
    /// Whether a progress line may be shown (not with `--quiet` or `--no-progress`).
    var showsProgress = true
    /// `--jobs` of `classify` and `stats`: the threads that decode each input.
    var jobs = 1
  }

  /// `--jobs N` of `classify` and `stats`: each file is decoded on N threads, one file after
  /// the other (docs/behaviour/replay.md, "Parallel replay of one file").
  static let jobsSpec = OptionSpec(
    name: .jobs, short: "j", value: "n",
    help:
      "Decode each file on <n> threads, one file after the other; the output is that of one. (default: 1)"
  )

  /// The value of `--jobs`, if given: a positive integer.
  static func jobs(from options: CommandLineArguments) throws(CommandFailure) -> Int? {
    guard let jobs = options[.jobs] else { return nil }
    guard let count = Int(jobs), count >= 1 else {
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--jobs': expected a positive integer, found '\(jobs)'")
    }
    return count
  }

  /// Reads the input options, with the command's configuration `defaults` under each header.
  /// With `configurations` (`lint`), a directory's `.json` files are read too, when neither
  /// `--from` nor `--glob` says otherwise: configurations are JSON objects.
  static func inputs(
    from options: CommandLineArguments, defaults: ConfigurationPatch = ConfigurationPatch(),
    configurations: Bool = false
  ) throws(CommandFailure) -> Inputs {
    var inputs = Inputs(
      files: options.positionals.isEmpty ? [.standardStream] : options.positionalPaths)
    inputs.importer = try ImportFlags.importer(from: options)
    inputs.replay.defaults = defaults
    switch options[.onError] ?? "fail" {
    case "fail": inputs.replay.skipsBadLines = false
    case "skip": inputs.replay.skipsBadLines = true
    case let other:
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--on-error': expected fail or skip, found '\(other)'"
          + _didYouMean(other, in: ["fail", "skip"]))
    }
    inputs.strict = options.has(.strict)
    if inputs.strict && !inputs.replay.skipsBadLines {
      throw CommandFailure(
        status: .usage,
        message:
          "'--strict' needs '--on-error skip': it makes skipped lines exit 65, and without skipping the first bad line already stops the run with 65"
      )
    }
    let globs = options.paths(.glob)
    if globs.contains(where: \.isEmpty) {
      throw CommandFailure(
        status: .usage, message: "invalid value for '--glob': expected a pattern, found ''")
    }
    let format = options[.from] ?? "trace"
    var suffixes =
      TraceFileSelection.suffixes(ofFormat: format) ?? TraceFileSelection.traceSuffixes
    if configurations && !options.has(.from) { suffixes.append(".json") }
    inputs.selection = TraceFileSelection(suffixes: suffixes, patterns: globs)
    if let text = options[.maxLineLength] {
      guard let bytes = Int(text), (1...maximumLineLengthLimit).contains(bytes) else {
        throw CommandFailure(
          status: .usage,
          message:
            "invalid value for '--max-line-length': expected bytes from 1 to \(maximumLineLengthLimit) (64 MiB), found '\(text)'"
        )
      }
      inputs.maximumLineLength = bytes
    }
    inputs.quiet = options.has(.quiet)
    inputs.showsProgress = !inputs.quiet && !options.has(.noProgress)
    inputs.replay.reportsNotes = !inputs.quiet
    if let limit = options[.maxSessions] {
      guard let count = Int(limit), count >= 1 else {
        throw CommandFailure(
          status: .usage,
          message:
            "invalid value for '--max-sessions': expected a positive integer, found '\(limit)'")
      }
      inputs.replay.maximumSessions = count
    }
    if let path = options.path(.config) {
      guard !path.isEmpty else {
        throw CommandFailure(
          status: .noInput, message: "'--config' is empty: give the path of a JSON file")
      }
      // Checked before it is read: reading a FIFO that is also the output would wait forever.
      try _refuseOutputAmongInputs(options.path(.output), inputs: [path])
      inputs.otherFiles.append(path)
      inputs.replay.overrides = try _readConfiguration(path)
    }
    inputs.replay.overrides.merge(try ConfigurationFlags.patch(from: options))
    try expandDirectories(&inputs)
    if _System.standardInputWasClosed && inputs.files.contains(.standardStream) {
      let error = FileError(
        .openFailed, path: LineReader.standardInputName, code: _System.badDescriptor,
        message: "standard input is closed; give a file, or redirect standard input")
      guard inputs.replay.skipsBadLines else {
        throw CommandFailure(status: .noInput, message: error.description)
      }
      _standardError.write("pagetrace: error: \(error)\n")
      inputs.files.removeAll { $0 == .standardStream }
      inputs.unreadableDirectories += 1
    }
    return inputs
  }

  /// Replaces each directory among the inputs with the files ``Inputs/selection`` chooses, in
  /// name order, and says so on standard error with the number of other files left out (unless
  /// `--quiet`). A directory that cannot be listed or holds no file chosen is exit 66, or with
  /// `--on-error skip` reported and counted as an unreadable input.
  static func expandDirectories(_ inputs: inout Inputs) throws(CommandFailure) {
    guard inputs.files.contains(where: TraceReader.isDirectory) else { return }
    var files: [SystemPath] = []
    for file in inputs.files {
      guard TraceReader.isDirectory(file) else {
        // Checked here too (as every input is before the output is opened), so that the first
        // bad input in command-line order is the one reported.
        if !inputs.replay.skipsBadLines {
          do { try TraceReader.checkReadable(file) } catch {
            throw CommandFailure(status: .noInput, message: error.description)
          }
        }
        files.append(file)
        continue
      }
      do {
        let found = try TraceReader.traceFiles(inDirectory: file, selecting: inputs.selection)
        if !inputs.quiet {
          let count = found.files.count == 1 ? "1 file" : "\(found.files.count) files"
          let others = found.leftOutSummary().map { "; " + $0 } ?? ""
          _standardError.write(
            "pagetrace: note: \(file): reading \(count) in name order\(others)\n")
        }
        files += found.files
      } catch {
        if error.isResourceShortage { throw CommandFailure(shortage: error) }
        guard inputs.replay.skipsBadLines else {
          throw CommandFailure(status: .noInput, message: error.description)
        }
        _standardError.write("pagetrace: error: \(error)\n")
        inputs.unreadableDirectories += 1
      }
    }
    inputs.files = files
  }

  /// The one input of a command that reads exactly one (`render`, `convert`), `given` as a
  /// path (one positional argument at most): a directory must hold exactly one trace file.
  ///
  /// - Throws: A usage error (64) for more than one, 66 when a skipped directory left none.
  static func onlyInput(
    _ inputs: Inputs, given: String?, command: String
  ) throws(CommandFailure) -> SystemPath {
    guard inputs.files.count == 1 else {
      if inputs.files.isEmpty {
        throw CommandFailure(status: .noInput, message: "", isReported: true)
      }
      throw CommandFailure(
        status: .usage,
        message:
          "\(command) reads one trace; the directory \(given ?? "") holds \(inputs.files.count) trace files"
      )
    }
    return inputs.files[0]
  }
}

/// Reads a configuration file the user named (`--config`, `diff --a @FILE`): its content's
/// error is a located data error (65), one that cannot be read is 66, or 75 when the system
/// is short of resources (docs/behaviour/exit-statuses.md, "Exit statuses").
func _readConfiguration(_ path: SystemPath) throws(CommandFailure) -> ConfigurationPatch {
  do {
    return try ConfigurationPatch(readingFile: path)
  } catch {
    switch error {
    case .invalid(let error):
      throw CommandFailure(status: .dataError, message: error.description, isLocated: true)
    case .unreadable(let error) where error.isResourceShortage:
      throw CommandFailure(shortage: error)
    case .unreadable(let error):
      throw CommandFailure(status: .noInput, message: "\(error)")
    }
  }
}
