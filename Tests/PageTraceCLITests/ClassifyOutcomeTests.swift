import Foundation
import Testing

/// docs/behaviour/analysis.md, "Stroke classification": each classify line says what the control made
/// of the stroke (`outcome`, `from`, `to`, `transitions`), and those are exactly the
/// transitions replay writes for touches: taps, scrub steps, jogs, flicks and swipes. Checked
/// against replay's own output, on every scenario trace (under each profile for the profile
/// trace) and on generated traces.
@Suite struct ClassifyOutcomeTests {
  static let touchCauses: Set<String> = ["tap", "scrub", "jog", "flick", "swipe"]

  static let cases: [(String, [String])] =
    scenarioTraces.map { ($0, []) }
    + ["uikit", "legacy", "fiori", "android"].map {
      (repository.appendingPathComponent("Traces/profiles.jsonl").path, ["--profile", $0])
    }

  func check(_ trace: String, _ options: [String], in directory: URL? = nil) throws {
    let strokes = try pagetrace(["classify"] + options + [trace], in: directory)
    let replay = try pagetrace(
      ["replay", "--emit", "transition,detail"] + options + [trace], in: directory)
    #expect(strokes.status == 0 && replay.status == 0, "\(strokes.stderr)\(replay.stderr)")
    let touchTransitions = replay.records.filter {
      $0["type"] as? String == "transition" && Self.touchCauses.contains($0["cause"] as! String)
    }
    func session(_ object: NSDictionary) -> String { object["session"] as? String ?? "\u{0}" }
    // Every touch transition of a session belongs to exactly one of its strokes: the one whose
    // time span holds it, and whose from/to are its first and last transitions.
    var unclaimed = Dictionary(grouping: touchTransitions, by: session)
    for stroke in strokes.records {
      let count = stroke["transitions"] as! Int
      guard count > 0 else {
        #expect(stroke["from"] is NSNull && stroke["to"] is NSNull, "\(trace) \(stroke)")
        #expect(["none", "detail"].contains(stroke["outcome"] as! String), "\(trace) \(stroke)")
        continue
      }
      let start = stroke["start"] as! Double
      let end = stroke["end"] as! Double
      let mine = (unclaimed[session(stroke)] ?? []).filter {
        let t = $0["t"] as! Double
        return start <= t && t <= end
      }
      #expect(mine.count == count, "\(trace) \(options): \(stroke)")
      #expect(mine.first?["from"] as? Int == stroke["from"] as? Int, "\(trace) \(stroke)")
      #expect(mine.last?["to"] as? Int == stroke["to"] as? Int, "\(trace) \(stroke)")
      let word = stroke["outcome"] as! String
      let causes = Set(mine.map { $0["cause"] as! String })
      #expect(
        word == "scrub" ? causes.isSubset(of: ["scrub", "jog", "flick"]) : causes == [word],
        "\(trace) \(stroke)")
      unclaimed[session(stroke)]?.removeAll { candidate in mine.contains { $0 === candidate } }
    }
    // What is left is no touch's: a pointer press scrubs too (classify reads touches only), and
    // a stroke still down at the end of a trace is not classified, so its transitions come
    // after every classified stroke of its session.
    let path = directory.map { $0.appendingPathComponent(trace).path } ?? trace
    let presses = try pointerPresses(path)
    for (name, left) in unclaimed where !left.isEmpty {
      let lastEnd =
        strokes.records.filter { session($0) == name }.map { $0["end"] as! Double }.max()
        ?? -.infinity
      for transition in left {
        let t = transition["t"] as! Double
        let pressed = (presses[name] ?? []).contains { $0.contains(t) }
        #expect(pressed || t > lastEnd, "\(trace) \(name): \(transition)")
      }
    }
    // A fiori detail is a stroke's outcome too.
    let details = replay.records.filter { $0["type"] as? String == "detail" }.count
    let detailStrokes = strokes.records.filter { $0["outcome"] as? String == "detail" }.count
    #expect(detailStrokes <= details, "\(trace)")
  }

  /// The spans from each pointer `down` to its `up`, by session, read from the trace's lines.
  func pointerPresses(_ path: String) throws -> [String: [ClosedRange<Double>]] {
    var presses: [String: [ClosedRange<Double>]] = [:]
    var down: [String: Double] = [:]
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary,
        let phase = object["pointer"] as? String, let t = object["t"] as? Double
      else { continue }
      let name = object["session"] as? String ?? "\u{0}"
      if phase == "down" { down[name] = t }
      if phase == "up", let start = down.removeValue(forKey: name) {
        presses[name, default: []].append(start...t)
      }
    }
    for (name, start) in down { presses[name, default: []].append(start...Double.infinity) }
    return presses
  }

  @Test(arguments: cases)
  func outcomesAreReplaysTouchTransitions(_ trace: String, _ options: [String]) throws {
    try check(trace, options)
  }

  /// A scratch folder holding `g.jsonl`, a generated trace of 20,000 events in 3 sessions.
  func generatedTrace(seed: UInt64) throws -> URL {
    let directory = try scratch()
    let generated = try pagetrace(
      ["generate", "--seed", "\(seed)", "--events", "20000", "--sessions", "3", "-o", "g.jsonl"],
      in: directory)
    #expect(generated.status == 0, "\(generated.stderr)")
    return directory
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func outcomesOfGeneratedTracesAreReplaysTouchTransitions(seed: UInt64) throws {
    let directory = try generatedTrace(seed: seed)
    try check("g.jsonl", [], in: directory)
  }

  /// The same generated traces with their touch ids as strings (`"id":"f1"` for `"id":1`):
  /// the outcomes are still replay's touch transitions, and every line is the numeric trace's
  /// but for its id.
  @Test(arguments: [1, 3] as [UInt64])
  func outcomesOfStringIdFingersAreTheSame(seed: UInt64) throws {
    let directory = try generatedTrace(seed: seed)
    let numeric = try String(
      contentsOf: directory.appendingPathComponent("g.jsonl"), encoding: .utf8)
    let named = try NSRegularExpression(pattern: #""id":(-?[0-9.eE+-]+)"#)
      .stringByReplacingMatches(
        in: numeric, range: NSRange(numeric.startIndex..., in: numeric),
        withTemplate: #""id":"f$1""#)
    #expect(named != numeric)
    try write(named, to: "s.jsonl", in: directory)
    try check("s.jsonl", [], in: directory)
    let numericStrokes = try pagetrace(["classify", "g.jsonl"], in: directory)
    let namedStrokes = try pagetrace(["classify", "s.jsonl"], in: directory)
    #expect(numericStrokes.records.count == namedStrokes.records.count)
    #expect(numericStrokes.records.count > 100)
    for (one, other) in zip(numericStrokes.records, namedStrokes.records) {
      let id = one["id"] as! String  // a numeric id is written as a string too
      #expect(other["id"] as? String == "f\(id)", "\(other)")
      let a = one.mutableCopy() as! NSMutableDictionary
      let b = other.mutableCopy() as! NSMutableDictionary
      a.removeObjects(forKeys: ["id", "file"])  // and the input's name
      b.removeObjects(forKeys: ["id", "file"])
      #expect(a == b, "\(one) against \(other)")
    }
  }

  @Test func theFlickTraceSaysWhatTheControlDid() throws {
    // Traces/flick.jsonl, whose records Traces/expected/flick.jsonl works out by hand: four
    // strokes on the control, which scrubs 1 → 7 by two steps and a flick, does nothing (a
    // flick toward the page shown), scrubs 7 → 0 by five steps and a flick, and 0 → 3 by
    // three steps. (classify calls the first three swipes by their shape: the outcome says
    // what the control made of them.)
    let run = try pagetrace(
      ["classify", repository.appendingPathComponent("Traces/flick.jsonl").path])
    func page(_ value: Any?) -> String { (value as? Int).map(String.init) ?? "-" }
    let lines = run.records.map {
      "\($0["target"]!) \($0["outcome"]!) \(page($0["from"])) \(page($0["to"])) \($0["transitions"]!)"
    }
    #expect(
      lines == [
        "control scrub 1 7 3", "control none - - 0", "control scrub 7 0 6", "control scrub 0 3 3",
      ])
  }

  /// x0, y0, x1, y1, path and peakSpeed, worked by hand: a zig-zag of three 30-40-50
  /// triangles' hypotenuses, and a cancelled stroke that ends at its last sample.
  @Test func whereAStrokeWentAndHowFast() throws {
    let directory = try scratch()
    try write(
      [
        header,
        // (100,100) → (130,140) in 0.02 s: 50 pt, 2500 pt/s; → (160,100) in 0.01 s: 50 pt,
        // 5000 pt/s; → (190,140) in 0.05 s: 50 pt, 1000 pt/s. Path 150, peak 5000.
        #"{"t":1,"touch":"down","id":1,"x":100,"y":100}"#,
        #"{"t":1.02,"touch":"move","id":1,"x":130,"y":140}"#,
        #"{"t":1.03,"touch":"move","id":1,"x":160,"y":100}"#,
        #"{"t":1.08,"touch":"up","id":1,"x":190,"y":140}"#,
        // Down at (10,10), a move 3-4-5 away at 0.1 s (50 pt/s), cancelled without a place.
        #"{"t":2,"touch":"down","id":2,"x":10,"y":10}"#,
        #"{"t":2.1,"touch":"move","id":2,"x":13,"y":14}"#,
        #"{"t":2.2,"touch":"cancel","id":2}"#,
      ].joined(separator: "\n") + "\n", to: "t.jsonl", in: directory)
    let run = try pagetrace(["classify", "t.jsonl"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    let fields = run.records.map { stroke in
      ["x0", "y0", "x1", "y1", "path", "peakSpeed"].map { stroke[$0] as? Double }
    }
    #expect(fields.count == 2)
    #expect(fields.first?.prefix(5).map { $0 } == [100, 100, 190, 140, 150])
    #expect(abs((fields.first?[5] ?? 0) - 5000) < 1e-6)
    #expect(fields.last?.prefix(5).map { $0 } == [10, 10, 13, 14, 5])
    #expect(abs((fields.last?[5] ?? 0) - 50) < 1e-9)
    #expect(run.records.first?["target"] as? String == "content")  // above the control
  }
}
