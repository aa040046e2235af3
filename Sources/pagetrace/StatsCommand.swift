import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace stats [FILE...]`: what happened in each trace and in all of them.
enum StatsCommand {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        name: "format", value: "table|json",
        help: "A readable table (default) or one JSON object per file and one for the total."),
      OptionSpec(
        name: "output", short: "o", value: "file",
        help: "Write to <file> instead of standard output (replaced only on success)."),
      OptionSpec(name: "help", short: "h", help: "Show help information."),
    ] + InputFlags.specs + ImportFlags.specs + ConfigurationFlags.specs

  static var help: String {
    _help(
      overview:
        "Summarise traces: events, strokes by class, transitions by cause, animated or not, scrubs (count, pages per scrub, peak pages per second), time on each page, animations suppressed by a scrub, announcements.",
      usage: "pagetrace stats [<options>] [<file> ...]",
      arguments: [("<file>", "Traces or recordings (--from); '-' or none: standard input.")],
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
    let format = options.value("format") ?? "table"
    guard format == "table" || format == "json" else {
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--format': expected table or json, found '\(format)'")
    }
    let inputs = try InputFlags.inputs(from: options)
    var run = try _CommandRun(inputs, output: options.value("output"))
    var replay = inputs.replay
    var results: [(String, TraceStatistics)] = []
    for file in inputs.files {
      var observer = Observer()
      let outcome = run.replay(file, options: replay, observer: &observer)
      if run.hasFailed { break }
      guard outcome != nil else { continue }  // unreadable, skipped
      var statistics =
        observer.statistics
        ?? TraceStatistics(
          PageControlConfiguration(pages: 0, control: Rect(x: 0, y: 0, width: 0, height: 0)))
      statistics.finish()
      results.append((TraceReader.displayName(of: file), statistics))
    }
    var total = results.first?.1
    for (_, statistics) in results.dropFirst() { total?.merge(statistics) }
    if results.count > 1, let total { results.append(("total", total)) }
    for (name, statistics) in results {
      run.output.write(format == "json" ? json(name, statistics) : table(name, statistics))
    }
    return try run.finish()
  }

  /// Feeds a replay's events and records to the statistics.
  struct Observer: ReplayObserver {
    var statistics: TraceStatistics?

    mutating func begin(_ configuration: PageControlConfiguration) {
      statistics = TraceStatistics(configuration)
    }
    mutating func willHandle(_ event: EngineEvent) { statistics!.observe(event) }
    mutating func observe(_ record: EngineRecord) { statistics!.observe(record) }
  }

  static func seconds(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    return
      "\(hundredths / 100).\(String(repeating: "0", count: hundredths % 100 < 10 ? 1 : 0))\(hundredths % 100)"
  }

  static func table(_ name: String, _ s: TraceStatistics) -> String {
    func row(_ label: String, _ value: String) -> String { "  " + label.padding(34) + value + "\n" }
    var text = "\(name)\n"
    text += row("events", "\(s.events)")
    let strokes = StrokeClassifier.Kind.allCases.map { "\($0.rawValue) \(s.strokes[$0] ?? 0)" }
    text += row("strokes", "\(s.strokes.values.reduce(0, +)): " + strokes.joined(separator: ", "))
    let causes = TransitionCause.allCases.compactMap { cause in
      s.transitionsByCause[cause].map { "\(cause.rawValue) \($0)" }
    }
    text += row(
      "transitions",
      "\(s.transitions)" + (causes.isEmpty ? "" : ": " + causes.joined(separator: ", ")))
    text += row("animated / not animated", "\(s.animated) / \(s.transitions - s.animated)")
    let perScrub = s.pagesPerScrub
    let mean = perScrub.isEmpty ? 0 : Double(perScrub.reduce(0, +)) / Double(perScrub.count)
    text += row(
      "scrubs",
      "\(s.scrubs) (pages per scrub: mean \(seconds(mean)), max \(perScrub.max() ?? 0); peak \(s.peakPagesPerSecond) pages/s)"
    )
    text += row("animations suppressed by a scrub", "\(s.suppressedAnimations)")
    let pages = s.timeOnPage.keys.sorted().map { "\($0): \(seconds(s.timeOnPage[$0]!)) s" }
    text += row("time on each page", pages.isEmpty ? "—" : pages.joined(separator: ", "))
    text += row("announcements", "\(s.announcements)")
    return text + "\n"
  }

  static func json(_ name: String, _ s: TraceStatistics) -> String {
    func object<Key>(_ values: [Key: Int], _ keys: [Key], _ label: (Key) -> String) -> String {
      "{"
        + keys.compactMap { key in values[key].map { "\"\(label(key))\":\($0)" } }.joined(
          separator: ",") + "}"
    }
    /// A sum of differences of event times, to the precision of those times.
    func timeOnPage(_ value: Double) -> String {
      JSONText.number(JSONText.rounded(value, toPrecisionOf: s.largestTime))
    }
    var text = "{\"file\":\(JSONText.string(name)),\"events\":\(s.events)"
    text += ",\"strokes\":" + object(s.strokes, StrokeClassifier.Kind.allCases) { $0.rawValue }
    text += ",\"transitions\":\(s.transitions)"
    text +=
      ",\"transitionsByCause\":"
      + object(s.transitionsByCause, TransitionCause.allCases) { $0.rawValue }
    text += ",\"animated\":\(s.animated),\"notAnimated\":\(s.transitions - s.animated)"
    text +=
      ",\"scrubs\":\(s.scrubs),\"pagesPerScrub\":[\(s.pagesPerScrub.map(String.init).joined(separator: ","))]"
    text +=
      ",\"peakPagesPerSecond\":\(s.peakPagesPerSecond),\"suppressedAnimations\":\(s.suppressedAnimations)"
    text +=
      ",\"timeOnPage\":{"
      + s.timeOnPage.keys.sorted().map { "\"\($0)\":\(timeOnPage(s.timeOnPage[$0]!))" }.joined(
        separator: ",")
      + "}"
    return text + ",\"announcements\":\(s.announcements)}\n"
  }
}
