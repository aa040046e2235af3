import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace stats [FILE...]`: what happened in each trace and in all of them, optionally
/// for some sessions only and session by session.
enum StatsCommand: _Command {
  static let name = "stats"
  static let summary = "Summarise what happened in traces."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .format, value: "table|jsonl|csv", choices: ["table", "jsonl", "csv"],
      help:
        "A readable table (default); jsonl (or json): one JSON object per line, per file and, with several files, one for all of them; or CSV: a header row, then one row per file (and session), and one for all files."
    ),
    OptionSpec(
      name: .output, short: "o", value: "file",
      help: "Write to <file> instead of standard output (replaced only on success)."),
    OptionSpec(
      name: .session, value: "name",
      help: "Count only this session; repeat for more sessions. (default: every session)"),
    OptionSpec(
      name: .defaultSession,
      help: "Count the events without a session: alone, or with the sessions of --session."),
    OptionSpec(
      name: .bySession,
      help:
        "Also break each file down by session: the default session first, then the others in order of appearance."
    ),
    InputFlags.jobsSpec,
    .helpOption,
  ]

  static let overview =
    "Summarise traces: events, strokes by class, transitions by cause, animated or not, scrubs (count, pages per scrub: mean, maximum, histogram; peak pages per second), animations suppressed by a scrub, time on each page (the 10 longest and the rest), announcements."

  static let usage = ["pagetrace stats [<options>] [<file> ...]"]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "Traces or recordings (--from): files, directories (their files named as traces or as --from's format, or matching --glob, in name order), or '-' (also none) for standard input. gzip is read transparently."
    )
  ]

  static var optionGroups: [_OptionGroup] {
    [.options(ownOptions + InputFlags.specs), .otherFormats, .configuration()]
  }

  static let exitStatuses = _exitStatuses()

  /// The sessions to count.
  struct Selection {
    /// Named sessions, as UTF-8 bytes (names compare as bytes).
    var names: Set<_UTF8Name>
    /// Whether the events without a session count.
    var includesDefault: Bool
  }

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    var format = options[.format] ?? "table"
    if format == "jsonl" { format = "json" }  // one JSON object per line either way
    guard format == "table" || format == "json" || format == "csv" else {
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--format': expected table, jsonl or csv, found '\(format)'"
          + _didYouMean(format, in: ["table", "jsonl", "csv"]))
    }
    let names = options.values(.session)
    let selection =
      names.isEmpty && !options.has(.defaultSession)
      ? nil
      : Selection(
        names: Set(names.map(_UTF8Name.init)), includesDefault: options.has(.defaultSession))
    let bySession = options.has(.bySession)
    var inputs = try InputFlags.inputs(from: options)
    inputs.jobs = try InputFlags.jobs(from: options) ?? 1
    var run = try _CommandRun(inputs, output: options.path(.output))
    var results: [Result] = []
    var seen = _SessionsSeen()
    for file in inputs.files {
      var observer = Observer(selection: selection, bySession: bySession, seen: seen)
      let outcome = run.replay(file, observer: &observer)
      seen = observer.seen
      if run.hasFailed { break }
      guard outcome != nil else { continue }  // unreadable, skipped
      results.append(observer.result(name: TraceReader.displayName(of: file)))
    }
    // A selector that matches nothing is likely a typo: the run fails (65) and writes no
    // table, rather than an all-zero one (docs/behaviour.md, "Session selectors").
    var refused = false
    if let selection, !run.hasFailed {
      var missing: [String] = []
      var said: Set<_UTF8Name> = []
      for name in names where !seen.contains(name) && said.insert(_UTF8Name(name)).inserted {
        missing.append(name)
      }
      let missingDefault = selection.includesDefault && !seen.hasDefault
      if !missing.isEmpty || missingDefault {
        run.fail(
          seen.error(
            missing: missing, missingDefault: missingDefault ? "--default-session" : nil,
            more: "; --by-session lists them"))
        results = []
        refused = true
      }
    }
    if format == "csv" && !refused {
      run.output.preambleSize = csvHeader.utf8.count
      run.output.write(csvHeader)
    }
    for result in results where format == "csv" { run.output.write(csv(result)) }
    for result in results where format != "csv" {
      run.output.write(
        format == "json"
          ? json(
            result.statistics, head: "\"file\":\(JSONText.string(result.name))", result.sessions)
          : table(result.statistics, heading: result.name, result.sessions))
    }
    if results.count > 1 {
      var total = results[0].statistics
      for result in results.dropFirst() { total.merge(result.statistics) }
      let files = results.map { JSONText.string($0.name) }.joined(separator: ",")
      if format == "csv" {
        run.output.write(csvRow("total", file: "all \(results.count) files", session: nil, total))
      } else {
        run.output.write(
          format == "json"
            ? json(total, head: "\"files\":[\(files)]")
            : table(total, heading: "all \(results.count) files"))
      }
    }
    return try run.finish()
  }

  /// One file's figures, and with `--by-session` each session's.
  struct Result {
    var name: String
    var statistics: TraceStatistics
    /// By session, in order of number (`nil`: the default session); `nil` without
    /// `--by-session`.
    var sessions: [(name: String?, statistics: TraceStatistics)]?
  }

  /// Feeds a replay's events and records, of the selected sessions, to the statistics.
  struct Observer: ReplayObserver {
    let selection: Selection?
    let bySession: Bool
    var configuration = Self.noConfiguration
    /// Those of ``configuration`` until the input's is known (`begin`): not an optional,
    /// whose forced unwrapping on every event read its tag out of line.
    var statistics = TraceStatistics(Self.noConfiguration)
    /// The configuration before the input's is known: 0 pages, an empty control.
    static let noConfiguration = PageControlConfiguration(
      pages: 0, control: Rect(x: 0, y: 0, width: 0, height: 0))
    /// By session number: whether it counts (only with a selection).
    var selected: [Bool] = []
    /// By session number: its name (only with `--by-session`).
    var names: [String?] = [nil]
    /// By session number: its own figures, fed as the default session (with `--by-session`).
    var sessions: [TraceStatistics?] = []
    /// The sessions met in the inputs so far (only with a selection).
    var seen: _SessionsSeen

    init(selection: Selection?, bySession: Bool, seen: _SessionsSeen) {
      self.selection = selection
      self.bySession = bySession
      self.seen = seen
      selected = [selection?.includesDefault ?? true]
    }

    mutating func begin(_ configuration: PageControlConfiguration) {
      self.configuration = configuration
      statistics = TraceStatistics(configuration)
    }

    mutating func name(_ session: SessionID, _ name: String) {
      let index = session.index
      if let selection {
        if selected.count <= index {
          selected.append(contentsOf: repeatElement(false, count: index + 1 - selected.count))
        }
        selected[index] = selection.names.contains(_UTF8Name(name))
        seen.add(name)
      }
      if bySession {
        if names.count <= index {
          names.append(contentsOf: repeatElement(nil, count: index + 1 - names.count))
        }
        names[index] = name
      }
    }

    func counts(_ session: SessionID) -> Bool {
      selection == nil || (session.index < selected.count && selected[session.index])
    }

    // Inlined into the loop's handler of each event (`_plainEventHandler`), the work of
    // `--by-session` out of line: the call and its large frame cost about 20 instructions an
    // event.

    @inline(__always)
    mutating func willHandle(_ event: EngineEvent) {
      if selection != nil && event.session == .defaultSession { seen.hasDefault = true }
      guard counts(event.session) else { return }
      statistics.observe(event)
      if bySession { observeOwn(event) }
    }

    @inline(__always)
    mutating func observe(_ record: EngineRecord) {
      guard counts(record.session) else { return }
      statistics.observe(record)
      if bySession { observeOwn(record) }
    }

    /// Feeds `event` to its session's own figures (`--by-session`).
    @inline(never)
    private mutating func observeOwn(_ event: EngineEvent) {
      var own = event
      own.session = .defaultSession
      withSession(event.session) { $0.observe(own) }
    }

    /// Feeds `record` to its session's own figures (`--by-session`).
    @inline(never)
    private mutating func observeOwn(_ record: EngineRecord) {
      var own = record
      own.session = .defaultSession
      withSession(record.session) { $0.observe(own) }
    }

    /// Updates one session's figures, created at its first event.
    private mutating func withSession(
      _ session: SessionID, _ update: (inout TraceStatistics) -> Void
    ) {
      let index = session.index
      if sessions.count <= index {
        sessions.append(contentsOf: repeatElement(nil, count: index + 1 - sessions.count))
      }
      if sessions[index] == nil { sessions[index] = TraceStatistics(configuration) }
      update(&sessions[index]!)
    }

    /// The figures, every session's page time closed.
    func result(name: String) -> Result {
      var statistics = statistics
      statistics.finish()
      var result = Result(name: name, statistics: statistics)
      if bySession {
        result.sessions = sessions.indices.compactMap { index in
          guard var figures = sessions[index] else { return nil }
          figures.finish()
          return (index < names.count ? names[index] : nil, figures)
        }
      }
      return result
    }
  }

  // MARK: Table

  /// The column of the values.
  static let valueColumn = 38
  /// The width lists are wrapped to.
  static let lineWidth = 100

  /// A number with two decimals: `0.05`, `12.30`; past 10^15 (where hundredths no longer fit
  /// an integer comfortably) in the JSON form.
  static func twoDecimals(_ value: Double) -> String {
    guard value.isFinite, value.magnitude < 1e15 else { return JSONText.number(value) }
    let hundredths = Int((value * 100).rounded())
    let magnitude = hundredths.magnitude
    let fraction = magnitude % 100
    return (hundredths < 0 ? "-" : "") + "\(magnitude / 100)." + (fraction < 10 ? "0" : "")
      + "\(fraction)"
  }

  /// `items` joined with `, ` after `first`, wrapped before `lineWidth` onto lines indented to
  /// the value column.
  static func wrapped(_ items: [String], after first: String = "") -> [String] {
    var lines: [String] = []
    var line = first
    for (index, item) in items.enumerated() {
      let piece = item + (index == items.count - 1 ? "" : ",")
      if !line.isEmpty && valueColumn + line.count + 1 + piece.count > lineWidth {
        lines.append(line)
        line = piece
      } else {
        line += (line.isEmpty ? "" : " ") + piece
      }
    }
    lines.append(line)
    return lines
  }

  static func table(
    _ s: TraceStatistics, heading: String,
    _ sessions: [(name: String?, statistics: TraceStatistics)]? = nil
  ) -> String {
    var text = heading + "\n" + rows(s, indent: 2)
    for (name, statistics) in sessions ?? [] {
      text += "\n  session " + (name.map { JSONText.string($0) } ?? "(default)") + "\n"
      text += rows(statistics, indent: 4)
    }
    return text + "\n"
  }

  /// The figures, one per row, values from ``valueColumn``; lists go on over more lines.
  static func rows(_ s: TraceStatistics, indent: Int) -> String {
    var text = ""
    func row(_ label: String, _ lines: [String]) {
      text += String(repeating: " ", count: indent) + label.padding(valueColumn - indent)
      text += lines.joined(separator: "\n" + String(repeating: " ", count: valueColumn)) + "\n"
    }
    func row(_ label: String, _ value: String) { row(label, [value]) }
    row("events", "\(s.events)")
    let strokes = StrokeClassifier.Kind.allCases.map { "\($0.rawValue) \(s.strokes[$0] ?? 0)" }
    row("strokes", wrapped(strokes, after: "\(s.strokes.values.reduce(0, +)):"))
    let causes = TransitionCause.allCases.compactMap { cause in
      s.transitionsByCause[cause].map { "\(cause.rawValue) \($0)" }
    }
    row("transitions", wrapped(causes, after: "\(s.transitions)" + (causes.isEmpty ? "" : ":")))
    row("animated / not animated", "\(s.animated) / \(s.transitions - s.animated)")
    row("scrubs", "\(s.scrubs)")
    let scrubs = s.scrubSummary
    if let mean = scrubs.mean, let max = scrubs.max {
      row("pages per scrub", "mean \(twoDecimals(mean)), max \(max)")
    } else {
      row("pages per scrub", "—")
    }
    row("scrubs by pages moved", wrapped(scrubs.histogram.map { "\($0.label): \($0.scrubs)" }))
    row("peak pages per second", "\(s.peakPagesPerSecond)")
    row("animations suppressed by a scrub", "\(s.suppressedAnimations)")
    let time = s.pageTimeSummary(longest: 10)
    if time.pages == 0 {
      row("time on each page", "—")
    } else {
      func pages(_ count: Int) -> String { count == 1 ? "page" : "pages" }
      var lines = [
        "\(time.pages) \(pages(time.pages)) visited, \(twoDecimals(time.seconds)) s in all"
          + (time.otherPages > 0 ? "; the \(time.longest.count) longest:" : ":")
      ]
      lines += wrapped(time.longest.map { "\($0.page): \(twoDecimals($0.seconds)) s" })
      if time.otherPages > 0 {
        let other = "\(time.otherPages) other \(pages(time.otherPages))"
        lines.append("… \(other): \(twoDecimals(time.otherSeconds)) s")
      }
      row("time on each page", lines)
    }
    row("announcements", "\(s.announcements)")
    return text
  }

  // MARK: JSON

  /// One JSON object: `head` (the `file` or `files` member), the figures, and with
  /// `sessions` the figures of each.
  static func json(
    _ s: TraceStatistics, head: String,
    _ sessions: [(name: String?, statistics: TraceStatistics)]? = nil
  ) -> String {
    var text = "{" + head + "," + figures(s)
    if let sessions {
      text +=
        ",\"sessions\":["
        + sessions.map { name, statistics in
          "{\"session\":\(name.map { JSONText.string($0) } ?? "null")," + figures(statistics) + "}"
        }.joined(separator: ",") + "]"
    }
    return text + "}\n"
  }

  /// The members of the figures, from `events` to `announcements`.
  static func figures(_ s: TraceStatistics) -> String {
    func object<Key>(_ values: [Key: Int], _ keys: [Key], _ label: (Key) -> String) -> String {
      "{"
        + keys.compactMap { key in values[key].map { "\"\(label(key))\":\($0)" } }.joined(
          separator: ",") + "}"
    }
    /// A sum of differences of event times, to the precision of those times.
    func timeOnPage(_ value: Double) -> String {
      JSONText.number(JSONText.rounded(value, toPrecisionOf: s.largestTime))
    }
    var text = "\"events\":\(s.events)"
    text +=
      ",\"strokes\":{"
      + StrokeClassifier.Kind.allCases.map { "\"\($0.rawValue)\":\(s.strokes[$0] ?? 0)" }.joined(
        separator: ",") + "}"
    text += ",\"transitions\":\(s.transitions)"
    text +=
      ",\"transitionsByCause\":"
      + object(s.transitionsByCause, TransitionCause.allCases) { $0.rawValue }
    text += ",\"animated\":\(s.animated),\"notAnimated\":\(s.transitions - s.animated)"
    let scrubs = s.scrubSummary
    text += ",\"scrubs\":\(s.scrubs),\"pagesPerScrub\":{\"count\":\(scrubs.count)"
    text += ",\"mean\":" + (scrubs.mean.map { JSONText.number($0) } ?? "null")
    text += ",\"max\":" + (scrubs.max.map { JSONText.number($0) } ?? "null")
    text +=
      ",\"histogram\":["
      + scrubs.histogram.map { bucket in
        let to = bucket.highest.map(String.init) ?? "null"
        return "{\"from\":\(bucket.lowest),\"to\":\(to),\"scrubs\":\(bucket.scrubs)}"
      }.joined(separator: ",") + "]}"
    text +=
      ",\"peakPagesPerSecond\":\(s.peakPagesPerSecond),\"suppressedAnimations\":\(s.suppressedAnimations)"
    // An array in page order, not an object keyed by page: one column (a list of structs)
    // for DuckDB and the like, not one field per page.
    let times = s.timeOnPage  // built on each read
    text +=
      ",\"timeOnPage\":["
      + times.keys.sorted().map {
        "{\"page\":\($0),\"seconds\":\(timeOnPage(times[$0]!))}"
      }.joined(separator: ",")
      + "]"
    return text + ",\"announcements\":\(s.announcements)"
  }
}
