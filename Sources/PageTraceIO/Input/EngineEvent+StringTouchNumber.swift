import PageTrace

extension EngineEvent {
  /// The number of the event's string touch id, 0 if it has none: how the readers and the
  /// replay loop tells an event that names a new or reused finger. (Inlinable, for the loop's
  /// fast path compiled in other modules, ``ReplayLoop/plainEvents(_:_:read:reusedTouch:)``.)
  @inlinable @inline(__always)
  var _stringTouchNumber: Int {
    if case .touch(_, .name(let number), _, _) = action { Int(number) } else { 0 }
  }
}
