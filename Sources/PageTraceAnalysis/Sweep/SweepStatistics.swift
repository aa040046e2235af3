import PageTrace
import PageTraceIO

/// The statistics of `pagetrace stats` for every configuration of a fan-out, each stroke
/// followed once for all of them (docs/behaviour/what-if.md, "Sweeps").
///
/// A ``TraceStatistics`` per configuration would follow every finger once per configuration.
/// What a ``StrokeClassifier`` keeps between events does not depend on its constants, so a
/// sweep's statistics share one: it follows the events once, and each stroke that ends is
/// classified under each configuration's constants and container. The figures are those of a
/// ``TraceStatistics`` fed the same replay.
///
/// Hand ``observers`` to ``PageTraceIO/FanOutReplay`` and ``follow(_:rejectedBy:)`` to it as the hook
/// that runs after every event:
///
/// ```swift
/// import PageTrace
/// import PageTraceAnalysis
/// import PageTraceIO
///
/// var scrubDelays: [ConfigurationPatch] = []
/// for delay in [0.1, 0.3, 0.5] {
///   var patch = ConfigurationPatch()
///   patch.scrubDelay = delay
///   scrubDelays.append(patch)
/// }
/// let sweep = SweepStatistics(configurations: scrubDelays.count)
/// var observers = sweep.observers
/// var reader = try TraceReader(opening: "Traces/scrub.jsonl")
/// _ = FanOutReplay(TraceReplay.Options(), variants: scrubDelays).run(
///   &reader, observers: &observers, afterEvent: sweep.follow
/// ) { print($0) }
/// for figures in sweep.statistics(observers) { print(figures.strokes) }
/// ```
///
/// A configuration whose engine rejects an event that others take (with bad lines skipped,
/// only limits that depend on the configuration can tell them apart) no longer sees the
/// others' events: it takes a copy of the shared classifier as it was before that event and
/// follows its own events from then on.
///
/// One input at a time: a sweep over several inputs makes statistics for each and merges them
/// (``TraceStatistics/merge(_:)``). It is a reference, shared by its observers, so it is not
/// `Sendable`: each thread makes its own.
public final class SweepStatistics {
  /// What each configuration's replay counts, except strokes: the events, the records.
  public struct Observer: ReplayObserver {
    /// The configuration's place among the fan-out's variants.
    public let index: Int
    /// The sweep's strokes.
    let sweep: SweepStatistics
    /// The figures so far, strokes aside; `nil` until the engine starts.
    public var statistics: TraceStatistics? { started ? figures : nil }
    /// The figures, kept as a plain value: updated in place, without unwrapping, per event.
    private var figures = TraceStatistics()
    private var started = false

    init(index: Int, sweep: SweepStatistics) {
      self.index = index
      self.sweep = sweep
    }

    /// The configuration's engine starts: its statistics start, and the sweep learns its
    /// constants and container.
    public mutating func begin(_ configuration: PageControlConfiguration) {
      figures = TraceStatistics(configuration, classifiesStrokes: false)
      started = true
      sweep.begin(index, configuration)
    }
    /// Counts an event the configuration's engine took.
    public mutating func willHandle(_ event: EngineEvent) { figures.observe(event) }
    /// Counts a record of the configuration's engine.
    public mutating func observe(_ record: EngineRecord) { figures.observe(record) }
    /// Whether the replay should stop: the sweep has outgrown its memory budget
    /// (``memoryBudget``); asked every few thousand events.
    public var isDone: Bool { sweep.isOverBudget }
    /// `true`: the budget is checked as each session comes.
    public static var isDoneAtNewSessions: Bool { true }
    /// A session named for the first time: the sweep counts it before its first event, so
    /// that a session that would outgrow the budget stops the replay before it takes room.
    public mutating func name(_ session: SessionID, _ name: String) {
      if index == 0 { sweep.sessionNamed(session) }
    }
  }

  /// The bytes these configurations may take while they replay an input, `nil` for no limit:
  /// past it (as ``Sweep/estimatedBytes(combinations:sessions:)`` reckons from the sessions
  /// seen so far) the observers stop the replay (``PageTraceIO/ReplayObserver/isDone``), and the caller
  /// replays fewer configurations at a time (``Sweep/replay(_:driver:options:memoryBudget:report:)``).
  public var memoryBudget: Int?

  /// Whether the configurations have outgrown ``memoryBudget``.
  public var isOverBudget: Bool {
    guard let memoryBudget else { return false }
    return Sweep.estimatedBytes(combinations: state.configurations, sessions: state.sessions)
      > memoryBudget
  }

  /// The sessions met so far in the input.
  public var sessionsSeen: Int { state.sessions }

  /// Everything the sweep keeps, in one value: a class's stored property is checked for
  /// exclusive access at run time on each access, so each call makes one.
  private var state: _SweepStrokes

  /// The statistics of `count` configurations: variant `k` of the fan-out is watched by
  /// `observers[k]`.
  public init(configurations count: Int) {
    state = _SweepStrokes(configurations: count)
  }

  /// One observer per configuration, in order.
  public var observers: [Observer] {
    (0..<state.configurations).map { Observer(index: $0, sweep: self) }
  }

  /// Follows an event that every configuration but those of `rejectedBy` (in order) has
  /// handled: ``PageTraceIO/FanOutReplay``'s `afterEvent`.
  public func follow(_ event: EngineEvent, rejectedBy: [Int]) {
    state.follow(event, rejectedBy: rejectedBy)
  }

  /// Each configuration's figures, every session's page time closed: those `observers`
  /// counted with the strokes of each.
  public func statistics(_ observers: [Observer]) -> [TraceStatistics] {
    observers.map { observer in
      var statistics = observer.statistics ?? TraceStatistics()
      statistics._countStrokes(state.counts(of: observer.index))
      statistics.finish()
      return statistics
    }
  }

  private func sessionNamed(_ session: SessionID) {
    state.sessions = max(state.sessions, session.index + 1)
  }

  private func begin(_ k: Int, _ configuration: PageControlConfiguration) {
    state.rules[k] = (configuration.constants, configuration.container)
  }
}

/// The strokes of a sweep's configurations (``SweepStatistics``).
private struct _SweepStrokes {
  /// The classifier the configurations share while they see the same events.
  var shared = StrokeClassifier(constants: .uikit)
  /// Each configuration's constants and container, given when its engine starts.
  var rules: [(constants: InteractionConstants, container: Rect?)]
  /// The configurations that follow ``shared``.
  var members: [Int]
  /// The configurations that left ``shared``, in order, and each one's own classifier.
  var alone: [Int] = []
  var own: [StrokeClassifier?]
  /// Strokes by kind, per configuration: `counts[k * kinds + kind._index]`.
  var counts: [Int]
  /// The sessions met so far: one more than the highest session number.
  var sessions = 0
  static let kinds = StrokeClassifier.Kind.allCases.count

  var configurations: Int { rules.count }

  init(configurations count: Int) {
    rules = Array(repeating: (.uikit, nil), count: count)
    members = Array(0..<count)
    own = Array(repeating: nil, count: count)
    counts = Array(repeating: 0, count: count * Self.kinds)
  }

  mutating func follow(_ event: EngineEvent, rejectedBy: [Int]) {
    if event.session.index >= sessions { sessions = event.session.index + 1 }
    if rejectedBy.isEmpty {
      for k in alone { followAlone(k, event) }
    } else {
      // Those that rejected it leave, with the shared state before the event.
      for k in rejectedBy where members.contains(k) {
        own[k] = shared
        members.removeAll { $0 == k }
        alone.append(k)
      }
      alone.sort()
      for k in alone where !rejectedBy.contains(k) { followAlone(k, event) }
    }
    guard !members.isEmpty, shared._follow(event), let ended = shared._ended else { return }
    for k in members { count(ended, for: k) }
  }

  /// Configuration `k`'s strokes by kind, at `kind._index`.
  func counts(of k: Int) -> ArraySlice<Int> {
    counts[k * Self.kinds..<(k + 1) * Self.kinds]
  }

  private mutating func followAlone(_ k: Int, _ event: EngineEvent) {
    if own[k]!._follow(event), let ended = own[k]!._ended { count(ended, for: k) }
  }

  private mutating func count(_ stroke: _EndedStroke, for k: Int) {
    let kind = stroke.kind(constants: rules[k].constants, container: rules[k].container)
    counts[k * Self.kinds + kind._index] += 1
  }
}
