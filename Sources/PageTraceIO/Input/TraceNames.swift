import PageTrace

/// The names behind the numbers of one input's ``PageTrace/EngineEvent``s and
/// ``PageTrace/EngineRecord``s: what an
/// observer keeps from ``ReplayObserver/name(_:_:)-(SessionID,_)`` and
/// ``ReplayObserver/name(_:_:)-(TouchKey,_)`` to turn them back into the friendly forms.
///
/// ```swift
/// struct Printer: ReplayObserver {
///   var names = TraceNames()
///   mutating func name(_ session: SessionID, _ name: String) { names.set(name, of: session) }
///   mutating func observe(_ record: EngineRecord) { print(names.friendly(record)) }
/// }
/// ```
public struct TraceNames: Sendable {
  /// By session number: its name (`nil` for the default session and unnamed numbers).
  @usableFromInline var sessions: [String?] = [nil]
  /// By touch number − 1: its name.
  @usableFromInline var touches: [String] = []

  /// Creates an empty table.
  public init() {}

  /// Names a session; session 1 starts a new input, forgetting the names of the last one.
  public mutating func set(_ name: String, of session: SessionID) {
    let index = session.index
    guard index > 0 else { return }
    if index == 1 { sessions.removeSubrange(1...) }
    if sessions.count <= index {
      sessions.append(contentsOf: repeatElement(nil, count: index + 1 - sessions.count))
    }
    sessions[index] = name
  }

  /// Names a string touch id. A number may be named again: the id it stood for has no touch
  /// left, and a new id takes its number (docs/behaviour/trace-format.md, "Touch ids").
  public mutating func set(_ name: String, of touch: TouchKey) {
    guard case .name(let number) = touch, number > 0 else { return }
    let index = Int(number) - 1
    if touches.count <= index {
      touches.append(contentsOf: repeatElement("", count: index + 1 - touches.count))
    }
    touches[index] = name
  }

  /// The name of a session: `nil` for the default session.
  ///
  /// Inlinable, as ``id(of:)``, for `classify`, which names every stroke: without calls.
  /// (`sessions` and `touches` are `@usableFromInline` for them; only `set` changes them.)
  @inlinable
  public func name(of session: SessionID) -> String? {
    // The name copied only when there is one (the copy of a `nil` is a call too).
    guard session.index < sessions.count, let name = sessions[session.index] else { return nil }
    return name
  }

  /// The touch id a key stands for.
  @inlinable
  public func id(of touch: TouchKey) -> TouchID {
    switch touch {
    case .number(let value): .number(value)
    case .name(let number):
      .string(Int(number) - 1 < touches.count && number > 0 ? touches[Int(number) - 1] : "")
    }
  }

  /// The friendly form of an event.
  public func friendly(_ event: EngineEvent) -> PageControlEvent {
    let action: PageControlEvent.Action
    switch event.action {
    case .touch(let phase, let key, let x, let y):
      action = .touch(phase, id: id(of: key), x: x, y: y)
    case .pointer(let phase, let x, let y): action = .pointer(phase, x: x, y: y)
    case .key(let key): action = .key(key)
    case .focus(let focused): action = .focus(focused)
    case .accessibility(let accessibility): action = .accessibility(accessibility)
    case .set(let change): action = .set(change)
    }
    return PageControlEvent(time: event.time, session: name(of: event.session), action)
  }

  /// The friendly form of a record.
  public func friendly(_ record: EngineRecord) -> PageControlRecord {
    record.named(name(of: record.session))
  }
}
