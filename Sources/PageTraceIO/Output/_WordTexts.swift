/// The texts a writer writes for the cases of one of the engine's enums, each built once from
/// the case's raw value (the one spelling of the word) between a fixed prefix and suffix, e.g.
/// `,"cause":"tap"`, and then copied whole: so a writer spells no word itself, and writing one
/// costs one fixed-size copy, as cheap as a text spelled out in the writer.
///
/// Each text lies in a slot of ``_Reservation/wordSlot`` bytes, zero-padded, and
/// ``append(_:to:)`` copies the whole slot, then counts only the text: the buffer must have a
/// slot's room at that point, which writers reserve after a record's own length.
///
/// A case is found by its tag, which for an enum without payloads is its position in the
/// declaration, and so in `allCases` (checked when the texts are built).
struct _WordTexts<Word: CaseIterable & RawRepresentable>: ~Copyable
where Word.RawValue == String {
  /// The bytes each text's slot takes, and so the most a text may take.
  static var slotWidth: Int { _Reservation.wordSlot }

  /// The texts, one slot each, in the order of `allCases`.
  private let slots: UnsafeMutableRawPointer
  /// Each text's length, in the same order.
  private let lengths: UnsafeMutablePointer<UInt8>
  /// The length of the longest text.
  let maximumLength: Int

  /// The texts `prefix + rawValue + suffix` of every case.
  init(prefix: StaticString = "", suffix: StaticString = "") {
    precondition(MemoryLayout<Word>.size == 1, "a word is found by its one-byte tag")
    let texts = Word.allCases.map { word in
      Array(UnsafeRawBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
        + Array(word.rawValue.utf8)
        + Array(UnsafeRawBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
    }
    maximumLength = texts.lazy.map(\.count).max() ?? 0
    precondition(maximumLength <= Self.slotWidth, "a word's text longer than its slot")
    let count = max(1, texts.count)
    slots = UnsafeMutableRawPointer.allocate(byteCount: count * Self.slotWidth, alignment: 16)
    slots.initializeMemory(as: UInt8.self, repeating: 0, count: count * Self.slotWidth)
    lengths = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
    for (index, (word, text)) in zip(Word.allCases, texts).enumerated() {
      precondition(Int(unsafeBitCast(word, to: UInt8.self)) == index, "cases out of order")
      lengths[index] = UInt8(text.count)
      text.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        (slots + index * Self.slotWidth).copyMemory(from: base, byteCount: bytes.count)
      }
    }
  }

  deinit {
    slots.deallocate()
    lengths.deallocate()
  }

  /// Appends the text of a case: the whole slot is copied, only the text counted.
  @inline(__always)
  func append(_ word: Word, to buffer: inout _OutputBuffer) {
    let index = Int(unsafeBitCast(word, to: UInt8.self))
    buffer.appendSlot(
      slots + index * Self.slotWidth, width: Self.slotWidth, count: Int(lengths[index]))
  }
}

extension _OutputBuffer {
  /// Appends the first `count` bytes of a slot by copying all `width` bytes of it, which must
  /// fit: a copy of a size known at compile time, done in a few moves.
  @inline(__always)
  mutating func appendSlot(_ slot: UnsafeRawPointer, width: Int, count length: Int) {
    assert(available >= width, "a word's slot past the reserved room")
    (start + count).copyMemory(from: slot, byteCount: width)
    count += length
  }
}
