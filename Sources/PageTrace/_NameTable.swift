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
  /// Numbers given back by ``release(_:)``, taken again by the next new names.
  private var freeNumbers: [Int32] = []
  /// By number − 1: whether the number was released and not taken again.
  private var released: [Bool] = []
  /// Whether the last ``number(forUTF8:)`` gave a released number to a new name.
  package private(set) var lastReusedANumber = false
  /// The number the last ``number(forUTF8:)`` returned; a caller may set it to 0 to tell
  /// whether a lookup happened since.
  package var lastNumber: Int32 = 0

  package init() {}

  /// Notes that a caller found a name's `number` itself, without ``number(forUTF8:)`` (a
  /// number it kept): as a lookup of a name the table had, it gave no released number.
  /// (The binary reader keeps each string's number; without this, ``lastReusedANumber``
  /// stayed set from the last new name, and every later event of a string touch id counted
  /// as bringing a new name.)
  package mutating func noteKnownNumber(_ number: Int32) {
    lastNumber = number
    lastReusedANumber = false
  }

  /// The highest number given: names have numbers from 1 to this, but for released ones.
  package var count: Int { names.count }

  /// The name with a number from 1 to ``count``.
  package func name(_ number: Int32) -> String { names[Int(number) - 1] }

  /// The number of the name whose UTF-8 bytes these are, giving it the next one if it is new.
  package mutating func number(forUTF8 bytes: UnsafeRawBufferPointer) -> Int32 {
    lastReusedANumber = false
    if recent != 0 && Self.utf8(of: names[Int(recent) - 1], equals: bytes) {
      lastNumber = recent
      return recent
    }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: _fnv1a(bytes)) & mask
    while case let number = slots[slot], number != 0 {
      if Self.utf8(of: names[Int(number) - 1], equals: bytes) {
        recent = number
        lastNumber = number
        return number
      }
      slot = (slot + 1) & mask
    }
    let number: Int32
    if let reused = freeNumbers.popLast() {
      number = reused
      names[Int(number) - 1] = String(decoding: bytes, as: UTF8.self)
      released[Int(number) - 1] = false
      lastReusedANumber = true
      slots[slot] = number
    } else {
      names.append(String(decoding: bytes, as: UTF8.self))
      released.append(false)
      number = Int32(names.count)
      slots[slot] = number
      if names.count * 2 > slots.count { grow() }
    }
    recent = number
    lastNumber = number
    return number
  }

  /// Gives a number back: its name is forgotten (looking it up again gives it a number anew)
  /// and the next new name takes the number. How a string touch id is freed when its touch
  /// ends, so that a trace of ever new ids takes no more room than the ids down at once.
  package mutating func release(_ number: Int32) {
    let index = Int(number) - 1
    guard index >= 0, index < names.count, !released[index] else { return }
    removeSlot(of: number)
    names[index] = ""
    released[index] = true
    freeNumbers.append(number)
    if recent == number { recent = 0 }
  }

  /// The number of a name, giving it the next one if it is new.
  package mutating func number(for name: String) -> Int32 {
    var name = name
    return name.withUTF8 { number(forUTF8: UnsafeRawBufferPointer($0)) }
  }

  /// The number of a name if it has one.
  package func existingNumber(for name: String) -> Int32? {
    var name = name
    return name.withUTF8 { existingNumber(forUTF8: UnsafeRawBufferPointer($0)) }
  }

  /// The number of the name whose UTF-8 bytes these are, if it has one.
  package func existingNumber(forUTF8 bytes: UnsafeRawBufferPointer) -> Int32? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: _fnv1a(bytes)) & mask
    while case let number = slots[slot], number != 0 {
      if Self.utf8(of: names[Int(number) - 1], equals: bytes) { return number }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Forgets the name numbered last, as if it had never been seen: the next new name takes
  /// its number. How a session the engine refused (one too many) leaves nothing behind.
  package mutating func removeLast() {
    guard !names.isEmpty else { return }
    let number = Int32(names.count)
    if !released[names.count - 1] { removeSlot(of: number) }
    freeNumbers.removeAll { $0 == number }
    names.removeLast()
    released.removeLast()
    if recent == number { recent = 0 }
  }

  /// Takes a number out of the hash table.
  private mutating func removeSlot(of number: Int32) {
    let mask = slots.count - 1
    var slot = _slot(of: names[Int(number) - 1]) & mask
    while slots[slot] != number { slot = (slot + 1) & mask }
    // Backward-shift deletion: move later entries of the probe run into the hole, so that
    // every remaining name is still found from its home slot.
    var hole = slot
    var next = (hole + 1) & mask
    while slots[next] != 0 {
      let home = _slot(of: names[Int(slots[next]) - 1]) & mask
      // The entry may move to the hole unless its home lies cyclically in (hole, next].
      let distanceToNext = (next - home) & mask
      let distanceToHole = (hole - home) & mask
      if distanceToHole < distanceToNext {
        slots[hole] = slots[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    slots[hole] = 0
  }

  private func _slot(of name: String) -> Int {
    var name = name
    return name.withUTF8 { Int(truncatingIfNeeded: _fnv1a(UnsafeRawBufferPointer($0))) }
  }

  private mutating func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for index in names.indices where !released[index] {
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
