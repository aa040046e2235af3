/// The identity of a finger: a number or a string (docs/behaviour.md, "Touch ids").
///
/// `1` and `1.0` are the same id; the number `1` and the string `"1"` are not.
///
/// ```swift
/// let a: TouchID = 1
/// let b = TouchID.number(1.0)
/// a == b  // true
/// ```
public enum TouchID: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
  /// A numeric id.
  case number(Double)
  /// A string id.
  case string(String)

  /// Creates a numeric id.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  /// Creates a string id.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension TouchID: CustomStringConvertible {
  /// `1`, `1.5` or `"a"`.
  public var description: String {
    switch self {
    case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : "\(n)"
    case .string(let s): "\"\(s)\""
    }
  }
}
