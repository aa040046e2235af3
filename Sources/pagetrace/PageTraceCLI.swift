import PageTraceIO

/// `pagetrace`: replay page-control traces from the command line.
@main
struct PageTraceCLI {
  static let version = "0.9.0"

  /// Every subcommand, in the order of the overview, the manual and the completion scripts:
  /// the one list the dispatch, `help CMD`, the "did you mean" of an unknown subcommand,
  /// `--generate-manual` and `--generate-completion-script` read. To add a command, declare
  /// it in a file of its own (``Command`` says how) and append it here.
  static let commands: [any Command.Type] = [
    ReplayCommand.self,
    GenerateCommand.self,
    ConvertCommand.self,
    LintCommand.self,
    ClassifyCommand.self,
    StatsCommand.self,
    RenderCommand.self,
    InspectCommand.self,
    SweepCommand.self,
    DiffCommand.self,
    ReportCommand.self,
  ]

  /// The command named `name`, if there is one.
  static func command(named name: String) -> (any Command.Type)? {
    commands.first { $0.name == name }
  }

  /// The first paragraph of the overview and of the manual's description.
  static let overview =
    "A page-control interaction engine: replay recorded touch traces against a model of a page control and write the page transitions."

  /// The exit statuses of `pagetrace` as a whole.
  static let exitStatuses = _exitStatuses(
    success: "success (lint: nothing found)",
    extra: ExitStatusItem(status: .findings, meaning: "lint findings or diff differences"))

  /// The overview: `pagetrace --help`.
  static var help: String {
    var text = _wrap("OVERVIEW: " + overview, width: 80).joined(separator: "\n")
    text += "\n\nUSAGE: pagetrace <subcommand>\n\nOPTIONS:\n"
    text += specs.map(_helpRow).joined()
    text += "\nSUBCOMMANDS:\n" + commands.map { _helpRow($0.name, $0.summary) }.joined()
    text += "\n  See 'pagetrace help <subcommand>' for detailed help.\n\n"
    return text + _exitStatusHelp(exitStatuses) + "\n"
  }

  static func main() {
    _System.guardStandardDescriptors()
    _System.ignoreFileSizeLimitSignal()
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
      case let name where command(named: name) != nil:
        return try command(named: name)!.main(arguments.dropFirst())
      case let option where option.hasPrefix("-"):
        throw CommandFailure(status: .usage, message: unknownOption(option))
      default:
        var message = "unknown subcommand '\(first)'"
        if let name = _closest(to: first, in: commands.map { $0.name }) {
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
        let subcommand = arguments.first.flatMap { command(named: $0)?.name }
        _standardError.write("See 'pagetrace \(subcommand.map { $0 + " " } ?? "")--help'.\n")
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
