import PageTraceTestSupport
import Testing

@testable import PageTrace

/// docs/behaviour/timer.md, "Timer": the auto-advance timer.
@Suite struct TimerTests {
  func timed(
    pages: Int = 8, _ progress: TimerProgress,
    _ adjust: (inout PageControlConfiguration) -> Void = { _ in }
  ) -> PageControlConfiguration {
    phone(pages: pages) {
      $0.progress = progress
      adjust(&$0)
    }
  }

  @Test func theTimerRunsFromTheSessionsFirstEvent() throws {
    #expect(
      try replay(timed(TimerProgress(duration: 3)), [idle(1), idle(4.5)]) == [
        transition(1 + 3, 0, 1, .timer), interaction(1 + 3, .discrete),
        interaction(1 + 3 + 0.3, .none),
      ])
  }

  @Test func pageDurationsOverrideTheDurationPerPage() throws {
    let progress = TimerProgress(duration: 3, pageDurations: [1: 5])
    #expect(
      try transitions(timed(progress), [idle(0), idle(10)]) == [
        transition(0 + 3, 0, 1, .timer), transition(3 + 5, 1, 2, .timer),
      ])
  }

  @Test func anyPageChangeRestartsTheCount() throws {
    let events = [idle(0)] + tap(2, 187) + [idle(6)]
    #expect(
      try transitions(timed(TimerProgress(duration: 3)), events) == [
        transition(2.05, 0, 1, .tap), transition(2.05 + 3, 1, 2, .timer),
      ])
  }

  @Test func itStopsAtTheLastPageUntilThePageChanges() throws {
    let events = [idle(0), idle(3.5), a11y(4, .decrement), idle(5.5)]
    #expect(
      try transitions(timed(pages: 3, TimerProgress(duration: 1)), events) == [
        transition(1, 0, 1, .timer), transition(2, 1, 2, .timer),
        transition(4, 2, 1, .accessibility), transition(4 + 1, 1, 2, .timer),
      ])
  }

  @Test func itWrapsToPageZeroWhenAskedTo() throws {
    let progress = TimerProgress(duration: 1, resetsToInitialPageAfterEnd: true)
    #expect(
      try transitions(timed(pages: 3, progress), [idle(0), idle(3.5)]) == [
        transition(1, 0, 1, .timer), transition(2, 1, 2, .timer), transition(3, 2, 0, .timer),
      ])
  }

  @Test func aScrubPausesItAndItResumesWithTheRemainingTime() throws {
    // Due at 1; the hold begins a scrub at 0.5 + 0.15 with 1 - 0.65 left; released at 2.
    let events = [idle(0), down(0.5, 187), up(2, 187), idle(3)]
    #expect(
      try transitions(timed(TimerProgress(duration: 1)), events) == [
        transition(2 + (1 - (0.5 + 0.15)), 0, 1, .timer)
      ])
  }

  @Test func aScrubThatChangedThePageRestartsTheCountAtItsEnd() throws {
    // The scrub steps to page 1 at 0.52; the count restarts in full when it ends at 2.
    let events = [idle(0), down(0.5, 187), move(0.51, 203), move(0.52, 219), up(2, 219), idle(3.5)]
    #expect(
      try transitions(timed(TimerProgress(duration: 1)), events) == [
        transition(0.52, 0, 1, .scrub), transition(2 + 1, 1, 2, .timer),
      ])
  }

  @Test func withFewerThanTwoPagesItNeverFires() throws {
    #expect(try replay(timed(pages: 1, TimerProgress(duration: 1)), [idle(0), idle(10)]).isEmpty)
    #expect(try replay(timed(pages: 0, TimerProgress(duration: 1)), [idle(0), idle(10)]).isEmpty)
  }

  @Test func itRunsWhileDisabled() throws {
    let configuration = timed(TimerProgress(duration: 3)) { $0.enabled = false }
    #expect(try transitions(configuration, [idle(0), idle(3.5)]) == [transition(3, 0, 1, .timer)])
  }

  @Test func durationsMustBePositive() {
    #expect(throws: PageControlError.invalidConfiguration("progress")) {
      try PageControlEngine(self.timed(TimerProgress(duration: 0)))
    }
    #expect(throws: PageControlError.invalidConfiguration("progress")) {
      try PageControlEngine(self.timed(TimerProgress(duration: 1, pageDurations: [2: -1])))
    }
  }
}
