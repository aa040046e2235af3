import PageTrace
import PageTraceIO

/// Replays a trace as `pagetrace replay --emit all --on-error skip` does, through the library's
/// one loop (``TraceReplay`` with ``TraceReplay/Options/skipsBadLines``), with checks.
///
/// The engine starts at the first event with `base` under the trace's header
/// (``TraceReplay/Options/defaults``), so a trace without a header still replays; records go to
/// a ``RecordWriter`` on `/dev/null`. Data errors (``TraceError``) and rejected events are
/// expected: the loop skips them and goes on, as `--on-error skip` does. It traps on:
/// - a reader that keeps failing without moving to another line or record (the loop gives up
///   with an ``ReplayFailure/input(_:)`` failure "no progress past line …"; `--on-error skip`
///   would otherwise loop forever), and any other ``FileError`` (the input is a readable
///   in-memory file), an ``ReplayFailure/output(_:)`` failure, or a
///   ``ReplayFailure/data(_:)`` failure, which skipping bad lines rules out;
/// - an error that is neither a ``TraceError`` nor a ``FileError`` (the loop's own
///   precondition);
/// - a broken reducer invariant (``InvariantChecker``, on every record and after every
///   accepted event), a record outside an event, records of an event the engine rejected, or
///   an accepted event that left no control.
public enum FuzzReplay {
  /// The phone of the README: the control at (0, 780, 390, 30) in a (0, 0, 390, 844) container.
  public static let phoneControl = Rect(x: 0, y: 780, width: 390, height: 30)
  /// The content frame of the phone.
  public static let phoneContainer = Rect(x: 0, y: 0, width: 390, height: 844)

  /// Configuration under the header: 8 pages on the phone, with `profile`.
  public static func phone(pages: Int = 8, profile: Profile = .uikit) -> ConfigurationPatch {
    var patch = ConfigurationPatch()
    patch.pages = pages
    patch.control = phoneControl
    patch.container = phoneContainer
    patch.profile = profile
    return patch
  }

  /// What a replay saw, for round-trip checks.
  public struct Summary: Sendable {
    /// The loop's outcome (counts, header, configuration; never a failure: those trap).
    public var outcome: TraceReplay.Outcome
    /// The trace's header (the last one, if there were several).
    public var header: ConfigurationPatch? { outcome.header }
    /// The events handed to the engine, in order, up to `keepEvents` of them. An event read
    /// while the engine cannot start (a bad header) is not handed to it, so it is not here.
    public var events: [PageControlEvent] = []
    /// Whether every event handed to the engine was kept.
    public var complete: Bool
  }

  /// Replays everything `reader` hands out.
  ///
  /// - Parameters:
  ///   - base: The configuration under the trace's header.
  ///   - keepEvents: How many events to keep in the summary.
  @discardableResult
  public static func run(
    _ reader: inout TraceReader, base: ConfigurationPatch, keepEvents: Int = 0
  ) -> Summary {
    var options = TraceReplay.Options()
    options.defaults = base
    options.skipsBadLines = true
    var observer = CheckingObserver(keepEvents: keepEvents)
    let outcome = TraceReplay(options).run(&reader, observer: &observer) { diagnostic in
      _ = diagnostic.description.utf8.count
    }
    switch outcome.failure {
    case nil:
      break
    case .input(let error)?:
      if error.message.hasPrefix("no progress past line") {
        fatalError(
          "TraceReader stuck: \(error) (--on-error skip would loop forever without the loop's "
            + "guard)")
      }
      fatalError("reading the in-memory input failed: \(error)")
    case .output(let error)?:
      fatalError("the replay failed to write: \(error)")
    case .resources(let error)?:
      fatalError("the replay ran short of a resource: \(error)")
    case .data(let error)?:
      fatalError("the replay stopped at a data error although it skips bad lines: \(error)")
    }
    observer.endStep()
    let events = observer.eventCount
    if observer.accepted != outcome.summary.events {
      fatalError(
        "\(outcome.summary.events) events accepted but \(observer.accepted) left a control "
          + "(\(events) handed to the engine)")
    }
    if outcome.configuration == nil && events != 0 {
      fatalError("\(events) events handed to the engine but no configuration in the outcome")
    }
    do {
      try observer.writer.flush()
    } catch {
      fatalError("writing to /dev/null failed: \(error)")
    }
    return Summary(
      outcome: outcome, events: observer.events, complete: observer.events.count == events)
  }
}

/// What ``FuzzReplay`` watches the library's loop with: checks every record and every accepted
/// event's control with an ``InvariantChecker``, writes the records to `/dev/null`, and keeps
/// the first events for round-trip checks.
///
/// The loop calls ``willHandle(_:)`` before each event it hands to the engine and
/// ``didHandle(_:control:)`` only if the engine accepted it, so an event still in progress at
/// the next ``willHandle(_:)`` (or at the end, ``endStep()``) was rejected: it must have emitted
/// nothing.
struct CheckingObserver: ReplayObserver, ~Copyable {
  static var observesControls: Bool { true }

  /// How many events to keep.
  let keepEvents: Int
  /// The first `keepEvents` events handed to the engine.
  var events: [PageControlEvent] = []
  /// The number of events handed to the engine.
  var eventCount = 0
  /// The number of events the engine accepted (``didHandle(_:control:)`` calls).
  var accepted = 0
  /// The checker, from the engine's configuration.
  var checker: InvariantChecker?
  /// The checks of the event being handled.
  var step: InvariantChecker.Step?
  /// Where the records go, as with `--emit all`.
  var writer = RecordWriter(
    descriptor: SystemDescriptor(rawValue: devNull), name: "/dev/null", types: .all,
    flush: .buffered(bytes: 16 << 10))
  /// The names of the input's sessions and string touch ids.
  var names = TraceNames()

  init(keepEvents: Int) {
    self.keepEvents = keepEvents
    events.reserveCapacity(min(keepEvents, 256))
  }

  mutating func begin(_ configuration: PageControlConfiguration) {
    if checker != nil { fatalError("the replay loop started a second engine") }
    checker = InvariantChecker(configuration)
  }

  mutating func name(_ session: SessionID, _ name: String) {
    names.set(name, of: session)
    writer.setName(name, of: session)
  }

  mutating func name(_ touch: TouchKey, _ name: String) { names.set(name, of: touch) }

  mutating func willHandle(_ fast: EngineEvent) {
    let event = names.friendly(fast)
    guard let checker else { fatalError("an event before the engine started: \(event)") }
    endStep()
    eventCount += 1
    if events.count < keepEvents { events.append(event) }
    step = checker.start(event)
  }

  mutating func observe(_ fast: EngineRecord) {
    let record = names.friendly(fast)
    guard step != nil else { fatalError("a record outside an event: \(record)") }
    step!.check(record)
    writer.write(fast)
  }

  mutating func didHandle(_ fast: EngineEvent, control: PageControl) {
    let event = names.friendly(fast)
    guard let step, SessionKey(step.event.session) == SessionKey(event.session) else {
      fail("the engine handled an event it was not about to handle", event)
    }
    checker!.finish(step, control: control, session: names.name(of: control.sessionID))
    self.step = nil
    accepted += 1
  }

  /// Drops the step of an event the engine did not accept, which must have emitted nothing.
  mutating func endStep() {
    guard let step else { return }
    if step.recordCount != 0 {
      fail(
        "\(step.recordCount) records for an event the engine rejected or left without a control",
        step.event)
    }
    self.step = nil
  }
}
