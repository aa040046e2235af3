/// Classifies every touch stroke of a trace with the recognizers and constants of replay:
/// tap, long press, drag, swipe or cancelled.
///
/// A stroke is one finger from `down` to `up` or `cancel`, per session and id.
/// - `cancelled`: it ended with a `cancel`.
/// - `tap` / `longPress`: it travelled less than `scrubTravel`; shorter than `scrubDelay`
///   is a tap, longer a long press (the hold that would begin a scrub on the control).
/// - `swipe`: it passes the swipe rule (SPEC §3.4, D7) along its dominant axis: that axis
///   dominates strictly, and the travel is at least half the container's length on that axis,
///   or at least `swipeDistance` with a release velocity of at least `swipeVelocity` in the
///   direction of travel.
/// - `drag`: anything else.
///
/// ```swift
/// var classifier = StrokeClassifier(configuration)
/// for event in events { classifier.handle(event) { print($0.kind, $0.dominantAxis) } }
/// ```
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
    /// Displacement from the down point to the up point (the last sample if cancelled).
    public var dx: Double
    /// Displacement along y.
    public var dy: Double
    /// Release velocity along the dominant axis, in points per second (SPEC D7).
    public var velocity: Double
    /// The axis with the larger displacement (x on a tie).
    public var dominantAxis: Axis

    /// `end - start`.
    public var duration: Double { end - start }
  }

  private struct Open: Sendable {
    var start: Double
    var downX: Double
    var downY: Double
    var x: Double
    var y: Double
    var alongX = _VelocityTracker()
    var alongY = _VelocityTracker()
  }

  private struct Key: Hashable, Sendable {
    var session: String?
    var id: TouchID
  }

  /// The configuration whose constants and container decide.
  public let configuration: PageControlConfiguration
  private var open: [Key: Open] = [:]

  /// Creates a classifier.
  public init(_ configuration: PageControlConfiguration) { self.configuration = configuration }

  /// Follows one event; calls `stroke` when a stroke ends. Non-touch events are ignored, as
  /// are moves and ups of fingers that are not down.
  public mutating func handle(_ event: PageControlEvent, stroke: (Stroke) -> Void) {
    guard case .touch(let phase, let id, let x, let y) = event.action else { return }
    let key = Key(session: event.session, id: id)
    let t = event.time
    switch phase {
    case .down:
      guard let x, let y else { return }
      var state = Open(start: t, downX: x, downY: y, x: x, y: y)
      state.alongX.add(time: t, offset: x)
      state.alongY.add(time: t, offset: y)
      open[key] = state
    case .move:
      guard let x, let y, open[key] != nil else { return }
      open[key]!.x = x
      open[key]!.y = y
      open[key]!.alongX.add(time: t, offset: x)
      open[key]!.alongY.add(time: t, offset: y)
    case .up, .cancel:
      guard let state = open.removeValue(forKey: key) else { return }
      let endX = phase == .up ? x ?? state.x : state.x
      let endY = phase == .up ? y ?? state.y : state.y
      stroke(classify(state, key: key, end: t, x: endX, y: endY, cancelled: phase == .cancel))
    }
  }

  private func classify(
    _ state: Open, key: Key, end: Double, x: Double, y: Double, cancelled: Bool
  ) -> Stroke {
    let constants = configuration.constants
    let dx = x - state.downX
    let dy = y - state.downY
    let axis: Axis = abs(dx) >= abs(dy) ? .x : .y
    let along = axis == .x ? dx : dy
    let across = axis == .x ? dy : dx
    let velocity = (axis == .x ? state.alongX : state.alongY).velocity(releaseTime: end)
    let kind: Kind
    if cancelled {
      kind = .cancelled
    } else if _distance(dx, dy) < constants.scrubTravel {
      kind = end - state.start < constants.scrubDelay ? .tap : .longPress
    } else {
      let frame = configuration.container ?? configuration.control
      let half = (axis == .x ? frame.width : frame.height) / 2
      let towards = velocity * (along > 0 ? 1 : -1)
      let passes =
        abs(along) > abs(across)
        && (abs(along) >= half
          || (abs(along) >= constants.swipeDistance && towards >= constants.swipeVelocity))
      kind = passes ? .swipe : .drag
    }
    return Stroke(
      session: key.session, id: key.id, kind: kind, start: state.start, end: end, dx: dx,
      dy: dy, velocity: velocity, dominantAxis: axis)
  }
}
