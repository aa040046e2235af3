import Foundation
import Testing

/// `replay --summary` accounts for every line of a recording in another format: lines that
/// made events, lines dropped (by reason), lines without an event of their own, and the
/// events an importer added (docs/behaviour/trace-format.md, "Recordings in other formats"). Every
/// expectation is worked by hand from the small inputs below.
@Suite struct ImportSummaryTests {
  /// The terms of an imported input's summary line, by their words.
  struct Terms: Equatable {
    var lines = 0
    var header = 0
    var blank = 0
    var eventLines = 0
    var dropped: [String: Int] = [:]
    var withoutEvent = 0
    var skipped = 0
    var events = 0
    var applied = 0
    var ignored = 0
    var rejected = 0
    var fromLines = 0
    var added = 0

    /// Both equations: lines, and events.
    var holds: Bool {
      lines == header + blank + eventLines + dropped.values.reduce(0, +) + withoutEvent + skipped
        && events == applied + ignored + rejected && events == fromLines + added
    }
  }

  /// Reads the summary line of standard error.
  func terms(_ stderr: String) throws -> Terms {
    let line = try #require(
      stderr.split(separator: "\n").first { $0.hasPrefix("pagetrace: summary: ") },
      "\(stderr)")
    let parts = line.dropFirst("pagetrace: summary: ".count).components(separatedBy: "; ")
    var terms = Terms()
    func split(_ term: String) -> (Int, String) {
      let number = term.prefix { $0.isNumber }
      return (Int(number)!, String(term.dropFirst(number.count + 1)))
    }
    let lineSides = parts[0].components(separatedBy: " = ")
    #expect(lineSides.count == 2 && lineSides[0].hasSuffix(" lines read"), "\(line)")
    terms.lines = split(lineSides[0]).0
    for term in lineSides[1].components(separatedBy: " + ") {
      let (count, words) = split(term)
      switch words {
      case "header": terms.header = count
      case "blank": terms.blank = count
      case "lines that made events": terms.eventLines = count
      case "without an event of their own": terms.withoutEvent = count
      case "skipped as bad": terms.skipped = count
      default:
        #expect(words.hasPrefix("dropped ("), "\(line)")
        terms.dropped[String(words.dropFirst("dropped (".count).dropLast())] = count
      }
    }
    let eventSides = parts[1].components(separatedBy: " = ")
    #expect(eventSides.count == 3 && eventSides[0].hasSuffix(" events"), "\(line)")
    terms.events = split(eventSides[0]).0
    for term in (eventSides[1] + " + " + eventSides[2]).components(separatedBy: " + ") {
      let (count, words) = split(term)
      switch words {
      case "applied": terms.applied = count
      case "ignored by a rule": terms.ignored = count
      case "rejected": terms.rejected = count
      case "made from lines": terms.fromLines = count
      case "added by the importer (cancels closing strokes)": terms.added = count
      default: Issue.record("unknown term \(words) in \(line)")
      }
    }
    return terms
  }

  static let page = ["--pages", "5", "--control", "0,780,390,30"]

  /// Replays with `--summary`; inputs that drop lines are read with `--on-error skip` (else
  /// more than 1% dropped fails the run: ImportDropTests).
  func replay(_ arguments: [String], _ text: String? = nil) throws -> (Run, Terms) {
    var arguments = ["replay", "--summary", "--on-error", "skip"] + Self.page + arguments
    var input = Data()
    if let text {
      arguments.append("-")
      input = Data(text.utf8)
    }
    let run = try pagetrace(arguments, input: input)
    #expect(run.status == 0, "\(run.stderr)")
    return (run, try terms(run.stderr))
  }

  func example(_ name: String) -> String {
    repository.appendingPathComponent("Traces/examples/\(name)").path
  }

  /// touches.csv: 33 rows, all samples of well-formed strokes; each makes one event.
  @Test func touchesCSV() throws {
    let (_, terms) = try replay([
      "--from", "csv", "--columns", "t=4,phase=5,x=7,y=8,session=3", example("touches.csv"),
    ])
    let rows = try String(contentsOfFile: example("touches.csv"), encoding: .utf8)
      .split(separator: "\n").count
    #expect(rows == 33)
    #expect(terms.lines == 33 && terms.eventLines == 33 && terms.fromLines == 33)
    #expect(terms.events == 33 && terms.added == 0 && terms.dropped.isEmpty)
    #expect(terms.holds)
  }

  /// getevent.txt: 20 lines, 6 of them SYN_REPORT lines making one event each (down, move,
  /// up, twice); the other 14 are parts of those reports.
  @Test func geteventExample() throws {
    let (_, terms) = try replay([
      "--from", "getevent", "--scale", "0.3333", example("getevent.txt"),
    ])
    #expect(terms.lines == 20 && terms.eventLines == 6 && terms.withoutEvent == 14)
    #expect(terms.events == 6 && terms.fromLines == 6 && terms.added == 0)
    #expect(terms.holds)
  }

  /// pointer-events.jsonl: 5 lines, 5 events.
  @Test func pointerEventsExample() throws {
    let (_, terms) = try replay(["--from", "pointer-events", example("pointer-events.jsonl")])
    #expect(terms.lines == 5 && terms.eventLines == 5 && terms.events == 5)
    #expect(terms.holds)
  }

  /// Rows back in time, a move and an up of a touch that is not down, a blank line, a header,
  /// a down again without an up, and a stroke that never ends.
  @Test func brokenCSV() throws {
    let rows = [
      "t,phase,x,y,id",  // header
      "1.0,0,10,10,1",  // down: event
      "1.1,2,10,20,1",  // move: event
      "0.5,2,10,30,1",  // back in time: dropped
      "1.2,1,10,30,1",  // up: event
      "1.3,2,10,40,1",  // move, not down: dropped
      "1.4,1,10,40,1",  // up, not down: dropped
      "",  // blank
      "2.0,0,10,10,1",  // down: event
      "2.1,0,20,20,1",  // down again: a cancel added, and the down
    ]  // the end: the last stroke is cancelled (added)
    let (_, terms) = try replay(
      ["--from", "csv", "--header", "--columns", "t=1,phase=2,x=3,y=4,id=5", "--time-unit", "s"],
      rows.joined(separator: "\n") + "\n")
    var expected = Terms()
    (expected.lines, expected.header, expected.blank, expected.eventLines) = (10, 1, 1, 5)
    expected.dropped = [
      "time went backwards: sample skipped": 1, "move of a touch that is not down: skipped": 1,
      "up of a touch that is not down: skipped": 1,
    ]
    (expected.fromLines, expected.added, expected.events) = (5, 2, 7)
    (expected.applied, expected.ignored) = (terms.applied, terms.ignored)
    #expect(terms == expected)
    #expect(terms.holds)
  }

  /// With `--time-unit auto`, rows are held back until the data decide the unit; each is
  /// still accounted for once, the dropped ones too.
  @Test func rowsHeldBackForTheTimeUnit() throws {
    var rows: [String] = []
    for stroke in 0..<4 {
      let start = 1000 + 1000 * stroke
      rows.append("\(start),0,10,10,1")
      for step in 1...8 { rows.append("\(start + 16 * step),2,10,\(10 + step),1") }
      rows.append("\(start + 144),1,10,20,1")
    }
    rows.insert("500,2,10,10,1", at: 3)  // back in time (ms): dropped
    let (run, terms) = try replay(
      ["--from", "csv", "--columns", "t=1,phase=2,x=3,y=4,id=5"],
      rows.joined(separator: "\n") + "\n")
    #expect(run.stderr.contains("times read as milliseconds"), "\(run.stderr)")
    #expect(terms.lines == 41 && terms.eventLines == 40 && terms.events == 40)
    #expect(terms.dropped == ["time went backwards: sample skipped": 1])
    #expect(terms.holds)
  }

  /// getevent: device lines, an ignored event type (EV_KEY), and a capture ending with a
  /// touch down (cancelled: added).
  @Test func geteventDeviceLinesAndAnUnendedTouch() throws {
    let lines = [
      "add device 1: /dev/input/event2",  // no event
      #"  name:     "touchscreen""#,  // no event
      "[     100.000000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000007",
      "[     100.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000002ee",
      "[     100.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000951",
      "[     100.000000] /dev/input/event2: EV_KEY       BTN_TOUCH            DOWN",
      "[     100.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000",  // down
      "[     100.016000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000002f1",
      "[     100.016000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000",  // move
    ]
    let (_, terms) = try replay(
      ["--from", "getevent", "--scale", "0.3333"], lines.joined(separator: "\n") + "\n")
    #expect(terms.lines == 9 && terms.eventLines == 2 && terms.withoutEvent == 7)
    #expect(terms.fromLines == 2 && terms.added == 1 && terms.events == 3)
    #expect(terms.holds)
  }

  /// Pointer Events: types the importer ignores, a pointer type that is neither touch, pen
  /// nor mouse, a move with coalesced samples (one line, three events), an up of a pointer
  /// that is not down.
  @Test func pointerEventsIgnoredAndCoalesced() throws {
    let lines = [
      #"{"type":"pointerover","pointerId":1,"pointerType":"touch","timeStamp":900,"clientX":300,"clientY":795}"#,
      #"{"type":"pointerdown","pointerId":1,"pointerType":"touch","timeStamp":1000,"clientX":300,"clientY":795}"#,
      #"{"type":"pointermove","pointerId":1,"pointerType":"touch","timeStamp":1048,"clientX":303,"clientY":795,"coalescedEvents":[{"timeStamp":1016,"clientX":301,"clientY":795},{"timeStamp":1032,"clientX":302,"clientY":795}]}"#,
      #"{"type":"pointerdown","pointerId":3,"pointerType":"kinect","timeStamp":1050,"clientX":1,"clientY":1}"#,
      #"{"type":"pointerup","pointerId":1,"pointerType":"touch","timeStamp":1080,"clientX":303,"clientY":795}"#,
      #"{"type":"pointerup","pointerId":2,"pointerType":"touch","timeStamp":1090,"clientX":303,"clientY":795}"#,
    ]
    let (_, terms) = try replay(
      ["--from", "pointer-events"], lines.joined(separator: "\n") + "\n")
    #expect(terms.lines == 6 && terms.eventLines == 3 && terms.withoutEvent == 2)
    #expect(terms.dropped == ["up of a touch that is not down: skipped": 1])
    #expect(terms.fromLines == 5 && terms.events == 5 && terms.added == 0)
    #expect(terms.holds)
  }

  /// The Touchalytics recordings (when present): the equation holds on every file, with
  /// the document as the session (times increase) and with the user as the session (times
  /// go back at each document: those rows are dropped, and counted).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: touchalyticsData.path)))
  func touchalytics() throws {
    for user in 0..<6 {
      let file = touchalyticsData.appendingPathComponent("user\(user).csv").path
      for session in ["3", "2"] {
        var options = TouchalyticsTests.options
        let index = options.firstIndex(of: "t=4,phase=5,x=7,y=8,session=3")!
        options[index] = "t=4,phase=5,x=7,y=8,session=\(session)"
        let run = try pagetrace(
          ["replay", "--summary", "--on-error", "skip"] + options + [file], timeout: 600)
        let terms = try terms(run.stderr)
        let rows = try Data(contentsOf: URL(fileURLWithPath: file)).split(separator: 0x0A)
          .count
        #expect(terms.lines == rows, "\(file)")
        #expect(terms.holds, "\(file) session=\(session): \(run.stderr.suffix(600))")
      }
    }
  }
}
