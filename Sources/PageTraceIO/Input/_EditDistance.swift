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
