/// An event as the engine's fast path takes it: the same content as a ``PageControlEvent``, with
/// the session as a ``SessionID`` and string touch ids as ``TouchKey/name(_:)`` numbers.
///
/// It holds no strings and nothing indirect, so copying one is a plain copy of its bytes and
/// replaying one retains and releases nothing. Readers decode straight into it; convert from
/// the friendlier ``PageControlEvent`` at the edges, when it does not matter.
///
/// ```swift
/// let down = EngineEvent(time: 0.5, .touch(.down, id: .number(1), x: 187, y: 795))
/// let key = EngineEvent(time: 2, session: SessionID(1), .key(.right))
/// ```
public struct EngineEvent: Sendable, Hashable, BitwiseCopyable {
  /// The virtual time in seconds; within a session it must not decrease.
  public var time: Double
  /// The independent control this event belongs to.
  public var session: SessionID
  /// What happened.
  public var action: Action

  /// Creates an event.
  public init(time: Double, session: SessionID = .defaultSession, _ action: Action) {
    self.time = time
    self.session = session
    self.action = action
  }

  /// What an event does (``PageControlEvent/Action``, with touch ids as keys).
  public enum Action: Sendable, Hashable, BitwiseCopyable {
    /// A finger; `x` and `y` may be `nil` only for ``TouchPhase/cancel``.
    case touch(TouchPhase, id: TouchKey, x: Double?, y: Double?)
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
