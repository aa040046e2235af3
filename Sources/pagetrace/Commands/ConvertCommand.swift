import PageTrace
import PageTraceIO

/// `pagetrace convert IN -o OUT`: JSON Lines to binary or back, losslessly. The input's
/// format is sniffed from its content; the output is the other one unless `--to` says.
enum ConvertCommand: Command {
  static let name = "convert"
  static let summary = "Convert a trace between JSON Lines and binary."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .output, short: "o", value: "file",
      help: "Write to <file> instead of standard output."
    ),
    OptionSpec(
      name: .to, value: "jsonl|binary", choices: ["jsonl", "binary"],
      help: "Output format. (default: the other format than the input's)"),
    .helpOption,
  ]

  static let overview =
    "Convert a trace between JSON Lines and the binary format (docs/binary-format.md), losslessly. The input format is recognised from its content, not its name."

  static let usage = ["pagetrace convert [<file>] [-o <file>] [--to jsonl|binary]"]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "The trace to convert: a file, a directory holding one trace file, or '-' for standard input. gzip is read transparently."
    )
  ]

  static var optionGroups: [OptionGroup] {
    [.options(ownOptions + InputFlags.copyingSpecs), .otherFormats]
  }

  static var notes: String {
    """
    convert copies events without replaying them, so it needs no configuration and takes
    no --config. It holds a trace to replay's bounds: --max-sessions sessions per file and
    1024 fingers down at once. With --on-error skip, bad lines (and events past those
    bounds) are reported and left out of the output.
    """
  }

  static let exitStatuses = _exitStatuses()

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    guard options.positionals.count <= 1 else {
      throw CommandFailure(status: .usage, message: "convert takes one input file")
    }
    let inputs = try InputFlags.inputs(from: options)
    let requested = try options[.to].map { (value) throws(CommandFailure) in
      try TraceFormat(option: value, flag: "to")
    }
    let input = try InputFlags.onlyInput(
      inputs, given: options.positionalPaths.first?.description, command: "convert")
    var run = try CommandRun(inputs, output: options.path(.output))
    var reader: TraceReader
    do {
      reader = try TraceReader(
        opening: input, importer: inputs.importer, maximumLineLength: inputs.maximumLineLength)
    } catch {
      run.fail(CommandFailure(status: .noInput, message: error.description))
      return try run.finish()
    }
    let format = requested ?? (reader.format == .binary ? .jsonLines : .binary)
    try _refuseBinaryOnATerminal(format, output: options[.output])
    let descriptor = run.output.descriptor
    let name = run.output.name
    do throws(FileError) {
      switch format {
      case .jsonLines:
        var writer = EventWriter(descriptor: descriptor, name: name)
        copy(from: &reader, run: &run) {
          writer.writeHeader($0)
        } event: {
          writer.write($0)
        }
        try writer.flush()
      case .binary:
        var writer = BinaryTraceWriter(descriptor: descriptor, name: name)
        copy(from: &reader, run: &run) {
          writer.writeHeader($0)
        } event: {
          writer.write($0)
        }
        // A failed run keeps what it converted; before the input's header, that is nothing.
        if !run.hasFailed {
          try writer.finish()
        } else if writer.hasHeader {
          try writer.flush()
        }
      }
    } catch {
      run.fail(CommandFailure(status: .ioError, message: error.description))
    }
    return try run.finish()
  }

  /// Hands every header and event of the input to the writer's closures, in order; bad
  /// lines end the run or, with `--on-error skip`, are reported and left out.
  static func copy(
    from reader: inout TraceReader, run: inout CommandRun,
    header: (ConfigurationPatch) -> Void, event: (PageControlEvent) -> Void
  ) {
    // Replay's bounds, so that what a replay would refuse takes no memory here either.
    let maximumSessions = run.inputs.replay.maximumSessions
    var hasDefaultSession = false
    var fingers = _FingersDown<Finger>()
    while true {
      do {
        guard let item = try reader.next() else { return }
        switch item {
        case .blank: run.summary.blankLines += 1
        case .note(let note):
          run.summary.notes += 1
          if run.inputs.replay.reportsNotes { _standardError.write(note.description + "\n") }
        case .header(let patch): header(patch)
        case .event(let value, _):
          let sessions = reader.namedSessionCount + (hasDefaultSession ? 1 : 0)
          if value.session == nil && !hasDefaultSession {
            guard sessions < maximumSessions else {
              throw reader.error(for: .tooManySessions(limit: maximumSessions))
            }
            hasDefaultSession = true
          } else if sessions > maximumSessions {
            reader.forgetNewestSession()  // a refused session leaves its name behind nowhere
            throw reader.error(for: .tooManySessions(limit: maximumSessions))
          }
          if case .touch(let phase, let id, _, _) = value.action, phase != .move {
            let finger = Finger(session: value.session, id: id)
            if phase == .down && fingers.refusesDown(of: finger) {
              throw reader.error(for: .tooManyFingersDown(limit: _FingersDown<Finger>.limit))
            }
            fingers.follow(isDown: phase == .down, finger)
          }
          event(value)
        }
      } catch let error as TraceError {
        guard run.inputs.replay.skipsBadLines else {
          run.fail(CommandFailure(.data(error)))
          return
        }
        run.summary.skippedLines += 1
        _standardError.write(error.description + "\n")
      } catch {
        run.fail(CommandFailure(status: .noInput, message: "\(error)"))
        return
      }
    }
  }

  /// A finger down in the copy: its session's name and its id.
  struct Finger: Hashable, Sendable {
    var session: String?
    var id: TouchID
  }
}
