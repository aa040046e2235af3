import PageTraceTestSupport
import Testing

@testable import PageTrace

/// docs/behaviour/programmatic-changes.md, "Programmatic changes" and "Order within a set": `set` events.
@Suite struct ProgrammaticTests {
  @Test func settingCurrentIsAnUnanimatedProgramTransition() throws {
    #expect(try replay(phone(), [set(1, .init(current: 3))]) == [transition(1, 0, 3, .program)])
  }

  @Test func theInteractionBecomesNone() throws {
    let events = tap(0, 187) + [set(0.1, .init(current: 5)), idle(1)]
    #expect(
      try replay(phone(), events) == [
        transition(0.05, 0, 1, .tap), interaction(0.05, .discrete),
        transition(0.1, 1, 5, .program), interaction(0.1, .none),  // and no reset later
      ])
  }

  @Test func currentIsClamped() throws {
    let events = [
      set(1, .init(current: 20)), set(2, .init(current: -3)), set(3, .init(current: 0)),
    ]
    #expect(
      try replay(phone(), events) == [transition(1, 0, 7, .program), transition(2, 7, 0, .program)])
  }

  @Test func fewerPagesClampTheCurrentPage() throws {
    #expect(
      try replay(phone(current: 6), [set(1, .init(pages: 4))]) == [transition(1, 6, 3, .program)])
    #expect(
      try replay(phone(current: 3), [set(1, .init(pages: 0))]) == [transition(1, 3, 0, .program)])
  }

  @Test func atMostOneProgramTransitionPerSet() throws {
    let events = [set(1, .init(current: 1, pages: 4))]
    #expect(try replay(phone(current: 6), events) == [transition(1, 6, 1, .program)])
  }

  @Test func settingCurrentDuringAScrubEndsItSilently() throws {
    // With VoiceOver on: no announcement for the ended scrub; the rest of the touch does
    // nothing; the next tap works (and is announced).
    let events =
      [down(0, 187), move(0.01, 203), set(0.1, .init(current: 5)), move(0.2, 300), up(0.3, 300)]
      + tap(1, 300)
    #expect(
      try replay(phone { $0.voiceOver = true }, events) == [
        interaction(0.01, .continuous), background(0.01, true),
        transition(0.1, 0, 5, .program), interaction(0.1, .none), background(0.1, false),
        transition(1.05, 5, 6, .tap), interaction(1.05, .discrete), spoken(1.05, 7, of: 8),
      ])
  }

  @Test func disablingCancelsTheTrackedTouch() throws {
    // docs/behaviour/contacts-and-taps.md, "Disabled or hidden": as a cancel: the scrub ends on the page it reached,
    // announced under VoiceOver.
    let events = [
      down(0, 187), move(0.01, 203), move(0.02, 219), set(0.1, .init(enabled: false)),
      move(0.2, 300), up(0.3, 300),
    ]
    #expect(
      try replay(phone { $0.voiceOver = true }, events) == [
        interaction(0.01, .continuous), background(0.01, true), transition(0.02, 0, 1, .scrub),
        interaction(0.1, .none), background(0.1, false), spoken(0.1, 2, of: 8),
      ])
  }

  @Test func styleChangesShowAndHideTheBackground() throws {
    let events = [
      set(1, .init(style: .prominent)), set(2, .init(style: .minimal)),
      set(3, .init(style: .automatic)),
    ]
    #expect(try replay(phone(), events) == [background(1, true), background(2, false)])
  }

  @Test func continuousAtTouchDownGovernsThatTouch() throws {
    // docs/behaviour/contacts-and-taps.md, "Continuous flag": the first touch went down while scrubbing was allowed;
    // the second did not.
    let events =
      [down(0, 187), set(0.05, .init(continuous: false)), idle(0.2), up(0.3, 187)]
      + [down(1, 187), idle(1.5), up(1.6, 187)]
    #expect(
      try replay(phone(), events) == [
        interaction(0.15, .continuous), background(0.15, true),
        interaction(0.3, .none), background(0.3, false),
        transition(1.6, 0, 1, .tap), interaction(1.6, .discrete),
      ])
  }

  @Test func minimalStyleDropsTheDefaultPaddingUnlessItIsExplicit() throws {
    // 30 pages in 120 pt: floor((120 - 28) / 16) = 5 slots; with no padding floor(120/16) = 7.
    let narrow = { (padding: Double?) in
      var configuration = PageControlConfiguration(
        pages: 30, control: Rect(x: 0, y: 0, width: 120, height: 30))
      configuration.padding = padding
      return configuration
    }
    var engine = try PageControlEngine(narrow(nil))
    try engine.handle(set(0, .init(style: .minimal))) { _ in }
    #expect(engine.control(forSession: nil)?.layout.capacity == 7)
    try engine.handle(set(1, .init(style: .automatic))) { _ in }
    #expect(engine.control(forSession: nil)?.layout.capacity == 5)
    var explicit = try PageControlEngine(narrow(14))
    try explicit.handle(set(0, .init(style: .minimal))) { _ in }
    #expect(explicit.control(forSession: nil)?.layout.capacity == 5)
  }
}

/// docs/behaviour/programmatic-changes.md, "Background": the background.
@Suite struct BackgroundTests {
  let scrub = [down(0, 187), move(0.01, 203), move(0.02, 219), up(0.3, 219)]

  @Test func automaticShowsItOnlyDuringAScrub() throws {
    #expect(
      try replay(phone(), scrub).filter { $0.type == .background } == [
        background(0.01, true), background(0.3, false),
      ])
  }

  @Test func prominentAndMinimalNeverChangeIt() throws {
    for style in [BackgroundStyle.prominent, .minimal] {
      let records = try replay(phone { $0.style = style }, scrub)
      #expect(records.allSatisfy { $0.type != .background })
      // Scrubbing still works with minimal (as UIKit does).
      #expect(records.contains(transition(0.02, 0, 1, .scrub)))
    }
  }
}

/// docs/behaviour/contacts-and-taps.md, "Disabled or hidden": disabled and hidden controls.
@Suite struct DisabledTests {
  let everything =
    tap(0, 187) + [pointer(.down, 1, 235), pointer(.up, 1.05, 235), focus(2), key(3, .right)]
    + [a11y(4, .increment), down(5, 187), idle(5.5), up(6, 187)]

  @Test func aDisabledControlIgnoresAllInputButSetAndTheTimer() throws {
    let configuration = phone {
      $0.enabled = false
      $0.progress = TimerProgress(duration: 2.5)
    }
    #expect(
      try transitions(configuration, everything + [set(7, .init(current: 5))]) == [
        transition(2.5, 0, 1, .timer), transition(5, 1, 2, .timer), transition(7, 2, 5, .program),
      ])
  }

  @Test func aHiddenSinglePageControlIgnoresInputUntilItHasPages() throws {
    let configuration = phone(pages: 1) { $0.hidesForSinglePage = true }
    #expect(try replay(configuration, everything).isEmpty)
    // Three pages sit at 179, 195, 211: a tap at 250 is after page 0.
    #expect(
      try transitions(configuration, [set(0, .init(pages: 3))] + tap(1, 250)) == [
        transition(1.05, 0, 1, .tap)
      ])
    // Not hidden when the flag is off: the hold begins a scrub (docs/behaviour/scrubbing.md, "Scrubs with few
    // pages").
    #expect(try replay(phone(pages: 1), [down(0, 195), idle(0.2)]).count == 2)
  }

  @Test func becomingHiddenCancelsTheTrackedTouch() throws {
    let configuration = phone(pages: 3) { $0.hidesForSinglePage = true }
    let events = [down(0, 187), idle(0.2), set(0.3, .init(pages: 1)), up(0.4, 187)]
    #expect(
      try replay(configuration, events) == [
        interaction(0.15, .continuous), background(0.15, true),
        interaction(0.3, .none), background(0.3, false),
      ])
  }

  @Test func focusIsKeptWhileDisabled() throws {
    // Focus events are ignored while disabled (the `focus none` at 2 does nothing).
    let events = [
      focus(0), set(1, .init(enabled: false)), focus(2, false), set(3, .init(enabled: true)),
      key(4, .right),
    ]
    #expect(try transitions(phone(), events) == [transition(4, 0, 1, .key)])
  }
}
