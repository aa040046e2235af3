import PageTrace
import PageTraceIO

/// One page a researcher browses (`pagetrace report`, docs/behaviour/report.md): what the
/// inputs' replay did, gathered input by input from ``ReportObserver``s, written by ``html()``
/// as one self-contained HTML file (styles, script and data inline; nothing fetched).
///
/// Its figures are those of `stats --format jsonl`, exact; what it draws is bounded
/// (``timelineLimit`` timelines of at most ``ReportObserver/Limits`` each, ``sessionLimit``
/// rows of sessions), so the page stays small and quick however large the input.
///
/// ```swift
/// var observer = ReportObserver()
/// _ = observer.replay("Traces/scrub.jsonl", driver: ReplayDriver()) { print($0) }
/// var report = Report()
/// report.add(observer, name: "scrub.jsonl")
/// let page = report.html()  // "<!doctype html>…"
/// ```
public struct Report: Sendable {
  /// The most sessions whose timelines (and player) a report keeps, over all inputs.
  public static let timelineLimit = 24
  /// The most sessions listed in the table of sessions (every figure still counts them all).
  public static let sessionLimit = 2_000

  /// Each input's name and figures (``FileStatistics``, by session).
  public private(set) var files: [FileStatistics] = []
  /// The sessions listed, as JSON objects.
  var sessions: [String] = []
  /// Every session, listed or not.
  public private(set) var sessionCount = 0
  var strokes = StrokeDistributions()
  /// Each input's configuration, as JSON, and the guideline findings of each distinct one.
  var configurations: [String] = []
  var findings: [String] = []
  var linted: Set<String> = []
  /// Timelines kept so far.
  public private(set) var timelineCount = 0
  /// The "What if" section's data: a sweep's rows, as JSON (`null` without one).
  var whatIf = "null"
  /// The comparison of two configurations (`report --a … --b …`), as JSON (`null` without).
  var comparison = "null"
  /// Each session's timelines under A and B, for the comparing player.
  var sides: [String] = []
  /// The most differences listed (every one is counted).
  public static let differenceLimit = 2_000

  /// An empty report.
  public init() {}

  /// How many more timelines an input's observer may keep.
  public var timelinesLeft: Int { max(0, Self.timelineLimit - timelineCount) }

  /// Adds what `observer` gathered from one input, named `name`.
  public mutating func add(_ observer: ReportObserver, name: String) {
    let result = observer.statistics.result(name: name)
    let file = files.count
    files.append(FileStatistics(name: name, statistics: result.statistics))
    strokes.merge(observer.strokes)
    let configuration = observer.configuration
    let settings = Self.json(configuration)
    configurations.append(settings)
    if linted.insert(settings).inserted {
      for finding in GuidelineLint.check(configuration) {
        findings.append(
          "{\"file\":\(JSONText.string(name)),\"rule\":\(JSONText.string(finding.rule.id)),"
            + "\"severity\":\"\(finding.severity.rawValue)\",\"message\":\(JSONText.string(finding.message))}"
        )
      }
    }
    for session in observer.statistics.numberedSessions() {
      sessionCount += 1
      guard sessions.count < Self.sessionLimit else { continue }
      var timeline = "null"
      if session.number < observer.timelines.count, let kept = observer.timelines[session.number] {
        timeline = Self.json(kept)
        timelineCount += 1
      }
      sessions.append(
        "{\"file\":\(file),\"session\":\(session.name.map(JSONText.string) ?? "null"),"
          + "\"figures\":\(Self.tableFigures(session.statistics)),\"timeline\":\(timeline)}")
    }
  }

  /// Adds a sweep's figures, each combination's over every input (``Sweep/replay(_:driver:options:memoryBudget:report:)``
  /// merged input by input): the page's "What if" section charts each metric against the
  /// varied key and lists every row, with the values `sweep --format csv` writes.
  public mutating func addSweep(_ sweep: Sweep, figures: [TraceStatistics]) {
    let metrics = Sweep.metrics.map { metric in
      "{\"name\":\(JSONText.string(metric.name)),\"unit\":\(JSONText.string(metric.unit)),\"isCount\":\(metric.isCount)}"
    }
    let rows = zip(sweep.combinations, figures).map { combination, statistics in
      let varied = zip(sweep.axes, combination).map { axis, index in
        JSONText.string(axis.isNumeric ? axis.values[index].json : axis.values[index].text)
      }
      let values = Sweep.metrics.map { Sweep.text($0, $0.value(statistics)) ?? "null" }
      return
        "{\"vary\":[\(varied.joined(separator: ","))],\"values\":[\(values.joined(separator: ","))]}"
    }
    let members: [String] = [
      "\"keys\":[\(sweep.axes.map { JSONText.string($0.key) }.joined(separator: ","))]",
      "\"numeric\":[\(sweep.axes.map { String($0.isNumeric) }.joined(separator: ","))]",
      "\"metrics\":[\(metrics.joined(separator: ","))]",
      "\"rows\":[\(rows.joined(separator: ",\n"))]",
    ]
    whatIf = "{" + members.joined(separator: ",") + "}"
  }

  /// Adds the timelines of one input's sessions replayed under A (`a`) and B (`b`), for the
  /// player that shows both at a difference (at most ``timelineLimit`` sessions in all).
  public mutating func addSides(_ a: ReportObserver, _ b: ReportObserver, name: String) {
    guard let file = files.firstIndex(where: { $0.name == name }) else { return }
    let names = a.statistics.numberedSessions()
    for session in names where sides.count < Self.timelineLimit {
      let number = session.number
      guard number < a.timelines.count, number < b.timelines.count,
        let timelineA = a.timelines[number], let timelineB = b.timelines[number]
      else { continue }
      let members: [String] = [
        "\"file\":\(file)", "\"session\":\(session.name.map(JSONText.string) ?? "null")",
        "\"configurations\":[\(Self.json(a.configuration)),\(Self.json(b.configuration))]",
        "\"timelines\":[\(Self.json(timelineA)),\(Self.json(timelineB))]",
      ]
      sides.append("{" + members.joined(separator: ",") + "}")
    }
  }

  /// Adds the comparison of configurations `a` and `b` (as `diff` takes them): the first
  /// ``differenceLimit`` of its `differences` (`diff --format jsonl` lines) and its counts.
  public mutating func addComparison(
    a: String, b: String, differences: [String], of diff: ConfigurationDiff
  ) {
    let summary: [String] = [
      "\"differences\":\(diff.differences)", "\"strokes\":\(diff.strokes)",
      "\"strokesDiffering\":\(diff.strokesDiffering)", "\"events\":\(diff.events)",
      "\"eventsDiffering\":\(diff.eventsDiffering)", "\"timerDiffering\":\(diff.timerDiffering)",
    ]
    let lines = differences.prefix(Self.differenceLimit).map {
      $0.hasSuffix("\n") ? String($0.dropLast()) : $0
    }
    let members: [String] = [
      "\"a\":\(JSONText.string(a))", "\"b\":\(JSONText.string(b))",
      "\"summary\":{\(summary.joined(separator: ","))}",
      "\"differences\":[\(lines.joined(separator: ",\n"))]",
      "\"sides\":[\(sides.joined(separator: ",\n"))]",
    ]
    comparison = "{" + members.joined(separator: ",") + "}"
  }

  /// The causes of transitions, in the order the page's records number them (kept, so that
  /// numbering a record makes no array).
  static let causes = TransitionCause.allCases
  /// The interaction states, in the order the page's records number them.
  static let states = InteractionState.allCases

  /// A list of words as a JSON array.
  static func json(_ words: [String]) -> String {
    "[" + words.map { "\"\($0)\"" }.joined(separator: ",") + "]"
  }

  /// What the table of sessions shows of a session's figures.
  static func tableFigures(_ s: TraceStatistics) -> String {
    let strokes = StrokeClassifier.Kind.allCases.map { "\"\($0.rawValue)\":\(s.strokes[$0] ?? 0)" }
    let members: [String] = [
      "\"events\":\(s.events)", "\"transitions\":\(s.transitions)",
      "\"strokes\":{\(strokes.joined(separator: ","))}", "\"scrubs\":\(s.scrubs)",
    ]
    return "{" + members.joined(separator: ",") + "}"
  }

  /// The page: HTML, its styles, script and data inline.
  public func html() -> String {
    var total = files.first?.statistics ?? TraceStatistics()
    for file in files.dropFirst() { total.merge(file.statistics) }
    let names = files.map { JSONText.string($0.name) }.joined(separator: ",")
    let perFile = files.map { "{" + StatisticsText.figures($0.statistics) + "}" }
    let members: [String] = [
      "\"files\":[\(names)]", "\"totals\":{\(StatisticsText.figures(total))}",
      "\"perFile\":[\(perFile.joined(separator: ","))]",
      "\"configurations\":[\(configurations.joined(separator: ","))]",
      "\"sessionCount\":\(sessionCount)", "\"sessionLimit\":\(Self.sessionLimit)",
      "\"timelineLimit\":\(Self.timelineLimit)",
      "\"causes\":\(Self.json(Self.causes.map(\.rawValue)))",
      "\"states\":\(Self.json(Self.states.map(\.rawValue)))",
      "\"sessions\":[\(sessions.joined(separator: ",\n"))]", "\"strokes\":\(strokes.json)",
      "\"lint\":[\(findings.joined(separator: ","))]", "\"whatIf\":\(whatIf)",
      "\"comparison\":\(comparison)",
    ]
    let data = "{" + members.joined(separator: ",") + "}"
    // Inside a script element only `</` could end it early: JSON reads `<\/` as `</`.
    let embedded = data.replacing("</", with: "<\\/")
    let title = files.count == 1 ? files[0].name : "\(files.count) inputs"
    return ReportPage.html(title: Self.escaped(title), data: embedded)
  }

  /// Text for HTML: `&`, `<`, `>` and `"` escaped.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }

  /// What the player needs of a configuration, as JSON.
  static func json(_ configuration: PageControlConfiguration) -> String {
    let control = configuration.control.map { rect in
      "{\"x\":\(JSONText.number(rect.x)),\"y\":\(JSONText.number(rect.y)),"
        + "\"width\":\(JSONText.number(rect.width)),\"height\":\(JSONText.number(rect.height))}"
    }
    let pages: String = configuration.pages.map { String($0) } ?? "null"
    let members: [String] = [
      "\"pages\":\(pages)", "\"startingPage\":\(configuration.startingPage)",
      "\"control\":\(control ?? "null")", "\"direction\":\"\(configuration.direction.rawValue)\"",
      "\"vertical\":\(configuration.direction.isVertical)",
      "\"style\":\"\(configuration.style.rawValue)\"", "\"continuous\":\(configuration.continuous)",
      "\"enabled\":\(configuration.enabled)", "\"profile\":\"\(configuration.profile.name)\"",
    ]
    return "{" + members.joined(separator: ",") + "}"
  }

  /// A timeline as JSON: its times, its samples as flat arrays, its records.
  static func json(_ timeline: ReportTimeline) -> String {
    func numbers(_ values: [Double]) -> String {
      "[" + values.map(JSONText.number).joined(separator: ",") + "]"
    }
    let samples = timeline.samples
    // What is drawn needs no more: times to 0.1 ms, places to 0.1 pt.
    func rounded(_ values: [Double], _ scale: Double) -> String {
      numbers(values.map { ($0 * scale).rounded() / scale })
    }
    let members: [String] = [
      "\"start\":\(JSONText.number(timeline.start))", "\"end\":\(JSONText.number(timeline.end))",
      "\"cutAt\":\(timeline.cutAt.map(JSONText.number) ?? "null")",
      "\"sampleStride\":\(timeline.stride)",
      "\"t\":\(rounded(samples.map(\.t), 1e4))", "\"x\":\(rounded(samples.map(\.x), 10))",
      "\"y\":\(rounded(samples.map(\.y), 10))",
      "\"stroke\":[\(samples.map { String($0.stroke) }.joined(separator: ","))]",
      "\"phase\":[\(samples.map { String($0.phase) }.joined(separator: ","))]",
      "\"records\":[\(timeline.records.joined(separator: ","))]",
    ]
    return "{" + members.joined(separator: ",") + "}"
  }
}
