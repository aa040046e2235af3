import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `pagetrace render`: well-formed SVG with one mark per transition.
@Suite struct RenderTests {
  final class Counter: NSObject, XMLParserDelegate {
    var transitions = 0
    var root: String?
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      if root == nil { root = name }
      if attributes["class"] == "transition" { transitions += 1 }
    }
  }

  @Test(
    arguments: [("scrub", nil), ("sessions", "a"), ("timer", nil), ("windowed-jog", nil)]
      as [(String, String?)])
  func theTimelineIsWellFormedWithOneMarkPerTransition(name: String, session: String?) throws {
    let trace = repository.appendingPathComponent("Traces/\(name).jsonl").path
    let sessionArguments = session.map { ["--session", $0] } ?? []
    let run = try pagetrace(["render", trace] + sessionArguments)
    #expect(run.status == 0, "\(run.stderr)")
    let parser = XMLParser(data: Data(run.stdout.utf8))
    let counter = Counter()
    parser.delegate = counter
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    #expect(counter.root == "svg")
    let transitions = try pagetrace(["replay", trace]).records.filter {
      $0["session"] as? String == session
    }
    #expect(transitions.count > 0)
    #expect(counter.transitions == transitions.count)
  }

  @Test func theREADMEExampleIsCurrent() throws {
    // docs/scrub-timeline.svg is what `pagetrace render Traces/scrub.jsonl` draws today.
    let run = try pagetrace([
      "render", repository.appendingPathComponent("Traces/scrub.jsonl").path,
    ])
    let committed = try String(
      contentsOf: repository.appendingPathComponent("docs/scrub-timeline.svg"), encoding: .utf8)
    #expect(run.stdout == committed)
  }
}

/// `pagetrace render`: relative time, `--start`/`--end`, `--list-sessions`, missing sessions.
extension RenderTests {
  /// The default session taps at 0 and 1 (0 → 1 at 0.05, 1 → 2 at 1.05); session `a` taps
  /// at 0.5 (its own control: 0 → 1 at 0.55).
  static let mixed =
    ([header] + [
      #"{"t":0,"touch":"down","id":1,"x":300,"y":795}"#,
      #"{"t":0.05,"touch":"up","id":1,"x":300,"y":795}"#,
      #"{"t":0.5,"session":"a","touch":"down","id":1,"x":300,"y":795}"#,
      #"{"t":0.55,"session":"a","touch":"up","id":1,"x":300,"y":795}"#,
      #"{"t":1,"touch":"down","id":1,"x":300,"y":795}"#,
      #"{"t":1.05,"touch":"up","id":1,"x":300,"y":795}"#,
    ]).joined(separator: "\n") + "\n"

  func marks(_ svg: String) -> Int { svg.matches(of: /class="transition"/).count }

  @Test func epochMillisecondsAreDrawnFromZero() throws {
    // A recording in milliseconds since 1970, as Touchalytics: the axis reads 0, 0.1, …
    let directory = try scratch()
    let csv = [
      "1334618256160,0,300,795", "1334618256210,1,300,795", "1334618257160,0,300,795",
      "1334618257210,1,300,795",
    ].joined(separator: "\n")
    try write(csv + "\n", to: "user.csv", in: directory)
    let run = try pagetrace(
      [
        "render", "user.csv", "--from", "csv", "--columns", "t=1,phase=2,x=3,y=4",
        "--time-unit", "ms", "--pages", "8", "--control", "0,780,390,30",
      ], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    // The origin as a date (GNU date: `date -u -d @1334618256.16`) and as the trace's time.
    #expect(
      run.stdout.contains("0 s is 2012-04-16 23:17:36.16 UTC (t = 1334618256.16 s in the trace)"))
    let labels = run.stdout.matches(of: /<text x="[\d.]+" y="531">([^<]*)<\/text>/).map {
      String($0.1)
    }
    #expect(labels.first == "0" && labels.last == "1", "\(labels)")
    #expect(!run.stdout.contains(">1334618256<"))
    #expect(run.stdout.contains("<title>0.05 s (t 1334618256.21): 0 → 1, tap, animated</title>"))
  }

  @Test func startAndEndPickAStretchOfTheSession() throws {
    let directory = try scratch()
    try write(Self.mixed, to: "t.jsonl", in: directory)
    let whole = try pagetrace(["render", "t.jsonl"], in: directory)
    #expect(whole.status == 0 && marks(whole.stdout) == 2, "\(whole.stderr)")
    let late = try pagetrace(["render", "t.jsonl", "--start", "0.5"], in: directory)
    #expect(late.status == 0, "\(late.stderr)")
    #expect(marks(late.stdout) == 1)
    #expect(late.stdout.contains("<title>1.05 s: 1 → 2, tap, animated</title>"))
    // To the session's own end (its last event at 1.05 s), not the margin drawn after it.
    #expect(late.stdout.contains("drawn from 0.5 s to 1.05 s"))
    let early = try pagetrace(["render", "t.jsonl", "--end=0.5"], in: directory)
    #expect(early.status == 0 && marks(early.stdout) == 1, "\(early.stderr)")
    #expect(early.stdout.contains("<title>0.05 s: 0 → 1, tap, animated</title>"))
    let between = try pagetrace(
      ["render", "t.jsonl", "--start", "0.2", "--end", "0.9"], in: directory)
    #expect(between.status == 0 && marks(between.stdout) == 0, "\(between.stderr)")
    #expect(between.stdout.contains("drawn from 0.2 s to 0.9 s"))
  }

  @Test func aWindowAfterTheSessionIsADataError() throws {
    let directory = try scratch()
    try write(Self.mixed, to: "t.jsonl", in: directory)
    let run = try pagetrace(
      ["render", "t.jsonl", "--session", "a", "--start", "1", "-o", "a.svg"], in: directory)
    #expect(run.status == 65)
    #expect(
      run.stderr
        == "pagetrace: error: t.jsonl: --start 1 is after the session's last event, at 0.05 s\n")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("a.svg").path))
  }

  @Test(arguments: [
    ["--start", "-1"], ["--end", "x"], ["--start", "nan"], ["--start", "2", "--end", "1"],
    ["--start", "1", "--end", "1"], ["--end", "0"], ["--list-sessions", "--session", "a"],
    ["--list-sessions", "--end", "1"],
  ])
  func badWindowsAreUsageErrors(arguments: [String]) throws {
    let directory = try scratch()
    try write(Self.mixed, to: "t.jsonl", in: directory)
    let run = try pagetrace(["render", "t.jsonl"] + arguments, in: directory)
    #expect(run.status == 64, "\(arguments)")
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("pagetrace: error: "), "\(run.stderr)")
  }

  @Test func listSessionsPrintsOneLinePerSession() throws {
    let directory = try scratch()
    try write(Self.mixed, to: "t.jsonl", in: directory)
    let run = try pagetrace(["render", "t.jsonl", "--list-sessions"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout == "<default>\t4 events\t1.05 s\tt 0 – 1.05\na\t2 events\t0.05 s\tt 0.5 – 0.55\n")
    // The committed multi-session scenario, with its empty name, into a file.
    let trace = repository.appendingPathComponent("Traces/sessions.jsonl").path
    let listed = try pagetrace(
      ["render", trace, "--list-sessions", "-o", "list.txt"], in: directory)
    #expect(listed.status == 0 && listed.stdout.isEmpty, "\(listed.stderr)")
    let text = try String(
      contentsOf: directory.appendingPathComponent("list.txt"), encoding: .utf8)
    #expect(
      text.split(separator: "\n").map { $0.split(separator: "\t")[0] } == [
        "a", "b", "\"\"", "<default>",
      ])
  }

  /// Times too large to tell 10 ms apart and positions too far apart to subtract still give a
  /// drawing (once, a tick loop that stepped by 0.01 s from 1e22 s never ended).
  @Test(.timeLimit(.minutes(1))) func extremeTimesAndPositionsAreDrawnInBoundedTime() throws {
    let directory = try scratch()
    let traces = [
      "late.jsonl": [#"{"t":1e22,"key":"right"}"#],
      "far.jsonl": [
        #"{"t":0,"touch":"down","id":1,"x":-1.7e308,"y":795}"#,
        #"{"t":0.01,"touch":"move","id":1,"x":1.7e308,"y":795}"#,
        #"{"t":0.02,"touch":"up","id":1,"x":1.7e308,"y":795}"#,
      ],
    ]
    for (name, events) in traces {
      try write(([header] + events).joined(separator: "\n") + "\n", to: name, in: directory)
      let run = try pagetrace(["render", name], in: directory)
      #expect(run.status == 0, "\(name): \(run.stderr)")
      #expect(run.stdout.hasSuffix("</svg>\n"), "\(name)")
      #expect(run.stdout.utf8.count < 100_000, "\(name)")
    }
  }

  @Test func aMissingSessionIsADataError() throws {
    let directory = try scratch()
    try write(Self.mixed, to: "t.jsonl", in: directory)
    let run = try pagetrace(["render", "t.jsonl", "--session", "x", "-o", "x.svg"], in: directory)
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr
        == #"pagetrace: error: no input holds the session "x"; the sessions seen: "a", and events without a session"#
        + "\n")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.svg").path))
    // No default session: the same, worded for it.
    let named =
      [header]
      + (0..<7).map {
        #"{"t":\#($0),"session":"s\#($0)","key":"right"}"#
      }
    try write(named.joined(separator: "\n") + "\n", to: "named.jsonl", in: directory)
    let unnamed = try pagetrace(["render", "named.jsonl"], in: directory)
    #expect(unnamed.status == 65)
    #expect(
      unnamed.stderr
        == #"pagetrace: error: no input holds events without a session (drawn without --session); the sessions seen: "s0", "s1", "s2", "s3", "s4", "s5", "s6""#
        + "\n"
    )
    // A session that is there is drawn.
    let present = try pagetrace(["render", "t.jsonl", "--session", "a"], in: directory)
    #expect(present.status == 0 && marks(present.stdout) == 1, "\(present.stderr)")
  }
}
