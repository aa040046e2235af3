/// The widths from which a writer derives the room it reserves before a record or an event:
/// the appending methods of ``_OutputBuffer`` write without checks, so each writer reserves,
/// per kind of record or event, the sum of its fixed texts and of each field at its widest,
/// and asserts in debug builds that what it wrote fits.
enum _Reservation {
  /// The room a writer reserves past a record's own length for ``_WordTexts``, which copies
  /// whole slots of this many bytes; also the most bytes of one word's text.
  static var wordSlot: Int { 32 }

  /// The widest number: ``_OutputBuffer/maximumNumberLength``.
  static var number: Int { _OutputBuffer.maximumNumberLength }

  /// The widest word of an enum of the trace format: its longest raw value, in UTF-8 bytes.
  static func word<Word: CaseIterable & RawRepresentable>(_: Word.Type) -> Int
  where Word.RawValue == String {
    Word.allCases.lazy.map(\.rawValue.utf8.count).max() ?? 0
  }

  /// The widest word of an enum as a JSON string (``_OutputBuffer/appendQuotedWord(_:)``).
  static func quotedWord<Word: CaseIterable & RawRepresentable>(_ type: Word.Type) -> Int
  where Word.RawValue == String {
    2 + word(type)
  }

  /// The length of a fixed text.
  static func text(_ texts: StaticString...) -> Int {
    texts.reduce(0) { $0 + $1.utf8CodeUnitCount }
  }
}
