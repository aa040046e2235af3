import PageTrace
import PageTraceIO

/// What happened in a replay, in numbers: events, strokes by class, transitions by cause,
/// scrubs, time on each page, announcements.
///
/// Feed it every event and every record of a replay, in order:
///
/// ```swift
/// var statistics = TraceStatistics(configuration)
/// for event in events {
///   statistics.observe(event)
///   try engine.handle(event) { statistics.observe($0) }
/// }
/// statistics.finish()
/// print(statistics.transitionsByCause[.tap, default: 0])
/// ```
///
/// The figures that grow with the trace have summaries: ``scrubSummary`` and
/// ``pageTimeSummary(longest:)``.
public struct TraceStatistics: Sendable {
  /// Events seen.
  public private(set) var events = 0
  /// Touch strokes by class (``StrokeClassifier``); only classes with strokes have a key.
  public var strokes: [StrokeClassifier.Kind: Int] {
    var strokes: [StrokeClassifier.Kind: Int] = [:]
    for kind in StrokeClassifier.Kind.allCases where strokeCounts[kind._index] > 0 {
      strokes[kind] = strokeCounts[kind._index]
    }
    return strokes
  }
  /// Touch strokes by class, at `kind._index`: counted in place, where a dictionary hashed
  /// the kind of every stroke.
  private var strokeCounts = [0, 0, 0, 0, 0]
  /// Transitions by cause.
  public var transitionsByCause: [TransitionCause: Int] {
    var transitions: [TransitionCause: Int] = [:]
    for cause in TransitionCause.allCases where causeCounts[cause._index] > 0 {
      transitions[cause] = causeCounts[cause._index]
    }
    return transitions
  }
  /// Transitions by cause, at `cause._index`: counted in place, where a dictionary hashed the
  /// cause of every transition.
  private var causeCounts = [Int](repeating: 0, count: TransitionCause.allCases.count)
  /// Animated transitions.
  public private(set) var animated = 0
  /// Transitions shown without animation because a scrub was in progress (scrub, jog and
  /// flick steps: each would have animated as a discrete change).
  public private(set) var suppressedAnimations = 0
  /// Scrubs (continuous interactions).
  public private(set) var scrubs = 0
  /// Pages moved per scrub: count, mean, maximum and histogram, kept as each scrub ends
  /// (memory does not grow with the number of scrubs: a sweep keeps one per combination).
  public private(set) var scrubSummary = ScrubSummary()
  /// The most scrub, jog or flick steps within any one second.
  public private(set) var peakPagesPerSecond = 0
  /// Seconds spent on each page, summed over sessions, from each session's first to its last
  /// event; only pages visited have a key (summarised by ``pageTimeSummary(longest:)``).
  public var timeOnPage: [Int: Double] {
    var times = otherPageTimes
    for (page, seconds) in lowPageTimes.enumerated() {
      if let seconds { times[page] = seconds }
    }
    return times
  }
  /// Seconds on pages 0 to `lowPages - 1` by page, `nil` for a page not visited; the other
  /// pages' in ``otherPageTimes``. Each transition adds to the time of a page: in place for
  /// most, where a dictionary hashed the page of every transition.
  private var lowPageTimes: [Double?] = []
  private var otherPageTimes: [Int: Double] = [:]
  /// The pages whose times are kept in ``lowPageTimes``.
  private static let lowPages = 1024
  /// Announcements made.
  public private(set) var announcements = 0
  /// The largest magnitude of an event time: the scale of the sums in ``timeOnPage``.
  public private(set) var largestTime = 0.0

  private var classifier: StrokeClassifier
  /// Whether ``observe(_:)-(EngineEvent)`` classifies strokes; when not, whoever feeds these
  /// statistics counts them (``_countStrokes(_:)``).
  private var classifiesStrokes = true
  private var initialPage: Int
  /// By session number; a session's state counts from its first event or record on
  /// (``_SessionState/started``). Plain values, not optionals: the state of an event's session
  /// is updated in place.
  private var sessions: [_SessionState] = []
  /// The numbers of the sessions and string touch ids of friendly events and records.
  private var numbering = EventNumbering()
  /// The session of the latest event, and its latest time so far, which ``sessions`` holds
  /// only once another session has an event (``flushLatest()``): an event of the same session
  /// as the one before, most events, updates two scalars where updating the array's element
  /// checked the array's uniqueness and bounds.
  private var latest = (session: -1, last: 0.0)

  private struct _SessionState: Sendable {
    /// Whether the session has had an event or a record.
    var started = false
    var page = 0
    var since = 0.0
    var last = 0.0
    var scrubPages = 0
    var inScrub = false
    var recentSteps: [Double] = []
  }

  /// Creates empty statistics for traces of this configuration.
  public init(_ configuration: PageControlConfiguration) {
    classifier = StrokeClassifier(configuration)
    initialPage = configuration.startingPage
  }

  /// Creates empty statistics for traces of this configuration whose strokes are classified
  /// elsewhere and counted with ``_countStrokes(_:)`` (by a sweep, which classifies each
  /// stroke once for all its configurations).
  init(_ configuration: PageControlConfiguration, classifiesStrokes: Bool) {
    self.init(configuration)
    self.classifiesStrokes = classifiesStrokes
  }

  /// Adds strokes classified elsewhere: `counts[kind._index]` strokes of each kind.
  mutating func _countStrokes(_ counts: ArraySlice<Int>) {
    for kind in StrokeClassifier.Kind.allCases {
      strokeCounts[kind._index] += counts[counts.startIndex + kind._index]
    }
  }

  /// Creates empty statistics without a page control: what they need is the interaction
  /// constants and container that classify strokes (``StrokeClassifier/init(constants:container:)``)
  /// and the page each session starts on, for the time on each page.
  ///
  /// Events and strokes are counted from events alone. Everything else (transitions, scrubs,
  /// time on each page, announcements) comes from records, which only a replay with a control
  /// writes: fed events alone, those figures stay at zero, and the whole time of each session
  /// is on `startingPage`.
  ///
  /// ```swift
  /// var statistics = TraceStatistics(constants: .uikit)
  /// for event in events { statistics.observe(event) }
  /// statistics.finish()
  /// print(statistics.strokes[.swipe, default: 0])
  /// ```
  public init(
    constants: InteractionConstants = .uikit, container: Rect? = nil, startingPage: Int = 0
  ) {
    classifier = StrokeClassifier(constants: constants, container: container)
    initialPage = startingPage
  }

  /// Counts an input event (call before handing it to the engine).
  public mutating func observe(_ event: PageControlEvent) {
    observe(numbering.number(event))
  }

  /// Counts a record written by the engine.
  public mutating func observe(_ record: PageControlRecord) {
    let session = numbering.number(session: record.session)
    observe(EngineRecord(time: record.time, session: session, record.content))
  }

  /// Counts an input event of the engine's fast form (call before handing it to the engine).
  public mutating func observe(_ event: EngineEvent) {
    events += 1
    largestTime = max(largestTime, event.time.magnitude)
    let session = event.session.index
    if session == latest.session {
      latest.last = max(latest.last, event.time)
    } else {
      flushLatest()
      if session >= sessions.count || !sessions[session].started { start(session, at: event.time) }
      latest = (session, max(sessions[session].last, event.time))
    }
    if classifiesStrokes, let kind = classifier._endedKind(event) {
      strokeCounts[kind._index] += 1
    }
  }

  /// Counts a record of the engine's fast form.
  public mutating func observe(_ record: EngineRecord) {
    let session = record.session.index
    if session >= sessions.count || !sessions[session].started { start(session, at: record.time) }
    switch record.content {
    case .transition(let transition):
      causeCounts[transition.cause._index] += 1
      if transition.animated { animated += 1 }
      addTime(record.time - sessions[session].since, onPage: sessions[session].page)
      sessions[session].page = transition.to
      sessions[session].since = record.time
      switch transition.cause {
      case .scrub, .jog, .flick:
        suppressedAnimations += 1
        sessions[session].scrubPages += abs(transition.to - transition.from)
        sessions[session].recentSteps.append(record.time)
        sessions[session].recentSteps.removeAll { $0 < record.time - 1 }
        peakPagesPerSecond = max(peakPagesPerSecond, sessions[session].recentSteps.count)
      default:
        break
      }
    case .interaction(let interaction):
      if interaction == .continuous {
        scrubs += 1
        sessions[session].inScrub = true
        sessions[session].scrubPages = 0
        sessions[session].recentSteps.removeAll(keepingCapacity: true)
      } else if sessions[session].inScrub {
        sessions[session].inScrub = false
        scrubSummary.add(sessions[session].scrubPages)
      }
    case .announcement:
      announcements += 1
    case .background, .detail:
      break
    }
  }

  /// Starts the state of `session` at its first event or record, at time `t`.
  private mutating func start(_ session: Int, at t: Double) {
    if session >= sessions.count {
      sessions.append(
        contentsOf: repeatElement(_SessionState(), count: session + 1 - sessions.count))
    }
    sessions[session] = _SessionState(started: true, page: initialPage, since: t, last: t)
  }

  /// Stores the latest time of ``latest``'s session in ``sessions``.
  private mutating func flushLatest() {
    if latest.session >= 0 { sessions[latest.session].last = latest.last }
  }

  /// Closes the page-time of every session at its last event (call once, at the end).
  public mutating func finish() {
    flushLatest()
    for session in sessions.indices {
      let state = sessions[session]
      guard state.started else { continue }
      addTime(state.last - state.since, onPage: state.page)
      if state.inScrub { scrubSummary.add(state.scrubPages) }
      sessions[session].since = state.last
      sessions[session].inScrub = false
    }
  }

  /// Lets go of what following a replay needed (each session's state, the names, the
  /// classifier's open strokes), keeping every figure: what a sweep holds of each combination
  /// once its replay is finished. Call after ``finish()``.
  mutating func _releaseReplayState() {
    sessions = []
    numbering = EventNumbering()
    latest = (-1, 0)
    classifier = StrokeClassifier(constants: .uikit)
  }

  /// Adds another replay's figures (for totals over several files).
  public mutating func merge(_ other: TraceStatistics) {
    events += other.events
    for index in strokeCounts.indices { strokeCounts[index] += other.strokeCounts[index] }
    for index in causeCounts.indices { causeCounts[index] += other.causeCounts[index] }
    animated += other.animated
    suppressedAnimations += other.suppressedAnimations
    scrubs += other.scrubs
    scrubSummary.merge(other.scrubSummary)
    peakPagesPerSecond = max(peakPagesPerSecond, other.peakPagesPerSecond)
    for (page, seconds) in other.lowPageTimes.enumerated() {
      if let seconds { addTime(seconds, onPage: page) }
    }
    otherPageTimes.merge(other.otherPageTimes, uniquingKeysWith: +)
    announcements += other.announcements
    largestTime = max(largestTime, other.largestTime)
  }

  /// All transitions.
  public var transitions: Int { causeCounts.reduce(0, +) }

  /// Adds `seconds` to the time on `page` (a page visited, if for 0 s, has a time).
  private mutating func addTime(_ seconds: Double, onPage page: Int) {
    guard page >= 0 && page < Self.lowPages else {
      otherPageTimes[page, default: 0] += seconds
      return
    }
    if page >= lowPageTimes.count {
      lowPageTimes.append(contentsOf: repeatElement(nil, count: page + 1 - lowPageTimes.count))
    }
    lowPageTimes[page] = (lowPageTimes[page] ?? 0) + seconds
  }
}

extension TransitionCause {
  /// The cause's place in ``allCases``, found without building that array.
  fileprivate var _index: Int {
    switch self {
    case .tap: 0
    case .scrub: 1
    case .jog: 2
    case .flick: 3
    case .pointer: 4
    case .swipe: 5
    case .key: 6
    case .accessibility: 7
    case .timer: 8
    case .program: 9
    }
  }
}
