import PageTrace

/// What the configured control made of one touch stroke, in the words of the records it caused
/// (docs/behaviour/analysis.md, "Stroke classification"): `tap 2→3`, `scrub 2→6`, `swipe 4→5`,
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
  /// One session's finger followed and what its stroke caused so far.
  private struct Following: Sendable {
    /// The finger followed; `nil` for none.
    var touch: TouchKey?
    /// ``touch``'s numeric id; NaN (which equals no id) for none or a string id: the test
    /// that the finger is the same after an event is one comparison of doubles, cheaper than
    /// comparing the optional of nested enums.
    var number: Double
    /// What its stroke caused so far.
    var outcome = StrokeOutcome.none

    init(_ touch: TouchKey?) {
      self.touch = touch
      number = if case .number(let number)? = touch { number } else { .nan }
    }
  }

  /// By session number: the finger followed and what its stroke caused. One array of plain
  /// values, so that the look after every event is an index and a compare, and a change one
  /// uniqueness check (three arrays, the finger, its number and the outcome, took three).
  private var sessions: [Following] = []
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
  ///
  /// Inlined for the test of the record's kind: most records are neither a transition nor a
  /// `detail`, and need no call.
  @inline(__always)
  public mutating func observe(_ record: EngineRecord) {
    switch record.content {
    case .transition, .detail: _observe(record)
    default: return
    }
  }

  /// ``observe(_:)`` for a transition or a `detail`.
  @inline(never)
  private mutating func _observe(_ record: EngineRecord) {
    let session = record.session.index
    guard session < sessions.count, sessions[session].touch != nil else { return }
    switch record.content {
    case .transition(let change):
      let word: StrokeOutcome.Word
      switch change.cause {
      case .tap: word = .tap
      case .scrub, .jog, .flick: word = .scrub
      case .swipe: word = .swipe
      default: return
      }
      if sessions[session].outcome.transitions == 0 {
        sessions[session].outcome.word = word
        sessions[session].outcome.from = change.from
      }
      sessions[session].outcome.to = change.to
      sessions[session].outcome.transitions += 1
    case .detail:
      if sessions[session].outcome.transitions == 0 { sessions[session].outcome.word = .detail }
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
  /// Inlined for the test that nothing changed, true after most events, which then need no
  /// call.
  @inline(__always)
  public mutating func follow(_ touch: TouchKey?, session: SessionID) {
    let index = session.index
    if index < sessions.count {
      if case .number(let number)? = touch {
        if sessions[index].number == number { return }
      } else if touch == nil && sessions[index].touch == nil {
        return
      }
    }
    _follow(touch, index)
  }

  /// ``follow(_:session:)`` when the finger changed, or the session is new.
  @inline(never)
  private mutating func _follow(_ touch: TouchKey?, _ index: Int) {
    // A string-id finger, whose `number` is NaN, comes here after every event: the same one
    // returns before the session's state is copied. Tested inline instead, it made numeric
    // ids dearer in the step it is inlined into (Benchmarks/HISTORY-2026-11.md, "Issue 24,
    // sixth round: the printer's per-exponent table, `StrokeOutcomes` for string ids, the
    // line's whole numbers ("table")").
    if case .name = touch, index < sessions.count, sessions[index].touch == touch { return }
    if index >= sessions.count {
      guard touch != nil else { return }
      sessions.append(contentsOf: repeatElement(Following(nil), count: index + 1 - sessions.count))
    }
    let previous = sessions[index]
    guard previous.touch != touch else { return }
    if let finger = previous.touch, previous.outcome != .none {
      released[Released(session: index, touch: finger)] = previous.outcome
    }
    sessions[index] = Following(touch)
  }

  /// The outcome of the stroke of `touch` in `session`, which has just ended: what it caused
  /// if the control followed it, else ``StrokeOutcome/none``.
  public mutating func end(session: SessionID, touch: TouchKey) -> StrokeOutcome {
    let index = session.index
    // Hashing the key is dear, and mostly nothing was released.
    if !released.isEmpty,
      let outcome = released.removeValue(forKey: Released(session: index, touch: touch))
    {
      return outcome
    }
    guard index < sessions.count, sessions[index].touch == touch else { return .none }
    let outcome = sessions[index].outcome
    sessions[index] = Following(nil)
    return outcome
  }
}
