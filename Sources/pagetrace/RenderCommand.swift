import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace render FILE [--session S] -o timeline.svg`: a self-contained SVG timeline of
/// one session.
enum RenderCommand {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        name: "output", short: "o", value: "file",
        help: "Write the SVG to <file> instead of standard output."),
      OptionSpec(
        name: "session", value: "name",
        help: "The session to draw. (default: the events without a session)"),
      OptionSpec(name: "help", short: "h", help: "Show help information."),
    ] + InputFlags.specs + ImportFlags.specs + ConfigurationFlags.specs

  static var help: String {
    _help(
      overview:
        "Draw one session as a self-contained SVG timeline: the finger along the control's axis, the page as a step line with every transition marked by cause (animated filled, not animated hollow), bands for the interaction state and the background, and a legend.",
      usage: "pagetrace render <file> [--session <name>] [-o <file>]",
      arguments: [("<file>", "A trace or recording (--from); '-' is standard input.")],
      sections: [
        ("OPTIONS", Array(specs.prefix(3)) + InputFlags.specs),
        ("OTHER FORMATS", ImportFlags.specs),
        (
          "CONFIGURATION (as for replay)",
          ConfigurationFlags.specs.filter { !$0.name.hasPrefix("no-") }
        ),
      ])
  }

  static func run(_ arguments: ArraySlice<String>) throws(CommandFailure) -> ExitStatus {
    let options = try CommandLineArguments(arguments, specs: specs)
    if options.has("help") {
      _standardOutput.write(help)
      return .success
    }
    guard options.positionals.count <= 1 else {
      throw CommandFailure(status: .usage, message: "render draws one file")
    }
    let session = options.value("session")
    let inputs = try InputFlags.inputs(from: options)
    var run = try _CommandRun(inputs, output: options.value("output"))
    var observer = Observer(session: session)
    let outcome = run.replay(inputs.files[0], observer: &observer)
    if !run.hasFailed && outcome != nil {
      if let timeline = observer.timeline {
        run.output.write(timeline.render())
      } else {
        run.fail(
          CommandFailure(
            status: .dataError,
            message: "\(TraceReader.displayName(of: inputs.files[0])): no events to draw"))
      }
    }
    return try run.finish()
  }

  /// Draws a replay's events and records.
  struct Observer: ReplayObserver {
    let session: String?
    var timeline: SVGTimeline?
    var names = TraceNames()

    mutating func begin(_ configuration: PageControlConfiguration) {
      timeline = SVGTimeline(configuration: configuration, session: session)
    }
    mutating func name(_ session: SessionID, _ name: String) { names.set(name, of: session) }
    mutating func name(_ touch: TouchKey, _ name: String) { names.set(name, of: touch) }
    mutating func willHandle(_ event: EngineEvent) { timeline!.add(names.friendly(event)) }
    mutating func observe(_ record: EngineRecord) { timeline!.add(names.friendly(record)) }
  }
}
