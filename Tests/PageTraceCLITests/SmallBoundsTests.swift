import Foundation
import Testing

/// The smaller points of issue 20, item 14: messages and options at their edges.
@Suite struct SmallBoundsTests {
  @Test func setPagesAboveTheLimitSaysTheRangeAsTheHeaderDoes() throws {
    let directory = try scratch()
    try write(
      header + "\n" + #"{"t":1,"set":{"pages":2000000}}"# + "\n", to: "p.jsonl", in: directory)
    let run = try pagetrace(["replay", "p.jsonl"], in: directory)
    #expect(run.status == 65)
    // Column 23: the value after `{"t":1,"set":{"pages":`.
    #expect(
      run.stderr.hasPrefix(
        #"p.jsonl:2:23: expected an integer from 0 to 1048576 for "set.pages", found 2000000"#))
    let spaced = try pagetrace(
      ["replay", "-"], in: directory,
      input: Data((header + "\n" + #"{"t":1,"set": {"current":1, "pages" : 2e6}}"# + "\n").utf8))
    #expect(
      spaced.stderr.hasPrefix(
        #"<stdin>:2:39: expected an integer from 0 to 1048576 for "set.pages", found 2e6"#))
    // The header says the same of its own key.
    let head = header.replacingOccurrences(of: #""pages":8"#, with: #""pages":2000000"#)
    try write(head + "\n", to: "h.jsonl", in: directory)
    #expect(
      try pagetrace(["replay", "h.jsonl"], in: directory).stderr.contains(
        #"expected an integer from 0 to 1048576 for "pages", found 2000000"#))
  }

  @Test func emptyPhaseMapsAndQuoteDelimitersAreRefused() throws {
    let directory = try scratch()
    try write("t,phase,x,y,id\n0,0,1,2,1\n", to: "c.csv", in: directory)
    let common = [
      "replay", "--from", "csv", "--columns", "t=1,phase=2,x=3,y=4,id=5", "--header",
      "--time-unit", "s", "--pages", "8", "--control", "0,780,390,30", "c.csv",
    ]
    for (flags, message) in [
      (
        ["--phase-map", ""],
        "invalid value for '--phase-map': expected CODE=down|move|up|cancel, found ''"
      ),
      (
        ["--phase-map", "0=down,,1=up"],
        "invalid value for '--phase-map': expected CODE=down|move|up|cancel, found ''"
      ),
      (
        ["--delimiter", "\""],
        "invalid value for '--delimiter': expected a character other than '\"', a line feed or a carriage return, found '\"'"
      ),
      (
        ["--delimiter", "\n"],
        "invalid value for '--delimiter': expected a character other than '\"', a line feed or a carriage return, found '\n'"
      ),
    ] {
      let run = try pagetrace(common + flags, in: directory)
      #expect(run.status == 64, "\(flags)")
      #expect(run.stderr.hasPrefix("pagetrace: error: " + message), "\(run.stderr)")
    }
    // What stays accepted: a one-entry map, a semicolon.
    #expect(try pagetrace(common + ["--phase-map", "0=down"], in: directory).status == 0)
    try write("t;phase;x;y;id\n0;0;1;2;1\n", to: "c.csv", in: directory)
    #expect(try pagetrace(common + ["--delimiter", ";"], in: directory).status == 0)
  }

  /// dx = 1.7e308 − (−1.7e308) overflows, and so do the path, the peak speed and the velocity
  /// along x: none has a value, so the JSON line has `null` and the CSV row leaves the cells
  /// empty.
  @Test func overflowedNumbersOfClassifyHaveNoValue() throws {
    let directory = try scratch()
    let lines = [
      header,
      #"{"t":0,"touch":"down","id":1,"x":-1.7e308,"y":400}"#,
      #"{"t":0.01,"touch":"move","id":1,"x":1.7e308,"y":400}"#,
      #"{"t":0.02,"touch":"up","id":1,"x":1.7e308,"y":400}"#,
    ]
    try write(lines.joined(separator: "\n") + "\n", to: "o.jsonl", in: directory)
    let json = try pagetrace(["classify", "o.jsonl"], in: directory)
    #expect(json.status == 0)
    #expect(
      json.stdout
        == #"{"session":null,"id":"1","kind":"swipe","start":0,"end":0.02,"duration":0.02,"x0":-1.7e+308,"y0":400,"x1":1.7e+308,"y1":400,"dx":null,"dy":0,"path":null,"peakSpeed":null,"velocity":null,"axis":"x","swipeRule":"container","target":"outside","outcome":"none","from":null,"to":null,"transitions":0,"file":"o.jsonl"}"#
        + "\n")
    let csv = try pagetrace(["classify", "--format", "csv", "o.jsonl"], in: directory)
    #expect(
      csv.stdout
        == "session,id,kind,start,end,duration,x0,y0,x1,y1,dx,dy,path,peakSpeed,velocity,axis,swipeRule,target,outcome,from,to,transitions,file\n"
        + ",1,swipe,0,0.02,0.02,-1.7e+308,400,1.7e+308,400,,0,,,,x,container,outside,none,,,0,o.jsonl\n"
    )
    #expect(!csv.stdout.contains("null"))
  }

  /// The documented largest output for an input: at most 10^6 timer advances, one record
  /// each, before an event. Three `set` lines 999.5 s apart under a wrapping 1 ms timer (which
  /// starts at the first event).
  @Test func aWrappingTimerWritesAtMostAMillionRecordsPerEvent() throws {
    let directory = try scratch()
    let timed = header.replacingOccurrences(
      of: #""pages":8"#,
      with: #""pages":8,"progress":{"duration":0.001,"resetsToInitialPageAfterEnd":true}"#)
    let lines = [
      timed, #"{"t":0,"set":{"pages":8}}"#, #"{"t":999.5,"set":{"pages":8}}"#,
      #"{"t":1999,"set":{"pages":8}}"#,
    ]
    try write(lines.joined(separator: "\n") + "\n", to: "w.jsonl", in: directory)
    let stats = try pagetrace(["stats", "--format", "json", "w.jsonl"], in: directory)
    #expect(stats.status == 0)
    let transitions = stats.stdout.split(separator: "\"transitions\":").dropFirst().first?
      .prefix { $0.isNumber }
    // 999,500 advances before each of the last two events (1 ms apart): under 10^6 each.
    let count = Int(transitions ?? "") ?? -1
    #expect(count > 1_998_000 && count <= 1_999_000, "\(count)")
    // A gap of more than 10^6 durations is refused at the event's t.
    try write(
      [timed, #"{"t":0,"set":{"pages":8}}"#, #"{"t":1000.5,"set":{"pages":8}}"#]
        .joined(separator: "\n") + "\n",
      to: "x.jsonl", in: directory)
    let refused = try pagetrace(["stats", "x.jsonl"], in: directory)
    #expect(refused.status == 65)
    #expect(refused.stderr.hasPrefix("x.jsonl:3:6: expected a time within 1000000 advances"))
  }
}
