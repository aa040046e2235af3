import Foundation
import Testing

/// docs/behaviour/what-if.md, "Diff": `pagetrace diff` replays each input under A and B and lists the
/// strokes, events and timer advances whose outcome differs. The expected lines are worked out
/// by hand from the rules of docs/behaviour/, never taken from the command's own output.
@Suite struct DiffTests {
  /// 8 pages from page 4 on a 390-pt control: capacity floor((390 − 28) / 16) = 22, so all 8
  /// dots are centred, slot s at 195 + (s − 3.5) × 16 ("Slots"): page 4 at 203, page 5 at 219.
  static let holdThenTaps =
    [
      #"{"pagetrace":1,"pages":8,"current":4,"control":{"x":0,"y":780,"width":390,"height":30}}"#,
      // Held 0.2 s without moving, up at 251 (right of page 4's dead zone, 195…211).
      #"{"t":1,"touch":"down","id":1,"x":251,"y":795}"#,
      #"{"t":1.2,"touch":"up","id":1,"x":251,"y":795}"#,
      // A quick tap at 251: 0.8 s after the last up, beyond the 0.75 s follow-up window.
      #"{"t":2,"touch":"down","id":1,"x":251,"y":795}"#,
      #"{"t":2.05,"touch":"up","id":1,"x":251,"y":795}"#,
      #"{"t":3,"focus":"control"}"#,
      #"{"t":3.1,"key":"right"}"#,
      #"{"t":3.2,"key":"right"}"#,
    ].joined(separator: "\n") + "\n"

  /// The default scrubDelay (0.15 s) against 0.3 s, worked out by hand:
  /// - lines 2-3, A: the hold reaches tDown + 0.15 = 1.15 and begins a scrub ("Scrub begin");
  ///   the finger never moves, so the target stays on page 4, and the up (one sample, velocity
  ///   0) does not flick: nothing. B: up at 1.2 < 1 + 0.3 with no travel is a tap, right of
  ///   the dead zone: 4→5 ("Tap", "Dot rule").
  /// - lines 4-5: A 4→5 (dot rule), B 5→6 (the dot of 5 is at 219, 251 is right of 227; no
  ///   follow-up, 2 − 1.2 > 0.75): both one page on, so alike, not listed.
  /// - line 7: key right, A 5→6, B 6→7: alike. Line 8: A 6→7, B on the last page: nothing.
  static let holdThenTapsDiff = """
    FILE:2-3: touch 1 at 1–1.2: none vs tap 4→5
    FILE:8: key right at 3.2: key 6→7 vs none
    differences: 2 (strokes 1 of 2, events 1 of 3, timer 0)

    """

  func trace(_ text: String, in directory: URL) throws -> String {
    try write(text, to: "t.jsonl", in: directory).path
  }

  @Test func handWorkedScrubDelay() throws {
    let directory = try scratch()
    let path = try trace(Self.holdThenTaps, in: directory)
    let run = try pagetrace(["diff", "--b", "scrubDelay=0.3", path], in: directory)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout == Self.holdThenTapsDiff.replacingOccurrences(of: "FILE", with: path))
    #expect(run.stderr == "")
    // The other way round: A and B swap sides.
    let swapped = try pagetrace(
      ["diff", "--a", "scrubDelay=0.3", "--b", "scrubDelay=0.15", path], in: directory)
    #expect(swapped.status == 1)
    #expect(
      swapped.stdout == """
        \(path):2-3: touch 1 at 1–1.2: tap 4→5 vs none
        \(path):8: key right at 3.2: none vs key 6→7
        differences: 2 (strokes 1 of 2, events 1 of 3, timer 0)

        """)
  }

  /// Traces/profiles.jsonl under uikit and android ("Profile android", "Profile uikit"):
  /// pages 8 from 4, dots of pages 0…7 at 139…251.
  /// - lines 2-3, tap at 251: uikit dot rule 4→5; android jumps to the slot under it, 7: 4→7.
  /// - lines 4-7, a fast leftward stroke on the control: uikit scrubs (one step to 4 at the
  ///   move at 2.032) and flicks to 0; android has no scrub: nothing.
  /// - lines 8-9, a 1 s hold at 187 (slot 3): uikit scrubs in place, nothing; android taps
  ///   the slot: 7→3.
  /// - lines 10-13, a content swipe forward: one page on in both (0→1, 3→4), alike.
  /// - lines 14-15, a pointer click at 251: uikit goes to slot 7 (1→7); android has no
  ///   pointer: nothing.
  @Test func profilesUIKitAgainstAndroid() throws {
    let path = repository.appendingPathComponent("Traces/profiles.jsonl").path
    let run = try pagetrace(["diff", "--a", "profile=uikit", "--b", "profile=android", path])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stdout == """
        \(path):2-3: touch 1 at 1–1.05: tap 4→5 vs tap 4→7
        \(path):4-7: touch 1 at 2–2.04: scrub 5→0 in 2 steps vs none
        \(path):8-9: touch 1 at 3–4: none vs tap 7→3
        \(path):15: pointer up at 6.05: pointer 1→7 vs none
        differences: 4 (strokes 3 of 5, events 1 of 3, timer 0)

        """)
  }

  /// docs/behaviour/what-if.md, "Diff", shows this very output.
  @Test func theDocsShowTheRealOutput() throws {
    let chapter = try String(
      contentsOf: repository.appendingPathComponent("docs/behaviour/what-if.md"), encoding: .utf8)
    let section = try #require(chapter.range(of: "## Diff\n"))
    let block = try #require(
      chapter.range(of: "```text\n", range: section.upperBound..<chapter.endIndex))
    let end = try #require(chapter.range(of: "```", range: block.upperBound..<chapter.endIndex))
    let run = try pagetrace(
      ["diff", "--a", "profile=uikit", "--b", "profile=android", "Traces/profiles.jsonl"],
      in: repository)
    #expect(run.status == 1)
    #expect(String(chapter[block.upperBound..<end.lowerBound]) == run.stdout)
  }

  /// Timer advances are compared by the event they fell due before ("Timer advances"):
  /// A (1 s) advances at 1 and 2 before the key at 2.5, B (2 s) once at 2.
  @Test func timerAdvances() throws {
    let directory = try scratch()
    let path = try trace(
      [
        #"{"pagetrace":1,"pages":8,"control":{"x":0,"y":780,"width":390,"height":30}}"#,
        #"{"t":0,"focus":"control"}"#,
        #"{"t":2.5,"key":"right"}"#,
      ].joined(separator: "\n") + "\n", in: directory)
    let run = try pagetrace(
      ["diff", "--a", "progress=1", "--b", #"progress={"duration":2}"#, path], in: directory)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stdout == """
        \(path):3: timer before key right at 2.5: timer 0→1 at 1, 1→2 at 2 vs timer 0→1 at 2
        differences: 1 (strokes 0 of 0, events 0 of 2, timer 1)

        """)
  }

  /// A configuration against itself agrees on every scenario trace, and the strokes compared
  /// are classify's.
  @Test(arguments: scenarioTraces)
  func selfDiffIsEmpty(_ path: String) throws {
    let cases = [
      ("profile=uikit", ["--profile", "uikit"]),
      ("scrubDelay=0.3,scrubTravel=24", ["--scrub-delay", "0.3", "--scrub-travel", "24"]),
      ("profile=android", ["--profile", "android"]),
    ]
    for (settings, flags) in cases {
      let run = try pagetrace(["diff", "--a", settings, "--b", settings, path])
      #expect(run.status == 0, "\(path) \(settings): \(run.stderr)")
      // As many strokes as classify writes lines under the same configuration.
      let classify = try pagetrace(["classify"] + flags + [path])
      #expect(classify.status == 0)
      let strokes = classify.stdout.split(separator: "\n").count
      #expect(run.stdout.split(separator: "\n").count == 1)
      #expect(
        run.stdout.hasPrefix("differences: 0 (strokes 0 of \(strokes), events 0 of "),
        "\(path) \(settings): \(run.stdout)")
    }
  }

  /// A stroke with a session and a string id names both, as JSON strings.
  @Test func sessionsAndStringIDs() throws {
    let directory = try scratch()
    let path = try trace(
      Self.holdThenTaps.split(separator: "\n").prefix(3).map {
        $0.replacingOccurrences(of: #""id":1"#, with: #""session":"a","id":"f""#)
      }.joined(separator: "\n") + "\n", in: directory)
    let run = try pagetrace(["diff", "--b", "scrubDelay=0.3", path], in: directory)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stdout == """
        \(path):2-3: session "a" touch "f" at 1–1.2: none vs tap 4→5
        differences: 1 (strokes 1 of 1, events 0 of 0, timer 0)

        """)
    let json = try pagetrace(
      ["diff", "--b", "scrubDelay=0.3", "--format", "jsonl", path], in: directory)
    #expect(json.records.first?["session"] as? String == "a")
    #expect(json.records.first?["id"] as? String == "f")
  }

  @Test func firstStopsAtTheFirstDifference() throws {
    let directory = try scratch()
    let path = try trace(Self.holdThenTaps, in: directory)
    let run = try pagetrace(["diff", "--b", "scrubDelay=0.3", "--first", path], in: directory)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stdout == """
        \(path):2-3: touch 1 at 1–1.2: none vs tap 4→5
        differences: 1, stopped at the first (strokes 1 of 1, events 0 of 0, timer 0)

        """)
    // Agreeing inputs: nothing to stop at.
    let same = try pagetrace(["diff", "--b", "scrubDelay=0.15", "--first", path], in: directory)
    #expect(same.status == 0)
    #expect(same.stdout == "differences: 0 (strokes 0 of 2, events 0 of 3, timer 0)\n")
  }

  /// `--first` stops reading soon after the difference (the replay checks every 4,096
  /// events): a bad line 10,000 events later is never reached, so the exit status is 1.
  @Test func firstStopsReading() throws {
    let directory = try scratch()
    var text = Self.holdThenTaps.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n"
    for index in 0..<5000 {
      let t = 10 + Double(index)
      text += #"{"t":\#(t),"touch":"down","id":1,"x":20,"y":795}"# + "\n"
      text += #"{"t":\#(t + 0.05),"touch":"up","id":1,"x":20,"y":795}"# + "\n"
    }
    text += "not json\n"
    let path = try trace(text, in: directory)
    let first = try pagetrace(["diff", "--b", "scrubDelay=0.3", "--first", path], in: directory)
    #expect(first.status == 1, "\(first.stderr)")
    #expect(first.stderr == "")
    #expect(first.stdout.hasPrefix("\(path):2-3: touch 1 at 1–1.2: none vs tap 4→5\n"))
    // Without --first the bad line is read: a data error at line 10004.
    let all = try pagetrace(["diff", "--b", "scrubDelay=0.3", path], in: directory)
    #expect(all.status == 65)
    #expect(all.stderr.contains("\(path):10004:"), "\(all.stderr)")
  }

  @Test func jsonLines() throws {
    let directory = try scratch()
    let path = try trace(Self.holdThenTaps, in: directory)
    let run = try pagetrace(
      ["diff", "--b", "scrubDelay=0.3", "--format", "jsonl", path], in: directory)
    #expect(run.status == 1, "\(run.stderr)")
    // One flat row per difference, every column in each (the same as the text line says:
    // the stroke of lines 2-3 did nothing under A and tapped 4 → 5 under B; the key right of
    // line 8 moved 6 → 7 under A and nothing under B); the summary on standard error.
    #expect(
      run.stdout == """
        {"file":\(jsonString(path)),"unit":"stroke","line":2,"endLine":3,"session":null,"id":"1","event":null,"t":1,"end":1.2,"aOutcome":"none","aFrom":null,"aTo":null,"aTransitions":0,"aText":"none","bOutcome":"tap","bFrom":4,"bTo":5,"bTransitions":1,"bText":"tap 4→5"}
        {"file":\(jsonString(path)),"unit":"event","line":8,"endLine":8,"session":null,"id":null,"event":"key right","t":3.2,"end":null,"aOutcome":"key","aFrom":6,"aTo":7,"aTransitions":1,"aText":"key 6→7","bOutcome":"none","bFrom":null,"bTo":null,"bTransitions":0,"bText":"none"}

        """)
    #expect(
      run.stderr
        == "pagetrace: differences: 2 (strokes 1 of 2, events 1 of 3, timer 0)\n")
    #expect(run.records.count == 2)
  }

  @Test func severalFilesNameTheirFile() throws {
    let directory = try scratch()
    let first = try write(Self.holdThenTaps, to: "a.jsonl", in: directory).path
    let second = try write(Self.holdThenTaps, to: "b.jsonl", in: directory).path
    let run = try pagetrace(
      ["diff", "--b", "scrubDelay=0.3", "--format", "jsonl", first, second], in: directory)
    #expect(run.status == 1)
    let files = run.records.compactMap { $0["file"] as? String }
    #expect(files == [first, first, second, second])
    #expect(run.stderr.hasPrefix("pagetrace: differences: 4 "))
    let text = try pagetrace(["diff", "--b", "scrubDelay=0.3", first, second], in: directory)
    #expect(
      text.stdout.split(separator: "\n").map { $0.prefix { $0 != ":" } } == [
        Substring(first), Substring(first), Substring(second), Substring(second), "differences",
      ])
  }

  @Test func standardInput() throws {
    let run = try pagetrace(
      ["diff", "--b", "scrubDelay=0.3"], input: Data(Self.holdThenTaps.utf8))
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout == Self.holdThenTapsDiff.replacingOccurrences(of: "FILE", with: "<stdin>"))
  }

  @Test func settingsFromAFile() throws {
    let directory = try scratch()
    let path = try trace(Self.holdThenTaps, in: directory)
    try write(#"{"scrubDelay": 0.3}"#, to: "b.json", in: directory)
    let run = try pagetrace(["diff", "--b", "@b.json", path], in: directory)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout == Self.holdThenTapsDiff.replacingOccurrences(of: "FILE", with: path))
    try write(#"{"scrubDelya": 0.3}"#, to: "bad.json", in: directory)
    let bad = try pagetrace(["diff", "--b", "@bad.json", path], in: directory)
    #expect(bad.status == 65)
    #expect(
      bad.stderr.contains(
        #"bad.json:1:2: expected a configuration key, found the unknown key "scrubDelya" (did you mean "scrubDelay"?)"#
      ))
    let missing = try pagetrace(["diff", "--b", "@none.json", path], in: directory)
    #expect(missing.status == 66)
    #expect(missing.stdout == "")
  }

  @Test(arguments: [
    (
      ["--b", "scrubDelya=0.3"],
      #"scrubDelya=0.3: expected a configuration key, found the unknown key "scrubDelya" (did you mean "scrubDelay"?)"#
    ),
    (["--b", "scrubDelay=-1"], #"scrubDelay=-1: expected a number >= 0 for "scrubDelay""#),
    (["--b", "profile=andriod"], "did you mean 'android'?"),
    (["--b", "control=1,2,3"], "control=1,2,3: expected x,y,width,height, found '1,2,3'"),
    (["--b", "pages"], "expected KEY=VALUE, @FILE or profile=NAME, found 'pages'"),
    (["--b", ""], "expected KEY=VALUE, @FILE or profile=NAME, found ''"),
    (["--a", "continuous=yes"], #"continuous=yes: expected true or false for "continuous""#),
    ([], "give --a SETTINGS, --b SETTINGS or both"),
    (["--b", "pages=3", "--format", "xml"], "invalid value for '--format'"),
  ])
  func badSettings(_ arguments: [String], _ message: String) throws {
    let path = repository.appendingPathComponent("Traces/profiles.jsonl").path
    let run = try pagetrace(["diff"] + arguments + [path])
    #expect(run.status == 64)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stdout == "")
  }

  /// Settings may set frames and combine keys; a later key wins.
  @Test func framesAndSeveralKeys() throws {
    let directory = try scratch()
    let path = try trace(Self.holdThenTaps, in: directory)
    // The same control, given again, with the same scrubDelay given twice (the later wins).
    let run = try pagetrace(
      [
        "diff", "--a", "control=0,780,390,30,scrubDelay=0.3",
        "--b", #"scrubDelay=0.1,control={"x":0,"y":780,"width":390,"height":30},scrubDelay=0.3"#,
        path,
      ], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "differences: 0 (strokes 0 of 2, events 0 of 3, timer 0)\n")
  }

  /// A data error is 65 as in every command, not 1.
  @Test func badDataIsADataError() throws {
    let directory = try scratch()
    let path = try trace(Self.holdThenTaps + "{\"t\":1}\n", in: directory)
    let run = try pagetrace(["diff", "--b", "scrubDelay=0.3", path], in: directory)
    #expect(run.status == 65)
    #expect(run.stderr.contains("\(path):9:"))
  }
}
