import PageTrace
import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    ] + ImportFlags.specs + ConfigurationFlags.specs

  static var help: String {
    _help(
      overview:
        "Draw one session as a self-contained SVG timeline: the finger along the control's axis, the page as a step line with every transition marked by cause (animated filled, not animated hollow), bands for the interaction state and the background, and a legend.",
      usage: "pagetrace render <file> [--session <name>] [-o <file>]",
      arguments: [("<file>", "A trace or recording (--from); '-' is standard input.")],
      sections: [
        ("OPTIONS", Array(specs.prefix(3))), ("OTHER FORMATS", ImportFlags.specs),
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
    let file = options.positionals.first ?? "-"
    let session = options.value("session")
    let importer = try ImportFlags.importer(from: options)
    let flags = try ConfigurationFlags.patch(from: options)
    var reader = try _TraceInput.open(file, importer: importer)
    var timeline: SVGTimeline?
    _ = try _TraceInput.replay(
      &reader, flags: flags,
      start: { timeline = SVGTimeline(configuration: $0, session: session) },
      event: { timeline!.add($0) }, record: { timeline!.add($0) })
    guard let timeline else {
      throw CommandFailure(status: .dataError, message: "\(file): no events to draw")
    }
    let output = try ReplayCommand.openOutput(options.value("output"))
    defer { if output.descriptor != STDOUT_FILENO { close(output.descriptor) } }
    _TextStream(descriptor: output.descriptor).write(timeline.render())
    return .success
  }
}
