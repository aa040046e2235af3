/// The texts a writer writes for the cases of one of the engine's enums, each built once from
/// the case's raw value (the one spelling of the word) between a fixed prefix and suffix, e.g.
/// `,"cause":"tap"`, and then copied whole: so a writer spells no word itself, and writing one
/// costs one copy.
///
/// A case is found by its tag, which for an enum without payloads is its position in the
/// declaration, and so in `allCases` (checked when the texts are built).
struct _WordTexts<Word: CaseIterable & RawRepresentable>: ~Copyable
where Word.RawValue == String {
  /// Each case's text, in slots of ``slot`` bytes: its length in the first byte, then the text.
  private let start: UnsafeMutableRawPointer
  private let slot: Int
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
    precondition(maximumLength <= Int(UInt8.max))
    slot = 1 + maximumLength
    start = UnsafeMutableRawPointer.allocate(byteCount: max(1, texts.count * slot), alignment: 1)
    for (index, (word, text)) in zip(Word.allCases, texts).enumerated() {
      precondition(Int(unsafeBitCast(word, to: UInt8.self)) == index, "cases out of order")
      let place = start + index * slot
      place.storeBytes(of: UInt8(text.count), as: UInt8.self)
      text.withUnsafeBytes { bytes in
        if let base = bytes.baseAddress {
          (place + 1).copyMemory(from: base, byteCount: bytes.count)
        }
      }
    }
  }

  deinit { start.deallocate() }

  /// The text of a case.
  @inline(__always)
  subscript(word: Word) -> UnsafeRawBufferPointer {
    let place = start + Int(unsafeBitCast(word, to: UInt8.self)) * slot
    return UnsafeRawBufferPointer(
      start: place + 1, count: Int(place.load(as: UInt8.self)))
  }
}
