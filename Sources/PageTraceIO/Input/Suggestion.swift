/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo
/// (and at most `maximumDistance` edits away, if given): the "did you mean" of unknown
/// configuration keys, options and subcommands.
package func _closest(to word: String, in candidates: [String], maximumDistance: Int = .max)
  -> String?
{
  let target = Array(word.utf8)
  // No name is this long: a longer word is no typo of one (and is not compared at length).
  guard target.count <= 64 else { return nil }
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let distance = _editDistance(target, Array(candidate.utf8))
    if distance < (best?.distance ?? .max) { best = (candidate, distance) }
  }
  guard let best, best.distance <= min(max(2, target.count / 3), maximumDistance) else {
    return nil
  }
  return best.name
}

/// Levenshtein distance, two rows at a time.
package func _editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}

/// The value a user likely meant by `value`, which is none of `choices` (values are matched
/// case-sensitively everywhere, docs/behaviour/commands.md, "Input options"): one that differs only in
/// ASCII case (`CSV` for `csv`), else the closest by edit distance, then the closest ignoring
/// case (`JSON` for `jsonl`); `nil` when none is close.
package func _suggestion(for value: some StringProtocol, in choices: [String]) -> String? {
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
package func _didYouMean(_ value: some StringProtocol, in choices: [String]) -> String {
  _suggestion(for: value, in: choices).map { "; did you mean '\($0)'?" } ?? ""
}

/// `text` with the ASCII capitals made small (and nothing else changed).
package func _asciiLowercased(_ text: some StringProtocol) -> String {
  String(
    decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
}
