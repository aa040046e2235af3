import PageTraceIO

/// `pagetrace`: replay page-control traces from the command line.
@main
struct PageTraceCLI {
  static let version = "0.7.0"

  static let subcommands: [(name: String, summary: String)] = [
    ("replay", "Replay traces and write the records they produce."),
    ("generate", "Write a realistic trace, deterministically."),
    ("convert", "Convert a trace between JSON Lines and binary."),
    ("lint", "Check configurations and traces against the guidelines."),
    ("classify", "Classify every touch stroke: tap, long press, drag, swipe, cancelled."),
    ("stats", "Summarise what happened in traces."),
    ("render", "Draw one session as an SVG timeline."),
    ("inspect", "Tell what an input is and how to read it: format, columns, time unit."),
    ("sweep", "Replay traces under a grid of configurations, decoding each once, and count."),
  ]

  static let help = """
    OVERVIEW: A page-control interaction engine: replay recorded touch traces
    against a model of a page control and write the page transitions.

    USAGE: pagetrace <subcommand>

    OPTIONS:
      --version                 Show the version.
      -h, --help                Show help information.
      --generate-completion-script <shell>
                                Print a completion script: bash, zsh or fish.
      --generate-manual         Print the manual page, pagetrace.1 (mdoc).

    SUBCOMMANDS:
    \(subcommands.map { _helpRow($0.name, $0.summary) }.joined())
      See 'pagetrace help <subcommand>' for detailed help.

    \(_exitStatusHelp(success: "0 success (lint: nothing found)", extra: "1 lint findings"))

    """

  static func main() {
    _System.guardStandardDescriptors()
    _System.exit(run(CommandLine.arguments.dropFirst()).rawValue)
  }

  static func run(_ arguments: ArraySlice<String>) -> ExitStatus {
    do throws(CommandFailure) {
      guard let first = arguments.first else {
        _standardError.write(help)
        return .usage
      }
      switch first {
      case "-h", "--help", "--version":
        if let extra = arguments.dropFirst().first {
          throw CommandFailure(
            status: .usage, message: "\(first) takes nothing after it; found '\(extra)'")
        }
        try _standardOutput.writeChecked(first == "--version" ? version + "\n" : help)
        return .success
      case "help":  // `help`, `help help`: the overview; `help CMD`: CMD's help
        let rest = arguments.dropFirst()
        if rest.count > 1 {
          throw CommandFailure(
            status: .usage,
            message: "help takes one subcommand; found '\(rest[rest.startIndex + 1])' after it")
        }
        guard let name = rest.first, !["help", "-h", "--help"].contains(name) else {
          return run(["--help"])
        }
        return run([name, "--help"])
      case let option where option.hasPrefix("--generate-"):
        return try generate(arguments)
      case "replay":
        return try ReplayCommand.run(arguments.dropFirst())
      case "generate":
        return try GenerateCommand.run(arguments.dropFirst())
      case "convert":
        return try ConvertCommand.run(arguments.dropFirst())
      case "lint":
        return try LintCommand.run(arguments.dropFirst())
      case "classify":
        return try ClassifyCommand.run(arguments.dropFirst())
      case "stats":
        return try StatsCommand.run(arguments.dropFirst())
      case "render":
        return try RenderCommand.run(arguments.dropFirst())
      case "inspect":
        return try InspectCommand.run(arguments.dropFirst())
      case "sweep":
        return try SweepCommand.run(arguments.dropFirst())
      case let option where option.hasPrefix("-"):
        throw CommandFailure(status: .usage, message: unknownOption(option))
      default:
        var message = "unknown subcommand '\(first)'"
        if let name = _closest(to: first, in: subcommands.map(\.name)) {
          message += "; did you mean '\(name)'?"
        }
        throw CommandFailure(status: .usage, message: message)
      }
    } catch {
      if !error.isReported {
        _standardError.write(
          error.isLocated ? error.message + "\n" : "pagetrace: error: \(error.message)\n")
      }
      if let note = error.note { _standardError.write("pagetrace: note: \(note)\n") }
      if error.status == .usage {
        // Within a subcommand, its own help; otherwise the overview.
        let command = arguments.first.flatMap { name in
          subcommands.contains { $0.name == name } ? name : nil
        }
        _standardError.write("See 'pagetrace \(command.map { $0 + " " } ?? "")--help'.\n")
      }
      return error.status
    }
  }
}

extension PageTraceCLI {
  /// The error for an option before any subcommand: it suggests only options that exist, its
  /// own (`-v`: `--version`) or a subcommand's, given after it (`-o`, `--emit`).
  static func unknownOption(_ option: String) -> String {
    var message = "unknown option '\(option)'"
    let own = specs.map { "--" + $0.name } + ["--help"]
    let bare = String(option.drop { $0 == "-" }.prefix { $0 != "=" })
    let written = String(option.prefix { $0 != "=" })
    // `-v`: one letter, as a short option.
    let letter = !option.hasPrefix("--") && bare.count == 1 ? bare.first : nil
    let startingWithLetter = own.filter { name in
      letter.map { name.dropFirst(2).first == $0 } ?? false
    }
    if let name = _closest(to: written, in: own, maximumDistance: 1) {
      message += "; did you mean '\(name)'?"
    } else if startingWithLetter.count == 1 {
      message += "; did you mean '\(startingWithLetter[0])'?"
    } else if let letter, let owners = _commandsTaking(short: letter) {
      message += "; '-\(letter)' is an option of \(owners), given after it"
    } else if letter == nil, let owners = _commandsTaking(bare) {
      message += "; '--\(bare)' is an option of \(owners), given after it"
    } else if let name = _closest(to: written, in: own) {
      message += "; did you mean '\(name)'?"
    }
    return message
  }
}

extension String {
  /// Pads with spaces to `width` characters.
  func padding(_ width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
