import Foundation
import Testing

/// Rows an importer drops: the first 10 notes, then one line per reason; a run that drops
/// more than 1% of its lines, or applies no event, fails with 65 unless `--on-error skip`;
/// `--sort` sorts CSV rows by session and time (docs/behaviour/trace-format.md, "Recordings in other
/// formats"). Expectations worked by hand.
@Suite struct ImportDropTests {
  static let page = ["--pages", "5", "--control", "0,780,390,30"]

  /// Touchalytics-shaped: user (column 2), document (3), time in ms (4), phase (5), x (7),
  /// y (8). The rows are ordered by document: under the user column time goes back when
  /// document 0 comes again (its 4 rows are dropped), under the document column it never does.
  static let rows =
    [
      (0, 1000, 0), (0, 1016, 2), (0, 1032, 2), (0, 1048, 1),
      (1, 5000, 0), (1, 5016, 2), (1, 5032, 2), (1, 5048, 1),
      (0, 2000, 0), (0, 2016, 2), (0, 2032, 2), (0, 2048, 1),
    ].enumerated().map { index, row in
      "1,7,\(row.0),\(row.1),\(row.2),1,\(100 + 10 * (index % 4)),790"
    }.joined(separator: "\n") + "\n"

  func replay(_ extra: [String], session: Int, _ text: String = rows) throws -> Run {
    try pagetrace(
      [
        "replay", "--summary", "--from", "csv", "--columns",
        "t=4,phase=5,x=7,y=8,session=\(session)", "--time-unit", "ms",
      ] + Self.page + extra
        + ["-"],
      input: Data(text.utf8))
  }

  @Test func aSessionColumnUnderWhichTimeGoesBackFails() throws {
    let run = try replay([], session: 2)
    #expect(run.status == 65, "\(run.stderr)")
    // The summary comes first: everything is written before the run fails.
    let lines = run.stderr.split(separator: "\n").map(String.init)
    let advice = [
      "pagetrace: error: the importer dropped 4 of 12 lines read (33.3%, more than 1%):",
      " time went backwards: sample skipped (4); the times must increase within each",
      " session: give a session column under which they do (pagetrace inspect FILE names",
      " one), or --sort (CSV) to sort the rows by session and time; --on-error skip accepts",
      " what is left",
    ].joined()
    #expect(lines.last == advice, "\(run.stderr)")
    #expect(
      lines.contains {
        $0.hasPrefix(
          "pagetrace: summary: 12 lines read = 0 header + 0 blank + 8 lines that made"
            + " events + 4 dropped (time went backwards: sample skipped) + 0 skipped as bad")
      }, "\(run.stderr)")
  }

  @Test func sortOrTheRightSessionColumnPasses() throws {
    for (extra, session) in [(["--sort"], 2), ([], 3)] {
      let run = try replay(extra, session: session)
      #expect(run.status == 0, "\(extra) \(session): \(run.stderr)")
      #expect(
        run.stderr.contains(
          "12 lines read = 0 header + 0 blank + 12 lines that made events + 0 skipped as bad;"
            + " 12 events = 12 applied"), "\(run.stderr)")
      #expect(!run.stderr.contains("went backwards"))
    }
  }

  @Test func onErrorSkipKeepsTheRunWithTheCount() throws {
    let run = try replay(["--on-error", "skip"], session: 2)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "pagetrace: note: the importer dropped 4 of 12 lines read (33.3%, more than 1%):"
          + " time went backwards: sample skipped (4)\n"), "\(run.stderr)")
  }

  /// 2 rows make a stroke, 12 moves of a touch that is not down, 3 rows back in time: the
  /// first 10 notes (all moves), then 2 more moves and 3 times back, one line each.
  @Test func notesBeyondTheFirstTenAreCountedByReason() throws {
    var rows = ["1000,0,100,790,1", "1016,1,100,790,1"]
    rows += (3...14).map { "\(1000 + 16 * ($0 - 1)),2,100,790,1" }
    rows += Array(repeating: "500,2,100,790,1", count: 3)
    let run = try pagetrace(
      [
        "replay", "--on-error", "skip", "--from", "csv", "--columns", "t=1,phase=2,x=3,y=4,id=5",
        "--time-unit", "ms",
      ] + Self.page + ["-"],
      input: Data((rows.joined(separator: "\n") + "\n").utf8))
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stderr.split(separator: "\n").map(String.init)
    let notes = lines.filter { $0.hasPrefix("<stdin>:") }
    #expect(notes.count == 10)
    #expect(notes.first == "<stdin>:3: note: move of touch 1, which is not down: skipped")
    #expect(notes.last == "<stdin>:12: note: move of touch 1, which is not down: skipped")
    #expect(
      Array(lines.drop { $0.hasPrefix("<stdin>:") })
        == [
          "pagetrace: note: <stdin>: and 2 more like it (move of a touch that is not down: skipped)",
          "pagetrace: note: <stdin>: and 3 more like it (time went backwards: sample skipped)",
          "pagetrace: note: the importer dropped 15 of 17 lines read (88.2%, more than 1%):"
            + " move of a touch that is not down: skipped (12), time went backwards: sample"
            + " skipped (3)",
        ], "\(run.stderr)")
  }

  /// One stroke of `rows` rows (a down, moves, an up) and one up of a touch that is not down:
  /// 1 dropped of `rows + 1` lines.
  func oneDropped(among rows: Int) throws -> Run {
    var lines = ["0,0,100,790,1"]
    lines += (1..<(rows - 1)).map { "\($0),2,\(100 + $0 % 50),790,1" }
    lines += ["\(rows - 1),1,100,790,1", "\(rows),1,100,790,2"]
    #expect(lines.count == rows + 1)
    return try pagetrace(
      // Samples 1 s apart, which no touch screen makes: read as given.
      [
        "replay", "--from", "csv", "--columns", "t=1,phase=2,x=3,y=4,id=5", "--time-unit", "s",
        "--time-unit-as-given",
      ] + Self.page + ["-"],
      input: Data((lines.joined(separator: "\n") + "\n").utf8))
  }

  /// 1 of 100 lines is 1%, not more: the run passes; 1 of 99 is more: it fails.
  @Test func theOnePercentEdge() throws {
    let at = try oneDropped(among: 99)
    #expect(at.status == 0, "\(at.stderr)")
    let beyond = try oneDropped(among: 98)
    #expect(beyond.status == 65, "\(beyond.stderr)")
    #expect(
      beyond.stderr.contains(
        "pagetrace: error: the importer dropped 1 of 99 lines read (1.0%, more than 1%):"
          + " up of a touch that is not down: skipped (1); check the columns"), "\(beyond.stderr)")
  }

  /// A recording from which the importer makes no event (only types it passes over): 65.
  /// Events that are made but that no rule uses (touches outside both frames) are the
  /// configuration's business: the run passes, the summary counts them as ignored.
  @Test func noEventMadeFails() throws {
    let over =
      #"{"type":"pointerover","pointerId":1,"pointerType":"touch","timeStamp":1,"clientX":1,"clientY":1}"#
    let run = try pagetrace(
      ["replay", "--from", "pointer-events"] + Self.page + ["-"],
      input: Data("\(over)\n\(over)\n".utf8))
    #expect(run.status == 65, "\(run.stderr)")
    #expect(
      run.stderr
        == "pagetrace: error: the importer made no event from 2 lines read; check --from and its"
        + " options (pagetrace inspect FILE)\n")
    let ignored = try pagetrace(
      ["replay", "--from", "csv", "--columns", "t=1,phase=2,x=3,y=4", "--time-unit", "s"]
        + Self.page + ["-"],
      input: Data("0,0,10,10\n0.1,1,10,10\n".utf8))
    #expect(ignored.status == 0, "\(ignored.stderr)")
  }

  /// `--sort` holds at most 1,000,000 rows: the next one is a data error that says so.
  @Test func sortRefusesMoreThanAMillionRows() throws {
    var text = "1000,0,100,790,1\n"
    text.reserveCapacity(20_000_000)
    for row in 1..<1_000_001 { text += "\(1000 + 16 * row),2,100,790,1\n" }
    let file = try scratch().appendingPathComponent("long.csv")
    try Data(text.utf8).write(to: file)
    let run = try pagetrace(
      [
        "replay", "--sort", "--from", "csv", "--columns", "t=1,phase=2,x=3,y=4,id=5",
        "--time-unit", "ms",
      ] + Self.page + [file.path], timeout: 300)
    #expect(run.status == 65)
    #expect(
      run.stderr.hasSuffix(
        "long.csv:1000001:1: expected at most 1000000 rows with --sort (sort the file by session"
          + " and time beforehand, or split it), found more\n"), "\(run.stderr.suffix(400))")
  }
}
