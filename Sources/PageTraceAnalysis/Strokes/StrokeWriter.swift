import PageTrace
import PageTraceIO

/// Writes classified strokes as `pagetrace classify` does: one row per stroke, of the
/// ``columns-type.property`` of docs/behaviour/tables.md, "strokes", as JSON Lines, CSV or
/// Parquet.
///
/// A class, so that the classification's observer hands it each stroke as it ends
/// (``StrokeClassifier/classify(_:driver:options:writer:report:)``); one thread uses it.
///
/// ```swift
/// let writer = StrokeWriter(descriptor: .standardOutput, name: "<stdout>", format: .csv)
/// writer.writeHeader()
/// var reader = try TraceReader(opening: "Traces/tap.jsonl")
/// _ = StrokeClassifier.classify(&reader) { writer.write($0) }
/// try writer.finish()
/// print(writer.counts.tap, "taps")
/// ```
public final class StrokeWriter: _StrokeSink {
  // Not checked for exclusive access at run time: one observer on one thread uses them, and
  // the checks are made every event.
  /// JSON Lines' writer, whose lines are written by hand (``writeJSONLine``).
  @exclusivity(unchecked) var writer: TextWriter
  /// CSV's and Parquet's.
  @exclusivity(unchecked) var table: TableWriter?
  /// JSON Lines, CSV or Parquet.
  public let format: TableFormat
  /// The input's name, in the `file` column (null when `nil`); may change between inputs.
  public var file: String?
  /// Whether each row ends with ``wallClockColumns``: `start` and `end` as instants, read as
  /// seconds since 1970-01-01 UTC (`classify --wall-clock`). Set it before the header.
  public var writesWallClock = false {
    didSet { table = Self.table(columns, format, writer) }
  }
  /// The strokes written so far, by kind.
  @exclusivity(unchecked) public private(set) var counts = StrokeCounts()

  /// A writer to `descriptor` (named `name` in errors) of `format`'s rows, each naming
  /// `file` if given.
  public init(
    descriptor: SystemDescriptor, name: String, format: TableFormat = .jsonLines,
    file: String? = nil
  ) {
    writer = TextWriter(descriptor: descriptor, name: name)
    self.format = format
    self.file = file
    table = Self.table(Self.columns, format, writer)
  }

  private static func table(
    _ columns: [TableColumn], _ format: TableFormat, _ writer: borrowing TextWriter
  ) -> TableWriter? {
    guard format != .jsonLines else { return nil }
    return TableWriter(
      columns: columns, format: format, descriptor: writer.descriptor, name: writer.name)
  }

  /// The first write failure, if any (later writes are dropped).
  public var failure: FileError? { table?.failure ?? writer.failure }

  /// Writes what comes before the rows (CSV's header row, Parquet's magic number); its
  /// length in bytes.
  @discardableResult
  public func writeHeader() -> Int { table != nil ? table!.writeHeader() : 0 }

  /// Writes one stroke's row.
  public func write(_ stroke: ClassifiedStroke) {
    take(stroke.stroke, swipeRule: stroke.swipeRule, target: stroke.target, outcome: stroke.outcome)
  }

  /// Writes out what is buffered (between inputs); a Parquet file stays open for more rows.
  public func flush() throws(FileError) {
    if table != nil { try table!.flush() } else { try writer.flush() }
  }

  /// Writes out what is buffered, after Parquet's last row group and footer.
  public func finish() throws(FileError) {
    if table != nil { try table!.finish() } else { try writer.flush() }
  }

  package func take(
    _ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    target: StrokeTarget?, outcome: StrokeOutcome?
  ) {
    counts.add(stroke)
    guard table != nil else {
      return Self.writeJSONLine(
        stroke, swipeRule: swipeRule, target: target, outcome: outcome, file: file,
        wallClock: writesWallClock, to: &writer)
    }
    Self.forEachField(
      of: stroke, swipeRule: swipeRule, target: target, outcome: outcome, file: file,
      wallClock: writesWallClock
    ) { table!.append($0) }
    table!.endRow()
  }

  /// The columns of a stroke's row, in order (docs/behaviour/tables.md, "strokes").
  public static let columns: [TableColumn] =
    [TableColumn("session", .string), TableColumn("id", .string), TableColumn("kind", .string)]
    + [
      "start", "end", "duration", "x0", "y0", "x1", "y1", "dx", "dy", "path", "peakSpeed",
      "velocity",
    ]
    .map { TableColumn($0, .double) }
    + ["axis", "swipeRule", "target", "outcome"].map { TableColumn($0, .string) }
    + ["from", "to", "transitions"].map { TableColumn($0, .integer) }
    + [TableColumn("file", .string)]

  /// The columns `--wall-clock` adds: `startTime`, `endTime`.
  public static let wallClockColumns = [
    TableColumn("startTime", .timestamp), TableColumn("endTime", .timestamp),
  ]

  /// This writer's columns: ``columns-type.property``, and ``wallClockColumns`` with
  /// ``writesWallClock``.
  public var columns: [TableColumn] {
    Self.columns + (writesWallClock ? Self.wallClockColumns : [])
  }
}

/// The number of strokes of each kind, and of swipes along each axis (`classify --summary`).
public struct StrokeCounts: Sendable, Hashable {
  /// Taps.
  public var tap = 0
  /// Long presses.
  public var longPress = 0
  /// Drags.
  public var drag = 0
  /// Swipes.
  public var swipe = 0
  /// Cancelled strokes.
  public var cancelled = 0
  /// Swipes along x.
  public var swipesAlongX = 0
  /// Swipes along y.
  public var swipesAlongY = 0

  /// No strokes.
  public init() {}

  /// Counts one stroke.
  public mutating func add(_ stroke: StrokeClassifier.Stroke) {
    switch stroke.kind {
    case .tap: tap += 1
    case .longPress: longPress += 1
    case .drag: drag += 1
    case .cancelled: cancelled += 1
    case .swipe:
      swipe += 1
      if stroke.dominantAxis == .x { swipesAlongX += 1 } else { swipesAlongY += 1 }
    }
  }

  /// The strokes of `kind`.
  public subscript(kind: StrokeClassifier.Kind) -> Int {
    switch kind {
    case .tap: tap
    case .longPress: longPress
    case .drag: drag
    case .swipe: swipe
    case .cancelled: cancelled
    }
  }

  /// Every stroke.
  public var total: Int { StrokeClassifier.Kind.allCases.reduce(0) { $0 + self[$1] } }

  /// Adds the counts of another input.
  public mutating func merge(_ other: StrokeCounts) {
    tap += other.tap
    longPress += other.longPress
    drag += other.drag
    swipe += other.swipe
    cancelled += other.cancelled
    swipesAlongX += other.swipesAlongX
    swipesAlongY += other.swipesAlongY
  }
}
