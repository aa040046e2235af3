import PageTrace

/// What watches the one replay loop (``TraceReplay``): the configuration when the engine
/// starts, every event before the engine handles it, every record, and, if it asks, every
/// session's control after an event.
///
/// Every requirement has an empty default, and the loop is generic over its observer, so an
/// observer pays only for what it implements: ``RecordWriter`` implements ``observe(_:)``
/// alone, and replay runs as fast as a loop written for it.
///
/// ```swift
/// struct TransitionCounter: ReplayObserver {
///   var count = 0
///   mutating func observe(_ record: PageControlRecord) {
///     if case .transition = record.content { count += 1 }
///   }
/// }
/// var counter = TransitionCounter()
/// var reader = try TraceReader(path: "trace.jsonl")
/// let outcome = TraceReplay(TraceReplay.Options()).run(&reader, observer: &counter) {
///   print($0)
/// }
/// ```
public protocol ReplayObserver: ~Copyable {
  /// Whether the loop calls ``didHandle(_:control:)``: looking the session's control up
  /// costs a hash lookup per event, so observers that do not need it leave this `false`.
  static var observesControls: Bool { get }
  /// The engine starts at the input's first event with `configuration`.
  mutating func begin(_ configuration: PageControlConfiguration)
  /// The engine is about to handle `event`.
  mutating func willHandle(_ event: PageControlEvent)
  /// The engine wrote `record`.
  mutating func observe(_ record: PageControlRecord)
  /// The engine handled `event`; `control` is its session's control afterwards. Called only
  /// when ``observesControls`` is `true`, and only for accepted events.
  mutating func didHandle(_ event: PageControlEvent, control: PageControl)
}

extension ReplayObserver where Self: ~Copyable {
  /// `false`: ``didHandle(_:control:)`` is not called.
  public static var observesControls: Bool { false }
  /// Does nothing.
  public mutating func begin(_ configuration: PageControlConfiguration) {}
  /// Does nothing.
  public mutating func willHandle(_ event: PageControlEvent) {}
  /// Does nothing.
  public mutating func observe(_ record: PageControlRecord) {}
  /// Does nothing.
  public mutating func didHandle(_ event: PageControlEvent, control: PageControl) {}
}

extension RecordWriter: ReplayObserver {
  /// Writes the record (if its type is selected).
  @inline(__always)
  public mutating func observe(_ record: PageControlRecord) { write(record) }
}
