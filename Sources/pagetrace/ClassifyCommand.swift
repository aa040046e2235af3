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
      arguments: [("<file>", "Traces or recordings (--from); '-' or none: standard input.")],
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
    /// `,"file":NAME` when several inputs are classified.
    let fileField: String
    var classifier: StrokeClassifier?
    var counts: [StrokeClassifier.Kind: Int] = [:]
    var swipesByAxis: [StrokeClassifier.Axis: Int] = [:]
    var names = TraceNames()

    mutating func begin(_ configuration: PageControlConfiguration) {
      classifier = StrokeClassifier(configuration)
    }

    mutating func name(_ session: SessionID, _ name: String) { names.set(name, of: session) }
    mutating func name(_ touch: TouchKey, _ name: String) { names.set(name, of: touch) }

    mutating func willHandle(_ event: EngineEvent) {
      guard let rule = classifier?.swipeRule else { return }
      classifier!.handle(event, names: names) { stroke in
        counts[stroke.kind, default: 0] += 1
        if stroke.kind == .swipe { swipesByAxis[stroke.dominantAxis, default: 0] += 1 }
        writer.write(ClassifyCommand.json(stroke, swipeRule: rule) + fileField + "}\n")
      }
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
      let fileField =
        inputs.files.count > 1
        ? ",\"file\":\(JSONText.string(TraceReader.displayName(of: file)))" : ""
      var lines = StrokeLines(
        writer: TextWriter(descriptor: run.output.descriptor, name: run.output.name),
        fileField: fileField)
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

  /// The stroke as a JSON object, without its closing brace. Numbers go through the one
  /// number writer; differences are rounded to the precision of their operands.
  static func json(_ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule)
    -> String
  {
    var text = "{"
    if let session = stroke.session { text += "\"session\":\(JSONText.string(session))," }
    let id: String
    switch stroke.id {
    case .number(let n): id = JSONText.number(n)
    case .string(let s): id = JSONText.string(s)
    }
    text += "\"id\":\(id),\"kind\":\"\(stroke.kind.rawValue)\""
    text += ",\"start\":\(JSONText.number(stroke.start)),\"end\":\(JSONText.number(stroke.end))"
    text += ",\"duration\":\(JSONText.number(JSONText.difference(stroke.end, stroke.start)))"
    let (endX, endY) = (stroke.startX + stroke.dx, stroke.startY + stroke.dy)
    text += ",\"dx\":\(JSONText.number(JSONText.difference(endX, stroke.startX)))"
    text += ",\"dy\":\(JSONText.number(JSONText.difference(endY, stroke.startY)))"
    text += ",\"velocity\":\(JSONText.number(stroke.velocity))"
    text += ",\"axis\":\"\(stroke.dominantAxis.rawValue)\",\"swipeRule\":\"\(swipeRule.rawValue)\""
    return text
  }
}
