import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace classify [FILE...]`: one JSON object (or CSV row) per touch stroke — kind,
/// times, displacement, release velocity, dominant axis — by the recognizers of `replay`.
enum ClassifyCommand: _Command {
  static let name = "classify"
  static let summary = "Classify every touch stroke: tap, long press, drag, swipe, cancelled."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .output, short: "o", value: "file",
      help: "Write to <file> instead of standard output (replaced only on success)."),
    OptionSpec(
      name: .format, value: "jsonl|csv", choices: ["jsonl", "csv"],
      help:
        "jsonl: one JSON object per stroke (default). csv: a header row, then one row per stroke (RFC 4180, lines end in LF)."
    ),
    OptionSpec(
      name: .summary, help: "Also write the number of strokes of each kind to standard error."),
    InputFlags.jobsSpec,
    .helpOption,
  ]

  static let overview =
    "Classify every touch stroke as tap, long-press, drag, swipe or cancelled, with the rule code of replay and the constants of the trace's profile (scrubTravel, scrubDelay, swipeDistance, swipeVelocity). The swipe rule measures half the container's length only when a container is configured; without one only its velocity part applies (\"swipeRule\":\"velocity\")."

  static let usage = ["pagetrace classify [<options>] [<file> ...]"]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "Traces or recordings (--from): files, directories (their files named as traces or as --from's format, or matching --glob, in name order), or '-' (also none) for standard input. gzip is read transparently."
    )
  ]

  static var optionGroups: [_OptionGroup] {
    [.options(ownOptions + InputFlags.specs), .otherFormats, .configuration()]
  }

  static var notes: String {
    """
    OUTPUT (one line per stroke):
      {"session":…,"id":1,"kind":"swipe","start":…,"end":…,"duration":…,"x0":…,
       "y0":…,"x1":…,"y1":…,"dx":…,"dy":…,"path":…,"peakSpeed":…,"velocity":…,
       "axis":"x","swipeRule":"container","target":"control",
       "outcome":"scrub","from":2,"to":6,"transitions":4}
    kind is the stroke's shape; target the frame it went down in (control, content,
    outside); outcome what the control made of it (tap, scrub, swipe, detail, none).
    With --format csv, a header row and then one row per stroke, the same fields in the
    same order (an empty session cell for a stroke without one; "file" last with several
    inputs):
    \(columnLines(csvColumns(file: false)))
    """
  }

  static let exitStatuses = _exitStatuses()

  /// Writes a line for each stroke of one input as it ends (the strokes come from
  /// `_StrokeObserver`, the classification of ``StrokeClassifier/classify(_:options:stroke:)``).
  ///
  /// A class, as `_StrokeObserver` takes its sink. The properties it changes are not checked
  /// for exclusive access at run time: one observer on one thread uses them, and the checks
  /// of each access cost about 12 instructions an event here.
  final class StrokeLines: _StrokeSink {
    @exclusivity(unchecked) var writer: TextWriter
    /// JSON Lines or CSV.
    let format: RecordFormat
    /// The input's name, written on each line when several inputs are classified.
    let file: String?
    /// Strokes by kind, in the order of `StrokeClassifier.Kind.allCases`, and swipes along
    /// x and y: counters in place, where dictionaries hashed their keys for every stroke.
    @exclusivity(unchecked) var counts = StrokeCounts()

    init(writer: consuming TextWriter, format: RecordFormat, file: String?) {
      self.writer = writer
      self.format = format
      self.file = file
    }

    func take(
      _ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
      target: StrokeTarget?, outcome: StrokeOutcome?
    ) {
      counts.add(stroke)
      guard format == .csv else {
        return ClassifyCommand.writeJSONLine(
          stroke, swipeRule: swipeRule, target: target, outcome: outcome, file: file,
          to: &writer)
      }
      ClassifyCommand.writeCSVRow(
        stroke, swipeRule: swipeRule, target: target, outcome: outcome, file: file, to: &writer)
      writer.endLine()
    }
  }

  /// The number of strokes of each kind, and of swipes along each axis, for `--summary`.
  struct StrokeCounts {
    var tap = 0
    var longPress = 0
    var drag = 0
    var swipe = 0
    var cancelled = 0
    var swipesAlongX = 0
    var swipesAlongY = 0

    /// Counts one stroke.
    mutating func add(_ stroke: StrokeClassifier.Stroke) {
      switch stroke.kind {
      case .tap: tap += 1
      case .longPress: longPress += 1
      case .drag: drag += 1
      case .cancelled: cancelled += 1
      case .swipe:
        swipe += 1
        if stroke.dominantAxis == .x { swipesAlongX += 1 } else { swipesAlongY += 1 }
      }
    }

    /// The strokes of `kind`.
    subscript(kind: StrokeClassifier.Kind) -> Int {
      switch kind {
      case .tap: tap
      case .longPress: longPress
      case .drag: drag
      case .swipe: swipe
      case .cancelled: cancelled
      }
    }

    /// Adds the counts of another input.
    mutating func merge(_ other: StrokeCounts) {
      tap += other.tap
      longPress += other.longPress
      drag += other.drag
      swipe += other.swipe
      cancelled += other.cancelled
      swipesAlongX += other.swipesAlongX
      swipesAlongY += other.swipesAlongY
    }
  }

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    // Classification needs no page control: pages and control may be left out.
    var defaults = ConfigurationPatch()
    defaults.pages = 0
    defaults.control = Rect(x: 0, y: 0, width: 0, height: 0)
    let format = try RecordFormat(option: options[.format])
    var inputs = try InputFlags.inputs(from: options, defaults: defaults)
    inputs.jobs = try InputFlags.jobs(from: options) ?? 1
    var run = try _CommandRun(inputs, output: options.path(.output))
    var replay = inputs.replay
    var counts = StrokeCounts()
    for (index, file) in inputs.files.enumerated() {
      let lines = StrokeLines(
        writer: TextWriter(descriptor: run.output.descriptor, name: run.output.name),
        format: format,
        file: inputs.files.count > 1 ? TraceReader.displayName(of: file) : nil)
      var observer = _StrokeObserver(
        controlGiven: inputs.replay.overrides.control != nil, sink: lines)
      if format == .csv && index == 0 {  // one header row, at the top
        let row = csvColumns(file: inputs.files.count > 1).joined(separator: ",") + "\n"
        lines.writer.write(row)
        run.output.preambleSize = row.utf8.count
      }
      run.replay(file, options: replay, observer: &observer)
      counts.merge(lines.counts)
      do { try lines.writer.flush() } catch {
        run.fail(CommandFailure(status: .ioError, message: error.description))
      }
      if run.hasFailed { break }
    }
    if options.has(.summary) && !run.hasFailed {  // as replay's: after a run that did not fail
      let total = StrokeClassifier.Kind.allCases.reduce(0) { $0 + counts[$1] }
      var text = "pagetrace: summary: strokes: \(total)"
      for kind in StrokeClassifier.Kind.allCases {
        text += ", \(kind.rawValue) \(counts[kind])"
      }
      text += " (swipes along x \(counts.swipesAlongX), along y \(counts.swipesAlongY))\n"
      _standardError.write(text)
    }
    return try run.finish()
  }

  /// One value of a stroke line.
  enum FieldValue {
    case number(Double), string(String)
    /// No value: the key is left out of a JSON line, the cell left empty in a CSV row.
    case absent

    /// A number, or no value if it overflowed (`dx` of strokes at ±1.7e308, the velocity
    /// of such a stroke): JSON has no infinity, and `null` is no number (docs/behaviour.md,
    /// "Stroke classification").
    static func finite(_ value: Double) -> FieldValue {
      value.isFinite ? .number(value) : .absent
    }
  }

  /// Calls `visit` with each field of a stroke's line, in order: the one list that both the
  /// JSON line and the CSV row are written from. Numbers go through the one number writer;
  /// differences are rounded to the precision of their operands.
  static func forEachField(
    of stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    target: StrokeTarget?, outcome: StrokeOutcome?, file: String?,
    _ visit: (StaticString, FieldValue) -> Void
  ) {
    visit("session", stroke.session.map(FieldValue.string) ?? .absent)
    switch stroke.id {
    case .number(let n): visit("id", .number(n))
    case .string(let s): visit("id", .string(s))
    }
    visit("kind", .string(stroke.kind.rawValue))
    visit("start", .finite(stroke.start))
    visit("end", .finite(stroke.end))
    visit("duration", .finite(JSONText.difference(stroke.end, stroke.start)))
    visit("x0", .finite(stroke.startX))
    visit("y0", .finite(stroke.startY))
    visit("x1", .finite(stroke.endX))
    visit("y1", .finite(stroke.endY))
    visit("dx", .finite(JSONText.difference(stroke.endX, stroke.startX)))
    visit("dy", .finite(JSONText.difference(stroke.endY, stroke.startY)))
    visit("path", .finite(stroke.pathLength))
    visit("peakSpeed", .finite(stroke.peakSpeed))
    visit("velocity", .finite(stroke.velocity))
    visit("axis", .string(stroke.dominantAxis.rawValue))
    visit("swipeRule", .string(swipeRule.rawValue))
    // Without a control, what a control made of the stroke has no value.
    visit("target", target.map { .string($0.rawValue) } ?? .absent)
    visit("outcome", outcome.map { .string($0.word.rawValue) } ?? .absent)
    visit("from", outcome?.from.map { .number(Double($0)) } ?? .absent)
    visit("to", outcome?.to.map { .number(Double($0)) } ?? .absent)
    visit("transitions", outcome.map { .number(Double($0.transitions)) } ?? .absent)
    if let file { visit("file", .string(file)) }
  }

  /// Writes the stroke's CSV row of ``csvColumns(file:)``, without its line end (cells of
  /// fields without a value left empty).
  static func writeCSVRow(
    _ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    target: StrokeTarget?, outcome: StrokeOutcome?, file: String?,
    to writer: inout TextWriter
  ) {
    var isFirst = true
    forEachField(
      of: stroke, swipeRule: swipeRule, target: target, outcome: outcome, file: file
    ) { _, value in
      if !isFirst { writer.append(",") }
      switch value {
      case .number(let n): writer.appendJSONNumber(n)
      case .string(let s): writer.appendCSVField(s)
      case .absent: break
      }
      isFirst = false
    }
  }

  /// The most bytes of a stroke's JSON line without its strings (session, a string id, file)
  /// and line end: its literals, the longest of each choice, and 16 numbers (the id, 12
  /// values, 3 counts) with the scratch room of each (`_LineRoom.maximumNumberLength`).
  static let jsonLineRoom: Int = {
    let literals: [StaticString] = [
      "{\"session\":", ",\"id\":", ",\"start\":", ",\"end\":", ",\"duration\":", ",\"x0\":",
      ",\"y0\":", ",\"x1\":", ",\"y1\":", ",\"dx\":", ",\"dy\":", ",\"path\":",
      ",\"peakSpeed\":", ",\"velocity\":", ",\"from\":", ",\"to\":", ",\"transitions\":",
      ",\"file\":", "}",
    ]
    let kind = StrokeClassifier.Kind.allCases.map { jsonMember($0).utf8CodeUnitCount }.max()!
    let axes = [StrokeClassifier.Axis.x, .y].flatMap { axis in
      [StrokeClassifier.SwipeRule.container, .velocity].map {
        jsonMembers(axis, $0).utf8CodeUnitCount
      }
    }.max()!
    let target = StrokeTarget.allCases.map { jsonMember($0).utf8CodeUnitCount }.max()!
    let word = StrokeOutcome.Word.allCases.map { jsonMember($0).utf8CodeUnitCount }.max()!
    let texts = literals.reduce(0) { $0 + $1.utf8CodeUnitCount } + kind + axes + target + word
    return texts + 16 * _LineRoom.maximumNumberLength
  }()

  /// Writes the stroke's JSON line, its line end included: the fields of
  /// ``forEachField(of:swipeRule:target:outcome:file:_:)``, in its order, those without a
  /// value left out.
  ///
  /// Written out field by field rather than through `forEachField`: each key is one literal
  /// with its punctuation (`,"start":`), and the words of the enums are literals with their
  /// keys (`,"kind":"drag"`), so a line takes about 25 parts where the visitor made 62, and
  /// no `String` of an enum's raw value is escaped (about 4,000 instructions a stroke, 170 an
  /// event of the 200,000-event trace). The CSV test that compares each field of both forms
  /// (`CSVOutputTests`) and the test of these literals (`ClassifyLineTests`) keep the two in step.
  ///
  /// The line is written into room reserved once (``jsonLineRoom`` and its strings'
  /// widest), its literals inlined as a few stores each, each number one call with no check
  /// around it: −762 instructions a stroke where each part was a `TextWriter` call with its
  /// own failure test and capacity check (Benchmarks/RESULTS.md, fifth round, "classify's line").
  static func writeJSONLine(
    _ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    target: StrokeTarget?, outcome: StrokeOutcome?, file: String?,
    to writer: inout TextWriter
  ) {
    var room = jsonLineRoom
    if let session = stroke.session { room += _LineRoom.maximumJSONStringLength(session) }
    if case .string(let s) = stroke.id { room += _LineRoom.maximumJSONStringLength(s) }
    if let file { room += _LineRoom.maximumJSONStringLength(file) }
    guard var line = writer.beginLine(atMost: room) else { return }  // a write failed
    if let session = stroke.session {
      line.append("{\"session\":")
      line.appendJSONString(session)
      line.append(",\"id\":")
    } else {
      line.append("{\"id\":")
    }
    switch stroke.id {
    case .number(let n): line.id(n)
    case .string(let s): line.appendJSONString(s)
    }
    line.append(jsonMember(stroke.kind))
    // The operands of each difference are printed before it (a value not finite is not
    // printed, and its difference is not finite either, whatever its decimals).
    let start = line.number(",\"start\":", stroke.start)
    let end = line.number(",\"end\":", stroke.end)
    line.number(
      ",\"duration\":",
      JSONText.difference(stroke.end, stroke.start, decimals: max(end, start)))
    let x0 = line.keptNumber(",\"x0\":", stroke.startX)
    let y0 = line.keptNumber(",\"y0\":", stroke.startY)
    let x1 = line.coordinate(",\"x1\":", stroke.endX, sameAs: stroke.startX, x0)
    let y1 = line.coordinate(",\"y1\":", stroke.endY, sameAs: stroke.startY, y0)
    line.number(
      ",\"dx\":", JSONText.difference(stroke.endX, stroke.startX, decimals: max(x1, x0.decimals)))
    if stroke.endY.bitPattern == stroke.startY.bitPattern && stroke.endY.isFinite {
      // A stroke that kept its y (40 % of a generated trace's): its difference is +0, written
      // as such (the difference's call and the number writer's general path took about 90
      // instructions).
      line.append(",\"dy\":0")
    } else {
      line.number(
        ",\"dy\":", JSONText.difference(stroke.endY, stroke.startY, decimals: max(y1, y0.decimals)))
    }
    line.number(",\"path\":", stroke.pathLength)
    line.number(",\"peakSpeed\":", stroke.peakSpeed)
    line.numberOftenZero(",\"velocity\":", stroke.velocity)
    line.append(jsonMembers(stroke.dominantAxis, swipeRule))
    // Without a control, what a control made of the stroke has no value.
    if let target { line.append(jsonMember(target)) }
    if let outcome {
      line.append(jsonMember(outcome.word))
      if let from = outcome.from { line.count(",\"from\":", from) }
      if let to = outcome.to { line.count(",\"to\":", to) }
      line.count(",\"transitions\":", outcome.transitions)
    }
    if let file {
      line.append(",\"file\":")
      line.appendJSONString(file)
    }
    line.append("}")
    writer.endLine(line)
  }

  /// `,"kind":"…"`, the kind's member of a JSON line.
  static func jsonMember(_ kind: StrokeClassifier.Kind) -> StaticString {
    switch kind {
    case .tap: ",\"kind\":\"tap\""
    case .longPress: ",\"kind\":\"long-press\""
    case .drag: ",\"kind\":\"drag\""
    case .swipe: ",\"kind\":\"swipe\""
    case .cancelled: ",\"kind\":\"cancelled\""
    }
  }

  /// `,"axis":"…","swipeRule":"…"`, two members of a JSON line.
  static func jsonMembers(
    _ axis: StrokeClassifier.Axis, _ rule: StrokeClassifier.SwipeRule
  ) -> StaticString {
    switch (axis, rule) {
    case (.x, .container): ",\"axis\":\"x\",\"swipeRule\":\"container\""
    case (.x, .velocity): ",\"axis\":\"x\",\"swipeRule\":\"velocity\""
    case (.y, .container): ",\"axis\":\"y\",\"swipeRule\":\"container\""
    case (.y, .velocity): ",\"axis\":\"y\",\"swipeRule\":\"velocity\""
    }
  }

  /// `,"target":"…"`, the target's member of a JSON line.
  static func jsonMember(_ target: StrokeTarget) -> StaticString {
    switch target {
    case .control: ",\"target\":\"control\""
    case .content: ",\"target\":\"content\""
    case .outside: ",\"target\":\"outside\""
    }
  }

  /// `,"outcome":"…"`, the outcome's member of a JSON line.
  static func jsonMember(_ word: StrokeOutcome.Word) -> StaticString {
    switch word {
    case .tap: ",\"outcome\":\"tap\""
    case .scrub: ",\"outcome\":\"scrub\""
    case .swipe: ",\"outcome\":\"swipe\""
    case .detail: ",\"outcome\":\"detail\""
    case .none: ",\"outcome\":\"none\""
    }
  }

  /// The columns as the help shows them: the header row, broken after a comma to fit 80
  /// columns, indented.
  static func columnLines(_ columns: [String]) -> String {
    var lines = [""]
    for (index, column) in columns.enumerated() {
      let item = column + (index == columns.count - 1 ? "" : ",")
      if lines[lines.count - 1].count + item.count > 76 { lines.append("") }
      lines[lines.count - 1] += item
    }
    return lines.map { "  " + $0 }.joined(separator: "\n")
  }

  /// The CSV columns: the keys of a JSON line, in their order, `session` always.
  static func csvColumns(file: Bool) -> [String] {
    [
      "session", "id", "kind", "start", "end", "duration", "x0", "y0", "x1", "y1", "dx", "dy",
      "path", "peakSpeed", "velocity", "axis", "swipeRule", "target", "outcome", "from", "to",
      "transitions",
    ] + (file ? ["file"] : [])
  }
}

/// The parts of `classify`'s JSON line (``ClassifyCommand/writeJSONLine(_:swipeRule:target:outcome:file:to:)``):
/// methods rather than local functions, which captured the line and checked each access to it
/// at run time.
extension _LineRoom {
  /// A number with its key, or nothing if it overflowed (``FieldValue/finite(_:)``); returns
  /// the decimals written (0 if none), which the differences after it use instead of counting
  /// them again (`JSONText.difference(_:_:decimals:)`: about 30 instructions an event).
  @inline(__always)
  @discardableResult
  mutating func number(_ key: StaticString, _ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    append(key)
    return appendNumberCountingDecimals(value)
  }
  /// A numeric touch id, mostly a small whole number: within ±2^53 and whole (not -0), written
  /// as the integer it is, which is its `Double`'s text (the number writer's general path,
  /// whose call and tests took about 40 instructions more).
  @inline(__always)
  mutating func id(_ value: Double) {
    if value.magnitude <= 0x1p53 {
      let whole = Int(value)
      if Double(whole) == value && (whole != 0 || value.sign == .plus) {
        appendInteger(whole)
        return
      }
    }
    appendNumberCountingDecimals(value)
  }
  /// ``number(_:_:)`` of a value that is often +0 (`velocity`, 0 for a stroke that stopped
  /// before it lifted: 60 % of a generated trace's): `0` written directly, where the number
  /// writer's general path took about 60 instructions.
  @inline(__always)
  mutating func numberOftenZero(_ key: StaticString, _ value: Double) {
    guard value.bitPattern != 0 else {
      append(key)
      append("0")
      return
    }
    number(key, value)
  }
  /// A count with its key: an `Int` within ±2^53 is written as the integer it is, which is
  /// the text of its `Double` (the whole-number test and conversions skipped); beyond, as
  /// the `Double` it converts to (−84 instructions a stroke, −3.6 an event: the number
  /// writer's call and its whole-number test for `from`, `to` and `transitions`).
  @inline(__always)
  mutating func count(_ key: StaticString, _ value: Int) {
    guard value.magnitude <= 1 << 53 else {
      number(key, Double(value))
      return
    }
    append(key)
    appendInteger(value)
  }
  /// ``number(_:_:)``, also returning where the number's text starts and its length.
  @inline(__always)
  mutating func keptNumber(
    _ key: StaticString, _ value: Double
  ) -> (decimals: Int, text: UnsafeMutableRawPointer, length: Int) {
    guard value.isFinite else { return (0, position, 0) }
    append(key)
    let text = position
    let decimals = appendNumberCountingDecimals(value)
    return (decimals, text, position - text)
  }
  /// A second coordinate with its key: the text of the first copied when they are the same
  /// double (a stroke that kept its y, 40 % of the strokes of a generated trace): a copy
  /// where the shortest-digits printer took about 290 instructions (−114 a stroke on
  /// average, −4.9 an event).
  @inline(__always)
  mutating func coordinate(
    _ key: StaticString, _ value: Double, sameAs first: Double,
    _ written: (decimals: Int, text: UnsafeMutableRawPointer, length: Int)
  ) -> Int {
    guard value.bitPattern == first.bitPattern, value.isFinite else {
      return number(key, value)
    }
    append(key)
    appendCopy(of: written.text, length: written.length)
    return written.decimals
  }
}
