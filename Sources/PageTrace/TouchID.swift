/// The identity of a finger: a number or a string (docs/behaviour/trace-format.md, "Touch ids").
///
/// `1` and `1.0` are the same id; the number `1` and the string `"1"` are not. String ids are
/// the same only when their UTF-8 bytes are: `"é"` and `"e\u{301}"` are two fingers, although
/// Swift's `String` equality calls them equal.
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

extension TouchID {
  /// Numbers by value (`1 == 1.0`), strings by their UTF-8 bytes.
  public static func == (a: TouchID, b: TouchID) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): x == y
    case (.string(let x), .string(let y)): _utf8Equal(x, y)
    default: false
    }
  }

  /// Consistent with ``==(_:_:)``: a number by value, a string by its UTF-8 bytes.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .number(let value):
      hasher.combine(0 as UInt8)
      hasher.combine(value)
    case .string(let value):
      hasher.combine(1 as UInt8)
      _UTF8Name(value).hash(into: &hasher)
    }
  }
}
