/// A name (a session name, a string touch id, a `--session` argument) compared and hashed by
/// its UTF-8 bytes.
///
/// Swift's `String` equality is canonical equivalence: `"é"` (U+00E9) equals `"e\u{301}"`,
/// U+212B equals U+00C5, and a run of Hangul jamo equals its syllable. A trace's names are
/// bytes, so two names are the same only when their bytes are (docs/behaviour/trace-format.md, "Sessions");
/// this wrapper is how a `Set` or `Dictionary` keeps them apart.
///
/// ```swift
/// _UTF8Name("é") == _UTF8Name("e\u{301}")  // false
/// ```
package struct _UTF8Name: Hashable, Sendable {
  /// The name.
  package var string: String

  /// Wraps a name.
  package init(_ string: String) { self.string = string }

  package static func == (a: Self, b: Self) -> Bool { _utf8Equal(a.string, b.string) }

  package func hash(into hasher: inout Hasher) {
    var string = string
    string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}

/// Whether two names have the same UTF-8 bytes (not merely canonically equivalent).
@inline(__always)
package func _utf8Equal(_ a: String, _ b: String) -> Bool {
  let (x, y) = (a.utf8, b.utf8)
  guard x.count == y.count else { return false }
  return x.elementsEqual(y)
}

/// Whether two optional names are both absent or have the same UTF-8 bytes.
@inline(__always)
package func _utf8Equal(_ a: String?, _ b: String?) -> Bool {
  switch (a, b) {
  case (nil, nil): true
  case (let a?, let b?): _utf8Equal(a, b)
  default: false
  }
}
