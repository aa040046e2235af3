import PageTrace

/// Builds the document in one string.
struct _Renderer {
  let timeline: SVGTimeline
  let view: _View
  let time: _TimeScale
  let pages: _PageScale
  let finger: _FingerScale
  var out = ""

  init(_ timeline: SVGTimeline) {
    self.timeline = timeline
    view = _View(timeline)
    time = view.time
    pages = _PageScale(pageCount: timeline._largestPageCount, visited: view.visitedPages)
    finger = _FingerScale(
      ends: Self.controlEnds(timeline).map(\.position), strokes: view.strokes,
      coordinates: timeline._fingerCoordinates.map(\.coordinate))
  }

  /// The control's edges on each finger coordinate drawn, with their labels: along the axis
  /// `control start` and `control end`; across it `control top` and `control bottom` (`left`
  /// and `right` for a vertical control). With both axes drawn, each label names its axis.
  static func controlEnds(_ timeline: SVGTimeline) -> [(position: Double, label: String)] {
    let coordinates = timeline._fingerCoordinates
    let vertical = timeline.configuration.direction.isVertical
    var ends: [(position: Double, label: String)] = []
    // Content mode has no control to draw (docs/behaviour/analysis.md, "Render").
    guard timeline.configuration.control != nil else { return ends }
    for (name, coordinate) in coordinates {
      let prefix = coordinates.count > 1 ? "\(name): " : ""
      switch coordinate {
      case .along:
        ends.append((0, prefix + "control start"))
        ends.append((timeline._controlLength, prefix + "control end"))
      case .across:
        ends.append((0, prefix + (vertical ? "control left" : "control top")))
        ends.append(
          (timeline._controlThickness, prefix + (vertical ? "control right" : "control bottom")))
      }
    }
    return ends
  }

  var transitions: [(time: Double, transition: PageTransition)] { view.transitions }

  mutating func render() -> String {
    out.reserveCapacity(4096 + transitions.count * 110 + view.strokes.count * 200)
    let w = _fmt(_Layout.width)
    let h = _fmt(_Layout.height)
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\""
    out += " viewBox=\"0 0 \(w) \(h)\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\""
    out += " font-size=\"11\">\n"
    out += "<defs>\n<clipPath id=\"\(_Layout.fingerClip)\">\n"
    rect(
      _Layout.left, _Layout.fingerTop, _Layout.right - _Layout.left,
      _Layout.fingerBottom - _Layout.fingerTop, "")
    out += "</clipPath>\n</defs>\n"
    out += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"#ffffff\"/>\n"
    title()
    interactionBands()
    timeGrid()
    fingerBand()
    pageBand()
    backgroundBand()
    legend()
    out += "</svg>\n"
    return out
  }

  // MARK: Title

  mutating func title() {
    let name = timeline.session.map { "Session “\($0)”" } ?? "Default session"
    let empty = timeline._firstTime > timeline._lastTime
    var line = name
    if empty {
      line += " · no events"
    } else {
      line += " · \(_duration(timeline._lastTime - timeline._firstTime))"
    }
    if timeline.windowStart != nil || timeline.windowEnd != nil {
      // The window asked for, an end not given being the session's own (not the margin
      // drawn around it: `--end 20` alone is drawn from 0 s, not -0.4 s).
      let from = _fmt(timeline.windowStart ?? 0)
      let to = _fmt(timeline.windowEnd ?? max(0, timeline._lastTime - timeline._firstTime))
      line += " · drawn from \(from) s to \(to) s"
    }
    text(_Layout.left, 24, line, attributes: " font-size=\"15\" font-weight=\"bold\"")
    let configuration = timeline.configuration
    let touches = view.strokes.filter { !$0.stroke.pointer }.count
    let presses = view.strokes.count - touches
    var details = configuration.pages.map { _plural($0, "page") } ?? "pages unbounded"
    if configuration.isContentMode { details += " · content mode" }
    details += " · \(configuration.direction.rawValue) · \(configuration.profile.name)"
    details += " · " + _plural(transitions.count, "transition")
    details += " · " + _plural(touches, "touch stroke")
    details += " · " + _plural(presses, "pointer press", "pointer presses")
    text(_Layout.left, 42, details, attributes: " fill=\"#555555\"")
  }

  // MARK: Interaction and background intervals

  /// Shaded intervals, merged when they touch at the drawing's resolution.
  func intervals<State: Equatable>(
    _ changes: [(time: Double, state: State)], initial: State, skip: State
  ) -> [(x0: Double, x1: Double, state: State)] {
    var result: [(x0: Double, x1: Double, state: State)] = []
    var state = initial
    var since = time.start
    func close(at t: Double) {
      guard state != skip, t >= since else { return }
      let x0 = time.x(since)
      let x1 = max(time.x(t), x0 + 0.75)
      if let last = result.last, last.state == state, x0 - last.x1 < 0.5 {
        result[result.count - 1].x1 = max(last.x1, x1)
      } else {
        result.append((x0, x1, state))
      }
    }
    for change in changes where change.state != state {
      close(at: change.time)
      state = change.state
      since = change.time
    }
    close(at: time.end)  // a state lasts until it changes, so past the last record too
    return result
  }

  mutating func interactionBands() {
    let bands = intervals(
      view.interactions.changes, initial: view.interactions.initial, skip: .none)
    guard !bands.isEmpty else { return }
    out += "<g class=\"interaction\">\n"
    let y = _fmt(_Layout.fingerTop)
    let h = _fmt(_Layout.pageBottom - _Layout.fingerTop)
    for band in bands {
      let fill = band.state == .discrete ? _discreteFill : _continuousFill
      out += "<rect x=\"\(_fmt(band.x0))\" y=\"\(y)\" width=\"\(_fmt(band.x1 - band.x0))\""
      out += " height=\"\(h)\" fill=\"\(fill)\"/>\n"
    }
    out += "</g>\n"
  }

  mutating func backgroundBand() {
    let top = _Layout.backgroundTop
    let bottom = _Layout.backgroundBottom
    text(_Layout.left - 6, bottom, "platter", attributes: " text-anchor=\"end\" fill=\"#555555\"")
    rect(_Layout.left, top, _Layout.right - _Layout.left, bottom - top, "fill=\"#f4f5f7\"")
    let bands = intervals(
      view.backgrounds.changes, initial: view.backgrounds.initial, skip: false)
    out += "<g class=\"background\" fill=\"\(_backgroundColour)\">\n"
    for band in bands {
      out += "<rect x=\"\(_fmt(band.x0))\" y=\"\(_fmt(top))\" width=\"\(_fmt(band.x1 - band.x0))\""
      out += " height=\"\(_fmt(bottom - top))\"/>\n"
    }
    out += "</g>\n"
  }

  // MARK: Time axis

  /// Ticks every round number of seconds since the session's first event.
  mutating func timeGrid() {
    let step = _niceStep(time.span, count: 10, minimum: 0.01)
    let axis = _Layout.axis
    var grid = ""
    var ticks = ""
    var labels = ""
    for k in _tickMultiples(from: time.start - time.origin, to: time.end - time.origin, step: step)
    {
      let px = _fmt(time.x(time.origin + k * step))
      grid += "M\(px) \(_fmt(_Layout.fingerTop))V\(_fmt(_Layout.fingerBottom))"
      grid += "M\(px) \(_fmt(_Layout.pageTop))V\(_fmt(_Layout.pageBottom))"
      ticks += "M\(px) \(_fmt(axis))v5"
      labels += "<text x=\"\(px)\" y=\"\(_fmt(axis + 17))\">\(_fmt(k * step))</text>\n"
    }
    out += "<path d=\"\(grid)\" stroke=\"#e6e6e6\" fill=\"none\"/>\n"
    out += "<path d=\"M\(_fmt(_Layout.left)) \(_fmt(axis))H\(_fmt(_Layout.right))\(ticks)\""
    out += " stroke=\"#444444\" fill=\"none\"/>\n"
    out += "<g class=\"time-labels\" text-anchor=\"middle\" fill=\"#333333\">\n\(labels)</g>\n"
    var caption = "time since the session's first event (s)"
    if let date = _unixDate(time.origin) {
      // A recording's times are often seconds since 1970: a date reads, 1334893336.54 does not.
      caption += " · 0 s is \(date) (t = \(_fmt(time.origin)) s in the trace)"
    } else if time.origin != 0 {
      caption += " · 0 s is t = \(_fmt(time.origin)) s in the trace"
    }
    text(
      (_Layout.left + _Layout.right) / 2, axis + 33, caption,
      attributes: " text-anchor=\"middle\" fill=\"#333333\"")
  }

  // MARK: Finger band

  mutating func fingerBand() {
    let top = _Layout.fingerTop
    let bottom = _Layout.fingerBottom
    let coordinates = timeline._fingerCoordinates
    let heading =
      switch (coordinates.count, coordinates[0].coordinate) {
      case (1, .along): "finger (pt along the axis)"
      case (1, .across): "finger (pt across the axis: \(coordinates[0].name))"
      default: "finger (pt: x solid, y dashed)"
      }
    text(_Layout.left, top - 6, heading, attributes: " font-weight=\"bold\" font-size=\"12\"")
    frame(top, bottom)
    // Position ticks.
    let step = _niceStep(finger.high - finger.low, count: 5, minimum: 0.01)
    var labels = ""
    var grid = ""
    for k in _tickMultiples(from: finger.low, to: finger.high, step: step) {
      let y = _fmt(finger.y(k * step))
      grid += "M\(_fmt(_Layout.left)) \(y)H\(_fmt(_Layout.right))"
      labels +=
        "<text x=\"\(_fmt(_Layout.left - 6))\" y=\"\(y)\" dy=\"4\">\(_fmt(k * step))</text>\n"
    }
    out += "<path d=\"\(grid)\" stroke=\"#eeeeee\" fill=\"none\"/>\n"
    out += "<g text-anchor=\"end\" fill=\"#333333\">\n\(labels)</g>\n"
    // The control's edges: dashed lines behind the strokes, named above the band, right of its
    // heading, each with its position: never over the finger's data (labels at the lines'
    // ends lay on it, and edges close together merged into one long label there).
    let ends = Self.controlEnds(timeline)
    for (p, _) in ends {
      out += "<path d=\"M\(_fmt(_Layout.left)) \(_fmt(finger.y(p)))H\(_fmt(_Layout.right))\""
      out += " stroke=\"#888888\" stroke-dasharray=\"4 3\" fill=\"none\"/>\n"
    }
    strokes()
    var x = _Layout.right
    for (p, label) in ends.sorted(by: { $0.position > $1.position }) {
      let text = "\(label) \(_fmt(p)) pt"
      haloText(
        x, top - 6, text, attributes: " text-anchor=\"end\" font-size=\"9\" fill=\"#777777\"")
      x -= Double(text.count) * 5.4 + 12  // 9 px DejaVu Sans: about 0.6 em a character
    }
    if !ends.isEmpty {
      text(
        x, top - 6, "grey lines:",
        attributes: " text-anchor=\"end\" font-size=\"9\" fill=\"#555555\"")
    }
  }

  /// Touches, then pointer presses, clipped to the finger plot: a group per coordinate
  /// drawn (`data-axis="x"` or `"y"`), the second one (`y` with `--axis both`) dashed.
  mutating func strokes() {
    for pointer in [false, true] {
      for (n, (name, coordinate)) in timeline._fingerCoordinates.enumerated() {
        strokes(pointer: pointer, axis: name, coordinate, dashed: n > 0)
      }
    }
  }

  /// The lines of one stroke kind (touches or pointer presses) on one coordinate, in a group
  /// of their own, dashed for the second coordinate.
  mutating func strokes(
    pointer: Bool, axis: String, _ coordinate: _FingerCoordinate, dashed: Bool
  ) {
    let colour = pointer ? _pointerColour : _touchColour
    let strokes = view.strokes.filter { $0.stroke.pointer == pointer }
    guard !strokes.isEmpty else { return }
    out +=
      "<g class=\"\(pointer ? "pointer" : "touch")\" data-axis=\"\(axis)\""
      + " clip-path=\"url(#\(_Layout.fingerClip))\""
    out += " fill=\"none\" stroke=\"\(colour)\""
    out += " stroke-width=\"1.5\" stroke-linejoin=\"round\" stroke-linecap=\"round\""
    out += dashed ? " stroke-dasharray=\"5 3\">\n" : ">\n"
    var downs = ""
    for (stroke, samples) in strokes {
      let values = stroke.values(coordinate)
      let times = Array(stroke.times[samples])
      let positions = Array(values[samples])
      let kept = _decimate(times, positions) { time.x($0) }
      var points = ""
      for (n, i) in kept.enumerated() {
        if n > 0 { points += " " }
        points += "\(_fmt(time.x(times[i]))),\(_fmt(finger.y(positions[i])))"
      }
      let first = stroke.times[0]
      let last = stroke.times[stroke.times.count - 1]
      var tip = pointer ? "pointer press" : "touch \(stroke.id)"
      tip += ": \(time.stamp(first)) – \(time.stamp(last))"
      if let ended = stroke.ended { tip += ", \(ended)" }
      out += "<polyline points=\"\(points)\"><title>\(_escape(tip))</title></polyline>\n"
      if samples.lowerBound == 0 && time.contains(first) {
        downs += "M\(_fmt(time.x(first))) \(_fmt(finger.y(values[0])))h0"
      }
    }
    // A round-capped zero-length segment: a dot where each stroke went down.
    if !downs.isEmpty {
      out +=
        "<path d=\"\(downs)\" stroke-width=\"4\"\(dashed ? " stroke-dasharray=\"none\"" : "")/>\n"
    }
    out += "</g>\n"
  }

  // MARK: Page band

  mutating func pageBand() {
    let top = _Layout.pageTop
    let bottom = _Layout.pageBottom
    var heading = "page (index)"
    if pages.isZoomed {
      heading += " · pages \(pages.low)–\(pages.high) of 0–\(pages.lastPage)"
    }
    text(_Layout.left, top - 6, heading, attributes: " font-weight=\"bold\" font-size=\"12\"")
    frame(top, bottom)
    var labels = ""
    var grid = ""
    for page in pages.labelledPages {
      let y = _fmt(pages.y(page))
      grid += "M\(_fmt(_Layout.left)) \(y)H\(_fmt(_Layout.right))"
      labels += "<text x=\"\(_fmt(_Layout.left - 6))\" y=\"\(y)\" dy=\"4\">\(page)</text>\n"
    }
    out += "<path d=\"\(grid)\" stroke=\"#eeeeee\" fill=\"none\"/>\n"
    out += "<g class=\"page-labels\" text-anchor=\"end\" fill=\"#333333\">\n\(labels)</g>\n"
    // The step line.
    var page0 = view.initialPage
    var d = "M\(_fmt(time.x(time.start))) \(_fmt(pages.y(page0)))"
    for (t, transition) in transitions {
      d += "H\(_fmt(time.x(t)))"
      if transition.from != page0 { d += "V\(_fmt(pages.y(transition.from)))" }
      d += "V\(_fmt(pages.y(transition.to)))"
      page0 = transition.to
    }
    d += "H\(_fmt(time.x(time.end)))"
    let width = ticks ? "0.75" : "1.5"
    out += "<path class=\"pages\" d=\"\(d)\" stroke=\"#333333\" stroke-width=\"\(width)\""
    out += " fill=\"none\"/>\n"
    markers()
  }

  /// Whether transitions are drawn as thin ticks rather than circles.
  var ticks: Bool { Double(transitions.count) > (_Layout.right - _Layout.left) / 4 }

  /// The causes of the transitions drawn, in the order of ``TransitionCause/allCases``.
  var causesDrawn: [TransitionCause] {
    var seen = Set<TransitionCause>()
    for (_, transition) in transitions { seen.insert(transition.cause) }
    return TransitionCause.allCases.filter { seen.contains($0) }
  }

  /// One element with `class="transition"` per transition, grouped by cause and animation.
  mutating func markers() {
    for cause in causesDrawn {
      for animated in [true, false] {
        let group = transitions.filter {
          $0.transition.cause == cause && $0.transition.animated == animated
        }
        guard !group.isEmpty else { continue }
        let colour = _colour(of: cause)
        out += "<g class=\"cause-\(cause.rawValue)\" stroke=\"\(colour)\""
        if ticks {
          out += " stroke-width=\"1.2\"\(animated ? "" : " stroke-opacity=\"0.5\"")>\n"
        } else {
          out += " fill=\"\(animated ? colour : "#ffffff")\" stroke-width=\"1.6\">\n"
        }
        for (t, transition) in group {
          let px = _fmt(time.x(t))
          let py = pages.y(transition.to)
          if ticks {
            out += "<path class=\"transition\" d=\"M\(px) \(_fmt(py - 5))v10\">"
          } else {
            out += "<circle class=\"transition\" cx=\"\(px)\" cy=\"\(_fmt(py))\" r=\"4\">"
          }
          out += "<title>\(time.stamp(t)): \(transition.from) → \(transition.to), "
          out += "\(cause.rawValue), \(animated ? "animated" : "not animated")</title>"
          out += ticks ? "</path>\n" : "</circle>\n"
        }
        out += "</g>\n"
      }
    }
  }

  // MARK: Legend

  /// The causes drawn, the marker styles, the strokes and the shadings.
  mutating func legend() {
    out += "<g class=\"legend\">\n"
    defer { out += "</g>\n" }
    var y = _Layout.legendTop
    var cx = _Layout.left
    text(cx, y + 4, "transition cause:", attributes: " font-weight=\"bold\"")
    cx += 112
    let causes = causesDrawn
    if causes.isEmpty { text(cx, y + 4, "none drawn", attributes: " fill=\"#666666\"") }
    for cause in causes {
      let colour = _colour(of: cause)
      out += "<circle class=\"legend-cause\" cx=\"\(_fmt(cx + 4))\" cy=\"\(_fmt(y))\" r=\"4\""
      out += " fill=\"\(colour)\" stroke=\"\(colour)\" stroke-width=\"1.6\"/>\n"
      text(cx + 12, y + 4, cause.rawValue)
      cx += 12 + _textWidth(cause.rawValue) + 14
    }
    y += 22
    cx = _Layout.left
    // Only what the drawing holds: marker styles, strokes and shadings.
    let grey = "#555555"
    let animated = transitions.contains { $0.transition.animated }
    let notAnimated = transitions.contains { !$0.transition.animated }
    if ticks {
      if animated {
        swatchLine(&cx, y, grey, "animated", extra: " stroke-width=\"1.2\"", vertical: true)
      }
      if notAnimated {
        swatchLine(
          &cx, y, grey, "not animated (faint)",
          extra: " stroke-width=\"1.2\" stroke-opacity=\"0.5\"", vertical: true)
      }
    } else {
      if animated { swatchMarker(&cx, y, fill: grey, "animated") }
      if notAnimated { swatchMarker(&cx, y, fill: "#ffffff", "not animated") }
    }
    if animated || notAnimated { cx += 10 }
    if view.strokes.contains(where: { !$0.stroke.pointer }) {
      swatchLine(&cx, y, _touchColour, "touch stroke", extra: " stroke-width=\"1.5\"")
    }
    if view.strokes.contains(where: { $0.stroke.pointer }) {
      swatchLine(&cx, y, _pointerColour, "pointer press", extra: " stroke-width=\"1.5\"")
    }
    cx += 10
    let states = [view.interactions.initial] + view.interactions.changes.map(\.state)
    if states.contains(.discrete) { swatchBox(&cx, y, _discreteFill, "discrete") }
    if states.contains(.continuous) { swatchBox(&cx, y, _continuousFill, "continuous") }
    if view.backgrounds.initial || view.backgrounds.changes.contains(where: \.state) {
      swatchBox(&cx, y, _backgroundColour, "platter visible")
    }
    y += 20
    text(
      _Layout.left, y + 4,
      "Finger: " + fingerNote + "; a dot marks each down. Shading: interaction state.",
      attributes: " fill=\"#666666\" font-size=\"10\"")
  }

  /// How the finger band measures, for the note under the legend.
  var fingerNote: String {
    let along = "offset from the control's leading edge in the direction of page advance"
    let edge =
      timeline.configuration.direction.isVertical ? "left edge, rightwards" : "top edge, downwards"
    let coordinates = timeline._fingerCoordinates
    switch (coordinates.count, coordinates[0].coordinate) {
    case (1, .along): return along
    case (1, .across): return "\(coordinates[0].name), offset from the control's \(edge)"
    default:
      return
        "x solid, y dashed; along the axis from the control's leading edge, across it from its \(edge)"
    }
  }

  mutating func swatchLine(
    _ cx: inout Double, _ y: Double, _ colour: String, _ label: String, extra: String,
    vertical: Bool = false
  ) {
    let d = vertical ? "M\(_fmt(cx + 4)) \(_fmt(y - 5))v10" : "M\(_fmt(cx)) \(_fmt(y))h18"
    out += "<path d=\"\(d)\" stroke=\"\(colour)\"\(extra) fill=\"none\"/>\n"
    let offset = vertical ? 12.0 : 24
    text(cx + offset, y + 4, label)
    cx += offset + _textWidth(label) + 16
  }

  /// A transition marker's style: a circle filled with `fill` (grey: animated).
  mutating func swatchMarker(_ cx: inout Double, _ y: Double, fill: String, _ label: String) {
    out += "<circle cx=\"\(_fmt(cx + 4))\" cy=\"\(_fmt(y))\" r=\"4\" fill=\"\(fill)\""
    out += " stroke=\"#555555\" stroke-width=\"1.6\"/>\n"
    text(cx + 12, y + 4, label)
    cx += 12 + _textWidth(label) + 14
  }

  mutating func swatchBox(_ cx: inout Double, _ y: Double, _ fill: String, _ label: String) {
    rect(cx, y - 6, 18, 12, "fill=\"\(fill)\" stroke=\"#bbbbbb\"")
    text(cx + 24, y + 4, label)
    cx += 24 + _textWidth(label) + 16
  }

  // MARK: Primitives

  mutating func frame(_ top: Double, _ bottom: Double) {
    rect(
      _Layout.left, top, _Layout.right - _Layout.left, bottom - top,
      "fill=\"none\" stroke=\"#bbbbbb\"")
  }

  mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ attributes: String) {
    out += "<rect x=\"\(_fmt(x))\" y=\"\(_fmt(y))\" width=\"\(_fmt(w))\" height=\"\(_fmt(h))\""
    out += " \(attributes)/>\n"
  }

  mutating func text(_ x: Double, _ y: Double, _ content: String, attributes: String = "") {
    out += "<text x=\"\(_fmt(x))\" y=\"\(_fmt(y))\"\(attributes)>\(_escape(content))</text>\n"
  }

  /// A text over a white halo that keeps it readable on lines and shading: the same text
  /// twice, first with a wide white outline, then plainly on top. Two elements rather than
  /// `paint-order="stroke"`, which cairo and librsvg ignore (they would paint the outline
  /// over the letters).
  mutating func haloText(_ x: Double, _ y: Double, _ content: String, attributes: String) {
    out += "<g class=\"halo-label\">\n"
    text(
      x, y, content,
      attributes: attributes + " stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\""
        + " aria-hidden=\"true\"")
    text(x, y, content, attributes: attributes)
    out += "</g>\n"
  }
}
