/// The text of the number a writer wrote last, kept to be copied when the same number comes
/// again: a record's time is often the time of the record before it (the records of one
/// event share its time: an interaction and its background, a transition and its
/// interaction), about a third of the records of a generated trace. Copying the kept text is
/// three stores, far cheaper than printing the shortest digits of a 17-digit time again
/// (Benchmarks/HISTORY-2026-11.md, "Issue 24, third round: the binary hot path (reader, record
/// writer, start-up)").
///
/// The number is recognised by its bit pattern, so `0.0` and `-0.0`, or two NaNs, are never
/// taken for one another; the text is what ``_OutputBuffer/appendNumber(_:)`` wrote for it.
struct _RepeatedNumber {
  /// The bit pattern of the number whose text is kept.
  private var bits: UInt64
  /// The kept text, in the first `count` bytes of these 24 (the longest text of a double,
  /// `-1.7976931348623157e+308`, has 24).
  private var text: (UInt64, UInt64, UInt64)
  private var count: Int

  /// Keeps the text of NaN, `null`, until a number is written.
  init() {
    bits = Double.nan.bitPattern
    text = (UInt64(0x6C6C_756E).littleEndian, 0, 0)  // "null"
    count = 4
  }

  /// Appends `value` as ``_OutputBuffer/appendNumber(_:)`` does, copying the kept text when
  /// `value` is the number written last. The buffer must have room for
  /// ``_OutputBuffer/maximumNumberLength`` bytes.
  @inline(__always)
  mutating func append(_ value: Double, to buffer: inout _OutputBuffer) {
    let at = buffer.start + buffer.count
    if value.bitPattern == bits {
      at.storeBytes(of: text.0, as: UInt64.self)
      at.storeBytes(of: text.1, toByteOffset: 8, as: UInt64.self)
      at.storeBytes(of: text.2, toByteOffset: 16, as: UInt64.self)
      buffer.count &+= count
      return
    }
    buffer.appendNumber(value)
    // The text just written, and whatever lies after it in the reserved room (not counted).
    bits = value.bitPattern
    count = buffer.start + buffer.count - at
    text = (
      at.loadUnaligned(as: UInt64.self), at.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
      at.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
    )
  }
}
