/// Numbers strings in the order they first appear, from 1: how session names become
/// ``SessionID``s and string touch ids become ``TouchKey/name(_:)``s.
///
/// Looking up a name that was seen before allocates nothing, whether it comes as a `String` or
/// as UTF-8 bytes straight from a line: the last name found is compared first (consecutive
/// events usually share a session), then an open-addressing table keyed by the FNV-1a hash of
/// the bytes.
package struct _NameTable: Sendable {
  /// The names; number `n` is `names[n - 1]`.
  package private(set) var names: [String] = []
  /// Open addressing, linear probing: 0 is an empty slot, else a number. The count is a power
  /// of two, at least twice the number of names.
  private var slots = [Int32](repeating: 0, count: 16)
  /// The number found last, 0 before the first.
  private var recent: Int32 = 0

  package init() {}

  /// How many names have numbers.
  package var count: Int { names.count }

  /// The name with a number from 1 to ``count``.
  package func name(_ number: Int32) -> String { names[Int(number) - 1] }

  /// The number of the name whose UTF-8 bytes these are, giving it the next one if it is new.
  package mutating func number(forUTF8 bytes: UnsafeRawBufferPointer) -> Int32 {
    if recent != 0 && Self.utf8(of: names[Int(recent) - 1], equals: bytes) { return recent }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: _fnv1a(bytes)) & mask
    while case let number = slots[slot], number != 0 {
      if Self.utf8(of: names[Int(number) - 1], equals: bytes) {
        recent = number
        return number
      }
      slot = (slot + 1) & mask
    }
    names.append(String(decoding: bytes, as: UTF8.self))
    let number = Int32(names.count)
    slots[slot] = number
    if names.count * 2 > slots.count { grow() }
    recent = number
    return number
  }

  /// The number of a name, giving it the next one if it is new.
  package mutating func number(for name: String) -> Int32 {
    var name = name
    return name.withUTF8 { number(forUTF8: UnsafeRawBufferPointer($0)) }
  }

  /// The number of a name if it has one.
  package func existingNumber(for name: String) -> Int32? {
    var name = name
    return name.withUTF8 { utf8 in
      let bytes = UnsafeRawBufferPointer(utf8)
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: _fnv1a(bytes)) & mask
      while case let number = slots[slot], number != 0 {
        if Self.utf8(of: names[Int(number) - 1], equals: bytes) { return number }
        slot = (slot + 1) & mask
      }
      return nil
    }
  }

  private mutating func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for index in names.indices {
      var name = names[index]
      var slot =
        name.withUTF8 { Int(truncatingIfNeeded: _fnv1a(UnsafeRawBufferPointer($0))) } & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }

  private static func utf8(of name: String, equals bytes: UnsafeRawBufferPointer) -> Bool {
    let utf8 = name.utf8
    guard utf8.count == bytes.count else { return false }
    return utf8.withContiguousStorageIfAvailable { stored in
      UnsafeRawBufferPointer(stored).elementsEqual(bytes)
    } ?? utf8.elementsEqual(bytes)
  }
}

/// The 64-bit FNV-1a hash of some bytes: a stable hash, the same in every run and on every
/// machine.
package func _fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes {
    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
  }
  return hash
}
