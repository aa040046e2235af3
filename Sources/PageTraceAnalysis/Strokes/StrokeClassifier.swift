import PageTrace
import PageTraceIO

/// Classifies every touch stroke of a trace with the recognizers and constants of replay:
/// tap, long press, drag, swipe or cancelled.
///
/// A stroke is one finger from `down` to `up` or `cancel`, per session and id.
/// - `cancelled`: it ended with a `cancel`.
/// - `tap` / `longPress`: at no sample (down, move, up) had it travelled `scrubTravel` from
///   its down point; released before `down + scrubDelay` is a tap, at or after it a long press
///   (the hold that begins a scrub on the control).
/// - `swipe`: it passes the swipe rule along its dominant axis: that axis dominates strictly,
///   and the travel is at least half the container's length on that axis, or at least
///   `swipeDistance` with a release velocity of at least `swipeVelocity` in the direction of
///   travel. Without a container only the velocity part applies (``swipeRule``).
/// - `drag`: anything else.
///
/// The travel, hold and swipe tests are the reducer's own code, so classification and replay
/// cannot disagree (docs/behaviour/analysis.md, "Stroke classification").
///
/// Only the interaction constants and the container decide, so no page control is needed:
///
/// ```swift
/// var classifier = StrokeClassifier(constants: .uikit)  // or StrokeClassifier(configuration)
/// for event in events { classifier.handle(event) { print($0.kind, $0.dominantAxis) } }
/// ```
///
/// What a control made of each stroke (``StrokeOutcome``) needs a replay with a control:
/// ``classify(_:options:stroke:)`` does both for a whole trace.
public struct StrokeClassifier: Sendable {
  /// What a stroke was.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Short and still.
    case tap
    /// Still, but held at least `scrubDelay`.
    case longPress = "long-press"
    /// Moved, but not a swipe.
    case drag
    /// Passed the swipe rule along its dominant axis.
    case swipe
    /// Ended by a `cancel`.
    case cancelled

    /// The kind's place in ``allCases``, found without building that array.
    var _index: Int {
      switch self {
      case .tap: 0
      case .longPress: 1
      case .drag: 2
      case .swipe: 3
      case .cancelled: 4
      }
    }
  }

  /// Which parts of the swipe rule apply.
  public enum SwipeRule: String, Sendable, Hashable {
    /// Half the container's length, or `swipeDistance` at `swipeVelocity`.
    case container
    /// Only `swipeDistance` at `swipeVelocity`: there is no container to measure against.
    case velocity
  }

  /// An axis of the screen.
  public enum Axis: String, Sendable, Hashable {
    /// Horizontal.
    case x
    /// Vertical.
    case y
  }

  /// One classified stroke.
  public struct Stroke: Sendable, Hashable {
    /// The session of its events.
    public var session: String?
    /// The finger.
    public var id: TouchID
    /// What it was.
    public var kind: Kind
    /// When it went down.
    public var start: Double
    /// When it went up or was cancelled.
    public var end: Double
    /// Where it went down.
    public var startX: Double
    /// Where it went down, along y.
    public var startY: Double
    /// Displacement from the down point to the up point (the last sample if cancelled).
    public var dx: Double
    /// Displacement along y.
    public var dy: Double
    /// Release velocity along the dominant axis, in points per second (docs/behaviour/scrubbing.md,
    /// "Velocity").
    public var velocity: Double
    /// The axis with the larger displacement (x on a tie).
    public var dominantAxis: Axis
    /// Where it went up (where its last sample was, if cancelled).
    public var endX: Double = 0
    /// Where it went up, along y.
    public var endY: Double = 0
    /// The length of its path: the sum of the straight lines between its samples, the down,
    /// every move and the up.
    public var pathLength: Double = 0
    /// The highest speed between two of those samples at different times, in points per
    /// second (0 when no two differ in time).
    public var peakSpeed: Double = 0

    /// `end - start`.
    public var duration: Double { end - start }
  }

  fileprivate struct Open: Sendable {
    var id: TouchKey
    var start: Double
    var downX: Double
    var downY: Double
    var x: Double
    var y: Double
    /// The samples, for the release velocity along either axis.
    var samples = _StrokeSamples()
    /// The farthest any sample was from the down point: the travel test (`scrubTravel` or
    /// more) holds for some sample exactly when it holds for this one, so the state is the
    /// same under any constants.
    var farthest = 0.0
    /// The time of the latest sample.
    var t = 0.0
    /// The length of the path so far, and the highest speed between two samples.
    var path = 0.0
    var peak = 0.0
    /// The next finished state, while this one is on the free list, or -1.
    var next: Int32 = -1

    /// A state that holds no stroke: a new slot of ``StrokeClassifier/pool`` and the first
    /// ``StrokeClassifier/recentState``.
    static var placeholder: Open {
      Open(id: .number(0), start: 0, downX: 0, downY: 0, x: 0, y: 0)
    }

    /// Starts a new stroke in this state, keeping the samples' spill storage.
    mutating func restart(id: TouchKey, start: Double, x: Double, y: Double) {
      self.id = id
      self.start = start
      (downX, downY) = (x, y)
      (self.x, self.y) = (x, y)
      samples.reset()
      farthest = 0
      self.t = start
      path = 0
      peak = 0
    }

    /// The path and the peak speed with one more sample at (`x`, `y`, `t`).
    ///
    /// `if speed > peak` is `peak = max(peak, speed)`: the speed is never -0 (a square root
    /// over a positive span), and a NaN speed leaves the peak as `max` does; the branch is
    /// cheaper than `max`'s select.
    @inline(__always)
    mutating func extend(x: Double, y: Double, at t: Double) {
      let step = _length(x - self.x, y - self.y)
      path += step
      if t > self.t {
        let speed = step / (t - self.t)
        if speed > peak { peak = speed }
      }
    }

    /// One more sample at (`x`, `y`, `t`). Inlined into a move, with ``extend(x:y:at:)``,
    /// rather than two calls a move.
    @inline(__always)
    mutating func add(x: Double, y: Double, at t: Double) {
      extend(x: x, y: y, at: t)
      self.t = t
      (self.x, self.y) = (x, y)
      samples.add(time: t, x: x, y: y)
      let travel = _length(x - downX, y - downY)
      if travel > farthest { farthest = travel }
    }
  }

  /// The configuration whose constants and container decide; for a classifier made from
  /// constants alone (``init(constants:container:)``), a configuration of 0 pages and an
  /// empty control frame holding them.
  public let configuration: PageControlConfiguration
  /// The constants that decide: those of ``configuration``.
  public let constants: InteractionConstants
  /// The frame the swipe rule measures against, if any: that of ``configuration``.
  public var container: Rect? { configuration.container }
  /// The state of the ``recent`` finger's stroke; while ``recent`` is `nil`, a finished state
  /// kept for the next stroke. A move of that finger, most events, updates it in place,
  /// through no array (whose element would cost a uniqueness and a bounds check a move).
  private var recentState = Open.placeholder
  /// The finger of the last touch event, if it is down: its open stroke is in
  /// ``recentState``, not in ``pool``.
  private var recent: _OpenStroke?
  /// ``recent``'s session number and numeric id, for the test of a move: NaN (which equals
  /// no id) while ``recent`` is `nil` or a string id: cheaper than comparing the optional
  /// pair of nested enums.
  private var recentSession = 0
  private var recentNumber = Double.nan
  /// The states of the other strokes, open or finished: open ones are found through
  /// ``open``; finished ones are a free list through ``Open/next`` from ``free``, reused by
  /// later strokes. One flat array: following a finger touches no nested storage. Only a
  /// finger that is down while another one moves has its state here: one finger at a time
  /// never moves a state (with its samples in place, about 900 bytes).
  private var pool: [Open] = []
  /// Where each finger that is down, but the ``recent`` one, has its open stroke in
  /// ``pool``: one lookup per event however many fingers are down at once, so a trace is
  /// classified in time linear in its events (docs/behaviour/analysis.md, "Stroke classification").
  private var open = _OpenStrokes()
  /// The first finished state in ``pool``, or -1.
  private var free = -1
  /// The numbers and names of the sessions and string ids of friendly events.
  private var numbering = EventNumbering()
  private var names = TraceNames()
  /// The stroke that the last call of ``_follow(_:)`` to return `true` ended.
  var _ended: _EndedStroke? { hasEnded ? ended : nil }
  /// ``_ended``, kept in place (a placeholder before the first stroke ends): classifying it
  /// from an optional copied its 120 bytes out first.
  private var ended = _EndedStroke(
    .placeholder, end: 0, x: 0, y: 0, axis: .x, velocity: 0, cancelled: false)
  private var hasEnded = false

  /// Which parts of the swipe rule apply: ``SwipeRule/container`` with a container frame,
  /// otherwise ``SwipeRule/velocity``.
  public var swipeRule: SwipeRule { configuration.container == nil ? .velocity : .container }

  /// Creates a classifier with the constants and container of a configuration.
  public init(_ configuration: PageControlConfiguration) {
    self.configuration = configuration
    self.constants = configuration.constants
  }

  /// Creates a classifier from the interaction constants alone (a profile's: `profile.constants`)
  /// and, for the full swipe rule, the container's frame; no page control is needed.
  ///
  /// ```swift
  /// var classifier = StrokeClassifier(constants: Profile.android.constants)
  /// ```
  public init(constants: InteractionConstants = .uikit, container: Rect? = nil) {
    var configuration = PageControlConfiguration(pages: nil, control: nil)
    configuration.constants = constants
    configuration.container = container
    self.init(configuration)
  }

  /// Follows one event; calls `stroke` when a stroke ends. Non-touch events are ignored, as
  /// are moves and ups of fingers that are not down.
  ///
  /// A stroke's times are expected not to go backwards, as in a trace replay accepts (replay
  /// rejects such an event before any classifier sees it). Given one that does, the stroke is
  /// still reported, but its release velocity is unspecified: the samples it is measured from
  /// are kept on the assumption that times only grow.
  public mutating func handle(_ event: PageControlEvent, stroke: (Stroke) -> Void) {
    let fast = numbering.number(event)
    if let name = event.session { names.set(name, of: fast.session) }
    if case .touch(_, .string(let name), _, _) = event.action,
      case .touch(_, let key, _, _) = fast.action
    {
      names.set(name, of: key)
    }
    handle(fast, names: names, stroke: stroke)
  }

  /// Follows one event of the engine's fast form; calls `stroke` when a stroke ends, naming
  /// its session and finger with `names`. A finger is found by one hash lookup of its session
  /// number and key.
  public mutating func handle(
    _ event: EngineEvent, names: borrowing TraceNames, stroke: (Stroke) -> Void
  ) {
    if let ended = handle(event, names: names) { stroke(ended) }
  }

  /// Follows one event of the engine's fast form; returns the stroke it ends, if any, its
  /// session and finger named with `names`.
  ///
  /// The form for a caller that keeps the classifier and the names side by side: no closure
  /// holds the caller while the names are read.
  public mutating func handle(_ event: EngineEvent, names: borrowing TraceNames) -> Stroke? {
    guard _follow(event) else { return nil }
    return _endedStroke(session: event.session, names: names)
  }

  /// The stroke that ``_follow(_:)`` last reported ended, classified, its `session` and
  /// finger named with `names`. Inlined, so that the stroke is built in its caller's place:
  /// out of line, it was returned through a copy (a `memcpy` of 136 bytes a stroke).
  @inline(__always)
  func _endedStroke(session: SessionID, names: borrowing TraceNames) -> Stroke {
    assert(hasEnded)  // set by every `_follow` that returns `true`
    // Built whole: setting the session and the finger afterwards copied the stroke and
    // destroyed it twice.
    return ended.stroke(
      kind: ended.kind(constants: constants, container: container),
      session: names.name(of: session), id: names.id(of: ended.id))
  }

  /// Follows one event of the engine's fast form; returns the kind of the stroke it ends, if
  /// any: ``handle(_:names:)`` for a caller that only counts kinds (`stats`). It builds no
  /// ``Stroke``, whose optional (136 bytes) the caller copied on every event, stroke or not
  /// (a `memcpy` an event). Inlined into its caller, the
  /// classification of the ended stroke out of line.
  @inline(__always)
  mutating func _endedKind(_ event: EngineEvent) -> Kind? {
    guard _follow(event) else { return nil }
    return _endedKind()
  }

  /// The kind of ``_ended``.
  @inline(never)
  func _endedKind() -> Kind? {
    hasEnded ? ended.kind(constants: constants, container: container) : nil
  }

  /// Follows one event of the engine's fast form; returns whether it ended a stroke, which
  /// ``_ended`` then holds before it is classified: what any constants need to classify it
  /// (``_EndedStroke/kind(constants:container:)``).
  ///
  /// Nothing the classifier keeps between events depends on its constants, so one classifier
  /// can classify every stroke under several sets of constants at once (`pagetrace sweep`).
  ///
  /// A `Bool`, not the `_EndedStroke?` (120 bytes) that was written out field by field for
  /// every event, stroke or not; and a move of the finger of the last touch event, most
  /// events, takes a path of its own with the rest out of line.
  @inline(__always)
  mutating func _follow(_ event: EngineEvent) -> Bool {
    // A move of the recent finger: its id is `recentNumber` (never NaN, which equals none).
    if case .touch(.move, .number(let number), let x?, let y?) = event.action,
      number == recentNumber, event.session.index == recentSession
    {
      recentState.add(x: x, y: y, at: event.time)
      return false
    }
    return _followOther(event)
  }

  /// Makes `key` the ``recent`` finger (`nil`: none), with the fields a move tests.
  private mutating func setRecent(_ key: _OpenStroke?) {
    recent = key
    if let key, case .number(let number) = key.id {
      recentSession = key.session
      recentNumber = number
    } else {
      recentNumber = .nan
    }
  }

  /// Moves the ``recent`` finger's state to a free slot of ``pool``; then no finger is the
  /// recent one, and ``recentState`` holds a finished state.
  private mutating func park() {
    guard let recent else { return }
    let slot: Int
    if free >= 0 {
      slot = free
      free = Int(pool[slot].next)
    } else {
      slot = pool.count
      pool.append(.placeholder)
    }
    swap(&recentState, &pool[slot])
    open.insert(recent, slot: Int32(slot))
    setRecent(nil)
  }

  /// Makes finger `key`, whose open stroke is in slot `slot` of ``pool``, the ``recent`` one:
  /// the recent one's state goes to the pool, this one's comes out, and its slot is freed.
  private mutating func takeOut(_ key: _OpenStroke, slot: Int) {
    park()
    swap(&recentState, &pool[slot])
    pool[slot].next = Int32(free)
    free = slot
    open.remove(key)
    setRecent(key)
  }

  /// ``_follow(_:)`` for every event but a move of the finger of the last one. (Given the
  /// event, not its fields: passing nine of them cost more.)
  @inline(never)
  private mutating func _followOther(_ event: borrowing EngineEvent) -> Bool {
    guard case .touch(let phase, let id, let x, let y) = event.action else { return false }
    let key = _OpenStroke(session: event.session.index, id: id)
    let t = event.time
    // The finger's open stroke, if it is down, made the recent one: its state is then in
    // `recentState`. (With one finger at a time, no other is down: `open` is empty.)
    let isDown: Bool
    if let recent, recent == key {
      isDown = true
    } else if !open.isEmpty, let slot = open[key] {
      takeOut(key, slot: Int(slot))
      isDown = true
    } else {
      isDown = false
    }
    if phase == .down {
      guard let x, let y else { return false }
      if !isDown {
        // A new stroke, in the finished state kept in `recentState` (its spill storage
        // reused: a stroke allocates nothing).
        if recent != nil { park() }
        setRecent(key)
      }
      // A new stroke, or the same finger down again: its stroke starts over.
      recentState.restart(id: id, start: t, x: x, y: y)
      recentState.add(x: x, y: y, at: t)
      return false
    }
    guard isDown else { return false }
    switch phase {
    case .down:
      return false
    case .move:
      if let x, let y { recentState.add(x: x, y: y, at: t) }
      return false
    case .up, .cancel:
      let endX = phase == .up ? x ?? recentState.x : recentState.x
      let endY = phase == .up ? y ?? recentState.y : recentState.y
      recentState.extend(x: endX, y: endY, at: t)
      let axis: Axis = abs(endX - recentState.downX) >= abs(endY - recentState.downY) ? .x : .y
      // Read in place: the ring is 768 bytes.
      let velocity = recentState.samples.velocityInPlace(releaseTime: t, along: axis)
      hasEnded = true
      ended = _EndedStroke(
        recentState, end: t, x: endX, y: endY, axis: axis, velocity: velocity,
        cancelled: phase == .cancel)
      // The finger is no longer down; its state stays in `recentState` for the next stroke.
      setRecent(nil)
      return true
    }
  }
}

/// A stroke that has just ended, before it is classified: everything the rules read, none of
/// which depends on the constants (``StrokeClassifier/_follow(_:)``).
struct _EndedStroke: Sendable {
  var id: TouchKey
  var start: Double
  var end: Double
  var startX: Double
  var startY: Double
  var endX: Double
  var endY: Double
  var dx: Double { endX - startX }
  var dy: Double { endY - startY }
  /// The axis with the larger displacement (x on a tie).
  var axis: StrokeClassifier.Axis
  /// The release velocity along ``axis``.
  var velocity: Double
  /// The farthest any sample was from the down point.
  var farthest: Double
  var cancelled: Bool
  var path: Double
  var peak: Double

  fileprivate init(
    _ state: borrowing StrokeClassifier.Open, end: Double, x: Double, y: Double,
    axis: StrokeClassifier.Axis, velocity: Double, cancelled: Bool
  ) {
    id = state.id
    start = state.start
    self.end = end
    (startX, startY) = (state.downX, state.downY)
    (endX, endY) = (x, y)
    self.axis = axis
    self.velocity = velocity
    farthest = state.farthest
    self.cancelled = cancelled
    path = state.path
    peak = state.peak
  }

  /// What the stroke was under `constants`, the swipe rule measuring against `container`
  /// (docs/behaviour/analysis.md, "Stroke classification").
  func kind(constants: InteractionConstants, container: Rect?) -> StrokeClassifier.Kind {
    let (dx, dy) = (self.dx, self.dy)
    if cancelled { return .cancelled }
    if !constants.travelBeginsScrub(farthest) && !constants.travelBeginsScrub(_distance(dx, dy)) {
      return constants.holdBeginsScrub(downAt: start, endedAt: end) ? .longPress : .tap
    }
    let along = axis == .x ? dx : dy
    let across = axis == .x ? dy : dx
    let frameLength = container.map { axis == .x ? $0.width : $0.height }
    let step = constants.swipeStep(
      along: along, across: across, velocity: velocity, frameLength: frameLength)
    return step == nil ? .drag : .swipe
  }

  /// The stroke, as a ``StrokeClassifier/Stroke`` of `kind`, of `session` and finger `id`.
  func stroke(
    kind: StrokeClassifier.Kind, session: String?, id: TouchID
  ) -> StrokeClassifier.Stroke {
    StrokeClassifier.Stroke(
      session: session, id: id, kind: kind, start: start, end: end,
      startX: startX, startY: startY, dx: dx, dy: dy, velocity: velocity,
      dominantAxis: axis, endX: endX, endY: endY, pathLength: path, peakSpeed: peak)
  }
}

/// The length of (`dx`, `dy`): PageTrace's `_distance`, the same operations, here so that it
/// is inlined into a move rather than called in the other module.
@inline(__always)
private func _length(_ dx: Double, _ dy: Double) -> Double { (dx * dx + dy * dy).squareRoot() }

/// A finger that is down, as ``StrokeClassifier`` finds its open stroke: its session's number
/// and its key.
struct _OpenStroke: Hashable, Sendable {
  var session: Int
  var id: TouchKey
}
