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
  struct StrokeLines: _StrokeSink, ~Copyable {
    var writer: TextWriter
    /// JSON Lines or CSV.
    let format: RecordFormat
    /// The input's name, written on each line when several inputs are classified.
    let file: String?
    var counts: [StrokeClassifier.Kind: Int] = [:]
    var swipesByAxis: [StrokeClassifier.Axis: Int] = [:]

    mutating func take(
      _ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
      target: StrokeTarget?, outcome: StrokeOutcome?
    ) {
      counts[stroke.kind, default: 0] += 1
      if stroke.kind == .swipe { swipesByAxis[stroke.dominantAxis, default: 0] += 1 }
      ClassifyCommand.write(
        stroke, swipeRule: swipeRule, target: target, outcome: outcome, file: file, as: format,
        to: &writer)
      writer.endLine()
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
    var counts: [StrokeClassifier.Kind: Int] = [:]
    var swipesByAxis: [StrokeClassifier.Axis: Int] = [:]
    for (index, file) in inputs.files.enumerated() {
      var lines = _StrokeObserver(
        controlGiven: inputs.replay.overrides.control != nil,
        sink: StrokeLines(
          writer: TextWriter(descriptor: run.output.descriptor, name: run.output.name),
          format: format,
          file: inputs.files.count > 1 ? TraceReader.displayName(of: file) : nil))
      if format == .csv && index == 0 {  // one header row, at the top
        let row = csvColumns(file: inputs.files.count > 1).joined(separator: ",") + "\n"
        lines.sink.writer.write(row)
        run.output.preambleSize = row.utf8.count
      }
      run.replay(file, observer: &lines)
      counts.merge(lines.sink.counts, uniquingKeysWith: +)
      swipesByAxis.merge(lines.sink.swipesByAxis, uniquingKeysWith: +)
      do { try lines.sink.writer.flush() } catch {
        run.fail(CommandFailure(status: .ioError, message: error.description))
      }
      if run.hasFailed { break }
    }
    if options.has(.summary) && !run.hasFailed {  // as replay's: after a run that did not fail
      let total = counts.values.reduce(0, +)
      var text = "pagetrace: summary: strokes: \(total)"
      for kind in StrokeClassifier.Kind.allCases {
        text += ", \(kind.rawValue) \(counts[kind] ?? 0)"
      }
      text += " (swipes along x \(swipesByAxis[.x] ?? 0), along y \(swipesByAxis[.y] ?? 0))\n"
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

  /// Writes the stroke's line, without its line end: a JSON object (fields without a value
  /// left out), or a CSV row of ``csvColumns(file:)`` (their cells left empty).
  static func write(
    _ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    target: StrokeTarget?, outcome: StrokeOutcome?, file: String?, as format: RecordFormat,
    to writer: inout TextWriter
  ) {
    var isFirst = true
    forEachField(
      of: stroke, swipeRule: swipeRule, target: target, outcome: outcome, file: file
    ) { key, value in
      switch format {
      case .jsonLines:
        if case .absent = value { return }
        writer.append(isFirst ? "{\"" : ",\"")
        writer.append(key)
        writer.append("\":")
        switch value {
        case .number(let n): writer.appendJSONNumber(n)
        case .string(let s): writer.appendJSONString(s)
        case .absent: break
        }
      case .csv:
        if !isFirst { writer.append(",") }
        switch value {
        case .number(let n): writer.appendJSONNumber(n)
        case .string(let s): writer.appendCSVField(s)
        case .absent: break
        }
      }
      isFirst = false
    }
    if format == .jsonLines { writer.append("}") }
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
