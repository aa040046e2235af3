import PageTrace

/// What watches the one replay loop (``TraceReplay``): the configuration when the engine
/// starts, every event the engine accepts followed by its records, and, if it asks, every
/// session's control after an event.
///
/// Events and records come in the engine's fast form (``PageTrace/EngineEvent``,
/// ``PageTrace/EngineRecord``):
/// sessions and string touch ids are numbers. Their names come first, once each, through
/// ``name(_:_:)-(SessionID,_)`` and ``name(_:_:)-(TouchKey,_)`` as the reader meets them;
/// a session without a name is ``PageTrace/SessionID/defaultSession``. Numbers are per input: a new
/// input names its sessions again from 1.
///
/// Every requirement has an empty default, and the loop is generic over its observer, so an
/// observer pays only for what it implements: ``RecordWriter`` implements ``observe(_:)``
/// alone, and replay runs as fast as a loop written for it.
///
/// ```swift
/// struct TransitionCounter: ReplayObserver {
///   var count = 0
///   mutating func observe(_ record: EngineRecord) {
///     if case .transition = record.content { count += 1 }
///   }
/// }
/// var counter = TransitionCounter()
/// var reader = try TraceReader(opening: "trace.jsonl")
/// let outcome = TraceReplay(TraceReplay.Options()).run(&reader, observer: &counter) {
///   print($0)
/// }
/// ```
public protocol ReplayObserver: ~Copyable {
  /// Whether the loop calls ``willHandle(_:)``. Only events the engine accepts are shown, each
  /// before its records: at its first record (the engine writes none for an event it
  /// rejects), or once the engine has accepted it if it wrote none. Observers that only take
  /// records (``RecordWriter``) set this to `false` and skip that step.
  static var observesEvents: Bool { get }
  /// Whether the loop calls ``didHandle(_:control:)``: looking the session's control up
  /// costs a hash lookup per event, so observers that do not need it leave this `false`.
  static var observesControls: Bool { get }
  /// Whether the loop calls ``didHandle(_:trackedTouch:)``: the finger a session's control
  /// follows, read without copying the control
  /// (`PageControlEngine.trackedTouch(for:)`).
  static var observesTrackedTouches: Bool { get }
  /// Whether the loop calls ``endEvent()`` after each event the engine accepts:
  /// ``RecordWriter`` does, to write out each event's records under
  /// ``FlushPolicy/perEvent``.
  static var observesEventEnds: Bool { get }
  /// A failure that should stop the replay, such as a write error of the observer's output;
  /// the loop checks it every few thousand events and at the end.
  var outputFailure: FileError? { get }
  /// Whether the observer has what it needs, so that the replay may stop before the input's
  /// end (`diff --first`); the loop asks every few thousand events, and stops once every
  /// observer is done (``TraceReplay/Outcome/endedEarly``).
  var isDone: Bool { get }
  /// Whether the loop also asks ``isDone`` at each new session, where an observer's memory
  /// grows, and not only every few thousand events: a sweep keeping to its memory budget does
  /// (a few thousand new sessions under thousands of configurations would be gigabytes).
  static var isDoneAtNewSessions: Bool { get }
  /// The engine starts at the input's first event with `configuration`.
  mutating func begin(_ configuration: PageControlConfiguration)
  /// The engine starts at the input's first event with `configuration`, resolved from the
  /// options and `header`, the input's own configuration (`nil` without a header): for an
  /// observer that must tell which keys the input set (classification writes a stroke's
  /// outcome only when some source gave a `control`). By default it calls ``begin(_:)``.
  mutating func begin(_ configuration: PageControlConfiguration, header: ConfigurationPatch?)
  /// The reader met a session name; events and records of `session` may follow.
  mutating func name(_ session: SessionID, _ name: String)
  /// The reader met a string touch id; events with `touch` may follow.
  mutating func name(_ touch: TouchKey, _ name: String)
  /// The next event comes from input line `line` (its record number in a binary trace):
  /// the records the engine writes while handling it, those of work that fell due before it
  /// included, are that line's. Called for every event, before the engine sees it.
  mutating func eventLine(_ line: Int)
  /// The engine accepted `event`; its records follow. A rejected event (time going
  /// backwards, a non-finite value) is never shown.
  mutating func willHandle(_ event: EngineEvent)
  /// The engine wrote `record`.
  mutating func observe(_ record: EngineRecord)
  /// The engine handled `event`; `control` is its session's control afterwards. Called only
  /// when ``observesControls`` is `true`, and only for accepted events.
  mutating func didHandle(_ event: EngineEvent, control: PageControl)
  /// The engine handled `event`; `trackedTouch` is the finger its session's control follows
  /// afterwards (``PageTrace/PageControl/trackedTouch``). Called only when
  /// ``observesTrackedTouches`` is
  /// `true`, and only for accepted events.
  mutating func didHandle(_ event: EngineEvent, trackedTouch: TouchKey?)
  /// The engine is done with the event of the last ``eventLine(_:)``: every record it wrote
  /// for it was observed, and ``didHandle(_:control:)`` called. Called only when
  /// ``observesEventEnds`` is `true`, and only for accepted events.
  mutating func endEvent()
}

extension ReplayObserver where Self: ~Copyable {
  /// `true`: ``willHandle(_:)`` is called.
  public static var observesEvents: Bool { true }
  /// `false`: ``didHandle(_:control:)`` is not called.
  public static var observesControls: Bool { false }
  /// `false`: ``didHandle(_:trackedTouch:)`` is not called.
  public static var observesTrackedTouches: Bool { false }
  /// `false`: ``endEvent()`` is not called.
  public static var observesEventEnds: Bool { false }
  /// `nil`: nothing stops the replay.
  public var outputFailure: FileError? { nil }
  /// `false`: the replay reads the whole input.
  public var isDone: Bool { false }
  /// `false`: ``isDone`` is asked every few thousand events only.
  public static var isDoneAtNewSessions: Bool { false }
  /// Does nothing.
  public mutating func begin(_ configuration: PageControlConfiguration) {}
  /// Calls ``begin(_:)``.
  public mutating func begin(
    _ configuration: PageControlConfiguration, header: ConfigurationPatch?
  ) {
    begin(configuration)
  }
  /// Does nothing.
  public mutating func name(_ session: SessionID, _ name: String) {}
  /// Does nothing.
  public mutating func name(_ touch: TouchKey, _ name: String) {}
  /// Does nothing.
  public mutating func eventLine(_ line: Int) {}
  /// Does nothing.
  public mutating func willHandle(_ event: EngineEvent) {}
  /// Does nothing.
  public mutating func observe(_ record: EngineRecord) {}
  /// Does nothing.
  public mutating func didHandle(_ event: EngineEvent, control: PageControl) {}
  /// Does nothing.
  public mutating func didHandle(_ event: EngineEvent, trackedTouch: TouchKey?) {}
  /// Does nothing.
  public mutating func endEvent() {}
}

extension RecordWriter: ReplayObserver {
  /// `false`: a writer takes records only.
  public static var observesEvents: Bool { false }
  /// `true`: each event's records are written out at its end under ``FlushPolicy/perEvent``
  /// (``endEvent()``).
  public static var observesEventEnds: Bool { true }
  /// The first write failure (``failure``).
  public var outputFailure: FileError? { failure }
  /// Remembers the session's name for its records.
  public mutating func name(_ session: SessionID, _ name: String) { setName(name, of: session) }
  /// Starts the ordering key of the line's records (when ``writesKeys``).
  @inline(__always)
  public mutating func eventLine(_ line: Int) { startKeys(line: line) }
  /// Writes the record (if its type is selected).
  @inline(__always)
  public mutating func observe(_ record: EngineRecord) { write(record) }
}
