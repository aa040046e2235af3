/// A column of a table that `pagetrace` writes (records, strokes, statistics, sweeps,
/// differences): its name and the one type of its values, whatever the data
/// (docs/behaviour/tables.md).
///
/// ```swift
/// let columns = [TableColumn("t", .double), TableColumn("session", .string)]
/// ```
public struct TableColumn: Sendable, Hashable {
  /// The type of a column's values; any cell may also be null.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A whole number (Parquet INT64).
    case integer
    /// A double (Parquet DOUBLE).
    case double
    /// `true` or `false` (Parquet BOOLEAN).
    case boolean
    /// UTF-8 text (Parquet BYTE_ARRAY, logical type STRING).
    case string
    /// An instant: microseconds since 1970-01-01 UTC (Parquet INT64, logical type TIMESTAMP,
    /// adjusted to UTC); ISO 8601 text in JSON Lines and CSV.
    case timestamp
  }

  /// The column's name: letters and digits only, so that SQL needs no quotes around it.
  public var name: String
  /// The type of its values.
  public var kind: Kind

  /// A column named `name` of `kind`.
  public init(_ name: String, _ kind: Kind) {
    self.name = name
    self.kind = kind
  }
}

/// One cell of a table row.
public enum TableValue: Sendable, Hashable {
  /// No value (JSON `null`, an empty CSV cell, a Parquet null).
  case null
  /// A whole number, in a ``TableColumn/Kind/integer`` column.
  case integer(Int)
  /// A number, in a ``TableColumn/Kind/double`` column; one that is not finite is null.
  case double(Double)
  /// A boolean, in a ``TableColumn/Kind/boolean`` column.
  case boolean(Bool)
  /// Text, in a ``TableColumn/Kind/string`` column.
  case string(String)
  /// A number written as text (a numeric touch id: `"7"`), in a ``TableColumn/Kind/string``
  /// column: its digits are the number writer's, and no `String` is made of them.
  case numberText(Double)
  /// Seconds since 1970-01-01 UTC, in a ``TableColumn/Kind/timestamp`` column (kept to the
  /// microsecond).
  case timestamp(Double)

  /// An integer, or null.
  public static func integer(_ value: Int?) -> TableValue { value.map(TableValue.integer) ?? .null }
  /// A double, or null.
  public static func double(_ value: Double?) -> TableValue {
    value.map(TableValue.double) ?? .null
  }
  /// A string, or null.
  public static func string(_ value: String?) -> TableValue {
    value.map(TableValue.string) ?? .null
  }
}

/// How a table is written: `--format jsonl|csv|parquet`.
public enum TableFormat: String, Sendable, Hashable, CaseIterable {
  /// One flat JSON object per row, every column in every row (`null` for no value).
  case jsonLines = "jsonl"
  /// A header row, then one row per row (RFC 4180, `\n` line ends); an empty cell for no value.
  case csv
  /// Apache Parquet: typed columns, gzip-compressed, in row groups of bounded size.
  case parquet
}
