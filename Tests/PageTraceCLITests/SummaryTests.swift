import Foundation
import Testing

/// `replay --summary`: every input line is accounted for.
@Suite struct SummaryTests {
  /// The numbers of the summary line, in order: lines, header, blank, applied, ignored,
  /// skipped, records.
  func counts(_ stderr: String) -> [Int] {
    guard
      let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix("pagetrace: summary:") })
    else { return [] }
    return line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
  }

  @Test(arguments: TracesTests.expectations.filter { $0.split(separator: ".").count == 3 })
  func everyScenarioLineIsAccountedFor(_ expected: String) throws {
    let trace = repository.appendingPathComponent(
      "Traces/\(expected.split(separator: ".")[0]).jsonl")
    let run = try pagetrace(["replay", "--summary", trace.path])
    let numbers = counts(run.stderr)
    #expect(numbers.count >= 7, "\(run.stderr)")
    let lineCount = try String(contentsOf: trace, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .filter { !$0.isEmpty }.count
    #expect(numbers[0] == lineCount)
    #expect(numbers[0] == numbers[1...5].reduce(0, +))
  }

  /// `--summary` is written only for a run that did not fail: with `--strict`, a skipped line
  /// fails the run (65) and no summary follows (issue 39).
  @Test(arguments: [["replay"], ["classify"]])
  func noSummaryAfterAStrictFailure(_ command: [String]) throws {
    let directory = try scratch()
    let trace = try write(
      header + "\n{\"t\":1,\"key\":\"right\"}\n{\"t\":2}\n", to: "t.jsonl", in: directory)
    let lenient = try pagetrace(command + ["--summary", "--on-error", "skip", trace.path])
    #expect(lenient.status == 0)
    #expect(lenient.stderr.contains("pagetrace: summary:"), "\(lenient.stderr)")
    let strict = try pagetrace(
      command + ["--summary", "--on-error", "skip", "--strict", trace.path])
    #expect(strict.status == 65)
    #expect(strict.stderr.contains("skipped 1 bad line"), "\(strict.stderr)")
    #expect(!strict.stderr.contains("summary"), "\(strict.stderr)")
  }

  /// classify's summary has the same prefix, and counts the strokes it writes.
  @Test func classifySummaryCountsTheStrokesWritten() throws {
    let trace = repository.appendingPathComponent("Traces/scrub.jsonl")
    let run = try pagetrace(["classify", "--summary", trace.path])
    #expect(run.status == 0)
    let line = try #require(run.stderr.split(separator: "\n").first)
    #expect(line.hasPrefix("pagetrace: summary: strokes: \(run.records.count), tap "), "\(line)")
    let kinds = ["tap", "long-press", "drag", "swipe", "cancelled"].map { kind in
      run.records.filter { $0["kind"] as? String == kind }.count
    }
    #expect(Array(counts(String(line)).prefix(6)) == [run.records.count] + kinds)
    // Nothing after a failed run.
    let failed = try pagetrace(["classify", "--summary", "-"], input: Data("{\n".utf8))
    #expect(failed.status == 65)
    #expect(!failed.stderr.contains("summary"))
  }

  @Test func skippedAndIgnoredLinesAddUp() throws {
    let lines = [
      header, "", "garbage", #"{"t":0,"key":"right"}"#,  // no focus: ignored
      #"{"t":0,"touch":"down","id":1,"x":187,"y":900}"#,  // outside both frames: ignored
      twoTaps[0], twoTaps[1],
      #"{"t":0.06,"touch":"move","id":7,"x":1,"y":1}"#,  // a finger nobody tracks: ignored
      #"{"t":0.07}"#,
    ]
    let run = try pagetrace(
      ["replay", "--summary", "--on-error", "skip", "-"],
      input: Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(run.status == 0)
    // 9 lines = 1 header + 1 blank + 2 applied + 3 ignored + 2 skipped; 1 record.
    #expect(counts(run.stderr) == [9, 1, 1, 2, 3, 2, 1])
  }

  @Test func tooManySessionsIsADataErrorAtTheSession() throws {
    let lines = [
      header, #"{"t":0,"focus":"control","session":"a"}"#,
      #"{"t":0,"focus":"control","session":"b"}"#,
    ]
    let run = try pagetrace(
      ["replay", "--max-sessions", "1", "-"],
      input: Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("<stdin>:3:36: expected at most 1 sessions"), "\(run.stderr)")
  }
}

/// Resource limits through the executable.
@Suite struct ResourceLimitTests {
  @Test func aLineWithAMillionKeysIsTooLongAndOneWithManyIsFine() throws {
    let many = (0..<80_000).map { "\"k\($0)\":0" }.joined(separator: ",")
    let million = (0..<1_000_000).map { "\"k\($0)\":0" }.joined(separator: ",")
    let text = [
      header, "\n", #"{"t":0,"focus":"control","#, many, "}", "\n", #"{"t":1,"key":"right","#,
      million, "}",
      "\n",
    ]
    let run = try pagetrace(
      ["replay", "--summary", "--on-error", "skip", "-"], input: Data(text.joined().utf8))
    #expect(run.status == 0)
    #expect(
      run.stderr.contains("<stdin>:3:1: expected a line of at most 1048576 bytes"), "\(run.stderr)")
    // The 80,000-key line (under 1 MiB) was an event (applied: focus); the million-key one
    // (about 12 MB) was skipped without being held in memory.
    #expect(
      run.stderr.contains(
        "3 lines read = 1 header + 0 blank + 1 events applied + 0 events ignored by a rule + 1 skipped as bad"
      ))
  }
}

/// Inputs found by fuzzing (Fuzz/), kept as regression tests.
@Suite struct FuzzRegressionTests {
  @Test(.timeLimit(.minutes(1)))
  func aBinaryTraceGivenToAnImporterIsReportedOnceThenEnds() throws {
    // Skipping bad lines, this once spun forever: every read threw the same error.
    let run = try pagetrace(
      ["replay", "--on-error", "skip", "--from", "csv", "--columns", "t=1,phase=2,x=3,y=4", "-"],
      input: Data("PGTRACE\0".utf8))
    #expect(run.status == 0)
    #expect(run.stderr.hasPrefix("<stdin>:1:1: expected a text recording for the importer"))
  }

  @Test(.timeLimit(.minutes(1)))
  func aWrappingTimerCannotFireWithoutBound() throws {
    // 1 ms, wrapping, and a gap of 100,000 s: 10^8 advances, rejected at the event's time.
    let lines = [
      #"{"pagetrace":1,"pages":2,"control":{"x":0,"y":780,"width":390,"height":30},"progress":{"duration":0.001,"resetsToInitialPageAfterEnd":true}}"#,
      #"{"t":0,"key":"tab"}"#, #"{"t":99,"key":"tab"}"#, #"{"t":100000,"key":"tab"}"#,
    ]
    let run = try pagetrace(
      ["replay", "-"], input: Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(run.status == 65)
    #expect(
      run.stderr.hasPrefix("<stdin>:4:6: expected a time within 1000000 advances"), "\(run.stderr)")
    // Up to 99 s (about 99,000 advances, within the limit) every advance was written; the
    // due times accumulate `+ 0.001` in floating point, so the last may fall just past 99.
    #expect((98_999...99_000).contains(run.stdout.split(separator: "\n").count))
  }
}
