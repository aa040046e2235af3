/// The positions of ``BinaryTraceWriter``'s string table in the order the writer redefines
/// them once the table is full: least recently used first, and among positions last used by
/// the same event, the lower first (docs/binary-format.md, "String table").
///
/// A list linked through two arrays, kept in that order as positions are used: finding the
/// position to redefine takes a step from the front (and one or two more past the positions
/// it may not take, or past emptied ones when the table is full by bytes), where a scan of the
/// whole table took up to 65,536. `pagetrace convert` of 1 M events whose every stroke has a
/// string id of its own (500,000 ids) scanned the 4,096 positions of the default table for
/// each new id: 2.8 s, against 0.79 s with the list (release build, the same bytes written).
struct _StringRecency {
  /// When each position was last used (the writer's event count then).
  private var lastUse: [UInt64] = []
  /// The position before and after each in the order; -1 at the ends, and `_unlinked` (in
  /// `previous`) for a position appended but not used yet.
  private var previous: [Int32] = []
  private var next: [Int32] = []
  /// The least and the most recently used positions, -1 when none is.
  private var first: Int32 = -1
  private var last: Int32 = -1

  private static let _unlinked: Int32 = -2

  /// Adds a position after the last, outside the order until it is used.
  mutating func append() {
    lastUse.append(0)
    previous.append(Self._unlinked)
    next.append(-1)
  }

  /// Notes that `position` was used at `time`, which is no earlier than any use before it.
  ///
  /// It goes to the end of the order, but before any position of a higher number used at the
  /// same time: of the one, two or few positions one event uses, the lower goes first.
  mutating func use(_ position: Int, at time: UInt64) {
    let node = Int32(truncatingIfNeeded: position)
    if previous[position] != Self._unlinked { _unlink(node) }
    lastUse[position] = time
    var before = last
    while before >= 0 && lastUse[Int(before)] == time && before > node {
      before = previous[Int(before)]
    }
    previous[position] = before
    if before >= 0 {
      next[position] = next[Int(before)]
      next[Int(before)] = node
    } else {
      next[position] = first
      first = node
    }
    if next[position] >= 0 { previous[Int(next[position])] = node } else { last = node }
  }

  /// The first position in the order other than `excluded` and `alsoExcluded` (-1: none) for
  /// which `isAllowed` holds, or `nil`.
  func leastRecent(
    excluding excluded: Int, _ alsoExcluded: Int, where isAllowed: (Int) -> Bool
  ) -> Int? {
    var node = first
    while node >= 0 {
      let position = Int(node)
      if position != excluded && position != alsoExcluded && isAllowed(position) {
        return position
      }
      node = next[position]
    }
    return nil
  }

  private mutating func _unlink(_ node: Int32) {
    let (before, after) = (previous[Int(node)], next[Int(node)])
    if before >= 0 { next[Int(before)] = after } else { first = after }
    if after >= 0 { previous[Int(after)] = before } else { last = before }
  }
}
