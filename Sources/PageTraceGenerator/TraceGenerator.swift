import PageTrace

/// Writes realistic traces deterministically: taps, holds, scrubs with samples 8–17 ms apart,
/// flicks, content swipes, pointer clicks, keys and accessibility actions, over any number
/// of interleaved sessions.
///
/// The same options give the same events, event for event, on every machine. Sessions take
/// turns by their own clocks (the session whose clock is earliest performs its next
/// gesture), so time never decreases within a session. A session costs nothing until its
/// first gesture: any number of sessions may be asked for (up to `Int.max`), and memory and
/// time follow the sessions that perform, at most one per gesture.
///
/// ```swift
/// var generator = TraceGenerator(.init(events: 1_000, seed: 7, sessions: 3))
/// var engine = try PageControlEngine(generator.configuration)
/// while let event = generator.next() {
///   try engine.handle(event) { print($0) }
/// }
/// ```
///
/// The same events come in the engine's fast form, ``PageTrace/EngineEvent``s, from
/// ``nextEngineEvent()`` or ``engineEvents``: sessions are numbered from 1 in order of first
/// appearance (session `s0` is `SessionID(1)`, as ``PageTrace/EventNumbering`` numbers them), and with
/// one session every event is of ``PageTrace/SessionID/defaultSession``; touch ids are numbers.
///
/// ```swift
/// var generator = TraceGenerator(.init(events: 1_000_000, seed: 7, sessions: 3))
/// var engine = try PageControlEngine(generator.configuration)
/// while let event = generator.nextEngineEvent() {
///   try engine.handle(event) { (record: EngineRecord) in _ = record }
/// }
/// generator.name(of: SessionID(1))  // "s0"
/// ```
public struct TraceGenerator: IteratorProtocol, Sequence, Sendable {
  /// What to generate.
  public struct Options: Sendable, Hashable {
    /// How many events in all.
    public var events: Int
    /// The random seed.
    public var seed: UInt64
    /// How many sessions; with one, events carry no session.
    public var sessions: Int
    /// The number of pages of every control.
    public var pages: Int

    /// Creates options.
    public init(events: Int, seed: UInt64, sessions: Int = 1, pages: Int = 8) {
      self.events = Swift.max(events, 0)
      self.seed = seed
      self.sessions = Swift.max(sessions, 1)
      self.pages = Swift.min(Swift.max(pages, 0), PageControlConfiguration.maximumPages)
    }
  }

  /// The options in use.
  public let options: Options
  /// The configuration of the traced control: a 390 × 30 pt control at the bottom of a
  /// 390 × 844 pt screen of paged content.
  public let configuration: PageControlConfiguration

  private var random: SplitMix64
  /// Per session that has performed: its clock and whether it has focus. Sessions start in
  /// order (session `n`'s first clock, `n × 0.013`, is later than every earlier one's), so
  /// these are the sessions `0 ..< clocks.count`.
  private var clocks: [Double] = []
  private var focused: [Bool] = []
  /// The sessions that have performed, by clock then number: the next to perform is the
  /// least of its first and the next session not started yet.
  private var turns = _Turns()
  /// The name of the session performing, `nil` with one session.
  private var sessionName: String?
  /// The number of the session performing (``PageTrace/SessionID/defaultSession`` with one session).
  private var sessionID = SessionID.defaultSession
  /// The events of the gesture in progress, handed out one by one.
  private var pending: [EngineEvent] = []
  /// The names of string touch ids: none, as every touch id is a number.
  private let touchNames = _NameTable()
  private var pendingIndex = 0
  private var emitted = 0

  /// Creates a generator.
  public init(_ options: Options) {
    self.options = options
    var configuration = PageControlConfiguration(
      pages: options.pages, control: Rect(x: 0, y: 780, width: 390, height: 30))
    configuration.container = Rect(x: 0, y: 0, width: 390, height: 844)
    self.configuration = configuration
    random = SplitMix64(seed: options.seed)
    pending.reserveCapacity(512)
  }

  /// The next event, or `nil` after ``Options/events`` events.
  public mutating func next() -> PageControlEvent? {
    guard let event = nextEngineEvent() else { return nil }
    return PageControlEvent(event, session: sessionName, touchNames: touchNames)
  }

  /// The next event in the engine's fast form, or `nil` after ``Options/events`` events: the
  /// event ``next()`` would give, its session numbered (``name(of:)`` names it). Handing one
  /// out allocates nothing.
  ///
  /// ```swift
  /// var generator = TraceGenerator(.init(events: 2, seed: 1, sessions: 2))
  /// let event = generator.nextEngineEvent()!
  /// generator.name(of: event.session)  // "s0"
  /// ```
  public mutating func nextEngineEvent() -> EngineEvent? {
    guard emitted < options.events else { return nil }
    while pendingIndex == pending.count {
      pending.removeAll(keepingCapacity: true)
      pendingIndex = 0
      performGesture()
    }
    emitted += 1
    pendingIndex += 1
    return pending[pendingIndex - 1]
  }

  /// The name of a session of the generated events: `s0` for `SessionID(1)`, `s1` for
  /// `SessionID(2)`, …; `nil` for ``PageTrace/SessionID/defaultSession`` (the one session of a trace of
  /// one session) and for numbers below it.
  public func name(of session: SessionID) -> String? {
    session.rawValue > 0 ? "s\(session.rawValue - 1)" : nil
  }

  /// The rest of the events in the engine's fast form (``nextEngineEvent()``), from a copy of
  /// this generator.
  ///
  /// ```swift
  /// let generator = TraceGenerator(.init(events: 100, seed: 7))
  /// for event in generator.engineEvents { print(event.time) }
  /// ```
  public var engineEvents: EngineEvents { EngineEvents(generator: self) }

  /// A generator's events in the engine's fast form (``TraceGenerator/engineEvents``).
  public struct EngineEvents: IteratorProtocol, Sequence, Sendable {
    private var generator: TraceGenerator

    init(generator: TraceGenerator) { self.generator = generator }

    /// The next event, or `nil` at the end (``TraceGenerator/nextEngineEvent()``).
    public mutating func next() -> EngineEvent? { generator.nextEngineEvent() }

    /// The name of a session of the events (``TraceGenerator/name(of:)``).
    public func name(of session: SessionID) -> String? { generator.name(of: session) }
  }

  // MARK: Gestures

  private var session = 0
  private var t = 0.0

  private mutating func emit(_ action: PageControlEvent.Action) {
    let action: EngineEvent.Action =
      switch action {
      case .touch(let phase, .number(let id), let x, let y):
        .touch(phase, id: .number(id), x: x, y: y)
      case .touch: preconditionFailure("the generator's touch ids are numbers")
      case .pointer(let phase, let x, let y): .pointer(phase, x: x, y: y)
      case .key(let key): .key(key)
      case .focus(let isOnControl): .focus(isOnControl)
      case .accessibility(let action): .accessibility(action)
      case .set(let change): .set(change)
      }
    pending.append(EngineEvent(time: t, session: sessionID, action))
  }

  /// The session with the earliest clock performs one gesture, then rests 0.2–2 s.
  private mutating func performGesture() {
    // The earliest clock, the lowest session number on a tie.
    let fresh = clocks.count
    let freshClock = fresh < options.sessions ? Double(fresh) * 0.013 : Double.infinity
    if let first = turns.first, (first.clock, first.session) < (freshClock, fresh) {
      session = first.session
      turns.removeFirst()
    } else {
      session = fresh
      clocks.append(freshClock)
      focused.append(false)
    }
    sessionName = options.sessions == 1 ? nil : "s\(session)"
    // Sessions start in number order, so session `n` is the `n + 1`th name to appear.
    sessionID = options.sessions == 1 ? .defaultSession : SessionID(Int32(session + 1))
    t = clocks[session]
    let roll = random.uniform(0...1)
    switch roll {
    case ..<0.28: tap()
    case ..<0.33: hold()
    case ..<0.53: scrub(fast: false)
    case ..<0.61: scrub(fast: true)
    case ..<0.81: contentSwipe()
    case ..<0.87: pointerClick()
    case ..<0.93: keys()
    case ..<0.98: accessibility()
    default: programmatic()
    }
    clocks[session] = t + random.uniform(0.2...2)
    turns.insert(clock: clocks[session], session: session)
  }

  /// Samples 8–17 ms apart.
  private mutating func tick() { t += random.uniform(0.008...0.017) }

  private mutating func dotX() -> Double {
    let visible = Swift.min(Swift.max(options.pages, 1), 22)
    let slot = random.integer(0...(visible - 1))
    let centre = 195 + (Double(slot) - Double(visible - 1) / 2) * 16
    return centre + random.uniform(-6...6)
  }

  private mutating func nextTouchID() -> TouchID { .number(Double(random.integer(1...4))) }

  private mutating func tap() {
    let id = nextTouchID()
    let x = dotX()
    let y = random.uniform(785...805)
    emit(.touch(.down, id: id, x: x, y: y))
    t += random.uniform(0.04...0.12)
    emit(.touch(.up, id: id, x: x + random.uniform(-3...3), y: y + random.uniform(-3...3)))
  }

  private mutating func hold() {
    let id = nextTouchID()
    var x = dotX()
    let y = random.uniform(785...805)
    emit(.touch(.down, id: id, x: x, y: y))
    let end = t + random.uniform(0.2...0.6)
    while t < end {
      tick()
      x += random.uniform(-1...1)
      emit(.touch(.move, id: id, x: x, y: y))
    }
    t += random.uniform(0...0.05)
    emit(.touch(.up, id: id, x: x, y: y))
  }

  /// A drag along the control: slow ones rest before lifting, fast ones flick.
  private mutating func scrub(fast: Bool) {
    let id = nextTouchID()
    var x = dotX()
    let y = random.uniform(785...805)
    emit(.touch(.down, id: id, x: x, y: y))
    let distance = random.uniform(20...(fast ? 160 : 240)) * (random.chance(0.5) ? 1 : -1)
    let duration = fast ? random.uniform(0.06...0.15) : random.uniform(0.25...1.5)
    let samples = Swift.max(Int(duration / 0.0125), 2)
    let step = distance / Double(samples)
    for _ in 0..<samples {
      tick()
      x += step + random.uniform(-0.5...0.5)
      emit(.touch(.move, id: id, x: x, y: y + random.uniform(-2...2)))
    }
    if !fast { t += random.uniform(0.05...0.2) }  // a rest: no flick
    t += 0.004
    if random.chance(0.03) {
      emit(.touch(.cancel, id: id, x: nil, y: nil))
    } else {
      emit(.touch(.up, id: id, x: x, y: y))
    }
  }

  private mutating func contentSwipe() {
    let id = nextTouchID()
    var x = random.uniform(40...350)
    var y = random.uniform(150...650)
    emit(.touch(.down, id: id, x: x, y: y))
    let distance = random.uniform(40...300) * (random.chance(0.5) ? 1 : -1)
    let samples = random.integer(5...20)
    for _ in 0..<samples {
      tick()
      x += distance / Double(samples)
      y += random.uniform(-3...3)
      emit(.touch(.move, id: id, x: x, y: y))
    }
    t += 0.004
    emit(.touch(.up, id: id, x: x, y: y))
  }

  private mutating func pointerClick() {
    var x = random.uniform(100...300)
    for _ in 0..<random.integer(1...4) {
      tick()
      x += random.uniform(-10...10)
      emit(.pointer(.hover, x: x, y: random.uniform(760...820)))
    }
    let target = dotX()
    tick()
    emit(.pointer(.down, x: target, y: 795))
    t += random.uniform(0.05...0.1)
    emit(.pointer(.up, x: target, y: 795))
  }

  private mutating func keys() {
    if !focused[session] {
      emit(.key(.tab))
      focused[session] = true
    }
    let choices: [Key] = [.left, .right, .right, .up, .down, .space, .home, .end]
    for _ in 0..<random.integer(1...4) {
      t += random.uniform(0.1...0.4)
      emit(.key(choices[random.integer(0...(choices.count - 1))]))
    }
    if random.chance(0.3) {
      t += 0.1
      emit(.focus(false))
      focused[session] = false
    }
  }

  private mutating func accessibility() {
    let actions = AccessibilityAction.allCases
    for _ in 0..<random.integer(1...3) {
      t += random.uniform(0.3...0.8)
      emit(.accessibility(actions[random.integer(0...(actions.count - 1))]))
    }
  }

  private mutating func programmatic() {
    emit(.set(ProgrammaticChange(current: random.integer(0...Swift.max(options.pages - 1, 0)))))
  }
}

/// A binary min-heap of sessions by clock, then number: whose turn it is.
struct _Turns: Sendable {
  private var entries: [(clock: Double, session: Int)] = []

  /// The session with the earliest clock (the lowest number on a tie).
  var first: (clock: Double, session: Int)? { entries.first }

  mutating func insert(clock: Double, session: Int) {
    entries.append((clock, session))
    var child = entries.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.less(entries[child], entries[parent]) else { break }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  mutating func removeFirst() {
    let last = entries.removeLast()
    guard !entries.isEmpty else { return }
    entries[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < entries.count else { break }
      var least = left
      if left + 1 < entries.count && Self.less(entries[left + 1], entries[left]) {
        least = left + 1
      }
      guard Self.less(entries[least], entries[parent]) else { break }
      entries.swapAt(least, parent)
      parent = least
    }
  }

  private static func less(
    _ a: (clock: Double, session: Int), _ b: (clock: Double, session: Int)
  ) -> Bool {
    a.clock < b.clock || (a.clock == b.clock && a.session < b.session)
  }
}
