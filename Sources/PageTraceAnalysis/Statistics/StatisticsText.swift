import PageTrace
import PageTraceIO

/// The readable table of `stats` (docs/behaviour/analysis.md, "Statistics"), and the figures as
/// one JSON object for the report's page; the flat tables are ``StatisticsTable``'s.
///
/// ```swift
/// var observer = StatisticsObserver(selection: nil, bySession: false)
/// _ = observer.replay("Traces/scrub.jsonl", driver: ReplayDriver()) { print($0) }
/// let figures = observer.result(name: "scrub.jsonl")
/// print(StatisticsText.table(figures.statistics, heading: figures.name))
/// ```
public enum StatisticsText {
  // MARK: Table

  /// The column of the values.
  public static let valueColumn = 38
  /// The width lists are wrapped to.
  public static let lineWidth = 100

  /// A number with two decimals: `0.05`, `12.30`; past 10^15 (where hundredths no longer fit
  /// an integer comfortably) in the JSON form.
  public static func twoDecimals(_ value: Double) -> String {
    guard value.isFinite, value.magnitude < 1e15 else { return JSONText.number(value) }
    let hundredths = Int((value * 100).rounded())
    let magnitude = hundredths.magnitude
    let fraction = magnitude % 100
    return (hundredths < 0 ? "-" : "") + "\(magnitude / 100)." + (fraction < 10 ? "0" : "")
      + "\(fraction)"
  }

  /// `items` joined with `, ` after `first`, wrapped before `lineWidth` onto lines indented to
  /// the value column.
  public static func wrapped(_ items: [String], after first: String = "") -> [String] {
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

  /// The readable table of `s` under `heading`, and with `sessions` a table of each.
  public static func table(
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
  public static func rows(_ s: TraceStatistics, indent: Int) -> String {
    var text = ""
    func row(_ label: String, _ lines: [String]) {
      text += String(repeating: " ", count: indent) + label.padded(to: valueColumn - indent)
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

  /// The members of the figures, from `events` to `announcements`, nested as the report's
  /// page reads them (`strokes`, `transitionsByCause`, `pagesPerScrub`, `timeOnPage`).
  public static func figures(_ s: TraceStatistics) -> String {
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

extension String {
  /// Pads with spaces to `width` characters (one space at least).
  func padded(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
