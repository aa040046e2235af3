import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace classify [FILE...]`: one JSON object per touch stroke — kind, times,
/// displacement, release velocity, dominant axis — by the recognizers of `replay`.
enum ClassifyCommand {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        name: "output", short: "o", value: "file",
        help: "Write to <file> instead of standard output (replaced only on success)."),
      OptionSpec(
        name: "summary", help: "Also write the number of strokes of each kind to standard error."),
      OptionSpec(name: "help", short: "h", help: "Show help information."),
    ] + InputFlags.specs + ImportFlags.specs + ConfigurationFlags.specs

  static var help: String {
    _help(
      overview:
        "Classify every touch stroke as tap, long-press, drag, swipe or cancelled, with the rule code of replay and the constants of the trace's profile (scrubTravel, scrubDelay, swipeDistance, swipeVelocity). The swipe rule measures half the container's length only when a container is configured; without one only its velocity part applies (\"swipeRule\":\"velocity\").",
      usage: "pagetrace classify [<options>] [<file> ...]",
      arguments: [
        (
          "<file>",
          "Traces or recordings (--from): files, directories (their trace files in name order), or '-' (also none) for standard input. gzip is read transparently."
        )
      ],
      sections: [
        ("OPTIONS", Array(specs.prefix(3)) + InputFlags.specs),
        ("OTHER FORMATS", ImportFlags.specs),
        (
          "CONFIGURATION (as for replay)",
          ConfigurationFlags.specs.filter { !$0.name.hasPrefix("no-") }
        ),
      ],
      footer: """
        OUTPUT (one line per stroke):
          {"session":…,"id":1,"kind":"swipe","start":…,"end":…,"duration":…,"dx":…,"dy":…,"velocity":…,"axis":"x","swipeRule":"container"}
        """)
  }

  /// Classifies the strokes of one input, writing a line for each as it ends.
  struct StrokeLines: ReplayObserver, ~Copyable {
    var writer: TextWriter
    /// The input's name, written on each line when several inputs are classified.
    let file: String?
    var classifier: StrokeClassifier?
    var counts: [StrokeClassifier.Kind: Int] = [:]
    var swipesByAxis: [StrokeClassifier.Axis: Int] = [:]
    var names = TraceNames()

    /// The classifier's swipe rule, kept apart so that an event reads no optional copy of the
    /// classifier.
    var swipeRule: StrokeClassifier.SwipeRule?

    mutating func begin(_ configuration: PageControlConfiguration) {
      classifier = StrokeClassifier(configuration)
      swipeRule = classifier!.swipeRule
    }

    mutating func name(_ session: SessionID, _ name: String) { names.set(name, of: session) }
    mutating func name(_ touch: TouchKey, _ name: String) { names.set(name, of: touch) }

    mutating func willHandle(_ event: EngineEvent) {
      guard let rule = swipeRule, let stroke = classifier!.handle(event, names: names) else {
        return
      }
      counts[stroke.kind, default: 0] += 1
      if stroke.kind == .swipe { swipesByAxis[stroke.dominantAxis, default: 0] += 1 }
      ClassifyCommand.write(stroke, swipeRule: rule, to: &writer)
      if let file {
        writer.append(",\"file\":")
        writer.appendJSONString(file)
      }
      writer.append("}")
      writer.endLine()
    }
  }

  static func run(_ arguments: ArraySlice<String>) throws(CommandFailure) -> ExitStatus {
    let options = try CommandLineArguments(arguments, specs: specs)
    if options.has("help") {
      _standardOutput.write(help)
      return .success
    }
    // Classification needs no page control: pages and control may be left out.
    var defaults = ConfigurationPatch()
    defaults.pages = 0
    defaults.control = Rect(x: 0, y: 0, width: 0, height: 0)
    let inputs = try InputFlags.inputs(from: options, defaults: defaults)
    var run = try _CommandRun(inputs, output: options.value("output"))
    var counts: [StrokeClassifier.Kind: Int] = [:]
    var swipesByAxis: [StrokeClassifier.Axis: Int] = [:]
    for file in inputs.files {
      var lines = StrokeLines(
        writer: TextWriter(descriptor: run.output.descriptor, name: run.output.name),
        file: inputs.files.count > 1 ? TraceReader.displayName(of: file) : nil)
      run.replay(file, observer: &lines)
      counts.merge(lines.counts, uniquingKeysWith: +)
      swipesByAxis.merge(lines.swipesByAxis, uniquingKeysWith: +)
      do { try lines.writer.flush() } catch {
        run.fail(CommandFailure(status: .ioError, message: error.description))
      }
      if run.hasFailed { break }
    }
    if options.has("summary") {
      let total = counts.values.reduce(0, +)
      var text = "strokes: \(total)"
      for kind in StrokeClassifier.Kind.allCases {
        text += ", \(kind.rawValue) \(counts[kind] ?? 0)"
      }
      text += " (swipes along x \(swipesByAxis[.x] ?? 0), along y \(swipesByAxis[.y] ?? 0))\n"
      _standardError.write(text)
    }
    return try run.finish()
  }

  /// Writes the stroke as a JSON object, without its closing brace. Numbers go through the
  /// one number writer; differences are rounded to the precision of their operands.
  static func write(
    _ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    to writer: inout TextWriter
  ) {
    writer.append("{")
    if let session = stroke.session {
      writer.append("\"session\":")
      writer.appendJSONString(session)
      writer.append(",")
    }
    writer.append("\"id\":")
    switch stroke.id {
    case .number(let n): writer.appendJSONNumber(n)
    case .string(let s): writer.appendJSONString(s)
    }
    writer.append(",\"kind\":")
    writer.appendJSONString(stroke.kind.rawValue)
    writer.append(",\"start\":")
    writer.appendJSONNumber(stroke.start)
    writer.append(",\"end\":")
    writer.appendJSONNumber(stroke.end)
    writer.append(",\"duration\":")
    writer.appendJSONNumber(JSONText.difference(stroke.end, stroke.start))
    let (endX, endY) = (stroke.startX + stroke.dx, stroke.startY + stroke.dy)
    writer.append(",\"dx\":")
    writer.appendJSONNumber(JSONText.difference(endX, stroke.startX))
    writer.append(",\"dy\":")
    writer.appendJSONNumber(JSONText.difference(endY, stroke.startY))
    writer.append(",\"velocity\":")
    writer.appendJSONNumber(stroke.velocity)
    writer.append(",\"axis\":")
    writer.appendJSONString(stroke.dominantAxis.rawValue)
    writer.append(",\"swipeRule\":")
    writer.appendJSONString(swipeRule.rawValue)
  }
}
