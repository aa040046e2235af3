import PageTrace

/// The fingers down at once, all sessions together, held to ``limit`` as the importers hold
/// theirs: the observers that follow every finger (classification, statistics, diff) keep at
/// most that many open strokes whatever the trace; `convert` keeps the same bound
/// (docs/behaviour/limits.md). `Finger` is a finger's session and id.
///
/// An array while few fingers are down (most traces have one or two), a set from then until
/// none is: a `down` or an `up` costs a few comparisons, a move one test.
@usableFromInline
package struct _FingersDown<Finger: Hashable & Sendable>: Sendable {
  /// The most fingers down at once; a `down` of one more is refused.
  @usableFromInline package static var limit: Int { 1024 }
  /// The most fingers the array holds; one more moves them all to the set.
  @usableFromInline static var listLimit: Int { 8 }

  /// The fingers down, while ``many`` is empty.
  @usableFromInline var few: [Finger] = []
  /// The fingers down, once more than ``listLimit`` were; then ``few`` is empty.
  @usableFromInline var many: Set<Finger> = []

  @usableFromInline package init() {}

  /// Whether a `down` of `finger` would be one too many: ``limit`` are down, not it.
  @inlinable @inline(__always)
  package func refusesDown(of finger: @autoclosure () -> Finger) -> Bool {
    many.count >= Self.limit && !many.contains(finger())
  }

  /// Follows a `down` (`isDown`), or an `up` or `cancel`, of `finger`, which was applied.
  @usableFromInline
  package mutating func follow(isDown: Bool, _ finger: Finger) {
    if isDown {
      if !many.isEmpty {
        many.insert(finger)
      } else if !few.contains(finger) {
        if few.count < Self.listLimit {
          few.append(finger)
        } else {
          many = Set(few)
          many.insert(finger)
          few.removeAll()
        }
      }
    } else if !many.isEmpty {
      many.remove(finger)
    } else if let index = few.firstIndex(of: finger) {
      few.swapAt(index, few.count - 1)  // the order does not matter
      few.removeLast()
    }
  }
}

/// A finger of the replay loop: its session's number and its key.
@usableFromInline
struct _EngineFinger: Hashable, Sendable {
  @usableFromInline var session: Int32
  @usableFromInline var touch: TouchKey

  @inlinable init(_ session: SessionID, _ touch: TouchKey) {
    self.session = session.rawValue
    self.touch = touch
  }
}

extension _FingersDown where Finger == _EngineFinger {
  /// Whether `event` is the `down` of a finger not down while ``limit`` are: one too many.
  @inlinable @inline(__always)
  func refuses(_ event: EngineEvent) -> Bool {
    guard many.count >= Self.limit, case .touch(.down, let touch, _, _) = event.action else {
      return false
    }
    return !many.contains(_EngineFinger(event.session, touch))
  }

  /// Follows an event the replay applied: a `down` adds its finger, an `up` or a `cancel`
  /// removes it.
  @inlinable @inline(__always)
  mutating func follow(_ event: EngineEvent) {
    guard case .touch(let phase, let touch, _, _) = event.action, phase != .move else { return }
    follow(isDown: phase == .down, _EngineFinger(event.session, touch))
  }
}
