import Foundation
import Testing

@testable import pagetrace

/// The one list of subcommands, `PageTraceCLI.commands`: the dispatch, the overview, the help of
/// each command, the manual and the completion scripts are all written from its declarations.
@Suite struct CommandRegistryTests {
  static let names = PageTraceCLI.commands.map { $0.name }

  /// The subcommands of today, written out by hand: the registry holds them, in this order, each
  /// once. (A command added later comes after them, or where the overview puts it.)
  @Test func theRegistryHoldsEveryCommandOnce() {
    let known = ["replay", "generate", "convert", "lint", "classify", "stats", "render", "inspect"]
    #expect(Array(Self.names.filter(known.contains)) == known)
    #expect(Set(Self.names).count == Self.names.count, "a name registered twice: \(Self.names)")
    for command in PageTraceCLI.commands {
      let found = PageTraceCLI.command(named: command.name).map { ObjectIdentifier($0) }
      #expect(found == ObjectIdentifier(command), "\(command.name)")
    }
  }

  /// The overview's list, `help`'s completions in every shell and the manual's list of
  /// subcommands name the registered commands, in their order.
  @Test func everyListOfSubcommandsIsTheRegistry() throws {
    let overview = try pagetrace(["--help"]).stdout
    let rows = overview.components(separatedBy: "SUBCOMMANDS:\n")[1]
      .components(separatedBy: "\n  See ")[0].split(separator: "\n")
    // A row starts with its name after two spaces; its summary may go on in lines of its own.
    let named = rows.filter { !$0.hasPrefix("   ") }
    #expect(named.map { String($0.split(separator: " ")[0]) } == Self.names)

    let bash = try pagetrace(["--generate-completion-script", "bash"]).stdout
    #expect(
      bash.contains("__pagetrace_add -W \"\((Self.names + ["help"]).joined(separator: " "))\""))

    let page = try pagetrace(["--generate-manual"]).stdout
    let list = page.components(separatedBy: ".Bl -tag -width classify\n")[1]
      .components(separatedBy: ".It Cm help Ar subcommand\n")[0]
    let listed = list.split(separator: "\n").filter { $0.hasPrefix(".It Cm ") }
    #expect(listed.map { String($0.dropFirst(7)) } == Self.names)
    let sections = page.split(separator: "\n").filter { $0.hasPrefix(".Sh PAGETRACE ") }
    #expect(sections.map { String($0.dropFirst(14)) } == Self.names.map { $0.uppercased() })
  }

  /// `pagetrace CMD --help` and `pagetrace help CMD` reach each registered command and print the
  /// help written from its declaration.
  @Test(arguments: names)
  func theDispatchReachesEveryCommandsHelp(name: String) throws {
    let command = try #require(PageTraceCLI.command(named: name))
    let direct = try pagetrace([name, "--help"])
    let viaHelp = try pagetrace(["help", name])
    #expect(direct.status == 0 && viaHelp.status == 0)
    #expect(direct.stdout == command.help)
    #expect(viaHelp.stdout == command.help)
    #expect(direct.stdout.contains("USAGE: pagetrace \(name) "))
    // A typo of an option is refused by this command's own parser, which says so.
    let typo = try pagetrace([name, "--no-such-option"])
    #expect(typo.status == 64)
    #expect(typo.stderr.hasSuffix("See 'pagetrace \(name) --help'.\n"), "\(typo.stderr)")
  }

  /// What each command does with an input that is not there (or, for generate, without the
  /// option it needs), worked out by hand from docs/behaviour/: each reaches its own `run`,
  /// past its parser. A command added to the registry needs a line here.
  static let missingInput: [String: (arguments: [String], status: Int32, says: String)] = [
    "replay": (["/nonexistent/t.jsonl"], 66, "/nonexistent/t.jsonl"),
    "convert": (["/nonexistent/t.jsonl"], 66, "/nonexistent/t.jsonl"),
    "lint": (["/nonexistent/t.jsonl"], 66, "/nonexistent/t.jsonl"),
    "classify": (["/nonexistent/t.jsonl"], 66, "/nonexistent/t.jsonl"),
    "stats": (["/nonexistent/t.jsonl"], 66, "/nonexistent/t.jsonl"),
    "render": (["/nonexistent/t.jsonl"], 66, "/nonexistent/t.jsonl"),
    "inspect": (["/nonexistent/t.jsonl"], 66, "/nonexistent/t.jsonl"),
    "diff": (["--b", "pages=3", "/nonexistent/t.jsonl"], 66, "/nonexistent/t.jsonl"),
    "report": (["/nonexistent/t.jsonl"], 66, "/nonexistent/t.jsonl"),
    "sweep": (
      ["--vary", "scrubDelay=0.1,0.2", "/nonexistent/t.jsonl"], 66, "/nonexistent/t.jsonl"
    ),
    "generate": ([], 64, "missing '--events <n>'"),
  ]

  @Test(arguments: names)
  func theDispatchReachesEveryCommandsRun(name: String) throws {
    let expected = try #require(
      Self.missingInput[name], "add \(name) to CommandRegistryTests.missingInput")
    let run = try pagetrace([name] + expected.arguments)
    #expect(run.status == expected.status, "\(name): \(run.stderr)")
    #expect(run.stderr.contains(expected.says), "\(name): \(run.stderr)")
  }

  /// Every option a command declares is in its help (unless it is a `--no-<flag>`, shown with
  /// its flag), in the manual, and in the command's completions in bash, zsh and fish.
  @Test(arguments: names)
  func helpManualAndCompletionsComeFromTheDeclaration(name: String) throws {
    let command = try #require(PageTraceCLI.command(named: name))
    let help = try pagetrace([name, "--help"]).stdout
    let page = try pagetrace(["--generate-manual"]).stdout
    let section = page.components(separatedBy: ".Sh PAGETRACE \(name.uppercased())\n")[1]
      .components(separatedBy: "\n.Sh ")[0]
    let identifier = name.replacingOccurrences(of: "-", with: "_")
    let bash = try pagetrace(["--generate-completion-script", "bash"]).stdout
      .components(separatedBy: "\n__pagetrace_\(identifier)() {\n")[1]
      .components(separatedBy: "\n}\n")[0]
    let zsh = try pagetrace(["--generate-completion-script", "zsh"]).stdout
      .components(separatedBy: "\n_pagetrace_\(identifier)() {\n")[1]
      .components(separatedBy: "\n}\n")[0]
    let fish = try pagetrace(["--generate-completion-script", "fish"]).stdout
      .split(separator: "\n").filter { $0.contains("'__pagetrace_using \(name)'") }

    for usage in command.usage {
      #expect(help.contains(usage.split(separator: " ").prefix(3).joined(separator: " ")))
    }
    #expect(section.contains(Manual.text(command.overview)))
    for spec in command.specs {
      let option = "--" + spec.name
      if !spec.help.isEmpty {
        #expect(help.contains("  " + option) || help.contains(", " + option), "\(name): \(option)")
      }
      // In the command's section, or in the section of a group it takes whole.
      let groups = Manual.groups.filter { group in
        group.specs.contains { $0.name == spec.name } && Manual.takes(group.specs, command)
      }
      let manual = groups.isEmpty ? section : page
      #expect(
        manual.contains("Fl -\(spec.name)") || manual.contains(", -\(spec.name)"),
        "\(name): \(option) in the manual")
      #expect(bash.contains(option), "\(name): \(option) in bash")
      #expect(zsh.contains(option), "\(name): \(option) in zsh")
      #expect(fish.contains { $0.contains(" -l \(spec.name) ") }, "\(name): \(option) in fish")
    }
    // And nothing else: each completion offers only declared options.
    let declared = Set(command.specs.map { "--" + $0.name })
    let offered = bash.split(whereSeparator: { " \"(|)".contains($0) })
      .filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init)
    #expect(Set(offered).subtracting(declared).isEmpty, "\(name): \(offered)")
  }

  /// The exit statuses of each help are the declared ones, in their order.
  @Test(arguments: names)
  func theExitStatusesOfTheHelpAreDeclared(name: String) throws {
    let command = try #require(PageTraceCLI.command(named: name))
    let help = try pagetrace([name, "--help"]).stdout
    let paragraph = help.components(separatedBy: "EXIT STATUS:\n")[1]
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    let written =
      command.exitStatuses.map { "\($0.status.rawValue) \($0.meaning)" }
      .joined(separator: ", ") + "."
    #expect(paragraph == written)
  }
}
