import PageTraceTestSupport
import Testing

@testable import PageTrace

/// docs/behaviour/, "Pointer click", "Slots" and "Pointer press": the iPadOS pointer.
@Suite struct PointerTests {
  @Test func aClickOnADotJumpsStraightToItsPage() throws {
    let events = [pointer(.down, 0, 235), pointer(.up, 0.05, 235)]  // page 6's dot
    #expect(
      try replay(phone(), events) == [
        transition(0.05, 0, 6, .pointer), interaction(0.05, .discrete),
      ])
  }

  @Test func aClickBetweenTwoSlotsBelongsToTheEarlierPage() throws {
    // 147 is exactly between page 0 (139) and page 1 (155).
    let events = [pointer(.down, 0, 147), pointer(.up, 0.05, 147)]
    #expect(try transitions(phone(current: 3), events) == [transition(0.05, 3, 0, .pointer)])
  }

  @Test func aClickAwayFromTheDotsDoesNothing() throws {
    // 100 is more than pitch/2 before page 0's dot.
    #expect(try replay(phone(), [pointer(.down, 0, 100), pointer(.up, 0.05, 100)]).isEmpty)
    // On the current page's own dot: no change.
    #expect(try replay(phone(), [pointer(.down, 0, 139), pointer(.up, 0.05, 139)]).isEmpty)
  }

  @Test func hoverNeverChangesThePage() throws {
    let events = [
      pointer(.hover, 0, 235), pointer(.move, 0.1, 251), pointer(.up, 0.2, 251), idle(1),
    ]
    #expect(try replay(phone(), events).isEmpty)
  }

  @Test func aPressOutsideTheControlIsIgnoredAndBlocksNothing() throws {
    // The pointer goes down on the content: ignored (docs/behaviour/pointer-and-content-swipe.md, "Pointer press"); a tap
    // then works.
    let events = [pointer(.down, 0, 200, 400)] + tap(0.1, 187)
    #expect(try transitions(phone(), events) == [transition(0.1 + 0.05, 0, 1, .tap)])
  }

  @Test func aPointerPressThatBecomesAScrubScrubs() throws {
    // Held past 0.15 at 187, then one pitch right: a scrub step.
    let events = [pointer(.down, 0, 187), pointer(.move, 0.2, 203), pointer(.up, 0.5, 203)]
    #expect(
      try replay(phone(), events) == [
        interaction(0.15, .continuous), background(0.15, true), transition(0.2, 0, 1, .scrub),
        interaction(0.5, .none), background(0.5, false),
      ])
  }

  @Test func aPressThatTravelledIsNoClickEvenWithoutContinuous() throws {
    let events = [pointer(.down, 0, 139), pointer(.up, 0.05, 235)]
    #expect(try replay(phone { $0.continuous = false }, events).isEmpty)
    let short = [pointer(.down, 0, 230), pointer(.up, 0.05, 235)]
    #expect(
      try transitions(phone { $0.continuous = false }, short) == [transition(0.05, 0, 6, .pointer)])
  }

  @Test func pointerAndTouchShareTheOneContact() throws {
    // While the pointer is pressed a touch is ignored, and the other way round.
    let pointerFirst = [
      pointer(.down, 0, 235), down(0.01, 300), up(0.02, 300), pointer(.up, 0.05, 235),
    ]
    #expect(try transitions(phone(), pointerFirst) == [transition(0.05, 0, 6, .pointer)])
    let touchFirst = [
      down(0, 187), pointer(.down, 0.01, 235), pointer(.up, 0.02, 235), up(0.05, 187),
    ]
    #expect(try transitions(phone(), touchFirst) == [transition(0.05, 0, 1, .tap)])
  }
}

/// docs/behaviour/, "Swipe rule" and "Velocity": swipes on the paged content (the 390 × 844
/// screen).
@Suite struct ContentSwipeTests {
  @Test func aFastSwipeLeftShowsTheNextPage() throws {
    // 60 pt left; velocity (250 - 300) / 0.02 = -2500 along the finger's travel.
    let events = [
      down(0, 300, 400), move(0.01, 280, 400), move(0.02, 250, 400), up(0.025, 240, 400),
    ]
    #expect(
      try replay(phone(), events) == [
        transition(0.025, 0, 1, .swipe), interaction(0.025, .discrete),
      ])
  }

  @Test func aSwipeRightShowsThePreviousPageAndStopsAtTheFirst() throws {
    let right = [down(0, 100, 400), move(0.01, 130, 400), up(0.02, 140, 400)]
    #expect(try transitions(phone(current: 4), right) == [transition(0.02, 4, 3, .swipe)])
    #expect(try replay(phone(current: 0), right).isEmpty)
  }

  @Test func halfTheContainerPagesHoweverSlow() throws {
    // 195 = 390 / 2 is enough with a rested finger (velocity 0); 194.9 is not.
    let far = [down(0, 300, 400), move(1, 105, 400), up(2, 105, 400)]
    #expect(try transitions(phone(), far) == [transition(2, 0, 1, .swipe)])
    let short = [down(0, 300, 400), move(1, 105.1, 400), up(2, 105.1, 400)]
    #expect(try replay(phone(), short).isEmpty)
  }

  @Test func swipeDistanceIsInclusive() throws {
    // Fast, 25 pt: pages. 24 pt: does not.
    let enough = [down(0, 300, 400), move(0.01, 275, 400), up(0.015, 275, 400)]
    #expect(try transitions(phone(), enough) == [transition(0.015, 0, 1, .swipe)])
    let short = [down(0, 300, 400), move(0.01, 276, 400), up(0.015, 276, 400)]
    #expect(try replay(phone(), short).isEmpty)
    #expect(try replay(phone { $0.constants.swipeDistance = 26 }, enough).isEmpty)
  }

  @Test func swipeVelocityIsInclusive() throws {
    // Binary-exact: 25 pt over 0.0625 s is exactly 400 pt/s; 30 pt over 0.125 s is 240.
    let exact = [down(0.5, 300, 400), move(0.5625, 275, 400), up(0.5625, 275, 400)]
    #expect(try transitions(phone(), exact) == [transition(0.5625, 0, 1, .swipe)])
    let slow = [down(0.5, 300, 400), move(0.625, 270, 400), up(0.625, 270, 400)]
    #expect(try replay(phone(), slow).isEmpty)
    #expect(try replay(phone { $0.constants.swipeVelocity = 401 }, exact).isEmpty)
  }

  @Test func theAxisMustDominate() throws {
    // |dAxis| == |dCross| is not enough.
    let diagonal = [down(0, 300, 400), move(0.01, 270, 430), up(0.015, 240, 460)]
    #expect(try replay(phone(), diagonal).isEmpty)
  }

  @Test func velocityMustPointTheWayTheFingerTravelled() throws {
    // Overall 50 pt left, but the last 0.1 s moved right at 500 pt/s: no swipe.
    let events = [down(0, 300, 400), move(0.1, 200, 400), move(0.2, 250, 400), up(0.21, 250, 400)]
    #expect(try replay(phone(), events).isEmpty)
  }

  @Test func neverMoreThanOnePagePerSwipe() throws {
    let events = [down(0, 380, 400), move(0.01, 10, 400), up(0.02, 0, 400)]
    #expect(try transitions(phone(), events) == [transition(0.02, 0, 1, .swipe)])
  }

  @Test func withoutAContainerTouchesOffTheControlAreIgnoredAndBlockNothing() throws {
    let configuration = phone { $0.container = nil }
    let events = [down(0, 300, 400, id: 5), move(0.01, 100, 400, id: 5)] + tap(0.02, 187)
    #expect(try transitions(configuration, events) == [transition(0.07, 0, 1, .tap)])
  }

  @Test func theControlWinsWhereTheFramesOverlap() throws {
    // The control lies inside the container: a quick 20 pt drag on it is neither a tap nor
    // a swipe but a scrub.
    let events = [down(0, 300), move(0.01, 280), up(0.015, 280)]
    let records = try replay(phone(current: 3), events)
    #expect(records.first == interaction(0.01, .continuous))
    #expect(
      !records.contains {
        $0.type == .transition && $0.content == transition(0, 3, 4, .swipe).content
      })
  }
}
