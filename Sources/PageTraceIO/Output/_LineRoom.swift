import _PageTraceNumbers

/// Room reserved once for a whole line of a ``TextWriter`` (``TextWriter/beginLine(atMost:)``),
/// written without a capacity check per part: the line's writer bounds the line's length
/// before it starts (`classify`'s stroke line: its literals, 16 numbers of at most
/// ``_OutputBuffer/maximumNumberLength`` bytes, its strings at their escaped widest).
///
/// Its parts are inlined into the line's writer in another module of the package
/// (`@inlinable package`): a literal is then a few loads and stores of a length known at
/// compile time, where ``TextWriter/append(_:)-(StaticString)`` is a call, with the failure
/// test and the capacity check; each number is one call (``_writeNumber(_:at:)``) with no
/// check around it (Benchmarks/HISTORY-2026-11.md, "Issue 24, fifth round (first wave):
/// `classify`'s line (one reservation a line, the printer's one-product path)").
/// (`@usableFromInline` on the type too: without it the compiler does not hand the bodies of a
/// `package` type's inlinable methods to other modules, and each part stayed a call.)
@usableFromInline
package struct _LineRoom {
  /// Where the next part goes.
  @usableFromInline package var position: UnsafeMutableRawPointer
  /// The end of the room, checked in debug builds when the line ends.
  package let limit: UnsafeMutableRawPointer

  @usableFromInline
  init(position: UnsafeMutableRawPointer, limit: UnsafeMutableRawPointer) {
    self.position = position
    self.limit = limit
  }

  /// Appends ASCII text known at compile time.
  @inlinable @inline(__always)
  package mutating func append(_ text: StaticString) {
    Self._copy(UnsafeRawPointer(text.utf8Start), count: text.utf8CodeUnitCount, to: position)
    position += text.utf8CodeUnitCount
  }

  /// Appends a number as ``JSONText/number(_:)-(Double)`` writes it, returning the decimals of
  /// the text (``TextWriter/appendJSONNumberCountingDecimals(_:)``).
  @inlinable @inline(__always)
  @discardableResult
  package mutating func appendNumberCountingDecimals(_ value: Double) -> Int {
    let written = Self._writeNumber(value, at: position)
    position += written.length
    return written.decimals
  }

  /// Appends an integer in decimal: the text of `Double(value)` for `value` within ±2^53.
  @inlinable @inline(__always)
  package mutating func appendInteger(_ value: Int) {
    position += Self._writeInteger(value, at: position)
  }

  /// Appends the `length` bytes written at `text` earlier in this line (a number written
  /// again: `classify`'s y1 of a stroke that kept its y0).
  @inlinable @inline(__always)
  package mutating func appendCopy(of text: UnsafeRawPointer, length: Int) {
    Self._copy(text, count: length, to: position)
    position += length
  }

  /// Appends a string as a JSON string literal, as ``JSONText/string(_:)`` writes it.
  package mutating func appendJSONString(_ value: String) {
    position += _OutputBuffer.writeJSONString(value, at: position)
  }

  /// The most bytes ``appendJSONString(_:)`` writes for a string.
  package static func maximumJSONStringLength(_ value: String) -> Int {
    _OutputBuffer.maximumJSONStringLength(utf8Count: value.utf8.count)
  }

  /// The most bytes ``appendNumberCountingDecimals(_:)`` or ``appendInteger(_:)`` writes.
  package static var maximumNumberLength: Int { _OutputBuffer.maximumNumberLength }

  /// The number's text at `at`, its length and decimals: one call a number
  /// (``_lineRoomWriteNumber(_:at:)``).
  @inlinable @inline(__always)
  static func _writeNumber(_ value: Double, at: UnsafeMutableRawPointer) -> (
    length: Int, decimals: Int
  ) {
    _lineRoomWriteNumber(value, at: at)
  }

  /// The integer's text at `at`, its length (``_lineRoomWriteInteger(_:at:)``).
  @inlinable @inline(__always)
  static func _writeInteger(_ value: Int, at: UnsafeMutableRawPointer) -> Int {
    _lineRoomWriteInteger(value, at: at)
  }

  /// Copies `count` bytes from `source` to `destination` (which do not overlap) with loads
  /// and stores of 8, 4, 2 or 1 bytes; no byte outside either range is read or written: the
  /// last word of a copy overlaps the one before it instead of running past the end. With a
  /// count known at compile time (a literal), the tests fold away.
  @inlinable @inline(__always)
  package static func _copy(
    _ source: UnsafeRawPointer, count: Int, to destination: UnsafeMutableRawPointer
  ) {
    func move<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) {
      destination.storeBytes(
        of: source.loadUnaligned(fromByteOffset: offset, as: Word.self), toByteOffset: offset,
        as: Word.self)
    }
    if count >= 8 {
      var offset = 0
      while offset &+ 8 < count {
        move(UInt64.self, at: offset)
        offset &+= 8
      }
      move(UInt64.self, at: count &- 8)
    } else if count >= 4 {
      move(UInt32.self, at: 0)
      move(UInt32.self, at: count &- 4)
    } else if count >= 2 {
      move(UInt16.self, at: 0)
      move(UInt16.self, at: count &- 2)
    } else if count == 1 {
      move(UInt8.self, at: 0)
    }
  }
}

/// ``_LineRoom/_writeNumber(_:at:)``'s call: a free function, so that the line's writer in
/// another module calls its body. As a static method its `self` (the metatype, unused) was
/// removed by the optimizer from a copy of the body, and the other module's calls went
/// through a thunk to that copy.
@usableFromInline
func _lineRoomWriteNumber(_ value: Double, at: UnsafeMutableRawPointer) -> (
  length: Int, decimals: Int
) {
  ShortestDigits.writeNumber(value, at: at)
}

/// ``_LineRoom/_writeInteger(_:at:)``'s call, a free function for the same reason.
@usableFromInline
func _lineRoomWriteInteger(_ value: Int, at: UnsafeMutableRawPointer) -> Int {
  ShortestDigits.writeInteger(value, at: at)
}
