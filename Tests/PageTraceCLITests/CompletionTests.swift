import Foundation
import Testing

/// `pagetrace --generate-completion-script bash|zsh|fish` (docs/behaviour/commands.md, "Shell
/// completion and manual"): the scripts offer what the help lists, are valid in their shell,
/// and complete what they should.
@Suite struct CompletionTests {
  @Test func aBadOrMissingShellIsAUsageErrorNamingTheChoices() throws {
    for arguments in [
      ["--generate-completion-script", "tcsh"], ["--generate-completion-script"],
      ["--generate-completion-script="],
    ] {
      let run = try pagetrace(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.contains("bash, zsh or fish"), "\(arguments): \(run.stderr)")
    }
    #expect(try pagetrace(["--generate-completion-script", "tcsh"]).stderr.contains("'tcsh'"))
    let extra = try pagetrace(["--generate-completion-script", "bash", "replay"])
    #expect(extra.status == 64)
    let misspelt = try pagetrace(["--generate-manuel"])
    #expect(misspelt.status == 64)
    #expect(misspelt.stderr.contains("did you mean '--generate-manual'?"), "\(misspelt.stderr)")
    for shell in ["bash", "zsh", "fish"] {
      let run = try pagetrace(["--generate-completion-script=\(shell)"])
      #expect(run.status == 0, "\(shell): \(run.stderr)")
      #expect(run.stdout == (try completionScript(shell)))
    }
  }

  @Test func theHelpListsTheNewOptions() throws {
    let help = try pagetrace(["--help"]).stdout
    #expect(help.contains("--generate-completion-script <shell>"))
    #expect(help.contains("--generate-manual"))
  }

  @Test func everyScriptOffersEverySubcommandAndEveryOptionOfTheHelp() throws {
    let bash = try completionScript("bash")
    let zsh = try completionScript("zsh")
    let fish = try completionScript("fish")
    let commands = try helpOptions()
    #expect(commands.count == 12)  // pagetrace itself and its eleven subcommands
    for (command, options) in commands {
      #expect(!options.isEmpty, "\(command)")
      // bash: the words the command's function offers for `-…`, on the line after the test.
      let bashName = command.isEmpty ? "__pagetrace" : "__pagetrace_\(command)"
      let offered = functionBody(of: bashName, in: bash)
        .components(separatedBy: "== -* ]]; then\n").last?.prefix { $0 != "\n" }
        .split(separator: "\"").dropFirst().first
      let bashWords = Set((offered ?? "").split(separator: " ").map(String.init))
      // zsh: the option specs of `_arguments`, one a line: '*'{--output,-o}'[help]...
      let zshName = command.isEmpty ? "_pagetrace" : "_pagetrace_\(command)"
      var zshOptions: Set<String> = []
      for line in functionBody(of: zshName, in: zsh).split(separator: "\n") {
        let spec = line.drop { $0 == " " }
        let start = ["'*'", "'(- *)'"].first { spec.hasPrefix($0) }
        guard let start else { continue }
        let names = spec.dropFirst(start.count).prefix { $0 != "'" }
        zshOptions.formUnion(names.split { "{},".contains($0) }.map(String.init))
      }
      // fish: -s and -l of the lines of the command.
      let condition = command.isEmpty ? "-n __pagetrace_top " : "-n '__pagetrace_using \(command)' "
      var fishOptions: Set<String> = []
      for line in fish.split(separator: "\n") where line.contains(condition) {
        let words = line.components(separatedBy: " -d ")[0].split(separator: " ")
        for (flag, word) in zip(words, words.dropFirst()) {
          if flag == "-l" { fishOptions.insert("--" + word) }
          if flag == "-s" { fishOptions.insert("-" + word) }
        }
      }
      for option in options {
        #expect(bashWords.contains(option), "bash, \(command): \(option)")
        #expect(zshOptions.contains(option), "zsh, \(command): \(option)")
        #expect(fishOptions.contains(option), "fish, \(command): \(option)")
      }
      // And nothing the help does not list (the top-level help is written by hand).
      #expect(bashWords == Set(options), "bash, \(command)")
      #expect(zshOptions == Set(options), "zsh, \(command)")
      #expect(fishOptions == Set(options), "fish, \(command)")
    }
    let subcommands = commands.keys.filter { !$0.isEmpty }
    for name in subcommands + ["help"] {
      #expect(bash.contains("    \(name)) "), "bash: \(name)")
      #expect(zsh.contains("        '\(name):"), "zsh: \(name)")
      #expect(fish.contains("-n __pagetrace_first -a \(name) "), "fish: \(name)")
    }
  }

  @Test(needsProgram("bash")) func theBashScriptIsValidBash() throws {
    let file = try write(try completionScript("bash"), to: "pagetrace.bash", in: scratch())
    let check = try runProgram(requiredProgram("bash"), ["-n", file.path])
    #expect(check.status == 0, "\(check.stderr)")
  }

  @Test(needsProgram("zsh")) func theZshScriptIsValidZsh() throws {
    let file = try write(try completionScript("zsh"), to: "_pagetrace", in: scratch())
    let check = try runProgram(requiredProgram("zsh"), ["-n", file.path])
    #expect(check.status == 0, "\(check.stderr)")
  }

  @Test(needsProgram("fish")) func theFishScriptIsValidFish() throws {
    let file = try write(try completionScript("fish"), to: "pagetrace.fish", in: scratch())
    let check = try runProgram(requiredProgram("fish"), ["--no-execute", file.path])
    #expect(check.status == 0, "\(check.stderr)")
  }

  /// Sources the bash script and calls its function as bash does on Tab.
  @Test(needsProgram("bash")) func bashCompletesOptionsValuesAndFiles() throws {
    let directory = try scratch()
    try write("", to: "trace.jsonl", in: directory)
    try write("", to: "other.txt", in: directory)
    let cases: [(words: [String], expected: [String])] = [
      (
        ["pagetrace", ""],
        [
          "replay", "generate", "convert", "lint", "classify", "stats", "render", "inspect",
          "sweep", "diff", "report", "help",
        ]
      ),
      (["pagetrace", "st"], ["stats"]),
      (["pagetrace", "--gen"], ["--generate-completion-script", "--generate-manual"]),
      (["pagetrace", "--generate-completion-script", "z"], ["zsh"]),
      (["pagetrace", "help", "re"], ["replay", "render", "report"]),
      (["pagetrace", "replay", "--em"], ["--emit", "--emit-key"]),
      (["pagetrace", "replay", "--emit", "a"], ["announcement", "all"]),
      (["pagetrace", "replay", "--emit", "=", "a"], ["announcement", "all"]),  // --emit=a
      (["pagetrace", "replay", "--on-error", ""], ["fail", "skip"]),
      (["pagetrace", "replay", "--no-v"], ["--no-voice-over"]),
      (["pagetrace", "stats", "--profile", ""], ["uikit", "legacy", "fiori", "android"]),
      (["pagetrace", "lint", "--format", ""], ["text", "jsonl", "csv", "parquet"]),
      (["pagetrace", "diff", "--format", ""], ["text", "jsonl", "csv", "parquet"]),
      (["pagetrace", "generate", "--format", ""], ["jsonl", "binary"]),
      (["pagetrace", "convert", "--from", "p"], ["pointer-events"]),
      (["pagetrace", "render", "-o", "tr"], ["trace.jsonl"]),
      (["pagetrace", "classify", ""], ["other.txt", "trace.jsonl"]),
      (["pagetrace", "replay", "--", "--e"], []),  // after --, files only
      (["pagetrace", "replay", "--jobs", ""], []),
      (["pagetrace", "generate", ""], []),
    ]
    var text =
      "source \(try write(try completionScript("bash"), to: "pagetrace.bash", in: scratch()).path)\n"
    for (words, _) in cases {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      text += "COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)\n"
      text += "COMP_LINE=\"${COMP_WORDS[*]}\"; COMP_POINT=${#COMP_LINE}\n"
      text += "_pagetrace; printf '%s\\n' \"$(printf '%s ' \"${COMPREPLY[@]}\")\"\n"
    }
    let file = try write(text, to: "complete.bash", in: scratch())
    let result = try runProgram(requiredProgram("bash"), [file.path], in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let replies = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, (words, expected)) in cases.enumerated() {
      let reply = index < replies.count ? replies[index].split(separator: " ").map(String.init) : []
      #expect(reply.sorted() == expected.sorted(), "\(words)")
    }
  }

  @Test(needsProgram("fish")) func fishCompletesOptionsAndValues() throws {
    let file = try write(try completionScript("fish"), to: "pagetrace.fish", in: scratch())
    func complete(_ line: String) throws -> [String] {
      let result = try runProgram(
        requiredProgram("fish"),
        ["--no-config", "-c", "source \(file.path); complete -C '\(line)'"])
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }
    #expect(try complete("pagetrace repl") == ["replay"])
    #expect(try complete("pagetrace rep").sorted() == ["replay", "report"])
    #expect(try complete("pagetrace replay --em").sorted() == ["--emit", "--emit-key"])
    #expect(try complete("pagetrace replay --emit a").sorted() == ["all", "announcement"])
    #expect(try complete("pagetrace stats --on-error ") == ["fail", "skip"])
    #expect(try complete("pagetrace --generate-completion-script ") == ["bash", "zsh", "fish"])
  }
}

/// The script `pagetrace --generate-completion-script shell` prints.
func completionScript(_ shell: String) throws -> String {
  let run = try pagetrace(["--generate-completion-script", shell])
  #expect(run.status == 0, "\(run.stderr)")
  return run.stdout
}

/// The lines after `name() {` up to the closing brace.
func functionBody(of name: String, in script: String) -> String {
  guard let start = script.range(of: "\n\(name)() {\n") else { return "" }
  let rest = script[start.upperBound...]
  return String(rest[..<(rest.range(of: "\n}\n")?.lowerBound ?? rest.endIndex)])
}

/// Every option the help lists, by subcommand ("" for `pagetrace` itself): `--output`, `-o`,
/// and `--no-<flag>` for the boolean configuration flags.
func helpOptions() throws -> [String: [String]] {
  let top = try pagetrace(["--help"]).stdout
  // A subcommand's row starts at column 3; its summary's continuation lines are indented more.
  let subcommands = helpSection("SUBCOMMANDS:", of: top).filter { !$0.hasPrefix("   ") }
    .compactMap { line in line.split(separator: " ").first.map(String.init) }
  var options: [String: [String]] = [
    "": helpOptionNames(top.split(separator: "\n").map(String.init))
  ]
  for command in subcommands {
    let help = try pagetrace([command, "--help"]).stdout
    var found: [String] = []
    var negatable = false
    for line in help.split(separator: "\n").map(String.init) {
      if !line.hasPrefix(" ") { negatable = line.hasPrefix("CONFIGURATION") }
      let names = helpOptionNames([line])
      found += names
      if negatable && names.count == 1 && !line.components(separatedBy: "  ")[1].contains("<") {
        found.append("--no-" + names[0].dropFirst(2))
      }
    }
    options[command] = found
  }
  return options
}

/// The lines of a help after `heading`, up to an empty line.
func helpSection(_ heading: String, of help: String) -> [String] {
  let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  guard let start = lines.firstIndex(of: heading) else { return [] }
  return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
}

/// The option names of help rows: `  -o, --output <file>   Write …`.
func helpOptionNames(_ lines: [String]) -> [String] {
  lines.filter { $0.hasPrefix("  -") }.flatMap { line in
    let left = line.dropFirst(2).components(separatedBy: "  ")[0]
    return left.split { $0 == " " || $0 == "," }.filter { $0.hasPrefix("-") }.map(String.init)
  }
}

/// The path of a program on `PATH`, if there is one.
func programPath(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return path.split(separator: ":").map { "\($0)/\(name)" }.first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
}
