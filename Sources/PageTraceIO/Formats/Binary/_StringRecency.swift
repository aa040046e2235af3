/// The positions of ``BinaryTraceWriter``'s string table in the order the writer redefines
/// them once the table is full: least recently used first, and among positions last used by
/// the same event, the lower first (docs/binary-format.md, "String table").
///
/// A list linked through an array, kept in that order as positions are used: finding the
/// position to redefine takes a step from the front (and one or two more past the positions
/// it may not take, or past emptied ones when the table is full by bytes), where a scan of the
/// whole table took up to 65,536, for each new string once the table is full
/// (Benchmarks/RESULTS.md, "Conversion of fresh string ids").
struct _StringRecency {
  /// A position: when it was last used (the writer's event count then), and the positions
  /// before and after it in the order (-1 at the ends; `previous` is `_unlinked` for a
  /// position appended but not used yet).
  private struct _Node {
    var lastUse: UInt64 = 0
    var previous: Int32 = _StringRecency._unlinked
    var next: Int32 = -1
  }

  private var nodes: [_Node] = []
  /// The least and the most recently used positions, -1 when none is.
  private var first: Int32 = -1
  private var last: Int32 = -1

  private static let _unlinked: Int32 = -2

  /// Adds a position after the last, outside the order until it is used.
  mutating func append() { nodes.append(_Node()) }

  /// Notes that `position` was used at `time`, which is no earlier than any use before it.
  ///
  /// It goes to the end of the order, but before any position of a higher number used at the
  /// same time: of the one, two or few positions one event uses, the lower goes first. (Through
  /// the array's buffer: each subscript of three arrays checked its bounds and uniqueness.)
  mutating func use(_ position: Int, at time: UInt64) {
    let node = Int32(truncatingIfNeeded: position)
    nodes.withUnsafeMutableBufferPointer { nodes in
      if node == last {
        // Already the last (a session used event after event): it stays so unless the
        // position before it was used at the same time and is of a higher number.
        let before = nodes[position].previous
        if before < 0 || before < node || nodes[Int(before)].lastUse < time {
          nodes[position].lastUse = time
          return
        }
      }
      if nodes[position].previous != Self._unlinked {
        let (before, after) = (nodes[position].previous, nodes[position].next)
        if before >= 0 { nodes[Int(before)].next = after } else { first = after }
        if after >= 0 { nodes[Int(after)].previous = before } else { last = before }
      }
      nodes[position].lastUse = time
      var before = last
      while before >= 0 && nodes[Int(before)].lastUse == time && before > node {
        before = nodes[Int(before)].previous
      }
      nodes[position].previous = before
      if before >= 0 {
        nodes[position].next = nodes[Int(before)].next
        nodes[Int(before)].next = node
      } else {
        nodes[position].next = first
        first = node
      }
      let after = nodes[position].next
      if after >= 0 { nodes[Int(after)].previous = node } else { last = node }
    }
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
      node = nodes[position].next
    }
    return nil
  }
}
