/// One cell of a table row.
///
/// ```swift
/// let missing: Double? = nil
/// let row: [TableValue] = [
///   .string("tap.jsonl"), .integer(3), .double(missing), .timestamp(1_700_000_000.25),
/// ]
/// ```
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
