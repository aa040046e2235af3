import _PageTraceNumbers

/// One column's cells of the current row group: definition levels (one bit a row, set for a
/// value) and the values, PLAIN-encoded (little-endian integers and doubles, booleans a bit
/// each, strings each after its 4-byte length).
struct _ParquetColumnBuffer: Sendable {
  let kind: TableColumn.Kind
  private(set) var rows = 0
  private var definitions: [UInt8] = []
  private var values: [UInt8] = []
  private var booleans = 0

  init(kind: TableColumn.Kind) { self.kind = kind }

  var byteCount: Int { values.count + definitions.count }

  mutating func append(_ value: TableValue) {
    if rows & 7 == 0 { definitions.append(0) }
    defer { rows += 1 }
    switch (kind, value) {
    case (_, .null): return
    case (.integer, .integer(let n)): appendLittleEndian(UInt64(bitPattern: Int64(n)))
    case (.double, .double(let x)):
      guard x.isFinite else { return }
      appendLittleEndian(x.bitPattern)
    case (.double, .integer(let n)): appendLittleEndian(Double(n).bitPattern)
    case (.boolean, .boolean(let b)):
      if booleans & 7 == 0 { values.append(0) }
      if b { values[values.count - 1] |= 1 << UInt8(booleans & 7) }
      booleans += 1
    case (.string, .string(let s)):
      appendLittleEndian(UInt32(s.utf8.count))
      values += s.utf8
    case (.string, .numberText(let x)):
      guard x.isFinite else { return }
      withUnsafeTemporaryAllocation(byteCount: ShortestDigits.scratchLength, alignment: 8) {
        let length = ShortestDigits.writeNumber(x, at: $0.baseAddress!).length
        appendLittleEndian(UInt32(length))
        values += UnsafeRawBufferPointer(rebasing: $0[..<length])
      }
    case (.timestamp, .timestamp(let seconds)):
      guard let microseconds = TableValue.microseconds(seconds) else { return }
      appendLittleEndian(UInt64(bitPattern: microseconds))
    default:
      preconditionFailure("a \(value) in a \(kind) column")
    }
    definitions[definitions.count - 1] |= 1 << UInt8(rows & 7)
  }

  private mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
    withUnsafeBytes(of: value.littleEndian) { values += $0 }
  }

  /// The page's bytes before compression: the definition levels (4-byte length, then one
  /// bit-packed run of the hybrid RLE encoding, bit width 1), then the values.
  func encodedPage() -> [UInt8] {
    var levels = _ThriftCompactWriter()  // its varint, for the run's header
    levels.varint(UInt64(definitions.count) << 1 | 1)
    let length = UInt32(levels.bytes.count + definitions.count)
    var page: [UInt8] = []
    page.reserveCapacity(4 + Int(length) + values.count)
    withUnsafeBytes(of: length.littleEndian) { page += $0 }
    page += levels.bytes
    page += definitions
    page += values
    return page
  }

  mutating func removeAll() {
    rows = 0
    booleans = 0
    definitions.removeAll(keepingCapacity: true)
    values.removeAll(keepingCapacity: true)
  }
}
