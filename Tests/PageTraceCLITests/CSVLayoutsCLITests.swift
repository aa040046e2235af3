import Foundation
import Testing

/// The CSV recordings new users brought, each written by hand in the shape it had, and what
/// `inspect` and the importer make of it (docs/behaviour/inspect-convert-generate.md,
/// "Inspection"): the layout found, a `classify` command that runs, and the errors with
/// their hints. Every count is worked out by hand from the rows.
@Suite struct CSVLayoutsCLITests {
  func inspect(_ file: String, in directory: URL) throws -> NSDictionary {
    let run = try pagetrace(["inspect", "--format", "json", file], in: directory)
    return try #require(run.records.first, "\(run.stderr)")
  }

  /// Runs the command `inspect` proposed.
  func runProposed(_ found: NSDictionary, in directory: URL) throws -> Run {
    let command = try #require(found["command"] as? [String], "\(found)")
    #expect(command.first == "pagetrace")
    return try pagetrace(Array(command.dropFirst()), in: directory)
  }

  @Test func aSpaceSeparatedLogWithTouchEventNames() throws {
    let directory = try scratch()
    // Two strokes of 4 samples 16 to 17 ms apart; columns aligned with runs of spaces.
    try write(
      """
        time   event        x     y
        1000   touchstart   10    200
        1016   touchmove    30    200
        1033   touchmove    50    200
        1050   touchend     70    200
        2000   touchstart   300   200
        2016   touchmove    280   200
        2033   touchmove    260   200
        2050   touchend     240   200

      """, to: "log.txt", in: directory)
    let found = try inspect("log.txt", in: directory)
    #expect(found["format"] as? String == "csv")
    let csv = try #require(found["csv"] as? NSDictionary)
    #expect(csv["delimiter"] as? String == " ")
    #expect(csv["header"] as? Bool == true)
    #expect(csv["columnsArgument"] as? String == "t=1,phase=2,x=3,y=4")
    #expect(csv["phases"] as? String == "touchstart=down, touchmove=move, touchend=up")
    #expect(
      found["command"] as? [String]
        == [
          "pagetrace", "classify", "--from", "csv", "--header", "--delimiter", "space",
          "--columns", "t=1,phase=2,x=3,y=4", "--time-unit", "ms", "log.txt",
        ])
    let run = try runProposed(found, in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.records.count == 2)  // two strokes
  }

  @Test func interleavedFingersWithTouchdownWords() throws {
    let directory = try scratch()
    // Fingers 1 and 2 down, moving and up in turns: in file order a down follows a down,
    // which read without the fingers looks like no stroke at all.
    try write(
      """
      id,event,x,y,ms
      1,touchdown,10,100,1000
      2,touchdown,200,100,1005
      1,touchmove,30,100,1016
      2,touchmove,180,100,1021
      1,touchup,50,100,1033
      2,touchup,160,100,1037

      """, to: "two.csv", in: directory)
    let found = try inspect("two.csv", in: directory)
    let csv = try #require(found["csv"] as? NSDictionary)
    #expect(csv["columnsArgument"] as? String == "t=5,phase=2,x=3,y=4,id=1")
    #expect(found["touches"] as? Int == 2)
    let run = try runProposed(found, in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.records.count == 2)
  }

  /// The game-play study: CRLF, `DOWN`/`HELD`/`UP` in a column named BTN_TOUCH, -420 for a
  /// value the tracker lost.
  static let game =
    [
      "Timestamp,X,Y,BTN_TOUCH,TOUCH_MAJOR,FINGER", "1000,100,500,DOWN,5,0",
      "1016,120,500,HELD,5,0", "1033,-420,-420,HELD,-420,0", "1050,160,500,HELD,5,0",
      "1066,180,500,UP,5,0", "2000,300,400,DOWN,6,0", "2016,-420,-420,HELD,-420,0",
      "2033,260,400,HELD,6,0", "2050,240,400,UP,6,0",
    ].joined(separator: "\r\n") + "\r\n"

  @Test func theGamePlayStudyIsInspected() throws {
    let directory = try scratch()
    try write(Self.game, to: "game.csv", in: directory)
    let found = try inspect("game.csv", in: directory)
    let csv = try #require(found["csv"] as? NSDictionary)
    #expect(csv["columnsArgument"] as? String == "t=1,phase=4,x=2,y=3,id=6")
    #expect(csv["phases"] as? String == "DOWN=down, HELD=move, UP=up")
    #expect(csv["missing"] as? [String] == ["-420"])
    let command = try #require(found["command"] as? [String])
    #expect(command.contains("--missing") && command.contains("-420"))
    #expect(!command.contains("--phase-map"))  // DOWN/HELD/UP are read by default
    let run = try runProposed(found, in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.records.count == 2)
    // The text says the phases read.
    let text = try pagetrace(["inspect", "game.csv"], in: directory)
    #expect(text.stdout.contains("  phases: DOWN=down, HELD=move, UP=up\n"), "\(text.stdout)")
  }

  @Test func theGamePlayStudyByColumnNames() throws {
    let directory = try scratch()
    try write(Self.game, to: "game.csv", in: directory)
    let columns = ["--from", "csv", "--columns", "t=Timestamp,phase=BTN_TOUCH,x=X,y=Y"]
    let run = try pagetrace(
      ["replay", "--summary", "--pages", "5", "--control", "0,740,360,30"] + columns
        + ["--missing", "-420", "game.csv"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    // 10 lines: the header, 7 rows that made events, 2 rows with -420 dropped.
    #expect(
      run.stderr.contains(
        "pagetrace: summary: 10 lines read = 1 header + 0 blank + 7 lines that made events + 2 dropped (a field holds a --missing value: row dropped) + 0 skipped as bad"
      ), "\(run.stderr)")
    // A name not in the header is a usage error naming the header's names.
    let wrong = try pagetrace(
      ["classify", "--from", "csv", "--columns", "t=Timestamp,phase=BTN_TOCH,x=X,y=Y", "game.csv"],
      in: directory)
    #expect(wrong.status == 64)
    #expect(
      wrong.stderr.contains(
        "invalid value for '--columns': game.csv: no column named \"BTN_TOCH\" (the header has Timestamp, X, Y, BTN_TOUCH, TOUCH_MAJOR, FINGER); did you mean 'BTN_TOUCH'?"
      ), "\(wrong.stderr)")
    // Standard input is checked at its header row instead: bad data, exit 65.
    let piped = try pagetrace(
      ["classify", "--from", "csv", "--columns", "t=Timestamp,phase=BTN_TOCH,x=X,y=Y"],
      input: Data(Self.game.utf8))
    #expect(piped.status == 65)
    #expect(piped.stderr.contains("no column named \"BTN_TOCH\""), "\(piped.stderr)")
  }

  @Test func aGermanFileWithDecimalCommas() throws {
    let directory = try scratch()
    // Seconds with decimal commas: 3 gaps of 16 to 17 ms; x from 12.5 to 62.5 pt.
    try write(
      "Zeit;Aktion;X;Y\n0,000;down;12,5;20\n0,016;move;30,5;20\n0,033;move;50,5;20\n0,050;up;62,5;20\n",
      to: "de.csv", in: directory)
    let found = try inspect("de.csv", in: directory)
    let csv = try #require(found["csv"] as? NSDictionary)
    #expect(csv["delimiter"] as? String == ";")
    #expect(csv["decimalComma"] as? Bool == true)
    #expect(csv["columnsArgument"] as? String == "t=1,phase=2,x=3,y=4")
    #expect(found["timeUnit"] as? String == "s")
    #expect((found["command"] as? [String])?.contains("--decimal-comma") == true)
    let run = try runProposed(found, in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.records.first?["x1"] as? Double == 62.5)
    // Read as a trace, the hint gives the delimiter and the decimal comma with --from csv.
    let asTrace = try pagetrace(["classify", "de.csv"], in: directory)
    #expect(asTrace.status == 65)
    #expect(
      asTrace.stderr.hasSuffix(
        "hint: this looks like CSV with a header row; try --from csv --header --delimiter ';' --decimal-comma (pagetrace inspect de.csv shows the columns)\n"
      ), "\(asTrace.stderr)")
    // Without --decimal-comma the error says what would read it.
    let without = try pagetrace(
      [
        "classify", "--from", "csv", "--header", "--delimiter", ";", "--columns",
        "t=1,phase=2,x=3,y=4", "de.csv",
      ], in: directory)
    #expect(without.status == 65)
    #expect(
      without.stderr.contains(
        "de.csv:2:1: expected a number for the time (column 1), found \"0,000\" (a decimal comma: --decimal-comma reads it)"
      ), "\(without.stderr)")
  }

  /// Touchalytics rows (shared/data/README.md: time in column 4, action in 5, x and y in 7
  /// and 8, document in 3).
  static let touchalytics = """
    1,1,3,1334893336544,0,1,253,296,0.34,0.11,0.0
    1,1,3,1334893336560,2,1,241,299,0.34,0.08,0.0
    1,1,3,1334893336576,2,1,220,305,0.34,0.08,0.0
    1,1,3,1334893336592,1,1,208,311,0.34,0.08,0.0

    """

  @Test func columnsCountedFromZeroGetAHint() throws {
    let directory = try scratch()
    try write(Self.touchalytics, to: "user.csv", in: directory)
    let run = try pagetrace(
      ["classify", "--from", "csv", "--columns", "t=3,phase=4,x=6,y=7,session=2", "user.csv"],
      in: directory)
    #expect(run.status == 65)
    // Column 4 holds the time, from character 7 of line 1.
    #expect(
      run.stderr.contains(
        "user.csv:1:7: expected a phase (0-3, 5, 6, down/move/up/cancel, ACTION_DOWN …, began …, touchstart …, pointerdown … or --phase-map), found \"1334893336544\" (columns are counted from 1; this row fits --columns t=4,phase=5,x=7,y=8,session=3)"
      ), "\(run.stderr)")
  }

  @Test func aWrongTimeUnitIsRefusedUnlessAsGiven() throws {
    let directory = try scratch()
    try write(Self.touchalytics, to: "user.csv", in: directory)
    let columns = ["classify", "--from", "csv", "--columns", "t=4,phase=5,x=7,y=8,session=3"]
    // Milliseconds read as seconds: 3 gaps of 16, i.e. 16 s between samples.
    let refused = try pagetrace(columns + ["--time-unit", "s", "user.csv"], in: directory)
    #expect(refused.status == 65)
    #expect(
      refused.stderr.contains(
        "found a median sample gap of 16 s (median sample gap 16 (3 gaps), times from 1334893336544 like a clock since 1970); the times fit --time-unit ms (--time-unit-as-given reads them as s anyway)"
      ), "\(refused.stderr)")
    let insisted = try pagetrace(
      columns + ["--time-unit", "s", "--time-unit-as-given", "user.csv"], in: directory)
    #expect(insisted.status == 0, "\(insisted.stderr)")
    #expect(insisted.records.first?["duration"] as? Double == 48)  // 3 gaps of 16 "seconds"
    #expect(insisted.stderr.contains("warning: --time-unit s read as given"))
    // --time-unit-as-given without a unit has nothing to insist on.
    let alone = try pagetrace(columns + ["--time-unit-as-given", "user.csv"], in: directory)
    #expect(alone.status == 64)
    let right = try pagetrace(columns + ["--time-unit", "ms", "user.csv"], in: directory)
    #expect(right.status == 0, "\(right.stderr)")
  }

  @Test func delimiterSpaceAndMissingListsOnTheCommandLine() throws {
    let directory = try scratch()
    // A space-separated log without a header; NA and -1 mark lost samples (lines 2 and 4).
    try write(
      "0 down 10 10\n16 move NA 10\n33 move 30 10\n50 move 40 -1\n66 up 50 10\n", to: "l.txt",
      in: directory)
    let base = [
      "replay", "--summary", "--pages", "5", "--control", "0,740,360,30", "--from", "csv",
      "--delimiter", "space", "--columns", "t=1,phase=2,x=3,y=4", "--time-unit", "ms",
    ]
    for missing in [["--missing", "NA,-1"], ["--missing", "NA", "--missing", "-1"]] {
      let run = try pagetrace(base + missing + ["l.txt"], in: directory)
      #expect(run.status == 0, "\(run.stderr)")
      // 5 lines: 3 made events, 2 dropped.
      #expect(
        run.stderr.contains(
          "5 lines read = 0 header + 0 blank + 3 lines that made events + 2 dropped (a field holds a --missing value: row dropped)"
        ), "\(run.stderr)")
    }
    let empty = try pagetrace(base + ["--missing", "NA,", "l.txt"], in: directory)
    #expect(empty.status == 64)
  }

  /// The shared Touchalytics files: the first file read with the proposed command of a
  /// shifted mapping's hint gives the same strokes as its inspection's command.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: touchalyticsData.path)))
  func touchalyticsStillReadsByDefault() throws {
    let path = touchalyticsData.appendingPathComponent("user0.csv").path
    let run = try pagetrace(
      ["classify", "--from", "csv", "--columns", "t=4,phase=5,x=7,y=8,session=3", path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("times read as milliseconds"), "\(run.stderr)")
    let wrong = try pagetrace(
      [
        "classify", "--from", "csv", "--columns", "t=4,phase=5,x=7,y=8,session=3", "--time-unit",
        "us", path,
      ])
    #expect(wrong.status == 65)
    #expect(wrong.stderr.contains("the times fit --time-unit ms"), "\(wrong.stderr)")
  }
}
