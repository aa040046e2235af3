/// A record as the engine's fast path writes it: a ``PageControlRecord`` with its session as
/// a ``SessionID``.
///
/// Like ``EngineEvent`` it holds no strings, so emitting one copies a few bytes and nothing
/// else. Whoever numbered the sessions knows their names (``PageControlEngine`` for the
/// events it was given as ``PageControlEvent``s, a trace reader for the events it decoded).
///
/// ```swift
/// let down = EngineEvent(time: 0, .touch(.down, id: .number(1), x: 200, y: 795))
/// try engine.handle(down) { (record: EngineRecord) in
///   if case .transition(let change) = record.content { print(record.time, change.to) }
/// }
/// ```
public struct EngineRecord: Sendable, Hashable, BitwiseCopyable {
  /// The virtual time at which it happened.
  public var time: Double
  /// The session of the input event.
  public var session: SessionID
  /// What happened.
  public var content: PageControlRecord.Content

  /// Creates a record.
  public init(time: Double, session: SessionID, _ content: PageControlRecord.Content) {
    self.time = time
    self.session = session
    self.content = content
  }

  /// The kind of this record.
  public var type: RecordType { content.type }

  /// The friendly form, with the session's name.
  public func named(_ session: String?) -> PageControlRecord {
    PageControlRecord(time: time, session: session, content)
  }
}
