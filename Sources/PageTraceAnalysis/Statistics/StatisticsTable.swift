import PageTrace
import PageTraceIO

/// The figures of `stats` as flat tables, one grain each (``Grain``): the same columns
/// whatever the data, every stroke class, cause and histogram bucket with its count, 0
/// included (docs/behaviour/tables.md, "statistics"). `sweep` writes the same metrics.
///
/// ```swift
/// var table = TableWriter(
///   columns: StatisticsTable.columns(.file), format: .csv, descriptor: .standardOutput,
///   name: "<stdout>")
/// table.writeHeader()
/// var observer = StatisticsObserver(selection: nil, bySession: false)
/// _ = observer.replay("Traces/tap.jsonl", driver: ReplayDriver()) { print($0) }
/// let figures = observer.result(name: "tap.jsonl")
/// table.write([.string(figures.name)] + StatisticsTable.values(figures.statistics))
/// try table.finish()
/// ```
public enum StatisticsTable {
  /// What one row of a table is about.
  public enum Grain: String, Sendable, CaseIterable {
    /// One row per input: `file`, then the metrics.
    case file
    /// One row per session of each input: `file`, `session` (null for events without a
    /// session), then the metrics.
    case session
    /// One row for all inputs together: `files` (how many), then the metrics.
    case total
    /// One row per page visited in each input: `file`, `page`, `seconds` on it.
    case page
  }

  /// A figure: its column's name and type, its unit (for charts) and its value.
  public struct Metric: Sendable {
    /// The column's name, e.g. `strokesTap`, `pagesPerScrubMean`.
    public var name: String
    /// The unit for a chart's axis, e.g. `strokes`, `s`.
    public var unit: String
    /// The value, `nil` when there is none (a mean without scrubs).
    public var value: @Sendable (TraceStatistics) -> Double?
    /// Whether it is a count (an integer column, written without decimals).
    public var isCount = true

    /// A metric named `name`, in `unit`, whose value `value` reads from the figures.
    public init(
      name: String, unit: String, value: @escaping @Sendable (TraceStatistics) -> Double?,
      isCount: Bool = true
    ) {
      self.name = name
      self.unit = unit
      self.value = value
      self.isCount = isCount
    }

    /// The metric's column.
    public var column: TableColumn { TableColumn(name, isCount ? .integer : .double) }
  }

  /// The metrics, in column order.
  public static let metrics: [Metric] =
    [Metric(name: "events", unit: "events") { Double($0.events) }]
    + StrokeClassifier.Kind.allCases.map { kind in
      Metric(name: "strokes" + capitalized(kind.rawValue), unit: "strokes") {
        Double($0.strokes[kind] ?? 0)
      }
    }
    + [Metric(name: "transitions", unit: "transitions") { Double($0.transitions) }]
    + TransitionCause.allCases.map { cause in
      Metric(name: "transitions" + capitalized(cause.rawValue), unit: "transitions") {
        Double($0.transitionsByCause[cause] ?? 0)
      }
    }
    + [
      Metric(name: "animated", unit: "transitions") { Double($0.animated) },
      Metric(name: "notAnimated", unit: "transitions") { Double($0.transitions - $0.animated) },
      Metric(name: "suppressedAnimations", unit: "transitions") {
        Double($0.suppressedAnimations)
      },
      Metric(name: "scrubs", unit: "scrubs") { Double($0.scrubs) },
      Metric(
        name: "pagesPerScrubMean", unit: "pages", value: { $0.scrubSummary.mean }, isCount: false),
      Metric(name: "pagesPerScrubMax", unit: "pages") { $0.scrubSummary.max.map(Double.init) },
    ]
    + TraceStatistics.ScrubSummary.bucketBounds.enumerated().map { index, bounds in
      Metric(name: bucketName(bounds), unit: "scrubs") {
        Double($0.scrubSummary.histogram[index].scrubs)
      }
    }
    + [
      Metric(name: "peakPagesPerSecond", unit: "pages") { Double($0.peakPagesPerSecond) },
      Metric(name: "pagesVisited", unit: "pages") {
        Double($0.pageTimeSummary(longest: 0).pages)
      },
      Metric(name: "secondsOnPages", unit: "s", value: secondsOnPages, isCount: false),
      Metric(name: "meanTimeOnPage", unit: "s", value: meanTimeOnPage, isCount: false),
      Metric(name: "announcements", unit: "announcements") { Double($0.announcements) },
    ]

  /// The columns of a table of `grain`.
  public static func columns(_ grain: Grain) -> [TableColumn] {
    switch grain {
    case .file: [TableColumn("file", .string)] + metrics.map(\.column)
    case .session:
      [TableColumn("file", .string), TableColumn("session", .string)] + metrics.map(\.column)
    case .total: [TableColumn("files", .integer)] + metrics.map(\.column)
    case .page:
      [
        TableColumn("file", .string), TableColumn("page", .integer),
        TableColumn("seconds", .double),
      ]
    }
  }

  /// The metrics' cells of `statistics`, in column order.
  public static func values(_ statistics: TraceStatistics) -> [TableValue] {
    metrics.map { value($0, $0.value(statistics)) }
  }

  /// A metric's cell: an integer for a count, a double otherwise, null for no value.
  public static func value(_ metric: Metric, _ value: Double?) -> TableValue {
    guard let value else { return .null }
    return metric.isCount ? .integer(Int(value)) : .double(value)
  }

  /// The rows of a page table for one input: each page visited, in page order, with the
  /// seconds on it (to the precision of the trace's times).
  public static func pageRows(file: String, _ statistics: TraceStatistics) -> [[TableValue]] {
    let times = statistics.timeOnPage
    return times.keys.sorted().map { page in
      [
        .string(file), .integer(page),
        .double(JSONText.rounded(times[page]!, toPrecisionOf: statistics.largestTime)),
      ]
    }
  }

  /// The seconds on every page visited, to the precision of the trace's times.
  public static func secondsOnPages(_ statistics: TraceStatistics) -> Double? {
    JSONText.rounded(
      statistics.pageTimeSummary(longest: 0).seconds, toPrecisionOf: statistics.largestTime)
  }

  /// The seconds on every page visited over the pages visited, rounded to the precision of
  /// the trace's times; `nil` when no page was visited.
  public static func meanTimeOnPage(_ statistics: TraceStatistics) -> Double? {
    let time = statistics.pageTimeSummary(longest: 0)
    guard time.pages > 0 else { return nil }
    return JSONText.rounded(
      time.seconds / Double(time.pages), toPrecisionOf: statistics.largestTime)
  }

  /// A word as part of a column name: `long-press` → `LongPress`.
  public static func capitalized(_ word: String) -> String {
    word.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// A histogram bucket's column: `scrubsOf2` (scrubs that moved 2 pages), `scrubsOf3To4`,
  /// `scrubsOf33Plus`.
  static func bucketName(_ bounds: (lowest: Int, highest: Int?)) -> String {
    switch bounds.highest {
    case .none: "scrubsOf\(bounds.lowest)Plus"
    case .some(let highest) where highest == bounds.lowest: "scrubsOf\(highest)"
    case .some(let highest): "scrubsOf\(bounds.lowest)To\(highest)"
    }
  }
}
