/// A session as the engine's fast path names it: a small number instead of a string
/// (docs/behaviour/trace-format.md, "Sessions").
///
/// Within one input, ``defaultSession`` (0) is the session of events without a `session` key;
/// named sessions are numbered from 1 in the order their names first appear. Whoever reads the
/// input hands the numbers out (``PageTraceIO/TraceReader``) and knows the names; the
/// engine only needs them to be small and stable.
///
/// ```swift
/// let event = EngineEvent(time: 0, session: SessionID(2), .key(.right))
/// event.session == .defaultSession  // false
/// ```
public struct SessionID: Sendable, Hashable, BitwiseCopyable, Comparable {
  /// The number: 0 for the default session, then 1, 2, … in order of first appearance.
  public var rawValue: Int32

  /// Creates an id from its number.
  public init(_ rawValue: Int32) { self.rawValue = rawValue }

  /// The session of events without a `session` key.
  public static let defaultSession = SessionID(0)

  /// The number as an index into dense per-session arrays.
  public var index: Int { Int(rawValue) }

  /// Whether `lhs` was numbered before `rhs`.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
