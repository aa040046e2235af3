import Foundation
import Testing

/// Content mode through the executable (docs/behaviour/pointer-and-content-swipe.md, "Content
/// mode"): an import needs no control, a trace asks for it with `"control": null` or
/// `--control none`, and a trace that says nothing is still refused.
@Suite struct ContentModeCLITests {
  /// A fast swipe to the left: 60 pt in 25 ms, the last sample 5 ms before the up (not
  /// rested), 50 pt in 20 ms = 2500 pt/s: a swipe by the velocity rule, next page.
  let pointerEvents = """
    {"type":"pointerdown","pointerId":3,"pointerType":"touch","timeStamp":1000,"clientX":300,"clientY":400}
    {"type":"pointermove","pointerId":3,"pointerType":"touch","timeStamp":1020,"clientX":250,"clientY":400}
    {"type":"pointerup","pointerId":3,"pointerType":"touch","timeStamp":1025,"clientX":240,"clientY":400}

    """

  /// The same swipe as a trace, twice: 0 → 1 → 2 unbounded.
  func trace(header: String) -> String {
    var lines = [header]
    for start in [0.0, 1.0] {
      lines += [
        #"{"t":\#(start),"touch":"down","id":1,"x":300,"y":400}"#,
        #"{"t":\#(start + 0.02),"touch":"move","id":1,"x":250,"y":400}"#,
        #"{"t":\#(start + 0.025),"touch":"up","id":1,"x":240,"y":400}"#,
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func anImportReplaysStatsAndRendersWithNoConfiguration() throws {
    let directory = try scratch()
    try write(pointerEvents, to: "log.jsonl", in: directory)
    let replay = try pagetrace(["replay", "--from", "pointer-events", "log.jsonl"], in: directory)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.records.map { $0["to"] as? Int } == [1])
    #expect(replay.stderr.contains("content mode (no control): pages unbounded from 0"))
    let stats = try pagetrace(["stats", "--from", "pointer-events", "log.jsonl"], in: directory)
    #expect(stats.status == 0, "\(stats.stderr)")
    #expect(stats.stdout.contains(" 1: swipe 1\n"))
    let render = try pagetrace(
      ["render", "--from", "pointer-events", "log.jsonl", "-o", "log.svg"], in: directory)
    #expect(render.status == 0, "\(render.stderr)")
    let svg = try String(contentsOf: directory.appendingPathComponent("log.svg"), encoding: .utf8)
    #expect(svg.contains("content mode"))
    #expect(!svg.contains("control end"))  // no control guides
  }

  @Test func aControlGivenToAnImportLeavesContentMode() throws {
    let directory = try scratch()
    try write(pointerEvents, to: "log.jsonl", in: directory)
    // The swipe goes down at y 400, outside the control and with no container: ignored.
    let replay = try pagetrace(
      [
        "replay", "--from", "pointer-events", "--pages", "5", "--control", "0,740,360,30",
        "log.jsonl",
      ], in: directory)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.records.isEmpty)
    #expect(!replay.stderr.contains("content mode"))
  }

  @Test func aTraceAsksForContentModeAndIsOtherwiseRefused() throws {
    let directory = try scratch()
    try write(trace(header: #"{"pagetrace":1,"control":null}"#), to: "null.jsonl", in: directory)
    let asked = try pagetrace(["replay", "null.jsonl"], in: directory)
    #expect(asked.status == 0, "\(asked.stderr)")
    #expect(asked.records.map { $0["to"] as? Int } == [1, 2])
    try write(trace(header: #"{"pagetrace":1}"#), to: "silent.jsonl", in: directory)
    let silent = try pagetrace(["replay", "silent.jsonl"], in: directory)
    #expect(silent.status == 65)
    #expect(silent.stderr.contains("silent.jsonl:2:1: expected the configuration key \"pages\""))
    let flag = try pagetrace(["replay", "--control", "none", "silent.jsonl"], in: directory)
    #expect(flag.status == 0, "\(flag.stderr)")
    #expect(flag.records.map { $0["to"] as? Int } == [1, 2])
    // With pages 2 the second swipe finds no next page.
    let bounded = try pagetrace(
      ["replay", "--control", "none", "--pages", "2", "silent.jsonl"], in: directory)
    #expect(bounded.records.map { $0["to"] as? Int } == [1])
  }

  @Test func anUnboundedAnnouncementHasNoCount() throws {
    let directory = try scratch()
    try write(
      trace(header: #"{"pagetrace":1,"control":null,"voiceOver":true}"#), to: "a.jsonl",
      in: directory)
    let replay = try pagetrace(["replay", "--emit", "announcement", "a.jsonl"], in: directory)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.records.map { $0["text"] as? String } == ["Page 2", "Page 3"])
  }

  @Test func inspectProposesCommandsThatRunAsPrinted() throws {
    let directory = try scratch()
    try write(pointerEvents, to: "log.jsonl", in: directory)
    let inspect = try pagetrace(["inspect", "--format", "jsonl", "log.jsonl"], in: directory)
    #expect(inspect.status == 0, "\(inspect.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8))
    let commands = try #require((object as? [String: Any])?["commands"] as? [String: String])
    #expect(Set(commands.keys) == ["classify", "replay", "stats", "render"])
    // The samples span x 240…300 and y 400: the container proposed is that extent.
    #expect(commands["replay"]?.contains("--container 240,400,60,0") == true)
    for (name, line) in commands {
      let words = line.split(separator: " ").map(String.init)
      #expect(words.first == "pagetrace")
      let run = try pagetrace(Array(words.dropFirst()), in: directory)
      #expect(run.status == 0, "\(name): \(run.stderr)")
      if name == "replay" { #expect(run.records.map { $0["to"] as? Int } == [1]) }
    }
    #expect(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("log.svg").path))
  }
}

/// docs/behaviour/exit-statuses.md, "Empty input": exit 0 and a warning.
@Suite struct EmptyInputTests {
  @Test func anEmptyInputWarnsAndSucceeds() throws {
    let directory = try scratch()
    try write("", to: "empty.jsonl", in: directory)
    for command in ["replay", "stats", "classify"] {
      let run = try pagetrace([command, "empty.jsonl"], in: directory)
      #expect(run.status == 0, "\(command): \(run.stderr)")
      #expect(run.stderr.contains("warning: the input is empty"), "\(command)")
    }
    let piped = try pagetrace(["replay"], in: directory)
    #expect(piped.status == 0 && piped.stdout.isEmpty)
    #expect(piped.stderr == "pagetrace: warning: the input is empty: nothing was read\n")
    // A file with a line is not empty: a header alone writes nothing and says nothing.
    try write(#"{"pagetrace":1,"control":null}"# + "\n", to: "header.jsonl", in: directory)
    #expect(try pagetrace(["replay", "header.jsonl"], in: directory).stderr.isEmpty)
  }
}
