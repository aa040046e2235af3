import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `stats --format csv` (docs/behaviour.md, "Statistics"): a header row of fixed columns, then
/// one row per file, per session with `--by-session`, and for the total of several files.
extension StatsCommand {
  /// The columns, in order. A figure's column is named by its place in the JSON object
  /// (`strokes.tap`, `transitionsByCause.scrub`, `pagesPerScrub.histogram.3-4`); every stroke
  /// class, cause and bucket has one, 0 included. Time on each page is too wide for one row:
  /// only its sum and the number of pages visited are here (each page's seconds are in JSON).
  static var csvColumns: [String] {
    ["row", "file", "session", "events"]
      + StrokeClassifier.Kind.allCases.map { "strokes.\($0.rawValue)" }
      + ["transitions"]
      + TransitionCause.allCases.map { "transitionsByCause.\($0.rawValue)" }
      + [
        "animated", "notAnimated", "scrubs", "pagesPerScrub.count", "pagesPerScrub.mean",
        "pagesPerScrub.max",
      ]
      + TraceStatistics.ScrubSummary.bucketBounds.map { lowest, highest in
        "pagesPerScrub.histogram."
          + (highest.map { $0 == lowest ? "\(lowest)" : "\(lowest)-\($0)" } ?? "\(lowest)+")
      }
      + [
        "peakPagesPerSecond", "suppressedAnimations", "pagesVisited", "secondsOnPages",
        "announcements",
      ]
  }

  /// The header row, with its line end.
  static var csvHeader: String { csvColumns.map(CSVText.field).joined(separator: ",") + "\n" }

  /// One file's row (`row` is `file`) and, with `--by-session`, a row per session after it
  /// (`session`, the `session` cell empty for the default session and the name otherwise,
  /// `""` for the empty name).
  static func csv(_ result: Result) -> String {
    var text = csvRow("file", file: result.name, session: nil, result.statistics)
    for (name, statistics) in result.sessions ?? [] {
      text += csvRow("session", file: result.name, session: .some(name), statistics)
    }
    return text
  }

  /// One row, with its line end: `kind` (`file`, `session` or `total`), the file's name (for
  /// the total, `all N files`), the session (an empty cell when the row is not a session's
  /// or is the default session's), then the figures.
  static func csvRow(
    _ kind: String, file: String, session: String??, _ s: TraceStatistics
  ) -> String {
    var cells = [kind, CSVText.field(file)]
    switch session {
    case .some(.some(let name)): cells.append(CSVText.field(name))
    case .some(.none), .none: cells.append("")
    }
    cells.append("\(s.events)")
    cells += StrokeClassifier.Kind.allCases.map { "\(s.strokes[$0] ?? 0)" }
    cells.append("\(s.transitions)")
    cells += TransitionCause.allCases.map { "\(s.transitionsByCause[$0] ?? 0)" }
    cells += ["\(s.animated)", "\(s.transitions - s.animated)", "\(s.scrubs)"]
    let scrubs = s.scrubSummary
    cells.append("\(scrubs.count)")
    cells.append(scrubs.mean.map { JSONText.number($0) } ?? "")  // empty: no scrubs
    cells.append(scrubs.max.map { "\($0)" } ?? "")
    cells += scrubs.histogram.map { "\($0.scrubs)" }
    cells += ["\(s.peakPagesPerSecond)", "\(s.suppressedAnimations)"]
    let time = s.pageTimeSummary(longest: 0)
    cells.append("\(time.pages)")
    cells.append(JSONText.number(JSONText.rounded(time.seconds, toPrecisionOf: s.largestTime)))
    cells.append("\(s.announcements)")
    return cells.joined(separator: ",") + "\n"
  }
}
