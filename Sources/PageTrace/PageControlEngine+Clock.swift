// The live clock across sessions (docs/behaviour/time.md, "Live use: the clock").

extension PageControlEngine {
  /// When any session next has time-driven work to do, or `nil` when none has.
  ///
  /// The earliest ``PageControl/nextDueTime`` over every session; it looks at each session,
  /// so it costs time in proportion to their number. A live app sets its one timer for
  /// this time and calls ``advance(to:emit:)`` when it fires.
  ///
  /// ```swift
  /// var engine = try PageControlEngine(configuration)
  /// try engine.handle(PageControlEvent(time: 0, .touch(.down, id: 1, x: 187, y: 795))) { _ in }
  /// engine.nextDueTime  // when the held finger would begin a scrub
  /// ```
  public var nextDueTime: Double? {
    let (_, due) = _earliestDue()
    return due.isFinite ? due : nil
  }

  /// When a session next has time-driven work to do; `nil` when it has none or has had no
  /// event.
  public func nextDueTime(for session: SessionID) -> Double? {
    control(for: session)?.nextDueTime
  }

  /// When a session named in ``PageControlEvent``s next has time-driven work to do; `nil`
  /// when it has none or has had no event.
  public func nextDueTime(forSession session: String?) -> Double? {
    control(forSession: session)?.nextDueTime
  }

  /// Performs everything due at or before `time` in every session, as each session's next
  /// event at `time` would, and calls `emit` with each record, named by its session.
  ///
  /// Records come in time order across sessions; work due at the same instant in several
  /// sessions comes in the order the sessions were created. Within each session the records
  /// are exactly those replay writes, wherever the calls fall between its events
  /// (``PageControl/advance(to:emit:)``). Afterwards every session's time is at least
  /// `time`. It looks at every session for each instant with due work.
  ///
  /// ```swift
  /// // In a live app's timer:
  /// try engine.advance(to: now) { record in print(record) }
  /// ```
  ///
  /// - Throws: ``PageControlError/nonFiniteValue(field:)`` for a time that is not finite, and
  ///   ``PageControlError/valueOutOfRange(field:)`` when a session's wrapping timer would fire
  ///   more than ``PageControl/maximumTimerAdvancesPerEvent`` times; nothing was emitted then.
  public mutating func advance(
    to time: Double, emit: (PageControlRecord) -> Void
  ) throws(PageControlError) {
    try _advance(to: time) { control, due throws(PageControlError) in
      try control.advance(to: due, emit: emit)
    }
  }

  /// ``advance(to:emit:)`` in the flat form: the records come as ``EngineRecord``s.
  public mutating func advanceRecords(
    to time: Double, emit: (EngineRecord) -> Void
  ) throws(PageControlError) {
    try _advance(to: time) { control, due throws(PageControlError) in
      try control.advanceRecords(to: due, emit: emit)
    }
  }

  /// Advances the session with the earliest due work to that instant, until none is due at or
  /// before `time`, then brings every session's time to `time`.
  private mutating func _advance(
    to time: Double, _ advanceControl: (inout PageControl, Double) throws(PageControlError) -> Void
  ) throws(PageControlError) {
    guard time.isFinite else { throw .nonFiniteValue(field: "t") }
    // Every session's bound first, so that a refusal emits nothing.
    for slot in 0..<_slotCount {
      if _timerFallsTooFarBehind(atSlot: slot, at: time) { throw .valueOutOfRange(field: "t") }
    }
    while true {
      let (slot, due) = _earliestDue()
      guard slot >= 0, due <= time else { break }
      try _withControl(atSlot: slot) { control throws(PageControlError) in
        try advanceControl(&control, due)
      }
    }
    for slot in 0..<_slotCount {
      try _withControl(atSlot: slot) { control throws(PageControlError) in
        try advanceControl(&control, time)  // nothing is due: it only moves the time on
      }
    }
  }

  /// The slot of the session with the earliest due work (the first on a tie), and that time;
  /// `(-1, infinity)` when nothing is pending.
  private func _earliestDue() -> (slot: Int, due: Double) {
    var earliest = (slot: -1, due: Double.infinity)
    for slot in 0..<_slotCount {
      let due = _nextDue(atSlot: slot)
      if due < earliest.due { earliest = (slot, due) }
    }
    return earliest
  }
}
