import PageTrace
import PageTraceIO

/// What ``RecordingInspector`` found at the start of an input: its format, for CSV its layout
/// and the role of each column, the unit of its times, what it holds, and a command line that
/// reads it (docs/behaviour/inspect-convert-generate.md, "Inspection").
///
/// ```swift
/// let found = try RecordingInspector.inspect(path: "user0.csv")
/// found.format         // .csv
/// found.csv?.mapping   // t=4, phase=5, x=7, y=8, session=3
/// found.timeUnit       // .milliseconds
/// found.command        // ["pagetrace", "classify", "--from", "csv", "--columns", …]
/// ```
public struct RecordingInspection: Sendable, Hashable {
  /// The formats an input can have.
  public enum Format: String, Sendable, Hashable, CaseIterable {
    /// A PageTrace trace in JSON Lines.
    case jsonLines = "jsonl"
    /// A PageTrace binary trace.
    case binary
    /// A configuration object, as for `--config`.
    case configuration
    /// Comma-, tab-, semicolon-, bar- or space-separated rows of touch samples (`--from csv`).
    case csv
    /// An Android `getevent -lt` capture (`--from getevent`).
    case getevent
    /// W3C Pointer Events as JSON Lines (`--from pointer-events`).
    case pointerEvents = "pointer-events"
    /// None of these: ``RecordingInspection/kind`` says what it seems to be.
    case unknown

    /// In words: `JSON Lines trace`, `CSV` ….
    public var name: String {
      switch self {
      case .jsonLines: "PageTrace trace (JSON Lines)"
      case .binary: "PageTrace trace (binary)"
      case .configuration: "PageTrace configuration (as for --config)"
      case .csv: "CSV"
      case .getevent: "Android getevent capture"
      case .pointerEvents: "W3C Pointer Events (JSON Lines)"
      case .unknown: "unknown"
      }
    }
  }

  /// The input's name: its path, or `<stdin>`.
  public var file: String
  /// The format found.
  public var format: Format
  /// Whether the input is gzip-compressed (and was read through it).
  public var isGzip = false
  /// For an unknown format, what the input seems to be: `a PNG image`, `a ZIP archive`,
  /// `binary data`, `text in no known format`, `an empty input`.
  public var kind: String?
  /// The lines (records of a binary trace) read.
  public var linesRead = 0
  /// Whether the whole input was read (it ended within the prefix).
  public var isComplete = false
  /// The layout of a CSV input.
  public var csv: CSVLayout?
  /// The unit of the input's times: seconds for traces and getevent, milliseconds for Pointer
  /// Events; for CSV, what ``timeUnitEvidence`` decides (`nil` when it does not).
  public var timeUnit: CSVImporter.TimeUnit?
  /// For CSV: what the times say about their unit.
  public var timeUnitEvidence: TimeUnitEvidence?
  /// The configuration of a trace's header or a configuration file.
  public var configuration: ConfigurationPatch?
  /// The events read (imported, for other formats).
  public var events = 0
  /// The sessions seen, in order of appearance (`nil` is the default session); at most
  /// ``maximumSessionsListed`` are listed, ``sessionCount`` counts them all.
  public var sessions: [String?] = []
  /// How many sessions were seen, up to ``maximumSessionsCounted``.
  public var sessionCount = 0
  /// Whether more sessions than ``maximumSessionsCounted`` were seen: then ``sessionCount``
  /// is that many, and the input has more.
  public var hasMoreSessions = false
  /// The touches (and pointer presses) that went down.
  public var touches = 0
  /// The first and last times, in seconds.
  public var timeSpan: ClosedRange<Double>?
  /// The smallest frame that holds every touch and pointer sample, `nil` without any: the
  /// container ``commands`` propose for a recording, whose content mode has no other frame.
  public var extent: Rect?
  /// What stood in the way: the first bad line, rows an importer dropped, a role no column
  /// could take.
  public var problems: [String] = []
  /// A command line that reads the input (its arguments, `pagetrace` first), or `nil` when the
  /// input cannot be read as it is.
  public var command: [String]?

  /// The commands that run on the input as printed, by name (`classify`, `replay`, `stats`,
  /// `render`), each with ``command``'s reading flags; for a recording (an import, in
  /// content mode) with ``extent`` as `--container`, and `render` drawing the first session
  /// to a file beside the input. Empty when ``command`` is `nil`.
  ///
  /// ```swift
  /// let found = try RecordingInspector.inspect(path: "user0.csv")
  /// for (name, arguments) in found.commands { print(name, arguments.joined(separator: " ")) }
  /// ```
  public var commands: [(name: String, arguments: [String])] {
    guard let command, command.count >= 3, command[0] == "pagetrace" else { return [] }
    var reading = Array(command.dropFirst(2))
    if command.contains("--from"), let extent {
      // Whole points, rounded outwards: every sample stays inside.
      let (x, y) = (extent.x.rounded(.down), extent.y.rounded(.down))
      let right = (extent.x + extent.width).rounded(.up)
      let bottom = (extent.y + extent.height).rounded(.up)
      let frame = [x, y, right - x, bottom - y].map(JSONText.number)
      reading.insert(contentsOf: ["--container", frame.joined(separator: ",")], at: 0)
    }
    var render = reading
    if let first = sessions.first, let name = first { render = ["--session", name] + render }
    let stem = file.split(separator: "/").last.map(String.init) ?? "recording"
    render += ["-o", (stem.split(separator: ".").first.map(String.init) ?? stem) + ".svg"]
    return [
      ("classify", ["pagetrace", "classify"] + reading),
      ("replay", ["pagetrace", "replay"] + reading),
      ("stats", ["pagetrace", "stats"] + reading),
      ("render", ["pagetrace", "render"] + render),
    ]
  }

  /// The most sessions listed by name.
  public static let maximumSessionsListed = 10
  /// The most sessions counted: a replay's default limit, so that counting stays bounded.
  public static let maximumSessionsCounted = PageControlEngine.defaultMaximumSessions

  /// An inspection of `file` that found nothing yet.
  public init(file: String, format: Format) {
    self.file = file
    self.format = format
  }
}

/// The layout of a CSV input: its delimiter, its header row, and each column with samples and
/// the role it seems to play.
public struct CSVLayout: Sendable, Hashable {
  /// What a column holds, in the terms of `--columns`.
  public enum Role: String, Sendable, Hashable, CaseIterable {
    case time = "t"
    case phase, x, y, id, session
  }

  /// One column.
  public struct Column: Sendable, Hashable {
    /// Its 1-based number.
    public var number: Int
    /// Its name in the header row.
    public var name: String?
    /// Its first distinct values (at most 4).
    public var samples: [String]
    /// The role it seems to play.
    public var role: Role?
    /// Why, or what else it seems to be: `epoch milliseconds`, `constant`, `0=down 1=up 2=move`,
    /// `each value's times increase`.
    public var note: String?
  }

  /// The field separator.
  public var delimiter: UInt8
  /// Whether the first row names the columns.
  public var hasHeader: Bool
  /// The columns, in order.
  public var columns: [Column]
  /// The mapping for `--columns`, when every required role (t, phase, x, y) has a column.
  public var mapping: CSVImporter.Mapping?
  /// Whether numbers are written with a decimal comma (`12,5`; `--decimal-comma`).
  public var decimalComma = false
  /// The values that seem to mark a missing value in a column used (`--missing`).
  public var missing: [String] = []
  /// How the values of the phase column read, when a column was taken for the phase.
  public var phases: [String: TouchPhase]?

  /// The delimiter as `--delimiter` takes it: `,`, `tab` or `space` (runs of spaces).
  public var delimiterArgument: String {
    switch delimiter {
    case UInt8(ascii: "\t"): "tab"
    case UInt8(ascii: " "): "space"
    default: String(UnicodeScalar(delimiter))
    }
  }

  /// ``phases`` as `inspect` shows them, downs first: `DOWN=down, HELD=move, UP=up`.
  public var phasesText: String? {
    guard let phases else { return nil }
    let order: [TouchPhase] = [.down, .move, .up, .cancel]
    return phases.sorted {
      (order.firstIndex(of: $0.value)!, $0.key) < (order.firstIndex(of: $1.value)!, $1.key)
    }.map { "\($0.key)=\($0.value.rawValue)" }.joined(separator: ", ")
  }
}
