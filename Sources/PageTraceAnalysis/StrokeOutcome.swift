import PageTrace

/// What the configured control made of one touch stroke, in the words of the records it caused
/// (docs/behaviour.md, "Stroke classification"): `tap 2→3`, `scrub 2→6`, `swipe 4→5`,
/// `detail`, or `none`.
///
/// ```swift
/// var outcomes = StrokeOutcomes()
/// // for each record while replaying: outcomes.observe(record)
/// // after each event: outcomes.follow(engine.trackedTouch(for: session), session: session)
/// let outcome = outcomes.end(session: session, touch: key)  // when the stroke ends
/// outcome.word.rawValue  // "scrub"
/// ```
public struct StrokeOutcome: Sendable, Hashable, BitwiseCopyable {
  /// What happened, in one word.
  public enum Word: String, Sendable, Hashable, CaseIterable, BitwiseCopyable {
    /// A tap changed the page.
    case tap
    /// The page followed the finger: scrub steps, a jog or a flick.
    case scrub
    /// A content swipe turned the page.
    case swipe
    /// A `fiori` detail.
    case detail
    /// Nothing.
    case none
  }

  /// What happened.
  public var word: Word
  /// The page shown before its first transition.
  public var from: Int?
  /// The page shown after its last transition.
  public var to: Int?
  /// How many transitions it caused.
  public var transitions = 0

  /// Nothing happened.
  public static let none = StrokeOutcome(word: .none)

  /// Creates an outcome.
  public init(word: Word, from: Int? = nil, to: Int? = nil, transitions: Int = 0) {
    self.word = word
    self.from = from
    self.to = to
    self.transitions = transitions
  }
}

/// Gathers the outcomes of touch strokes from a replay's records: each transition a touch
/// causes (a tap, scrub steps, a jog, a flick, a content swipe) and each `detail` belongs to the
/// stroke of the finger the session's control was following when it happened
/// (``PageTrace/PageControl/trackedTouch``). Timer, key, accessibility, pointer and programmatic
/// changes
/// belong to no stroke.
public struct StrokeOutcomes: Sendable {
  /// By session number: the finger followed (`nil`: none), and what its stroke caused so far.
  /// Arrays of plain values, so that the look after every event is an index and a compare.
  private var touches: [TouchKey?] = []
  private var outcomes: [StrokeOutcome] = []
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
    guard session < touches.count, touches[session] != nil else { return }
    switch record.content {
    case .transition(let change):
      let word: StrokeOutcome.Word
      switch change.cause {
      case .tap: word = .tap
      case .scrub, .jog, .flick: word = .scrub
      case .swipe: word = .swipe
      default: return
      }
      if outcomes[session].transitions == 0 {
        outcomes[session].word = word
        outcomes[session].from = change.from
      }
      outcomes[session].to = change.to
      outcomes[session].transitions += 1
    case .detail:
      if outcomes[session].transitions == 0 { outcomes[session].word = .detail }
    default:
      return
    }
  }

  /// Notes the finger a session's control follows after an event: a new one starts with
  /// nothing caused.
  public mutating func follow(_ control: PageControl, session: SessionID) {
    follow(control.trackedTouch, session: session)
  }

  /// Notes the finger a session's control follows after an event
  /// (`PageControlEngine.trackedTouch(for:)`): a new one starts with nothing caused.
  ///
  /// Inlined for the test that nothing changed, true after most events: the call cost about
  /// 25 instructions an event in `classify`.
  @inline(__always)
  public mutating func follow(_ touch: TouchKey?, session: SessionID) {
    let index = session.index
    if index < touches.count && touches[index] == touch { return }
    _follow(touch, index)
  }

  /// ``follow(_:session:)`` when the finger changed, or the session is new.
  @inline(never)
  private mutating func _follow(_ touch: TouchKey?, _ index: Int) {
    if index >= touches.count {
      guard touch != nil else { return }
      touches.append(contentsOf: repeatElement(nil, count: index + 1 - touches.count))
      outcomes.append(contentsOf: repeatElement(.none, count: index + 1 - outcomes.count))
    }
    guard touches[index] != touch else { return }
    if let previous = touches[index], outcomes[index] != .none {
      released[Released(session: index, touch: previous)] = outcomes[index]
    }
    touches[index] = touch
    outcomes[index] = .none
  }

  /// The outcome of the stroke of `touch` in `session`, which has just ended: what it caused
  /// if the control followed it, else ``StrokeOutcome/none``.
  public mutating func end(session: SessionID, touch: TouchKey) -> StrokeOutcome {
    let index = session.index
    // Hashing the key costs about 300 instructions a stroke; mostly nothing was released.
    if !released.isEmpty,
      let outcome = released.removeValue(forKey: Released(session: index, touch: touch))
    {
      return outcome
    }
    guard index < touches.count, touches[index] == touch else { return .none }
    touches[index] = nil
    let outcome = outcomes[index]
    outcomes[index] = .none
    return outcome
  }
}
