/// Replays a stream of events for any number of independent sessions (docs/behaviour/trace-format.md,
/// "Sessions").
///
/// Each session is its own ``PageControl`` with the shared configuration, created at the
/// session's first event. Memory grows with the number of sessions, never with the number
/// of events, and handling an event allocates nothing.
///
/// It takes events in two forms; give one engine one of them. ``EngineEvent``s, which trace
/// readers decode into, carry their session as a number that indexes the engine's controls
/// directly, and their records come back as ``EngineRecord``s: nothing is hashed or retained
/// per event. ``PageControlEvent``s carry session names; the engine numbers them itself and
/// names every ``PageControlRecord``.
///
/// ```swift
/// var configuration = PageControlConfiguration(
///   pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))
/// var engine = try PageControlEngine(configuration)
/// for event in events {
///   try engine.handle(event) { record in print(record) }
/// }
///
/// // Or, for tests and scripts:
/// var fresh = try PageControlEngine(configuration)
/// let records = try fresh.records(for: events)
/// ```
public struct PageControlEngine: Sendable {
  /// The configuration every session starts from.
  public let configuration: PageControlConfiguration
  /// Every session's control, in order of creation; but the recent session's is `recent`,
  /// and its slot holds a spare control instead.
  private var controls: [PageControl] = []
  /// By ``SessionID/index``: the session's index in `controls`, or -1 if it has none yet.
  private var controlIndex: [Int32] = []
  /// The session of the latest event and its index in `controls` (-1 before the first
  /// event): consecutive events usually share a session, so most events skip the lookup.
  @usableFromInline var recentSession = SessionID.defaultSession
  @usableFromInline var recentIndex = -1
  /// The control of the recent session (the spare before the first event).
  ///
  /// It is kept out of `controls` so that an event mutates it in place: an element of the
  /// array would cost a uniqueness check of its buffer and a bounds check per event. A
  /// change of session swaps it with the spare in its slot and the next session's control
  /// with the spare (two swaps of the bytes, nothing retained).
  @usableFromInline var recent: PageControl
  /// The numbers of the session names and string touch ids of ``PageControlEvent``s.
  private var numbering = EventNumbering()

  /// The most sessions one engine keeps; an event of a session beyond it is rejected with
  /// ``PageControlError/tooManySessions(limit:)``. A session takes about 1.4 KB of the engine
  /// (the control's velocity samples, kept in place, are 512 bytes of it), and about 1.9 KB
  /// of a whole replay with its names and observers, so the default, 100,000, bounds a replay
  /// to roughly 190 MB whatever the trace (Benchmarks/RESULTS.md, "Memory").
  public let maximumSessions: Int

  /// The default ``maximumSessions``.
  public static let defaultMaximumSessions = 100_000

  /// Creates an engine with no sessions yet.
  ///
  /// - Throws: ``PageControlError/invalidConfiguration(_:)`` if a value is out of range.
  public init(
    _ configuration: PageControlConfiguration, maximumSessions: Int = defaultMaximumSessions
  ) throws(PageControlError) {
    try configuration.validate()
    self.configuration = configuration
    self.maximumSessions = max(maximumSessions, 1)
    recent = PageControl(validated: configuration, session: nil, id: .defaultSession)
  }

  /// The number of sessions seen so far.
  public var sessionCount: Int { controls.count }

  /// The control of a session, if it has had an event.
  public func control(for session: SessionID) -> PageControl? {
    let index = session.index
    guard index >= 0, index < controlIndex.count, controlIndex[index] >= 0 else { return nil }
    let slot = Int(controlIndex[index])
    return slot == recentIndex ? recent : controls[slot]
  }

  /// The finger a session's control follows (``PageControl/trackedTouch``), read in place:
  /// unlike ``control(for:)`` it copies no control, so the replay loop can ask after every
  /// event. `mutating` only so that the loop, which holds the engine in an optional, reads it
  /// through `engine!` without copying the engine (it changes nothing).
  ///
  /// Inlinable, for the replay loop's step in other modules (`ReplayLane.step`), which asks
  /// for the session of the event just handled, the recent one: read without the lookup and
  /// without a call.
  @inlinable
  package mutating func trackedTouch(for session: SessionID) -> TouchKey? {
    if session == recentSession && recentIndex >= 0 { return recent.trackedTouch }
    return _trackedTouch(for: session)
  }

  /// ``trackedTouch(for:)`` through the session's slot.
  @usableFromInline
  mutating func _trackedTouch(for session: SessionID) -> TouchKey? {
    let index = session.index
    guard index >= 0, index < controlIndex.count, controlIndex[index] >= 0 else { return nil }
    let slot = Int(controlIndex[index])
    return slot == recentIndex ? recent.trackedTouch : controls[slot].trackedTouch
  }

  /// The control of a session named in ``PageControlEvent``s, if it has had an event.
  public func control(forSession session: String?) -> PageControl? {
    guard let session else { return control(for: .defaultSession) }
    return numbering.existingNumber(session: session).flatMap { control(for: $0) }
  }

  /// Applies one event to its session, calling `emit` for every record in order.
  ///
  /// - Returns: Whether a rule used the event (see ``PageControl/handle(_:emit:)-(EngineEvent,_)``).
  /// - Throws: ``PageControlError`` if the event breaks the contract; nothing was emitted
  ///   for it and its session is unchanged.
  @discardableResult @inlinable
  public mutating func handle(
    _ event: EngineEvent, emit: (EngineRecord) -> Void
  ) throws(PageControlError) -> Bool {
    // Inlinable so that a caller in another module (a trace reader's replay loop) calls the
    // recent control directly.
    if event.session != recentSession || recentIndex < 0 { try select(event, name: nil) }
    return try recent.handle(event, emit: emit)
  }

  /// Applies one event given in the friendly form, numbering its session name and string
  /// touch id, and names every record by its session.
  @discardableResult
  public mutating func handle(
    _ event: PageControlEvent, emit: (PageControlRecord) -> Void
  ) throws(PageControlError) -> Bool {
    let name = event.session
    let flat = numbering.number(event)
    if flat.session != recentSession || recentIndex < 0 { try select(flat, name: name) }
    return try recent.handle(flat) { emit($0.named(name)) }
  }

  /// Replays a sequence of events and returns every record.
  public mutating func records(
    for events: some Sequence<PageControlEvent>
  ) throws(PageControlError) -> [PageControlRecord] {
    var records: [PageControlRecord] = []
    for event in events {
      try handle(event) { records.append($0) }
    }
    return records
  }

  /// Makes the event's session the recent one, creating its control if the event is valid.
  @usableFromInline mutating func select(_ event: EngineEvent, name: String?)
    throws(PageControlError)
  {
    let session = event.session
    let index = session.index
    if index < controlIndex.count, controlIndex[index] >= 0 {
      let slot = Int(controlIndex[index])
      putBackRecent()
      swap(&recent, &controls[slot])
      recentIndex = slot
    } else {
      try PageControl.validateFields(of: event)  // a rejected event creates no session
      guard controls.count < maximumSessions else {
        throw .tooManySessions(limit: maximumSessions)
      }
      precondition(index >= 0, "session numbers are not negative")
      if index >= controlIndex.count {
        controlIndex.append(contentsOf: repeatElement(-1, count: index + 1 - controlIndex.count))
      }
      putBackRecent()
      recentIndex = controls.count
      controls.append(recent)  // the spare
      recent = PageControl(validated: configuration, session: name, id: session)
      controlIndex[index] = Int32(recentIndex)
    }
    recentSession = session
  }

  /// The number of sessions' slots (``sessionCount``), for the clock's walks over every session.
  var _slotCount: Int { controls.count }

  /// When the control of a slot next has work due (``PageControl/nextDue``), read in place.
  func _nextDue(atSlot slot: Int) -> Double {
    slot == recentIndex ? recent.nextDue : controls[slot].nextDue
  }

  /// Whether advancing the control of a slot to `time` would fire its wrapping timer too
  /// often (the bound every event meets, ``PageControl/maximumTimerAdvancesPerEvent``).
  func _timerFallsTooFarBehind(atSlot slot: Int, at time: Double) -> Bool {
    let control = slot == recentIndex ? recent : controls[slot]
    return time - control.timer.due > control.timerCatchUpLimit
  }

  /// Runs `body` on the control of a slot, in place.
  mutating func _withControl(
    atSlot slot: Int, _ body: (inout PageControl) throws(PageControlError) -> Void
  ) throws(PageControlError) {
    if slot == recentIndex { try body(&recent) } else { try body(&controls[slot]) }
  }

  /// Returns the recent control to its slot and the spare to `recent`.
  private mutating func putBackRecent() {
    if recentIndex >= 0 { swap(&recent, &controls[recentIndex]) }
  }
}
