import PageTrace

/// What the configured control made of one touch stroke, in the words of the records it caused
/// (docs/behaviour.md, "Stroke classification"): `tap 2→3`, `scrub 2→6`, `swipe 4→5`,
/// `detail`, or `none`.
///
/// ```swift
/// var outcomes = StrokeOutcomes()
/// // for each record while replaying: outcomes.observe(record)
/// // after each event: outcomes.follow(control, session: event.session)
/// let outcome = outcomes.end(session: event.session, touch: key)  // when the stroke ends
/// ```
public struct StrokeOutcome: Sendable, Hashable {
  /// In words: `tap`, `scrub` (steps, a jog or a flick: the page followed the finger),
  /// `swipe`, `detail`, `none`.
  public var word: String
  /// The page shown before its first transition.
  public var from: Int?
  /// The page shown after its last transition.
  public var to: Int?
  /// How many transitions it caused.
  public var transitions = 0

  /// Nothing happened.
  public static let none = StrokeOutcome(word: "none")

  /// Creates an outcome.
  public init(word: String, from: Int? = nil, to: Int? = nil, transitions: Int = 0) {
    self.word = word
    self.from = from
    self.to = to
    self.transitions = transitions
  }
}

/// Gathers the outcomes of touch strokes from a replay's records: each transition a touch
/// causes (a tap, scrub steps, a jog, a flick, a content swipe) and each `detail` belongs to the
/// stroke of the finger the session's control was following when it happened
/// (``PageControl/trackedTouch``). Timer, key, accessibility, pointer and programmatic changes
/// belong to no stroke.
public struct StrokeOutcomes: Sendable {
  /// By session number: the finger followed, and what its stroke caused so far (an array, so
  /// that the look after every event is an index, not a hash).
  private var followed: [(touch: TouchKey, outcome: StrokeOutcome)?] = []
  /// Strokes the control stopped following before they ended (a `set` that disabled the
  /// control cancels the contact, for one): what they caused, until their `up` or `cancel`.
  private var released: [Released: StrokeOutcome] = [:]

  private struct Released: Hashable {
    var session: Int
    var touch: TouchKey
  }

  /// Creates an empty gathering.
  public init() {}

  /// Counts a record toward the stroke of the finger its session follows.
  public mutating func observe(_ record: EngineRecord) {
    let session = record.session.index
    guard session < followed.count, var entry = followed[session] else { return }
    switch record.content {
    case .transition(let change):
      let word: String
      switch change.cause {
      case .tap: word = "tap"
      case .scrub, .jog, .flick: word = "scrub"
      case .swipe: word = "swipe"
      default: return
      }
      if entry.outcome.transitions == 0 {
        entry.outcome.word = word
        entry.outcome.from = change.from
      }
      entry.outcome.to = change.to
      entry.outcome.transitions += 1
    case .detail:
      if entry.outcome.transitions == 0 { entry.outcome.word = "detail" }
    default:
      return
    }
    followed[session] = entry
  }

  /// Notes the finger a session's control follows after an event: a new one starts with
  /// nothing caused.
  public mutating func follow(_ control: PageControl, session: SessionID) {
    follow(control.trackedTouch, session: session)
  }

  /// Notes the finger a session's control follows after an event
  /// (``PageControlEngine/trackedTouch(for:)``): a new one starts with nothing caused.
  public mutating func follow(_ touch: TouchKey?, session: SessionID) {
    let index = session.index
    if index >= followed.count {
      guard touch != nil else { return }
      followed.append(contentsOf: repeatElement(nil, count: index + 1 - followed.count))
    }
    guard followed[index]?.touch != touch else { return }
    if let previous = followed[index],
      previous.outcome.transitions > 0
        || previous.outcome.word != StrokeOutcome.none.word
    {
      released[Released(session: index, touch: previous.touch)] = previous.outcome
    }
    followed[index] = touch.map { ($0, .none) }
  }

  /// The outcome of the stroke of `touch` in `session`, which has just ended: what it caused
  /// if the control followed it, else ``StrokeOutcome/none``.
  public mutating func end(session: SessionID, touch: TouchKey) -> StrokeOutcome {
    let index = session.index
    if let outcome = released.removeValue(forKey: Released(session: index, touch: touch)) {
      return outcome
    }
    guard index < followed.count, let entry = followed[index], entry.touch == touch else {
      return .none
    }
    followed[index] = nil
    return entry.outcome
  }
}
