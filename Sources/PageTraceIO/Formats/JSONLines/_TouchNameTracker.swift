import PageTrace

/// Frees the number of a string touch id once its touch has ended in every session, so that
/// a trace of ever new string ids keeps only the ids that are down (docs/behaviour/trace-format.md,
/// "Touch ids").
///
/// A number is freed at the start of the line after the one that ended its last touch (or
/// that named an id no session has down), so that the event's own names stay readable until
/// then; the next new id takes it. Numeric ids are not tracked.
struct _TouchNameTracker: Sendable {
  /// `(session << 32) | number` of every string id that is down.
  private var down: Set<UInt64> = []
  /// By number − 1: in how many sessions the id is down.
  private var downCount: [Int32] = []
  /// The number to free at the next line, 0 if none.
  private var pending: Int32 = 0
  /// The number the last line gave a new id in place of a freed one, 0 if none.
  private(set) var reusedNumber: Int32 = 0

  /// Frees the number left by the last line; returns it (0 if none). Costs two tests on a
  /// line after one without a string id.
  @inline(__always) @discardableResult
  mutating func beginLine(_ names: inout _NameTable) -> Int32 {
    guard pending != 0 || reusedNumber != 0 || names.lastNumber != 0 else { return 0 }
    return _beginLine(&names)
  }

  @inline(never)
  private mutating func _beginLine(_ names: inout _NameTable) -> Int32 {
    // The last line named a string id but never got to `endLine` (it was bad): free the
    // number now unless a finger has that id down.
    let unfollowed = names.lastNumber
    if unfollowed != 0
      && (Int(unfollowed) > downCount.count || downCount[Int(unfollowed) - 1] == 0)
      && pending != unfollowed
    {
      names.release(unfollowed)
    }
    let freed = pending
    if pending != 0 {
      names.release(pending)
      pending = 0
    }
    reusedNumber = 0
    names.lastNumber = 0
    return freed
  }

  /// Follows a line's event (`nil` if the line was bad): marks its string id down or up, and
  /// frees the number at the next line if no session has that id down. Nothing to do, and
  /// one test, when the line looked up no string id (``_NameTable/lastNumber`` is 0).
  @inline(__always)
  mutating func endLine(_ event: EngineEvent?, _ names: inout _NameTable) {
    guard names.lastNumber != 0 else { return }
    _endLine(event, &names)
  }

  @inline(never)
  private mutating func _endLine(_ event: EngineEvent?, _ names: inout _NameTable) {
    guard let event, case .touch(let phase, .name(let number), _, _) = event.action else {
      // A bad line may have numbered an id that is not down: free it.
      let number = names.lastNumber
      if number != 0 && (Int(number) > downCount.count || downCount[Int(number) - 1] == 0) {
        pending = number
      }
      names.lastNumber = 0
      return
    }
    if names.lastReusedANumber { reusedNumber = number }
    let index = Int(number) - 1
    if index >= downCount.count {
      downCount.append(contentsOf: repeatElement(0, count: index + 1 - downCount.count))
    }
    let key = Self.key(event.session, number)
    switch phase {
    case .down:
      if down.insert(key).inserted { downCount[index] += 1 }
    case .up, .cancel:
      if down.remove(key) != nil { downCount[index] -= 1 }
    case .move:
      break
    }
    if downCount[index] == 0 { pending = number }
    names.lastNumber = 0  // followed
  }

  /// Takes back the `down` of the event just followed, which the replay refused (one finger
  /// too many): its id is up again, and its number freed at the next line if no session has
  /// it down, so refused fingers leave nothing behind.
  mutating func forgetDown(_ event: EngineEvent) {
    guard case .touch(.down, .name(let number), _, _) = event.action else { return }
    let index = Int(number) - 1
    let key = Self.key(event.session, number)
    guard index < downCount.count, down.remove(key) != nil else { return }
    downCount[index] -= 1
    if downCount[index] == 0 { pending = number }
  }

  /// The key of string id `number` in `session` in ``down``.
  private static func key(_ session: SessionID, _ number: Int32) -> UInt64 {
    UInt64(UInt32(bitPattern: session.rawValue)) << 32 | UInt64(UInt32(number))
  }
}
