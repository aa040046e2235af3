/// Replays a stream of events for any number of independent sessions (docs/behaviour.md,
/// "Sessions").
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
  /// The session of the latest event and its index in `controls` (-1 before the first
  /// event): consecutive events usually share a session, so most events skip the dictionary.
  private var recentSession: String?
  private var recentIndex = -1

  /// The most sessions one engine keeps; an event of a session beyond it is rejected with
  /// ``PageControlError/tooManySessions(limit:)``. A session takes about 0.7 KB (measured:
  /// 10^6 sessions peak at 703 MB), so the default, 100,000, bounds an engine to roughly
  /// 100 MB whatever the trace.
  public let maximumSessions: Int

  /// The default ``maximumSessions``.
  public static let defaultMaximumSessions = 100_000

  /// Creates an engine with no sessions yet.
  ///
  /// - Throws: ``PageControlError/invalidConfiguration(_:)`` if a value is out of range.
  public init(
    _ configuration: PageControlConfiguration, maximumSessions: Int = defaultMaximumSessions
  ) throws(PageControlError) {
    try configuration.validate()
    self.configuration = configuration
    self.maximumSessions = max(maximumSessions, 1)
  }

  /// The number of sessions seen so far.
  public var sessionCount: Int { controls.count }

  /// The control of a session, if it has had an event.
  public func control(forSession session: String?) -> PageControl? {
    indexBySession[session].map { controls[$0] }
  }

  /// Applies one event to its session, calling `emit` for every record in order.
  ///
  /// - Returns: Whether a rule used the event (see ``PageControl/handle(_:emit:)``).
  /// - Throws: ``PageControlError`` if the event breaks the contract; nothing was emitted
  ///   for it and its session is unchanged.
  @discardableResult
  public mutating func handle(
    _ event: PageControlEvent, emit: (PageControlRecord) -> Void
  ) throws(PageControlError) -> Bool {
    if recentIndex < 0 || event.session != recentSession { try select(event) }
    return try controls[recentIndex].handle(event, emit: emit)
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

  /// Makes the event's session the recent one, creating its control if the event is valid.
  private mutating func select(_ event: PageControlEvent) throws(PageControlError) {
    let session = event.session
    if let known = indexBySession[session] {
      recentIndex = known
    } else {
      try PageControl.validateFields(of: event)  // a rejected event creates no session
      guard controls.count < maximumSessions else {
        throw .tooManySessions(limit: maximumSessions)
      }
      recentIndex = controls.count
      controls.append(PageControl(validated: configuration, session: session))
      indexBySession[session] = recentIndex
    }
    recentSession = session
  }
}
