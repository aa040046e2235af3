import Foundation
import Testing

/// The command-line conventions: help, version, usage errors, options, several files.
@Suite struct CommandLineTests {
  @Test func helpAndVersion() throws {
    let help = try pagetrace(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: pagetrace <subcommand>"))
    #expect(help.stdout.contains("replay"))
    let replayHelp = try pagetrace(["replay", "--help"])
    #expect(replayHelp.status == 0)
    #expect(replayHelp.stdout.contains("--emit"))
    #expect(replayHelp.stdout.contains("--scrub-delay"))
    #expect(try pagetrace(["help", "replay"]).stdout == replayHelp.stdout)
    for asked in [["help"], ["help", "help"], ["help", "--help"], ["help", "-h"]] {
      let overview = try pagetrace(asked)
      #expect(overview.status == 0, "\(asked): \(overview.stderr)")
      #expect(overview.stdout == help.stdout, "\(asked)")
    }
    let version = try pagetrace(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.split(separator: ".").count == 3)
  }

  @Test func unknownOptionsAreUsageErrorsWithASuggestion() throws {
    let run = try pagetrace(["replay", "--emitt", "all"])
    #expect(run.status == 64)
    #expect(
      run.stderr.contains("unknown option '--emitt'; did you mean '--emit'?"), "\(run.stderr)")
    let subcommand = try pagetrace(["replya"])
    #expect(subcommand.status == 64)
    #expect(subcommand.stderr.contains("did you mean 'replay'?"))
    #expect(try pagetrace([]).status == 64)
    #expect(try pagetrace(["replay", "--emit", "transitions"]).status == 64)
    #expect(try pagetrace(["replay", "--pages", "eight"]).status == 64)
  }

  /// What would otherwise be ignored without a word is a usage error that says why.
  @Test(arguments: [
    (["--versoin"], "unknown option '--versoin'; did you mean '--version'?"),
    (
      ["--emit", "all"], "unknown option '--emit'; '--emit' is an option of replay, given after it"
    ),
    // Only options that exist are suggested: the tool's own, or a subcommand's after it.
    (["--bogus"], "unknown option '--bogus'"),
    (["-v"], "unknown option '-v'; did you mean '--version'?"),
    (["-x"], "unknown option '-x'"),
    (
      ["-j", "2"],
      "unknown option '-j'; '-j' is an option of replay, classify and stats, given after it"
    ),
    (["stats", "--emit", "all"], "unknown option '--emit'; '--emit' is an option of replay"),
    (
      ["render", "--jobs", "2"],
      "unknown option '--jobs'; '--jobs' is an option of replay, classify and stats"
    ),
    // A one-letter slip is the likelier mistake than another command's option.
    (["stats", "--sessions", "a"], "unknown option '--sessions'; did you mean '--session'?"),
    (
      ["--session", "a", "stats"],
      "unknown option '--session'; '--session' is an option of stats and render, given after it"
    ),
    (["help", "replay", "extra"], "help takes one subcommand; found 'extra' after it"),
    (
      ["render", "--format", "csv"],
      "unknown option '--format'; '--format' is an option of replay, generate, lint, classify, stats, inspect, sweep and diff"
    ),
    (["--version", "extra"], "--version takes nothing after it; found 'extra'"),
    (["--help", "replay"], "--help takes nothing after it; found 'replay'"),
    (
      ["generate", "--events", "5", "extra.jsonl"],
      "generate reads no input; found 'extra.jsonl' (to write to a file, give -o FILE)"
    ),
    (
      ["generate", "--events", "5", "--sessions", "0"],
      "invalid value for '--sessions': expected an integer ≥ 1, found '0'"
    ),
    (
      ["generate", "--events", "5", "--format", "bin"],
      "invalid value for '--format': expected jsonl or binary, found 'bin'"
    ),
    (
      ["convert", "--to", "csv", "x"],
      "invalid value for '--to': expected jsonl or binary, found 'csv'"
    ),
    (
      ["replay", "--columns", "t=1,phase=2,x=3,y=4", "x"],
      "'--columns' is an option of '--from csv', not of '--from trace'"
    ),
    (
      ["classify", "--from", "getevent", "--header", "x"],
      "'--header' is an option of '--from csv', not of '--from getevent'"
    ),
    (
      ["replay", "--from", "csv", "--scale", "2", "x"],
      "'--scale' is an option of '--from getevent', not of '--from csv'"
    ),
  ])
  func strayArgumentsAreUsageErrors(arguments: [String], message: String) throws {
    let run = try pagetrace(arguments)
    #expect(run.status == 64, "\(arguments)")
    #expect(run.stderr.hasPrefix("pagetrace: error: \(message)\n"), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  /// Repeated list options add up, and spaces around a list's items are ignored.
  @Test func listOptionsAddUpAndIgnoreSpaces() throws {
    let tap = repository.appendingPathComponent("Traces/tap.jsonl").path
    let types = { (arguments: [String]) throws -> Set<String> in
      let run = try pagetrace(["replay"] + arguments + [tap])
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      return Set(run.records.compactMap { $0["type"] as? String })
    }
    #expect(
      try types(["--emit", "transition", "--emit", "interaction"]) == ["transition", "interaction"])
    #expect(try types(["--emit", "transition, interaction"]) == ["transition", "interaction"])
    #expect(try types(["--emit", "detail,all"]) == (try types(["--emit", "all"])))
    let lint = try pagetrace(
      ["lint", "--disable", "PT001, PT002", "--disable", " PT003", "-"],
      input: Data(#"{"pages": 30}"#.utf8))
    #expect(lint.status == 0 || lint.status == 1, "\(lint.stderr)")
    #expect(!lint.stdout.contains("PT001") && !lint.stdout.contains("PT002"))
    #expect(try pagetrace(["replay", "--emit", "transition,", tap]).status == 64)
  }

  /// Of several bad inputs, the first on the command line is the one reported.
  @Test func theFirstBadInputIsReported() throws {
    let directory = try scratch()
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
    let run = try pagetrace(["replay", "missing.jsonl", "empty"], in: directory)
    #expect(run.status == 66)
    #expect(run.stderr == "pagetrace: error: missing.jsonl: No such file or directory\n")
  }

  static let commands = ["replay", "generate", "convert", "lint", "classify", "stats", "render"]

  /// Every help fits in 80 columns, with its option descriptions in one column.
  @Test(arguments: [[]] + commands.map { [$0] })
  func helpFitsEightyColumnsAndIsAligned(command: [String]) throws {
    let help = try pagetrace(command + ["--help"])
    #expect(help.status == 0)
    let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    for line in lines {
      #expect(line.count <= 80, "\(command): \(line)")
    }
    // Rows of OPTIONS and SUBCOMMANDS: a name, then its text at column 29.
    let subcommands = lines.drop { $0 != "SUBCOMMANDS:" }.dropFirst().prefix { !$0.isEmpty }
    let rows = lines.filter { $0.hasPrefix("  -") } + (command.isEmpty ? Array(subcommands) : [])
    #expect(!rows.isEmpty)
    // (A name too wide for its field has its text on the next line, at that column too.)
    for row in rows where row.count > 28 && row.prefix(28).dropFirst(2).contains("  ") {
      let text = row.dropFirst(28)
      #expect(row.prefix(28).last == " " && text.first != " ", "\(command): \(row)")
    }
  }

  /// Every help ends with its exit statuses, and each is one the command can give.
  @Test(arguments: commands)
  func everyHelpListsItsExitStatuses(command: String) throws {
    let help = try pagetrace([command, "--help"]).stdout
    let section = try #require(help.components(separatedBy: "\nEXIT STATUS:\n").last)
    let statuses = section.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    // 75: out of descriptors or memory (any command), or of room for --jobs' temporary files.
    var expected = [0, 64, 65, 66, 73, 74, 75]
    if command == "lint" { expected = [0, 1, 64, 65, 66, 73, 74, 75] }  // 1: findings
    if command == "generate" { expected = [0, 64, 73, 74, 75] }  // reads nothing
    #expect(statuses == expected, "\(command): \(section)")
  }

  @Test func lintOnlyFlagsShowOnlyInLintsHelp() throws {
    for command in Self.commands where command != "generate" && command != "convert" {
      let help = try pagetrace([command, "--help"]).stdout
      #expect(help.contains("--placement") == (command == "lint"), "\(command)")
      #expect(help.contains("--profile <name>"))
      #expect(help.contains("uikit, legacy, fiori, android"), "\(command)")
      #expect(help.contains("--timer <seconds|json>"), "\(command)")
      #expect(help.contains("-q, --quiet"), "\(command)")
    }
    // Elsewhere the flag is unknown (it would change nothing); the key is still accepted
    // in a header or a --config file, like any configuration key.
    let tap = repository.appendingPathComponent("Traces/tap.jsonl").path
    #expect(try pagetrace(["replay", "--placement", "header", tap]).status == 64)
    let directory = try scratch()
    try write(#"{"placement":"header"}"#, to: "c.json", in: directory)
    #expect(try pagetrace(["replay", "--config", "c.json", tap], in: directory).status == 0)
    let convert = try pagetrace(["convert", "--help"]).stdout
    #expect(convert.contains("USAGE: pagetrace convert [<file>]"))
    #expect(convert.contains("-q, --quiet") && !convert.contains("--config <file>"))
  }

  @Test func valuedShortOptionsTakeTheirValueInEveryStyle() throws {
    let tap = repository.appendingPathComponent("Traces/tap.jsonl").path
    let expected = try pagetrace(["replay", "--jobs", "2", tap, tap])
    #expect(expected.status == 0)
    for style in [["-j", "2"], ["-j2"], ["-j=2"], ["--jobs=2"]] {
      let run = try pagetrace(["replay"] + style + [tap, tap])
      #expect(run.status == 0, "\(style): \(run.stderr)")
      #expect(run.stdout == expected.stdout, "\(style)")
    }
    // A flag takes no attached value, and an attached value is checked like any other.
    #expect(try pagetrace(["replay", "-hx"]).status == 64)
    let bad = try pagetrace(["replay", "-jtwo", tap])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("invalid value for '--jobs'"), "\(bad.stderr)")
  }

  @Test func theTimerFlagIsTimerAndTheOldNameSaysSo() throws {
    let header =
      #"{"pagetrace":1,"pages":3,"control":{"x":0,"y":780,"width":390,"height":30}}"#
    let hover = #"{"pointer":"hover","x":195,"y":400}"#
    let trace = Data(
      [header, #"{"t":0,"# + hover.dropFirst(), #"{"t":2.5,"# + hover.dropFirst(), ""]
        .joined(separator: "\n").utf8)
    let timed = try pagetrace(["replay", "--timer", "1"], input: trace)
    #expect(timed.status == 0)
    #expect(timed.stdout.split(separator: "\n").count == 2, "\(timed.stdout)")
    #expect(timed.stdout.contains(#""cause":"timer""#), "\(timed.stdout)")
    let json = try pagetrace(["replay", "--timer", #"{"duration":1}"#], input: trace)
    #expect(json.stdout == timed.stdout)
    let old = try pagetrace(["replay", "--progress", "1"], input: trace)
    #expect(old.status == 64)
    #expect(old.stderr.contains("the auto-advance timer is now '--timer'"), "\(old.stderr)")
    #expect(try pagetrace(["replay", "--no-progress"], input: trace).status == 0)
  }

  @Test func quietLeavesOnlyErrors() throws {
    let directory = try scratch()
    // A move of a finger that is not down: the importer repairs it and says so in a note.
    try write("0,2,10,10\n1,0,10,10\n2,1,10,10\nbad\n", to: "n.csv", in: directory)
    let arguments = [
      "classify", "--from", "csv", "--columns", "t=1,phase=2,x=3,y=4", "--on-error", "skip",
      "n.csv",
    ]
    let loud = try pagetrace(arguments, in: directory)
    let quiet = try pagetrace(arguments + ["-q"], in: directory)
    #expect(loud.status == 0 && quiet.status == 0)
    #expect(quiet.stdout == loud.stdout)
    #expect(loud.stderr.contains("note: move of touch 1"), "\(loud.stderr)")
    #expect(loud.stderr.contains("skipped 1 bad line"), "\(loud.stderr)")
    #expect(!quiet.stderr.contains("note:"), "\(quiet.stderr)")
    #expect(!quiet.stderr.contains("skipped 1 bad line"), "\(quiet.stderr)")
    #expect(quiet.stderr.contains("n.csv:4:"), "the error itself stays: \(quiet.stderr)")
  }

  @Test func emitChoosesRecordTypes() throws {
    let directory = try scratch()
    try write(([header] + twoTaps).joined(separator: "\n") + "\n", to: "t.jsonl", in: directory)
    let transitions = try pagetrace(["replay", "t.jsonl"], in: directory)
    #expect(transitions.records.map { $0["type"] as? String } == ["transition", "transition"])
    let all = try pagetrace(["replay", "--emit", "all", "t.jsonl"], in: directory)
    #expect(
      all.records.map { $0["type"] as? String } == [
        "transition", "interaction", "interaction", "transition", "interaction",
      ])
    let some = try pagetrace(["replay", "--emit", "interaction", "t.jsonl"], in: directory)
    #expect(some.records.count == 3)
  }

  @Test func severalFilesReplayIndependentlyAndAreNamed() throws {
    let directory = try scratch()
    try write(([header] + twoTaps).joined(separator: "\n") + "\n", to: "a.jsonl", in: directory)
    try write(
      ([header] + twoTaps.prefix(2)).joined(separator: "\n") + "\n", to: "b.jsonl", in: directory)
    let run = try pagetrace(["replay", "a.jsonl", "b.jsonl"], in: directory)
    #expect(run.status == 0)
    #expect(run.records.map { $0["file"] as? String } == ["a.jsonl", "a.jsonl", "b.jsonl"])
    // b starts from page 0 again: independent.
    #expect(run.records.last?["from"] as? Int == 0)
    let one = try pagetrace(["replay", "a.jsonl"], in: directory)
    #expect(one.records.allSatisfy { $0["file"] == nil })
  }

  @Test func flagsOverrideTheConfigFileWhichOverridesTheHeader() throws {
    let directory = try scratch()
    // The header says 8 pages; --config says 2 (a toggle); the flag says 3.
    try write(
      ([header] + twoTaps.prefix(2)).joined(separator: "\n") + "\n", to: "t.jsonl", in: directory)
    try write(#"{"pages":2,"current":1}"#, to: "c.json", in: directory)
    let fromConfig = try pagetrace(["replay", "--config", "c.json", "t.jsonl"], in: directory)
    #expect(fromConfig.records.first?["to"] as? Int == 0)  // 2 pages from page 1: toggle to 0
    let fromFlag = try pagetrace(
      ["replay", "--config", "c.json", "--current", "0", "t.jsonl"], in: directory)
    #expect(fromFlag.records.first?["to"] as? Int == 1)
    // A trace with no header at all, configured by flags only.
    try write(twoTaps.prefix(2).joined(separator: "\n") + "\n", to: "bare.jsonl", in: directory)
    let bare = try pagetrace(
      ["replay", "--pages", "8", "--control", "0,780,390,30", "bare.jsonl"], in: directory)
    #expect(bare.status == 0, "\(bare.stderr)")
    #expect(bare.records.count == 1)
  }

  @Test func outputGoesToAFileWithDashO() throws {
    let directory = try scratch()
    try write(([header] + twoTaps).joined(separator: "\n") + "\n", to: "t.jsonl", in: directory)
    let run = try pagetrace(["replay", "-o", "out.jsonl", "t.jsonl"], in: directory)
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    let written = try String(
      contentsOf: directory.appendingPathComponent("out.jsonl"), encoding: .utf8)
    #expect(written.split(separator: "\n").count == 2)
    let unwritable = try pagetrace(
      ["replay", "-o", "/nonexistent/dir/out.jsonl", "t.jsonl"], in: directory)
    #expect(unwritable.status == 73)
  }
}
