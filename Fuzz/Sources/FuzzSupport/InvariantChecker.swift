import PageTrace

/// The reducer's invariants, checked from the records an engine emits and the controls it
/// leaves: the one implementation behind ``CheckedEngine`` (which drives an engine itself)
/// and ``FuzzReplay`` (which watches the library's replay loop). It traps (`fatalError`) with
/// the event and record when an invariant is broken.
///
/// Per session it tracks, from the records alone, the page shown, the interaction state, the
/// background and the times, and compares them with the control after each accepted event:
///
/// - every record has the event's session, a finite time no later than the event's and no
///   earlier than the session's previous record or event;
/// - a transition starts at the page shown (`from` = the previous transition's `to`, or the
///   configured `current` clamped) and goes to another page inside `0..<max(pages, 1)`;
/// - `animated` is true exactly for the discrete causes (tap, pointer, swipe, key,
///   accessibility, timer), whose `interaction` is `discrete`; scrub, jog and flick are
///   `continuous`, program is `none`;
/// - no animated transition while the session's interaction is `continuous`, and scrub, jog
///   and flick transitions only while it is;
/// - scrub and jog steps move exactly one page, and the steps of one scrub (from its
///   `interaction continuous` record) are at least `1/fps` apart, less 1e-9 and a few ulps of
///   the time (at huge times `t + 1/fps` rounds);
/// - interaction and background records change the state they report (never a repeat);
///   announcements and details name the page shown;
/// - after the event, the control belongs to the event's session, and its current page,
///   interaction and background equal the tracked ones, its page is in
///   `0..<max(pageCount, 1)`, and it is scrubbing exactly when the interaction is `continuous`.
///
/// One event at a time: ``start(_:)`` before the engine handles it, ``Step/check(_:)`` for
/// each record, ``finish(_:control:session:)`` if the engine accepted it. A rejected event's step is
/// dropped; what it may not do (emit, create a session, change state) is for the caller to
/// check, as only it sees the engine.
///
/// ```swift
/// var checker = InvariantChecker(configuration)
/// var step = checker.start(event)
/// try engine.handle(event) { step.check($0) }
/// let control = engine.control(forSession: event.session)!
/// checker.finish(step, control: control, session: control.session)
/// ```
public struct InvariantChecker {
  /// The configuration the engine started with.
  public let configuration: PageControlConfiguration
  /// The number of records checked in finished steps.
  public private(set) var recordCount = 0
  /// The number of finished steps: events the engine accepted.
  public private(set) var eventCount = 0

  private let frameInterval: Double
  /// By session name as bytes (``SessionKey``).
  private var tracks: [SessionKey: Track] = [:]

  /// What the records have said so far about one session.
  struct Track {
    var shown: Int
    /// `nil` while the index is unbounded (content mode): no range to check.
    var pageCount: Int?
    var interaction = InteractionState.none
    var background: Bool
    /// The latest record or accepted event time.
    var lastTime = -Double.infinity
    /// The latest scrub or jog step of the scrub in progress.
    var lastStep = -Double.infinity
  }

  /// The checks of one event in progress: a copy of its session's track that its records
  /// update, kept only if the engine accepts the event (``InvariantChecker/finish(_:control:session:)``).
  public struct Step {
    /// The event being handled.
    public let event: PageControlEvent
    /// The number of records checked so far.
    public private(set) var recordCount = 0
    var track: Track
    /// Pages a transition may go to: the session's page count, or more if the event sets it.
    let pageBound: Int?
    let frameInterval: Double

    /// Checks one record the engine emitted for ``event``; traps if it breaks an invariant.
    public mutating func check(_ record: PageControlRecord) {
      recordCount += 1
      InvariantChecker.check(
        record, of: event, track: &track, pageBound: pageBound, frame: frameInterval)
    }
  }

  /// The causes of discrete (animated) changes.
  static let discreteCauses: Set<TransitionCause> = [
    .tap, .pointer, .swipe, .key, .accessibility, .timer,
  ]

  /// Creates a checker for an engine started with `configuration`, before its first event.
  public init(_ configuration: PageControlConfiguration) {
    self.configuration = configuration
    frameInterval = 1 / configuration.fps
  }

  /// The time of the session's latest accepted event or record, `-infinity` before its first.
  public func lastTime(forSession session: String?) -> Double {
    tracks[SessionKey(session)]?.lastTime ?? -.infinity
  }

  /// Starts checking `event`, which the engine is about to handle.
  public func start(_ event: PageControlEvent) -> Step {
    let track =
      tracks[SessionKey(event.session)]
      ?? Track(
        shown: configuration.startingPage,
        pageCount: configuration.pages, background: configuration.style == .prominent)
    var newPages = 0
    if case .set(let change) = event.action, let pages = change.pages { newPages = max(pages, 0) }
    return Step(
      event: event, track: track, pageBound: track.pageCount.map { max($0, newPages) },
      frameInterval: frameInterval)
  }

  /// Ends `step` for an event the engine accepted: checks `control`, the event's session's
  /// control afterwards, against what the records said, and keeps the step's track.
  /// `session` is the name of the control's session (`control.session` unless the engine was
  /// given ``EngineEvent``s, whose controls know their sessions by number only).
  public mutating func finish(_ step: Step, control: PageControl, session name: String?) {
    let event = step.event
    var track = step.track
    if SessionKey(name) != SessionKey(event.session) {
      let session = String(describing: name)
      fail("the control after the event is of another session, \(session)", event)
    }
    if control.currentPage != track.shown {
      fail("current page \(control.currentPage) but the transitions say \(track.shown)", event)
    }
    if let count = control.pageCount,
      control.currentPage < 0 || control.currentPage >= max(count, 1)
    {
      fail("current page \(control.currentPage) outside 0..<max(\(count), 1)", event)
    }
    if control.interaction != track.interaction {
      fail("interaction \(control.interaction) but the records say \(track.interaction)", event)
    }
    if control.isBackgroundVisible != track.background {
      fail(
        "background \(control.isBackgroundVisible) but the records say \(track.background)", event)
    }
    if control.isScrubbing != (control.interaction == .continuous) {
      fail("isScrubbing \(control.isScrubbing) with interaction \(control.interaction)", event)
    }
    track.pageCount = control.pageCount
    track.lastTime = max(track.lastTime, event.time)
    tracks[SessionKey(event.session)] = track
    recordCount += step.recordCount
    eventCount += 1
  }

  private static func check(
    _ record: PageControlRecord, of event: PageControlEvent, track: inout Track, pageBound: Int?,
    frame: Double
  ) {
    func failRecord(_ message: String) -> Never { fail(message, event, record) }
    if SessionKey(record.session) != SessionKey(event.session) {
      failRecord("record of another session")
    }
    let t = record.time
    if !t.isFinite { failRecord("non-finite record time") }
    if t > event.time { failRecord("record later than the event being handled") }
    if t < track.lastTime {
      failRecord(
        "record time \(t) before the session's previous record or event at \(track.lastTime)")
    }
    track.lastTime = t
    switch record.content {
    case .transition(let transition):
      if transition.from != track.shown {
        failRecord("transition from \(transition.from) but the page shown is \(track.shown)")
      }
      if transition.to == transition.from { failRecord("transition to the same page") }
      if let pageBound, transition.to < 0 || transition.to >= max(pageBound, 1) {
        failRecord("transition to \(transition.to) outside 0..<max(\(pageBound), 1)")
      }
      let discrete = discreteCauses.contains(transition.cause)
      if transition.animated != discrete {
        failRecord("animated is \(transition.animated) for cause \(transition.cause)")
      }
      let expected: InteractionState =
        discrete ? .discrete : transition.cause == .program ? .none : .continuous
      if transition.interaction != expected {
        failRecord("interaction \(transition.interaction) for cause \(transition.cause)")
      }
      if transition.animated && track.interaction == .continuous {
        failRecord("animated transition while the interaction is continuous")
      }
      switch transition.cause {
      case .scrub, .jog:
        if abs(transition.to - transition.from) != 1 { failRecord("a step of more than one page") }
        if track.interaction != .continuous { failRecord("a step outside a scrub") }
        if track.lastStep.isFinite {
          let gap = t - track.lastStep
          let tolerance = 1e-9 + 4 * max(t.ulp, track.lastStep.ulp)
          if gap < frame - tolerance {
            failRecord("steps \(gap) s apart, less than 1/fps = \(frame)")
          }
        }
        track.lastStep = t
      case .flick:
        if track.interaction != .continuous { failRecord("a flick outside a scrub") }
      default:
        break
      }
      track.shown = transition.to
    case .interaction(let state):
      if state == track.interaction { failRecord("interaction record that changes nothing") }
      if state == .continuous { track.lastStep = -.infinity }
      track.interaction = state
    case .background(let visible):
      if visible == track.background { failRecord("background record that changes nothing") }
      track.background = visible
    case .announcement(let announcement):
      if announcement.page != track.shown { failRecord("announcement of a page not shown") }
      if let count = announcement.pageCount, count < 1 || announcement.page >= count {
        failRecord("announcement page out of range")
      }
    case .detail(let page):
      if page != track.shown { failRecord("detail of a page not shown") }
    }
  }
}

/// Traps with a description of the broken invariant.
func fail(
  _ message: String, _ event: PageControlEvent, _ record: PageControlRecord? = nil
) -> Never {
  var text = "PageTrace invariant violated: \(message)\n  event: \(event)"
  if let record { text += "\n  record: \(record)" }
  fatalError(text)
}
