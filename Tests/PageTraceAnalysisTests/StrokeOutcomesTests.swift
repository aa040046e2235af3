import PageTrace
import PageTraceAnalysis
import Testing

/// `StrokeOutcomes` (docs/behaviour/analysis.md, "Stroke classification"): each transition and detail
/// belongs to the stroke of the finger its session's control follows when it happens, for
/// numeric and string touch ids alike. Outcomes worked by hand from the records fed.
@Suite struct StrokeOutcomesTests {
  static func scrub(_ from: Int, _ to: Int, session: SessionID) -> EngineRecord {
    EngineRecord(
      time: 0, session: session,
      .transition(
        PageTransition(
          from: from, to: to, animated: false, interaction: .continuous, cause: .scrub)))
  }

  /// A finger followed, another taking over, and the first ending: the first stroke keeps
  /// the transitions caused while it was followed, the second those after; the same finger
  /// noted again after each event must not start its stroke over. For numeric ids, string
  /// ids (whose numbers may equal a numeric id's value), and both in two sessions.
  @Test(arguments: [
    (TouchKey.number(1), TouchKey.number(2)),
    (TouchKey.name(1), TouchKey.name(2)),
    (TouchKey.name(1), TouchKey.number(1)),
    (TouchKey.number(1), TouchKey.name(1)),
    (TouchKey.name(0), TouchKey.number(0)),
    (TouchKey.number(0), TouchKey.name(0)),
  ])
  func transitionsBelongToTheFollowedFinger(_ first: TouchKey, _ second: TouchKey) {
    let session = SessionID(0)
    let other = SessionID(1)
    var outcomes = StrokeOutcomes()
    outcomes.follow(first, session: session)
    outcomes.follow(second, session: other)
    outcomes.observe(Self.scrub(0, 1, session: session))
    outcomes.follow(first, session: session)
    outcomes.follow(second, session: other)
    outcomes.observe(Self.scrub(1, 2, session: session))
    outcomes.observe(Self.scrub(5, 4, session: other))
    outcomes.follow(first, session: session)
    outcomes.follow(second, session: other)
    // The other session's finger, the same key, followed all along.
    #expect(
      outcomes.end(session: other, touch: second)
        == StrokeOutcome(word: .scrub, from: 5, to: 4, transitions: 1))
    // The second finger takes over in the first session: the first's stroke is released.
    outcomes.follow(second, session: session)
    outcomes.observe(Self.scrub(2, 3, session: session))
    outcomes.follow(second, session: session)
    outcomes.observe(EngineRecord(time: 0, session: session, .detail(page: 3)))
    outcomes.follow(nil, session: session)
    outcomes.observe(Self.scrub(3, 4, session: session))  // nobody's
    outcomes.follow(nil, session: session)
    #expect(
      outcomes.end(session: session, touch: first)
        == StrokeOutcome(word: .scrub, from: 0, to: 2, transitions: 2))
    // The second finger, no longer followed, was released with what it caused.
    #expect(
      outcomes.end(session: session, touch: second)
        == StrokeOutcome(word: .scrub, from: 2, to: 3, transitions: 1))
    // A finger followed again after none starts over.
    outcomes.follow(second, session: session)
    outcomes.observe(EngineRecord(time: 0, session: session, .detail(page: 4)))
    outcomes.follow(second, session: session)
    #expect(outcomes.end(session: session, touch: second) == StrokeOutcome(word: .detail))
    #expect(outcomes.end(session: session, touch: first) == .none)
  }
}
