import PageTraceIO

/// The value a user likely meant by `value`, which is none of `choices` (values are matched
/// case-sensitively everywhere, docs/behaviour.md, "Input options"): one that differs only in
/// ASCII case (`CSV` for `csv`), else the closest by edit distance, then the closest ignoring
/// case (`JSON` for `jsonl`); `nil` when none is close.
func _suggestion(for value: some StringProtocol, in choices: [String]) -> String? {
  let lowered = _asciiLowercased(value)
  if let same = choices.first(where: { _asciiLowercased($0) == lowered }) { return same }
  if let close = _closest(to: String(value), in: choices) { return close }
  let loweredChoices = choices.map { _asciiLowercased($0) }
  guard let close = _closest(to: lowered, in: loweredChoices),
    let index = loweredChoices.firstIndex(of: close)
  else { return nil }
  return choices[index]
}

/// `; did you mean 'csv'?` when ``_suggestion(for:in:)`` finds one, else nothing.
func _didYouMean(_ value: some StringProtocol, in choices: [String]) -> String {
  _suggestion(for: value, in: choices).map { "; did you mean '\($0)'?" } ?? ""
}

/// `text` with the ASCII capitals made small (and nothing else changed).
func _asciiLowercased(_ text: some StringProtocol) -> String {
  String(
    decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
}

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
