import Foundation
import PageTrace
import PageTraceAnalysis
import PageTraceIO
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

// MARK: - Support

/// What an XML parse of a rendered document found.
final class SVGSummary: NSObject, XMLParserDelegate {
  var error: Error?
  var classes: [String: Int] = [:]
  var elements: [String: Int] = [:]
  var texts: [String] = []
  var root: String?
  var rootAttributes: [String: String] = [:]
  var polylinePointCounts: [Int] = []
  /// The points of each polyline, by the `data-axis` of its group (`""`: none).
  var polylinesByAxis: [String: [[(x: Double, y: Double)]]] = [:]
  /// The ids of `clipPath` elements.
  var clipPathIDs: [String] = []
  /// The `clip-path` attribute of each element with a class, by class (`nil`: none).
  var clipPathsByClass: [String: [String?]] = [:]
  /// The texts inside `<g class="…">` groups, by the group's class.
  var textsByGroup: [String: [String]] = [:]
  private var text = ""
  private var groups: [String?] = []
  private var groupAxes: [String?] = []

  static func parse(_ svg: String) -> SVGSummary {
    let summary = SVGSummary()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = summary
    if !parser.parse() { summary.error = summary.error ?? parser.parserError }
    return summary
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    if root == nil {
      root = name
      rootAttributes = attributes
    }
    elements[name, default: 0] += 1
    if let value = attributes["class"] {
      classes[value, default: 0] += 1
      clipPathsByClass[value, default: []].append(attributes["clip-path"])
    }
    if name == "clipPath", let id = attributes["id"] { clipPathIDs.append(id) }
    if name == "g" {
      groups.append(attributes["class"])
      groupAxes.append(attributes["data-axis"])
    }
    if name == "polyline", let points = attributes["points"] {
      polylinePointCounts.append(points.split(separator: " ").count)
      let pairs = points.split(separator: " ").map { pair in
        let xy = pair.split(separator: ",").map { Double($0) ?? .nan }
        return (x: xy.first ?? .nan, y: xy.last ?? .nan)
      }
      polylinesByAxis[(groupAxes.last ?? nil) ?? "", default: []].append(pairs)
    }
    text = ""
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    if name == "text" || name == "title" {
      texts.append(text)
      if name == "text", let group = groups.last ?? nil {
        textsByGroup[group, default: []].append(text)
      }
    }
    if name == "g" {
      groups.removeLast()
      groupAxes.removeLast()
    }
    text = ""
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
}

let control = Rect(x: 0, y: 780, width: 390, height: 30)
let here = URL(fileURLWithPath: #filePath)
let packageRoot = here.deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// Replays events through the engine, feeding the timeline as things happen.
func replay(
  _ configuration: PageControlConfiguration, _ events: [PageControlEvent], session: String?,
  from windowStart: Double? = nil, to windowEnd: Double? = nil
) throws -> (svg: String, records: [PageControlRecord]) {
  var timeline = SVGTimeline(configuration: configuration, session: session)
  timeline.windowStart = windowStart
  timeline.windowEnd = windowEnd
  var engine = try PageControlEngine(configuration)
  var records: [PageControlRecord] = []
  for event in events {
    timeline.add(event)
    try engine.handle(event) { record in
      records.append(record)
      timeline.add(record)
    }
  }
  return (timeline.render(), records)
}

func transitionCount(_ records: [PageControlRecord], session: String? = nil) -> Int {
  records.filter {
    if case .transition = $0.content { $0.session == session } else { false }
  }.count
}

/// Reads a trace with the library's own reader (``TraceReader``): the header's configuration
/// (over the defaults, as `pagetrace replay` resolves it) and every event, of every kind.
func readTrace(_ path: String) throws -> (PageControlConfiguration, [PageControlEvent]) {
  var reader = try TraceReader(opening: path)
  var header = ConfigurationPatch()
  var headerLine = 1
  var events: [PageControlEvent] = []
  while let item = try reader.next() {
    switch item {
    case .blank, .note: break
    case .header(let patch):
      header = patch
      headerLine = reader.lineNumber
    case .event(let event, _): events.append(event)
    }
  }
  return (try header.resolve(file: path, line: headerLine), events)
}

/// The transitions, by session, in a trace's hand-derived `Traces/expected/NAME.jsonl`: an
/// expectation independent of the engine and of the reader above.
func expectedTransitions(_ path: String) throws -> [String?: Int] {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  var counts: [String?: Int] = [:]
  for line in text.split(separator: "\n") {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    guard object["type"] as? String == "transition" else { continue }
    counts[object["session"] as? String, default: 0] += 1
  }
  return counts
}

/// A deterministic generator.
struct LCG {
  var state: UInt64
  mutating func next() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53)
  }
}

/// Ten minutes of input at 120 Hz: scrubs back and forth, taps, pointer clicks and keys.
func longSession(minutes: Double = 10) -> [PageControlEvent] {
  var random = LCG(state: 42)
  var events: [PageControlEvent] = []
  var t = 0.5
  var id = 0
  let end = minutes * 60
  while t < end {
    let choice = random.next()
    id += 1
    let touch = TouchID.number(Double(id))
    if choice < 0.55 {
      // A scrub: hold, then sweep across the control and back, sampled at 120 Hz.
      var x = 20 + random.next() * 350
      events.append(PageControlEvent(time: t, .touch(.down, id: touch, x: x, y: 795)))
      let duration = 1 + random.next() * 4
      let speed = 150 + random.next() * 300
      var direction = random.next() < 0.5 ? -1.0 : 1.0
      var s = 0.0
      while s < duration {
        s += 1.0 / 120
        if s > 0.12 { x += direction * speed / 120 }
        if x > 385 || x < 5 { direction = -direction }
        events.append(
          PageControlEvent(time: t + s, .touch(.move, id: touch, x: x, y: 795 + random.next())))
      }
      events.append(PageControlEvent(time: t + s + 0.005, .touch(.up, id: touch, x: x, y: 795)))
      t += s + 0.2 + random.next() * 0.5
    } else if choice < 0.8 {
      let x = 10 + random.next() * 370
      events.append(PageControlEvent(time: t, .touch(.down, id: touch, x: x, y: 795)))
      events.append(PageControlEvent(time: t + 0.06, .touch(.up, id: touch, x: x, y: 795)))
      t += 0.3 + random.next() * 0.6
    } else if choice < 0.9 {
      let x = 10 + random.next() * 370
      events.append(PageControlEvent(time: t, .pointer(.down, x: x, y: 795)))
      events.append(PageControlEvent(time: t + 0.03, .pointer(.move, x: x + 2, y: 795)))
      events.append(PageControlEvent(time: t + 0.08, .pointer(.up, x: x + 2, y: 795)))
      t += 0.4 + random.next()
    } else {
      events.append(PageControlEvent(time: t, .focus(true)))
      events.append(PageControlEvent(time: t + 0.1, .key(random.next() < 0.5 ? .left : .right)))
      events.append(PageControlEvent(time: t + 0.2, .focus(false)))
      t += 0.5 + random.next()
    }
  }
  return events
}

/// Taps at x (right of the middle, so one page on with 8 pages) at each time, 50 ms each.
func taps(at times: [Double], x: Double = 300) -> [PageControlEvent] {
  times.flatMap { t in
    [
      PageControlEvent(time: t, .touch(.down, id: 1, x: x, y: 795)),
      PageControlEvent(time: t + 0.05, .touch(.up, id: 1, x: x, y: 795)),
    ]
  }
}

/// Writes a rendered SVG for a person to look at, under the temporary directory.
func write(_ svg: String, _ name: String) throws {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("pagetrace-svg").appendingPathComponent(name)
  try FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try svg.write(to: url, atomically: true, encoding: .utf8)
}

// MARK: - Tests

@Suite struct SVGTimelineTests {
  @Test func scrubScenarioRendersEveryTransition() throws {
    let (configuration, events) = try readTrace(_traces + "/scrub.jsonl")
    let (svg, records) = try replay(configuration, events, session: nil)
    let summary = SVGSummary.parse(svg)
    #expect(summary.error == nil)
    #expect(summary.root == "svg")
    #expect(summary.rootAttributes["viewBox"] == "0 0 1000 628")
    let transitions = transitionCount(records)
    #expect(transitions > 5)
    #expect(summary.classes["transition"] == transitions)
    #expect(summary.classes["pages"] == 1)
    #expect(summary.classes["legend"] == 1)
    #expect(summary.texts.contains("finger (pt along the axis)"))
    #expect(summary.texts.contains("0.166 s (t 1.166): 0 → 1, scrub, not animated"))
    #expect(summary.polylinePointCounts.count == 3)
    try write(svg, "scrub.svg")
  }

  @Test func everyTraceIsWellFormedAndCountsItsTransitions() throws {
    let directory = _traces
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.hasSuffix(".jsonl") }.sorted()
    #expect(names.count > 10)
    for name in names {
      let (configuration, events) = try readTrace("\(directory)/\(name)")
      // The hand-derived records of the trace (`profiles` as replayed without a flag: uikit).
      let stem = name.dropLast(".jsonl".count)
      let expectedName = stem == "profiles" ? "profiles.uikit" : stem
      let expected = try expectedTransitions("\(directory)/expected/\(expectedName).jsonl")
      let sessions = Set(events.map(\.session))
      #expect(Set(expected.keys).isSubset(of: sessions), "\(name)")
      for session in sessions {
        let (svg, records) = try replay(configuration, events, session: session)
        let summary = SVGSummary.parse(svg)
        #expect(summary.error == nil, "\(name)")
        let transitions = transitionCount(records, session: session)
        #expect(transitions == expected[session, default: 0], "\(name) \(session ?? "-")")
        #expect(
          summary.classes["transition", default: 0] == transitions, "\(name) \(session ?? "-")")
        if session == nil { try write(svg, "out/\(name.dropLast(6)).svg") }
      }
    }
  }

  /// The traces that need more than touches and a plain header: each really carries what it
  /// is named for (the reader once dropped `a11y` events, `profile`, `voiceOver` and
  /// `progress`, and these traces were then replayed as plain uikit without a complaint).
  @Test func theSpecialTracesAreReadWithWhatTheyAreFor() throws {
    let (accessibility, a11yEvents) = try readTrace(_traces + "/accessibility.jsonl")
    #expect(accessibility.voiceOver)
    let actions = a11yEvents.filter { if case .accessibility = $0.action { true } else { false } }
    #expect(actions.count >= 5, "\(actions.count) accessibility actions")
    let (_, a11yRecords) = try replay(accessibility, a11yEvents, session: nil)
    let announced = a11yRecords.filter {
      if case .announcement = $0.content { true } else { false }
    }
    #expect(!announced.isEmpty)
    let byAccessibility = a11yRecords.filter {
      if case .transition(let transition) = $0.content {
        transition.cause == .accessibility
      } else {
        false
      }
    }
    #expect(!byAccessibility.isEmpty)

    let (timer, timerEvents) = try readTrace(_traces + "/timer.jsonl")
    #expect(timer.progress != nil)
    let (_, timerRecords) = try replay(timer, timerEvents, session: nil)
    let advances = timerRecords.filter {
      if case .transition(let transition) = $0.content { transition.cause == .timer } else { false }
    }
    #expect(!advances.isEmpty)

    for (name, profile) in [
      ("legacy", Profile.legacy), ("fiori", .fiori), ("android", .android),
    ] {
      let (configuration, _) = try readTrace(_traces + "/\(name).jsonl")
      #expect(configuration.profile == profile, "\(name)")
    }
    let (fiori, _) = try readTrace(_traces + "/fiori.jsonl")
    #expect(fiori.voiceOver)
  }

  @Test func aOneSecondTapSequence() throws {
    var configuration = PageControlConfiguration(pages: 5, control: control)
    configuration.current = 9  // clamped to 4
    let events = [
      PageControlEvent(time: 0, .touch(.down, id: 1, x: 100, y: 795)),
      PageControlEvent(time: 0.05, .touch(.up, id: 1, x: 100, y: 795)),
      PageControlEvent(time: 0.5, .touch(.down, id: 1, x: 100, y: 795)),
      PageControlEvent(time: 0.55, .touch(.up, id: 1, x: 100, y: 795)),
      PageControlEvent(time: 1, .touch(.down, id: 1, x: 300, y: 795)),
      PageControlEvent(time: 1.05, .touch(.up, id: 1, x: 300, y: 795)),
    ]
    let (svg, records) = try replay(configuration, events, session: nil)
    let summary = SVGSummary.parse(svg)
    #expect(summary.error == nil)
    #expect(transitionCount(records) == 3)
    #expect(summary.classes["transition"] == 3)
    #expect(summary.texts.contains { $0.hasPrefix("0.05 s: 4 → 3, tap, animated") })
    #expect(summary.elements["circle", default: 0] >= 3)
    try write(svg, "taps.svg")
  }

  @Test func tenMinutesAt120HzStaysSmall() throws {
    // 72,000 samples in strokes and 5,000 transitions fed directly, with their states.
    var timeline = SVGTimeline(
      configuration: PageControlConfiguration(pages: 8, control: control), session: nil)
    var random = LCG(state: 7)
    var page = 0
    var samples = 0
    var transitions = 0
    let causes = TransitionCause.allCases
    for frame in 0..<72_000 {
      let t = Double(frame) / 120
      let phase = frame % 600  // a five-second stroke, then the next one
      let x = 195 + 180 * sin(t * 1.3) + random.next() * 4
      let action: TouchPhase = phase == 0 ? .down : phase == 599 ? .up : .move
      timeline.add(PageControlEvent(time: t, .touch(action, id: 1, x: x, y: 795)))
      samples += 1
      if frame % 14 == 0 && transitions < 5_000 {
        let cause = causes[Int(random.next() * Double(causes.count))]
        let to = page == 7 ? 6 : page == 0 ? 1 : page + (random.next() < 0.5 ? -1 : 1)
        let animated = cause != .scrub && cause != .jog
        timeline.add(
          PageControlRecord(
            time: t, .interaction(animated ? .discrete : .continuous)))
        timeline.add(
          PageControlRecord(
            time: t,
            .transition(
              PageTransition(
                from: page, to: to, animated: animated,
                interaction: animated ? .discrete : .continuous, cause: cause))))
        timeline.add(PageControlRecord(time: t + 0.05, .interaction(.none)))
        page = to
        transitions += 1
      }
    }
    #expect(samples == 72_000)
    #expect(transitions == 5_000)
    let svg = timeline.render()
    let bytes = svg.utf8.count
    #expect(bytes < 2_000_000, "\(bytes) bytes")
    let summary = SVGSummary.parse(svg)
    #expect(summary.error == nil)
    #expect(summary.classes["transition"] == 5_000)
    #expect(summary.classes["pages"] == 1)
    // At most about two points per pixel column per stroke, and the plot is 912 px wide.
    let points: Int = summary.polylinePointCounts.reduce(0, +)
    let bound: Int = 2 * 912 + 2 * 120 + 200
    #expect(points <= bound)
    try write(svg, "synthetic.svg")
  }

  @Test func aRealisticTenMinuteSessionThroughTheEngine() throws {
    let configuration = PageControlConfiguration(pages: 8, control: control)
    let events = longSession()
    #expect(events.count > 50_000)
    let (svg, records) = try replay(configuration, events, session: nil)
    #expect(svg.utf8.count < 2_000_000, "\(svg.utf8.count) bytes")
    let summary = SVGSummary.parse(svg)
    #expect(summary.error == nil)
    #expect(summary.classes["transition"] == transitionCount(records))
    try write(svg, "long.svg")
  }

  @Test func otherSessionsAreIgnored() throws {
    let configuration = PageControlConfiguration(pages: 8, control: control)
    let mine = [
      PageControlEvent(time: 1, session: "a", .touch(.down, id: 1, x: 250, y: 795)),
      PageControlEvent(time: 1.05, session: "a", .touch(.up, id: 1, x: 250, y: 795)),
    ]
    let theirs = [
      PageControlEvent(time: 0.5, session: "b", .touch(.down, id: 1, x: 300, y: 795)),
      PageControlEvent(time: 0.55, session: "b", .touch(.up, id: 1, x: 300, y: 795)),
      PageControlEvent(time: 3, .touch(.down, id: 1, x: 300, y: 795)),
      PageControlEvent(time: 3.05, .touch(.up, id: 1, x: 300, y: 795)),
    ]
    let mixed = (mine + theirs).sorted { $0.time < $1.time }
    let (alone, _) = try replay(configuration, mine, session: "a")
    let (together, records) = try replay(configuration, mixed, session: "a")
    #expect(transitionCount(records, session: "a") == 1)
    #expect(transitionCount(records, session: "b") == 1)
    #expect(transitionCount(records, session: nil) == 1)
    #expect(alone == together)
    #expect(SVGSummary.parse(together).classes["transition"] == 1)
  }

  @Test func textIsEscapedAndNumbersAreShort() throws {
    let name = "<a & \"b\" 'c'>\u{1}\u{7}"
    let configuration = PageControlConfiguration(pages: 3, control: control)
    let events = [
      PageControlEvent(time: 1.123456, session: name, .touch(.down, id: "x<&>", x: 250, y: 795)),
      PageControlEvent(time: 1.2, session: name, .touch(.up, id: "x<&>", x: 250, y: 795)),
    ]
    let (svg, _) = try replay(configuration, events, session: name)
    let summary = SVGSummary.parse(svg)
    #expect(summary.error == nil)
    #expect(summary.texts.contains { $0.hasPrefix("Session “<a & \"b\" 'c'>\u{FFFD}\u{FFFD}”") })
    // Outside tooltips, no number has more than two decimals.
    let withoutTitles = svg.replacing(/<title>[^<]*<\/title>/, with: "")
    #expect(withoutTitles.firstMatch(of: /\d\.\d{3}/) == nil)
  }

  @Test func anEpochTimedSessionIsDrawnFromZero() throws {
    // Touchalytics times are milliseconds since 1970: the axis starts at 0, not 1334618256.
    let origin = 1_334_618_256.16
    let configuration = PageControlConfiguration(pages: 8, control: control)
    let events = taps(at: [0, 2]).map {
      PageControlEvent(time: origin + $0.time, $0.action)
    }
    let (svg, records) = try replay(configuration, events, session: nil)
    #expect(transitionCount(records) == 2)
    let summary = SVGSummary.parse(svg)
    #expect(summary.error == nil)
    let labels = try #require(summary.textsByGroup["time-labels"])
    #expect(labels.first == "0")
    #expect(labels.last == "2")
    #expect(labels.allSatisfy { Double($0).map { (0...2.1).contains($0) } == true }, "\(labels)")
    #expect(
      summary.texts.contains(
        "time since the session's first event (s) · 0 s is 2012-04-16 23:17:36.16 UTC (t = 1334618256.16 s in the trace)"
      ))
    #expect(summary.texts.contains("0.05 s (t 1334618256.21): 0 → 1, tap, animated"))
    #expect(summary.texts.contains("Default session · 2.05 s"))
  }

  @Test func aSessionStartingAtZeroShowsNoTraceTimes() throws {
    let configuration = PageControlConfiguration(pages: 8, control: control)
    let (svg, _) = try replay(configuration, taps(at: [0, 2]), session: nil)
    let summary = SVGSummary.parse(svg)
    #expect(summary.texts.contains("time since the session's first event (s)"))
    #expect(summary.texts.contains("0.05 s: 0 → 1, tap, animated"))
  }

  @Test func aLargeControlsPageAxisSpansThePagesVisited() throws {
    var configuration = PageControlConfiguration(pages: 100_000, control: control)
    configuration.current = 50_000
    let (svg, records) = try replay(configuration, taps(at: [0, 1]), session: nil)
    #expect(transitionCount(records) == 2)
    let summary = SVGSummary.parse(svg)
    // 50,000 → 49,998 (the windowed dots put the current one right of x = 300), with one
    // page of margin on each side.
    #expect(summary.texts.contains("1.05 s: 49999 → 49998, tap, animated"))
    #expect(summary.texts.contains("page (index) · pages 49997–50001 of 0–99999"))
    let labels = try #require(summary.textsByGroup["page-labels"]).compactMap { Int($0) }
    #expect(labels == [49_997, 49_998, 49_999, 50_000, 50_001])
  }

  @Test(arguments: [(8, Array(0...7)), (20, [0, 5, 10, 15, 19])])
  func aSmallControlsPageAxisSpansEveryPage(pages: Int, expected: [Int]) throws {
    let configuration = PageControlConfiguration(pages: pages, control: control)
    let (svg, _) = try replay(configuration, taps(at: [0]), session: nil)
    let summary = SVGSummary.parse(svg)
    #expect(summary.texts.contains("page (index)"))
    #expect(try #require(summary.textsByGroup["page-labels"]).compactMap { Int($0) } == expected)
  }

  @Test func aWindowDrawsItsStretchFromTheStateBeforeIt() throws {
    let configuration = PageControlConfiguration(pages: 8, control: control)
    // Pages 0 → 1 at 0.05, → 2 at 1.05, → 3 at 2.05, → 4 at 3.05.
    let events = taps(at: [0, 1, 2, 3])
    let (svg, records) = try replay(configuration, events, session: nil, from: 1.5, to: 2.5)
    #expect(transitionCount(records) == 4)
    let summary = SVGSummary.parse(svg)
    #expect(summary.error == nil)
    #expect(summary.classes["transition"] == 1)
    #expect(summary.texts.contains("2.05 s: 2 → 3, tap, animated"))
    #expect(summary.texts.contains("Default session · 3.05 s · drawn from 1.5 s to 2.5 s"))
    #expect(summary.texts.contains { $0.contains("· 1 transition · 1 touch stroke ·") })
    let labels = try #require(summary.textsByGroup["time-labels"])
    #expect(labels.first == "1.5" && labels.last == "2.5", "\(labels)")
    // The step line starts at page 2 (y 422 of 322…462 for pages 7…0) at the left edge.
    #expect(svg.contains("<path class=\"pages\" d=\"M64 422H"))
    // Only an end: from the start to the session's end (3.05 s) and a 2% margin.
    let (tail, _) = try replay(configuration, events, session: nil, from: 2.5)
    let tailSummary = SVGSummary.parse(tail)
    #expect(tailSummary.classes["transition"] == 1)
    #expect(tailSummary.texts.contains("3.05 s: 3 → 4, tap, animated"))
    #expect(tailSummary.texts.contains { $0.hasSuffix("drawn from 2.5 s to 3.05 s") })
  }

  @Test func theLegendListsOnlyTheCausesDrawn() throws {
    let (configuration, events) = try readTrace(_traces + "/scrub.jsonl")
    let (svg, records) = try replay(configuration, events, session: nil)
    let causes = Set(
      records.compactMap { record -> TransitionCause? in
        if case .transition(let transition) = record.content { transition.cause } else { nil }
      })
    #expect(causes == [.tap, .scrub])
    let summary = SVGSummary.parse(svg)
    #expect(summary.classes["legend-cause"] == 2)
    let legend = try #require(summary.textsByGroup["legend"])
    #expect(legend.contains("tap") && legend.contains("scrub"))
    for cause in TransitionCause.allCases where !causes.contains(cause) {
      #expect(!legend.contains(cause.rawValue), "\(cause)")
    }
    // No transitions: no causes, and the legend says so.
    let (quiet, _) = try replay(configuration, [], session: nil)
    let quietSummary = SVGSummary.parse(quiet)
    #expect(quietSummary.classes["legend-cause"] == nil)
    #expect(quietSummary.textsByGroup["legend"]?.contains("none drawn") == true)
  }

  /// The second row lists only the marker styles, strokes and shadings the drawing holds.
  @Test(arguments: [
    ("scrub", ["animated", "not animated", "touch stroke", "discrete", "continuous", "platter"]),
    ("keyboard", ["animated", "not animated", "discrete"]),
    (
      "pointer-click",
      [
        "animated", "not animated", "touch stroke", "pointer press", "discrete", "continuous",
        "platter",
      ]
    ),
  ])
  func theLegendListsOnlyWhatIsDrawn(name: String, shown: [String]) throws {
    let (configuration, events) = try readTrace(_traces + "/\(name).jsonl")
    let (svg, _) = try replay(configuration, events, session: nil)
    let legend = try #require(SVGSummary.parse(svg).textsByGroup["legend"])
    let swatches = [
      "animated", "not animated", "touch stroke", "pointer press", "discrete", "continuous",
      "platter",
    ]
    for swatch in swatches {
      let listed = legend.contains { $0 == swatch || $0.hasPrefix(swatch + " ") }
      #expect(listed == shown.contains(swatch), "\(name): \(swatch)")
    }
  }

  @Test func fingerLinesAreClippedToTheirPlot() throws {
    let configuration = PageControlConfiguration(pages: 8, control: control)
    let events = [
      PageControlEvent(time: 0, .touch(.down, id: 1, x: 100, y: 795)),
      PageControlEvent(time: 0.5, .touch(.move, id: 1, x: 200, y: 795)),
      PageControlEvent(time: 1, .touch(.up, id: 1, x: 300, y: 795)),
      PageControlEvent(time: 1.5, .pointer(.down, x: 200, y: 795)),
      PageControlEvent(time: 1.6, .pointer(.up, x: 200, y: 795)),
    ]
    // A window that cuts the touch stroke: its line runs on past the plot's left edge.
    let (svg, _) = try replay(configuration, events, session: nil, from: 0.75)
    let summary = SVGSummary.parse(svg)
    #expect(summary.error == nil)
    #expect(summary.clipPathIDs == ["finger-plot"])
    #expect(summary.clipPathsByClass["touch"] == ["url(#finger-plot)"])
    #expect(summary.clipPathsByClass["pointer"] == ["url(#finger-plot)"])
    #expect(summary.polylinePointCounts == [2, 2])
    // The clip path is the finger plot's frame.
    #expect(
      svg.contains(
        "<clipPath id=\"finger-plot\">\n<rect x=\"64\" y=\"84\" width=\"912\" height=\"200\" />"))
  }

  @Test func anEmptyTimelineIsStillADocument() {
    let timeline = SVGTimeline(
      configuration: PageControlConfiguration(pages: 0, control: control), session: nil)
    let summary = SVGSummary.parse(timeline.render())
    #expect(summary.error == nil)
    #expect(summary.classes["transition"] == nil)
    #expect(summary.classes["pages"] == 1)
  }

  @Test func verticalAndMirroredAxesMeasureFromTheLeadingEdge() {
    for (direction, x, y) in [
      (LayoutDirection.rightToLeft, 290.0, 795.0), (.topToBottom, 10.0, 880.0),
      (.bottomToTop, 10.0, 780.0),
    ] {
      var configuration = PageControlConfiguration(
        pages: 4, control: Rect(x: 0, y: 780, width: 390, height: 200))
      configuration.direction = direction
      var timeline = SVGTimeline(configuration: configuration, session: nil)
      timeline.add(PageControlEvent(time: 0, .touch(.down, id: 1, x: x, y: y)))
      timeline.add(PageControlEvent(time: 1, .touch(.up, id: 1, x: x, y: y)))
      let summary = SVGSummary.parse(timeline.render())
      #expect(summary.error == nil)
      #expect(summary.polylinePointCounts == [2])
    }
  }
}

/// The repository's Traces/ directory, found from this file's path.
private let _traces: String = {
  var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)
  return parts.joined(separator: "/") + "/Traces"
}()
