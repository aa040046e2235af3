import Foundation
import Testing

/// `pagetrace stats --format csv`: read back by Python's `csv` module (a reader nobody here
/// wrote), the figures worked out by hand as in ``StatsTests``.
@Suite struct StatsCSVTests {
  /// The documented metric columns (docs/behaviour/tables.md, "Statistics"), written out by
  /// hand; each table puts its keys before them.
  static let metrics =
    "events,"
    + "strokesTap,strokesLongPress,strokesDrag,strokesSwipe,strokesCancelled,transitions,"
    + "transitionsTap,transitionsScrub,transitionsJog,transitionsFlick,transitionsPointer,"
    + "transitionsSwipe,transitionsKey,transitionsAccessibility,transitionsTimer,"
    + "transitionsProgram,animated,notAnimated,suppressedAnimations,scrubs,"
    + "pagesPerScrubMean,pagesPerScrubMax,"
    + "scrubsOf0,scrubsOf1,scrubsOf2,scrubsOf3To4,scrubsOf5To8,scrubsOf9To16,scrubsOf17To32,"
    + "scrubsOf33Plus,peakPagesPerSecond,pagesVisited,secondsOnPages,meanTimeOnPage,announcements"

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
  func aTableOfFilesOfSessionsAndOfTheTotalReadByPython() throws {
    let directory = try scratch()
    try write(tap.joined(separator: "\n") + "\n", to: "t,1.jsonl", in: directory)
    try write(sessions.joined(separator: "\n") + "\n", to: "u.jsonl", in: directory)
    func table(_ rows: String) throws -> (header: [String], rows: [[String: String]]) {
      let run = try pagetrace(
        ["stats", "--format", "csv", "--rows", rows, "t,1.jsonl", "u.jsonl", "-o", "s.csv"],
        in: directory)
      #expect(run.status == 0, "\(run.stderr)")
      return try pythonRows(directory.appendingPathComponent("s.csv"))
    }
    let (header, files) = try table("file")
    #expect(header.joined(separator: ",") == "file," + Self.metrics)
    #expect(files.map { $0["file"] } == ["t,1.jsonl", "u.jsonl"])
    // The first file, by hand (StatsTests.theFiguresOfATrace): pages 0 to 4 for 2 s.
    let t = files[0]
    let expected: [String: String] = [
      "events": "7", "strokesTap": "1", "strokesLongPress": "0", "strokesDrag": "1",
      "strokesSwipe": "0", "strokesCancelled": "0", "transitions": "4",
      "transitionsTap": "1", "transitionsScrub": "2", "transitionsAccessibility": "1",
      "transitionsJog": "0", "transitionsProgram": "0", "animated": "2", "notAnimated": "2",
      "scrubs": "1", "pagesPerScrubMean": "2", "pagesPerScrubMax": "2", "scrubsOf0": "0",
      "scrubsOf2": "1", "scrubsOf33Plus": "0", "peakPagesPerSecond": "2",
      "suppressedAnimations": "2", "pagesVisited": "5", "secondsOnPages": "2",
      "meanTimeOnPage": "0.4", "announcements": "1",
    ]
    for (column, value) in expected { #expect(t[column] == value, "\(column)") }
    // The second file: 4 events, 4 accessibility transitions, no scrubs (mean and max empty);
    // pages 0, 1 and 2 in each session, 2 s + 0.5 s on page 1.
    let u = files[1]
    #expect(u["events"] == "4" && u["transitionsAccessibility"] == "4")
    #expect(u["scrubs"] == "0" && u["pagesPerScrubMean"] == "" && u["pagesPerScrubMax"] == "")
    #expect(u["pagesVisited"] == "3" && u["secondsOnPages"] == "2.5")

    let (sessionHeader, sessions) = try table("session")
    #expect(sessionHeader.joined(separator: ",") == "file,session," + Self.metrics)
    #expect(sessions.map { $0["file"] } == ["t,1.jsonl", "u.jsonl", "u.jsonl"])
    #expect(sessions.map { $0["session"] } == ["", "", Self.awkward])
    // The first file's only session, the default one, has the file's figures.
    for (column, value) in expected { #expect(sessions[0][column] == value, "session \(column)") }
    #expect(sessions[1]["events"] == "2" && sessions[1]["secondsOnPages"] == "2")
    #expect(sessions[2]["events"] == "2" && sessions[2]["secondsOnPages"] == "0.5")

    // The total: the sums, the mean over both files' scrubs.
    let (totalHeader, totals) = try table("total")
    #expect(totalHeader.joined(separator: ",") == "files," + Self.metrics)
    let total = try #require(totals.first)
    #expect(totals.count == 1 && total["files"] == "2")
    #expect(total["events"] == "11" && total["transitions"] == "8")
    #expect(total["transitionsAccessibility"] == "5" && total["pagesVisited"] == "5")
    #expect(total["pagesPerScrubMean"] == "2" && total["secondsOnPages"] == "4.5")

    // Each page visited in each file, and the seconds on it.
    let (pageHeader, pages) = try table("page")
    #expect(pageHeader == ["file", "page", "seconds"])
    #expect(
      pages.map { $0["file"]! } == Array(repeating: "t,1.jsonl", count: 5)
        + Array(repeating: "u.jsonl", count: 3))
    #expect(pages.map { $0["page"]! } == ["0", "1", "2", "3", "4", "0", "1", "2"])
    #expect(pages[5...].map { $0["seconds"]! } == ["0", "2.5", "0"])
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
    #expect(rows.count == 4)  // header, two sessions, and the empty end
    #expect(rows[1].hasPrefix("<stdin>,,1,"))
    #expect(rows[2].hasPrefix(#"<stdin>,"",1,"#))
    #expect(rows[3].isEmpty)
  }

  @Test func aBadFormatNamesCSV() throws {
    let run = try pagetrace(["stats", "--format", "xml", "-"])
    #expect(run.status == 64)
    #expect(
      run.stderr.contains("expected table, jsonl, csv or parquet, found 'xml'"), "\(run.stderr)")
  }
}
