import Foundation
import Testing

/// Memory that does not grow with hostile input (issue 39; docs/behaviour/limits.md): `inspect
/// --all` streams its counts, fingers that never lift are held to 1,024 in every command, and
/// `convert` forgets the sessions it refuses. Peak resident memory is read from the kernel for
/// the child alone (``measuredPagetrace(_:in:keepingErrors:)``); nothing is timed.
///
/// Each test runs an input and one four times its size: the memory may not grow with it.
/// Before the fixes the growth was about 56 bytes a blank line and 120 a trace line kept by
/// `inspect --all`, about 1 KB a finger held down in classify and stats (2 KB in diff), and
/// 39 bytes a session name kept by `convert`: tens of megabytes over these inputs.
@Suite struct MemoryBoundsTests {
  static let limit = 64.0  // MB
  /// The most the larger input may take over the smaller one.
  static let growth = 4.0  // MB

  /// Peaks of `arguments` (the input's path last) over inputs of `count` and `4 × count`
  /// lines written by `line`, after `first`.
  static func peaks(
    _ arguments: [String], first: String, count: Int, status: Int32 = 0,
    _ line: @escaping (Int, inout [UInt8]) -> Void
  ) throws -> [Double] {
    let directory = try scratch()
    var peaks: [Double] = []
    for size in [count, 4 * count] {
      let url = directory.appendingPathComponent("input-\(size)")
      try writeLines(to: url, first: first, count: size, line)
      let run = try measuredPagetrace(arguments + [url.path], in: directory)
      #expect(run.status == status, "\(arguments)")
      peaks.append(run.peakMegabytes)
      try FileManager.default.removeItem(at: url)
    }
    return peaks
  }

  enum Kind: String, CaseIterable, Sendable {
    case blankLines, traceEvents, csvRows, sessions
  }

  @Test(arguments: Kind.allCases)
  func inspectAllCountsInBoundedMemory(kind: Kind) throws {
    let peaks: [Double]
    switch kind {
    case .blankLines:
      // As `yes '' | pagetrace inspect --all`: blank lines only, an unknown format.
      peaks = try Self.peaks(["inspect", "--all"], first: "", count: 100_000, status: 65) { _, _ in
      }
    case .traceEvents:
      peaks = try Self.peaks(["inspect", "--all"], first: header, count: 100_000) { index, line in
        line += Array(#"{"t":\#(index),"touch":"move","id":1,"x":187.25,"y":795.5}"#.utf8)
      }
    case .csvRows:
      peaks = try Self.peaks(["inspect", "--all"], first: "t,phase,x,y", count: 100_000) {
        index, line in
        let phase = ["down", "move", "move", "up"][index % 4]
        line += Array("\(index * 10),\(phase),\(100 + index % 50),790".utf8)
      }
    case .sessions:
      // Past the 100,000 sessions counted by name, none is kept.
      peaks = try Self.peaks(["inspect", "--all"], first: header, count: 100_000) { index, line in
        line += Array(#"{"t":0,"session":"phone-\#(index)","key":"right"}"#.utf8)
      }
    }
    #expect(peaks[1] <= Self.limit, "\(peaks)")
    #expect(peaks[1] - peaks[0] < Self.growth, "\(kind): \(peaks) MB")
  }

  @Test(arguments: [
    ["classify"], ["stats"], ["diff", "--a", "scrubDelay=0.2", "--b", "scrubDelay=0.4"],
  ])
  func fingersThatNeverLiftAreHeldToTheLimit(command: [String]) throws {
    // Every line the `down` of a new finger; past 1,024 each is refused and skipped.
    let peaks = try Self.peaks(
      command + ["-q", "--on-error", "skip"], first: header, count: 50_000
    ) { index, line in
      line += Array(#"{"t":\#(index),"touch":"down","id":\#(index),"x":100,"y":400}"#.utf8)
    }
    #expect(peaks[1] <= Self.limit, "\(peaks)")
    #expect(peaks[1] - peaks[0] < Self.growth, "\(command[0]): \(peaks) MB")
  }

  @Test func stringIdsHeldDownAreHeldToTheLimitAndForgotten() throws {
    let peaks = try Self.peaks(
      ["classify", "-q", "--on-error", "skip"], first: header, count: 50_000
    ) { index, line in
      line += Array(#"{"t":\#(index),"touch":"down","id":"finger-\#(index)","x":100,"y":400}"#.utf8)
    }
    #expect(peaks[1] <= Self.limit, "\(peaks)")
    #expect(peaks[1] - peaks[0] < Self.growth, "\(peaks) MB")
  }

  @Test func convertForgetsTheSessionsItRefuses() throws {
    let peaks = try Self.peaks(
      [
        "convert", "-q", "--to", "jsonl", "--max-sessions", "1000", "--on-error", "skip", "-o",
        "/dev/null",
      ],
      first: header, count: 62_500
    ) { index, line in
      line += Array(#"{"t":0,"session":"phone-\#(index)-of-a-long-study","key":"right"}"#.utf8)
    }
    #expect(peaks[1] <= Self.limit, "\(peaks)")
    #expect(peaks[1] - peaks[0] < Self.growth, "\(peaks) MB")
  }

  /// A sweep keeps to its budget however large the grid: 1,000 and 4,000 combinations over 200
  /// sessions would take 0.4 and 1.6 GB at once by the estimate (measured, about 0.3 and
  /// 1.2 GB); under `--memory 16M` they take passes, and the peak does not grow with the grid.
  @Test func aSweepKeepsToItsBudget() throws {
    let directory = try scratch()
    var lines = [header]
    for index in 0..<200 {
      lines.append(#"{"t":\#(index),"session":"s\#(index)","touch":"down","id":1,"x":200,"y":795}"#)
      lines.append(#"{"t":\#(index).5,"session":"s\#(index)","touch":"up","id":1,"x":200,"y":795}"#)
    }
    let trace = try write(lines.joined(separator: "\n") + "\n", to: "t.jsonl", in: directory)
    var peaks: [Double] = []
    for grid in ["scrubDelay=0.001:1.000:0.001", "scrubDelay=0.00025:1.00000:0.00025"] {
      let run = try measuredPagetrace(
        ["sweep", "--vary", grid, "--memory", "16M", "--format", "csv", trace.path], in: directory,
        keepingErrors: true)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.contains("passes, to keep the combinations within --memory 16 MiB"))
      peaks.append(run.peakMegabytes)
    }
    #expect(peaks[1] <= Self.limit, "\(peaks)")
    #expect(peaks[1] - peaks[0] < 2 * Self.growth, "\(peaks) MB")
  }

  /// A Parquet table of any length is written in bounded memory (issue 41): rows are kept
  /// until a row group is full (131,072 rows), then written out; 200,000 and 800,000 events of
  /// two records each make 3 and 13 row groups, and the peak does not grow with them.
  @Test func aParquetTableKeepsToItsRowGroups() throws {
    let peaks = try Self.peaks(
      ["replay", "--emit", "all", "--format", "parquet"], first: header, count: 200_000
    ) { index, line in
      // Increments and decrements by turns: a transition and an announcement each.
      let action = index % 2 == 0 ? "increment" : "decrement"
      line += Array(#"{"t":\#(index),"a11y":"\#(action)"}"#.utf8)
    }
    #expect(peaks[1] <= Self.limit, "\(peaks) MB")
    #expect(peaks[1] - peaks[0] < Self.growth, "\(peaks) MB")
  }
}
