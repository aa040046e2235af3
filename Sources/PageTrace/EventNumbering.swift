/// Turns friendly ``PageControlEvent``s into the engine's fast ``EngineEvent``s: session names
/// become ``SessionID``s and string touch ids ``TouchKey/name(_:)``s, numbered from 1 in order
/// of first appearance, and remembers the names.
///
/// Converting a name seen before allocates nothing.
///
/// ```swift
/// var numbering = EventNumbering()
/// let fast = numbering.number(PageControlEvent(time: 0, session: "b", .key(.right)))
/// fast.session                     // SessionID(1)
/// numbering.name(of: fast.session) // "b"
/// ```
public struct EventNumbering: Sendable {
  package private(set) var sessionNames = _NameTable()
  package private(set) var touchNames = _NameTable()

  /// Creates a numbering with no names yet.
  public init() {}

  /// The fast form of an event.
  public mutating func number(_ event: PageControlEvent) -> EngineEvent {
    Self.number(event, sessionNames: &sessionNames, touchNames: &touchNames)
  }

  /// The number of a session name (``SessionID/defaultSession`` for `nil`).
  public mutating func number(session name: String?) -> SessionID {
    Self.number(session: name, in: &sessionNames)
  }

  /// The fast form of an event, its names numbered in the given tables: the one numbering,
  /// of this type and of the trace decoder (which keeps its own tables).
  package static func number(
    _ event: PageControlEvent, sessionNames: inout _NameTable, touchNames: inout _NameTable
  ) -> EngineEvent {
    EngineEvent(
      event, session: number(session: event.session, in: &sessionNames), touchNames: &touchNames)
  }

  /// The number of a session name in a table of session names.
  private static func number(session name: String?, in sessionNames: inout _NameTable)
    -> SessionID
  {
    name.map { SessionID(sessionNames.number(for: $0)) } ?? .defaultSession
  }

  /// The number of a session name if it has one.
  public func existingNumber(session name: String?) -> SessionID? {
    guard let name else { return .defaultSession }
    return sessionNames.existingNumber(for: name).map(SessionID.init)
  }

  /// The name of a session: `nil` for ``SessionID/defaultSession``.
  public func name(of session: SessionID) -> String? {
    session.rawValue == 0 ? nil : sessionNames.name(session.rawValue)
  }

  /// The friendly form of an event.
  public func friendly(_ event: EngineEvent) -> PageControlEvent {
    PageControlEvent(event, session: name(of: event.session), touchNames: touchNames)
  }
}
