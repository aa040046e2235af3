import Foundation
import Testing

/// One JSON object per line of `text` (blank lines left out).
private func objects(_ text: String) -> [NSDictionary] {
  text.split(separator: "\n").compactMap {
    try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary
  }
}

/// A session as written in records: `nil` for the unnamed session.
private func session(_ object: NSDictionary) -> String? { object["session"] as? String }

/// A double field.
private func number(_ object: NSDictionary, _ key: String) -> Double? {
  (object[key] as? NSNumber)?.doubleValue
}

/// The raw JSON text of every value of `key` in `text` (numbers only).
private func rawNumbers(_ key: String, in text: String) -> [String] {
  let marker = "\"\(key)\":"
  return text.split(separator: "\n").compactMap { line in
    guard let range = line.range(of: marker) else { return nil }
    return String(line[range.upperBound...].prefix { "-+.eE0123456789".contains($0) })
  }
}

/// Counts the significant digits of a decimal number's text.
private func significantDigits(_ text: String) -> Int {
  let mantissa = text.split(whereSeparator: { $0 == "e" || $0 == "E" }).first ?? ""
  let digits = mantissa.filter(\.isNumber).drop { $0 == "0" }
  return digits.count
}

/// `classify` against `replay`, the numbers `classify` writes, its swipe rule, and the input
/// options every trace-reading command shares.
@Suite struct ConsistencyTests {
  static let traceDirectory = repository.appendingPathComponent("Traces")

  /// Every scenario trace (not the expected records).
  static let traces: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: traceDirectory.path)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") }.sorted()
  }()

  /// The header of a trace, if it has one.
  static func headerObject(of name: String) throws -> NSDictionary? {
    let text = try String(
      contentsOf: traceDirectory.appendingPathComponent(name), encoding: .utf8)
    guard let first = objects(text).first, first["pagetrace"] != nil else { return nil }
    return first
  }

  /// The traces replayed by the `uikit` profile with scrubbing on.
  static let uikitTraces: [String] = traces.filter { name in
    guard let header = try? headerObject(of: name) else { return true }
    let profile = header["profile"] as? String
    let continuous = header["continuous"] as? Bool
    return (profile == nil || profile == "uikit") && continuous != false
  }

  @Test func theScenarioListIsNotEmpty() {
    #expect(Self.uikitTraces.count >= 15, "\(Self.uikitTraces)")
    #expect(!Self.uikitTraces.contains("legacy.jsonl"))
    #expect(Self.uikitTraces.contains("tap.jsonl"))
  }

  /// A stroke's identity: session, finger and down time.
  struct StrokeKey: Hashable {
    var session: String?
    var id: String
    var start: Double
  }

  // MARK: classify agrees with replay

  /// What the trace itself says about a stroke, up to its last event.
  struct StrokeFacts {
    var x: Double
    var y: Double
    /// Whether the down or a move (not the up) was `scrubTravel` or more from the down point.
    var travelledBeforeUp = false
  }

  /// The strokes of a trace by session, id and down time, read from its lines.
  static func strokeFacts(_ text: String, scrubTravel: Double) -> [StrokeKey: StrokeFacts] {
    var facts: [StrokeKey: StrokeFacts] = [:]
    var open: [String: StrokeKey] = [:]
    for event in objects(text) {
      guard let phase = event["touch"] as? String, let id = event["id"] else { continue }
      let finger = "\(session(event) ?? "\u{0}none")|\(id)"
      switch phase {
      case "down":
        let key = StrokeKey(session: session(event), id: "\(id)", start: number(event, "t")!)
        facts[key] = StrokeFacts(x: number(event, "x")!, y: number(event, "y")!)
        open[finger] = key
      case "move":
        guard let key = open[finger], let x = number(event, "x"), let y = number(event, "y")
        else { continue }
        let down = facts[key]!
        if ((x - down.x) * (x - down.x) + (y - down.y) * (y - down.y)).squareRoot() >= scrubTravel {
          facts[key]!.travelledBeforeUp = true
        }
      default: open[finger] = nil
      }
    }
    return facts
  }

  @Test(arguments: uikitTraces)
  func aStrokeOnTheControlIsATapExactlyWhenReplayDidNotScrub(_ name: String) throws {
    let path = Self.traceDirectory.appendingPathComponent(name).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let header = try #require(try Self.headerObject(of: name), "\(name) has no header")
    let control = try #require(header["control"] as? NSDictionary)
    let (cx, cy) = (number(control, "x")!, number(control, "y")!)
    let (cw, ch) = (number(control, "width")!, number(control, "height")!)
    let scrubTravel = number(header, "scrubTravel") ?? 16
    let scrubDelay = number(header, "scrubDelay") ?? 0.15
    let facts = Self.strokeFacts(text, scrubTravel: scrubTravel)

    let classify = try pagetrace(["classify", path])
    #expect(classify.status == 0, "\(classify.stderr)")
    let replay = try pagetrace(["replay", "--emit", "all", path])
    #expect(replay.status == 0, "\(replay.stderr)")
    let scrubs = replay.records.filter {
      $0["type"] as? String == "interaction" && $0["state"] as? String == "continuous"
    }

    for stroke in classify.records {
      let start = try #require(number(stroke, "start"))
      let end = try #require(number(stroke, "end"))
      let key = StrokeKey(session: session(stroke), id: "\(stroke["id"]!)", start: start)
      let down = try #require(facts[key], "\(name): no down event for \(stroke)")
      guard cx <= down.x, down.x <= cx + cw, cy <= down.y, down.y <= cy + ch else { continue }
      let kind = try #require(stroke["kind"] as? String)
      let scrubbed = scrubs.contains {
        session($0) == key.session && start <= number($0, "t")! && number($0, "t")! <= end
      }
      let what =
        "\(name): \(kind) from \(start) to \(end) (session \(key.session ?? "none")), but replay \(scrubbed ? "scrubbed" : "did not scrub")"
      let held = start + scrubDelay <= end
      if kind == "cancelled" {
        // A cancelled stroke scrubbed if it travelled or was held long enough first.
        #expect(scrubbed == (down.travelledBeforeUp || held), "\(what)")
      } else if !down.travelledBeforeUp && !held && kind != "tap" && kind != "long-press" {
        // Travel reached only at the up, before the scrub delay: no tap (classify says drag
        // or swipe) and no scrub either (Traces/README.md, tap: "An up that travelled 20 pt
        // is neither a tap nor a scrub").
        #expect(!scrubbed, "\(what)")
      } else {
        #expect((kind == "tap") == !scrubbed, "\(what)")
      }
    }
  }

  @Test func theConsistencyRuleCoversTapsAndScrubs() throws {
    // The rule above is not vacuous: across the scenarios it meets both sides.
    var kinds: Set<String> = []
    for name in Self.uikitTraces {
      let path = Self.traceDirectory.appendingPathComponent(name).path
      for stroke in try pagetrace(["classify", path]).records {
        kinds.insert(stroke["kind"] as? String ?? "")
      }
    }
    #expect(kinds.isSuperset(of: ["tap", "long-press", "drag", "swipe"]), "\(kinds)")
  }

  @Test(arguments: traces)
  func statsCountsTheStrokesClassifyWrites(_ name: String) throws {
    let path = Self.traceDirectory.appendingPathComponent(name).path
    let classify = try pagetrace(["classify", path])
    #expect(classify.status == 0, "\(classify.stderr)")
    var counts: [String: Int] = [:]
    for stroke in classify.records { counts[stroke["kind"] as! String, default: 0] += 1 }
    let stats = try pagetrace(["stats", "--format", "json", path])
    #expect(stats.status == 0, "\(stats.stderr)")
    let row = try #require(stats.records.first)
    var statsCounts: [String: Int] = [:]
    for kind in ["tap", "long-press", "drag", "swipe", "cancelled"] {
      let count = try #require(row[column("strokes", kind)] as? Int, "\(kind)")
      if count != 0 { statsCounts[kind] = count }
    }
    #expect(statsCounts == counts, "\(name)")
  }

  @Test func aPressHeldForTheScrubDelayIsALongPressAndAScrub() throws {
    let path = Self.traceDirectory.appendingPathComponent("tap.jsonl").path
    let classify = try pagetrace(["classify", path])
    #expect(classify.status == 0)
    let held = try #require(classify.records.first { number($0, "start") == 3 })
    #expect(held["kind"] as? String == "long-press")
    #expect(number(held, "end") == 3.15)
    let line = try #require(
      classify.stdout.split(separator: "\n").first { $0.contains(#""start":3,"#) })
    #expect(line.contains(#""duration":0.15,"#), "\(line)")
    let replay = try pagetrace(["replay", "--emit", "all", path])
    #expect(
      replay.stdout.contains(#"{"t":3.15,"type":"interaction","state":"continuous"}"#),
      "\(replay.stdout)")
  }

  // MARK: Numbers

  @Test func numbersAreWrittenByTheOneWriter() throws {
    let path = Self.traceDirectory.appendingPathComponent("tap.jsonl").path
    let run = try pagetrace(["classify", path])
    let first = try #require(run.stdout.split(separator: "\n").first)
    #expect(first.contains(#""start":1,"end":1.08,"duration":0.08,"#), "\(first)")
    #expect(!run.stdout.contains(".0,") && !run.stdout.contains(".0}"), "\(run.stdout)")
  }

  @Test(arguments: traces)
  func durationsShowNoRoundingOfTheSubtraction(_ name: String) throws {
    // The duration of a stroke from 1 to 1.08 is 0.08: the difference of the decimal times
    // as written, not 0.08000000000000007 (the double subtraction) nor its 15-digit rounding.
    let path = Self.traceDirectory.appendingPathComponent(name).path
    let run = try pagetrace(["classify", path])
    let (starts, ends) = (rawNumbers("start", in: run.stdout), rawNumbers("end", in: run.stdout))
    let durations = rawNumbers("duration", in: run.stdout)
    #expect(durations.count == run.records.count)
    #expect(starts.count == durations.count && ends.count == durations.count)
    for (text, (start, end)) in zip(durations, zip(starts, ends)) {
      #expect(significantDigits(text) <= 15, "\(name): \(text)")
      let decimal = try #require(Decimal(string: end)) - (try #require(Decimal(string: start)))
      #expect(Double(text) == Double("\(decimal)"), "\(name): \(start) to \(end) lasted \(text)")
    }
    for key in ["dx", "dy"] {
      for text in rawNumbers(key, in: run.stdout) {
        #expect(significantDigits(text) <= 15, "\(name): \(key) \(text)")
      }
    }
  }

  // MARK: The swipe rule

  /// A slow horizontal drag of 200 pt over 2 s (100 pt/s), well off the control.
  static let slowDrag: [String] = {
    var lines = [#"{"t":0,"touch":"down","id":1,"x":50,"y":400}"#]
    for step in 1...20 {
      lines.append(
        #"{"t":\#(Double(step) / 10),"touch":"move","id":1,"x":\#(50 + 10 * step),"y":400}"#)
    }
    lines.append(#"{"t":2,"touch":"up","id":1,"x":250,"y":400}"#)
    return lines
  }()

  /// A flick of 60 pt in 0.05 s (1,200 pt/s).
  static let flick = [
    #"{"t":5,"touch":"down","id":1,"x":100,"y":400}"#,
    #"{"t":5.025,"touch":"move","id":1,"x":130,"y":400}"#,
    #"{"t":5.05,"touch":"up","id":1,"x":160,"y":400}"#,
  ]

  /// 100 pt right over a second, then a fast 30 pt back: the release velocity is against the
  /// direction of travel.
  static let flickBack = [
    #"{"t":8,"touch":"down","id":1,"x":100,"y":400}"#,
    #"{"t":8.5,"touch":"move","id":1,"x":150,"y":400}"#,
    #"{"t":9,"touch":"move","id":1,"x":200,"y":400}"#,
    #"{"t":9.025,"touch":"move","id":1,"x":185,"y":400}"#,
    #"{"t":9.05,"touch":"up","id":1,"x":170,"y":400}"#,
  ]

  static let control = #""pages":8,"control":{"x":0,"y":780,"width":390,"height":30}"#

  func classify(_ header: String, _ events: [String]) throws -> Run {
    let run = try pagetrace(
      ["classify", "-"], input: Data(([header] + events).joined(separator: "\n").utf8 + [10]))
    #expect(run.status == 0, "\(run.stderr)")
    return run
  }

  @Test func withoutAContainerOnlyTheVelocityRuleMakesASwipe() throws {
    let run = try classify(
      #"{"pagetrace":1,\#(Self.control)}"#, Self.slowDrag + Self.flick + Self.flickBack)
    #expect(
      run.records.map { $0["kind"] as? String } == ["drag", "swipe", "drag"], "\(run.stdout)")
    #expect(run.records.allSatisfy { $0["swipeRule"] as? String == "velocity" })
    #expect(
      run.stdout.split(separator: "\n").allSatisfy { $0.contains(#","swipeRule":"velocity","#) })
  }

  @Test func withAContainerHalfItsWidthIsASwipe() throws {
    let run = try classify(
      #"{"pagetrace":1,\#(Self.control),"container":{"x":0,"y":0,"width":390,"height":844}}"#,
      Self.slowDrag + Self.flick + Self.flickBack)
    #expect(
      run.records.map { $0["kind"] as? String } == ["swipe", "swipe", "drag"], "\(run.stdout)")
    #expect(
      run.stdout.split(separator: "\n").allSatisfy { $0.contains(#","swipeRule":"container","#) })
  }

  @Test func aContainerFromTheCommandLineChangesTheRule() throws {
    let input = Data(([#"{"pagetrace":1}"#] + Self.slowDrag).joined(separator: "\n").utf8 + [10])
    let without = try pagetrace(["classify", "-"], input: input)
    #expect(without.records.first?["kind"] as? String == "drag", "\(without.stderr)")
    #expect(without.records.first?["swipeRule"] as? String == "velocity")
    let with = try pagetrace(["classify", "--container", "0,0,390,844", "-"], input: input)
    #expect(with.records.first?["kind"] as? String == "swipe", "\(with.stderr)")
    #expect(with.records.first?["swipeRule"] as? String == "container")
    // Wider than twice the drag: no longer a swipe.
    let wide = try pagetrace(["classify", "--container", "0,0,402,844", "-"], input: input)
    #expect(wide.records.first?["kind"] as? String == "drag", "\(wide.stderr)")
  }

  // MARK: Input options shared by every command that reads traces

  /// Header, a tap (lines 2–3), a bad line 4, a tap (lines 5–6).
  static let badInTheMiddle =
    ([
      header, twoTaps[0], twoTaps[1], #"{"t":0.5,"touch":"down","id":1,"x":"#, twoTaps[2],
      twoTaps[3],
    ]
    .joined(separator: "\n") + "\n")

  @Test func classifySkipsABadLineAndGoesOn() throws {
    let directory = try scratch()
    try write(Self.badInTheMiddle, to: "t.jsonl", in: directory)
    let run = try pagetrace(["classify", "--on-error", "skip", "t.jsonl"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("t.jsonl:4:"), "\(run.stderr)")
    let location = run.stderr.split(separator: ":").prefix(3)
    #expect(location.count == 3 && Int(location[2]) != nil, "\(run.stderr)")
    #expect(run.records.map { number($0, "start") } == [0, 1])
    let strict = try pagetrace(
      ["classify", "--on-error", "skip", "--strict", "t.jsonl"], in: directory)
    #expect(strict.status == 65, "\(strict.stderr)")
    #expect(strict.records.count == 2)
    let failing = try pagetrace(["classify", "t.jsonl"], in: directory)
    #expect(failing.status == 65)
    #expect(failing.records.count == 1)
  }

  @Test func lintSkipsABadFileAndGoesOnToTheNext() throws {
    let directory = try scratch()
    try write(Self.badInTheMiddle, to: "bad.jsonl", in: directory)
    try write(
      #"{"pagetrace":1,"pages":30,"control":{"x":0,"y":780,"width":390,"height":30}}"# + "\n",
      to: "many.jsonl", in: directory)
    let run = try pagetrace(
      ["lint", "--on-error", "skip", "bad.jsonl", "many.jsonl"], in: directory)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("bad.jsonl:4:"), "\(run.stderr)")
    #expect(run.stdout.contains("many.jsonl: warning: PT001: "), "\(run.stdout)")
    #expect(run.stdout.contains("many.jsonl: error: PT002: "), "\(run.stdout)")
    let strict = try pagetrace(
      ["lint", "--on-error", "skip", "--strict", "bad.jsonl", "many.jsonl"], in: directory)
    #expect(strict.status == 65, "\(strict.stderr)")
    #expect(strict.stdout.contains("many.jsonl: warning: PT001: "), "\(strict.stdout)")
    let failing = try pagetrace(["lint", "bad.jsonl", "many.jsonl"], in: directory)
    #expect(failing.status == 65, "\(failing.stderr)")
    #expect(!failing.stdout.contains("many.jsonl"), "\(failing.stdout)")
  }

  @Test func tooManySessionsInStatsIsADataErrorAtTheSession() throws {
    let path = Self.traceDirectory.appendingPathComponent("sessions.jsonl").path
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    // The second session named is on line 3.
    let third = String(lines[2])
    let key = try #require(third.range(of: #""session":"#))
    let column = third.distance(from: third.startIndex, to: key.upperBound) + 1
    let run = try pagetrace(["stats", "--max-sessions", "1", path])
    #expect(run.status == 65, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("\(path):3:\(column): "), "\(run.stderr)")
    #expect(run.stderr.contains("session"), "\(run.stderr)")
    // Four sessions: "a", "b", "" and the unnamed one.
    #expect(try pagetrace(["stats", "--max-sessions", "4", path]).status == 0)
  }

  /// Every command that reads traces, with what it needs to write to a file.
  static let readingCommands: [[String]] = [
    ["replay"], ["classify"], ["stats"], ["render"], ["lint"], ["convert", "--to", "jsonl"],
  ]

  @Test(arguments: readingCommands)
  func everyReadingCommandSkipsBadLinesOnRequest(_ command: [String]) throws {
    let directory = try scratch()
    try write(Self.badInTheMiddle, to: "t.jsonl", in: directory)
    let failing = try pagetrace(command + ["t.jsonl"], in: directory)
    #expect(failing.status == 65, "\(command): \(failing.stderr)")
    let skip = try pagetrace(command + ["--on-error", "skip", "t.jsonl"], in: directory)
    #expect(skip.status == 0, "\(command): \(skip.stderr)")
    #expect(skip.stderr.hasPrefix("t.jsonl:4:"), "\(command): \(skip.stderr)")
    let strict = try pagetrace(
      command + ["--on-error", "skip", "--strict", "t.jsonl"], in: directory)
    #expect(strict.status == 65, "\(command): \(strict.stderr)")
  }

  /// `convert` copies events without replaying them: it takes no `--max-sessions`
  /// (docs/behaviour/commands.md, "Input options").
  @Test(arguments: readingCommands.filter { $0[0] != "convert" })
  func everyReadingCommandLimitsSessions(_ command: [String]) throws {
    let path = Self.traceDirectory.appendingPathComponent("sessions.jsonl").path
    let limited = try pagetrace(command + ["--max-sessions", "1", path])
    #expect(limited.status == 65, "\(command): \(limited.stderr)")
    #expect(limited.stderr.hasPrefix("\(path):3:"), "\(command): \(limited.stderr)")
    let enough = try pagetrace(command + ["--max-sessions", "4", path])
    #expect(enough.status == 0, "\(command): \(enough.stderr)")
  }

  @Test(arguments: readingCommands)
  func everyReadingCommandReadsOtherFormats(_ command: [String]) throws {
    // A tap on page 1's side of the control, as CSV: t (ms), phase, x, y.
    let csv = "0,down,300,795\n50,up,300,795\n"
    let from = ["--from", "csv", "--columns", "t=1,phase=2,x=3,y=4", "--time-unit", "ms"]
    // convert copies events: it takes no configuration.
    let configuration =
      command[0] == "convert" ? [] : ["--pages", "8", "--control", "0,780,390,30"]
    let run = try pagetrace(command + from + configuration + ["-"], input: Data(csv.utf8))
    #expect(run.status == 0, "\(command): \(run.stderr)")
    switch command[0] {
    case "replay": #expect(run.records.map { $0["to"] as? Int } == [1], "\(run.stdout)")
    case "classify": #expect(run.records.map { $0["kind"] as? String } == ["tap"], "\(run.stdout)")
    case "stats": #expect(run.stdout.contains(": tap 1,"), "\(run.stdout)")
    case "convert": #expect(run.stdout.contains(#""touch":"down""#), "\(run.stdout)")
    default: break
    }
  }

  // MARK: Nothing lost

  @Test func replaySummaryAccountsForEveryLineOfEveryInput() throws {
    let directory = try scratch()
    let lines = [
      header, "", "garbage", #"{"t":0,"key":"right"}"#, twoTaps[0], twoTaps[1],
      #"{"t":0.06,"touch":"move","id":7,"x":1,"y":1}"#,
    ]
    try write(Self.badInTheMiddle, to: "t.jsonl", in: directory)
    let run = try pagetrace(
      ["replay", "--summary", "--on-error", "skip", "-", "t.jsonl"], in: directory,
      input: Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(run.status == 0, "\(run.stderr)")
    let summary = try #require(
      run.stderr.split(separator: "\n").first { $0.hasPrefix("pagetrace: summary: ") })
    let numbers = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    // 7 + 6 lines = 2 headers + 1 blank + 6 applied + 2 ignored + 2 skipped; 3 records.
    #expect(numbers.prefix(7) == [13, 2, 1, 6, 2, 2, 3], "\(summary)")
    #expect(numbers[0] == numbers[1...5].reduce(0, +))
    #expect(run.records.count == numbers[6])
  }
}
