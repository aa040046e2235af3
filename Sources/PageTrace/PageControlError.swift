/// Input that breaks the contract, reported as a value instead of a trap.
///
/// ```swift
/// do { try engine.handle(event) { _ in } } catch {
///   print(error)  // PageControlError.timeWentBackwards(...)
/// }
/// ```
public enum PageControlError: Error, Sendable, Hashable {
  /// An event's time is earlier than the previous event's in the same session.
  case timeWentBackwards(previous: Double, found: Double)
  /// A time or coordinate is NaN or infinite; the payload names the field.
  case nonFiniteValue(field: String)
  /// A new session would exceed the engine's ``PageControlEngine/maximumSessions``.
  case tooManySessions(limit: Int)
  /// A `down` of a new finger while `limit` fingers are down, all sessions together: the
  /// replay's bound on what it follows at once (docs/behaviour/limits.md).
  case tooManyFingersDown(limit: Int)
  /// A value is outside what the engine accepts; the payload names the field.
  case valueOutOfRange(field: String)
  /// A required field is missing; the payload names it.
  case missingField(String)
  /// A configuration value is out of range; the payload names the key.
  case invalidConfiguration(String)
}

extension PageControlError: CustomStringConvertible {
  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .timeWentBackwards(let previous, let found):
      "expected a time of at least \(previous) (time must not decrease within a session), found \(found)"
    case .nonFiniteValue(let field):
      "expected a finite number for \(field), found a non-finite value"
    case .tooManySessions(let limit):
      "expected at most \(limit) sessions (a documented limit), found one more"
    case .tooManyFingersDown(let limit):
      "expected at most \(limit) fingers down at once (a documented limit), found one more"
    case .valueOutOfRange(let field):
      "expected a value for \(field) within the documented limits, found one outside them"
    case .missingField(let field):
      "expected the field \(field), found none"
    case .invalidConfiguration(let key):
      "invalid configuration value for \(key)"
    }
  }
}
