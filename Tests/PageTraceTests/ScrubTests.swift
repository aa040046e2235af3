import PageTraceTestSupport
import Testing

@testable import PageTrace

/// docs/behaviour/, "Scrubbing", "Travel", "Due work", "Scrub stepping", "Re-entry after the
/// edge" and "Scrubs with few pages": scrubbing.
@Suite struct ScrubTests {
  // docs/behaviour/scrubbing.md, "Scrub stepping": the step interval is 1/fps.
  let frame = 1.0 / 120

  @Test func holdingForScrubDelayBeginsAScrub() throws {
    // Down at 0; nothing else happens until 0.2: the scrub begins at 0 + scrubDelay.
    let records = try replay(phone(), [down(0, 187), idle(0.2)])
    #expect(records == [interaction(0 + 0.15, .continuous), background(0 + 0.15, true)])
  }

  @Test func scrubDelayIsOverridable() throws {
    let records = try replay(phone { $0.constants.scrubDelay = 0.4 }, [down(1, 187), idle(1.5)])
    #expect(records == [interaction(1 + 0.4, .continuous), background(1 + 0.4, true)])
  }

  @Test func releaseExactlyAtScrubDelayHasBecomeAScrub() throws {
    // docs/behaviour/time.md, "Time comparisons": due <= t, so the press is a scrub (not a tap) when it
    // ends at 0.15.
    let records = try replay(phone(), [down(0, 187), up(0.15, 187)])
    #expect(
      records == [
        interaction(0.15, .continuous), background(0.15, true),
        interaction(0.15, .none), background(0.15, false),
      ])
    // A moment earlier it is a tap.
    #expect(
      try transitions(phone(), [down(0, 187), up(0.149, 187)]) == [transition(0.149, 0, 1, .tap)])
  }

  @Test func travellingScrubTravelBeginsAScrubAndStepsOnePagePerFrame() throws {
    // Travel 16 at 0.05 begins the scrub, anchored at (155, page 0). At 0.06 the finger is
    // one pitch on: target 1, step now. At 0.065 three pitches on: target 3, steps one frame
    // apart after the previous step. The release rests (0.2 - 0.065 > 0.04): no flick.
    let events = [down(0, 139), move(0.05, 155), move(0.06, 171), move(0.065, 203), up(0.2, 203)]
    #expect(
      try replay(phone(), events) == [
        interaction(0.05, .continuous), background(0.05, true),
        transition(0.06, 0, 1, .scrub),
        transition(0.06 + frame, 1, 2, .scrub),
        transition(0.06 + frame + frame, 2, 3, .scrub),
        interaction(0.2, .none), background(0.2, false),
      ])
  }

  @Test func travelJustBelowScrubTravelStaysAPress() throws {
    // 15.99 pt: no scrub; released before the hold, it is a tap at 154.99 (past 139 + 8).
    let events = [down(0, 139), move(0.05, 154.99), up(0.1, 154.99)]
    #expect(
      try replay(phone(), events) == [transition(0.1, 0, 1, .tap), interaction(0.1, .discrete)])
  }

  @Test func scrubTravelIsOverridable() throws {
    let configuration = phone { $0.constants.scrubTravel = 30 }
    #expect(try replay(configuration, [down(0, 139), move(0.05, 165)]).isEmpty)
    #expect(
      try replay(configuration, [down(0, 139), move(0.05, 169)]).first
        == interaction(0.05, .continuous))
  }

  @Test func targetRoundsHalfAPitchAwayFromZero() throws {
    // Anchor (203, page 3). +8 pt = +0.5 pitch → +1; then -8 pt = -0.5 pitch → -1.
    let events = [down(0, 187), move(0.01, 203), move(0.06, 211), move(0.07, 195), up(0.5, 195)]
    #expect(
      try transitions(phone(current: 3), events) == [
        transition(0.06, 3, 4, .scrub),
        transition(0.07, 4, 3, .scrub),  // due max(0.07, 0.06 + frame) = 0.07
        transition(0.07 + frame, 3, 2, .scrub),
      ])
    // 7.99 pt rounds to 0: no step.
    let short = [down(0, 187), move(0.01, 203), move(0.06, 210.99), up(0.5, 210.99)]
    #expect(try transitions(phone(current: 3), short).isEmpty)
  }

  @Test func fpsSetsTheStepInterval() throws {
    let events = [down(0, 139), move(0.05, 155), move(0.06, 171), move(0.065, 203), up(0.2, 203)]
    #expect(
      try transitions(phone { $0.fps = 60 }, events) == [
        transition(0.06, 0, 1, .scrub),
        transition(0.06 + 1.0 / 60, 1, 2, .scrub),
        transition(0.06 + 1.0 / 60 + 1.0 / 60, 2, 3, .scrub),
      ])
  }

  @Test func aStepDueExactlyAtAnEventIsWrittenBeforeIt() throws {
    // The second step is due at T = 0.06 + frame. A move exactly at T sends the target back
    // to 1: the step to 2 happens first (due <= t), then a step back one frame later.
    let stepTime = 0.06 + frame
    let events = [
      down(0, 139), move(0.05, 155), move(0.06, 171), move(0.065, 203), move(stepTime, 171),
      up(0.3, 171),
    ]
    #expect(
      try transitions(phone(), events) == [
        transition(0.06, 0, 1, .scrub),
        transition(stepTime, 1, 2, .scrub),
        transition(stepTime + frame, 2, 1, .scrub),
      ])
  }

  @Test func aStepCausedByTheLastEventIsStillWritten() throws {
    // docs/behaviour/time.md, "Due work": after an event is applied, what is now due at <= t is written.
    let events = [down(0, 139), move(0.05, 155), move(0.06, 171)]
    #expect(try transitions(phone(), events) == [transition(0.06, 0, 1, .scrub)])
  }

  @Test func stepsNotYetDueAreDroppedAtTheEnd() throws {
    // fps 10: steps 0.1 s apart toward page 6; the release at 0.3 (rested) keeps page 3.
    let step = 1.0 / 10
    let events = [down(0, 139), move(0.05, 155), move(0.06, 251), up(0.3, 251)]
    let records = try replay(phone { $0.fps = 10 }, events)
    #expect(
      records.filter { $0.type == .transition } == [
        transition(0.06, 0, 1, .scrub), transition(0.06 + step, 1, 2, .scrub),
        transition(0.06 + step + step, 2, 3, .scrub),
      ])
    #expect(records.last == background(0.3, false))
  }

  @Test func theUpPointDoesNotMoveTheTarget() throws {
    // docs/behaviour/contacts-and-taps.md, "Travel": the finger lifts far away; the scrub never saw it there.
    let events = [down(0, 187), move(0.01, 203), up(0.5, 400)]
    #expect(try transitions(phone(), events).isEmpty)
  }

  @Test func pastTheTrailingEdgeStepsAtEdgeStepRate() throws {
    // Down at 380, travel to 396 (6 pt past the 390 edge) begins the scrub there: target
    // the last page, first step at once, then max(1/fps, 1/8) = 0.125 s apart.
    let events = [down(0, 380), move(0.02, 396), up(0.5, 396)]
    #expect(
      try replay(phone(), events) == [
        interaction(0.02, .continuous), background(0.02, true),
        transition(0.02, 0, 1, .scrub),
        transition(0.02 + 0.125, 1, 2, .scrub),
        transition(0.02 + 0.125 + 0.125, 2, 3, .scrub),
        transition(0.02 + 0.125 + 0.125 + 0.125, 3, 4, .scrub),
        interaction(0.5, .none), background(0.5, false),
      ])
  }

  @Test func edgeStepRateIsOverridable() throws {
    let events = [down(0, 380), move(0.02, 396), up(0.5, 396)]
    #expect(
      try transitions(phone { $0.constants.edgeStepRate = 4 }, events) == [
        transition(0.02, 0, 1, .scrub), transition(0.02 + 0.25, 1, 2, .scrub),
      ])
  }

  @Test func pastTheLeadingEdgeTargetsTheFirstPage() throws {
    let events = [down(0, 10), move(0.02, -6), up(0.3, -6)]
    #expect(
      try transitions(phone(current: 7), events) == [
        transition(0.02, 7, 6, .scrub), transition(0.02 + 0.125, 6, 5, .scrub),
        transition(0.02 + 0.125 + 0.125, 5, 4, .scrub),
      ])
  }

  @Test func comingBackInsideReanchorsAtTheDisplayedPage() throws {
    // docs/behaviour/scrubbing.md, "Re-entry after the edge": after two edge steps (pages 1, 2) the finger
    // returns to 300: anchor (300, page 2), so no more steps; one pitch further is page 3, at once
    // (1/fps pacing).
    let events = [down(0, 380), move(0.02, 396), move(0.2, 300), move(0.21, 316), up(0.5, 316)]
    #expect(
      try transitions(phone(), events) == [
        transition(0.02, 0, 1, .scrub), transition(0.02 + 0.125, 1, 2, .scrub),
        transition(0.21, 2, 3, .scrub),
      ])
  }

  @Test func aSecondFingerDuringAScrubIsIgnored() throws {
    let events = [
      down(0, 187), move(0.01, 203), down(0.02, 300, id: 2), move(0.03, 350, id: 2),
      up(0.04, 350, id: 2), move(0.05, 219), up(0.3, 219),
    ]
    #expect(try transitions(phone(), events) == [transition(0.05, 0, 1, .scrub)])
  }

  @Test func aSecondDownOfTheTrackedIdIsIgnored() throws {
    let events = [down(0, 187), move(0.01, 203), down(0.02, 300), move(0.05, 219), up(0.3, 219)]
    #expect(try transitions(phone(), events) == [transition(0.05, 0, 1, .scrub)])
  }

  @Test func scrubBeginCancelsAPendingDiscreteReset() throws {
    // The tap's reset would fall at 0.35, inside the scrub that began at 0.1 + 0.15.
    let events = tap(0, 187) + [down(0.1, 187), up(0.5, 187)]
    #expect(
      try replay(phone(), events) == [
        transition(0.05, 0, 1, .tap), interaction(0.05, .discrete),
        interaction(0.1 + 0.15, .continuous), background(0.1 + 0.15, true),
        interaction(0.5, .none), background(0.5, false),
      ])
  }

  @Test func withoutContinuousThereIsNoScrub() throws {
    let events = [down(0, 139), move(0.05, 171), idle(1)]
    #expect(try replay(phone { $0.continuous = false }, events).isEmpty)
  }

  @Test func scrubsWithFewerThanTwoPagesStillBegin() throws {
    // docs/behaviour/scrubbing.md, "Scrubs with few pages": records are written unless the control is hidden.
    #expect(
      try replay(phone(pages: 1), [down(0, 195), idle(0.2)]) == [
        interaction(0.15, .continuous), background(0.15, true),
      ])
    #expect(try replay(phone(pages: 0), [down(0, 195), idle(0.2)]).count == 2)
    #expect(
      try replay(phone(pages: 1) { $0.hidesForSinglePage = true }, [down(0, 195), idle(0.2)])
        .isEmpty)
  }

  @Test func cancelEndsTheScrubOnThePageItReached() throws {
    let events = [down(0, 187), move(0.01, 203), move(0.02, 219), move(0.03, 235), cancel(0.035)]
    #expect(
      try replay(phone(), events) == [
        interaction(0.01, .continuous), background(0.01, true),
        transition(0.02, 0, 1, .scrub), transition(0.03, 1, 2, .scrub),
        interaction(0.035, .none), background(0.035, false),
      ])
  }
}

/// docs/behaviour/scrubbing.md, "Scrub end", "Velocity" and "Flick": the flick.
@Suite struct FlickTests {
  let frame = 1.0 / 120

  // Down at (0.2, 187); travel to 203 at 0.21 begins the scrub; at 0.25 the finger is at 235
  // (two pitches past the anchor). Velocity at lift-off: (235 - 187) / (0.25 - 0.2) = 960.
  func fling(upAt t: Double) -> [PageControlEvent] {
    [down(0.2, 187), move(0.21, 203), move(0.25, 235), up(t, 240)]
  }

  @Test func aFastReleaseFlicksToTheLastPage() throws {
    #expect(
      try replay(phone(), fling(upAt: 0.29)) == [
        interaction(0.21, .continuous), background(0.21, true),
        transition(0.25, 0, 1, .scrub), transition(0.25 + frame, 1, 2, .scrub),
        transition(0.29, 2, 7, .flick), interaction(0.29, .none), background(0.29, false),
      ])
  }

  @Test func restingMoreThanFortyMillisecondsBeforeLiftingIsNoFlick() throws {
    // 0.291 - 0.25 > 0.04: velocity 0, the scrub ends on page 2.
    #expect(
      try transitions(phone(), fling(upAt: 0.291)) == [
        transition(0.25, 0, 1, .scrub), transition(0.25 + frame, 1, 2, .scrub),
      ])
  }

  @Test func flickVelocityIsInclusiveAndOverridable() throws {
    // Binary-exact times. Travel begins the scrub at 0.53125 (anchor 203); 237 is 2.125
    // pitches on: target 2. Velocity from the down: 50 pt over 0.0625 s, exactly 800 pt/s.
    let scrubSteps = [
      transition(0.5625, 0, 1, .scrub), transition(0.5625 + frame, 1, 2, .scrub),
    ]
    let exact = [down(0.5, 187), move(0.53125, 203), move(0.5625, 237), up(0.578125, 237)]
    #expect(try transitions(phone(), exact) == scrubSteps + [transition(0.578125, 2, 7, .flick)])
    // 49.99 pt over the same time is just under 800: no flick.
    let slower = [down(0.5, 187), move(0.53125, 203), move(0.5625, 236.99), up(0.578125, 236.99)]
    #expect(try transitions(phone(), slower) == scrubSteps)
    // 960 pt/s is a flick at the default threshold, not at 1000.
    #expect(
      try transitions(phone { $0.constants.flickVelocity = 1000 }, fling(upAt: 0.29)).count == 2)
  }

  @Test func velocityUsesTheOldestSampleWithinATenthOfASecond() throws {
    // The scrub begins by holding (0.3 + 0.15), anchored at 187. At 0.6 the finger is five
    // pitches on: steps at 0.6 and 0.6 + frame before the lift at 0.61. The sample at 0.5
    // is 0.1 s before the last one (inclusive): 80 / 0.1 = 800, a flick.
    let steps = [transition(0.6, 0, 1, .scrub), transition(0.6 + frame, 1, 2, .scrub)]
    let within = [down(0.3, 187), move(0.5, 187), move(0.6, 267), up(0.61, 267)]
    #expect(try transitions(phone(), within) == steps + [transition(0.61, 2, 7, .flick)])
    // With the slow sample at 0.49 it is outside the window: the last sample is alone, 0.
    let outside = [down(0.3, 187), move(0.49, 187), move(0.6, 267), up(0.61, 267)]
    #expect(try transitions(phone(), outside) == steps)
  }

  @Test func aFastReleaseBackwardsFlicksToTheFirstPage() throws {
    let events = [down(0, 219), move(0.01, 203), move(0.02, 187), up(0.025, 187)]
    #expect(
      try transitions(phone(current: 5), events) == [
        transition(0.02, 5, 4, .scrub), transition(0.025, 4, 0, .flick),
      ])
  }

  @Test func aFlickToThePageShownWritesNothing() throws {
    // docs/behaviour/scrubbing.md, "Flick": already on the last page.
    let events = [down(0, 251), move(0.01, 267), move(0.02, 283), up(0.025, 290)]
    #expect(
      try replay(phone(current: 7), events) == [
        interaction(0.01, .continuous), background(0.01, true),
        interaction(0.025, .none), background(0.025, false),
      ])
  }

  @Test func aCancelledScrubNeverFlicks() throws {
    let events = [down(0.2, 187), move(0.21, 203), move(0.25, 235), cancel(0.26)]
    #expect(try transitions(phone(), events).count == 2)
  }
}
