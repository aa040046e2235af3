import PageTrace
import Testing

/// Issue 22: the public rule helpers, with the numbers of docs/behaviour/ worked by hand
/// (uikit constants: scrubDelay 0.15 s, scrubTravel 16 pt, swipeDistance 25 pt,
/// swipeVelocity 400 pt/s).
@Suite struct RuleHelperTests {
  let constants = InteractionConstants.uikit

  @Test func holdAndTravel() {
    #expect(constants.scrubBeginTime(downAt: 2) == 2 + 0.15)
    #expect(!constants.holdBeginsScrub(downAt: 0, endedAt: 0.05))
    #expect(constants.holdBeginsScrub(downAt: 1, endedAt: 1 + 0.15))  // exactly due: a scrub
    #expect(constants.holdBeginsScrub(downAt: 1.0, endedAt: 1.2))
    #expect(!constants.travelBeginsScrub(15.999))
    #expect(constants.travelBeginsScrub(16))
  }

  @Test func swipeRule() {
    // Half of a 390 pt frame is 195: far enough whatever the velocity.
    #expect(constants.swipeStep(along: -195, across: 0, velocity: 0, frameLength: 390) == 1)
    #expect(constants.swipeStep(along: 195, across: 0, velocity: 0, frameLength: 390) == -1)
    #expect(constants.swipeStep(along: -194, across: 0, velocity: 0, frameLength: 390) == nil)
    // 25 pt at 400 pt/s in the direction of travel pages; against it, or slower, does not.
    #expect(constants.swipeStep(along: 25, across: 0, velocity: 400, frameLength: nil) == -1)
    #expect(constants.swipeStep(along: -25, across: 0, velocity: -400, frameLength: nil) == 1)
    #expect(constants.swipeStep(along: 25, across: 0, velocity: -400, frameLength: nil) == nil)
    #expect(constants.swipeStep(along: 25, across: 0, velocity: 399, frameLength: nil) == nil)
    #expect(constants.swipeStep(along: 24, across: 0, velocity: 900, frameLength: nil) == nil)
    // Mostly across the axis: no swipe.
    #expect(constants.swipeStep(along: 30, across: 30, velocity: 900, frameLength: 40) == nil)
  }
}
