/// A finger's identity as the engine's fast path tracks it: a numeric ``TouchID`` as itself,
/// a string one as a small number (docs/behaviour/trace-format.md, "Touch ids").
///
/// `1` and `1.0` are the same finger; the number `1` and the string `"1"` are not, because a
/// string becomes a ``name(_:)`` and never a ``number(_:)``.
///
/// ```swift
/// let finger = TouchKey.number(1)
/// finger == .number(1.0)  // true
/// finger == .name(1)      // false: the first string id of the input
/// ```
public enum TouchKey: Sendable, Hashable, BitwiseCopyable {
  /// A numeric id.
  case number(Double)
  /// A string id, by its number within the input (from 1, in order of first appearance).
  case name(Int32)
}
