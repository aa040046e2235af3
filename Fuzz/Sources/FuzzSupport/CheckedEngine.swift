import PageTrace

/// A ``PageControlEngine`` that checks the reducer's invariants (``InvariantChecker``) on every
/// record and after every event, and also that an event the engine rejects emits nothing,
/// creates no session and changes none of the session's public state. Traps (`fatalError`)
/// with the event and record when one is broken.
///
/// For targets that drive the engine themselves (`FuzzReducer`); trace targets replay through
/// the library's loop and check with ``FuzzReplay``, which runs the same ``InvariantChecker``.
public struct CheckedEngine {
  /// The engine being checked.
  public private(set) var engine: PageControlEngine
  /// The checker of its records and controls.
  public private(set) var checker: InvariantChecker

  /// Its configuration.
  public var configuration: PageControlConfiguration { checker.configuration }
  /// The number of records emitted so far.
  public var recordCount: Int { checker.recordCount }

  /// The public state of a control, to show that a rejected event changed nothing.
  struct Snapshot: Equatable {
    var pageCount: Int?
    var currentPage: Int
    var interaction: InteractionState
    var isBackgroundVisible: Bool
    var isEnabled: Bool
    var allowsContinuousInteraction: Bool
    var style: BackgroundStyle
    var hasFocus: Bool
    var isScrubbing: Bool
    var layout: IndicatorLayout

    init(_ control: PageControl) {
      pageCount = control.pageCount
      currentPage = control.currentPage
      interaction = control.interaction
      isBackgroundVisible = control.isBackgroundVisible
      isEnabled = control.isEnabled
      allowsContinuousInteraction = control.allowsContinuousInteraction
      style = control.style
      hasFocus = control.hasFocus
      isScrubbing = control.isScrubbing
      layout = control.layout
    }
  }

  /// Creates the engine; throws what ``PageControlEngine/init(_:maximumSessions:)`` throws.
  public init(_ configuration: PageControlConfiguration) throws(PageControlError) {
    engine = try PageControlEngine(configuration)
    checker = InvariantChecker(configuration)
  }

  /// The time of the session's latest accepted event or record, `-infinity` before its first.
  public func lastTime(forSession session: String?) -> Double {
    checker.lastTime(forSession: session)
  }

  /// Hands `event` to the engine, checking every record before passing it to `emit`.
  ///
  /// - Returns: The engine's error if it rejected the event, else `nil`.
  public mutating func handle(
    _ event: PageControlEvent, emit: (PageControlRecord) -> Void
  ) -> PageControlError? {
    let session = event.session
    let before = engine.control(forSession: session).map(Snapshot.init)
    let sessionCount = engine.sessionCount
    var step = checker.start(event)
    do {
      try engine.handle(event) { record in
        step.check(record)
        emit(record)
      }
    } catch {
      let emitted = step.recordCount
      if emitted != 0 { fail("a rejected event (\(error)) emitted \(emitted) records", event) }
      if engine.sessionCount != sessionCount {
        fail("a rejected event (\(error)) created a session", event)
      }
      let after = engine.control(forSession: session).map(Snapshot.init)
      if after != before {
        let change = "\(String(describing: before)) → \(String(describing: after))"
        fail("a rejected event (\(error)) changed the state: \(change)", event)
      }
      return error
    }
    guard let control = engine.control(forSession: session) else {
      fail("no control for the session after an accepted event", event)
    }
    checker.finish(step, control: control, session: control.session)
    return nil
  }
}
