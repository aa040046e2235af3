import PageTrace

extension EngineEvent {
  /// The number of the event's string touch id, 0 if it has none: how the readers and the
  /// replay loops tell an event that names a new or reused finger. (Inlinable, for the loop
  /// compiled in other modules, `TraceReplay._plainEventLines`.)
  @inlinable @inline(__always)
  var _stringTouchNumber: Int {
    if case .touch(_, .name(let number), _, _) = action { Int(number) } else { 0 }
  }
}
