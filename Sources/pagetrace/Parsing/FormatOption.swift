import PageTraceIO

/// `--format text|jsonl` of `lint` and `inspect`: whether it asks for JSON Lines (`json` is its
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
