/// Writes rows of fixed, typed columns (``TableColumn``) as JSON Lines, CSV or Parquet
/// (``TableFormat``): the one writer of every flat table `pagetrace` writes
/// (docs/behaviour/tables.md). Every row has a cell for every column, null where there is no
/// value.
///
/// ```swift
/// var table = TableWriter(
///   columns: [TableColumn("page", .integer), TableColumn("seconds", .double)],
///   format: .csv, descriptor: .standardOutput, name: "<stdout>")
/// table.writeHeader()
/// table.write([.integer(0), .double(1.5)])
/// try table.finish()  // page,seconds / 0,1.5
/// ```
public struct TableWriter: ~Copyable {
  /// The columns, in order.
  public let columns: [TableColumn]
  /// JSON Lines, CSV or Parquet.
  public let format: TableFormat
  private var text: TextWriter
  private var parquet: ParquetWriter?
  /// The columns' JSON keys with their punctuation: `{"name":` for the first, `,"name":` after.
  private let keys: [String]
  private var cell = 0

  /// A writer of `columns` in `format` to `descriptor`, named `name` in errors.
  public init(
    columns: [TableColumn], format: TableFormat, descriptor: SystemDescriptor, name: String
  ) {
    self.columns = columns
    self.format = format
    text = TextWriter(descriptor: descriptor, name: name)
    parquet = format == .parquet ? ParquetWriter(columns: columns) : nil
    keys = columns.indices.map { ($0 == 0 ? "{" : ",") + JSONText.string(columns[$0].name) + ":" }
  }

  /// The first write failure, if any (later writes are dropped).
  public var failure: FileError? { text.failure }

  /// Writes what comes before the rows: CSV's header row, Parquet's magic number; nothing
  /// in JSON Lines. Returns its length in bytes.
  @discardableResult
  public mutating func writeHeader() -> Int {
    switch format {
    case .jsonLines: return 0
    case .csv:
      let row = Self.csvHeader(columns)
      text.write(row)
      return row.utf8.count
    case .parquet:
      return drainParquet()
    }
  }

  /// The CSV header row of `columns`, with its line end.
  public static func csvHeader(_ columns: [TableColumn]) -> String {
    columns.map { CSVText.field($0.name) }.joined(separator: ",") + "\n"
  }

  /// Appends the next cell of the current row.
  public mutating func append(_ value: TableValue) {
    precondition(cell < columns.count, "more cells than columns in a row")
    switch format {
    case .jsonLines:
      text.appendText(keys[cell])
      text.appendJSONValue(value)
    case .csv:
      if cell > 0 { text.append(",") }
      text.appendCSVCell(value)
    case .parquet:
      parquet!.append(value)
    }
    cell += 1
  }

  /// Ends the current row.
  public mutating func endRow() {
    precondition(cell == columns.count, "a row of \(cell) cells, not \(columns.count)")
    cell = 0
    switch format {
    case .jsonLines:
      text.append("}")
      text.endLine()
    case .csv:
      text.endLine()
    case .parquet:
      parquet!.endRow()
      drainParquet()
    }
  }

  /// Writes one row of cells, in column order.
  public mutating func write(_ row: [TableValue]) {
    for value in row { append(value) }
    endRow()
  }

  /// Writes out everything buffered; in Parquet, the last row group and the footer first.
  ///
  /// - Throws: The first ``FileError`` met by this or an earlier write.
  public mutating func finish() throws(FileError) {
    if format == .parquet {
      parquet!.finish()
      drainParquet()
    }
    try text.flush()
  }

  /// Writes out what is buffered (after a row), leaving a Parquet file open for more rows.
  public mutating func flush() throws(FileError) { try text.flush() }

  @discardableResult
  private mutating func drainParquet() -> Int {
    let bytes = parquet!.takeOutput()
    if !bytes.isEmpty { text.write(bytes) }
    return bytes.count
  }
}
