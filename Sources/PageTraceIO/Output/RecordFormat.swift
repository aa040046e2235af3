/// How records and `classify` lines are written (docs/behaviour/output.md, "Output records" and "CSV
/// output"): `pagetrace replay --format jsonl|csv`.
///
/// ```swift
/// var writer = RecordWriter(descriptor: .standardOutput, format: .csv, types: .all)
/// writer.writeHeader()  // t,type,session,from,to,animated,interaction,cause,state,visible,text,page
/// ```
public enum RecordFormat: Sendable, Hashable, CaseIterable {
  /// JSON Lines: one JSON object per line, keys in the order of docs/behaviour/output.md, "Key order".
  case jsonLines
  /// CSV (RFC 4180, with `\n` line ends): a header row naming the columns, then one row per
  /// record, one column per key, an empty cell for a key the record lacks.
  case csv
}
