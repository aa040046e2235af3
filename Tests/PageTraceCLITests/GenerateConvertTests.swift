import Foundation
import Testing

/// `generate`, `convert`, and `replay` of binary traces recognised by content.
@Suite struct GenerateConvertTests {
  @Test func generateIsDeterministic() throws {
    let directory = try scratch()
    let arguments = ["generate", "--events", "3000", "--seed", "42", "--sessions", "2"]
    let first = try pagetrace(arguments, in: directory)
    let second = try pagetrace(arguments, in: directory)
    let other = try pagetrace(
      ["generate", "--events", "3000", "--seed", "43", "--sessions", "2"], in: directory)
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
    #expect(first.stdout != other.stdout)
    let lines = first.stdout.split(separator: "\n")
    #expect(lines.count == 3001)  // the header and 3,000 events
    #expect(lines.first?.hasPrefix(#"{"pagetrace":1,"pages":8"#) == true)
  }

  /// `generate` reads no input, so it never warns that its input is empty (issue 39).
  @Test func generateToAFileSaysNothing() throws {
    let directory = try scratch()
    let run = try pagetrace(["generate", "--events", "10", "-o", "g.jsonl"], in: directory)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    let text = try String(contentsOf: directory.appendingPathComponent("g.jsonl"), encoding: .utf8)
    #expect(text.split(separator: "\n").count == 11)
  }

  @Test func generateNeedsItsOptions() throws {
    #expect(try pagetrace(["generate", "--seed", "1"]).status == 64)
    #expect(try pagetrace(["generate", "--events", "-3", "--seed", "1"]).status == 64)
    #expect(
      try pagetrace(["generate", "--events", "3", "--seed", "1", "--format", "xml"]).status == 64)
  }

  @Test func convertRoundTripsLosslessly() throws {
    let directory = try scratch()
    _ = try pagetrace(
      ["generate", "--events", "5000", "--seed", "3", "--sessions", "3", "-o", "g.jsonl"],
      in: directory)
    #expect(try pagetrace(["convert", "g.jsonl", "-o", "g.bin"], in: directory).status == 0)
    #expect(try pagetrace(["convert", "g.bin", "-o", "back.jsonl"], in: directory).status == 0)
    let original = try Data(contentsOf: directory.appendingPathComponent("g.jsonl"))
    let binary = try Data(contentsOf: directory.appendingPathComponent("g.bin"))
    #expect(try Data(contentsOf: directory.appendingPathComponent("back.jsonl")) == original)
    #expect(binary.prefix(8) == Data("PGTRACE\0".utf8))
    #expect(binary.count < original.count)
  }

  @Test func replayRecognisesBinaryByContentNotName() throws {
    let directory = try scratch()
    _ = try pagetrace(
      ["generate", "--events", "5000", "--seed", "9", "-o", "g.jsonl"], in: directory)
    _ = try pagetrace(["convert", "g.jsonl", "-o", "binary-named.jsonl"], in: directory)
    let fromText = try pagetrace(["replay", "--emit", "all", "g.jsonl"], in: directory)
    let fromBinary = try pagetrace(
      ["replay", "--emit", "all", "binary-named.jsonl"], in: directory)
    let binaryBytes = try Data(contentsOf: directory.appendingPathComponent("binary-named.jsonl"))
    let fromPipe = try pagetrace(
      ["replay", "--emit", "all", "-"], in: directory, input: binaryBytes)
    #expect(fromText.status == 0)
    #expect(fromText.records.count > 100)
    #expect(fromBinary.stdout == fromText.stdout)
    #expect(fromPipe.stdout == fromText.stdout)
  }

  @Test func theScenarioTracesReplayTheSameFromBinary() throws {
    let directory = try scratch()
    for name in ["scrub", "sessions", "timer", "windowed-jog"] {
      let trace = repository.appendingPathComponent("Traces/\(name).jsonl").path
      _ = try pagetrace(["convert", trace, "-o", "\(name).bin"], in: directory)
      let text = try pagetrace(["replay", "--emit", "all", trace], in: directory)
      let binary = try pagetrace(["replay", "--emit", "all", "\(name).bin"], in: directory)
      #expect(binary.stdout == text.stdout, "\(name)")
    }
  }

  @Test func aDamagedBinaryTraceIsADataError() throws {
    let directory = try scratch()
    _ = try pagetrace(
      ["generate", "--events", "50", "--seed", "1", "--format", "binary", "-o", "g.bin"],
      in: directory)
    var bytes = try Data(contentsOf: directory.appendingPathComponent("g.bin"))
    bytes.removeLast(7)  // truncated inside the last record
    try bytes.write(to: directory.appendingPathComponent("cut.bin"))
    let run = try pagetrace(["replay", "cut.bin"], in: directory)
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("cut.bin:"), "\(run.stderr)")
  }
}
