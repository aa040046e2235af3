import PageTrace

/// One configuration's part of a replay: its engine, started at the first event, and the
/// counts that depend on it. A replay has one lane (``TraceReplay``) or one per configuration
/// (``FanOutReplay``); every event reaches every lane through ``step(_:line:observer:)``.
@usableFromInline
struct ReplayLane {
  /// The engine; a placeholder until ``isStarted``.
  @usableFromInline var engine: PageControlEngine
  @usableFromInline var isStarted = false
  /// The configuration the engine started with.
  var configuration: PageControlConfiguration?
  /// The patch laid over everything else for this lane (a fan-out's variant).
  let variant: ConfigurationPatch?
  /// What this lane's engine did: events applied, ignored, rejected; lines skipped.
  @usableFromInline var counts = ReplaySummary()
  /// The line of the latest error and how many errors it has given in a row.
  var stuckLine = -1
  @usableFromInline var stuckCount = 0

  /// An engine that stands in until the first event: it never sees an event.
  static let placeholder = try! PageControlEngine(
    PageControlConfiguration(pages: 0, control: nil))

  @usableFromInline
  init(variant: ConfigurationPatch?) {
    self.variant = variant
    engine = Self.placeholder
  }

  /// The one step of a replay: hands `event`, from input line `line`, to the engine and
  /// what it did to `observer`, in the order ``ReplayObserver`` promises: the line, the
  /// event (before its first record), its records, the control or finger it leaves, its end.
  /// A rejected event changes nothing, and the observer never sees it.
  @inlinable @inline(__always)
  mutating func step<Observer: ReplayObserver & ~Copyable>(
    _ event: EngineEvent, line: Int, observer: inout Observer
  ) throws(PageControlError) {
    observer.eventLine(line)
    let applied: Bool
    if Observer.observesEvents {
      // Shown at its first record: the engine writes none for an event it rejects.
      var shown = false
      applied = try engine.handle(event) { record in
        if !shown {
          observer.willHandle(event)
          shown = true
        }
        observer.observe(record)
      }
      if !shown { observer.willHandle(event) }
    } else {
      applied = try engine.handle(event) { observer.observe($0) }
    }
    if applied { counts.eventsApplied += 1 } else { counts.eventsIgnored += 1 }
    if Observer.observesControls, let control = engine.control(for: event.session) {
      observer.didHandle(event, control: control)
    }
    if Observer.observesTrackedTouches {
      observer.didHandle(event, trackedTouch: engine.trackedTouch(for: event.session))
    }
    if Observer.observesEventEnds { observer.endEvent() }
  }

  /// Counts a bad line (an engine's rejection of an imported event, if `imported`); the
  /// error that ends the replay once one line has failed ``TraceReplay/stuckLimit`` times
  /// in a row (a reader that cannot get past a line).
  @usableFromInline
  mutating func skip(imported: Bool, line: Int, in file: String) -> FileError? {
    if imported { counts.eventsRejected += 1 } else { counts.skippedLines += 1 }
    guard line == stuckLine else {
      stuckLine = line
      stuckCount = 1
      return nil
    }
    stuckCount += 1
    guard stuckCount >= TraceReplay.stuckLimit else { return nil }
    return FileError(
      .readFailed, path: file, code: 0,
      message: "no progress past line \(line) after \(stuckCount) errors")
  }
}

/// How many lanes a replay has: one (``TraceReplay``), or any number (``FanOutReplay``). A
/// type, so that the one-lane replay is compiled without the loop over lanes.
@usableFromInline
protocol ReplayLaneCount {
  /// Whether there is exactly one lane, and no hook after each event.
  static var isOne: Bool { get }
}

/// One lane.
@usableFromInline
enum OneLane: ReplayLaneCount {
  @inlinable static var isOne: Bool { true }
}

/// Any number of lanes.
@usableFromInline
enum ManyLanes: ReplayLaneCount {
  @inlinable static var isOne: Bool { false }
}

/// The lanes of one replay and their observers, `observers[k]` watching lane `k`.
@usableFromInline
struct ReplayLanes<Observer: ReplayObserver & ~Copyable, Count: ReplayLaneCount> {
  /// The observers, owned by the caller.
  @usableFromInline let observers: UnsafeMutableBufferPointer<Observer>
  /// The lanes, owned here.
  @usableFromInline let lanes: UnsafeMutableBufferPointer<ReplayLane>
  /// Called after every lane has handled an event, with the lanes that rejected it.
  @usableFromInline let afterEvent: ((EngineEvent, [Int]) -> Void)?
  /// The lanes that rejected the event last stepped, in order (valid after a rejection).
  @usableFromInline var rejectedBy: [Int] = []
  /// Whether a lane refused the event last stepped as one session too many.
  var refusedSession = false
  /// Whether the loop refused the event last stepped as one finger too many down.
  var refusedFinger = false

  @usableFromInline
  init(
    observers: UnsafeMutableBufferPointer<Observer>, variants: [ConfigurationPatch?],
    afterEvent: ((EngineEvent, [Int]) -> Void)?
  ) {
    precondition(observers.count == variants.count, "one observer per lane")
    precondition(!Count.isOne || variants.count == 1, "one lane")
    self.observers = observers
    lanes = .allocate(capacity: variants.count)
    _ = lanes.initialize(from: variants.map(ReplayLane.init(variant:)))
    self.afterEvent = afterEvent
  }

  /// Frees the lanes (their owner calls it once, after the replay). Not a `deinit`: one on
  /// this generic noncopyable type crashed the compiler under ThreadSanitizer.
  @inlinable
  func deallocate() {
    lanes.deinitialize()
    lanes.deallocate()
  }

  @inlinable var count: Int { Count.isOne ? 1 : lanes.count }

  /// Whether every lane's engine has started.
  @usableFromInline var areStarted: Bool {
    for k in lanes.indices where !lanes[k].isStarted { return false }
    return true
  }

  /// Steps every lane, all started, through `event` (``ReplayLane/step(_:line:observer:)``);
  /// the first lane's rejection, if any lane rejected it (``rejectedBy`` lists them).
  @inlinable @inline(__always)
  mutating func step(_ event: EngineEvent, line: Int) -> PageControlError? {
    if Count.isOne {
      do throws(PageControlError) {
        try lanes[0].step(event, line: line, observer: &observers[0])
        return nil
      } catch {
        reject(0, error, isFirst: true)
        return error
      }
    }
    var first: PageControlError?
    for k in lanes.indices {
      do throws(PageControlError) {
        try lanes[k].step(event, line: line, observer: &observers[k])
      } catch {
        reject(k, error, isFirst: first == nil)
        if first == nil { first = error }
      }
    }
    if first == nil, let afterEvent { afterEvent(event, []) }
    return first
  }

  /// Notes lane `k`'s rejection of the event being stepped (`isFirst`: the event's first).
  @usableFromInline
  mutating func reject(_ k: Int, _ error: PageControlError?, isFirst: Bool) {
    if isFirst {
      rejectedBy.removeAll(keepingCapacity: true)
      refusedSession = false
      refusedFinger = false
    }
    rejectedBy.append(k)
    if case .tooManySessions? = error { refusedSession = true }
    if case .tooManyFingersDown? = error { refusedFinger = true }
  }

  /// Notes that every lane rejects the event being stepped: `error`, which the loop raised
  /// before any lane saw the event (one finger too many down).
  @usableFromInline
  mutating func rejectAll(_ error: PageControlError) {
    for k in lanes.indices { reject(k, error, isFirst: k == 0) }
  }

  /// Every lane has handled an event since its last error.
  @usableFromInline
  mutating func resetStuckCounts() {
    for k in lanes.indices { lanes[k].stuckCount = 0 }
  }

  /// The first observer's output failure, if any.
  @usableFromInline var outputFailure: FileError? {
    for k in observers.indices { if let failure = observers[k].outputFailure { return failure } }
    return nil
  }

  /// Whether every observer has what it needs (``ReplayObserver/isDone``).
  @usableFromInline var areDone: Bool {
    for k in observers.indices where !observers[k].isDone { return false }
    return !observers.isEmpty
  }
}
