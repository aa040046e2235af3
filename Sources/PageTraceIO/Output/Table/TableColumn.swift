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
