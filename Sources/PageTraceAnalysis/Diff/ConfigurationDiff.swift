import PageTrace
import PageTraceIO

/// One page change or `detail` an event caused, as `diff` compares them.
struct _DiffChange {
  var time: Double
  /// The transition's cause; `nil` for a `detail`.
  var cause: TransitionCause?
  var from: Int
  var to: Int

  /// Whether the two did the same relative to the page each started on: the same time,
  /// cause and move (`to − from`); details are alike (docs/behaviour/what-if.md, "Diff").
  func isAlike(_ other: Self) -> Bool {
    time == other.time && cause == other.cause
      && (cause == nil || to - from == other.to - other.from)
  }

  /// Whether two lists of changes are alike, one by one.
  static func alike(_ a: [Self], _ b: [Self]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.isAlike($1) }
  }
}

extension StrokeOutcome {
  /// Whether the two did the same relative to the page each started on: the same word, number
  /// of transitions and move (`to − from`) (docs/behaviour/what-if.md, "Diff").
  func isAlike(_ other: Self) -> Bool {
    word == other.word && transitions == other.transitions
      && (to ?? 0) - (from ?? 0) == (other.to ?? 0) - (other.from ?? 0)
  }
}

/// What one accepted event did under one configuration (docs/behaviour/what-if.md, "Diff").
struct _DiffEventResult {
  var line = 0
  var time = 0.0
  var session: String?
  /// The event.
  var event = EngineEvent(time: 0, .focus(false))
  var isTouch = false
  /// Transitions and details it caused that belong to no stroke and are not the timer's.
  var changes: [_DiffChange] = []
  /// Timer transitions that fell due before it.
  var timer: [_DiffChange] = []
  /// The stroke it ended, with the line of its `down`, and what the control made of it.
  var stroke: (stroke: StrokeClassifier.Stroke, line: Int, outcome: StrokeOutcome)?
}

/// The replay observer of `diff` under one of the two configurations: hands the comparison
/// one result per accepted event.
struct DiffObserver: ReplayObserver {
  let side: Int
  let collector: ConfigurationDiff
  var classifier: StrokeClassifier?
  var outcomes = StrokeOutcomes()
  var names = TraceNames()
  /// By session number: whether its control follows a finger (as ``StrokeOutcomes`` sees it).
  var following: [Bool] = []
  /// The line of each finger's `down`, by session number and touch.
  var downLines: [Int: [TouchKey: Int]] = [:]
  var line = 0
  var current = _DiffEventResult()
  var closing: (stroke: StrokeClassifier.Stroke, touch: TouchKey, line: Int)?

  static var observesTrackedTouches: Bool { true }

  /// Stops the replay (within a few thousand events) when the output failed.
  var outputFailure: FileError? { collector.writer.failure }

  /// Whether `--first` found its difference: the replay may stop.
  var isDone: Bool { collector.stopped }

  init(side: Int, collector: ConfigurationDiff) {
    self.side = side
    self.collector = collector
  }

  mutating func begin(_ configuration: PageControlConfiguration) {
    classifier = StrokeClassifier(configuration)
  }

  mutating func name(_ session: SessionID, _ name: String) { names.set(name, of: session) }

  mutating func name(_ touch: TouchKey, _ name: String) { names.set(name, of: touch) }

  mutating func eventLine(_ line: Int) { self.line = line }

  mutating func willHandle(_ event: EngineEvent) {
    current = _DiffEventResult(
      line: line, time: event.time, session: names.name(of: event.session))
    current.event = event
    guard case .touch(let phase, let touch, _, _) = event.action else { return }
    current.isTouch = true
    if phase == .down {
      downLines[event.session.index, default: [:]][touch] = line
    }
    if let stroke = classifier?.handle(event, names: names) {
      let start = downLines[event.session.index]?.removeValue(forKey: touch) ?? line
      closing = (stroke, touch, start)
    } else if phase == .up || phase == .cancel {
      downLines[event.session.index]?.removeValue(forKey: touch)
    }
  }

  mutating func observe(_ record: EngineRecord) {
    let index = record.session.index
    let followed = index < following.count && following[index]
    outcomes.observe(record)
    switch record.content {
    case .transition(let change):
      let item = _DiffChange(
        time: record.time, cause: change.cause, from: change.from, to: change.to)
      switch change.cause {
      case .timer: current.timer.append(item)
      case .tap, .scrub, .jog, .flick, .swipe:
        // The stroke's, when a finger is followed (as ``StrokeOutcomes`` counts it).
        if !followed { current.changes.append(item) }
      default: current.changes.append(item)
      }
    case .detail(let page) where !followed:
      current.changes.append(_DiffChange(time: record.time, cause: nil, from: page, to: page))
    default: break
    }
  }

  mutating func didHandle(_ event: EngineEvent, trackedTouch: TouchKey?) {
    if let (stroke, touch, start) = closing {
      closing = nil
      current.stroke = (stroke, start, outcomes.end(session: event.session, touch: touch))
    }
    outcomes.follow(trackedTouch, session: event.session)
    let index = event.session.index
    if index >= following.count {
      following.append(contentsOf: repeatElement(false, count: index + 1 - following.count))
    }
    following[index] = trackedTouch != nil
    collector.take(current, side: side)
  }
}

/// Replays inputs under two configurations, A and B, decoding each once, pairs their results
/// event by event, and writes each stroke, other event and timer advance whose outcome
/// differs as it is found, as `pagetrace diff` does (docs/behaviour/what-if.md, "Diff").
///
/// ```swift
/// var a = ConfigurationPatch()
/// a.scrubDelay = 0.1
/// var b = ConfigurationPatch()
/// b.scrubDelay = 0.4
/// let diff = ConfigurationDiff(
///   writer: TextWriter(descriptor: .standardOutput, name: "<stdout>"), json: false,
///   stopsAtFirst: false)
/// diff.start(file: "scrub.jsonl", named: false)
/// _ = diff.compare("Traces/scrub.jsonl", a: a, b: b, driver: ReplayDriver()) { print($0) }
/// diff.writeSummary()
/// try diff.writer.flush()
/// ```
public final class ConfigurationDiff {
  /// Where the differences go.
  public var writer: TextWriter
  /// Where each difference's line goes instead of ``writer``, when set (the report keeps
  /// them); the summary still goes to ``writer``.
  public var lines: ((String) -> Void)?
  /// JSON Lines (`true`) or text lines.
  public let json: Bool
  /// Whether the comparison stops at the first difference.
  public let stopsAtFirst: Bool
  /// The input being compared, and whether lines name it (JSON Lines: with several inputs).
  var file = ""
  var namesFile = false
  /// Results of one side not yet paired, from `head` on.
  var queues: [[_DiffEventResult]] = [[], []]
  var heads = [0, 0]
  /// Strokes compared.
  public private(set) var strokes = 0
  /// Strokes whose outcomes differ.
  public private(set) var strokesDiffering = 0
  /// Other events compared.
  public private(set) var events = 0
  /// Other events whose outcomes differ.
  public private(set) var eventsDiffering = 0
  /// Events before which the timer advanced differently.
  public private(set) var timerDiffering = 0
  /// Every difference found.
  public var differences: Int { strokesDiffering + eventsDiffering + timerDiffering }
  /// Whether the first difference stopped the comparison (``stopsAtFirst``).
  public private(set) var stopped = false

  /// A comparison writing to `writer`, as JSON Lines if `json`, stopping at the first
  /// difference if `stopsAtFirst`.
  public init(writer: consuming TextWriter, json: Bool, stopsAtFirst: Bool) {
    self.writer = writer
    self.json = json
    self.stopsAtFirst = stopsAtFirst
  }

  /// Starts the comparison of an input named `file` (named on each line if `named`).
  public func start(file: String, named: Bool) {
    self.file = file
    namesFile = named
    queues = [[], []]
    heads = [0, 0]
  }

  /// Replays `input` through `driver` under `a` and `b` laid over its configuration,
  /// decoding it once, and writes what differs; the outcome is A's.
  public func compare(
    _ input: SystemPath, a: ConfigurationPatch, b: ConfigurationPatch, driver: ReplayDriver,
    options: TraceReplay.Options = .init(), report: (ReplayProblem) -> Void
  ) -> ReplayDriver.Outcome {
    var observers = [
      DiffObserver(side: 0, collector: self), DiffObserver(side: 1, collector: self),
    ]
    return driver.replay(
      input, options: options, variants: [a, b], observers: &observers, report: report)
  }

  /// Whether every result of A found its partner in B (and back): both replays accepted the
  /// same events. Forgets what is left.
  public func finishFile() -> Bool {
    defer { start(file: file, named: namesFile) }
    return stopped
      || queues[0].count - heads[0] == queues[1].count - heads[1]
        && queues[0].count == heads[0]
  }

  func take(_ result: _DiffEventResult, side: Int) {
    guard !stopped else { return }
    queues[side].append(result)
    while heads[0] < queues[0].count && heads[1] < queues[1].count && !stopped {
      compare(queues[0][heads[0]], queues[1][heads[1]])
      heads[0] += 1
      heads[1] += 1
    }
    for side in 0..<2 where heads[side] == queues[side].count && heads[side] > 0 {
      queues[side].removeAll(keepingCapacity: true)
      heads[side] = 0
    }
  }

  /// The event in words: `key right`, `pointer down`, `set`.
  static func words(_ event: EngineEvent) -> String {
    switch event.action {
    case .touch(let phase, _, _, _): "touch \(phase.rawValue)"
    case .pointer(let phase, _, _): "pointer \(phase.rawValue)"
    case .key(let key): "key \(key.rawValue)"
    case .focus(let focused): focused ? "focus" : "blur"
    case .accessibility(let action): "accessibility \(action.rawValue)"
    case .set: "set"
    }
  }

  func compare(_ a: _DiffEventResult, _ b: _DiffEventResult) {
    if let strokeA = a.stroke, let strokeB = b.stroke {
      strokes += 1
      if !strokeA.outcome.isAlike(strokeB.outcome) {
        strokesDiffering += 1
        writeStroke(
          strokeA.stroke, line: strokeA.line, end: a.line, strokeA.outcome, strokeB.outcome)
        if stopped { return }
      }
    }
    if !a.isTouch { events += 1 }
    if !_DiffChange.alike(a.changes, b.changes) {
      eventsDiffering += 1
      writeEvent(a, unit: "event", what: Self.words(a.event), a.changes, b.changes)
      if stopped { return }
    }
    if !_DiffChange.alike(a.timer, b.timer) {
      timerDiffering += 1
      writeEvent(a, unit: "timer", what: "timer before \(Self.words(a.event))", a.timer, b.timer)
    }
  }

  /// `tap 4→5`, `scrub 2→6 in 4 steps`, `none`, `detail`.
  static func words(_ outcome: StrokeOutcome) -> String {
    var text = outcome.word.rawValue
    if let from = outcome.from, let to = outcome.to { text += " \(from)→\(to)" }
    if outcome.transitions > 1 { text += " in \(outcome.transitions) steps" }
    return text
  }

  /// The changes in runs of one cause: `key 2→3`, `scrub 2→4 in 2 steps, flick 4→6`,
  /// `timer 2→3 at 4, 3→4 at 8`; `none` for none.
  static func words(_ changes: [_DiffChange], timed: Bool) -> String {
    guard !changes.isEmpty else { return "none" }
    if timed {
      return "timer "
        + changes.map { "\($0.from)→\($0.to) at \(JSONText.number($0.time))" }.joined(
          separator: ", ")
    }
    var runs: [String] = []
    var index = 0
    while index < changes.count {
      let first = changes[index]
      var last = index
      while last + 1 < changes.count && changes[last + 1].cause == first.cause
        && first.cause != nil
      {
        last += 1
      }
      if let cause = first.cause {
        var text = "\(cause.rawValue) \(first.from)→\(changes[last].to)"
        if last > index { text += " in \(last - index + 1) steps" }
        runs.append(text)
      } else {
        runs.append("detail \(first.from)")
      }
      index = last + 1
    }
    return runs.joined(separator: ", ")
  }

  func prefix(lines: String) -> String {
    json ? "" : "\(file):\(lines): "
  }

  func writeStroke(
    _ stroke: StrokeClassifier.Stroke, line: Int, end: Int, _ a: StrokeOutcome,
    _ b: StrokeOutcome
  ) {
    let id: String
    switch stroke.id {
    case .number(let n): id = JSONText.number(n)
    case .string(let s): id = JSONText.string(s)
    }
    if json {
      var text = "{\"unit\":\"stroke\",\"line\":\(line),\"endLine\":\(end)"
      if let session = stroke.session { text += ",\"session\":" + JSONText.string(session) }
      text += ",\"id\":\(id),\"t\":\(JSONText.number(stroke.start))"
      text += ",\"end\":\(JSONText.number(stroke.end))"
      text += ",\"a\":\(Self.object(a)),\"b\":\(Self.object(b))"
      if namesFile { text += ",\"file\":" + JSONText.string(file) }
      emit(text + "}\n")
    } else {
      var text = prefix(lines: line == end ? "\(line)" : "\(line)-\(end)")
      if let session = stroke.session { text += "session \(JSONText.string(session)) " }
      text += "touch \(id) at \(JSONText.number(stroke.start))–\(JSONText.number(stroke.end)): "
      text += Self.words(a) + " vs " + Self.words(b)
      emit(text + "\n")
    }
    if stopsAtFirst { stopped = true }
  }

  static func object(_ outcome: StrokeOutcome) -> String {
    var text = "{\"outcome\":\"\(outcome.word.rawValue)\""
    if let from = outcome.from, let to = outcome.to { text += ",\"from\":\(from),\"to\":\(to)" }
    return text + ",\"transitions\":\(outcome.transitions)}"
  }

  static func array(_ changes: [_DiffChange]) -> String {
    "["
      + changes.map { change in
        "{\"t\":\(JSONText.number(change.time)),"
          + (change.cause.map {
            "\"cause\":\"\($0.rawValue)\",\"from\":\(change.from),\"to\":\(change.to)"
          }
            ?? "\"detail\":\(change.from)") + "}"
      }.joined(separator: ",") + "]"
  }

  func writeEvent(
    _ result: _DiffEventResult, unit: String, what: String, _ a: [_DiffChange],
    _ b: [_DiffChange]
  ) {
    if json {
      var text = "{\"unit\":\"\(unit)\",\"line\":\(result.line)"
      if let session = result.session { text += ",\"session\":" + JSONText.string(session) }
      text += ",\"event\":\"\(Self.words(result.event))\",\"t\":\(JSONText.number(result.time))"
      text += ",\"a\":\(Self.array(a)),\"b\":\(Self.array(b))"
      if namesFile { text += ",\"file\":" + JSONText.string(file) }
      emit(text + "}\n")
    } else {
      var text = prefix(lines: "\(result.line)")
      if let session = result.session { text += "session \(JSONText.string(session)) " }
      text += "\(what) at \(JSONText.number(result.time)): "
      let timed = unit == "timer"
      text += Self.words(a, timed: timed) + " vs " + Self.words(b, timed: timed)
      emit(text + "\n")
    }
    if stopsAtFirst { stopped = true }
  }

  /// A difference's line, to ``lines`` or else ``writer``.
  func emit(_ text: String) {
    if let lines { lines(text) } else { writer.write(text) }
  }

  /// Writes the summary line of every input compared.
  public func writeSummary() {
    if json {
      writer.write(
        "{\"summary\":true,\"differences\":\(differences),\"strokes\":\(strokes),"
          + "\"strokesDiffering\":\(strokesDiffering),\"events\":\(events),"
          + "\"eventsDiffering\":\(eventsDiffering),\"timerDiffering\":\(timerDiffering),"
          + "\"stoppedAtFirst\":\(stopped)}\n")
    } else {
      writer.write(
        "differences: \(differences)\(stopped ? ", stopped at the first" : "") (strokes \(strokesDiffering) of \(strokes), events \(eventsDiffering) of \(events), timer \(timerDiffering))\n"
      )
    }
  }
}
