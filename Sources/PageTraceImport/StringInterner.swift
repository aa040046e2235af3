import PageTraceIO

/// Remembers the last few strings decoded, so that a repeated session name or touch id reuses
/// the existing `String` instead of allocating a new one.
///
/// The most recently used string comes first; a miss evicts the least recently used one.
struct _StringInterner: Sendable {
  /// How many strings are remembered.
  static let capacity = 8

  private var strings: [String] = []

  init() { strings.reserveCapacity(Self.capacity) }

  /// The remembered string with these UTF-8 bytes, or a new one.
  mutating func intern(_ bytes: UnsafeRawBufferPointer) -> String {
    for index in strings.indices where Self.string(strings[index], equals: bytes) {
      let string = strings[index]
      if index > 0 {
        strings.remove(at: index)
        strings.insert(string, at: 0)
      }
      return string
    }
    let string = String(decoding: bytes, as: UTF8.self)
    if strings.count == Self.capacity { strings.removeLast() }
    strings.insert(string, at: 0)
    return string
  }

  private static func string(_ string: String, equals bytes: UnsafeRawBufferPointer) -> Bool {
    let utf8 = string.utf8
    guard utf8.count == bytes.count else { return false }
    guard let start = bytes.baseAddress, !bytes.isEmpty else { return true }
    return utf8.withContiguousStorageIfAvailable { buffer in
      _System.equal(buffer.baseAddress!, start, count: bytes.count)
    } ?? utf8.elementsEqual(bytes)
  }
}
