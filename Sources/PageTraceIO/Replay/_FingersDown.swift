import PageTrace

/// The fingers down at once, all sessions together, held to ``limit`` as the importers hold
/// theirs: the observers that follow every finger (classification, statistics, diff) keep at
/// most that many open strokes whatever the trace; `convert` keeps the same bound
/// (docs/behaviour/limits.md). `Finger` is a finger's session and id.
///
/// One finger in a plain optional while it is the only one down (most traces), a set while
/// more are: a `down` or an `up` of a lone finger costs a comparison and a store, where the
/// array this replaced cost about 270 instructions each (+6 % an event in binary replay).
@usableFromInline
package struct _FingersDown<Finger: Hashable & Sendable>: Sendable {
  /// The most fingers down at once; a `down` of one more is refused.
  /// (Inlinable, as everything the loop calls: a generic type's member called out of line
  /// costs a metadata lookup.)
  @inlinable package static var limit: Int { 1024 }

  /// The finger down, while it is the only one.
  @usableFromInline var lone: Finger?
  /// The fingers down, while more than one is (then ``lone`` is `nil`).
  @usableFromInline var many: Set<Finger> = []

  @inlinable package init() {}

  /// Whether a `down` of `finger` would be one too many: ``limit`` are down, not it.
  @inlinable @inline(__always)
  package func refusesDown(of finger: @autoclosure () -> Finger) -> Bool {
    many.count >= Self.limit && !many.contains(finger())
  }

  /// Follows a `down` (`isDown`), or an `up` or `cancel`, of `finger`, which was applied.
  @inlinable
  package mutating func follow(isDown: Bool, _ finger: Finger) {
    if isDown {
      if many.isEmpty && (lone == nil || lone == finger) {
        lone = finger
      } else {
        followOther(isDown: true, finger)
      }
    } else if lone == finger {
      lone = nil
    } else if !many.isEmpty {
      followOther(isDown: false, finger)
    }
  }

  /// The set's part of ``follow(isDown:_:)``: out of line, so that the loop stays small.
  @inlinable @inline(never)
  mutating func followOther(isDown: Bool, _ finger: Finger) {
    if isDown {
      if let lone {
        many.insert(lone)
        self.lone = nil
      }
      many.insert(finger)
    } else {
      many.remove(finger)
      if many.count == 1 {
        lone = many.removeFirst()
      }
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
  /// The finger `event` puts down (`isDown`) or lifts, if it is a touch that is not a move.
  @inlinable @inline(__always)
  static func change(_ event: EngineEvent) -> (isDown: Bool, finger: _EngineFinger)? {
    guard case .touch(let phase, let touch, _, _) = event.action, phase != .move else {
      return nil
    }
    return (phase == .down, _EngineFinger(event.session, touch))
  }

  /// Whether `event` is the `down` of a finger not down while ``limit`` are: one too many.
  @inlinable @inline(__always)
  func refuses(_ event: EngineEvent) -> Bool {
    guard many.count >= Self.limit, let change = Self.change(event), change.isDown else {
      return false
    }
    return !many.contains(change.finger)
  }

  /// Follows an event the replay applied: a `down` adds its finger, an `up` or a `cancel`
  /// removes it.
  @inlinable @inline(__always)
  mutating func follow(_ event: EngineEvent) {
    if let change = Self.change(event) { follow(isDown: change.isDown, change.finger) }
  }
}
