/// One page control replayed in virtual time: the reducer of the rules (docs/behaviour/profiles.md,
/// "Profiles") for one session.
///
/// Feed it events in time order; it calls `emit` with every record they cause, including
/// the time-driven ones that fall due between events (scrub steps, the discrete-state reset,
/// timer advances), each stamped with its own due time. It never reads a clock and never
/// allocates per event.
///
/// ```swift
/// var control = try PageControl(configuration)
/// try control.handle(PageControlEvent(time: 0, .touch(.down, id: 1, x: 187, y: 795))) { _ in }
/// try control.handle(PageControlEvent(time: 0.05, .touch(.up, id: 1, x: 187, y: 795))) {
///   print($0)  // a tap transition 0 → 1 at t = 0.05, then interaction "discrete"
/// }
/// control.currentPage  // 1
/// ```
///
/// Use ``PageControlEngine`` for a stream that interleaves several sessions.
public struct PageControl: Sendable {
  /// The configuration the control started from.
  public let configuration: PageControlConfiguration
  /// The session name written on every ``PageControlRecord`` (`nil` for the default session,
  /// and for controls an engine made for an ``EngineEvent``, which knows only its number).
  public let session: String?
  /// The session number written on every ``EngineRecord``.
  public let sessionID: SessionID

  /// The number of pages now; `nil` while the page index is unbounded (content mode without
  /// `pages`, until a `set` gives a count).
  public internal(set) var pageCount: Int?
  /// The page shown now.
  public internal(set) var currentPage: Int
  /// The interaction state now.
  public internal(set) var interaction: InteractionState = .none
  /// Whether the background platter is visible now.
  public internal(set) var isBackgroundVisible: Bool
  /// Whether the control accepts input now (`set` may change it).
  public internal(set) var isEnabled: Bool
  /// Whether touches that go down from now on may scrub.
  public internal(set) var allowsContinuousInteraction: Bool
  /// The background style now.
  public internal(set) var style: BackgroundStyle
  /// Whether the control has keyboard focus.
  public internal(set) var hasFocus = false
  /// The dots and their visible window.
  public internal(set) var layout: IndicatorLayout

  /// The time of the latest event, `-infinity` before the first.
  var lastTime = -Double.infinity
  /// When the discrete state returns to `none` if it is `discrete`; `infinity` otherwise.
  var resetDue = Double.infinity
  var timer: _TimerState
  /// `@usableFromInline` for ``trackedTouch``, inlined into the replay loop's step.
  @usableFromInline var contact = _Contact()
  var scrub = _Scrub()
  var lastTap: _TapMemory?
  /// Derived once from the configuration: the control's leading and trailing edges in forward
  /// coordinates (``LayoutDirection/_edges(of:)``), and the scrub step interval `1/fps`.
  let controlStart: Double
  let controlEnd: Double
  let frameInterval: Double
  /// How far past its due time an event may come while a wrapping timer runs: the timer
  /// would otherwise fire without bound (``maximumTimerAdvancesPerEvent``); `infinity`
  /// when the timer cannot wrap (it stops after at most `pages` advances).
  let timerCatchUpLimit: Double

  /// The most timer advances between two events of a session. A wrapping 1 ms timer and a
  /// gap of a day would write 86 million records; such an event is rejected instead
  /// (``PageControlError/valueOutOfRange(field:)`` for `t`).
  public static let maximumTimerAdvancesPerEvent = 1_000_000

  /// Creates a control from a validated configuration.
  ///
  /// - Throws: ``PageControlError/invalidConfiguration(_:)`` if a value is out of range.
  public init(_ configuration: PageControlConfiguration, session: String? = nil)
    throws(PageControlError)
  {
    try configuration.validate()
    self.init(validated: configuration, session: session, id: .defaultSession)
  }

  init(validated configuration: PageControlConfiguration, session: String?, id: SessionID) {
    self.configuration = configuration
    self.session = session
    self.sessionID = id
    pageCount = configuration.pages
    currentPage = configuration.startingPage
    isEnabled = configuration.enabled
    allowsContinuousInteraction = configuration.continuous
    style = configuration.style
    isBackgroundVisible = configuration.style == .prominent
    timer = configuration.progress == nil ? .off : .notStarted
    (controlStart, controlEnd) = configuration.direction._edges(
      of: configuration.control ?? ._empty)
    frameInterval = 1 / configuration.fps
    if let progress = configuration.progress,
      progress.resetsToInitialPageAfterEnd || configuration.pages == nil
    {
      let shortest = ([progress.duration] + progress.pageDurations.values).min()!
      timerCatchUpLimit = shortest * Double(Self.maximumTimerAdvancesPerEvent)
    } else {
      timerCatchUpLimit = .infinity
    }
    layout = IndicatorLayout(pages: 0, length: 0, pitch: 1, padding: 0)
    relayout()
  }

  /// Whether the control takes input: enabled, and not hidden for a single page (docs/behaviour/contacts-and-taps.md,
  /// "Disabled or hidden").
  public var isInteractive: Bool {
    isEnabled && !(configuration.hidesForSinglePage && (pageCount ?? 2) < 2)
  }

  /// Whether a scrub is in progress.
  public var isScrubbing: Bool { contact.phase == .scrub }

  /// The finger the control follows (docs/behaviour/contacts-and-taps.md, "One tracked contact"): `nil` when it
  /// follows none, or a pointer press. Every transition a touch causes (a tap, scrub steps, a
  /// flick, a swipe) belongs to this finger's stroke.
  ///
  /// Inlinable: `classify` asks after every event, through
  /// `PageControlEngine.trackedTouch(for:)`.
  @inlinable
  public var trackedTouch: TouchKey? {
    guard contact.phase != .idle, case .touch(let key) = contact.source else { return nil }
    return key
  }

  /// String touch ids of the events given as ``PageControlEvent``s, numbered.
  var touchNames = _NameTable()

  /// Applies one event given in the friendly form: ``handle(_:emit:)-(EngineEvent,_)`` after
  /// numbering its string touch id, with records named by ``session``.
  @discardableResult
  public mutating func handle(
    _ event: PageControlEvent, emit: (PageControlRecord) -> Void
  ) throws(PageControlError) -> Bool {
    let flat = EngineEvent(event, session: sessionID, touchNames: &touchNames)
    let name = session
    return try handle(flat) { emit($0.named(name)) }
  }

  /// Applies one event: emits what falls due up to its time, applies it, then emits what
  /// it made due at that same time (docs/behaviour/time.md, "Due work").
  ///
  /// The event's `session` is not consulted; records carry ``session``.
  ///
  /// - Returns: Whether a rule used the event: `false` when it was ignored — a touch outside
  ///   both frames, a finger nobody tracks, a hover, a key without focus, input while
  /// disabled or hidden, keys and actions during a scrub (docs/behaviour/, "Pointer press", "One
  /// tracked contact", "Key directions" and "Disabled or hidden").
  /// - Throws: ``PageControlError`` if the event breaks the contract; the control is then
  ///   unchanged and nothing was emitted.
  @discardableResult @inline(__always)
  public mutating func handle(
    _ event: EngineEvent, emit: (EngineRecord) -> Void
  ) throws(PageControlError) -> Bool {
    // The common case first, without the general path's re-checks: a valid move in time
    // order with nothing due before it (most events are moves during a scrub). `lastTime`
    // is `-infinity` only before the first event and finite after it (the timer has
    // started), so `t >= lastTime > -infinity` and `t < nextDue <= infinity` say that `t` is
    // finite and in order, and that `begin` would only set `lastTime` (the timer is not due,
    // so not too far behind either). Anything else, valid or not, takes the general path,
    // which throws the same errors as before: nothing has changed when it is taken.
    //
    // `!(sum - sum).isNaN` with `sum = x + y` says that both are finite: `sum - sum` is 0
    // for a finite `sum` and NaN otherwise, and `sum` is NaN or infinite when either is. Two
    // finite coordinates whose sum overflows fail it too and take the other paths, which
    // check each. (One branch, where `x - x == y - y`, which says exactly that both are
    // finite, takes two: Benchmarks/HISTORY-2026-11.md, "Issue 24, fourth round: the reducer".)
    if case .touch(.move, let id, let x?, let y?) = event.action, !((x + y) - (x + y)).isNaN,
      event.time >= lastTime
    {
      // The commonest moves first, in forms that call nothing (but for due work after a
      // scrub's move), so that this function saves almost no registers and spills nothing
      // for them: the other events go on to `_handleMove` and `handleInGeneral`.
      let t = event.time
      // `_fastPath`: the scrub's moves are tested first (the phase's three cases were
      // otherwise tested press, drag, scrub).
      if contact.isTouch(id) {
        if _fastPath(contact.phase == .scrub) {
          if sampleScrub(at: t, x: x, y: y) {
            // The move changed no due time but the step's (the reset and the timer are still
            // after `t`), so this is what `catchUp` would check.
            if scrub.stepDue <= t { return try _performDueWorkOfMove(through: t, emit) }
            return true
          }
        } else if samplePress(at: t, x: x, y: y) {
          return true
        }
      }
      return try _handleMove(event, emit: emit)
    }
    return try _handleOther(event, emit: emit)
  }

  /// A move of the finger that scrubs, when nothing is due before `t`, the finger is inside
  /// the control, anchored, and the velocity ring has room: ``scrubMove(x:y:at:)``, which
  /// then calls nothing. Returns `false`, having changed nothing, for any other move.
  ///
  /// The move is the tracked finger's, with finite coordinates, at or after `lastTime`.
  @inline(__always)
  private mutating func sampleScrub(at t: Double, x: Double, y: Double) -> Bool {
    // A scrub begins at an event or after one, so `lastTime > -infinity` holds here.
    // `stepDue` is `nextDue` during a scrub (see `nextDue`).
    guard t < scrub.stepDue, !scrub.isPastEdge, contact.velocity.hasRoom
    else { return false }
    let forward = configuration.direction._forward(x: x, y: y)
    guard forward >= controlStart && forward <= controlEnd else { return false }
    lastTime = t
    (contact.x, contact.y) = (x, y)
    contact.velocity.add(time: t, offset: forward)
    followInsideAnchored(forward, at: t)
    return true
  }

  /// A move of a finger that presses the control or drags the content, when nothing is due
  /// before `t`, the velocity ring has room and the move begins no scrub (the finger has
  /// travelled far already, or not far yet): ``move(x:y:at:_:)``, which then changes no
  /// due time and calls nothing. Returns `false`, having changed nothing, for any other move.
  ///
  /// The move is the tracked finger's, with finite coordinates, at or after `lastTime`.
  @inline(__always)
  private mutating func samplePress(at t: Double, x: Double, y: Double) -> Bool {
    // A contact begins at an event, so `lastTime > -infinity` holds here.
    guard contact.phase == .press || contact.phase == .drag else { return false }
    // `nextDue`: a press that may scrub begins to at its due time (`pressDue`).
    guard t < min(resetDue, timer.due, contact.pressDue), contact.velocity.hasRoom,
      contact.travelledFar
        || !configuration.constants.travelBeginsScrub(contact.travel(toX: x, y: y))
    else { return false }
    lastTime = t
    (contact.x, contact.y) = (x, y)
    contact.velocity.add(time: t, offset: configuration.direction._forward(x: x, y: y))
    return true
  }

  /// ``handle(_:emit:)-(EngineEvent,_)`` for a touch move with finite coordinates, at or after
  /// `lastTime`.
  ///
  /// It takes the event and `emit` alone, as `handle` does, and reads the move's fields again:
  /// with the fields as parameters, `handle` loaded them into the argument registers and so
  /// moved `emit`'s two registers out of their way and back on every event (which cost more
  /// than reading them again here, on the 10% of events that come here).
  @inline(never)
  private mutating func _handleMove(
    _ event: EngineEvent, emit: (EngineRecord) -> Void
  ) throws(PageControlError) -> Bool {
    guard case .touch(.move, let id, let x?, let y?) = event.action else {
      return try handleInGeneral(event, emit: emit)  // not taken: `handle` checked it
    }
    let t = event.time
    if contact.phase == .scrub && contact.isTouch(id) {  // the finger that scrubs
      // A scrub begins at an event or after one, so `lastTime > -infinity` holds here.
      if t < scrub.stepDue {  // `nextDue` during a scrub (see `nextDue`)
        lastTime = t
        scrubMove(x: x, y: y, at: t)
        // The move changed no due time but the step's (the reset and the timer are still
        // after `t`), so this is what `catchUp` would check.
        if scrub.stepDue <= t { performDueWork(through: t, emit) }
        return true
      }
    } else if lastTime > -.infinity, t < nextDue {
      if contact.phase != .idle && contact.isTouch(id) {  // tracked, no scrub
        lastTime = t
        move(x: x, y: y, at: t, emit)
        catchUp(to: t, emit)
        return true
      }
      // A finger nobody tracks, with a valid id (a tracked one's was checked at its `down`;
      // an invalid one takes the general path, which rejects it).
      if case .number(let n) = id, !n.isFinite { return try handleInGeneral(event, emit: emit) }
      lastTime = t
      return false
    }
    return try handleInGeneral(event, emit: emit)
  }

  /// ``handle(_:emit:)-(EngineEvent,_)`` for an event that is no move of the fast paths above:
  /// one in time order with nothing due before it and a valid payload (a touch with a valid
  /// id and finite coordinates, a pointer event with finite coordinates, a key, focus or an
  /// accessibility action) goes straight to its rule; anything else, `set` included, to
  /// ``handleInGeneral(_:emit:)``.
  ///
  /// `lastTime > -infinity` means the first event was applied (so the timer has started), and
  /// `t >= lastTime` with `t < nextDue` means `t` is finite and in order and that `begin` would
  /// only set `lastTime` (the timer is not due, so not too far behind either): what the general
  /// path's validation and `begin` check, for the same result.
  @inline(never)
  private mutating func _handleOther(
    _ event: EngineEvent, emit: (EngineRecord) -> Void
  ) throws(PageControlError) -> Bool {
    let t = event.time
    guard t >= lastTime, lastTime > -.infinity, t < nextDue else {
      return try handleInGeneral(event, emit: emit)
    }
    let applied: Bool
    switch event.action {
    case .touch(let phase, let id, let x?, let y?) where x - x == y - y:
      // A NaN or infinite numeric id is rejected by the general path.
      if case .number(let n) = id, n - n != 0 { return try handleInGeneral(event, emit: emit) }
      lastTime = t
      applied = touch(phase, id: id, x: x, y: y, at: t, emit)
    case .pointer(let phase, let x, let y) where x - x == y - y:
      lastTime = t
      applied = pointer(phase, x: x, y: y, at: t, emit)
    case .key(let key):
      lastTime = t
      applied = press(key, at: t, emit)
    case .focus(let focused):
      lastTime = t
      applied = isInteractive
      if applied { hasFocus = focused }
    case .accessibility(let action):
      lastTime = t
      applied = perform(action, at: t, emit)
    case .touch, .pointer, .set:
      return try handleInGeneral(event, emit: emit)
    }
    catchUp(to: t, emit)
    return applied
  }

  /// ``handle(_:emit:)-(EngineEvent,_)`` for any event, without its fast paths (tests hold
  /// them to it): out of line, so that the common cases above stay small.
  @inline(never)
  mutating func handleInGeneral(
    _ event: EngineEvent, emit: (EngineRecord) -> Void
  ) throws(PageControlError) -> Bool {
    let applied: Bool
    // One switch both validates the payload and applies it; nothing changes until the
    // event is known to be valid (`begin`).
    let t = event.time
    guard t.isFinite else { throw .nonFiniteValue(field: "t") }
    switch event.action {
    case .touch(let phase, let id, let x, let y):
      try Self.validateTouch(phase, id: id, x: x, y: y)
      try begin(at: t, emit)
      applied = touch(phase, id: id, x: x, y: y, at: t, emit)
    case .pointer(let phase, let x, let y):
      try Self.validatePointer(x: x, y: y)
      try begin(at: t, emit)
      applied = pointer(phase, x: x, y: y, at: t, emit)
    case .key(let key):
      try begin(at: t, emit)
      applied = press(key, at: t, emit)
    case .focus(let focused):
      try begin(at: t, emit)
      applied = isInteractive
      if applied { hasFocus = focused }
    case .accessibility(let action):
      try begin(at: t, emit)
      applied = perform(action, at: t, emit)
    case .set(let change):
      try Self.validate(change)
      try begin(at: t, emit)
      apply(change, at: t, emit)
      applied = true
    }
    catchUp(to: t, emit)
    return applied
  }

  /// Checks the time order, then emits what falls due before the event at `t`.
  @inline(__always)
  private mutating func begin(
    at t: Double, _ emit: (EngineRecord) -> Void
  ) throws(PageControlError) {
    guard t >= lastTime else { throw .timeWentBackwards(previous: lastTime, found: t) }
    guard t - timer.due <= timerCatchUpLimit else { throw .valueOutOfRange(field: "t") }
    if timer.phase == .notStarted { timer = .running(due: t + duration(ofPage: currentPage)) }
    lastTime = t
    catchUp(to: t, emit)
  }

  /// The checks that do not depend on the session's state.
  static func validateFields(of event: EngineEvent) throws(PageControlError) {
    guard event.time.isFinite else { throw .nonFiniteValue(field: "t") }
    switch event.action {
    case .touch(let phase, let id, let x, let y):
      try validateTouch(phase, id: id, x: x, y: y)
    case .pointer(_, let x, let y):
      try validatePointer(x: x, y: y)
    case .set(let change):
      try validate(change)
    case .key, .focus, .accessibility:
      break
    }
  }

  private static func validateTouch(
    _ phase: TouchPhase, id: TouchKey, x: Double?, y: Double?
  ) throws(PageControlError) {
    if case .number(let n) = id, !n.isFinite { throw .nonFiniteValue(field: "id") }
    if let x, !x.isFinite { throw .nonFiniteValue(field: "x") }
    if let y, !y.isFinite { throw .nonFiniteValue(field: "y") }
    if phase != .cancel && (x == nil || y == nil) {
      throw .missingField(x == nil ? "x" : "y")
    }
  }

  private static func validatePointer(x: Double, y: Double) throws(PageControlError) {
    if !x.isFinite { throw .nonFiniteValue(field: "x") }
    if !y.isFinite { throw .nonFiniteValue(field: "y") }
  }

  private static func validate(_ change: ProgrammaticChange) throws(PageControlError) {
    if let pages = change.pages, pages > PageControlConfiguration.maximumPages {
      throw .valueOutOfRange(field: "pages")
    }
  }

  /// When the next time-driven work falls due; `infinity` when none is pending.
  ///
  /// A pending scrub begin (a continuous press) and a pending scrub step (a scrub) never
  /// coexist, so the contact has at most one due time.
  ///
  /// During a scrub it is the step's due time alone: the discrete reset and the timer are
  /// never due then. A scrub begins by setting the interaction to `continuous` (which drops a
  /// pending reset) and pausing a running timer, and until it ends nothing sets a reset (keys
  /// and actions are ignored, and a `set` that changes the page ends the scrub first) or runs
  /// the timer (every page change restarts it paused while scrubbing). So the fast paths of a
  /// scrub's moves compare `t` with `scrub.stepDue` alone (not two loads and two `minsd` more);
  /// the differential tests, timer variants included, hold them to the general path, which
  /// takes the minimum of all three.
  ///
  /// The contact's due time is `min(contact.pressDue, scrub.stepDue)`, with no switch on its
  /// phase: `pressDue` is `infinity` but during a press that may scrub, and `stepDue` is
  /// `infinity` but during a scrub (a scrub begins with a fresh `_Scrub` and every end of one
  /// sets it so). (No jump table and no sum for the press: every event that is no scrub's
  /// move computes `nextDue` once or twice; Benchmarks/HISTORY-2026-11.md, "Issue 24, fourth
  /// round: the reducer".)
  var nextDue: Double { min(resetDue, timer.due, min(contact.pressDue, scrub.stepDue)) }

  /// Performs, in time order, everything due at or before `t`.
  @inline(__always)
  mutating func catchUp(to t: Double, _ emit: (EngineRecord) -> Void) {
    if nextDue <= t { performDueWork(through: t, emit) }
  }

  /// ``performDueWork(through:_:)`` after a move that the fast path applied, returning its
  /// result (`true`). Throwing (it never does) and called in tail position, so that
  /// `handle` keeps nothing across the call: otherwise it saved a register and restored the
  /// error register around it on every event.
  @inline(never)
  private mutating func _performDueWorkOfMove(
    through t: Double, _ emit: (EngineRecord) -> Void
  ) throws(PageControlError) -> Bool {
    performDueWork(through: t, emit)
    return true
  }

  /// The loop behind ``catchUp(to:_:)``, out of line: most events have nothing due.
  @inline(never)
  private mutating func performDueWork(through t: Double, _ emit: (EngineRecord) -> Void) {
    while true {
      let reset = resetDue
      let timerDue = timer.due
      let due = nextDue
      guard due <= t else { return }
      // On a tie the earlier kind goes first: reset, timer, then the contact (docs/behaviour/time.md,
      // "Same-instant order").
      if reset == due {
        resetDue = .infinity
        setInteraction(.none, at: due, emit)
      } else if timerDue == due {
        timerFired(at: due, emit)
      } else if contact.phase == .press {
        beginScrub(at: due, emit)
      } else {
        step(at: due, emit)
      }
    }
  }

  // MARK: Shared mechanics

  func record(_ content: PageControlRecord.Content, at t: Double) -> EngineRecord {
    EngineRecord(time: t, session: sessionID, content)
  }

  /// How far either way an unbounded index may go: never reached (one page per event from at
  /// most ``PageControlConfiguration/maximumUnboundedStart``), so no arithmetic can overflow.
  static let unboundedPageLimit = 1 << 62

  var firstPage: Int { pageCount == nil ? -Self.unboundedPageLimit : 0 }

  var lastPage: Int { pageCount.map { max($0 - 1, 0) } ?? Self.unboundedPageLimit }

  func clamped(_ page: Int) -> Int { min(max(page, firstPage), lastPage) }

  /// Whether `page` exists: any page while the index is unbounded.
  func holds(_ page: Int) -> Bool { pageCount.map { page >= 0 && page < $0 } ?? true }

  /// The padding in force: explicit, else 14, or 0 while the style is minimal (docs/behaviour/layout.md,
  /// "Padding").
  var padding: Double { configuration.padding ?? (style == .minimal ? 0 : 14) }

  /// Rebuilds the layout after the page count or padding changed, keeping the window
  /// where it was as far as the current page allows.
  mutating func relayout() {
    let axis = configuration.direction._axis(of: configuration.control ?? ._empty)
    var fresh = IndicatorLayout(
      pages: pageCount ?? 0, length: axis.length, pitch: configuration.pitch, padding: padding,
      windowing: configuration.profile.windowing)
    fresh.windowStart = layout.windowStart
    fresh.reveal(page: currentPage)
    layout = fresh
  }

  /// A point's offset along the forward direction from the control's leading edge.
  func offset(x: Double, y: Double) -> Double {
    configuration.direction._forward(x: x, y: y) - controlStart
  }

  /// Writes the transition from the page shown to `page`, then shows it: the one way every
  /// rule changes the page.
  mutating func transition(
    to page: Int, animated: Bool, interaction: InteractionState, cause: TransitionCause,
    at t: Double, _ emit: (EngineRecord) -> Void
  ) {
    let change = PageTransition(
      from: currentPage, to: page, animated: animated, interaction: interaction, cause: cause)
    emit(record(.transition(change), at: t))
    show(page, at: t)
  }

  /// Shows `page`, moving the window and restarting the timer's count.
  private mutating func show(_ page: Int, at t: Double) {
    currentPage = page
    layout.reveal(page: page)
    timer.pageChanged(at: t, duration: duration(ofPage: page), paused: isScrubbing)
  }

  mutating func setInteraction(
    _ state: InteractionState, at t: Double, _ emit: (EngineRecord) -> Void
  ) {
    if state != .discrete { resetDue = .infinity }
    guard state != interaction else { return }
    interaction = state
    emit(record(.interaction(state), at: t))
  }

  /// Brings the background in line with the style and the scrub state (docs/behaviour/programmatic-changes.md,
  /// "Background").
  mutating func updateBackground(at t: Double, _ emit: (EngineRecord) -> Void) {
    let visible = style == .prominent || (style == .automatic && isScrubbing)
    guard visible != isBackgroundVisible else { return }
    isBackgroundVisible = visible
    emit(record(.background(visible: visible), at: t))
  }

  mutating func announce(at t: Double, _ emit: (EngineRecord) -> Void) {
    guard pageCount != 0 else { return }
    emit(record(.announcement(Announcement(page: currentPage, pageCount: pageCount)), at: t))
  }
}
