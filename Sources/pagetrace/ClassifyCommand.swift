import PageTrace
import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pagetrace classify [FILE...]`: one JSON object per touch stroke — kind, times,
/// displacement, release velocity, dominant axis — by the recognizers of `replay`.
enum ClassifyCommand {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        name: "output", short: "o", value: "file",
        help: "Write to <file> instead of standard output."),
      OptionSpec(
        name: "summary", help: "Also write the number of strokes of each kind to standard error."),
      OptionSpec(name: "help", short: "h", help: "Show help information."),
    ] + ImportFlags.specs + ConfigurationFlags.specs

  static var help: String {
    _help(
      overview:
        "Classify every touch stroke as tap, long-press, drag, swipe or cancelled, with the constants of the trace's profile (scrubTravel, scrubDelay, swipeDistance, swipeVelocity) and the swipe rule over the container's frame.",
      usage: "pagetrace classify [<options>] [<file> ...]",
      arguments: [("<file>", "Traces or recordings (--from); '-' or none: standard input.")],
      sections: [
        ("OPTIONS", Array(specs.prefix(3))), ("OTHER FORMATS", ImportFlags.specs),
        (
          "CONFIGURATION (as for replay)",
          ConfigurationFlags.specs.filter { !$0.name.hasPrefix("no-") }
        ),
      ],
      footer: """
        OUTPUT (one line per stroke):
          {"session":…,"id":1,"kind":"swipe","start":…,"end":…,"duration":…,"dx":…,"dy":…,"velocity":…,"axis":"x"}
        """)
  }

  static func run(_ arguments: ArraySlice<String>) throws(CommandFailure) -> ExitStatus {
    let options = try CommandLineArguments(arguments, specs: specs)
    if options.has("help") {
      _standardOutput.write(help)
      return .success
    }
    let importer = try ImportFlags.importer(from: options)
    let flags = try ConfigurationFlags.patch(from: options)
    let output = try ReplayCommand.openOutput(options.value("output"))
    defer { if output.descriptor != STDOUT_FILENO { close(output.descriptor) } }
    let out = _TextStream(descriptor: output.descriptor)
    let files = options.positionals.isEmpty ? ["-"] : options.positionals
    var counts: [StrokeClassifier.Kind: Int] = [:]
    var swipesByAxis: [StrokeClassifier.Axis: Int] = [:]
    for file in files {
      var reader = try _TraceInput.open(file, importer: importer)
      var header = ConfigurationPatch()
      var classifier: StrokeClassifier?
      let fileField = files.count > 1 ? ",\"file\":\(_quoted(file))" : ""
      do {
        while let item = try reader.next() {
          switch item {
          case .blank: continue
          case .note(let note): _standardError.write(note.description + "\n")
          case .header(let patch): header = patch
          case .event(let event, let line):
            if classifier == nil {
              var patch = header.merging(flags)
              if patch.pages == nil { patch.pages = 0 }
              if patch.control == nil { patch.control = Rect(x: 0, y: 0, width: 0, height: 0) }
              classifier = StrokeClassifier(try patch.resolve(file: reader.name, line: line))
            }
            classifier!.handle(event) { stroke in
              counts[stroke.kind, default: 0] += 1
              if stroke.kind == .swipe { swipesByAxis[stroke.dominantAxis, default: 0] += 1 }
              out.write(json(stroke) + fileField + "}\n")
            }
          }
        }
      } catch let error as TraceError {
        throw CommandFailure(status: .dataError, message: error.description, isLocated: true)
      } catch {
        throw CommandFailure(status: .noInput, message: "\(error)")
      }
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
    return .success
  }

  /// The stroke as a JSON object, without its closing brace.
  static func json(_ stroke: StrokeClassifier.Stroke) -> String {
    var text = "{"
    if let session = stroke.session { text += "\"session\":\(_quoted(session))," }
    let id: String
    switch stroke.id {
    case .number(let n): id = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : "\(n)"
    case .string(let s): id = _quoted(s)
    }
    text += "\"id\":\(id),\"kind\":\"\(stroke.kind.rawValue)\",\"start\":\(stroke.start)"
    text += ",\"end\":\(stroke.end),\"duration\":\(stroke.duration),\"dx\":\(stroke.dx)"
    text +=
      ",\"dy\":\(stroke.dy),\"velocity\":\(stroke.velocity),\"axis\":\"\(stroke.dominantAxis.rawValue)\""
    return text
  }
}
