import PageTraceIO

/// One subcommand of `pagetrace`, declared once: its name and summary, its help as data (the
/// overview, usages, arguments, option groups, notes and exit statuses), and what it does.
/// The `--help` text, the manual page (`--generate-manual`), the completion scripts
/// (`--generate-completion-script`), the dispatch, `help CMD` and the "did you mean" of an
/// unknown subcommand are all written from ``PageTraceCLI/commands``, the one list of them.
///
/// Adding a command:
/// 1. Write `FooCommand.swift` declaring `enum FooCommand: Command` with ``name``,
///    ``summary``, ``overview``, ``usage``, ``arguments`` (if it reads files),
///    ``optionGroups``, ``notes`` (if any), ``exitStatuses`` and ``run(_:)``. An option name no
///    other command takes is declared in the same file:
///    `extension OptionName { static let vary = OptionName("vary") }`.
/// 2. Append `FooCommand.self` to ``PageTraceCLI/commands`` (its place there is its place in
///    the overview, the manual and the completions).
/// 3. Regenerate the manual: `swift run pagetrace --generate-manual > docs/pagetrace.1`, and
///    give the command its line in `CommandRegistryTests.missingInput` (the test that the
///    dispatch reaches every command's `run`).
///
/// Options are read by name through typed accessors (`options[.jobs]`, `options.has(.quiet)`,
/// `options.path(.output)`, `options.values(.emit)`), whose argument is an ``OptionName``, and
/// the same name declares the option (`OptionSpec(name: .jobs, …)`). A misspelt name cannot
/// compile: `options[.jbos]` fails with "type 'OptionName' has no member 'jbos'", and
/// `options["jobs"]` fails too, as ``OptionName`` takes no string literal. (Reading a name
/// the command does not declare still compiles and gives `nil`; the tests of its options
/// catch that.)
protocol Command: Sendable {
  /// The word that selects it: `pagetrace NAME`.
  static var name: String { get }
  /// The one line of the overview's list and the manual's list of subcommands.
  static var summary: String { get }
  /// The first paragraph of its help and of its manual section.
  static var overview: String { get }
  /// Its usage lines, each `pagetrace NAME …`.
  static var usage: [String] { get }
  /// Its positional arguments, e.g. `("<file>", "Traces …")`. (default: none)
  static var arguments: [(name: String, meaning: String)] { get }
  /// Its options, in sections of the help; the parser takes them all, in this order.
  static var optionGroups: [OptionGroup] { get }
  /// Text after the options in the help, before the exit statuses. (default: none)
  static var notes: String { get }
  /// Its exit statuses, in order (``_exitStatuses(success:extra:input:output:)``).
  static var exitStatuses: [ExitStatusItem] { get }
  /// Whether its arguments are files, completed as such. (default: true)
  static var takesFiles: Bool { get }
  /// What its manual section adds after its options, in mdoc. (default: nothing)
  static var manualNotes: String { get }
  /// Runs it with its parsed command line (`--help` is answered before).
  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus
}

extension Command {
  static var arguments: [(name: String, meaning: String)] { [] }
  static var notes: String { "" }
  static var takesFiles: Bool { true }
  static var manualNotes: String { "" }

  /// Every option it takes, the table its parser reads.
  static var specs: [OptionSpec] { optionGroups.flatMap(\.specs) }

  /// Its help, as `--help` prints it.
  static var help: String {
    let statuses = _exitStatusHelp(exitStatuses)
    return _help(
      overview: overview, usage: usage.joined(separator: "\n"), arguments: arguments,
      sections: optionGroups.map { group in (group.title, group.specs.filter { !$0.help.isEmpty })
      },
      footer: notes.isEmpty ? statuses : notes + "\n\n" + statuses)
  }

  /// Parses `arguments`, answers `--help`, else runs the command.
  static func main(_ arguments: ArraySlice<String>) throws(CommandFailure) -> ExitStatus {
    let options = try CommandLineArguments(arguments, specs: specs)
    if options.has(.help) {
      try _standardOutput.writeChecked(help)
      return .success
    }
    return try run(options)
  }
}

/// A section of options in a command's help: its title and its options. An option without
/// help (a configuration flag's `--no-<flag>`) is taken but not listed.
struct OptionGroup {
  var title: String
  var specs: [OptionSpec]

  init(_ title: String, _ specs: [OptionSpec]) {
    self.title = title
    self.specs = specs
  }

  /// `OPTIONS`: the command's own options, then those given.
  static func options(_ specs: [OptionSpec]) -> OptionGroup { OptionGroup("OPTIONS", specs) }

  /// `OTHER FORMATS`: `--from` and the importers' options.
  static var otherFormats: OptionGroup { OptionGroup("OTHER FORMATS", ImportFlags.specs) }

  /// The configuration flags, under `title`.
  static func configuration(
    _ title: String = "CONFIGURATION (as for replay)", inLint: Bool = false
  ) -> OptionGroup {
    OptionGroup(title, ConfigurationFlags.specs(inLint: inLint))
  }
}

extension OptionSpec {
  /// `-h, --help`, which every command takes.
  static let helpOption = OptionSpec(name: .help, short: "h", help: "Show help information.")
}
