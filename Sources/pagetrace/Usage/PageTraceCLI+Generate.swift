import PageTraceIO

/// `pagetrace --generate-completion-script bash|zsh|fish` and `pagetrace --generate-manual`:
/// a completion script and the manual page, both written from ``PageTraceCLI/commands``, the
/// declarations the parser and the help read (docs/behaviour/commands.md, "Shell completion and manual").
extension PageTraceCLI {
  /// The options of `pagetrace` itself, before any subcommand.
  static let specs: [OptionSpec] = [
    OptionSpec(name: .version, help: "Show the version."),
    .helpOption,
    OptionSpec(
      name: .generateCompletionScript, value: "shell", choices: ["bash", "zsh", "fish"],
      help: "Print a completion script: bash, zsh or fish."),
    OptionSpec(name: .generateManual, help: "Print the manual page, pagetrace.1 (mdoc)."),
  ]

  /// Runs `pagetrace --generate-…`: exactly one of the two options, nothing else.
  static func generate(_ arguments: ArraySlice<String>) throws(CommandFailure) -> ExitStatus {
    let options = try CommandLineArguments(arguments, specs: specs)
    guard options.options.count == 1, options.positionals.isEmpty,
      let (name, value) = options.options.first,
      name == OptionName.generateCompletionScript.rawValue
        || name == OptionName.generateManual.rawValue
    else {
      throw CommandFailure(
        status: .usage,
        message:
          "--generate-completion-script and --generate-manual take no other options or arguments")
    }
    let text: String
    switch value {
    case nil: text = Manual.page()
    case "bash": text = CompletionScript.bash()
    case "zsh": text = CompletionScript.zsh()
    case "fish": text = CompletionScript.fish()
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
