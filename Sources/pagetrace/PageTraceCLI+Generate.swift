import PageTraceIO

/// `pagetrace --generate-completion-script bash|zsh|fish` and `pagetrace --generate-manual`:
/// a completion script and the manual page, both written from the option tables the parser
/// and the help read (docs/behaviour.md, "Shell completion and manual").
extension PageTraceCLI {
  /// The options of `pagetrace` itself, before any subcommand.
  static let specs: [OptionSpec] = [
    OptionSpec(name: "version", help: "Show the version."),
    OptionSpec(name: "help", short: "h", help: "Show help information."),
    OptionSpec(
      name: "generate-completion-script", value: "shell", choices: ["bash", "zsh", "fish"],
      help: "Print a completion script: bash, zsh or fish."),
    OptionSpec(name: "generate-manual", help: "Print the manual page, pagetrace.1 (mdoc)."),
  ]

  /// One subcommand as the completion scripts and the manual see it.
  struct Command {
    var name: String
    /// The one line of the overview's list.
    var summary: String
    /// Its option table, the one its parser reads.
    var specs: [OptionSpec]
    /// Its help, as `--help` prints it.
    var help: String
    /// Whether its arguments are files (every subcommand but `generate`).
    var takesFiles: Bool
  }

  /// Every subcommand, in the order of the help.
  static var commands: [Command] {
    subcommands.map { name, summary in
      let (specs, help, takesFiles): ([OptionSpec], String, Bool) =
        switch name {
        case "replay": (ReplayCommand.specs, ReplayCommand.help, true)
        case "generate": (GenerateCommand.specs, GenerateCommand.help, false)
        case "convert": (ConvertCommand.specs, ConvertCommand.help, true)
        case "lint": (LintCommand.specs, LintCommand.help, true)
        case "classify": (ClassifyCommand.specs, ClassifyCommand.help, true)
        case "stats": (StatsCommand.specs, StatsCommand.help, true)
        case "render": (RenderCommand.specs, RenderCommand.help, true)
        case "inspect": (InspectCommand.specs, InspectCommand.help, true)
        case "sweep": (SweepCommand.specs, SweepCommand.help, true)
        default: fatalError("no option table for the subcommand '\(name)'")
        }
      return Command(
        name: name, summary: summary, specs: specs, help: help, takesFiles: takesFiles)
    }
  }

  /// Runs `pagetrace --generate-…`: exactly one of the two options, nothing else.
  static func generate(_ arguments: ArraySlice<String>) throws(CommandFailure) -> ExitStatus {
    let options = try CommandLineArguments(arguments, specs: specs)
    guard options.options.count == 1, options.positionals.isEmpty,
      let (name, value) = options.options.first,
      name == "generate-completion-script" || name == "generate-manual"
    else {
      throw CommandFailure(
        status: .usage,
        message:
          "--generate-completion-script and --generate-manual take no other options or arguments")
    }
    let text: String
    switch value {
    case nil: text = _Manual.page()
    case "bash": text = _CompletionScript.bash()
    case "zsh": text = _CompletionScript.zsh()
    case "fish": text = _CompletionScript.fish()
    default:
      let shells = specs.first { $0.name == name }?.choices ?? []
      throw CommandFailure(
        status: .usage,
        message:
          "invalid value for '--\(name)': expected \(_alternatives(shells)), found '\(value ?? "")'"
          + _didYouMean(value ?? "", in: shells)
      )
    }
    try _standardOutput.writeChecked(text)
    return .success
  }
}

/// `a`, `a or b`, `a, b or c`: the values an option takes, for messages.
func _alternatives(_ values: [String]) -> String {
  guard let last = values.last, values.count > 1 else { return values.first ?? "" }
  return values.dropLast().joined(separator: ", ") + " or " + last
}
