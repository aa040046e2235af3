import PageTraceTestSupport
import Testing

@testable import PageTrace

/// docs/behaviour/, "Discrete state", "Same-instant order" and "Records only on change": the
/// discrete interaction state.
@Suite struct DiscreteStateTests {
  @Test func aSecondChangeDuringTheAnimationPushesTheResetBack() throws {
    // Tap 2 at 300 is far from tap 1 (no follow-up): dot rule, 1 → 2 at 0.25.
    let events = tap(0, 187) + tap(0.2, 300) + [idle(1)]
    #expect(
      try replay(phone(), events) == [
        transition(0.05, 0, 1, .tap), interaction(0.05, .discrete),
        transition(0.25, 1, 2, .tap),  // no interaction record: still discrete
        interaction(0.25 + 0.3, .none),
      ])
  }

  @Test func animationDurationIsOverridable() throws {
    let records = try replay(
      phone { $0.constants.animationDuration = 0.5 }, tap(0, 187) + [idle(1)])
    #expect(records.last == interaction(0.05 + 0.5, .none))
  }

  @Test func theResetIsNotWrittenAfterTheSessionsLastEvent() throws {
    // docs/behaviour/time.md, "After the last event": nothing after the last event.
    #expect(try replay(phone(), tap(0, 187)).count == 2)
  }

  @Test func aResetComesBeforeATimerAdvanceAtTheSameInstant() throws {
    // docs/behaviour/time.md, "Same-instant order". The tap at 0.05 restarts the timer (0.05 + 0.35)
    // and, with animationDuration 0.35, schedules the reset at the same instant. Reset first: the
    // timer's change then sets the state back to discrete with its own record.
    let configuration = phone {
      $0.constants.animationDuration = 0.35
      $0.progress = TimerProgress(duration: 0.35)
    }
    #expect(
      try replay(configuration, tap(0, 187) + [idle(0.5)]) == [
        transition(0.05, 0, 1, .tap), interaction(0.05, .discrete),
        interaction(0.05 + 0.35, .none),
        transition(0.05 + 0.35, 1, 2, .timer), interaction(0.05 + 0.35, .discrete),
      ])
  }
}

/// docs/behaviour/keyboard-and-accessibility.md, "Keyboard" and "Key directions": the keyboard.
@Suite struct KeyboardTests {
  @Test func keysActOnlyWithFocus() throws {
    let events = [key(0, .right), focus(1), key(2, .right), focus(3, false), key(4, .right)]
    #expect(
      try replay(phone(), events) == [
        transition(2, 0, 1, .key), interaction(2, .discrete), interaction(2 + 0.3, .none),
      ])
  }

  @Test func tabMovesFocusToTheControl() throws {
    #expect(
      try transitions(phone(), [key(0, .tab), key(1, .right)]) == [transition(1, 0, 1, .key)])
  }

  @Test func everyKeyLeftToRight() throws {
    let keys: [Key] = [.right, .down, .space, .left, .up, .end, .home]
    let events = [focus(0)] + keys.enumerated().map { key(Double($0.offset + 1), $0.element) }
    #expect(
      try transitions(phone(), events) == [
        transition(1, 0, 1, .key), transition(2, 1, 2, .key), transition(3, 2, 3, .key),
        transition(4, 3, 2, .key), transition(5, 2, 1, .key), transition(6, 1, 7, .key),
        transition(7, 7, 0, .key),
      ])
  }

  /// The page after pressing `key` once from page 3, by direction.
  func pageAfter(_ pressed: Key, _ direction: LayoutDirection) throws -> Int {
    let configuration = phone(current: 3) { $0.direction = direction }
    let records = try transitions(configuration, [focus(0), key(1, pressed)])
    guard case .transition(let transition)? = records.first?.content else { return 3 }
    return transition.to
  }

  @Test func arrowsFollowTheVisualDirection() throws {
    // docs/behaviour/keyboard-and-accessibility.md, "Key directions": rtl `left` is next; ttb `down`/`right` are next; btt
    // `up`/`right` are next.
    let table: [(LayoutDirection, next: [Key], previous: [Key])] = [
      (.leftToRight, [.right, .down], [.left, .up]),
      (.rightToLeft, [.left, .down], [.right, .up]),
      (.topToBottom, [.down, .right], [.up, .left]),
      (.bottomToTop, [.up, .right], [.down, .left]),
    ]
    for (direction, next, previous) in table {
      for pressed in next {
        #expect(try pageAfter(pressed, direction) == 4, "\(pressed) \(direction)")
      }
      for pressed in previous {
        #expect(try pageAfter(pressed, direction) == 2, "\(pressed) \(direction)")
      }
      // space, home and end do not mirror.
      #expect(try pageAfter(.space, direction) == 4)
      #expect(try pageAfter(.home, direction) == 0)
      #expect(try pageAfter(.end, direction) == 7)
    }
  }

  @Test func keysDoNotWrap() throws {
    let events = [focus(0), key(1, .right), key(2, .end), key(3, .space)]
    #expect(try transitions(phone(current: 7), events).isEmpty)
  }

  @Test func keysAreIgnoredDuringAScrubButFocusStillApplies() throws {
    let events = [
      down(0, 187), move(0.01, 203), focus(0.02), key(0.03, .right), up(0.3, 203), key(0.4, .right),
    ]
    #expect(try transitions(phone(), events) == [transition(0.4, 0, 1, .key)])
  }
}

/// docs/behaviour/keyboard-and-accessibility.md, "Accessibility" and "Announcements": accessibility and announcements.
@Suite struct AccessibilityTests {
  @Test func everyAccessibilityChangeIsAnnounced() throws {
    #expect(
      try replay(phone(), [a11y(1, .increment)]) == [
        transition(1, 0, 1, .accessibility), interaction(1, .discrete), spoken(1, 2, of: 8),
      ])
  }

  @Test func actionsMapToNextAndPrevious() throws {
    let actions: [AccessibilityAction] = [
      .increment, .activate, .scrollForward, .decrement, .scrollBackward,
    ]
    let events = actions.enumerated().map { a11y(Double($0.offset), $0.element) }
    #expect(
      try transitions(phone(), events) == [
        transition(0, 0, 1, .accessibility), transition(1, 1, 2, .accessibility),
        transition(2, 2, 3, .accessibility), transition(3, 3, 2, .accessibility),
        transition(4, 2, 1, .accessibility),
      ])
  }

  @Test func actionsClampAndAnnounceNothingWhenNothingChanged() throws {
    #expect(try replay(phone(), [a11y(0, .decrement)]).isEmpty)
    #expect(try replay(phone(current: 7), [a11y(0, .increment)]).isEmpty)
    #expect(try replay(phone(pages: 0), [a11y(0, .increment)]).isEmpty)
  }

  @Test func voiceOverAnnouncesEveryDiscreteChangeOnce() throws {
    let configuration = phone { $0.voiceOver = true }
    #expect(
      try replay(configuration, tap(0, 187) + [a11y(1, .increment)]) == [
        transition(0.05, 0, 1, .tap), interaction(0.05, .discrete), spoken(0.05, 2, of: 8),
        interaction(0.35, .none),
        transition(1, 1, 2, .accessibility), interaction(1, .discrete), spoken(1, 3, of: 8),
      ])
  }

  @Test func voiceOverAnnouncesAScrubOnceAtItsEndEvenIfNothingChanged() throws {
    let configuration = phone { $0.voiceOver = true }
    let events = [down(0, 187), move(0.01, 203), move(0.02, 219), up(0.3, 219)]
    #expect(
      try replay(configuration, events) == [
        interaction(0.01, .continuous), background(0.01, true), transition(0.02, 0, 1, .scrub),
        interaction(0.3, .none), background(0.3, false), spoken(0.3, 2, of: 8),
      ])
    let cancelled = [down(0, 187), idle(0.2), cancel(0.3)]
    #expect(try replay(configuration, cancelled).last == spoken(0.3, 1, of: 8))
  }

  @Test func aFlickIsAnnouncedAfterTheBackgroundRecord() throws {
    // docs/behaviour/time.md, "Records of one change": scrub end → flick transition, interaction,
    // background, announcement.
    let events = [down(0.2, 187), move(0.21, 203), move(0.25, 235), up(0.29, 240)]
    let tail = try replay(phone { $0.voiceOver = true }, events).suffix(4)
    #expect(
      Array(tail) == [
        transition(0.29, 2, 7, .flick), interaction(0.29, .none), background(0.29, false),
        spoken(0.29, 8, of: 8),
      ])
  }

  @Test func actionsAreIgnoredDuringAScrub() throws {
    let events = [down(0, 187), move(0.01, 203), a11y(0.02, .increment), up(0.3, 203)]
    #expect(try transitions(phone(), events).isEmpty)
  }

  @Test func programmaticChangesAreNeverAnnounced() throws {
    let records = try replay(
      phone { $0.voiceOver = true }, [set(1, ProgrammaticChange(current: 4))])
    #expect(records == [transition(1, 0, 4, .program)])
  }

  @Test func nothingIsAnnouncedWithoutPages() throws {
    let events = [down(0, 195), idle(0.2), up(0.3, 195)]
    #expect(
      try replay(phone(pages: 0) { $0.voiceOver = true }, events).allSatisfy {
        $0.type != .announcement
      })
  }
}
