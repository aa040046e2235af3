import Foundation
import Testing

/// `pagetrace lint`: findings, formats, statuses.
@Suite struct LintTests {
  @Test func findingsAreOneLineEachAndExitOne() throws {
    let directory = try scratch()
    try write(
      #"{"pages":12,"control":{"x":0,"y":780,"width":390,"height":30},"placement":"header"}"#,
      to: "c.json", in: directory)
    let run = try pagetrace(["lint", "c.json"], in: directory)
    #expect(run.status == 1)
    #expect(
      run.stdout.split(separator: "\n").map {
        $0.split(separator: ":").prefix(2).joined(separator: ":")
      }
        == ["c.json: warning", "c.json: warning"])
    #expect(
      run.stdout
        == """
        c.json: warning: PT001: 12 pages are hard to count (more than 10)
        c.json: warning: PT004: a page control in a header should have at most 3 pages, not 12

        """)
    #expect(run.stderr == "pagetrace: lint: 2 findings (2 warnings) in 1 file\n")
    let json = try pagetrace(["lint", "--format", "json", "c.json"], in: directory)
    #expect(json.records.map { $0["rule"] as? String } == ["PT001", "PT004"])
    #expect(json.records.allSatisfy { $0["file"] as? String == "c.json" })
    #expect(json.records.allSatisfy { $0["severity"] as? String == "warning" })
    // Configuration rules: no line, no session; every key all the same.
    #expect(json.records.allSatisfy { $0["line"] is NSNull && $0["session"] is NSNull })
    #expect(
      json.records.allSatisfy {
        $0.allKeys as? [String] != nil
          && Set($0.allKeys as! [String])
            == ["file", "line", "rule", "severity", "session", "message"]
      })
  }

  /// docs/behaviour/configuration.md, "Configuration checks": a misspelt key is an error for lint and for
  /// every command given the file with --config, not a default silently in force.
  @Test func aMisspeltConfigurationKeyIsAnErrorEverywhere() throws {
    let directory = try scratch()
    try write(#"{"pages":8,"scrubDelya":0.2}"#, to: "c.json", in: directory)
    try write(
      #"{"t":0,"touch":"down","id":1,"x":10,"y":795}"# + "\n", to: "t.jsonl", in: directory)
    let message =
      #"c.json:1:12: expected a configuration key, found the unknown key "scrubDelya" (did you mean "scrubDelay"?)"#
    let lint = try pagetrace(["lint", "c.json"], in: directory)
    #expect(lint.status == 65)
    #expect(lint.stderr.contains(message), "\(lint.stderr)")
    for command in ["replay", "classify", "stats"] {
      let run = try pagetrace([command, "--config", "c.json", "t.jsonl"], in: directory)
      #expect(run.status == 65, "\(command)")
      #expect(run.stderr.contains(message), "\(command): \(run.stderr)")
      #expect(run.stdout.isEmpty, "\(command)")
    }
  }

  /// A configuration on standard input is a configuration; a trace on standard input is
  /// still a trace, read whole after the look that told them apart.
  @Test func standardInputIsToldApartByItsShape() throws {
    let configuration = "{\n  \"pages\": 12,\n  \"style\": \"minimal\"\n}\n"
    let run = try pagetrace(["lint"], input: Data(configuration.utf8))
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("<stdin>: warning: PT001: "), "\(run.stdout)")
    #expect(run.stdout.contains("PT005"))
    let typo = try pagetrace(["lint"], input: Data(#"{"pages": 2, "style": "minimall"}"#.utf8))
    #expect(typo.status == 65)
    #expect(
      typo.stderr.hasPrefix(
        #"<stdin>:1:23: expected automatic, prominent or minimal for "style", found "minimall""#),
      "\(typo.stderr)")
    // A trace, larger than a configuration may be, through a pipe: every line still read.
    let scrub = try String(
      contentsOf: repository.appendingPathComponent("Traces/scrub.jsonl"), encoding: .utf8)
    let lines = scrub.split(separator: "\n")
    let padding = String(repeating: " ", count: 1000)
    var big = String(lines[0]) + "\n"
    for line in lines.dropFirst() { big += line + padding + "\n" }
    while big.utf8.count <= 1 << 20 { big += "\n" }
    big += #"{"t":99,"touch":"down","id":9,"x":-1,"y":-1"# + "\n"  // cut: the last line
    let piped = try pagetrace(["lint", "--style", "minimal", "-"], input: Data(big.utf8))
    #expect(piped.status == 65, "\(piped.stderr)")
    let lastLine = big.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect(piped.stderr.hasPrefix("<stdin>:\(lastLine):"), "\(piped.stderr)")
    #expect(piped.stdout.contains("<stdin>:3: warning: PT101: "), "\(piped.stdout)")
  }

  /// The page-count rules need no control: a partial configuration is linted as far as it
  /// goes, and the rule that needs the control is left out.
  @Test func aPartialConfigurationIsLintedAsFarAsItGoes() throws {
    let directory = try scratch()
    try write(#"{"pages":30,"profile":"legacy"}"#, to: "partial.json", in: directory)
    let run = try pagetrace(["lint", "partial.json"], in: directory)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("partial.json: warning: PT001: "))
    #expect(run.stdout.contains("partial.json: error: PT002: "))
    #expect(!run.stdout.contains("PT003"))
    // With a control too narrow for 30 dots, the legacy profile clips them: PT003 too.
    let full = try pagetrace(
      ["lint", "--control", "0,780,200,30", "partial.json"], in: directory)
    #expect(full.stdout.contains("partial.json: error: PT003: "), "\(full.stdout)")
  }

  @Test func traceFindingsGiveTheLineOfTheirEvent() throws {
    let trace = repository.appendingPathComponent("Traces/scrub.jsonl").path
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    let run = try pagetrace(["lint", "--style", "minimal", trace])
    let finding = run.stdout.split(separator: "\n").first { $0.contains("PT101") }
    #expect(finding?.hasPrefix("\(trace):3: warning: PT101: ") == true, "\(run.stdout)")
    // Line 3 (t 1.15) is the event at which the press of line 2 (t 1.0) has been held for
    // scrubDelay (0.15 s): the scrub begins there.
    #expect(lines[1].hasPrefix(#"{"t":1.0,"touch":"down""#), "\(lines[1])")
    #expect(lines[2].hasPrefix(#"{"t":1.15,"#), "\(lines[2])")
    let json = try pagetrace(["lint", "--format", "json", "--style", "minimal", trace])
    let record = json.records.first { $0["rule"] as? String == "PT101" }
    #expect(record?["line"] as? Int == 3)
    #expect(record?["severity"] as? String == "warning")
  }

  @Test func disableLeavesRulesOut() throws {
    let directory = try scratch()
    try write(#"{"pages":30}"#, to: "c.json", in: directory)
    let one = try pagetrace(["lint", "--disable", "PT002", "c.json"], in: directory)
    #expect(one.status == 1)
    #expect(one.stdout == "c.json: warning: PT001: 30 pages are hard to count (more than 10)\n")
    let both = try pagetrace(
      ["lint", "--disable", "PT001", "--disable=PT002", "c.json"], in: directory)
    #expect(both.status == 0)
    #expect(both.stdout.isEmpty)
    #expect(both.stderr == "pagetrace: lint: no findings in 1 file\n")
    let unknown = try pagetrace(["lint", "--disable", "PT01", "c.json"], in: directory)
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("unknown rule 'PT01'; did you mean 'PT001'?"))
    // Rules are named as they are written, like every enumerated value: case-sensitively.
    let lower = try pagetrace(["lint", "--disable", "pt001", "c.json"], in: directory)
    #expect(lower.status == 64)
    #expect(
      lower.stderr == """
        pagetrace: error: invalid value for '--disable': unknown rule 'pt001'; did you mean 'PT001'?
        See 'pagetrace lint --help'.

        """)
    #expect(try pagetrace(["lint", "-q", "c.json"], in: directory).stderr.isEmpty)
  }

  @Test func aCleanConfigurationExitsZero() throws {
    let run = try pagetrace(["lint", repository.appendingPathComponent("Traces/tap.jsonl").path])
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
  }

  @Test func flagsAndTracesAreLintedToo() throws {
    // The scrub trace under a minimal style: the configuration rule and the behaviour rule.
    let trace = repository.appendingPathComponent("Traces/scrub.jsonl").path
    let run = try pagetrace(["lint", "--style", "minimal", trace])
    #expect(run.status == 1)
    #expect(run.stdout.contains(": PT005: "))
    #expect(run.stdout.contains(": PT101: "))
  }

  @Test func badInputHasTheUsualStatuses() throws {
    let directory = try scratch()
    try write("{\"pages\":\n", to: "bad.json", in: directory)
    #expect(try pagetrace(["lint", "bad.json"], in: directory).status == 65)
    #expect(try pagetrace(["lint", "missing.json"], in: directory).status == 66)
    #expect(try pagetrace(["lint", "--format", "xml", "x"], in: directory).status == 64)
    // Standard input that cannot be read (a directory) is 66, as for replay: not a clean,
    // empty trace.
    for command in ["lint", "replay"] {
      let run = try runProgram(
        "/bin/sh", ["-c", "exec \"$0\" \(command) < .", executable.path], in: directory)
      #expect(run.status == 66, "\(command): \(run.stderr)")
      #expect(run.stderr.hasPrefix("pagetrace: error: <stdin>: "), "\(command): \(run.stderr)")
      #expect(run.stdout.isEmpty)
    }
    // With --on-error skip, lint reports it and goes on to the next input, as replay does.
    try write(#"{"pages": 30}"#, to: "c.json", in: directory)
    let skipped = try runProgram(
      "/bin/sh", ["-c", "exec \"$0\" lint --on-error skip - c.json < .", executable.path],
      in: directory)
    #expect(skipped.status == 66, "\(skipped.stderr)")
    #expect(skipped.stderr.hasPrefix("pagetrace: error: <stdin>: "), "\(skipped.stderr)")
    #expect(skipped.stdout.hasPrefix("c.json: warning: PT001: "), "\(skipped.stdout)")
    #expect(skipped.stderr.hasSuffix(" in 1 file\n"), "\(skipped.stderr)")  // c.json only
  }
}
