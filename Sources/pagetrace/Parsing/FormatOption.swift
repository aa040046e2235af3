import PageTraceIO

/// `--format text|jsonl` of `inspect`: whether it asks for JSON Lines (`json` is its
/// alias); an unknown value is a usage error with a suggestion.
func _isJSONFormat(_ options: CommandLineArguments) throws(CommandFailure) -> Bool {
  switch options[.format] ?? "text" {
  case "text": return false
  case "jsonl", "json": return true
  case let other:
    throw CommandFailure(
      status: .usage,
      message: "invalid value for '--format': expected text or jsonl, found '\(other)'"
        + _didYouMean(other, in: ["text", "jsonl"]))
  }
}

extension TableFormat {
  /// Parses `--format` of a command that writes a table: `jsonl` (also `json`), `csv`,
  /// `parquet`, and, when `text` names it, the command's readable form (`nil` is returned
  /// for it, and when the option is absent and `text` is given). Parquet to a terminal is
  /// refused, as binary traces are.
  static func parse(
    _ options: CommandLineArguments, text: String? = nil
  ) throws(CommandFailure) -> TableFormat? {
    let value = options[.format] ?? text ?? "jsonl"
    let format: TableFormat?
    switch value {
    case "jsonl", "json": format = .jsonLines
    case "csv": format = .csv
    case "parquet": format = .parquet
    case _ where value == text: format = nil
    default:
      let names = (text.map { [$0] } ?? []) + ["jsonl", "csv", "parquet"]
      throw CommandFailure(
        status: .usage,
        message:
          "invalid value for '--format': expected \(names.dropLast().joined(separator: ", ")) or parquet, found '\(value)'"
          + _didYouMean(value, in: names))
    }
    let output = options[.output]
    if format == .parquet, output == nil || output == "-",
      _System.isTerminal(_System.standardOutput)
    {
      throw CommandFailure(
        status: .usage,
        message:
          "refusing to write Parquet to a terminal; give -o FILE or redirect standard output")
    }
    return format
  }

  /// The option's value words: `jsonl|csv|parquet`, after the readable form's name if any.
  static func choices(text: String? = nil) -> [String] {
    (text.map { [$0] } ?? []) + ["jsonl", "csv", "parquet"]
  }
}
