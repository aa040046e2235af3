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
        == ["c.json: PT001", "c.json: PT004"])
    let json = try pagetrace(["lint", "--format", "json", "c.json"], in: directory)
    #expect(json.records.map { $0["rule"] as? String } == ["PT001", "PT004"])
    #expect(json.records.allSatisfy { $0["file"] as? String == "c.json" })
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
  }
}
