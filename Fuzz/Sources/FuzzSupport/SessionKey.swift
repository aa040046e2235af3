/// A session name compared as its UTF-8 bytes, as the engine and the trace readers compare
/// names: Swift's `String` equality is canonical equivalence, under which `"é"` (U+00E9) and
/// `"e\u{301}"` would be one session to the checker and two to the engine.
public struct SessionKey: Hashable, Sendable {
  /// The name's bytes; `nil` for the default session.
  public let bytes: [UInt8]?

  /// The key of a session name (`nil`: the default session).
  public init(_ name: String?) { bytes = name.map { Array($0.utf8) } }
}
