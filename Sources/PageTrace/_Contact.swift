/// The one tracked finger or pointer press (docs/behaviour/, "One tracked contact" and "Pointer
/// press").
///
/// Stored in place (not as an optional) so that every event mutates it without copying.
///
/// `@usableFromInline`, as its ``phase`` and ``source``: read by the inlinable
/// ``PageControl/trackedTouch``.
@usableFromInline
struct _Contact: Sendable {
  @usableFromInline
  enum Source: Sendable, Hashable {
    case touch(TouchKey)
    case pointer
  }

  @usableFromInline
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

  @usableFromInline var phase = Phase.idle {
    didSet { if phase != .press { pressDue = .infinity } }
  }
  /// When this press begins to scrub if still held: `downTime + scrubDelay` for a press that
  /// may scrub (``continuous``), `infinity` otherwise and whenever the phase is not `press`
  /// (kept so by `phase`'s `didSet`; set by `pressDown`). Stored so that the contact's due
  /// time is `min(pressDue, scrub.stepDue)` with no switch on the phase
  /// (``PageControl/nextDue``). It makes a control 8 bytes larger (1,256 bytes).
  var pressDue = Double.infinity
  @usableFromInline var source = Source.pointer {
    didSet { trackedNumber = if case .touch(.number(let n)) = source { n } else { .nan } }
  }
  /// The numeric touch id of ``source``; NaN for a string id or the pointer, so that it equals
  /// no id (kept in step by `source`'s `didSet`).
  private(set) var trackedNumber = Double.nan
  /// Whether the control allowed scrubbing when this contact went down (docs/behaviour/contacts-and-taps.md,
  /// "Continuous flag").
  var continuous = false
  var downTime = 0.0
  var downX = 0.0
  var downY = 0.0
  /// The latest sample (the `down` or a `move`).
  var x = 0.0
  var y = 0.0
  var velocity = _VelocityTracker()
  /// Whether some sample (a `move`, or the `up`) was `scrubTravel` or more from the down
  /// point: such a contact is no tap or click, even if it came back (docs/behaviour/contacts-and-taps.md,
  /// "Travel").
  var travelledFar = false

  /// Whether the source is the finger `id`: `source == .touch(id)`, but one comparison of
  /// doubles for a numeric id, cheaper than comparing the nested enums (a move of the
  /// scrubbing finger asks this on every event).
  @inline(__always)
  func isTouch(_ id: TouchKey) -> Bool {
    if case .number(let n) = id { return n == trackedNumber }
    return source == .touch(id)
  }

  /// The straight-line distance from the down point (docs/behaviour/contacts-and-taps.md, "Travel").
  func travel(toX x: Double, y: Double) -> Double {
    _distance(x - downX, y - downY)
  }
}

/// The last tap that changed the page, for the follow-up rule (docs/behaviour/contacts-and-taps.md, "Taps" and
/// "Follow-up tap").
struct _TapMemory: Sendable, Hashable {
  var upTime: Double
  var x: Double
  var y: Double
  var direction: Int
}
