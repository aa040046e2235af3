import Foundation
import Testing

/// `pagetrace stats --format csv`: read back by Python's `csv` module (a reader nobody here
/// wrote), the figures worked out by hand as in ``StatsTests``.
@Suite struct StatsCSVTests {
  /// The documented columns (docs/behaviour/analysis.md, "Statistics"), written out by hand.
  static let columns =
    "row,file,session,events,"
    + "strokes.tap,strokes.long-press,strokes.drag,strokes.swipe,strokes.cancelled,transitions,"
    + "transitionsByCause.tap,transitionsByCause.scrub,transitionsByCause.jog,"
    + "transitionsByCause.flick,transitionsByCause.pointer,transitionsByCause.swipe,"
    + "transitionsByCause.key,transitionsByCause.accessibility,transitionsByCause.timer,"
    + "transitionsByCause.program,animated,notAnimated,scrubs,"
    + "pagesPerScrub.count,pagesPerScrub.mean,pagesPerScrub.max,"
    + "pagesPerScrub.histogram.0,pagesPerScrub.histogram.1,pagesPerScrub.histogram.2,"
    + "pagesPerScrub.histogram.3-4,pagesPerScrub.histogram.5-8,pagesPerScrub.histogram.9-16,"
    + "pagesPerScrub.histogram.17-32,pagesPerScrub.histogram.33+,"
    + "peakPagesPerSecond,suppressedAnimations,pagesVisited,secondsOnPages,announcements"

  // The trace of ``StatsTests``: a tap 0 → 1 at 0.05, a scrub 1 → 2 → 3 (begun at 1.01,
  // released at 1.5), an accessibility increment 3 → 4 at 2 (announced).
  let tap = [
    header,
    #"{"t":0,"touch":"down","id":1,"x":187,"y":795}"#,
    #"{"t":0.05,"touch":"up","id":1,"x":187,"y":795}"#,
    #"{"t":1,"touch":"down","id":1,"x":187,"y":795}"#,
    #"{"t":1.01,"touch":"move","id":1,"x":203,"y":795}"#,
    #"{"t":1.02,"touch":"move","id":1,"x":235,"y":795}"#,
    #"{"t":1.5,"touch":"up","id":1,"x":235,"y":795}"#,
    #"{"t":2,"a11y":"increment"}"#,
  ]

  /// Two sessions: the default one (increments at 0 and 2: pages 0, 1, 2; page 1 for 2 s) and
  /// one whose name needs quoting (two increments at 1 and 1.5; page 1 for 0.5 s).
  static let awkward = "x,\"y\"\nz"
  var sessions: [String] {
    let name = #"x,\"y\"\nz"#  // the JSON string of `awkward`
    return [
      header,
      #"{"t":0,"a11y":"increment"}"#,
      #"{"t":1,"session":"\#(name)","a11y":"increment"}"#,
      #"{"t":1.5,"session":"\#(name)","a11y":"increment"}"#,
      #"{"t":2,"a11y":"increment"}"#,
    ]
  }

  /// Python's rows of a CSV file, as dictionaries by column, and its header row.
  func pythonRows(_ file: URL) throws -> (header: [String], rows: [[String: String]]) {
    let script = """
      import csv, json, sys
      with open(sys.argv[1], newline="") as f:
          rows = list(csv.reader(f, strict=True))
      json.dump({"header": rows[0], "rows": [dict(zip(rows[0], r)) for r in rows[1:]],
                 "widths": sorted(set(len(r) for r in rows))}, sys.stdout)
      """
    let python = try runProgram(requiredProgram("python3"), ["-c", script, file.path])
    #expect(python.status == 0, "\(python.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(python.stdout.utf8)) as? NSDictionary)
    let header = try #require(object["header"] as? [String])
    // Every row has as many cells as the header.
    #expect(object["widths"] as? [Int] == [header.count])
    return (header, try #require(object["rows"] as? [[String: String]]))
  }

  @Test(needsProgram("python3"))
  func oneRowPerFileSessionAndTotalReadByPython() throws {
    let directory = try scratch()
    try write(tap.joined(separator: "\n") + "\n", to: "t,1.jsonl", in: directory)
    try write(sessions.joined(separator: "\n") + "\n", to: "u.jsonl", in: directory)
    let run = try pagetrace(
      ["stats", "--format", "csv", "--by-session", "t,1.jsonl", "u.jsonl", "-o", "s.csv"],
      in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    let (header, rows) = try pythonRows(directory.appendingPathComponent("s.csv"))
    #expect(header.joined(separator: ",") == Self.columns)
    #expect(rows.map { $0["row"] } == ["file", "session", "file", "session", "session", "total"])
    #expect(
      rows.map { $0["file"] } == [
        "t,1.jsonl", "t,1.jsonl", "u.jsonl", "u.jsonl", "u.jsonl", "all 2 files",
      ])
    #expect(rows.map { $0["session"] } == ["", "", "", "", Self.awkward, ""])
    // The first file, by hand (StatsTests.theFiguresOfATrace).
    let t = rows[0]
    let expected: [String: String] = [
      "events": "7", "strokes.tap": "1", "strokes.long-press": "0", "strokes.drag": "1",
      "strokes.swipe": "0", "strokes.cancelled": "0", "transitions": "4",
      "transitionsByCause.tap": "1", "transitionsByCause.scrub": "2",
      "transitionsByCause.accessibility": "1", "transitionsByCause.jog": "0",
      "transitionsByCause.program": "0", "animated": "2", "notAnimated": "2", "scrubs": "1",
      "pagesPerScrub.count": "1", "pagesPerScrub.mean": "2", "pagesPerScrub.max": "2",
      "pagesPerScrub.histogram.0": "0", "pagesPerScrub.histogram.2": "1",
      "pagesPerScrub.histogram.33+": "0", "peakPagesPerSecond": "2",
      "suppressedAnimations": "2", "pagesVisited": "5", "secondsOnPages": "2",
      "announcements": "1",
    ]
    for (column, value) in expected { #expect(t[column] == value, "\(column)") }
    // Its only session, the default one, has the same figures.
    for (column, value) in expected { #expect(rows[1][column] == value, "session \(column)") }
    // The second file: 4 events, 4 accessibility transitions, no scrubs (mean and max empty);
    // pages 0, 1 and 2 in each session, 2 s + 0.5 s on page 1.
    let u = rows[2]
    #expect(u["events"] == "4" && u["transitionsByCause.accessibility"] == "4")
    #expect(u["scrubs"] == "0" && u["pagesPerScrub.mean"] == "" && u["pagesPerScrub.max"] == "")
    #expect(u["pagesVisited"] == "3" && u["secondsOnPages"] == "2.5")
    #expect(rows[3]["events"] == "2" && rows[3]["secondsOnPages"] == "2")
    #expect(rows[4]["events"] == "2" && rows[4]["secondsOnPages"] == "0.5")
    // The total: the sums, the mean over both files' scrubs.
    let total = rows[5]
    #expect(total["events"] == "11" && total["transitions"] == "8")
    #expect(total["transitionsByCause.accessibility"] == "5" && total["pagesVisited"] == "5")
    #expect(total["pagesPerScrub.mean"] == "2" && total["secondsOnPages"] == "4.5")
  }

  @Test func theEmptyNameIsQuotedTheDefaultSessionEmpty() throws {
    // A session named "" is `""`; the default session's cell is empty (as in records CSV).
    let lines = [
      header, #"{"t":0,"a11y":"increment"}"#, #"{"t":1,"session":"","a11y":"increment"}"#,
    ]
    let run = try pagetrace(
      ["stats", "--format", "csv", "--by-session", "-"],
      input: Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(run.status == 0, "\(run.stderr)")
    let rows = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows.count == 5)  // header, file, two sessions, and the empty end
    #expect(rows[1].hasPrefix("file,<stdin>,,2,"))
    #expect(rows[2].hasPrefix("session,<stdin>,,1,"))
    #expect(rows[3].hasPrefix(#"session,<stdin>,"",1,"#))
    #expect(rows[4].isEmpty)
  }

  @Test func aBadFormatNamesCSV() throws {
    let run = try pagetrace(["stats", "--format", "xml", "-"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("expected table, jsonl or csv, found 'xml'"), "\(run.stderr)")
  }
}
