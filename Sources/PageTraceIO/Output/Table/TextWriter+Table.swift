// A table's cells in JSON and CSV, as parts of a line (``TableWriter``).
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
