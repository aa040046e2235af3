/// Replays a stream of events for any number of independent sessions (SPEC §2).
///
/// Each session is its own ``PageControl`` with the shared configuration, created at the
/// session's first event. Memory grows with the number of sessions, never with the number
/// of events, and handling an event allocates nothing.
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
/// let records = try PageControlEngine(configuration).records(for: events)
/// ```
public struct PageControlEngine: Sendable {
  /// The configuration every session starts from.
  public let configuration: PageControlConfiguration
  private var controls: [PageControl] = []
  private var indexBySession: [String?: Int] = [:]
  /// The most recent session and its index: consecutive events usually share a session.
  private var recent: (session: String?, index: Int)?

  /// Creates an engine with no sessions yet.
  ///
  /// - Throws: ``PageControlError/invalidConfiguration(_:)`` if a value is out of range.
  public init(_ configuration: PageControlConfiguration) throws(PageControlError) {
    try configuration.validate()
    self.configuration = configuration
  }

  /// The number of sessions seen so far.
  public var sessionCount: Int { controls.count }

  /// The control of a session, if it has had an event.
  public func control(forSession session: String?) -> PageControl? {
    indexBySession[session].map { controls[$0] }
  }

  /// Applies one event to its session, calling `emit` for every record in order.
  ///
  /// - Throws: ``PageControlError`` if the event breaks the contract; nothing was emitted
  ///   for it and its session is unchanged.
  public mutating func handle(
    _ event: PageControlEvent, emit: (PageControlRecord) -> Void
  ) throws(PageControlError) {
    if recent?.session != event.session, indexBySession[event.session] == nil {
      try PageControl.validateFields(of: event)  // a rejected event creates no session
    }
    let index = self.index(for: event.session)
    try controls[index].handle(event, emit: emit)
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

  private mutating func index(for session: String?) -> Int {
    if let recent, recent.session == session { return recent.index }
    let index: Int
    if let known = indexBySession[session] {
      index = known
    } else {
      index = controls.count
      controls.append(PageControl(validated: configuration, session: session))
      indexBySession[session] = index
    }
    recent = (session, index)
    return index
  }
}
