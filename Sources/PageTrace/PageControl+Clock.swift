// The live clock: due work without an event (docs/behaviour/time.md, "Live use: the clock").

extension PageControl {
  /// When the control next has time-driven work to do, or `nil` when nothing is pending.
  ///
  /// Time-driven work is what falls due between events: a held finger's scrub begin, the
  /// next scrub step, the discrete state's return to `none`, and the auto-advance timer
  /// (docs/behaviour/time.md, "Due work"). A replay meets it when the session's next event arrives;
  /// a live app, which has no next event to wait for, sets a timer for this time and calls
  /// ``advance(to:emit:)`` when it fires.
  ///
  /// ```swift
  /// var control = try PageControl(configuration)
  /// try control.handle(PageControlEvent(time: 0, .touch(.down, id: 1, x: 187, y: 795))) { _ in }
  /// control.nextDueTime  // the scrub begin, if the finger is still down then
  /// ```
  public var nextDueTime: Double? {
    let due = nextDue
    return due.isFinite ? due : nil
  }

  /// Performs everything due at or before `time`, exactly as an event at `time` would before
  /// it is applied, and calls `emit` with each record, stamped with its own due time.
  ///
  /// Calling it between events changes no record: the records of a trace are the same
  /// whether or not `advance` was called in between, and at whatever times. A time at or
  /// before the latest event or advance does nothing, and so does any time before the
  /// control's first event (nothing can be due yet). Afterwards the control's time is `time`:
  /// an event before it is rejected with ``PageControlError/timeWentBackwards(previous:found:)``.
  ///
  /// A file replay never calls it: nothing is written after a session's last event
  /// (docs/behaviour/time.md, "After the last event"). A live app calls it at ``nextDueTime``.
  ///
  /// ```swift
  /// if let due = control.nextDueTime, due <= now {
  ///   try control.advance(to: now) { record in print(record) }
  /// }
  /// ```
  ///
  /// - Throws: ``PageControlError/nonFiniteValue(field:)`` for a time that is not finite, and
  ///   ``PageControlError/valueOutOfRange(field:)`` when a wrapping timer would fire more than
  ///   ``maximumTimerAdvancesPerEvent`` times; nothing was emitted then.
  public mutating func advance(
    to time: Double, emit: (PageControlRecord) -> Void
  ) throws(PageControlError) {
    let name = session
    try advanceRecords(to: time) { emit($0.named(name)) }
  }

  /// ``advance(to:emit:)`` in the flat form: the records come as ``EngineRecord``s.
  public mutating func advanceRecords(
    to time: Double, emit: (EngineRecord) -> Void
  ) throws(PageControlError) {
    guard time.isFinite else { throw .nonFiniteValue(field: "t") }
    // Before the first event the timer has not started and nothing else can be pending.
    guard lastTime > -.infinity, time > lastTime else { return }
    guard time - timer.due <= timerCatchUpLimit else { throw .valueOutOfRange(field: "t") }
    lastTime = time
    catchUp(to: time, emit)
  }
}
