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
///   writer: TextWriter(descriptor: .standardOutput, name: "<stdout>"), format: nil,
///   stopsAtFirst: false)
/// diff.start(file: "scrub.jsonl", named: false)
/// _ = diff.compare("Traces/scrub.jsonl", a: a, b: b, driver: ReplayDriver()) { print($0) }
/// diff.writer.write(diff.summary)
/// try diff.finish()
/// ```
public final class ConfigurationDiff {
  /// Where the differences go.
  public var writer: TextWriter
  /// Where each difference goes instead of ``writer``, when set, as a JSON object whose `a`
  /// and `b` hold the outcomes as objects or arrays of changes (the report keeps them).
  public var lines: ((String) -> Void)?
  /// Text lines (`nil`), or a table of ``columns`` (JSON Lines, CSV, Parquet).
  public let format: TableFormat?
  /// The table of differences, when ``format`` is set.
  var table: TableWriter?
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

  /// A comparison writing to `writer`, as text lines or a table of `format`, stopping at the
  /// first difference if `stopsAtFirst`.
  public init(writer: consuming TextWriter, format: TableFormat?, stopsAtFirst: Bool) {
    if let format {
      table = TableWriter(
        columns: Self.columns, format: format, descriptor: writer.descriptor, name: writer.name)
    }
    self.writer = writer
    self.format = format
    self.stopsAtFirst = stopsAtFirst
  }

  /// The columns of a table of differences (docs/behaviour/tables.md, "differences"): where
  /// (`file`, `unit`: stroke, event or timer, `line`, `endLine`, `session`), what (a stroke's
  /// touch `id`, or the `event` in words), when (`t`, and a stroke's `end`), then for A and
  /// for B the outcome's word, first page, last page, transitions and the outcome in words.
  public static let columns: [TableColumn] =
    [
      TableColumn("file", .string), TableColumn("unit", .string), TableColumn("line", .integer),
      TableColumn("endLine", .integer), TableColumn("session", .string),
      TableColumn("id", .string), TableColumn("event", .string), TableColumn("t", .double),
      TableColumn("end", .double),
    ]
    + ["a", "b"].flatMap { side in
      [
        TableColumn(side + "Outcome", .string), TableColumn(side + "From", .integer),
        TableColumn(side + "To", .integer), TableColumn(side + "Transitions", .integer),
        TableColumn(side + "Text", .string),
      ]
    }

  /// Writes what comes before a table's rows (CSV's header, Parquet's magic number); its
  /// length in bytes (0 for text).
  public func writeHeader() -> Int { table != nil ? table!.writeHeader() : 0 }

  /// Writes out what is buffered; a Parquet table stays open for more rows.
  public func flush() throws(FileError) {
    if table != nil { try table!.flush() }
    try writer.flush()
  }

  /// Writes what a table keeps to the end (Parquet's footer) and writes out.
  public func finish() throws(FileError) {
    if table != nil { try table!.finish() }
    try writer.flush()
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

  func prefix(lines: String) -> String { "\(file):\(lines): " }

  /// A side's cells for a stroke: its outcome's word, pages, transitions and words.
  static func cells(_ outcome: StrokeOutcome) -> [TableValue] {
    [
      .string(outcome.word.rawValue), .integer(outcome.from), .integer(outcome.to),
      .integer(outcome.transitions), .string(words(outcome)),
    ]
  }

  /// A side's cells for an event or the timer: the first change's cause (`detail` for a
  /// detail, `none` for no change), the first change's page and the last one's, the number
  /// of transitions, and the changes in words.
  static func cells(_ changes: [_DiffChange], timed: Bool) -> [TableValue] {
    let word = changes.first.map { $0.cause?.rawValue ?? "detail" } ?? "none"
    return [
      .string(word), .integer(changes.first?.from), .integer(changes.last?.to),
      .integer(changes.count { $0.cause != nil }), .string(words(changes, timed: timed)),
    ]
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
    if lines != nil {
      var text = "{\"unit\":\"stroke\",\"line\":\(line),\"endLine\":\(end)"
      if let session = stroke.session { text += ",\"session\":" + JSONText.string(session) }
      text += ",\"id\":\(id),\"t\":\(JSONText.number(stroke.start))"
      text += ",\"end\":\(JSONText.number(stroke.end))"
      text += ",\"a\":\(Self.object(a)),\"b\":\(Self.object(b))"
      lines!(text + ",\"file\":" + JSONText.string(file) + "}\n")
    } else if table != nil {
      let touch: String
      switch stroke.id {
      case .number(let n): touch = JSONText.number(n)
      case .string(let s): touch = s
      }
      table!.write(
        [
          .string(file), .string("stroke"), .integer(line), .integer(end), .string(stroke.session),
          .string(touch), .null, .double(stroke.start), .double(stroke.end),
        ] + Self.cells(a) + Self.cells(b))
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
    let timed = unit == "timer"
    if lines != nil {
      var text = "{\"unit\":\"\(unit)\",\"line\":\(result.line)"
      if let session = result.session { text += ",\"session\":" + JSONText.string(session) }
      text += ",\"event\":\"\(Self.words(result.event))\",\"t\":\(JSONText.number(result.time))"
      text += ",\"a\":\(Self.array(a)),\"b\":\(Self.array(b))"
      lines!(text + ",\"file\":" + JSONText.string(file) + "}\n")
    } else if table != nil {
      table!.write(
        [
          .string(file), .string(unit), .integer(result.line), .integer(result.line),
          .string(result.session), .null, .string(Self.words(result.event)),
          .double(result.time), .null,
        ] + Self.cells(a, timed: timed) + Self.cells(b, timed: timed))
    } else {
      var text = prefix(lines: "\(result.line)")
      if let session = result.session { text += "session \(JSONText.string(session)) " }
      text += "\(what) at \(JSONText.number(result.time)): "
      text += Self.words(a, timed: timed) + " vs " + Self.words(b, timed: timed)
      emit(text + "\n")
    }
    if stopsAtFirst { stopped = true }
  }

  /// A difference's text line.
  func emit(_ text: String) { writer.write(text) }

  /// The summary of every input compared, with its line end:
  /// `differences: 3 (strokes 3 of 11, events 0 of 6, timer 0)`.
  public var summary: String {
    "differences: \(differences)\(stopped ? ", stopped at the first" : "") (strokes \(strokesDiffering) of \(strokes), events \(eventsDiffering) of \(events), timer \(timerDiffering))\n"
  }
}
