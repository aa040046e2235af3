import PageTrace
import PageTraceIO

/// Writes classified strokes as `pagetrace classify` does: one JSON object or CSV row per
/// stroke, the fields of docs/behaviour/analysis.md, "Stroke classification", in their order.
///
/// A class, so that the classification's observer hands it each stroke as it ends
/// (``StrokeClassifier/classify(_:driver:options:writer:report:)``); one thread uses it.
///
/// ```swift
/// let writer = StrokeWriter(descriptor: .standardOutput, name: "<stdout>", format: .csv)
/// writer.writeHeader()
/// var reader = try TraceReader(opening: "Traces/tap.jsonl")
/// _ = StrokeClassifier.classify(&reader) { writer.write($0) }
/// try writer.flush()
/// print(writer.counts.tap, "taps")
/// ```
public final class StrokeWriter: _StrokeSink {
  // Not checked for exclusive access at run time: one observer on one thread uses them, and
  // the checks are made every event.
  @exclusivity(unchecked) var writer: TextWriter
  /// JSON Lines or CSV.
  public let format: RecordFormat
  /// The input's name, written on each line (`"file"`), or `nil`.
  public let file: String?
  /// The strokes written so far, by kind.
  @exclusivity(unchecked) public private(set) var counts = StrokeCounts()

  /// A writer to `descriptor` (named `name` in errors) of `format`'s lines, each naming
  /// `file` if given.
  public init(
    descriptor: SystemDescriptor, name: String, format: RecordFormat = .jsonLines,
    file: String? = nil
  ) {
    writer = TextWriter(descriptor: descriptor, name: name)
    self.format = format
    self.file = file
  }

  /// The first write failure, if any (later writes are dropped).
  public var failure: FileError? { writer.failure }

  /// Writes the CSV header row, with `file` if lines name their file (`hasFile`, or
  /// ``file`` given); its length in bytes.
  @discardableResult
  public func writeHeader(hasFile: Bool? = nil) -> Int {
    let row = Self.csvColumns(file: hasFile ?? (file != nil)).joined(separator: ",") + "\n"
    writer.write(row)
    return row.utf8.count
  }

  /// Writes one stroke's line.
  public func write(_ stroke: ClassifiedStroke) {
    take(stroke.stroke, swipeRule: stroke.swipeRule, target: stroke.target, outcome: stroke.outcome)
  }

  /// Writes out what is buffered.
  public func flush() throws(FileError) { try writer.flush() }

  package func take(
    _ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    target: StrokeTarget?, outcome: StrokeOutcome?
  ) {
    counts.add(stroke)
    guard format == .csv else {
      return Self.writeJSONLine(
        stroke, swipeRule: swipeRule, target: target, outcome: outcome, file: file,
        to: &writer)
    }
    Self.writeCSVRow(
      stroke, swipeRule: swipeRule, target: target, outcome: outcome, file: file, to: &writer)
    writer.endLine()
  }

  /// The CSV columns: the keys of a JSON line, in their order, `session` always.
  public static func csvColumns(file: Bool) -> [String] {
    [
      "session", "id", "kind", "start", "end", "duration", "x0", "y0", "x1", "y1", "dx", "dy",
      "path", "peakSpeed", "velocity", "axis", "swipeRule", "target", "outcome", "from", "to",
      "transitions",
    ] + (file ? ["file"] : [])
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
