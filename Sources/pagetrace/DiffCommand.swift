import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace diff [FILE...] --a SETTINGS --b SETTINGS`: replays every input under two
/// configurations and lists each stroke, event and timer advance whose outcome differs
/// (docs/behaviour.md, "Diff").
enum DiffCommand: _Command {
  static let name = "diff"
  static let summary = "Replay under two configurations and list what they do differently."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .a, value: "settings",
      help:
        "Configuration A over each input's own: KEY=VALUE,… (configuration keys), @FILE (a JSON object), or profile=NAME."
    ),
    OptionSpec(name: .b, value: "settings", help: "Configuration B, as --a."),
    OptionSpec(
      name: .output, short: "o", value: "file",
      help: "Write to <file> instead of standard output (replaced only on success)."),
    OptionSpec(
      name: .format, value: "text|jsonl", choices: ["text", "jsonl"],
      help:
        "text: one line per difference, then a summary line (default). jsonl: one JSON object per difference, then a summary object."
    ),
    OptionSpec(name: .first, help: "Stop at the first difference."),
    .helpOption,
  ]

  static let overview =
    "Replay each input under two configurations, A and B, and list every touch stroke, other event and timer advance whose outcome differs: its lines, its time, what A did and what B did. Exit 0 when they agree, 1 when they differ (as diff(1)). Each configuration is the input's header, then --config and the configuration flags, then its own SETTINGS."

  static let usage = ["pagetrace diff [<options>] --a <settings> --b <settings> [<file> ...]"]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "Traces or recordings (--from): files, directories (their files named as traces or as --from's format, or matching --glob, in name order), or '-' (also none) for standard input, read once. gzip is read transparently."
    )
  ]

  static var optionGroups: [_OptionGroup] {
    [
      .options(ownOptions + InputFlags.specs), .otherFormats,
      .configuration("CONFIGURATION (under both A and B)"),
    ]
  }

  static let notes = """
    SETTINGS: scrubDelay=0.3,scrubTravel=24 (values as in a --config file),
    profile=android, control=0,780,390,30, or @config.json.

    OUTPUT (one line per difference, in the order the units end):
      FILE:LINES: WHAT at TIME: A-OUTCOME vs B-OUTCOME
      Traces/profiles.jsonl:2-3: touch 1 at 1–1.05: tap 4→5 vs tap 4→7
    and last: differences: N (strokes S of T, events E of U, timer R)
    """

  static let exitStatuses = _exitStatuses(
    success: "A and B agree", extra: _ExitStatusItem(status: .findings, meaning: "A and B differ"))

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    let json: Bool
    switch options[.format] ?? "text" {
    case "text": json = false
    case "jsonl", "json": json = true
    case let other:
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--format': expected text or jsonl, found '\(other)'"
          + _didYouMean(other, in: ["text", "jsonl"]))
    }
    guard options.has(.a) || options.has(.b) else {
      throw CommandFailure(
        status: .usage,
        message:
          "diff compares two configurations: give --a SETTINGS, --b SETTINGS or both (KEY=VALUE,…, @FILE or profile=NAME)"
      )
    }
    var inputs = try InputFlags.inputs(from: options)
    var variants: [ConfigurationPatch] = []
    for name in [OptionName.a, .b] {
      variants.append(
        try options[name].map { (text) throws(CommandFailure) in
          try settings(
            text, option: name.rawValue, inputs: &inputs, output: options.path(.output))
        } ?? ConfigurationPatch())
    }
    var run = try _CommandRun(inputs, output: options.path(.output))
    let several = inputs.files.count > 1
    let collector = _DiffCollector(
      writer: TextWriter(descriptor: run.output.descriptor, name: run.output.name),
      json: json, stopsAtFirst: options.has(.first))
    for file in inputs.files {
      let name = TraceReader.displayName(of: file)
      collector.start(file: name, named: several)
      // Decoded once, replayed under A and B (docs/behaviour.md, "Diff").
      var reader: TraceReader
      do {
        reader = try TraceReader(
          opening: file, importer: inputs.importer, maximumLineLength: inputs.maximumLineLength)
      } catch {
        run.unreadable(error)
        if run.hasFailed { break }
        continue
      }
      var replay = inputs.replay
      replay.progress = run.progress?.progress
      var observers = [
        _DiffObserver(side: 0, collector: collector), _DiffObserver(side: 1, collector: collector),
      ]
      let outcome = FanOutReplay(replay, variants: variants).run(&reader, observers: &observers) {
        _standardError.write($0._standardErrorLine + "\n")
      }
      run.summary.add(outcome.summary)
      switch outcome.failure {
      case .output? where collector.stopped && collector.writer.failure == nil:
        break  // --first: stopped on purpose (``_DiffObserver/outputFailure``)
      case let stop?:
        run.fail(CommandFailure(stop))
      case nil:
        break
      }
      if !run.hasFailed && !collector.finishFile() {
        run.fail(
          CommandFailure(
            status: .dataError,
            message:
              "\(name): A and B did not accept the same events (one configuration rejected an event the other took), so their outcomes cannot be paired"
          ))
      }
      do { try collector.writer.flush() } catch {
        run.fail(CommandFailure(status: .ioError, message: error.description))
      }
      if run.hasFailed || collector.stopped { break }
    }
    if !run.hasFailed {
      collector.writeSummary()
      do { try collector.writer.flush() } catch {
        run.fail(CommandFailure(status: .ioError, message: error.description))
      }
    }
    return try run.finish(success: collector.differences > 0 ? .findings : .success)
  }

  /// The patch one `--a` or `--b` describes: `@FILE` (read as `--config` is), or `KEY=VALUE`
  /// items separated by commas, each value checked by the configuration parser.
  ///
  /// - Throws: 64 for a bad item; for `@FILE` the errors of `--config` (65, 66).
  static func settings(
    _ text: String, option: String, inputs: inout InputFlags.Inputs, output: SystemPath?
  ) throws(CommandFailure) -> ConfigurationPatch {
    if text.hasPrefix("@") {
      let path = SystemPath(String(text.dropFirst()))
      guard !path.isEmpty else {
        throw CommandFailure(
          status: .usage, message: "invalid value for '--\(option)': '@' names no file")
      }
      try _refuseOutputAmongInputs(output, inputs: [path])
      inputs.otherFiles.append(path)
      return try _readConfiguration(path)
    }
    var patch = ConfigurationPatch()
    for item in items(text) {
      guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
        throw CommandFailure(
          status: .usage,
          message:
            "invalid value for '--\(option)': expected KEY=VALUE, @FILE or profile=NAME, found '\(item)'"
        )
      }
      let key = String(item[..<equals])
      let value = String(item[item.index(after: equals)...])
      let entry = ConfigurationFlags.table.first { $0.key == key }
      var json = value
      switch entry?.kind {
      case nil where key != "indicatorImages", .string?:
        // An unknown key's value is quoted, so that the parser names the key.
        json = JSONText.string(value)
      case .frame?:
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        if !value.hasPrefix("{") {
          guard parts.count == 4 else {
            throw CommandFailure(
              status: .usage,
              message:
                "invalid value for '--\(option)': \(item): expected x,y,width,height, found '\(value)'"
            )
          }
          json =
            "{\"x\":\(parts[0]),\"y\":\(parts[1]),\"width\":\(parts[2]),\"height\":\(parts[3])}"
        }
      case .progress?:
        if !value.hasPrefix("{") { json = "{\"duration\":\(value)}" }
      default:
        break
      }
      let object = "{" + JSONText.string(key) + ":" + json + "}"
      do {
        patch.merge(try ConfigurationPatch(json: object, file: "--\(option)"))
      } catch {
        var message = "invalid value for '--\(option)': \(item): expected \(error.expected), found "
        message += entry == nil ? error.found : "'\(value)'"
        if let choices = entry.flatMap({ ConfigurationFlags.choices[$0.flag] }) {
          message += _didYouMean(value, in: choices)
        }
        throw CommandFailure(status: .usage, message: message)
      }
    }
    return patch
  }

  /// The `KEY=VALUE` items of a settings text: split at commas outside braces, brackets and
  /// strings, a piece without `=` continuing the item before it (`control=0,780,390,30`).
  static func items(_ text: String) -> [String] {
    var pieces: [String] = []
    var piece = ""
    var depth = 0
    var inString = false
    var escaped = false
    for character in text {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
      } else if character == "{" || character == "[" {
        depth += 1
      } else if character == "}" || character == "]" {
        depth -= 1
      } else if character == "," && depth <= 0 {
        pieces.append(piece)
        piece = ""
        continue
      }
      piece.append(character)
    }
    pieces.append(piece)
    var items: [String] = []
    for piece in pieces {
      if !piece.contains("="), !items.isEmpty {
        items[items.count - 1] += "," + piece
      } else {
        items.append(piece)
      }
    }
    return items
  }
}

extension OptionName {
  static let a = OptionName("a")
  static let b = OptionName("b")
  static let first = OptionName("first")
}

/// One page change or `detail` an event caused, as `diff` compares them.
struct _DiffChange {
  var time: Double
  /// The transition's cause; `nil` for a `detail`.
  var cause: TransitionCause?
  var from: Int
  var to: Int

  /// Whether the two did the same relative to the page each started on: the same time,
  /// cause and move (`to − from`); details are alike (docs/behaviour.md, "Diff").
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
  /// of transitions and move (`to − from`) (docs/behaviour.md, "Diff").
  func isAlike(_ other: Self) -> Bool {
    word == other.word && transitions == other.transitions
      && (to ?? 0) - (from ?? 0) == (other.to ?? 0) - (other.from ?? 0)
  }
}

/// What one accepted event did under one configuration (docs/behaviour.md, "Diff").
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

/// The replay observer of `diff` under one of the two configurations: hands the collector
/// one result per accepted event.
struct _DiffObserver: ReplayObserver {
  let side: Int
  let collector: _DiffCollector
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

  /// Stops the replay (within a few thousand events) when the output failed or `--first`
  /// found its difference.
  var outputFailure: FileError? {
    if let failure = collector.writer.failure { return failure }
    guard collector.stopped else { return nil }
    return FileError(
      .writeFailed, path: collector.file, code: 0, message: "stopped at the first difference")
  }

  init(side: Int, collector: _DiffCollector) {
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

/// Pairs the results of A and B event by event, and writes each difference as it is found
/// (docs/behaviour.md, "Diff").
final class _DiffCollector {
  var writer: TextWriter
  let json: Bool
  let stopsAtFirst: Bool
  /// The input being compared, and whether lines name it (JSON Lines: with several inputs).
  var file = ""
  var namesFile = false
  /// Results of one side not yet paired, from `head` on.
  var queues: [[_DiffEventResult]] = [[], []]
  var heads = [0, 0]
  var strokes = 0
  var strokesDiffering = 0
  var events = 0
  var eventsDiffering = 0
  var timerDiffering = 0
  var differences: Int { strokesDiffering + eventsDiffering + timerDiffering }
  /// Whether `--first` stopped the comparison.
  var stopped = false

  init(writer: consuming TextWriter, json: Bool, stopsAtFirst: Bool) {
    self.writer = writer
    self.json = json
    self.stopsAtFirst = stopsAtFirst
  }

  func start(file: String, named: Bool) {
    self.file = file
    namesFile = named
    queues = [[], []]
    heads = [0, 0]
  }

  /// Whether every result of A found its partner in B (and back): both replays accepted the
  /// same events. Forgets what is left.
  func finishFile() -> Bool {
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
      writer.write(text + "}\n")
    } else {
      var text = prefix(lines: line == end ? "\(line)" : "\(line)-\(end)")
      if let session = stroke.session { text += "session \(JSONText.string(session)) " }
      text += "touch \(id) at \(JSONText.number(stroke.start))–\(JSONText.number(stroke.end)): "
      text += Self.words(a) + " vs " + Self.words(b)
      writer.write(text + "\n")
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
      writer.write(text + "}\n")
    } else {
      var text = prefix(lines: "\(result.line)")
      if let session = result.session { text += "session \(JSONText.string(session)) " }
      text += "\(what) at \(JSONText.number(result.time)): "
      let timed = unit == "timer"
      text += Self.words(a, timed: timed) + " vs " + Self.words(b, timed: timed)
      writer.write(text + "\n")
    }
    if stopsAtFirst { stopped = true }
  }

  func writeSummary() {
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
