import PageTrace
import PageTraceGenerator
import PageTraceIO

/// `pagetrace generate`: writes a realistic trace, deterministically, for benchmarks and
/// experiments.
enum GenerateCommand: Command {
  static let name = "generate"
  static let summary = "Write a realistic trace, deterministically."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(name: .events, value: "n", help: "How many events to write."),
    OptionSpec(
      name: .seed, value: "n",
      help: "The random seed; the same seed gives the same trace. (default: 1)"),
    OptionSpec(
      name: .sessions, value: "n", help: "Interleaved sessions s0, s1, … (default: 1, unnamed)"),
    OptionSpec(name: .pages, value: "n", help: "Pages of the control. (default: 8)"),
    OptionSpec(
      name: .format, value: "jsonl|binary", choices: ["jsonl", "binary"],
      help: "Output format. (default: jsonl)"),
    OptionSpec(
      name: .output, short: "o", value: "file", help: "Write to <file> instead of standard output."
    ),
    .helpOption,
  ]

  static let overview =
    "Write a realistic trace deterministically: taps, holds, scrubs with samples 8–17 ms apart, flicks, content swipes, pointer clicks, keys and accessibility actions."

  static let usage = ["pagetrace generate --events <n> [--seed <n>] [<options>]"]

  static var optionGroups: [OptionGroup] {
    [.options(ownOptions)]
  }

  static let exitStatuses = _exitStatuses(input: false)

  static let takesFiles = false

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    if let extra = options.positionals.first {
      throw CommandFailure(
        status: .usage,
        message: "generate reads no input; found '\(extra)' (to write to a file, give -o FILE)")
    }
    func integer(_ name: OptionName, default value: Int?, minimum: Int = 0) throws(CommandFailure)
      -> Int
    {
      guard let text = options[name] else {
        guard let value else {
          throw CommandFailure(status: .usage, message: "missing '--\(name.rawValue) <n>'")
        }
        return value
      }
      guard let number = Int(text), number >= minimum else {
        let expected = minimum == 0 ? "a non-negative integer" : "an integer ≥ \(minimum)"
        throw CommandFailure(
          status: .usage,
          message: "invalid value for '--\(name.rawValue)': expected \(expected), found '\(text)'")
      }
      return number
    }
    // The whole UInt64 range is a seed (docs/behaviour/inspect-convert-generate.md, "Generation").
    var seed: UInt64 = 1
    if let text = options[.seed] {
      guard let value = UInt64(text) else {
        throw CommandFailure(
          status: .usage,
          message:
            "invalid value for '--seed': expected an integer from 0 to \(UInt64.max), found '\(text)'"
        )
      }
      seed = value
    }
    // As replay's --pages: beyond the limit is refused, never clamped.
    let pages = try integer(.pages, default: 8)
    guard pages <= PageControlConfiguration.maximumPages else {
      throw CommandFailure(
        status: .usage,
        message:
          "invalid value for '--pages': expected an integer from 0 to \(PageControlConfiguration.maximumPages) for \"pages\", found '\(pages)'"
      )
    }
    let generatorOptions = TraceGenerator.Options(
      events: try integer(.events, default: nil), seed: seed,
      sessions: try integer(.sessions, default: 1, minimum: 1), pages: pages)
    let format = try TraceFormat(option: options[.format] ?? "jsonl", flag: "format")
    try _refuseBinaryOnATerminal(format, output: options[.output])
    var run = try CommandRun(InputFlags.Inputs(files: []), output: options.path(.output))
    run.warnsWhenEmpty = false  // it reads no input
    let descriptor = run.output.descriptor
    let name = run.output.name

    var generator = TraceGenerator(generatorOptions)
    var header = ConfigurationPatch()
    header.pages = generator.configuration.pages
    header.control = generator.configuration.control
    header.container = generator.configuration.container
    do throws(FileError) {
      switch format {
      case .jsonLines:
        var writer = EventWriter(descriptor: descriptor, name: name)
        writer.writeHeader(header)
        while let event = generator.next() { writer.write(event) }
        try writer.flush()
      case .binary:
        var writer = BinaryTraceWriter(descriptor: descriptor, name: name)
        writer.writeHeader(header)
        while let event = generator.next() { writer.write(event) }
        try writer.finish()
      }
    } catch {
      run.fail(CommandFailure(status: .ioError, message: error.description))
    }
    return try run.finish()
  }
}

extension TraceFormat {
  /// Parses `jsonl` or `binary`.
  /// The format a value of the option `--flag` names.
  init(option: String, flag: String) throws(CommandFailure) {
    switch option {
    case "jsonl": self = .jsonLines
    case "binary": self = .binary
    default:
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--\(flag)': expected jsonl or binary, found '\(option)'"
          + _didYouMean(option, in: ["jsonl", "binary"]))
    }
  }
}
