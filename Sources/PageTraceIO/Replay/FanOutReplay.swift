import PageTrace

/// Decode once, replay many: reads a trace once and hands every event to K engines, one per
/// configuration variant, each with its own state and its own observer
/// (docs/behaviour/what-if.md, "Sweeps").
///
/// Variant `k` replays under the configuration a ``TraceReplay`` would resolve with
/// `variants[k]` laid over everything else: ``TraceReplay/Options/defaults``, the trace's
/// header, ``TraceReplay/Options/overrides``, then `variants[k]` (or, with a fixed
/// ``TraceReplay/Options/configuration``, that configuration with `variants[k]` over it).
/// Each observer is called exactly as ``TraceReplay`` calls its one observer: the names, then
/// ``ReplayObserver/begin(_:header:)`` at the first event, then per event
/// ``ReplayObserver/eventLine(_:)``, ``ReplayObserver/willHandle(_:)``, the records,
/// ``ReplayObserver/didHandle(_:control:)`` and ``ReplayObserver/endEvent()`` as the observer
/// asks. Nothing is buffered beyond one event's records: memory is the K engines' state.
///
/// Lines are read and decoded once, so an input that cannot be read twice (standard input)
/// works. Bad lines follow ``TraceReplay/Options/skipsBadLines`` as in ``TraceReplay``: a line
/// the reader rejects is a bad line for every variant, reported once; an event one variant's
/// engine rejects (rarely: only limits that depend on the configuration, such as the timer's
/// catch-up bound, can tell variants apart) is skipped by that variant alone, and reported
/// once, by the first variant that rejects it. When bad lines stop the replay, the first
/// line that any variant rejects stops every variant, after all of them have handled it.
///
/// Sharded replay is not supported: ``TraceReplay/Options/shard`` must be `nil`.
///
/// ```swift
/// var scrubDelays: [ConfigurationPatch] = []
/// for delay in [0.1, 0.3, 0.5] {
///   var patch = ConfigurationPatch()
///   patch.scrubDelay = delay
///   scrubDelays.append(patch)
/// }
/// struct TransitionCounter: ReplayObserver {
///   var count = 0
///   mutating func observe(_ record: EngineRecord) {
///     if case .transition = record.content { count += 1 }
///   }
/// }
/// var reader = try TraceReader(opening: "trace.jsonl")
/// var counters = [TransitionCounter](repeating: TransitionCounter(), count: 3)
/// let outcome = FanOutReplay(TraceReplay.Options(), variants: scrubDelays)
///   .run(&reader, observers: &counters) { print($0) }
/// print(counters.map(\.count), outcome.summary.lines)
/// ```
///
/// Observers are values held in an array, so a ``RecordWriter``, which cannot be copied,
/// takes part through a class that holds it and forwards what it observes.
public struct FanOutReplay: Sendable {
  /// The options every variant shares.
  public let options: TraceReplay.Options
  /// Each variant's configuration over the options and the trace's header.
  public let variants: [ConfigurationPatch]

  /// Creates a fan-out of `variants.count` replays under `options`.
  ///
  /// - Precondition: `options.shard` is `nil`.
  public init(_ options: TraceReplay.Options, variants: [ConfigurationPatch]) {
    precondition(options.shard == nil, "a fan-out replays whole inputs, not shards")
    self.options = options
    self.variants = variants
  }

  /// Replays everything `reader` hands out through every variant, `observers[k]` watching
  /// variant `k`, and returns the fan-out's outcome: the header, the failure and the counts of
  /// lines every variant shares, with the events applied, ignored and rejected and the
  /// configuration of the first variant (``runEach(_:observers:afterEvent:report:)`` gives each
  /// variant's own). Problems go to `report` once each, in input order.
  ///
  /// After every variant has handled an event, `afterEvent` receives it with the variants that
  /// rejected it, in order (empty when every variant applied or ignored it): what work that is
  /// the same for every variant (such as classifying strokes) needs to be done once.
  ///
  /// - Precondition: `observers.count == variants.count`.
  @inlinable
  public func run<Observer: ReplayObserver>(
    _ reader: inout TraceReader, observers: inout [Observer],
    afterEvent: (_ event: EngineEvent, _ rejectedBy: [Int]) -> Void = { _, _ in },
    report: (ReplayProblem) -> Void
  ) -> TraceReplay.Outcome {
    let outcomes = runEach(&reader, observers: &observers, afterEvent: afterEvent, report: report)
    if let first = outcomes.first { return first }
    var outcome = TraceReplay.Outcome()
    outcome.summary.lines = reader.lineNumber
    outcome.header = reader.header
    return outcome
  }

  /// Replays everything `reader` hands out through every variant, `observers[k]` watching
  /// variant `k`, and returns each variant's outcome: what a ``TraceReplay`` under that
  /// variant's configuration returns (when bad lines stop the replay, every variant stops at
  /// the first line that any variant rejects). `afterEvent` is called as by
  /// ``run(_:observers:afterEvent:report:)``.
  ///
  /// - Precondition: `observers.count == variants.count`.
  @inlinable
  public func runEach<Observer: ReplayObserver>(
    _ reader: inout TraceReader, observers: inout [Observer],
    afterEvent: (_ event: EngineEvent, _ rejectedBy: [Int]) -> Void = { _, _ in },
    report: (ReplayProblem) -> Void
  ) -> [TraceReplay.Outcome] {
    precondition(observers.count == variants.count, "one observer per variant")
    return withoutActuallyEscaping(afterEvent) { afterEvent in
      observers.withUnsafeMutableBufferPointer { observers in
        var lanes = ReplayLanes<Observer, ManyLanes>(
          observers: observers, variants: variants, afterEvent: afterEvent)
        defer { lanes.deallocate() }
        var loop = ReplayLoop(options)
        return loop.run(&reader, lanes: &lanes, report: report)
      }
    }
  }
}
