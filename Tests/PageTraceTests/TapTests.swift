import PageTraceTestSupport
import Testing

@testable import PageTrace

/// docs/behaviour/contacts-and-taps.md, "Taps", "Tap" and "Follow-up tap": taps on the control.
@Suite struct TapTests {
  @Test func tapAfterTheCurrentDotShowsTheNextPage() throws {
    // Current page 0 is at x 139; 187 is past 139 + 8, so: next page, at the up time.
    let records = try replay(phone(), tap(0, 187) + [idle(1)])
    #expect(
      records == [
        transition(0.05, 0, 1, .tap), interaction(0.05, .discrete),
        // docs/behaviour/keyboard-and-accessibility.md, "Discrete state": animationDuration after the change.
        interaction(0.05 + 0.3, .none),
      ])
  }

  @Test func tapBeforeTheCurrentDotShowsThePreviousPage() throws {
    // Page 3 is at 187; 150 is before 187 - 8.
    #expect(try transitions(phone(current: 3), tap(0, 150)) == [transition(0.05, 3, 2, .tap)])
  }

  @Test func tapFarFromTheDotsStillCountsBySide() throws {
    #expect(try transitions(phone(), tap(0, 385)) == [transition(0.05, 0, 1, .tap)])
  }

  @Test func deadZoneIsHalfAPitchAroundTheCurrentDotInclusive() throws {
    // Page 0 at 139: 147 and 131 are exactly pitch/2 away: nothing. Just past: a change.
    #expect(try transitions(phone(), tap(0, 147)).isEmpty)
    #expect(try transitions(phone(current: 1), tap(0, dot(1) - 8)).isEmpty)
    #expect(try transitions(phone(), tap(0, 147.001)) == [transition(0.05, 0, 1, .tap)])
    #expect(try transitions(phone(current: 1), tap(0, 146.999)) == [transition(0.05, 1, 0, .tap)])
  }

  @Test func tapsDoNotWrapAtTheEnds() throws {
    #expect(try replay(phone(current: 7), tap(0, 300)).isEmpty)
    #expect(try replay(phone(current: 0), tap(0, 20)).isEmpty)
  }

  @Test func tapUsesItsUpPoint() throws {
    // Page 3 is at 187. Down at 192 is in its dead zone, up at 178 is before 187 - 8
    // (travel 14 < 16): the up point decides.
    let events = [down(0, 192), up(0.05, 178)]
    #expect(try transitions(phone(current: 3), events) == [transition(0.05, 3, 2, .tap)])
  }

  @Test func tapEndingOutsideTheControlIsStillATap() throws {
    // docs/behaviour/contacts-and-taps.md, "Tap": down at y 800, up at y 812 (below the control's 810), travel 12.
    let events = [down(0, 187, 800), up(0.05, 187, 812)]
    #expect(try transitions(phone(), events) == [transition(0.05, 0, 1, .tap)])
  }

  @Test func aPressThatTravelledScrubTravelIsNotATap() throws {
    // Up 16 pt away with no move in between: no scrub (an up never begins one), no tap.
    #expect(try replay(phone(), [down(0, 187), up(0.05, 203)]).isEmpty)
    // 15.99 pt is still a tap.
    #expect(try transitions(phone(), [down(0, 187), up(0.05, 202.99)]).count == 1)
  }

  @Test func twoPagesToggleWhereverTheTapLands() throws {
    // Two pages: dots at 187 and 203. A tap before the current dot still goes to page 1.
    let events = tap(0, 100) + tap(2, 100) + tap(4, 195)
    #expect(
      try transitions(phone(pages: 2), events) == [
        transition(0.05, 0, 1, .tap), transition(2.05, 1, 0, .tap), transition(4.05, 0, 1, .tap),
      ])
  }

  @Test func fewerThanTwoPagesTapsDoNothing() throws {
    #expect(try replay(phone(pages: 1), tap(0, 300)).isEmpty)
    #expect(try replay(phone(pages: 0), tap(0, 300)).isEmpty)
  }

  @Test func withoutContinuousAnyPressEndingInsideIsATap() throws {
    // Held a second and dragged 30 pt: with continuous false it is a tap at the up point.
    let configuration = phone { $0.continuous = false }
    let held = [down(0, 187), move(0.5, 217), up(1, 217)]
    #expect(
      try replay(configuration, held) == [transition(1, 0, 1, .tap), interaction(1, .discrete)])
    // Ending outside the control is not a tap.
    #expect(try replay(configuration, [down(0, 187), up(1, 187, 700)]).isEmpty)
  }
}

/// docs/behaviour/contacts-and-taps.md, "Follow-up tap".
@Suite struct FollowUpTapTests {
  // Tap 1 at x 160 moves 0 → 1 (page 1's dot is at 155). A second tap near 160 lies in
  // page 1's dead zone, so only the follow-up rule can move the page.

  @Test func followUpTapRepeatsTheDirection() throws {
    let events = tap(0, 160) + tap(0.5, 160)
    #expect(
      try transitions(phone(), events) == [
        transition(0.05, 0, 1, .tap), transition(0.55, 1, 2, .tap),
      ])
  }

  @Test func followUpWindowIsMeasuredFromUpToDownInclusive() throws {
    // Tap 1 ends at 0.05; a tap going down at 0.05 + 0.75 is a follow-up...
    let inside = tap(0, 160) + tap(0.05 + 0.75, 160)
    #expect(try transitions(phone(), inside).count == 2)
    // ...one going down later is not: dead zone, nothing.
    let outside = tap(0, 160) + tap(0.05 + 0.75 + 0.001, 160)
    #expect(try transitions(phone(), outside).count == 1)
  }

  @Test func followUpRadiusIsMeasuredBetweenUpPointsInclusive() throws {
    // Exactly followUpRadius (8 pt) away, across the axis, still counts.
    let inside = tap(0, 160) + tap(0.5, 160, y0 + 8)
    #expect(try transitions(phone(), inside).count == 2)
    let outside = tap(0, 160) + tap(0.5, 160, y0 + 8.01)
    #expect(try transitions(phone(), outside).count == 1)
  }

  @Test func followUpAtTheLastPageDoesNothingWithoutFallback() throws {
    // 6 → 7 by a tap at 250 (page 6 at 235). Then 242.5: 7.5 pt from 250, so a follow-up
    // toward page 8, which does not exist. The dot rule would go back to 6 (242.5 < 251 - 8).
    let events = tap(0, 250) + tap(0.5, 242.5)
    #expect(try transitions(phone(current: 6), events) == [transition(0.05, 6, 7, .tap)])
  }

  @Test func aTapThatChangesNothingBreaksTheChain() throws {
    // Tap 2 at 150 is 10 pt from tap 1 (no follow-up) and in page 1's dead zone: nothing.
    // Tap 3 at 160 is near tap 1, but the previous tap (2) changed nothing: dead zone again.
    let events = tap(0, 160) + tap(0.3, 150) + tap(0.6, 160)
    #expect(try transitions(phone(), events) == [transition(0.05, 0, 1, .tap)])
  }

  @Test func otherEventsDoNotBreakTheChain() throws {
    // An accessibility action between the taps moves 1 → 2 (dot at 171). The tap at 162 is
    // before page 2's dot (dot rule: back to 1) but a follow-up of tap 1: forward to 3.
    let events = tap(0, 160) + [a11y(0.2, .increment)] + tap(0.5, 162)
    #expect(
      try transitions(phone(), events) == [
        transition(0.05, 0, 1, .tap), transition(0.2, 1, 2, .accessibility),
        transition(0.55, 2, 3, .tap),
      ])
  }

  @Test func twoPageToggleTakesPrecedenceOverFollowUp() throws {
    // 0 → 1, then a follow-up would go to 2, which does not exist; the toggle goes to 0.
    let events = tap(0, 200) + tap(0.5, 200)
    #expect(
      try transitions(phone(pages: 2), events) == [
        transition(0.05, 0, 1, .tap), transition(0.55, 1, 0, .tap),
      ])
  }
}
