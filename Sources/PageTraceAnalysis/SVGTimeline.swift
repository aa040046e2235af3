import PageTrace

/// Draws one session of a replay as a self-contained SVG timeline (UTF-8, 1000 px wide).
///
/// Feed it the events and the records of one session as they happen, then call
/// ``render()``. Events and records of other sessions are ignored. Against time in seconds,
/// the picture shows:
/// - the finger's position along the control's axis, measured from the control's leading
///   edge in the direction of page advance: one polyline per touch stroke (down to up or
///   cancel) and, in another colour, per pointer press;
/// - the page index as a step line, from the configuration's starting page, with one marker
///   per transition (`class="transition"`), coloured by cause, filled when animated and
///   hollow when not, and a tooltip such as `1.166 s: 0 → 1, scrub, not animated`;
/// - the interaction state as shaded intervals (discrete, continuous) behind both bands,
///   and the background platter's visible intervals in a thin band;
/// - a title line (session, time span) and a legend.
///
/// Long sessions stay small: each stroke keeps at most its lowest and highest sample per
/// pixel column, and many transitions become thin ticks (still one element each).
///
/// ```swift
/// var timeline = SVGTimeline(configuration: configuration, session: "a")
/// var engine = try PageControlEngine(configuration)
/// for event in events {
///   timeline.add(event)
///   try engine.handle(event) { timeline.add($0) }
/// }
/// let svg = timeline.render()  // "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg …"
/// ```
public struct SVGTimeline: Sendable {
  /// The configuration the session started from.
  public let configuration: PageControlConfiguration
  /// The session drawn; `nil` is the default session.
  public let session: String?

  var _strokes: [_Stroke] = []
  var _openTouches: [TouchID: Int] = [:]
  var _openPointer: Int?
  var _transitions: [(time: Double, transition: PageTransition)] = []
  var _interactions: [(time: Double, state: InteractionState)] = []
  var _backgrounds: [(time: Double, visible: Bool)] = []
  var _largestPageCount: Int
  var _firstTime = Double.infinity
  var _lastTime = -Double.infinity

  /// Creates an empty timeline for one session.
  ///
  /// ```swift
  /// var timeline = SVGTimeline(configuration: configuration, session: nil)
  /// ```
  public init(configuration: PageControlConfiguration, session: String?) {
    self.configuration = configuration
    self.session = session
    _largestPageCount = configuration.pages
  }

  /// Adds an input event; touches and pointer presses become finger strokes.
  ///
  /// ```swift
  /// timeline.add(PageControlEvent(time: 1, .touch(.down, id: 1, x: 139, y: 795)))
  /// ```
  public mutating func add(_ event: PageControlEvent) {
    guard event.session == session, event.time.isFinite else { return }
    let t = event.time
    _note(t)
    switch event.action {
    case .touch(let phase, let id, let x, let y):
      let p = _position(x: x, y: y)
      switch phase {
      case .down:
        if let open = _openTouches.removeValue(forKey: id) { _strokes[open].ended = "replaced" }
        guard let p else { return }
        _openTouches[id] = _startStroke(pointer: false, id: id.description, t, p)
      case .move:
        if let open = _openTouches[id], let p { _strokes[open].append(t, p) }
      case .up, .cancel:
        guard let open = _openTouches.removeValue(forKey: id) else { return }
        if let p { _strokes[open].append(t, p) }
        _strokes[open].ended = phase.rawValue
      }
    case .pointer(let phase, let x, let y):
      let p = _position(x: x, y: y)
      switch phase {
      case .down:
        if let open = _openPointer { _strokes[open].ended = "replaced" }
        _openPointer = p.map { _startStroke(pointer: true, id: "pointer", t, $0) }
      case .move:
        if let open = _openPointer, let p { _strokes[open].append(t, p) }
      case .up:
        guard let open = _openPointer else { return }
        if let p { _strokes[open].append(t, p) }
        _strokes[open].ended = "up"
        _openPointer = nil
      case .hover:
        break
      }
    case .set(let change):
      if let pages = change.pages { _largestPageCount = max(_largestPageCount, pages) }
    case .key, .focus, .accessibility:
      break
    }
  }

  /// Adds an output record: transitions, interaction states and background visibility.
  ///
  /// ```swift
  /// try engine.handle(event) { timeline.add($0) }
  /// ```
  public mutating func add(_ record: PageControlRecord) {
    guard record.session == session, record.time.isFinite else { return }
    _note(record.time)
    switch record.content {
    case .transition(let transition): _transitions.append((record.time, transition))
    case .interaction(let state): _interactions.append((record.time, state))
    case .background(let visible): _backgrounds.append((record.time, visible))
    case .announcement, .detail: break
    }
  }

  /// Renders the SVG document.
  ///
  /// ```swift
  /// let svg = timeline.render()
  /// svg.hasPrefix("<?xml")  // true
  /// ```
  public func render() -> String {
    var r = _Renderer(self)
    return r.render()
  }

  mutating func _note(_ t: Double) {
    _firstTime = min(_firstTime, t)
    _lastTime = max(_lastTime, t)
  }

  /// The offset of a point from the control's leading edge, along the direction of advance.
  func _position(x: Double?, y: Double?) -> Double? {
    guard let x, let y, x.isFinite, y.isFinite else { return nil }
    let frame = configuration.control
    let offset =
      switch configuration.direction {
      case .leftToRight: x - frame.x
      case .rightToLeft: frame.x + frame.width - x
      case .topToBottom: y - frame.y
      case .bottomToTop: frame.y + frame.height - y
      }
    return offset.isFinite ? offset : nil
  }

  mutating func _startStroke(pointer: Bool, id: String, _ t: Double, _ p: Double) -> Int {
    _strokes.append(_Stroke(pointer: pointer, id: id, times: [t], positions: [p]))
    return _strokes.count - 1
  }
}

/// One touch stroke or pointer press: its samples in time order.
struct _Stroke: Sendable {
  var pointer: Bool
  var id: String
  var times: [Double]
  var positions: [Double]
  var ended: String?

  mutating func append(_ t: Double, _ p: Double) {
    guard t >= times[times.count - 1] else { return }
    times.append(t)
    positions.append(p)
  }
}

// MARK: - Layout and colours

/// Page geometry, in px.
enum _Layout {
  static let width = 1000.0
  static let left = 64.0
  static let right = 976.0
  static let fingerTop = 84.0
  static let fingerBottom = 284.0
  static let pageTop = 312.0
  static let pageBottom = 472.0
  static let backgroundTop = 494.0
  static let backgroundBottom = 504.0
  static let axis = 514.0
  static let legendTop = 564.0
  static let height = 628.0
}

/// The colour of each transition cause (Tableau 10, yellow darkened for contrast on white).
func _colour(of cause: TransitionCause) -> String {
  switch cause {
  case .tap: "#4e79a7"
  case .scrub: "#f28e2b"
  case .jog: "#e15759"
  case .flick: "#76b7b2"
  case .pointer: "#59a14f"
  case .swipe: "#c9a227"
  case .key: "#b07aa1"
  case .accessibility: "#ff9da7"
  case .timer: "#9c755f"
  case .program: "#6b6b6b"
  }
}

let _touchColour = "#1f4e9c"
let _pointerColour = "#c2187a"
let _discreteFill = "#fbe3c0"
let _continuousFill = "#d3e5f6"
let _backgroundColour = "#8a96a3"

// MARK: - Rendering

/// Builds the document in one string.
struct _Renderer {
  let timeline: SVGTimeline
  var out = ""
  let start: Double
  let end: Double
  let span: Double
  let low: Double
  let high: Double
  let lastPage: Int
  let initialPage: Int
  let transitions: [(time: Double, transition: PageTransition)]

  init(_ timeline: SVGTimeline) {
    self.timeline = timeline
    let configuration = timeline.configuration
    let empty = timeline._firstTime > timeline._lastTime
    let first = empty ? 0 : timeline._firstTime
    let last = empty ? 1 : max(timeline._lastTime, first + 0.01)
    let pad = (last - first) * 0.02
    start = first - pad
    end = last + pad
    span = end - start
    transitions = _sortedByTime(timeline._transitions) { $0.time }
    initialPage = configuration.startingPage
    var top = max(timeline._largestPageCount - 1, initialPage, 1)
    for (_, transition) in transitions { top = max(top, transition.from, transition.to) }
    lastPage = top
    // The finger band covers the control and every sample, with a 5% margin.
    let length =
      configuration.direction.isVertical
      ? configuration.control.height : configuration.control.width
    var lo = min(0, length)
    var hi = max(0, length)
    for stroke in timeline._strokes {
      for p in stroke.positions {
        lo = min(lo, p)
        hi = max(hi, p)
      }
    }
    if hi - lo < 1 { hi = lo + 1 }
    let margin = (hi - lo) * 0.05
    low = lo - margin
    high = hi + margin
  }

  func x(_ t: Double) -> Double {
    _Layout.left + (t - start) / span * (_Layout.right - _Layout.left)
  }

  func fingerY(_ p: Double) -> Double {
    _Layout.fingerBottom - (p - low) / (high - low) * (_Layout.fingerBottom - _Layout.fingerTop)
  }

  func pageY(_ page: Int) -> Double {
    let inset = 10.0
    let bottom = _Layout.pageBottom - inset
    let top = _Layout.pageTop + inset
    return bottom - Double(page) / Double(lastPage) * (bottom - top)
  }

  mutating func render() -> String {
    out.reserveCapacity(4096 + transitions.count * 110 + timeline._strokes.count * 200)
    let w = _fmt(_Layout.width)
    let h = _fmt(_Layout.height)
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\""
    out += " viewBox=\"0 0 \(w) \(h)\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\""
    out += " font-size=\"11\">\n"
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
      let first = timeline._firstTime
      let last = timeline._lastTime
      line += " · \(_fmt(first)) s – \(_fmt(last)) s (\(_duration(last - first)))"
    }
    text(_Layout.left, 24, line, attributes: " font-size=\"15\" font-weight=\"bold\"")
    let configuration = timeline.configuration
    let touches = timeline._strokes.filter { !$0.pointer }.count
    let presses = timeline._strokes.count - touches
    var details = _plural(configuration.pages, "page")
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
    var since = start
    func close(at t: Double) {
      guard state != skip, t >= since else { return }
      let x0 = x(since)
      let x1 = max(x(t), x0 + 0.75)
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
    close(at: end)  // a state lasts until it changes, so past the last record too
    return result
  }

  mutating func interactionBands() {
    let changes = _sortedByTime(timeline._interactions) { $0.time }
    let bands = intervals(changes, initial: InteractionState.none, skip: .none)
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
    let changes = _sortedByTime(timeline._backgrounds.map { (time: $0.time, state: $0.visible) }) {
      $0.time
    }
    let initial = timeline.configuration.style == .prominent
    let bands = intervals(changes, initial: initial, skip: false)
    out += "<g class=\"background\" fill=\"\(_backgroundColour)\">\n"
    for band in bands {
      out += "<rect x=\"\(_fmt(band.x0))\" y=\"\(_fmt(top))\" width=\"\(_fmt(band.x1 - band.x0))\""
      out += " height=\"\(_fmt(bottom - top))\"/>\n"
    }
    out += "</g>\n"
  }

  // MARK: Time axis

  mutating func timeGrid() {
    let step = _niceStep(span, count: 10, minimum: 0.01)
    var k = (start / step).rounded(.up)
    let axis = _Layout.axis
    var grid = ""
    var ticks = ""
    var labels = ""
    while k * step <= end {
      let t = k * step
      let px = _fmt(x(t))
      grid += "M\(px) \(_fmt(_Layout.fingerTop))V\(_fmt(_Layout.fingerBottom))"
      grid += "M\(px) \(_fmt(_Layout.pageTop))V\(_fmt(_Layout.pageBottom))"
      ticks += "M\(px) \(_fmt(axis))v5"
      labels += "<text x=\"\(px)\" y=\"\(_fmt(axis + 17))\">\(_fmt(t))</text>\n"
      k += 1
    }
    out += "<path d=\"\(grid)\" stroke=\"#e6e6e6\" fill=\"none\"/>\n"
    out += "<path d=\"M\(_fmt(_Layout.left)) \(_fmt(axis))H\(_fmt(_Layout.right))\(ticks)\""
    out += " stroke=\"#444444\" fill=\"none\"/>\n"
    out += "<g text-anchor=\"middle\" fill=\"#333333\">\n\(labels)</g>\n"
    text(
      (_Layout.left + _Layout.right) / 2, axis + 33, "time (s)",
      attributes: " text-anchor=\"middle\" fill=\"#333333\"")
  }

  // MARK: Finger band

  mutating func fingerBand() {
    let top = _Layout.fingerTop
    let bottom = _Layout.fingerBottom
    text(
      _Layout.left, top - 6, "finger (pt along the axis)",
      attributes: " font-weight=\"bold\" font-size=\"12\"")
    frame(top, bottom)
    // Position ticks.
    let step = _niceStep(high - low, count: 5, minimum: 0.01)
    var k = (low / step).rounded(.up)
    var labels = ""
    var grid = ""
    while k * step <= high {
      let y = _fmt(fingerY(k * step))
      grid += "M\(_fmt(_Layout.left)) \(y)H\(_fmt(_Layout.right))"
      labels +=
        "<text x=\"\(_fmt(_Layout.left - 6))\" y=\"\(y)\" dy=\"4\">\(_fmt(k * step))</text>\n"
      k += 1
    }
    out += "<path d=\"\(grid)\" stroke=\"#eeeeee\" fill=\"none\"/>\n"
    out += "<g text-anchor=\"end\" fill=\"#333333\">\n\(labels)</g>\n"
    // The control's two ends.
    let configuration = timeline.configuration
    let length =
      configuration.direction.isVertical
      ? configuration.control.height : configuration.control.width
    for (p, label) in [(0.0, "control start"), (length, "control end")] {
      let y = fingerY(p)
      out += "<path d=\"M\(_fmt(_Layout.left)) \(_fmt(y))H\(_fmt(_Layout.right))\""
      out += " stroke=\"#888888\" stroke-dasharray=\"4 3\" fill=\"none\"/>\n"
      text(
        _Layout.right - 4, y - 3, label,
        attributes: " text-anchor=\"end\" font-size=\"9\" fill=\"#777777\"")
    }
    // Strokes: touches, then pointer presses.
    for pointer in [false, true] {
      let colour = pointer ? _pointerColour : _touchColour
      let strokes = timeline._strokes.filter { $0.pointer == pointer }
      guard !strokes.isEmpty else { continue }
      out += "<g class=\"\(pointer ? "pointer" : "touch")\" fill=\"none\" stroke=\"\(colour)\""
      out += " stroke-width=\"1.5\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n"
      var downs = ""
      for stroke in strokes {
        let kept = _decimate(stroke.times, stroke.positions) { x($0) }
        var points = ""
        for (n, i) in kept.enumerated() {
          if n > 0 { points += " " }
          points += "\(_fmt(x(stroke.times[i]))),\(_fmt(fingerY(stroke.positions[i])))"
        }
        let first = stroke.times[0]
        let last = stroke.times[stroke.times.count - 1]
        var tip = pointer ? "pointer press" : "touch \(stroke.id)"
        tip += ": \(_fmt(first, 3)) s – \(_fmt(last, 3)) s"
        if let ended = stroke.ended { tip += ", \(ended)" }
        out += "<polyline points=\"\(points)\"><title>\(_escape(tip))</title></polyline>\n"
        downs += "M\(_fmt(x(first))) \(_fmt(fingerY(stroke.positions[0])))h0"
      }
      // A round-capped zero-length segment: a dot where each stroke went down.
      out += "<path d=\"\(downs)\" stroke-width=\"4\"/>\n"
      out += "</g>\n"
    }
  }

  // MARK: Page band

  mutating func pageBand() {
    let top = _Layout.pageTop
    let bottom = _Layout.pageBottom
    text(
      _Layout.left, top - 6, "page (index)", attributes: " font-weight=\"bold\" font-size=\"12\"")
    frame(top, bottom)
    let step = max(1, Int(_niceStep(Double(lastPage), count: 8, minimum: 1)))
    var labels = ""
    var grid = ""
    var page = 0
    while page <= lastPage {
      let y = _fmt(pageY(page))
      grid += "M\(_fmt(_Layout.left)) \(y)H\(_fmt(_Layout.right))"
      labels += "<text x=\"\(_fmt(_Layout.left - 6))\" y=\"\(y)\" dy=\"4\">\(page)</text>\n"
      page += step
    }
    if step > 1 && lastPage % step > step / 2 {  // the last page too, when it has room
      labels += "<text x=\"\(_fmt(_Layout.left - 6))\" y=\"\(_fmt(pageY(lastPage)))\" dy=\"4\">"
      labels += "\(lastPage)</text>\n"
    }
    out += "<path d=\"\(grid)\" stroke=\"#eeeeee\" fill=\"none\"/>\n"
    out += "<g text-anchor=\"end\" fill=\"#333333\">\n\(labels)</g>\n"
    // The step line.
    var page0 = initialPage
    var d = "M\(_fmt(x(start))) \(_fmt(pageY(page0)))"
    for (t, transition) in transitions {
      d += "H\(_fmt(x(t)))"
      if transition.from != page0 { d += "V\(_fmt(pageY(transition.from)))" }
      d += "V\(_fmt(pageY(transition.to)))"
      page0 = transition.to
    }
    d += "H\(_fmt(x(end)))"
    let width = ticks ? "0.75" : "1.5"
    out += "<path class=\"pages\" d=\"\(d)\" stroke=\"#333333\" stroke-width=\"\(width)\""
    out += " fill=\"none\"/>\n"
    markers()
  }

  /// Whether transitions are drawn as thin ticks rather than circles.
  var ticks: Bool { Double(transitions.count) > (_Layout.right - _Layout.left) / 4 }

  /// One element with `class="transition"` per transition, grouped by cause and animation.
  mutating func markers() {
    guard !transitions.isEmpty else { return }
    for cause in TransitionCause.allCases {
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
          let px = _fmt(x(t))
          let py = pageY(transition.to)
          if ticks {
            out += "<path class=\"transition\" d=\"M\(px) \(_fmt(py - 5))v10\">"
          } else {
            out += "<circle class=\"transition\" cx=\"\(px)\" cy=\"\(_fmt(py))\" r=\"4\">"
          }
          out += "<title>\(_fmt(t, 3)) s: \(transition.from) → \(transition.to), "
          out += "\(cause.rawValue), \(animated ? "animated" : "not animated")</title>"
          out += ticks ? "</path>\n" : "</circle>\n"
        }
        out += "</g>\n"
      }
    }
  }

  // MARK: Legend

  mutating func legend() {
    out += "<g class=\"legend\">\n"
    defer { out += "</g>\n" }
    var y = _Layout.legendTop
    var cx = _Layout.left
    text(cx, y + 4, "transition cause:", attributes: " font-weight=\"bold\"")
    cx += 112
    for cause in TransitionCause.allCases {
      let colour = _colour(of: cause)
      out += "<circle cx=\"\(_fmt(cx + 4))\" cy=\"\(_fmt(y))\" r=\"4\" fill=\"\(colour)\""
      out += " stroke=\"\(colour)\" stroke-width=\"1.6\"/>\n"
      text(cx + 12, y + 4, cause.rawValue)
      cx += 12 + _textWidth(cause.rawValue) + 14
    }
    y += 22
    cx = _Layout.left
    let grey = "#555555"
    if ticks {
      swatchLine(&cx, y, grey, "animated", extra: " stroke-width=\"1.2\"", vertical: true)
      swatchLine(
        &cx, y, grey, "not animated (faint)", extra: " stroke-width=\"1.2\" stroke-opacity=\"0.5\"",
        vertical: true)
    } else {
      out += "<circle cx=\"\(_fmt(cx + 4))\" cy=\"\(_fmt(y))\" r=\"4\" fill=\"\(grey)\""
      out += " stroke=\"\(grey)\" stroke-width=\"1.6\"/>\n"
      text(cx + 12, y + 4, "animated")
      cx += 12 + _textWidth("animated") + 14
      out += "<circle cx=\"\(_fmt(cx + 4))\" cy=\"\(_fmt(y))\" r=\"4\" fill=\"#ffffff\""
      out += " stroke=\"\(grey)\" stroke-width=\"1.6\"/>\n"
      text(cx + 12, y + 4, "not animated")
      cx += 12 + _textWidth("not animated") + 24
    }
    swatchLine(&cx, y, _touchColour, "touch stroke", extra: " stroke-width=\"1.5\"")
    swatchLine(&cx, y, _pointerColour, "pointer press", extra: " stroke-width=\"1.5\"")
    cx += 10
    swatchBox(&cx, y, _discreteFill, "discrete")
    swatchBox(&cx, y, _continuousFill, "continuous")
    swatchBox(&cx, y, _backgroundColour, "platter visible")
    y += 20
    text(
      _Layout.left, y + 4,
      "Finger: offset from the control's leading edge in the direction of page advance;"
        + " a dot marks each down. Shading: interaction state.",
      attributes: " fill=\"#666666\" font-size=\"10\"")
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
}

// MARK: - Helpers

/// The indices of the samples drawn for one stroke, in time order: the first and the last
/// sample, and in each pixel column the samples of the lowest and the highest position. A
/// stroke thus keeps at most two points per pixel column (plus its ends), however long it
/// is and however fast it was sampled, and its envelope is exact at the drawing's resolution.
func _decimate(_ times: [Double], _ positions: [Double], x: (Double) -> Double) -> [Int] {
  let count = times.count
  guard count > 2 else { return Array(0..<count) }
  var kept = [0]
  kept.reserveCapacity(min(count, 2048))
  var column = x(times[1]).rounded(.down)
  var lowest = 1
  var highest = 1
  func flush() {
    let pair = lowest < highest ? (lowest, highest) : (highest, lowest)
    if pair.0 != kept[kept.count - 1] { kept.append(pair.0) }
    if pair.1 != kept[kept.count - 1] { kept.append(pair.1) }
  }
  for i in 2..<(count - 1) {
    let c = x(times[i]).rounded(.down)
    if c != column {
      flush()
      column = c
      lowest = i
      highest = i
    } else if positions[i] < positions[lowest] {
      lowest = i
    } else if positions[i] > positions[highest] {
      highest = i
    }
  }
  flush()
  kept.append(count - 1)
  return kept
}

/// Sorts by time, keeping the feeding order among equal times, only when needed.
func _sortedByTime<Element>(_ items: [Element], _ time: (Element) -> Double) -> [Element] {
  var sorted = true
  var i = 1
  while i < items.count {
    if time(items[i]) < time(items[i - 1]) {
      sorted = false
      break
    }
    i += 1
  }
  if sorted { return items }
  return items.enumerated().sorted {
    let (a, b) = (time($0.element), time($1.element))
    return a < b || (a == b && $0.offset < $1.offset)
  }.map(\.element)
}

/// A round step (1, 2 or 5 times a power of ten, at least `minimum`) giving about `count`
/// intervals over `span`.
func _niceStep(_ span: Double, count: Double, minimum: Double) -> Double {
  let raw = span / count
  guard raw.isFinite, raw > minimum else { return minimum }
  var magnitude = 1.0
  while magnitude * 10 <= raw { magnitude *= 10 }
  while magnitude > raw { magnitude /= 10 }
  for factor in [1.0, 2, 5] where factor * magnitude >= raw { return factor * magnitude }
  return 10 * magnitude
}

/// A number with at most `decimals` decimals (0 to 3), trailing zeros dropped: `1.5`, `-3`.
func _fmt(_ value: Double, _ decimals: Int = 2) -> String {
  guard value.isFinite else { return "0" }
  guard abs(value) < 1e15 else { return "\(value)" }
  var scale = 1
  for _ in 0..<min(max(decimals, 0), 3) { scale *= 10 }
  let scaled = Int((value * Double(scale)).rounded())
  let magnitude = scaled.magnitude
  let whole = magnitude / UInt(scale)
  var fraction = magnitude % UInt(scale)
  var result = scaled < 0 ? "-\(whole)" : "\(whole)"
  guard fraction != 0 else { return result }
  var digits = decimals
  while fraction % 10 == 0 {
    fraction /= 10
    digits -= 1
  }
  var text = String(fraction)
  while text.count < digits { text = "0" + text }
  result += "." + text
  return result
}

/// A duration for the title: `0.35 s`, `12.5 s`, `10 min 3.2 s`.
func _duration(_ seconds: Double) -> String {
  guard seconds >= 60, seconds < 1e12 else { return "\(_fmt(seconds)) s" }
  let tenths = Int((seconds * 10).rounded())
  return "\(tenths / 600) min \(_fmt(Double(tenths % 600) / 10, 1)) s"
}

func _plural(_ n: Int, _ word: String, _ plural: String? = nil) -> String {
  "\(n) \(n == 1 ? word : plural ?? word + "s")"
}

/// A rough width of a text at 11 px in a sans-serif face, for laying out the legend.
func _textWidth(_ text: String) -> Double {
  var width = 0.0
  for character in text {
    switch character {
    case "i", "l", "j", "'", ".", ",", ":", "(", ")": width += 3.2
    case "f", "t", "r", " ": width += 4.3
    case "m", "w": width += 9.6
    default: width += character.isUppercase ? 7.5 : 6.6
    }
  }
  return width
}

/// Text made safe for XML content and attribute values. Characters XML 1.0 cannot hold at
/// all (most control characters) become U+FFFD.
func _escape(_ text: String) -> String {
  var result = ""
  result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
  for scalar in text.unicodeScalars {
    switch scalar.value {
    case 0x26: result += "&amp;"
    case 0x3C: result += "&lt;"
    case 0x3E: result += "&gt;"
    case 0x22: result += "&quot;"
    case 0x27: result += "&apos;"
    case 0x09, 0x0A, 0x0D: result.unicodeScalars.append(scalar)
    case 0..<0x20, 0x7F..<0xA0, 0xFFFE, 0xFFFF: result += "\u{FFFD}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}
