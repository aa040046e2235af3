/// The one tracked finger or pointer press (SPEC §3, D11, D12).
///
/// Stored in place (not as an optional) so that every event mutates it without copying.
struct _Contact: Sendable {
  enum Source: Sendable, Hashable {
    case touch(TouchID)
    case pointer
  }

  enum Phase: Sendable, Hashable {
    /// Nothing is tracked.
    case idle
    /// Down on the control; may become a tap, a click or a scrub.
    case press
    /// A scrub is in progress.
    case scrub
    /// Down on the content, outside the control: a possible swipe.
    case drag
    /// Still tracked (it blocks other contacts) but its remaining events do nothing.
    case ignored
  }

  var phase = Phase.idle
  var source = Source.pointer
  /// Whether the control allowed scrubbing when this contact went down (SPEC D13).
  var continuous = false
  var downTime = 0.0
  var downX = 0.0
  var downY = 0.0
  /// The latest sample (the `down` or a `move`).
  var x = 0.0
  var y = 0.0
  var velocity = _VelocityTracker()

  /// The straight-line distance from the down point (SPEC D2).
  func travel(toX x: Double, y: Double) -> Double {
    _distance(x - downX, y - downY)
  }
}

/// The last tap that changed the page, for the follow-up rule (SPEC §3.1, D10).
struct _TapMemory: Sendable, Hashable {
  var upTime: Double
  var x: Double
  var y: Double
  var direction: Int
}
