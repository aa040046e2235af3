import PageTrace

/// Where each finger that is down has its open stroke in ``StrokeClassifier``'s pool: a short
/// list searched in order while at most ``listLimit`` fingers are down (most traces have one
/// or two), a dictionary from then until none is down.
///
/// A dictionary alone hashed the finger's key for the `down`, the `up` and the lookup between them,
/// each hash dear. The list keeps a lookup to at most ``listLimit`` comparisons, and the dictionary
/// one hash, however many fingers are down, so a trace is still classified in time linear in its
/// events (docs/behaviour/analysis.md, "Stroke classification").
struct _OpenStrokes: Sendable {
  /// The most fingers the list holds; one more moves them all to the dictionary.
  static let listLimit = 8

  /// The fingers down and their slots, while ``table`` is empty.
  private var list: [(key: _OpenStroke, slot: Int32)] = []
  /// The fingers down and their slots, once more than ``listLimit`` were; then ``list`` is
  /// empty.
  private var table: [_OpenStroke: Int32] = [:]

  /// Whether no finger is down.
  var isEmpty: Bool { list.isEmpty && table.isEmpty }

  /// The slot of the open stroke of finger `key`, if it is down.
  subscript(key: _OpenStroke) -> Int32? {
    if !table.isEmpty { return table[key] }
    for entry in list where entry.key == key { return entry.slot }
    return nil
  }

  /// Notes that finger `key`, which is not down, has its open stroke in `slot`.
  mutating func insert(_ key: _OpenStroke, slot: Int32) {
    if table.isEmpty && list.count < Self.listLimit {
      list.append((key, slot))
      return
    }
    for entry in list { table[entry.key] = entry.slot }
    list.removeAll(keepingCapacity: true)
    table[key] = slot
  }

  /// Forgets finger `key`, which is down.
  mutating func remove(_ key: _OpenStroke) {
    guard table.isEmpty else {
      table[key] = nil
      return
    }
    guard let index = list.firstIndex(where: { $0.key == key }) else { return }
    list.swapAt(index, list.count - 1)  // the order of the list does not matter
    list.removeLast()
  }
}
