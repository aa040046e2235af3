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

extension TextWriter {
  /// Appends a value as JSON, as part of a line: `null`, a number from the one number
  /// writer, `true`/`false`, a string literal, or a timestamp's ISO 8601 text as a string.
  public mutating func appendJSONValue(_ value: TableValue) {
    switch value {
    case .null: append("null")
    case .integer(let n): appendInteger(n)
    case .double(let x): if x.isFinite { appendJSONNumber(x) } else { append("null") }
    case .numberText(let x):
      append("\"")
      appendJSONNumber(x)
      append("\"")
    case .boolean(let b): append(b ? "true" : "false")
    case .string(let s): appendJSONString(s)
    case .timestamp(let seconds):
      guard TableValue.microseconds(seconds) != nil else { return append("null") }
      append("\"")
      appendISO8601(seconds)
      append("\"")
    }
  }

  /// Appends a value as one CSV cell, as part of a line: empty for null, numbers and
  /// booleans as in JSON, strings quoted only when they must be (an empty string as `""`).
  public mutating func appendCSVCell(_ value: TableValue) {
    switch value {
    case .null: break
    case .integer(let n): appendInteger(n)
    case .double(let x), .numberText(let x): if x.isFinite { appendJSONNumber(x) }
    case .boolean(let b): append(b ? "true" : "false")
    case .string(let s): appendCSVField(s)
    case .timestamp(let seconds): appendISO8601(seconds)
    }
  }
}

extension TableValue {
  /// The most bytes of ``iso8601(_:)``'s text: `YYYY-MM-DDTHH:MM:SS.ffffffZ`.
  package static let iso8601Length = 27

  /// Seconds since 1970-01-01 UTC as ISO 8601 text to the microsecond,
  /// `2023-11-14T22:13:20.123456Z`; `nil` outside years 1 to 9999.
  public static func iso8601(_ seconds: Double) -> String? {
    var bytes = [UInt8](repeating: 0, count: iso8601Length)
    let length = bytes.withUnsafeMutableBytes { writeISO8601(seconds, at: $0.baseAddress!) }
    return length == 0 ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// Seconds since 1970 to the nearest microsecond, `nil` outside the years 1 to 9999 (from
  /// -62,135,596,800 s to 253,402,300,800 s) or not finite. The whole seconds and the fraction
  /// apart (the subtraction is exact): `seconds × 10^6` rounded the product past 2^52 µs (the
  /// year 2112) and could miss by a microsecond.
  static func microseconds(_ seconds: Double) -> Int64? {
    let whole = seconds.rounded(.down)
    guard whole >= -62_135_596_800, whole < 253_402_300_800 else { return nil }
    let total = Int64(whole) * 1_000_000 + Int64(((seconds - whole) * 1_000_000).rounded())
    return total < 253_402_300_800_000_000 ? total : nil
  }

  /// Writes ``iso8601(_:)``'s text at `at` (room for ``iso8601Length`` bytes), nothing
  /// allocated; returns its length, 0 outside years 1 to 9999.
  package static func writeISO8601(_ seconds: Double, at: UnsafeMutableRawPointer) -> Int {
    guard let total = microseconds(seconds) else { return 0 }
    var (day, time) = total.quotientAndRemainder(dividingBy: 86_400_000_000)
    if time < 0 {
      day -= 1
      time += 86_400_000_000
    }
    // Days since 1970 to a civil date: Howard Hinnant's `civil_from_days`.
    let z = day + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let dayOfMonth = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    var offset = 0
    func digits(_ value: Int64, _ width: Int, then separator: UInt8?) {
      var value = value
      for place in stride(from: width - 1, through: 0, by: -1) {
        at.storeBytes(of: UInt8(48 + value % 10), toByteOffset: offset + place, as: UInt8.self)
        value /= 10
      }
      offset += width
      if let separator {
        at.storeBytes(of: separator, toByteOffset: offset, as: UInt8.self)
        offset += 1
      }
    }
    let second = time / 1_000_000
    digits(year, 4, then: UInt8(ascii: "-"))
    digits(month, 2, then: UInt8(ascii: "-"))
    digits(dayOfMonth, 2, then: UInt8(ascii: "T"))
    digits(second / 3600, 2, then: UInt8(ascii: ":"))
    digits(second / 60 % 60, 2, then: UInt8(ascii: ":"))
    digits(second % 60, 2, then: UInt8(ascii: "."))
    digits(time % 1_000_000, 6, then: UInt8(ascii: "Z"))
    return offset
  }
}
