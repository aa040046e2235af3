/// How records and `classify` lines are written (docs/behaviour.md, "Output records" and "CSV
/// output"): `pagetrace replay --format jsonl|csv`.
///
/// ```swift
/// var writer = RecordWriter(descriptor: STDOUT_FILENO, format: .csv, types: .all)
/// writer.writeHeader()  // t,type,session,from,to,animated,interaction,cause,state,visible,text,page
/// ```
public enum RecordFormat: Sendable, Hashable, CaseIterable {
  /// JSON Lines: one JSON object per line, keys in the order of docs/behaviour.md, "Key order".
  case jsonLines
  /// CSV (RFC 4180, with `\n` line ends): a header row naming the columns, then one row per
  /// record, one column per key, an empty cell for a key the record lacks.
  case csv
}

/// The one way PageTrace writes a CSV field; numbers are written as ``JSONText`` writes them.
///
/// A field is written as it is unless it holds a comma, a double quote, a carriage return or a
/// line feed, or is empty: then it goes between double quotes, each double quote doubled. So
/// the empty string (`""`) differs from an empty cell, a field the row lacks.
///
/// ```swift
/// CSVText.field("Page 1 of 5")   // "Page 1 of 5"
/// CSVText.field("a,\"b\"")       // "\"a,\"\"b\"\"\""
/// CSVText.field("")              // "\"\""
/// ```
public enum CSVText {
  /// A string as one CSV field, quoted only when it must be.
  public static func field(_ value: String) -> String {
    var buffer = _OutputBuffer(
      capacity: _OutputBuffer.maximumCSVFieldLength(utf8Count: value.utf8.count))
    buffer.appendCSVField(value)
    return buffer.string
  }
}
