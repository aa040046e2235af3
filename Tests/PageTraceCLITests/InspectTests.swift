import Foundation
import Testing

/// `pagetrace inspect` (docs/behaviour/inspect-convert-generate.md, "Inspection"): each sample under Traces/examples and
/// each shared Touchalytics file is told for what it is, with the columns and time unit read
/// off the files by hand (Traces/README.md and shared/data/README.md describe them), and the
/// command it suggests runs.
@Suite struct InspectTests {
  static let examples = repository.appendingPathComponent("Traces/examples")

  func inspect(_ arguments: [String], in directory: URL? = nil) throws -> [NSDictionary] {
    let run = try pagetrace(["inspect", "--format", "json"] + arguments, in: directory)
    return run.records
  }

  @Test func everyExampleIsToldForWhatItIs() throws {
    // What each file is, from Traces/README.md's table of examples.
    let expected: [(String, String, Bool)] = [
      ("bad-line.jsonl", "jsonl", false), ("bare.jsonl", "jsonl", false),
      ("days/day1.jsonl.gz", "jsonl", true), ("days/day2.jsonl.gz", "jsonl", true),
      ("days/day3.jsonl", "jsonl", false), ("getevent.txt", "getevent", false),
      ("phone.json", "configuration", false), ("pointer-events.jsonl", "pointer-events", false),
      ("touches.csv", "csv", false),
    ]
    for (name, format, gzip) in expected {
      let path = Self.examples.appendingPathComponent(name).path
      let found = try inspect([path])
      #expect(found.count == 1)
      #expect(found.first?["format"] as? String == format, "\(name)")
      #expect(found.first?["gzip"] as? Bool == gzip, "\(name)")
      #expect(found.first?["command"] != nil, "\(name)")
    }
  }

  @Test func theExampleCSVGetsItsColumnsAndUnit() throws {
    // touches.csv: phone, user, document, time in ms, action (0 down, 1 up, 2 move),
    // orientation, x, y: the Touchalytics layout (Traces/README.md).
    let path = Self.examples.appendingPathComponent("touches.csv").path
    let found = try #require(try inspect([path]).first)
    let csv = try #require(found["csv"] as? NSDictionary)
    #expect(csv["delimiter"] as? String == ",")
    #expect(csv["header"] as? Bool == false)
    #expect(csv["columnsArgument"] as? String == "t=4,phase=5,x=7,y=8")
    #expect(found["timeUnit"] as? String == "ms")
    // Its 33 rows hold 4 strokes (rows with action 0), times from 1000 to 5096 ms.
    #expect(found["touches"] as? Int == 4)
    #expect(found["timeSpan"] as? [Double] == [1, 5.096])
    let command = try #require(found["command"] as? [String])
    #expect(command.first == "pagetrace")
    let run = try pagetrace(Array(command.dropFirst()))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.records.count == 4)
  }

  @Test func aCSVWithAHeaderRowIsReadByItsNames() throws {
    let directory = try scratch()
    try write(
      """
      timestamp;pointerId;action;clientX;clientY
      0.000;7;ACTION_DOWN;10.5;20
      0.016;7;ACTION_MOVE;30.5;20
      0.033;7;ACTION_UP;50.5;20

      """, to: "taps.csv", in: directory)
    let found = try #require(try inspect(["taps.csv"], in: directory).first)
    let csv = try #require(found["csv"] as? NSDictionary)
    #expect(csv["delimiter"] as? String == ";")
    #expect(csv["header"] as? Bool == true)
    #expect(csv["columnsArgument"] as? String == "t=1,phase=3,x=4,y=5,id=2")
    #expect(found["timeUnit"] as? String == "s")  // gaps of 16 and 17 ms, given in seconds
    // Android's action names are read by default: no --phase-map.
    #expect(csv["phases"] as? String == "ACTION_DOWN=down, ACTION_MOVE=move, ACTION_UP=up")
    let command = try #require(found["command"] as? [String])
    #expect(
      command == [
        "pagetrace", "classify", "--from", "csv", "--header", "--delimiter", ";", "--columns",
        "t=1,phase=3,x=4,y=5,id=2", "--time-unit", "s", "taps.csv",
      ])
    let run = try pagetrace(Array(command.dropFirst()), in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    // 40 pt along x (at least swipeDistance 25), released at (30.5 − 10.5) / 0.016 = 1250 pt/s
    // (at least swipeVelocity 400): a swipe by the velocity rule (no container).
    #expect(run.records.first?["kind"] as? String == "swipe")
  }

  @Test func filesThatAreNoRecordingAreNamedAndExit65() throws {
    let directory = try scratch()
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    try Data(png).write(to: directory.appendingPathComponent("picture.png"))
    try write("just some words\nand more words\n", to: "notes.txt", in: directory)
    let run = try pagetrace(["inspect", "picture.png", "notes.txt"], in: directory)
    #expect(run.status == 65)
    #expect(run.stdout.contains("picture.png: unknown: a PNG image"), "\(run.stdout)")
    #expect(run.stdout.contains("notes.txt: unknown: text in no known format"), "\(run.stdout)")
  }

  @Test func standardInputIsInspectedToo() throws {
    let text = try String(
      contentsOf: Self.examples.appendingPathComponent("pointer-events.jsonl"), encoding: .utf8)
    let run = try pagetrace(["inspect", "--format", "json"], input: Data(text.utf8))
    #expect(run.status == 0)
    #expect(run.records.first?["file"] as? String == "<stdin>")
    #expect(run.records.first?["format"] as? String == "pointer-events")
  }

  /// docs/behaviour/inspect-convert-generate.md, "Inspection": a trace that fails at its first line and looks like
  /// another format gets one hint line after the error.
  @Test func aFileInAnotherFormatGetsAHint() throws {
    let directory = try scratch()
    try write("t,phase,x,y\n0,0,1,1\n0.05,1,1,1\n", to: "taps.csv", in: directory)
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    try Data(png).write(to: directory.appendingPathComponent("p.png"))
    let examples = Self.examples.path
    let cases: [([String], String)] = [
      (
        ["replay", "taps.csv"],
        "taps.csv:1:1: expected a JSON object, found t\nhint: this looks like CSV with a header row; try --from csv --header (pagetrace inspect taps.csv shows the columns)\n"
      ),
      (
        ["classify", "\(examples)/pointer-events.jsonl"],
        "hint: this looks like W3C Pointer Events; try --from pointer-events (pagetrace inspect \(examples)/pointer-events.jsonl)\n"
      ),
      (
        ["stats", "\(examples)/getevent.txt"],
        "hint: this looks like an Android getevent capture; try --from getevent (pagetrace inspect \(examples)/getevent.txt)\n"
      ),
      (
        ["replay", "p.png"],
        "hint: this looks like a PNG image, not a trace (pagetrace inspect p.png tells more)\n"
      ),
    ]
    for (arguments, ending) in cases {
      let run = try pagetrace(arguments, in: directory)
      #expect(run.status == 65, "\(arguments)")
      #expect(run.stderr.hasSuffix(ending), "\(arguments): \(run.stderr)")
      #expect(run.stderr.components(separatedBy: "hint:").count == 2, "\(arguments)")
    }
    // No hint for a trace with a bad line further on, nor when --from names the format.
    let bad = try pagetrace(["replay", "\(examples)/bad-line.jsonl"])
    #expect(bad.status == 65)
    #expect(!bad.stderr.contains("hint:"), "\(bad.stderr)")
    let mapped = try pagetrace(
      ["replay", "--from", "csv", "--columns", "t=1,phase=2,x=3,y=4", "taps.csv"], in: directory)
    #expect(mapped.status == 65)
    #expect(!mapped.stderr.contains("hint:"), "\(mapped.stderr)")
  }

  /// shared/data/README.md: no header; 3 document id, 4 time in ms since 1970, 5 action
  /// (0 down, 1 up, 2 move), 7 and 8 x and y; ordered by document, so the document is the
  /// session under which times increase.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: touchalyticsData.path)))
  func everyTouchalyticsFileGetsTheLayoutOfItsREADME() throws {
    for user in 0..<6 {
      let path = touchalyticsData.appendingPathComponent("user\(user).csv").path
      let found = try #require(try inspect([path]).first)
      let csv = try #require(found["csv"] as? NSDictionary)
      #expect(csv["header"] as? Bool == false, "user \(user)")
      #expect(
        csv["columnsArgument"] as? String == "t=4,phase=5,x=7,y=8,session=3", "user \(user)")
      #expect(found["timeUnit"] as? String == "ms", "user \(user)")
    }
  }
}
