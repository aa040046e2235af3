/// How a table is written: `--format jsonl|csv|parquet`.
///
/// ```swift
/// let format = TableFormat(rawValue: "parquet")  // .parquet
/// ```
public enum TableFormat: String, Sendable, Hashable, CaseIterable {
  /// One flat JSON object per row, every column in every row (`null` for no value).
  case jsonLines = "jsonl"
  /// A header row, then one row per row (RFC 4180, `\n` line ends); an empty cell for no value.
  case csv
  /// Apache Parquet: typed columns, gzip-compressed, in row groups of bounded size.
  case parquet
}
