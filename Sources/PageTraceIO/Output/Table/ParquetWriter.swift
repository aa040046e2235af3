/// Writes a table as an Apache Parquet file: typed, nullable, flat columns
/// (``TableColumn``), each row group one gzip-compressed PLAIN data page per column.
///
/// Rows are kept, column by column, until a row group is full (``rowGroupRows`` rows, or
/// ``rowGroupBytes`` bytes of values), then encoded and handed out; so memory stays bounded
/// however many rows come, and only the footer, a few dozen bytes per column and row group,
/// grows. Take what is ready with ``takeOutput()`` after each row and after ``finish()``.
///
/// ```swift
/// var parquet = ParquetWriter(columns: [TableColumn("page", .integer)])
/// var file = parquet.takeOutput()  // "PAR1"
/// for page in 0..<3 {
///   parquet.append(.integer(page))
///   parquet.endRow()
///   file += parquet.takeOutput()
/// }
/// parquet.finish()
/// file += parquet.takeOutput()
/// ```
public struct ParquetWriter: Sendable {
  /// The columns, in order.
  public let columns: [TableColumn]
  /// The most rows in a row group.
  public let rowGroupRows: Int
  /// The most bytes of encoded values a row group keeps before it is written.
  public let rowGroupBytes: Int
  /// The rows written so far.
  public private(set) var rowCount = 0

  private var buffers: [_ParquetColumnBuffer]
  private var column = 0
  private var output: [UInt8] = Array("PAR1".utf8)
  /// The bytes handed out so far: the next byte's offset in the file.
  private var offset = 0
  private var rowGroups: [_ParquetRowGroup] = []
  private var finished = false

  /// A writer of `columns`, with row groups of at most `rowGroupRows` rows and about
  /// `rowGroupBytes` bytes of values.
  public init(columns: [TableColumn], rowGroupRows: Int = 131_072, rowGroupBytes: Int = 16 << 20) {
    self.columns = columns
    self.rowGroupRows = max(1, rowGroupRows)
    self.rowGroupBytes = max(1, rowGroupBytes)
    buffers = columns.map { _ParquetColumnBuffer(kind: $0.kind) }
  }

  /// Appends the next cell of the current row (cells in column order). A value of another
  /// type than its column's is a programming error.
  public mutating func append(_ value: TableValue) {
    precondition(!finished, "a row after the footer")
    precondition(column < buffers.count, "more cells than columns in a row")
    buffers[column].append(value)
    column += 1
  }

  /// Ends the current row; writes a row group when it is full.
  public mutating func endRow() {
    precondition(column == buffers.count, "a row of \(column) cells, not \(buffers.count)")
    column = 0
    rowCount += 1
    let rows = buffers.first?.rows ?? 0
    if rows >= rowGroupRows || buffers.reduce(0, { $0 + $1.byteCount }) >= rowGroupBytes {
      writeRowGroup()
    }
  }

  /// Writes the last row group and the footer.
  public mutating func finish() {
    precondition(column == 0, "an unfinished row")
    guard !finished else { return }
    finished = true
    writeRowGroup()
    var footer = _ThriftCompactWriter()
    writeFileMetadata(to: &footer)
    output += footer.bytes
    let length = UInt32(footer.bytes.count)
    for shift in stride(from: 0, to: 32, by: 8) {
      output.append(UInt8(truncatingIfNeeded: length >> shift))
    }
    output += Array("PAR1".utf8)
  }

  /// The bytes ready to be written, in order; the writer forgets them.
  public mutating func takeOutput() -> [UInt8] {
    // Handed over, not copied: most rows have nothing to take, and a row group's megabytes
    // are not kept as spare capacity.
    guard !output.isEmpty else { return [] }
    offset += output.count
    defer { output = [] }
    return output
  }

  private mutating func writeRowGroup() {
    let rows = buffers.first?.rows ?? 0
    guard rows > 0 else { return }
    var group = _ParquetRowGroup(rows: rows)
    for index in buffers.indices {
      let start = offset + output.count
      let page = buffers[index].encodedPage()
      let compressed = _Gzip.compress(page) ?? []
      precondition(!compressed.isEmpty || page.isEmpty, "zlib could not compress a page")
      var header = _ThriftCompactWriter()
      header.beginStruct()
      header.field(1, i32: 0)  // DATA_PAGE
      header.field(2, i32: Int32(page.count))
      header.field(3, i32: Int32(compressed.count))
      header.field(5, structure: ())
      header.field(1, i32: Int32(rows))  // values, nulls included
      header.field(2, i32: 0)  // PLAIN
      header.field(3, i32: 3)  // definition levels: RLE
      header.field(4, i32: 3)  // repetition levels: RLE (none written)
      header.endStruct()
      header.endStruct()
      output += header.bytes
      output += compressed
      group.chunks.append(
        .init(
          offset: start, uncompressed: header.bytes.count + page.count,
          compressed: header.bytes.count + compressed.count))
      buffers[index].removeAll()
    }
    rowGroups.append(group)
  }

  private func writeFileMetadata(to thrift: inout _ThriftCompactWriter) {
    thrift.beginStruct()
    thrift.field(1, i32: 1)  // version
    thrift.field(2, listOf: .structure, count: columns.count + 1)
    thrift.beginStruct()
    thrift.field(4, string: "schema")
    thrift.field(5, i32: Int32(columns.count))
    thrift.endStruct()
    for column in columns {
      thrift.beginStruct()
      thrift.field(1, i32: column.kind.physicalType)
      thrift.field(3, i32: 1)  // OPTIONAL
      thrift.field(4, string: column.name)
      switch column.kind {
      case .string:
        thrift.field(6, i32: 0)  // converted type UTF8
        thrift.field(10, structure: ())
        thrift.field(1, structure: ())  // STRING
        thrift.endStruct()
        thrift.endStruct()
      case .timestamp:
        thrift.field(6, i32: 10)  // converted type TIMESTAMP_MICROS
        thrift.field(10, structure: ())
        thrift.field(8, structure: ())  // TIMESTAMP
        thrift.field(1, bool: true)  // adjusted to UTC
        thrift.field(2, structure: ())
        thrift.field(2, structure: ())  // MICROS
        thrift.endStruct()
        thrift.endStruct()
        thrift.endStruct()
        thrift.endStruct()
      case .integer, .double, .boolean:
        break
      }
      thrift.endStruct()
    }
    thrift.field(3, i64: Int64(rowCount))
    thrift.field(4, listOf: .structure, count: rowGroups.count)
    for group in rowGroups {
      thrift.beginStruct()
      thrift.field(1, listOf: .structure, count: group.chunks.count)
      for (column, chunk) in zip(columns, group.chunks) {
        thrift.beginStruct()
        thrift.field(2, i64: Int64(chunk.offset))
        thrift.field(3, structure: ())
        thrift.field(1, i32: column.kind.physicalType)
        thrift.field(2, listOf: .i32, count: 2)
        thrift.element(i32: 0)  // PLAIN
        thrift.element(i32: 3)  // RLE
        thrift.field(3, listOf: .binary, count: 1)
        thrift.binary(column.name)
        thrift.field(4, i32: 2)  // GZIP
        thrift.field(5, i64: Int64(group.rows))
        thrift.field(6, i64: Int64(chunk.uncompressed))
        thrift.field(7, i64: Int64(chunk.compressed))
        thrift.field(9, i64: Int64(chunk.offset))
        thrift.endStruct()
        thrift.endStruct()
      }
      thrift.field(2, i64: Int64(group.chunks.reduce(0) { $0 + $1.uncompressed }))
      thrift.field(3, i64: Int64(group.rows))
      thrift.endStruct()
    }
    thrift.field(6, string: "PageTrace")
    thrift.endStruct()
  }
}

extension TableColumn.Kind {
  /// Parquet's physical type: BOOLEAN 0, INT64 2, DOUBLE 5, BYTE_ARRAY 6.
  var physicalType: Int32 {
    switch self {
    case .boolean: 0
    case .integer, .timestamp: 2
    case .double: 5
    case .string: 6
    }
  }
}

/// Where a row group's column chunks lie, for the footer.
struct _ParquetRowGroup: Sendable {
  struct Chunk: Sendable {
    var offset: Int
    var uncompressed: Int
    var compressed: Int
  }
  var rows: Int
  var chunks: [Chunk] = []
}
