import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace render FILE [--session S] [--start S] [--end S] -o timeline.svg`: a
/// self-contained SVG timeline of one session; `--list-sessions` lists the sessions instead.
enum RenderCommand: Command {
  static let name = "render"
  static let summary = "Draw one session as an SVG timeline."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .output, short: "o", value: "file",
      help: "Write the SVG (or the list) to <file> instead of standard output."),
    OptionSpec(
      name: .session, value: "name",
      help: "The session to draw. (default: the events without a session)"),
    OptionSpec(
      name: .start, value: "seconds",
      help:
        "Draw from this many seconds after the session's first event (the axis's 0 s). Not --from, which names the input format."
    ),
    OptionSpec(
      name: .end, value: "seconds",
      help: "Draw up to this many seconds after the session's first event."),
    OptionSpec(
      name: .listSessions,
      help:
        "List the sessions instead of drawing: name (<default> for the events without a session), events, duration and trace times, one per line."
    ),
    OptionSpec(
      name: .axis, value: "x|y|both", choices: ["x", "y", "both"],
      help:
        "The finger coordinates drawn: x, y, or both (x solid, y dashed); the axis across the control shows scrolls the other way. (default: the control's axis, x for a horizontal control, y for a vertical one)"
    ),
    .helpOption,
  ]

  static let overview =
    "Draw one session as a self-contained SVG timeline against seconds since its first event: the finger along the control's axis, the page as a step line with every transition marked by cause (animated filled, not animated hollow), bands for the interaction state and the background, and a legend. A session that is not in the file is a data error (65)."

  static let usage = [
    "pagetrace render <file> [--session <name>] [--start <seconds>] [--end <seconds>] [--axis x|y|both] [-o <file>]",
    "pagetrace render <file> --list-sessions",
  ]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "A trace or recording (--from): a file, a directory holding one trace file, or '-' for standard input. gzip is read transparently."
    )
  ]

  static var optionGroups: [OptionGroup] {
    [.options(ownOptions + InputFlags.specs), .otherFormats, .configuration()]
  }

  static let exitStatuses = _exitStatuses()

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    guard options.positionals.count <= 1 else {
      throw CommandFailure(status: .usage, message: "render draws one file")
    }
    let listing = options.has(.listSessions)
    let window = try TimeWindow(options)
    if listing && (window.start != nil || window.end != nil || options.has(.session)) {
      throw CommandFailure(
        status: .usage, message: "--list-sessions takes no --session, --start or --end")
    }
    if listing && options.has(.axis) {
      throw CommandFailure(status: .usage, message: "--list-sessions takes no --axis")
    }
    let axisName = options[.axis]
    let axis = axisName.flatMap(SVGTimeline.FingerAxis.init(rawValue:))
    if let axisName, axis == nil {
      throw CommandFailure(
        status: .usage,
        message:
          "invalid value for '--axis': expected \(_alternatives(SVGTimeline.FingerAxis.allCases.map(\.rawValue))), found '\(axisName)'"
      )
    }
    let inputs = try InputFlags.inputs(from: options)
    let input = try InputFlags.onlyInput(
      inputs, given: options.positionalPaths.first?.description, command: "render")
    let file = TraceReader.displayName(of: input)
    var run = try CommandRun(inputs, output: options.path(.output))
    var observer = Observer(session: options[.session], window: window, axis: axis)
    let outcome = run.replay(input, observer: &observer)
    if !run.hasFailed && outcome != nil {
      if listing {
        run.output.write(observer.catalog.listing(names: observer.names))
      } else {
        switch observer.drawing(file: file) {
        case .success(let svg): run.output.write(svg)
        case .failure(let failure): run.fail(failure)
        }
      }
    }
    return try run.finish()
  }

  /// `--start` and `--end`: seconds since the session's first event. The names are not
  /// `--from`/`--to`, which every command already uses for formats.
  struct TimeWindow {
    var start: Double?
    var end: Double?

    /// Reads the two options: non-negative, finite, the end after the start.
    init(_ options: CommandLineArguments) throws(CommandFailure) {
      start = try Self.seconds(options, .start)
      end = try Self.seconds(options, .end)
      if let end, end <= start ?? 0 {  // an empty window would draw nothing
        let after = start.map { "--start (\(_fmtSeconds($0)))" } ?? "the session's first event (0)"
        throw CommandFailure(
          status: .usage, message: "--end (\(_fmtSeconds(end))) must be after \(after)")
      }
    }

    static func seconds(_ options: CommandLineArguments, _ name: OptionName) throws(CommandFailure)
      -> Double?
    {
      guard let text = options[name] else { return nil }
      guard let value = Double(text), value.isFinite, value >= 0 else {
        throw CommandFailure(
          status: .usage,
          message:
            "invalid value for '--\(name.rawValue)': expected seconds since the session's first event (0 or more), found '\(text)'"
        )
      }
      return value
    }
  }

  /// Draws a replay's events and records of one session, and counts every session's.
  struct Observer: ReplayObserver {
    let session: String?
    let window: TimeWindow
    /// `--axis`; `nil`: the control's axis.
    let axis: SVGTimeline.FingerAxis?
    var timeline: SVGTimeline?
    var names = TraceNames()
    var catalog = SessionCatalog()
    /// The number of the session drawn, once its name has been met.
    var drawn: SessionID?

    init(session: String?, window: TimeWindow, axis: SVGTimeline.FingerAxis?) {
      self.session = session
      self.window = window
      self.axis = axis
      drawn = session == nil ? .defaultSession : nil
    }

    mutating func begin(_ configuration: PageControlConfiguration) {
      timeline = SVGTimeline(configuration: configuration, session: session)
      timeline!.windowStart = window.start
      timeline!.windowEnd = window.end
      if let axis { timeline!.fingerAxis = axis }
    }
    mutating func name(_ session: SessionID, _ name: String) {
      names.set(name, of: session)
      if _utf8Equal(name, self.session) {  // bytes, not equivalence
        drawn = session
      } else if drawn == session {
        drawn = nil  // a refused session's number, given to another name
      }
    }
    mutating func name(_ touch: TouchKey, _ name: String) { names.set(name, of: touch) }
    mutating func willHandle(_ event: EngineEvent) {
      catalog.add(event)
      if event.session == drawn { timeline!.add(names.friendly(event)) }
    }
    mutating func observe(_ record: EngineRecord) {
      if record.session == drawn { timeline!.add(names.friendly(record)) }
    }

    /// The SVG, or why there is nothing to draw: no events at all, no events in the
    /// session asked for, or a window that starts after the session's last event.
    func drawing(file: String) -> Result<String, CommandFailure> {
      func failure(_ message: String) -> Result<String, CommandFailure> {
        .failure(CommandFailure(status: .dataError, message: "\(file): \(message)"))
      }
      guard let timeline, !catalog.entries.isEmpty else { return failure("no events to draw") }
      guard let drawn, let entry = catalog.entry(drawn) else {
        // The shape of every session selector that matches nothing (docs/behaviour/commands.md,
        // "Session selectors").
        var seen = SessionsSeen()
        for entry in catalog.entries {
          if let name = names.name(of: entry.session) {
            seen.add(name)
          } else {
            seen.hasDefault = true
          }
        }
        let message = seen.error(
          missing: session.map { [$0] } ?? [],
          missingDefault: session == nil ? "drawn without --session" : nil,
          more: "; --list-sessions lists them")
        return .failure(CommandFailure(status: .dataError, message: message))
      }
      if let start = window.start, start > entry.last - entry.first {
        return failure(
          "--start \(_fmtSeconds(start)) is after the session's last event, at "
            + "\(_fmtSeconds(entry.last - entry.first)) s")
      }
      return .success(timeline.render())
    }
  }
}

/// Every session's event count and time span, in order of first appearance.
struct SessionCatalog {
  /// One session: its number, events accepted, and first and last event times.
  struct Entry {
    var session: SessionID
    var events = 0
    var first: Double
    var last: Double
  }

  /// The sessions in the order their first events came.
  private(set) var entries: [Entry] = []
  /// By session number: the index in ``entries`` plus one (0: not seen).
  private var positions: [Int] = []

  /// Counts one event.
  mutating func add(_ event: EngineEvent) {
    let index = event.session.index
    if index >= positions.count {
      positions.append(contentsOf: repeatElement(0, count: index + 1 - positions.count))
    }
    if positions[index] == 0 {
      entries.append(Entry(session: event.session, first: event.time, last: event.time))
      positions[index] = entries.count
    }
    let n = positions[index] - 1
    entries[n].events += 1
    entries[n].first = min(entries[n].first, event.time)
    entries[n].last = max(entries[n].last, event.time)
  }

  /// A session's entry, if it had events.
  func entry(_ session: SessionID) -> Entry? {
    let index = session.index
    guard index < positions.count, positions[index] > 0 else { return nil }
    return entries[positions[index] - 1]
  }

  /// The name shown for a session: `<default>` for the events without a session, `""` for
  /// the empty name, control characters (tabs, line breaks) as U+FFFD.
  static func displayName(_ session: SessionID, names: TraceNames) -> String {
    guard let name = names.name(of: session) else { return "<default>" }
    guard !name.isEmpty else { return "\"\"" }
    var shown = ""
    for scalar in name.unicodeScalars {
      shown.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? "\u{FFFD}" : scalar)
    }
    return shown
  }

  /// One line per session: name, events, duration, and the first and last trace times,
  /// separated by tabs: `a\t12 events\t1.5 s\tt 1 – 2.5`.
  func listing(names: TraceNames) -> String {
    var text = ""
    for entry in entries {
      text += Self.displayName(entry.session, names: names)
      text += "\t\(entry.events) event\(entry.events == 1 ? "" : "s")"
      text += "\t\(_fmtSeconds(entry.last - entry.first)) s"
      text += "\tt \(_fmtSeconds(entry.first)) – \(_fmtSeconds(entry.last))\n"
    }
    return text
  }
}

/// Seconds to the millisecond, trailing zeros dropped: `1.5`, `109.72`, `1334618256.158`.
func _fmtSeconds(_ value: Double) -> String {
  guard value.isFinite, value.magnitude < 1e15 else { return "\(value)" }
  let milliseconds = Int((value * 1000).rounded())
  var text = milliseconds < 0 ? "-" : ""
  let magnitude = milliseconds.magnitude
  text += "\(magnitude / 1000)"
  var fraction = magnitude % 1000
  guard fraction != 0 else { return text }
  var digits = 3
  while fraction % 10 == 0 {
    fraction /= 10
    digits -= 1
  }
  let written = "\(fraction)"
  return text + "." + String(repeating: "0", count: digits - written.count) + written
}
