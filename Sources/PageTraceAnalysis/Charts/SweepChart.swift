import PageTrace
import PageTraceIO

/// The chart of `pagetrace sweep --chart FILE.svg` (docs/behaviour/what-if.md, "Sweeps"): with one
/// varied key, each metric as a line against it; with two, a heat map of the first metric,
/// the first key across and the second down. In the house style of the timelines
/// (``SVGTimeline``): white ground, grey grid, DejaVu Sans, a title naming what is drawn.
///
/// ```swift
/// let sweep = try Sweep(axes: [Sweep.Axis(parsing: "scrubDelay=0.1:0.3:0.1")])
/// let figures = sweep.replay("Traces/scrub.jsonl", driver: ReplayDriver()) { _ in }.figures
/// var chart = SweepChart(
///   axes: sweep.axes, metrics: [Sweep.metrics[0]],
///   rows: zip(sweep.combinations, figures ?? []).map { ($0, $1) }, inputs: ["scrub.jsonl"])
/// let svg = chart.render()
/// ```
public struct SweepChart {
  let axes: [Sweep.Axis]
  let metrics: [Sweep.Metric]
  /// Every combination's value indices and figures, in grid order.
  let rows: [(combination: [Int], statistics: TraceStatistics)]
  /// The inputs' names, for the subtitle.
  let inputs: [String]

  static let width = 760.0
  static let height = 460.0
  static let left = 80.0
  static let right = 560.0
  static let top = 70.0
  static let bottom = 380.0
  /// One colour per line, distinct in print and for common colour blindness (Okabe–Ito).
  static let colours = [
    "#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9", "#000000", "#f0e442",
  ]

  /// The unit of a configuration key's values, for the axis title.
  static func unit(of key: String) -> String? {
    switch key {
    case "scrubDelay", "followUpWindow", "animationDuration": "s"
    case "scrubTravel", "followUpRadius", "rubberBand", "swipeDistance", "pitch", "padding": "pt"
    case "flickVelocity", "swipeVelocity": "pt/s"
    case "edgeStepRate", "jogMaxRate": "pages/s"
    case "fps": "Hz"
    default: nil
    }
  }

  static func title(_ key: String) -> String {
    unit(of: key).map { "\(key) (\($0))" } ?? key
  }

  var out = ""

  /// A chart of `metrics` over `rows` (every combination's value indices and figures, in
  /// grid order) of a sweep of one or two `axes`, naming `inputs` in its subtitle.
  public init(
    axes: [Sweep.Axis], metrics: [Sweep.Metric],
    rows: [(combination: [Int], statistics: TraceStatistics)], inputs: [String]
  ) {
    self.axes = axes
    self.metrics = metrics
    self.rows = rows
    self.inputs = inputs
  }

  /// The chart's width: wide enough for the legend's longest line beside the plot.
  var width: Double {
    guard axes.count == 1 else { return Self.width }
    let longest =
      metrics.indices.map { legendText($0).count + (sameAs($0).map { $0.count + 3 } ?? 0) }
      .max() ?? 0
    return max(Self.width, Self.right + 52 + Double(longest) * Self.characterWidth + 12)
  }
  /// The widest a character of the 11 px text is drawn (DejaVu Sans: about 0.6 em).
  static let characterWidth = 6.8

  /// A line's name in the legend.
  func legendText(_ index: Int) -> String { "\(metrics[index].name) (\(metrics[index].unit))" }

  /// The earlier metric whose values are the same at every point, if any: its line lies
  /// under this one (drawn dashed), and the legend says so.
  func sameAs(_ index: Int) -> String? {
    let values = rows.map { metrics[index].value($0.statistics) }
    return metrics[..<index].first { earlier in rows.map { earlier.value($0.statistics) } == values
    }?.name
  }

  /// The SVG document.
  public mutating func render() -> String {
    let w = _number(width)
    let h = _number(Self.height)
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\""
    out += " viewBox=\"0 0 \(w) \(h)\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\""
    out += " font-size=\"11\">\n"
    out += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"#ffffff\"/>\n"
    // The metrics named together when they share a group (`strokesTap`, `strokesDrag`: the
    // strokes by class), one by one when few, else counted: the title fits its line.
    let groups = Set(metrics.map { $0.name.prefix { $0.isLowercase } })
    var drawn = metrics.map(\.name).joined(separator: ", ")
    if metrics.count > 1, groups.count == 1,
      metrics.allSatisfy({ $0.name.contains { $0.isUppercase } })
    {
      drawn =
        [
          "strokes": "strokes by class", "transitions": "transitions by cause",
          "pages": "pages per scrub",
        ][String(groups.first!)] ?? "\(metrics.count) metrics"
    } else if drawn.count > 48 {
      drawn = "\(metrics.count) metrics"
    }
    let what =
      axes.count == 1
      ? drawn + " against " + axes[0].key
      : metrics[0].name + " by " + axes[0].key + " and " + axes[1].key
    text(Self.left, 24, "pagetrace sweep: " + what, " font-size=\"15\" font-weight=\"bold\"")
    var names = inputs.joined(separator: ", ")
    if inputs.count > 3 || names.count > 80 {
      names = inputs.count == 1 ? "1 input" : "\(inputs.count) inputs"
    }
    text(
      Self.left, 42, "\(rows.count) combinations over \(names.isEmpty ? "standard input" : names)",
      " fill=\"#555555\"")
    if axes.count == 1 { lines() } else { heatMap() }
    out += "</svg>\n"
    return out
  }

  // MARK: Lines

  /// Where value `index` of an axis sits across: to scale for numbers, evenly otherwise.
  func x(_ axis: Sweep.Axis, _ index: Int) -> Double {
    let count = axis.values.count
    guard count > 1 else { return (Self.left + Self.right) / 2 }
    if axis.isNumeric {
      let numbers = axis.values.map { Double($0.text) ?? 0 }
      let low = numbers.min()!
      let high = numbers.max()!
      if high > low {
        return Self.left + 20 + (numbers[index] - low) / (high - low)
          * (Self.right - Self.left - 40)
      }
    }
    return Self.left + 20 + Double(index) / Double(count - 1) * (Self.right - Self.left - 40)
  }

  mutating func lines() {
    let axis = axes[0]
    let values = metrics.map { metric in rows.map { metric.value($0.statistics) } }
    let highest = values.joined().compactMap { $0 }.max() ?? 0
    let (top, step) = Self.niceScale(highest)
    func y(_ value: Double) -> Double {
      Self.bottom - (top > 0 ? value / top : 0) * (Self.bottom - Self.top)
    }
    // Grid and value labels.
    var grid = ""
    var labels = ""
    var tick = 0.0
    while tick <= top + step / 2 {
      grid += "M\(_number(Self.left)) \(_number(y(tick)))H\(_number(Self.right))"
      labels += label(Self.left - 6, y(tick) + 4, Self.tickText(tick, step: step))
      tick += step
    }
    out += "<path d=\"\(grid)\" stroke=\"#e6e6e6\" fill=\"none\"/>\n"
    out += "<g text-anchor=\"end\" fill=\"#333333\">\n\(labels)</g>\n"
    // The key's values along the bottom.
    var keyLabels = ""
    for index in axis.values.indices {
      keyLabels += label(x(axis, index), Self.bottom + 16, axis.values[index].text)
    }
    out += "<g text-anchor=\"middle\" fill=\"#333333\">\n\(keyLabels)</g>\n"
    out += "<path d=\"M\(_number(Self.left)) \(_number(Self.top))V\(_number(Self.bottom))"
    out += "H\(_number(Self.right))\" stroke=\"#444444\" fill=\"none\"/>\n"
    text(
      (Self.left + Self.right) / 2, Self.bottom + 38, Self.title(axis.key),
      " text-anchor=\"middle\" font-weight=\"bold\"")
    let units = Set(metrics.map(\.unit))
    let yTitle = units.count == 1 ? units.first! : "value"
    out += "<text x=\"18\" y=\"\(_number((Self.top + Self.bottom) / 2))\""
    out += " transform=\"rotate(-90 18 \(_number((Self.top + Self.bottom) / 2)))\""
    out += " text-anchor=\"middle\" font-weight=\"bold\">\(_escape(yTitle))</text>\n"
    // One line per metric, a dot at each value; a missing value breaks the line.
    for (index, metric) in metrics.enumerated() {
      let colour = Self.colours[index % Self.colours.count]
      var d = ""
      var dots = ""
      var pen = false
      for (point, value) in values[index].enumerated() {
        guard let value else {
          pen = false
          continue
        }
        let px = _number(x(axis, rows[point].combination[0]))
        let py = _number(y(value))
        d += (pen ? "L" : "M") + "\(px) \(py)"
        pen = true
        dots += "<circle cx=\"\(px)\" cy=\"\(py)\" r=\"3\"/>\n"
      }
      // A line the same as an earlier one is dashed, so the earlier shows between its dashes.
      let same = sameAs(index)
      let dash = same == nil ? "" : " stroke-dasharray=\"6 6\""
      out += "<g class=\"metric\" stroke=\"\(colour)\" fill=\"\(colour)\">\n"
      out += "<title>\(_escape(metric.name))</title>\n"
      out += "<path d=\"\(d)\" fill=\"none\" stroke-width=\"2\"\(dash)/>\n\(dots)</g>\n"
      // The legend, beside the plot.
      let ly = Self.top + 8 + Double(index) * 18
      out += "<path d=\"M\(_number(Self.right + 24)) \(_number(ly))h22\" stroke=\"\(colour)\""
      out += " stroke-width=\"2\"\(dash)/>\n"
      out += "<circle cx=\"\(_number(Self.right + 35))\" cy=\"\(_number(ly))\" r=\"3\""
      out += " fill=\"\(colour)\"/>\n"
      let label = legendText(index)
      text(Self.right + 52, ly + 4, label, "")
      if let same {
        let after = Self.right + 52 + Double(label.count) * Self.characterWidth + 4
        text(after, ly + 4, "= " + same, " fill=\"#555555\"")
      }
    }
  }

  // MARK: Heat map

  mutating func heatMap() {
    let across = axes[0]
    let down = axes[1]
    let metric = metrics[0]
    let values = rows.map { metric.value($0.statistics) }
    let present = values.compactMap { $0 }
    let low = present.min() ?? 0
    let high = present.max() ?? 0
    let cellWidth = (Self.right - Self.left) / Double(across.values.count)
    let cellHeight = (Self.bottom - Self.top) / Double(down.values.count)
    let writesValues = cellWidth >= 34 && cellHeight >= 14
    var cells = ""
    for (row, value) in zip(rows, values) {
      let cx = Self.left + Double(row.combination[0]) * cellWidth
      let cy = Self.top + Double(row.combination[1]) * cellHeight
      let fill =
        value.map { Self.colour(high > low ? ($0 - low) / (high - low) : 0.5) } ?? "#dddddd"
      cells += "<rect x=\"\(_number(cx))\" y=\"\(_number(cy))\" width=\"\(_number(cellWidth))\""
      cells += " height=\"\(_number(cellHeight))\" fill=\"\(fill)\" stroke=\"#ffffff\">"
      cells += "<title>\(_escape(across.key))=\(_escape(across.values[row.combination[0]].text))"
      cells += " \(_escape(down.key))=\(_escape(down.values[row.combination[1]].text)):"
      cells += " \(value.map { Self.valueText($0, metric) } ?? "none")</title></rect>\n"
      if writesValues, let value {
        let dark = high > low ? (fraction(value, low, high) > 0.6) : false
        cells += label(
          cx + cellWidth / 2, cy + cellHeight / 2 + 4, Self.valueText(value, metric),
          attributes: dark ? " fill=\"#ffffff\"" : "")
      }
    }
    out += "<g class=\"cells\" text-anchor=\"middle\">\n"
    out += cells + "</g>\n"
    var labels = ""
    for index in across.values.indices {
      labels += label(
        Self.left + (Double(index) + 0.5) * cellWidth, Self.bottom + 16, across.values[index].text)
    }
    out += "<g text-anchor=\"middle\" fill=\"#333333\">\n\(labels)</g>\n"
    labels = ""
    for index in down.values.indices {
      labels += label(
        Self.left - 6, Self.top + (Double(index) + 0.5) * cellHeight + 4, down.values[index].text)
    }
    out += "<g text-anchor=\"end\" fill=\"#333333\">\n\(labels)</g>\n"
    text(
      (Self.left + Self.right) / 2, Self.bottom + 38, Self.title(across.key),
      " text-anchor=\"middle\" font-weight=\"bold\"")
    out += "<text x=\"18\" y=\"\(_number((Self.top + Self.bottom) / 2))\""
    out += " transform=\"rotate(-90 18 \(_number((Self.top + Self.bottom) / 2)))\""
    out += " text-anchor=\"middle\" font-weight=\"bold\">\(_escape(Self.title(down.key)))</text>\n"
    // The colour scale.
    let sx = Self.right + 30
    text(sx, Self.top - 8, "\(metric.name) (\(metric.unit))", " font-weight=\"bold\"")
    let steps = 10
    for step in 0..<steps {
      let fraction = 1 - Double(step) / Double(steps - 1)
      out += "<rect x=\"\(_number(sx))\" y=\"\(_number(Self.top + Double(step) * 20))\""
      out += " width=\"24\" height=\"20\" fill=\"\(Self.colour(fraction))\"/>\n"
    }
    text(sx + 30, Self.top + 12, present.isEmpty ? "none" : Self.valueText(high, metric), "")
    text(
      sx + 30, Self.top + Double(steps) * 20 - 4,
      present.isEmpty ? "" : Self.valueText(low, metric),
      "")
  }

  /// Where `value` lies between `low` and `high`, 0 to 1.
  func fraction(_ value: Double, _ low: Double, _ high: Double) -> Double {
    (value - low) / (high - low)
  }

  /// A colour from pale yellow (0) to deep blue (1), through green: a sequential scale that
  /// reads in grey too.
  static func colour(_ fraction: Double) -> String {
    let stops: [(Double, Double, Double)] = [
      (255, 255, 217), (199, 233, 180), (65, 182, 196), (34, 94, 168), (8, 29, 88),
    ]
    let position = max(0, min(1, fraction)) * Double(stops.count - 1)
    let index = min(Int(position), stops.count - 2)
    let t = position - Double(index)
    let (a, b) = (stops[index], stops[index + 1])
    func channel(_ x: Double, _ y: Double) -> String {
      let value = Int((x + (y - x) * t).rounded())
      let digits = Array("0123456789abcdef")
      return String([digits[value / 16], digits[value % 16]])
    }
    return "#" + channel(a.0, b.0) + channel(a.1, b.1) + channel(a.2, b.2)
  }

  static func valueText(_ value: Double, _ metric: Sweep.Metric) -> String {
    metric.isCount ? "\(Int(value))" : StatisticsText.twoDecimals(value)
  }

  /// The top of a value axis from 0 and its step: 1, 2 or 5 times a power of ten, 4 to 10
  /// steps.
  static func niceScale(_ highest: Double) -> (top: Double, step: Double) {
    guard highest > 0 else { return (1, 0.25) }
    var step = 1.0
    while highest / step > 10 { step *= 10 }
    while highest / step < 4 { step /= 10 }
    for factor in [1.0, 2, 5, 10] where highest / (step * factor) <= 8 {
      step *= factor
      break
    }
    var top = step
    while top < highest { top += step }
    return (top, step)
  }

  static func tickText(_ value: Double, step: Double) -> String {
    if step >= 1 { return "\(Int(value.rounded()))" }
    return StatisticsText.twoDecimals(value)
  }

  func label(_ x: Double, _ y: Double, _ content: String, attributes: String = "") -> String {
    "<text x=\"\(_number(x))\" y=\"\(_number(y))\"\(attributes)>\(_escape(content))</text>\n"
  }

  mutating func text(_ x: Double, _ y: Double, _ content: String, _ attributes: String) {
    out += label(x, y, content, attributes: attributes)
  }
}

/// A coordinate with at most one decimal, without a trailing `.0`.
private func _number(_ value: Double) -> String { _fmt(value, 1) }
