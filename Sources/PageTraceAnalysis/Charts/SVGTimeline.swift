import PageTrace

/// Draws one session of a replay as a self-contained SVG timeline (UTF-8, 1000 px wide).
///
/// Feed it the events and the records of one session as they happen, then call
/// ``render()``. Events and records of other sessions are ignored. Against time in seconds
/// since the session's first event (the axis title gives that event's trace time when it is
/// not 0), the picture shows:
/// - the finger's position along the control's axis, measured from the control's leading
///   edge in the direction of page advance: one polyline per touch stroke (down to up or
///   cancel) and, in another colour, per pointer press, clipped to the plot; with
///   ``fingerAxis`` the position across the axis instead, or both (see ``FingerAxis``);
/// - the page index as a step line, from the page current when the drawing starts, with one
///   marker per transition (`class="transition"`), coloured by cause, filled when animated
///   and hollow when not, and a tooltip such as `0.166 s (t 1.166): 0 → 1, scrub, not
///   animated` (the trace time in brackets when the session does not start at 0);
/// - the interaction state as shaded intervals (discrete, continuous) behind both bands,
///   and the background platter's visible intervals in a thin band;
/// - a title line (session, duration, the window drawn) and a legend of the causes drawn.
///
/// The page axis spans every page when there are at most 20; with more it spans the pages
/// visited in the drawing, with a margin, so a few page turns in 100,000 pages stay visible.
///
/// Long sessions stay small: each stroke keeps at most its lowest and highest sample per
/// pixel column, and many transitions become thin ticks (still one element each).
///
/// ```swift
/// var timeline = SVGTimeline(configuration: configuration, session: "a")
/// timeline.windowStart = 60  // optional: from one minute in…
/// timeline.windowEnd = 90  // …to a minute and a half
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
  /// Where the drawing starts, in seconds since the session's first event; `nil` starts
  /// just before that event. What happened earlier still sets the page, the interaction
  /// state and the platter the drawing starts with.
  public var windowStart: Double?
  /// Where the drawing ends, in seconds since the session's first event; `nil` ends just
  /// after the session's last event or record.
  public var windowEnd: Double?
  /// The finger coordinates drawn: by default the control's own axis (`x` for a horizontal
  /// control, `y` for a vertical one), as the offset from its leading edge in the direction
  /// of advance.
  public var fingerAxis: FingerAxis

  var _strokes: [_Stroke] = []
  var _openTouches: [TouchID: Int] = [:]
  var _openPointer: Int?
  var _transitions: [(time: Double, transition: PageTransition)] = []
  var _interactions: [(time: Double, state: InteractionState)] = []
  var _backgrounds: [(time: Double, visible: Bool)] = []
  /// `nil` while the page index is unbounded.
  var _largestPageCount: Int?
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
    fingerAxis = configuration.direction.isVertical ? .y : .x
  }

  /// Adds an input event; touches and pointer presses become finger strokes.
  ///
  /// ```swift
  /// timeline.add(PageControlEvent(time: 1, .touch(.down, id: 1, x: 139, y: 795)))
  /// ```
  public mutating func add(_ event: PageControlEvent) {
    guard _utf8Equal(event.session, session), event.time.isFinite else { return }
    let t = event.time
    _note(t)
    switch event.action {
    case .touch(let phase, let id, let x, let y):
      let p = _point(x: x, y: y)
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
      let p = _point(x: x, y: y)
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
      if let pages = change.pages { _largestPageCount = max(_largestPageCount ?? 0, pages) }
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
    guard _utf8Equal(record.session, session), record.time.isFinite else { return }
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

  /// The frame finger positions are measured from: the control, or in content mode the
  /// container (the origin when there is none either).
  var _frame: Rect {
    configuration.control ?? configuration.container ?? Rect(x: 0, y: 0, width: 0, height: 0)
  }

  /// The control's length along its axis: where the finger band's "control end" line is.
  var _controlLength: Double {
    configuration.direction.isVertical ? _frame.height : _frame.width
  }

  /// The control's extent across its axis: its height, or its width when it is vertical.
  var _controlThickness: Double {
    configuration.direction.isVertical ? _frame.width : _frame.height
  }

  /// A point as the finger band measures it: along the control's axis, the offset from its
  /// leading edge in the direction of advance; across it, the offset from its top edge
  /// (downwards) or, for a vertical control, its left edge (rightwards). `nil` when either is
  /// not finite.
  func _point(x: Double?, y: Double?) -> _FingerPoint? {
    guard let x, let y, x.isFinite, y.isFinite else { return nil }
    let frame = _frame
    let along =
      switch configuration.direction {
      case .leftToRight: x - frame.x
      case .rightToLeft: frame.x + frame.width - x
      case .topToBottom: y - frame.y
      case .bottomToTop: frame.y + frame.height - y
      }
    let across = configuration.direction.isVertical ? x - frame.x : y - frame.y
    guard along.isFinite, across.isFinite else { return nil }
    return _FingerPoint(along: along, across: across)
  }

  mutating func _startStroke(pointer: Bool, id: String, _ t: Double, _ p: _FingerPoint) -> Int {
    _strokes.append(
      _Stroke(pointer: pointer, id: id, times: [t], positions: [p.along], across: [p.across]))
    return _strokes.count - 1
  }
}

/// A finger position: along the control's axis and across it.
struct _FingerPoint: Sendable {
  var along: Double
  var across: Double
}

/// One touch stroke or pointer press: its samples in time order.
struct _Stroke: Sendable {
  var pointer: Bool
  var id: String
  var times: [Double]
  /// Along the control's axis.
  var positions: [Double]
  /// Across the control's axis.
  var across: [Double]
  var ended: String?

  mutating func append(_ t: Double, _ p: _FingerPoint) {
    guard t >= times[times.count - 1] else { return }
    times.append(t)
    positions.append(p.along)
    across.append(p.across)
  }

  /// The positions of one finger coordinate.
  func values(_ coordinate: _FingerCoordinate) -> [Double] {
    coordinate == .along ? positions : across
  }
}

/// A finger coordinate, relative to the control: along its axis or across it.
enum _FingerCoordinate: Sendable {
  case along, across
}
