/// The end marker of a version 2 binary trace (`docs/binary-format.md`, "End marker"): the
/// record that closes the file, so that a trace cut short (even on a record boundary) or
/// changed is a data error.
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 8 | tag: `PGTEND` and two zero bytes |
/// | 8 | 1 | kind 255 |
/// | 9 | 7 | 0 |
/// | 16 | 8 | u64 number of event records in the file |
/// | 24 | 8 | u64 checksum of every byte before the marker (``_BinaryChecksum``) |
/// | 32 | 8 | 0 |
enum _BinaryEndMarker {
  /// The record kind of the end marker.
  static let kind: UInt8 = 0xFF
  /// The tag in the first 8 bytes, as a little-endian u64: `PGTEND\0\0`.
  static let tag: UInt64 = 0x0000_444E_4554_4750
  /// The offset of the number of event records.
  static let countOffset = 16
  /// The offset of the checksum.
  static let checksumOffset = 24

  /// Writes the marker's 40 bytes at `record`.
  static func store(count: UInt64, checksum: UInt64, at record: UnsafeMutableRawPointer) {
    record.initializeMemory(as: UInt8.self, repeating: 0, count: _BinaryRecord.size)
    record._store(tag, at: 0)
    record._store(kind, at: _BinaryRecord.kindOffset)
    record._store(count, at: countOffset)
    record._store(checksum, at: checksumOffset)
  }

  /// Whether the bytes of a record of ``kind`` other than its count and checksum are those of
  /// an end marker (the tag, then zeros).
  static func hasMarkerLayout(_ record: UnsafeRawPointer) -> Bool {
    record._uint64(at: 0) == tag
      && record._uint64(at: _BinaryRecord.kindOffset) == UInt64(kind)
      && record._uint64(at: _BinaryRecord.idOffset) == 0
  }
}

/// The checksum of the end marker (docs/binary-format.md): the file's bytes taken as
/// little-endian 64-bit words, `h = rotl((h &* 0x517CC1B727220A95) ^ word, 5)` from `h = 0`
/// (FxHash's multiplier and rotation, with the multiply first).
///
/// Every part of a binary trace is a whole number of 40-byte records, so the bytes are always
/// whole words. Each step is a bijection of `h` for a given word and of the word for a given
/// `h`, so any change confined to one word (any number of flipped bits in 8 aligned bytes)
/// always changes the result; other accidental changes go unnoticed with a chance of the
/// order of 2^-64. It guards against damage, not forgery. A step is one multiply, one xor and
/// one rotate (the multiply first, so that the compiler keeps the rotate a single
/// instruction): a record costs 15 integer operations besides its loads, and no allocation.
struct _BinaryChecksum {
  /// The multiplier (FxHash's, odd).
  static let multiplier: UInt64 = 0x517C_C1B7_2722_0A95

  /// The checksum of the words added so far.
  private(set) var value: UInt64 = 0

  /// One step: the checksum `h` after the word `w`.
  @inline(__always)
  static func step(_ h: UInt64, _ w: UInt64) -> UInt64 {
    let mixed = (h &* multiplier) ^ w
    return mixed << 5 | mixed >> 59
  }

  /// Adds the five words of one record, in order.
  ///
  /// The words are taken as values and the result stored once: the compiler cannot keep
  /// ``value`` in a register across loads through a raw pointer that might alias it.
  @inline(__always)
  mutating func add(
    _ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, _ w4: UInt64
  ) {
    value = Self.step(Self.step(Self.step(Self.step(Self.step(value, w0), w1), w2), w3), w4)
  }

  /// Adds the five words of one 40-byte record.
  @inline(__always)
  mutating func add(record: UnsafeRawPointer) {
    add(
      record._uint64(at: 0), record._uint64(at: 8), record._uint64(at: 16),
      record._uint64(at: 24), record._uint64(at: 32))
  }

  /// Adds `count` bytes, a multiple of 8.
  mutating func add(_ bytes: UnsafeRawPointer, count: Int) {
    precondition(count % 8 == 0, "the checksum takes whole words")
    var h = value
    var offset = 0
    while offset < count {
      h = Self.step(h, bytes._uint64(at: offset))
      offset += 8
    }
    value = h
  }
}
