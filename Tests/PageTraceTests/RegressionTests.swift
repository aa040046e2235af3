import PageTraceTestSupport
import Testing

@testable import PageTrace

/// Inputs found in review that the engine once got wrong, each pinned to its rule in
/// docs/behaviour/.
@Suite struct RegressionTests {
  @Test func aTimerRestartedBySetPagesDuringAScrubStaysPaused() throws {
    // docs/behaviour/timer.md, "Timer pause": only a scrub pauses it. 3 pages (dots 179, 195, 211), on
    // the last page: the timer stops at 1. The hold at 2 becomes a scrub at 2.15; `set pages 5`
    // restarts the stopped timer, paused; it resumes with its full second when the scrub ends at
    // 3.6.
    let configuration = phone(pages: 3, current: 2) { $0.progress = TimerProgress(duration: 1) }
    let events = [
      idle(0), down(2, 211), idle(2.2), set(2.2, .init(pages: 5)), idle(3.5), up(3.6, 211), idle(5),
    ]
    #expect(try transitions(configuration, events) == [transition(3.6 + 1, 2, 3, .timer)])
  }

  @Test func aSampleExactlyATenthOfASecondOldCountsForVelocity() throws {
    // docs/behaviour/scrubbing.md, "Velocity" (inclusive): 0.136 - 0.036 == 0.1, so v = 100 / 0.1 = 1000: a
    // flick.
    let events = [down(0.036, 100), move(0.136, 200), up(0.136, 200)]
    #expect(try transitions(phone(), events) == [transition(0.136, 0, 7, .flick)])
  }

  @Test func velocityIsExactForThousandHertzInput() throws {
    // Samples every millisecond for 0.2 s: still until 0.1, then 0.5 pt/ms until 0.165,
    // then still. Over the window 0.1...0.2: 32.5 pt / 0.1 s = 325 pt/s, above 300.
    func x(_ i: Int) -> Double { 139 + 0.5 * Double(min(max(i - 100, 0), 65)) }
    let samples = (0...200).map { i in i == 0 ? down(0, x(0)) : move(Double(i) / 1000, x(i)) }
    let events = samples + [up(0.2, x(200))]
    let records = try transitions(phone { $0.constants.flickVelocity = 300 }, events)
    #expect(records.last == transition(0.2, 1, 7, .flick))
  }

  @Test func aTimerAtTimesTooLargeToAdvanceFiresOnceAndStops() throws {
    // At 1e17, 1e17 + 3 == 1e17: without a guard the wrapping timer would loop forever.
    let configuration = phone(pages: 3) {
      $0.progress = TimerProgress(duration: 3, resetsToInitialPageAfterEnd: true)
    }
    #expect(
      try transitions(configuration, [idle(1e17), idle(1e17)]) == [transition(1e17, 0, 1, .timer)])
  }

  @Test func timerDurationsHaveAMinimum() {
    #expect(throws: PageControlError.invalidConfiguration("progress")) {
      try PageControlEngine(phone { $0.progress = TimerProgress(duration: 0.0005) })
    }
  }

  @Test func hidingAndClampingDuringAScrubEndsItSilently() throws {
    // docs/behaviour/programmatic-changes.md, "Set during a scrub" (over "Disabled or hidden"): the `set` changes the
    // page during a scrub, so the scrub ends without an announcement, and the records come as
    // transition, interaction, background.
    let configuration = phone(current: 5) {
      $0.voiceOver = true
      $0.hidesForSinglePage = true
    }
    let events = [down(0, 219), idle(0.2), set(0.3, .init(pages: 1))]
    #expect(
      try replay(configuration, events) == [
        interaction(0.15, .continuous), background(0.15, true),
        transition(0.3, 5, 0, .program), interaction(0.3, .none), background(0.3, false),
      ])
  }

  @Test func pageCountsAreBounded() throws {
    #expect(throws: PageControlError.invalidConfiguration("pages")) {
      try PageControlEngine(phone(pages: PageControlConfiguration.maximumPages + 1))
    }
    var engine = try PageControlEngine(phone())
    #expect(throws: PageControlError.valueOutOfRange(field: "pages")) {
      try engine.handle(set(0, .init(current: .max, pages: .max))) { _ in }
    }
    // Extreme `current` values clamp without overflow.
    #expect(
      try transitions(phone(), [set(0, .init(current: .max)), set(1, .init(current: .min))]).count
        == 2)
  }

  @Test func aRejectedFirstEventCreatesNoSession() throws {
    var engine = try PageControlEngine(phone())
    #expect(throws: PageControlError.nonFiniteValue(field: "t")) {
      try engine.handle(PageControlEvent(time: .nan, session: "new", .focus(true))) { _ in }
    }
    #expect(engine.sessionCount == 0)
  }
}

/// Found by fuzzing: a wrapping timer with a tiny duration and a long gap.
@Suite struct TimerLimitTests {
  @Test func aGapBeyondAMillionAdvancesIsRejectedAndChangesNothing() throws {
    let configuration = phone(pages: 3) {
      $0.progress = TimerProgress(duration: 0.001, resetsToInitialPageAfterEnd: true)
    }
    var engine = try PageControlEngine(configuration)
    try engine.handle(idle(0)) { _ in }
    var written = 0
    #expect(throws: PageControlError.valueOutOfRange(field: "t")) {
      try engine.handle(idle(2_000)) { _ in written += 1 }
    }
    #expect(written == 0)
    // Without wrapping the timer stops at the last page: any gap is fine.
    var stopping = try PageControlEngine(
      phone(pages: 3) { $0.progress = TimerProgress(duration: 0.001) })
    #expect(
      try stopping.records(for: [idle(0), idle(1e9)]).filter { $0.type == .transition }.count == 2)
  }
}
