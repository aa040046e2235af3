/// One input event of a trace (docs/behaviour/trace-format.md, "Trace format"): a time, an optional session, and
/// what happened.
///
/// ```swift
/// let down = PageControlEvent(time: 0.5, .touch(.down, id: 1, x: 187, y: 795))
/// let key = PageControlEvent(time: 2, session: "b", .key(.right))
/// ```
public struct PageControlEvent: Sendable, Hashable {
  /// The virtual time in seconds; within a session it must not decrease.
  public var time: Double
  /// The independent control this event belongs to; `nil` is the default session.
  public var session: String?
  /// What happened.
  public var action: Action

  /// Creates an event.
  public init(time: Double, session: String? = nil, _ action: Action) {
    self.time = time
    self.session = session
    self.action = action
  }

  /// What an event does.
  public enum Action: Sendable, Hashable {
    /// A finger; `x` and `y` may be `nil` only for ``TouchPhase/cancel``.
    case touch(TouchPhase, id: TouchID, x: Double?, y: Double?)
    /// A mouse or trackpad pointer.
    case pointer(PointerPhase, x: Double, y: Double)
    /// A key press.
    case key(Key)
    /// Keyboard focus moves to the control (`true`) or away from it (`false`).
    case focus(Bool)
    /// An accessibility action.
    case accessibility(AccessibilityAction)
    /// A programmatic change.
    case set(ProgrammaticChange)
  }
}

/// The phases of a touch.
public enum TouchPhase: String, Sendable, Hashable, BitwiseCopyable, CaseIterable {
  /// The finger touches the screen.
  case down
  /// The finger moves.
  case move
  /// The finger lifts.
  case up
  /// The system takes the touch away.
  case cancel
}

/// The phases of a mouse or trackpad pointer.
public enum PointerPhase: String, Sendable, Hashable, BitwiseCopyable, CaseIterable {
  /// The pointer moves with no button pressed.
  case hover
  /// The button goes down.
  case down
  /// The pointer moves; a hover unless the button is down.
  case move
  /// The button goes up.
  case up
}

/// The keys the control responds to (docs/behaviour/keyboard-and-accessibility.md, "Keyboard").
public enum Key: String, Sendable, Hashable, BitwiseCopyable, CaseIterable {
  /// Moves focus to the control.
  case tab
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Space bar: next page.
  case space
  /// First page.
  case home
  /// Last page.
  case end
}

/// Accessibility actions (docs/behaviour/keyboard-and-accessibility.md, "Accessibility").
public enum AccessibilityAction: String, Sendable, Hashable, BitwiseCopyable, CaseIterable {
  /// Next page.
  case increment
  /// Previous page.
  case decrement
  /// Next page.
  case activate
  /// Next page (three-finger or two-finger swipe).
  case scrollForward
  /// Previous page.
  case scrollBackward
}

extension PageControlEvent {
  /// Equal when time, action and session are, the session compared by its UTF-8 bytes: a
  /// trace's names are bytes, so `"é"` and `"e\u{301}"` are two sessions, although Swift's
  /// `String ==` calls them equal (docs/behaviour/trace-format.md, "Sessions").
  public static func == (a: PageControlEvent, b: PageControlEvent) -> Bool {
    a.time == b.time && a.action == b.action && _utf8Equal(a.session, b.session)
  }

  /// Consistent with ``==(_:_:)``.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(time)
    hasher.combine(action)
    hasher.combine(session.map(_UTF8Name.init))
  }
}
