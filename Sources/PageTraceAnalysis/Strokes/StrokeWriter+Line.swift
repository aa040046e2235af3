import PageTrace
import PageTraceIO

// The line of one stroke, in JSON and CSV (``StrokeWriter``).
extension StrokeWriter {
  /// One value of a stroke line.
  enum FieldValue {
    case number(Double), string(String)
    /// No value: the key is left out of a JSON line, the cell left empty in a CSV row.
    case absent

    /// A number, or no value if it overflowed (`dx` of strokes at ±1.7e308, the velocity
    /// of such a stroke): JSON has no infinity, and `null` is no number (docs/behaviour/analysis.md,
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
  /// no `String` of an enum's raw value is escaped. The CSV test that compares each field of
  /// both forms (`CSVOutputTests`) and the test of these literals (`ClassifyLineTests`) keep
  /// the two in step.
  ///
  /// The line is written into room reserved once (``jsonLineRoom`` and its strings'
  /// widest), its literals inlined as a few stores each, each number one call with no check
  /// around it, where each part was a `TextWriter` call with its own failure test and
  /// capacity check (Benchmarks/HISTORY-2026-11.md, "Issue 24, fifth round (first wave):
  /// `classify`'s line (one reservation a line, the printer's one-product path)").
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
      // as such, without the difference's call and the number writer's general path.
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
}

/// The parts of `classify`'s JSON line (``StrokeWriter/writeJSONLine(_:swipeRule:target:outcome:file:to:)``):
/// methods rather than local functions, which captured the line and checked each access to it
/// at run time.
extension _LineRoom {
  /// A number with its key, or nothing if it overflowed (``FieldValue/finite(_:)``); returns
  /// the decimals written (0 if none), which the differences after it use instead of counting
  /// them again (`JSONText.difference(_:_:decimals:)`).
  @inline(__always)
  @discardableResult
  mutating func number(_ key: StaticString, _ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    append(key)
    return appendNumberCountingDecimals(value)
  }
  /// A numeric touch id, mostly a small whole number: within ±2^53 and whole (not -0), written
  /// as the integer it is, which is its `Double`'s text, without the call and tests of the
  /// number writer's general path.
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
  /// before it lifted: 60 % of a generated trace's): `0` written directly, without the number
  /// writer's general path.
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
  /// the text of its `Double` (the number writer's call, its whole-number test and the
  /// conversions skipped for `from`, `to` and `transitions`); beyond, as the `Double` it
  /// converts to.
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
  /// double (a stroke that kept its y, 40 % of the strokes of a generated trace): a copy,
  /// far cheaper than the shortest-digits printer.
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
