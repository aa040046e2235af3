import Foundation
import Testing

/// `sweep --memory` (issue 39; docs/behaviour/what-if.md, "Memory"): a grid that would take more
/// than its budget replays a file in passes, with the figures of one pass; standard input, which
/// cannot be read again, is refused with 64 instead; `--by-file` is refused before reading when
/// its rows would not fit. The peak memory of a budgeted sweep is measured in MemoryBoundsTests.
@Suite struct SweepBudgetTests {
  /// `sessions` sessions, each one tap on the dots (the docs' estimate: 2 KiB a session and
  /// combination, 12 KiB a combination).
  static func sessions(_ count: Int, in directory: URL) throws -> URL {
    var lines = [header]
    for index in 0..<count {
      lines.append(#"{"t":\#(index),"session":"s\#(index)","touch":"down","id":1,"x":200,"y":795}"#)
      lines.append(
        #"{"t":\#(index).05,"session":"s\#(index)","touch":"up","id":1,"x":200,"y":795}"#)
    }
    return try write(lines.joined(separator: "\n") + "\n", to: "sessions.jsonl", in: directory)
  }

  /// 100 combinations over 200 sessions: about 41 MB by the estimate, so 4M takes passes.
  static let grid = ["sweep", "--vary", "scrubDelay=0.01:1.00:0.01", "--format", "csv"]

  @Test func passesGiveTheFiguresOfOnePass() throws {
    let directory = try scratch()
    let trace = try Self.sessions(200, in: directory).path
    let whole = try pagetrace(Self.grid + ["--memory", "1G", trace])
    let inPasses = try pagetrace(Self.grid + ["--memory", "4M", trace])
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(inPasses.status == 0, "\(inPasses.stderr)")
    #expect(whole.stderr.isEmpty)
    // 4 MiB / (12 KiB + 200 × 2 KiB) = 9 combinations a pass; the first pass, under all 100,
    // stops at the session that outgrows the budget and is replayed under fewer.
    #expect(inPasses.stderr.contains("read in "), "\(inPasses.stderr)")
    #expect(inPasses.stderr.contains("passes, to keep the combinations within --memory 4 MiB"))
    #expect(inPasses.stdout == whole.stdout)
    #expect(whole.stdout.split(separator: "\n").count == 101)
    // Each point still counts what a plain replay does: 200 taps, whatever the delay.
    #expect(whole.stdout.split(separator: "\n").dropFirst().allSatisfy { $0.contains(",200,") })
  }

  /// A later pass reports no problem a pass before it reported: each bad line once.
  @Test func problemsAreReportedOnce() throws {
    let directory = try scratch()
    let trace = try Self.sessions(200, in: directory)
    var text = try String(contentsOf: trace, encoding: .utf8)
    text += "{\"t\":999,\"touch\":\"wobble\"}\n"
    try text.write(to: trace, atomically: true, encoding: .utf8)
    let run = try pagetrace(Self.grid + ["--memory", "4M", "--on-error", "skip", trace.path])
    #expect(run.status == 0, "\(run.stderr)")
    let reported = run.stderr.split(separator: "\n").filter { $0.contains("sessions.jsonl:402:") }
    #expect(reported.count == 1, "\(run.stderr)")
  }

  @Test func standardInputOverTheBudgetIsRefused() throws {
    let directory = try scratch()
    let trace = try Self.sessions(200, in: directory)
    let run = try pagetrace(
      Self.grid + ["--memory", "4M", "-o", "out.csv"], in: directory,
      input: try Data(contentsOf: trace))
    #expect(run.status == 64)
    #expect(
      run.stderr.contains(
        "the sweep of 100 combinations over standard input outgrew --memory 4 MiB by its session"),
      "\(run.stderr)")
    #expect(run.stderr.contains("cannot be read again in passes: give a file instead"))
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.csv").path))
    // Within the budget, standard input is read as a file is.
    let small = try pagetrace(Self.grid + ["--memory", "1G"], input: try Data(contentsOf: trace))
    let file = try pagetrace(Self.grid + ["--memory", "1G", trace.path])
    #expect(small.status == 0)
    #expect(small.stdout == file.stdout)
  }

  @Test func rowsByFileThatWouldNotFitAreRefusedBeforeReading() throws {
    let directory = try scratch()
    let trace = try Self.sessions(2, in: directory).path
    // 10,000 combinations × 2 files × 320 bytes = 6.1 MiB, over 4M: refused; 8M holds them.
    let arguments = ["sweep", "--vary", "scrubDelay=0.0001:1.0000:0.0001", "--by-file"]
    let refused = try pagetrace(arguments + ["--memory", "4M", trace, trace])
    #expect(refused.status == 64)
    #expect(
      refused.stderr.contains(
        "--by-file keeps a row for each of the 10000 combinations and 2 files until the end: 20000 rows"
      ), "\(refused.stderr)")
  }

  @Test(arguments: [
    ("0", "expected a size of at least 1M"), ("512K", "expected a size of at least 1M"),
    ("lots", "found 'lots'"), ("-1G", "found '-1G'"), ("", "found ''"),
  ])
  func badMemory(_ value: String, _ message: String) throws {
    let trace = repository.appendingPathComponent("Traces/tap.jsonl").path
    let run = try pagetrace(["sweep", "--vary", "scrubDelay=0.1", "--memory", value, trace])
    #expect(run.status == 64)
    #expect(run.stderr.contains("--memory"), "\(run.stderr)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  /// `-o X --chart X` would write the chart over the table (or the table over the chart).
  @Test func theChartAndTheTableAreNotOneFile() throws {
    let directory = try scratch()
    let trace = repository.appendingPathComponent("Traces/tap.jsonl").path
    let same = try pagetrace(
      ["sweep", "--vary", "scrubDelay=0.1,0.2", "-o", "x.svg", "--chart", "x.svg", trace],
      in: directory)
    #expect(same.status == 64)
    #expect(same.stderr.contains("--chart and the output are the same file (x.svg)"))
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.svg").path))
    let toStandardOutput = try pagetrace(
      ["sweep", "--vary", "scrubDelay=0.1,0.2", "--chart", "-", trace], in: directory)
    #expect(toStandardOutput.status == 64)
    #expect(toStandardOutput.stderr.contains("the same file (standard output)"))
  }

  /// Varied numbers are written by the one number writer in JSON Lines and CSV (as typed in the
  /// table): `0.10` is 0.1, `1e0` is 1, as the tool writes every other number.
  @Test func variedNumbersGoThroughTheNumberWriter() throws {
    let trace = repository.appendingPathComponent("Traces/tap.jsonl").path
    let arguments = ["sweep", "--vary", "scrubDelay=0.10,1e0,2.50"]
    let json = try pagetrace(arguments + ["--format", "jsonl", trace])
    #expect(json.status == 0)
    let varied = json.records.map { $0["scrubDelay"] as! NSNumber }
    #expect(varied.map(\.doubleValue) == [0.1, 1, 2.5])
    #expect(json.stdout.contains(#"{"scrubDelay":0.1,"#))
    #expect(json.stdout.contains(#"{"scrubDelay":1,"#))
    #expect(json.stdout.contains(#"{"scrubDelay":2.5,"#))
    let csv = try pagetrace(arguments + ["--format", "csv", trace])
    #expect(
      csv.stdout.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } } == [
        "0.1", "1", "2.5",
      ])
    let table = try pagetrace(arguments + [trace])
    #expect(
      table.stdout.split(separator: "\n").dropFirst().map { $0.prefix { $0 != " " } } == [
        "0.10", "1e0", "2.50",
      ])
  }
}
