import PageTrace
import PageTraceIO

// The line of one stroke, in JSON and CSV (``StrokeWriter``).
extension StrokeWriter {
  /// Calls `visit` with each cell of a stroke's row, in the order of ``columns``: the one
  /// list that the CSV and Parquet rows are written from (and that the JSON line's
  /// literals follow). Numbers that overflowed are null; differences are rounded to the
  /// precision of their operands.
  static func forEachField(
    of stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    target: StrokeTarget?, outcome: StrokeOutcome?, file: String?, wallClock: Bool = false,
    _ visit: (TableValue) -> Void
  ) {
    func number(_ value: Double) -> TableValue { value.isFinite ? .double(value) : .null }
    visit(.string(stroke.session))
    switch stroke.id {
    case .number(let n): visit(.numberText(n))
    case .string(let s): visit(.string(s))
    }
    visit(.string(stroke.kind.rawValue))
    visit(number(stroke.start))
    visit(number(stroke.end))
    visit(number(JSONText.difference(stroke.end, stroke.start)))
    visit(number(stroke.startX))
    visit(number(stroke.startY))
    visit(number(stroke.endX))
    visit(number(stroke.endY))
    visit(number(JSONText.difference(stroke.endX, stroke.startX)))
    visit(number(JSONText.difference(stroke.endY, stroke.startY)))
    visit(number(stroke.pathLength))
    visit(number(stroke.peakSpeed))
    visit(number(stroke.velocity))
    visit(.string(stroke.dominantAxis.rawValue))
    visit(.string(swipeRule.rawValue))
    // Without a control, what a control made of the stroke has no value.
    visit(.string(target?.rawValue))
    visit(.string(outcome?.word.rawValue))
    visit(.integer(outcome?.from))
    visit(.integer(outcome?.to))
    visit(.integer(outcome?.transitions))
    visit(.string(file))
    if wallClock {
      visit(.timestamp(stroke.start))
      visit(.timestamp(stroke.end))
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
      ",\"file\":", "}", "\"\"", "null",
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
    target: StrokeTarget?, outcome: StrokeOutcome?, file: String?, wallClock: Bool = false,
    to writer: inout TextWriter
  ) {
    var room = jsonLineRoom
    if wallClock { room += wallClockRoom }
    if let session = stroke.session { room += _LineRoom.maximumJSONStringLength(session) }
    if case .string(let s) = stroke.id { room += _LineRoom.maximumJSONStringLength(s) }
    if let file { room += _LineRoom.maximumJSONStringLength(file) }
    guard var line = writer.beginLine(atMost: room) else { return }  // a write failed
    if let session = stroke.session {
      line.append("{\"session\":")
      line.appendJSONString(session)
    } else {
      line.append("{\"session\":null")
    }
    // The id is always a string (a numeric id's number between quotes), so that the column
    // has one type whatever the trace.
    switch stroke.id {
    case .number(let n):
      line.append(",\"id\":\"")
      line.id(n)
      line.append("\"")
    case .string(let s):
      line.append(",\"id\":")
      line.appendJSONString(s)
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
    // Without a control, what a control made of the stroke has no value: null.
    line.append(target.map(jsonMember) ?? ",\"target\":null")
    if let outcome {
      line.append(jsonMember(outcome.word))
      line.count(",\"from\":", outcome.from)
      line.count(",\"to\":", outcome.to)
      line.count(",\"transitions\":", outcome.transitions)
    } else {
      line.append(",\"outcome\":null,\"from\":null,\"to\":null,\"transitions\":null")
    }
    if let file {
      line.append(",\"file\":")
      line.appendJSONString(file)
    } else {
      line.append(",\"file\":null")
    }
    if wallClock {
      line.timestamp(",\"startTime\":", stroke.start)
      line.timestamp(",\"endTime\":", stroke.end)
    }
    line.append("}")
    writer.endLine(line)
  }

  /// The most bytes of the two members `--wall-clock` adds.
  static let wallClockRoom =
    StaticString(",\"startTime\":,\"endTime\":").utf8CodeUnitCount + 2
    * (TableValue.iso8601Length + 2)

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
  /// A number with its key, `null` if it overflowed (as ``forEachField`` makes it null); returns
  /// the decimals written (0 if none), which the differences after it use instead of counting
  /// them again (`JSONText.difference(_:_:decimals:)`).
  @inline(__always)
  @discardableResult
  mutating func number(_ key: StaticString, _ value: Double) -> Int {
    append(key)
    guard value.isFinite else {
      append("null")
      return 0
    }
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
  /// A count with its key, `null` for none: an integer column, written exactly as the `Int`
  /// it is (`from`, `to`, `transitions`), without the number writer's call.
  @inline(__always)
  mutating func count(_ key: StaticString, _ value: Int?) {
    append(key)
    guard let value else {
      append("null")
      return
    }
    appendInteger(value)
  }
  /// ``number(_:_:)``, also returning where the number's text starts and its length.
  @inline(__always)
  mutating func keptNumber(
    _ key: StaticString, _ value: Double
  ) -> (decimals: Int, text: UnsafeMutableRawPointer, length: Int) {
    append(key)
    guard value.isFinite else {
      append("null")
      return (0, position, 0)
    }
    let text = position
    let decimals = appendNumberCountingDecimals(value)
    return (decimals, text, position - text)
  }
  /// An instant with its key: `t` as a string of ISO 8601 text, `null` outside years 1 to 9999.
  @inline(__always)
  mutating func timestamp(_ key: StaticString, _ seconds: Double) {
    append(key)
    append("\"")
    let length = TableValue.writeISO8601(seconds, at: position)
    guard length > 0 else {
      position -= 1
      append("null")
      return
    }
    position += length
    append("\"")
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
