import Foundation
import Testing

/// `pagetrace stats`: figures worked out by hand for small traces.
@Suite struct StatsTests {
  // A tap 0 → 1 at 0.05; a scrub (travel begins it at 1.01, anchor 203) stepping 1 → 2 at
  // 1.02 and 2 → 3 at 1.02 + 1/120, released rested at 1.5; an accessibility increment
  // 3 → 4 at 2 (announced). Strokes: one tap, one drag (31 pt, slow release).
  let lines = [
    header,
    #"{"t":0,"touch":"down","id":1,"x":187,"y":795}"#,
    #"{"t":0.05,"touch":"up","id":1,"x":187,"y":795}"#,
    #"{"t":1,"touch":"down","id":1,"x":187,"y":795}"#,
    #"{"t":1.01,"touch":"move","id":1,"x":203,"y":795}"#,
    #"{"t":1.02,"touch":"move","id":1,"x":235,"y":795}"#,
    #"{"t":1.5,"touch":"up","id":1,"x":235,"y":795}"#,
    #"{"t":2,"a11y":"increment"}"#,
  ]
  var trace: String { lines.joined(separator: "\n") + "\n" }

  /// Three sessions, each moved by itself:
  /// - the default session: increments at 0 (0 → 1) and 2 (1 → 2); page 1 for 2 s;
  /// - "a": a tap 0 → 1 at 0.05 (down at 0); page 0 for 0.05 s;
  /// - "" (not the default session): increments at 1 (0 → 1) and 1.5 (1 → 2); page 1 for 0.5 s.
  let sessionsTrace =
    [
      header,
      #"{"t":0,"a11y":"increment"}"#,
      #"{"t":0,"session":"a","touch":"down","id":1,"x":187,"y":795}"#,
      #"{"t":0.05,"session":"a","touch":"up","id":1,"x":187,"y":795}"#,
      #"{"t":1,"session":"","a11y":"increment"}"#,
      #"{"t":1.5,"session":"","a11y":"increment"}"#,
      #"{"t":2,"a11y":"increment"}"#,
    ].joined(separator: "\n") + "\n"

  @Test func theFiguresOfATrace() throws {
    let run = try pagetrace(["stats", "--format", "json", "-"], input: Data(trace.utf8))
    #expect(run.status == 0, "\(run.stderr)")
    let stats = try #require(run.records.first)
    #expect(stats["events"] as? Int == 7)
    #expect(stats["file"] as? String == "<stdin>")
    #expect(
      counts(stats, "strokes", ["Tap", "LongPress", "Drag", "Swipe", "Cancelled"]) == [
        1, 0, 1, 0, 0,
      ])
    // Every cause has its column, 0 included.
    #expect(
      counts(
        stats, "transitions",
        [
          "Tap", "Scrub", "Jog", "Flick", "Pointer", "Swipe", "Key", "Accessibility", "Timer",
          "Program",
        ]) == [1, 2, 0, 0, 0, 0, 0, 1, 0, 0])
    #expect(stats["animated"] as? Int == 2)
    #expect(stats["notAnimated"] as? Int == 2)
    #expect(stats["scrubs"] as? Int == 1)
    #expect(stats["pagesPerScrubMean"] as? Int == 2)
    #expect(stats["pagesPerScrubMax"] as? Int == 2)
    #expect(counts(stats, "scrubsOf", ["0", "1", "2", "3To4"]) == [0, 0, 1, 0])
    #expect(stats["peakPagesPerSecond"] as? Int == 2)
    #expect(stats["suppressedAnimations"] as? Int == 2)
    #expect(stats["announcements"] as? Int == 1)
    // Page 0 from 0 to 0.05, page 1 to 1.02, page 2 for 1/120 s, page 3 to 2, page 4: 0 s:
    // 5 pages, 2 s in all, 0.4 s a page.
    #expect(stats["pagesVisited"] as? Int == 5)
    #expect(stats["secondsOnPages"] as? Int == 2)
    #expect(stats["meanTimeOnPage"] as? Double == 0.4)
    // A row per page visited, in page order, with --rows page.
    let pages = try pagetrace(
      ["stats", "--format", "json", "--rows", "page", "-"], input: Data(trace.utf8))
    let time = try #require(pageTimes(pages.records))
    #expect(time.map(\.page) == [0, 1, 2, 3, 4])
    #expect(abs(time[0].seconds - 0.05) < 1e-12)
    #expect(abs(time[1].seconds - 0.97) < 1e-12)
    #expect(abs(time[2].seconds - 1.0 / 120) < 1e-12)
    #expect(abs(time[3].seconds - (2 - 1.02 - 1.0 / 120)) < 1e-12)
    #expect(time[4].seconds == 0)
  }

  @Test func everyStrokeClassIsListedZerosIncluded() throws {
    // A trace without a single stroke.
    let input = [header, #"{"t":0,"a11y":"increment"}"#].joined(separator: "\n") + "\n"
    let json = try pagetrace(["stats", "--format", "json", "-"], input: Data(input.utf8))
    let row = try #require(json.records.first)
    #expect(
      counts(row, "strokes", ["Tap", "LongPress", "Drag", "Swipe", "Cancelled"]) == [0, 0, 0, 0, 0])
    #expect(
      json.stdout.contains(
        #""strokesTap":0,"strokesLongPress":0,"strokesDrag":0,"strokesSwipe":0,"strokesCancelled":0"#
      ))
    let table = try pagetrace(["stats", "-"], input: Data(input.utf8))
    #expect(
      table.stdout.contains(
        "  strokes                             0: tap 0, long-press 0, drag 0, swipe 0, cancelled 0\n"
      ),
      "\(table.stdout)")
  }

  @Test func pagesPerScrubIsSummarisedNotListed() throws {
    // Traces/scrub.jsonl scrubs twice: 0 → 1 → … → 6 → 5 (7 pages moved), then a press that
    // turns continuous without a step (0 pages). With `lines` (one scrub of 2 pages): 3
    // scrubs, 9 pages, mean 3, max 7; buckets 0, 2 and 5–8 one each.
    let directory = try scratch()
    try write(trace, to: "t.jsonl", in: directory)
    let scrub = repository.appendingPathComponent("Traces/scrub.jsonl").path
    let json = try pagetrace(["stats", "--format", "json", scrub, "t.jsonl"], in: directory)
    #expect(json.status == 0, "\(json.stderr)")
    let first = try #require(json.records.first)
    #expect(first["scrubs"] as? Int == 2 && first["pagesPerScrubMean"] as? Double == 3.5)
    let totals = try pagetrace(
      ["stats", "--format", "json", "--rows", "total", scrub, "t.jsonl"], in: directory)
    let total = try #require(totals.records.first)
    #expect(totals.records.count == 1 && total["files"] as? Int == 2)
    #expect(total["scrubs"] as? Int == 3)
    #expect(total["pagesPerScrubMean"] as? Int == 3)
    #expect(total["pagesPerScrubMax"] as? Int == 7)
    let buckets = ["0", "1", "2", "3To4", "5To8", "9To16", "17To32", "33Plus"]
    #expect(counts(total, "scrubsOf", buckets) == [1, 0, 1, 0, 1, 0, 0, 0])
    let table = try pagetrace(["stats", scrub, "t.jsonl"], in: directory)
    let all = try #require(table.stdout.components(separatedBy: "all 2 files\n").last)
    #expect(all.contains("  pages per scrub                     mean 3.00, max 7\n"), "\(all)")
    #expect(
      all.contains(
        "  scrubs by pages moved               0: 1, 1: 0, 2: 1, 3–4: 0, 5–8: 1, 9–16: 0, 17–32: 0, 33+: 0\n"
      ), "\(all)")
    // Without scrubs there is no mean or maximum.
    let none = try pagetrace(
      ["stats", "--format", "json", "-"],
      input: Data(([header, #"{"t":0,"a11y":"increment"}"#].joined(separator: "\n") + "\n").utf8))
    let empty = try #require(none.records.first)
    #expect(empty["scrubs"] as? Int == 0)
    #expect(empty["pagesPerScrubMean"] is NSNull && empty["pagesPerScrubMax"] is NSNull)
  }

  @Test func theTotalIsATableOfItsOwn() throws {
    let directory = try scratch()
    try write(trace, to: "a.jsonl", in: directory)
    try write(trace, to: "total", in: directory)
    let json = try pagetrace(["stats", "--format", "json", "a.jsonl", "total"], in: directory)
    #expect(json.status == 0, "\(json.stderr)")
    #expect(json.records.map { $0["file"] as? String } == ["a.jsonl", "total"])
    #expect(json.records.map { $0["events"] as? Int } == [7, 7])
    let all = try pagetrace(
      ["stats", "--format", "json", "--rows", "total", "a.jsonl", "total"], in: directory)
    #expect(all.records.map { $0["files"] as? Int } == [2])
    #expect(all.records.map { $0["events"] as? Int } == [14])
    #expect(all.records.first?["file"] == nil)
    let table = try pagetrace(["stats", "a.jsonl", "total"], in: directory)
    let headings = table.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
    #expect(headings == ["a.jsonl", "total", "all 2 files"], "\(table.stdout)")
    #expect(
      table.stdout.contains(
        "  transitions                         4: tap 1, scrub 2, accessibility 1\n"))
    // One file: no total.
    let one = try pagetrace(["stats", "--format", "json", "a.jsonl"], in: directory)
    #expect(one.records.count == 1)
  }

  @Test func manyPagesShowTheTenLongestAndTheRest() throws {
    // Increments at the running sums of 0.25, 0.5, …, 3: page k (0…11) for 0.25 (k + 1) s,
    // page 12 for 0 s at the end; 19.5 s on 13 pages. The ten longest are 11 down to 2; pages
    // 1, 0 and 12 have 0.5 + 0.25 + 0 s.
    var events = [
      #"{"pagetrace":1,"pages":30,"control":{"x":0,"y":780,"width":390,"height":30}}"#,
      #"{"t":0,"focus":"control"}"#,
    ]
    var time = 0.0
    for page in 0..<12 {
      time += 0.25 * Double(page + 1)
      events.append(#"{"t":\#(time),"a11y":"increment"}"#)
    }
    let input = Data((events.joined(separator: "\n") + "\n").utf8)
    let table = try pagetrace(["stats", "-"], input: input)
    #expect(table.status == 0, "\(table.stderr)")
    let expected = """
        time on each page                   13 pages visited, 19.50 s in all; the 10 longest:
                                            11: 3.00 s, 10: 2.75 s, 9: 2.50 s, 8: 2.25 s, 7: 2.00 s,
                                            6: 1.75 s, 5: 1.50 s, 4: 1.25 s, 3: 1.00 s, 2: 0.75 s
                                            … 3 other pages: 0.75 s

      """
    #expect(table.stdout.contains(expected), "\(table.stdout)")
    #expect(table.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 })
    // The page rows hold every page visited, and only those.
    let json = try pagetrace(["stats", "--format", "json", "--rows", "page", "-"], input: input)
    let pages = try #require(pageTimes(json.records))
    #expect(pages.map(\.page) == Array(0...12))
    #expect(pages[11].seconds == 3 && pages[0].seconds == 0.25 && pages[12].seconds == 0)
  }

  @Test func aHugeTimeOnAPageIsWrittenNotACrash() throws {
    let input = [header, #"{"t":0,"key":"right"}"#, #"{"t":1e300,"key":"right"}"#]
    let run = try pagetrace(
      ["stats", "-"], input: Data((input.joined(separator: "\n") + "\n").utf8))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("1 page visited, 1e+300 s in all:"), "\(run.stdout)")
  }

  @Test func sessionsAreBrokenDownInOrderOfNumber() throws {
    let json = try pagetrace(
      ["stats", "--format", "json", "--by-session", "-"], input: Data(sessionsTrace.utf8))
    #expect(json.status == 0, "\(json.stderr)")
    let sessions = json.records
    #expect(sessions.allSatisfy { $0["file"] as? String == "<stdin>" })
    // The default session is null, "" is a session of its own.
    #expect(sessions.count == 3)
    #expect(sessions.first?["session"] is NSNull)
    #expect(sessions.map { $0["session"] as? String } == [nil, "a", ""])
    #expect(sessions.map { $0["events"] as? Int } == [2, 2, 2])
    #expect(sessions.map { $0["strokesTap"] as? Int } == [0, 1, 0])
    #expect(sessions.map { $0["transitions"] as? Int } == [2, 1, 2])
    #expect(sessions.map { $0["announcements"] as? Int } == [2, 0, 2])
    // Pages visited [0, 1, 2] for 0 + 2 + 0 s; [0, 1] for 0.05 + 0; [0, 1, 2] for 0 + 0.5 + 0.
    #expect(sessions.map { $0["pagesVisited"] as? Int } == [3, 2, 3])
    #expect(sessions.map { ($0["secondsOnPages"] as? NSNumber)?.doubleValue } == [2, 0.05, 0.5])
    let table = try pagetrace(["stats", "--by-session", "-"], input: Data(sessionsTrace.utf8))
    let headings = table.stdout.split(separator: "\n").filter { !$0.hasPrefix("    ") }
      .filter { !$0.hasPrefix("  ") || $0.hasPrefix("  session ") }
    #expect(
      headings == ["<stdin>", #"  session (default)"#, #"  session "a""#, #"  session """#],
      "\(table.stdout)")
    #expect(table.stdout.contains("\n    events                            2\n"))
    // Without --by-session, a row for the file; --rows session is the same as --by-session.
    let plain = try pagetrace(["stats", "--format", "json", "-"], input: Data(sessionsTrace.utf8))
    #expect(plain.records.count == 1 && plain.records.first?["events"] as? Int == 6)
    #expect(plain.records.first?["session"] == nil)
    let rows = try pagetrace(
      ["stats", "--format", "json", "--rows", "session", "-"], input: Data(sessionsTrace.utf8))
    #expect(rows.stdout == json.stdout)
  }

  @Test(arguments: [
    (["--session", "a"], 2, 1, 0),
    (["--session", ""], 2, 0, 2),
    (["--default-session"], 2, 0, 2),
    (["--session", "a", "--default-session"], 4, 1, 2),
    (["--session", "a", "--session", ""], 4, 1, 2),
  ])
  func sessionsCanBeSelected(_ options: [String], events: Int, taps: Int, announcements: Int)
    throws
  {
    let run = try pagetrace(
      ["stats", "--format", "json"] + options + ["-"], input: Data(sessionsTrace.utf8))
    #expect(run.status == 0, "\(run.stderr)")
    let stats = try #require(run.records.first)
    #expect(stats["events"] as? Int == events, "\(options)")
    #expect(stats["strokesTap"] as? Int == taps, "\(options)")
    #expect(stats["announcements"] as? Int == announcements, "\(options)")
    #expect(run.stderr.isEmpty, "\(options)")
  }

  /// A selector that matches nothing is a data error once every input is read, with the
  /// sessions seen, and no table at all (docs/behaviour/commands.md, "Session selectors").
  @Test func aNameInNoInputIsAnErrorAfterEveryFile() throws {
    let directory = try scratch()
    try write(sessionsTrace, to: "one.jsonl", in: directory)
    try write(sessionsTrace, to: "two.jsonl", in: directory)
    let names = ["--session", "a", "--session", "typo", "--session", "typo", "--session", "x"]
    let run = try pagetrace(["stats"] + names + ["one.jsonl", "two.jsonl"], in: directory)
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr
        == #"pagetrace: error: no input holds the sessions "typo", "x"; the sessions seen: "a", "", and events without a session"#
        + "\n")
    // --quiet does not hide an error.
    let quiet = try pagetrace(["stats", "-q"] + names + ["one.jsonl"], in: directory)
    #expect(quiet.status == 65)
    #expect(quiet.stderr == run.stderr)
  }

  @Test func aSelectionIsBrokenDownToItsSessions() throws {
    let run = try pagetrace(
      ["stats", "--format", "json", "--by-session", "--session", "", "--default-session", "-"],
      input: Data(sessionsTrace.utf8))
    let sessions = run.records
    #expect(sessions.map { $0["session"] as? String } == [nil, ""])
    #expect(sessions.map { $0["events"] as? Int } == [2, 2])
  }

  /// `--rows` chooses the rows of a table, so it needs one, one grain at a time.
  @Test(arguments: [
    (
      ["--format", "csv", "--rows", "files"],
      "invalid value for '--rows': expected file, session, total or page, found 'files'; did you mean 'file'?"
    ),
    (["--rows", "total"], "'--rows' chooses the rows of jsonl, csv or parquet; add --format"),
    (
      ["--format", "jsonl", "--rows", "page", "--by-session"],
      "'--by-session' asks for --rows session; '--rows page' was given"
    ),
  ])
  func rowsOfATableOnly(_ options: [String], message: String) throws {
    let run = try pagetrace(["stats"] + options + ["-"], input: Data(trace.utf8))
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("pagetrace: error: \(message)\n"), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test func outputGoesToTheFileOnlyOnSuccess() throws {
    let directory = try scratch()
    try write(trace, to: "a.jsonl", in: directory)
    try write([header, #"{"t":0,"#].joined(separator: "\n") + "\n", to: "bad.jsonl", in: directory)
    try write("old\n", to: "out.txt", in: directory)
    let expected = try pagetrace(["stats", "a.jsonl"], in: directory).stdout
    let run = try pagetrace(["stats", "a.jsonl", "-o", "out.txt"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    let out = directory.appendingPathComponent("out.txt")
    #expect(try String(contentsOf: out, encoding: .utf8) == expected)
    // A bad second file: the output is left as it was, what was done is in out.txt.partial.
    try write("old\n", to: "out.txt", in: directory)
    let failed = try pagetrace(["stats", "a.jsonl", "bad.jsonl", "-o", "out.txt"], in: directory)
    #expect(failed.status == 65, "\(failed.stderr)")
    #expect(try String(contentsOf: out, encoding: .utf8) == "old\n")
    let partial = directory.appendingPathComponent("out.txt.partial")
    #expect(try String(contentsOf: partial, encoding: .utf8) == expected)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names.sorted() == ["a.jsonl", "bad.jsonl", "out.txt", "out.txt.partial"])
  }
}

/// The rows of `stats --rows page` as pairs, in the order written; `nil` unless each has
/// exactly the keys `file`, `page` (an integer) and `seconds` (a number).
func pageTimes(_ rows: [NSDictionary]) -> [(page: Int, seconds: Double)]? {
  var pairs: [(page: Int, seconds: Double)] = []
  for entry in rows {
    guard entry.count == 3, entry["file"] is String, let page = entry["page"] as? Int,
      let seconds = entry["seconds"] as? Double
    else { return nil }
    pairs.append((page, seconds))
  }
  return pairs
}

/// The integer cells `prefix` + each of `names` of a stats row (`nil` for one missing).
func counts(_ row: NSDictionary, _ prefix: String, _ names: [String]) -> [Int?] {
  names.map { row[prefix + $0] as? Int }
}
