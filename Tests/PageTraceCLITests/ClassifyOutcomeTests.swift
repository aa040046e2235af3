import Foundation
import Testing

/// docs/behaviour.md, "Stroke classification": each classify line says what the control made
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
        #expect(stroke["from"] == nil && stroke["to"] == nil, "\(trace) \(stroke)")
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

  @Test(arguments: [1, 2, 3] as [UInt64])
  func outcomesOfGeneratedTracesAreReplaysTouchTransitions(seed: UInt64) throws {
    let directory = try scratch()
    let generated = try pagetrace(
      ["generate", "--seed", "\(seed)", "--events", "20000", "--sessions", "3", "-o", "g.jsonl"],
      in: directory)
    #expect(generated.status == 0, "\(generated.stderr)")
    try check("g.jsonl", [], in: directory)
  }

  @Test func theFlickTraceSaysWhatTheControlDid() throws {
    // Traces/flick.jsonl, whose records Traces/expected/flick.jsonl works out by hand: four
    // strokes on the control, which scrubs 1 → 7 by two steps and a flick, does nothing (a
    // flick toward the page shown), scrubs 7 → 0 by five steps and a flick, and 0 → 3 by
    // three steps. (classify calls the first three swipes by their shape: the outcome says
    // what the control made of them.)
    let run = try pagetrace(
      ["classify", repository.appendingPathComponent("Traces/flick.jsonl").path])
    let lines = run.records.map {
      "\($0["target"]!) \($0["outcome"]!) \($0["from"] ?? "-") \($0["to"] ?? "-") \($0["transitions"]!)"
    }
    #expect(
      lines == [
        "control scrub 1 7 3", "control none - - 0", "control scrub 7 0 6", "control scrub 0 3 3",
      ])
  }
}
