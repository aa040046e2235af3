import PageTraceTestSupport
import Testing

@testable import PageTrace

/// docs/behaviour/pointer-and-content-swipe.md, "Content mode": no control; content swipes over
/// the container (the whole plane without one), keys and actions move a page index that is
/// unbounded without `pages`. Every expectation is worked by hand from the swipe rule
/// (`swipeDistance` 25 pt, `swipeVelocity` 400 pt/s, the half-frame rule) and the records of
/// one discrete change (transition, interaction).
@Suite struct ContentModeTests {
  /// Content mode: no control, `pages` as given (`nil`: unbounded).
  static func content(
    pages: Int? = nil, current: Int = 0,
    _ adjust: (inout PageControlConfiguration) -> Void = { _ in }
  ) -> PageControlConfiguration {
    var configuration = PageControlConfiguration(pages: pages, control: nil)
    configuration.current = current
    adjust(&configuration)
    return configuration
  }

  /// A quick horizontal drag of `distance` in 0.1 s: the last move, 0.01 s before the up (not
  /// rested), is 0.9 × distance from the down 0.09 s earlier: 10 × |distance| pt/s, 1000 pt/s
  /// for 100 pt, past both swipe thresholds. `by` < 0 moves the finger left (the next page in
  /// `ltr`).
  static func flick(_ t: Double, by distance: Double, y: Double = 400) -> [PageControlEvent] {
    [
      down(t, 300, y), move(t + 0.05, 300 + distance / 2, y),
      move(t + 0.09, 300 + distance * 0.9, y), up(t + 0.1, 300 + distance, y),
    ]
  }

  @Test func aSwipeAnywhereTurnsThePageWithoutAControlOrContainer() throws {
    // The finger moves left 100 pt at 1000 pt/s: next page, 0 → 1, at the up.
    #expect(
      try replay(Self.content(), Self.flick(0, by: -100)) == [
        transition(0.1, 0, 1, .swipe), interaction(0.1, .discrete),
      ])
  }

  @Test func anUnboundedIndexGoesBelowZero() throws {
    // Two swipes to the right from page 0: 0 → -1 at 0.1, then -1 → -2 at 1.1 (the reset of
    // the first change falls due at 0.1 + 0.3, before the second swipe's down at 1).
    let events = Self.flick(0, by: 100) + Self.flick(1, by: 100)
    #expect(
      try transitions(Self.content(), events) == [
        transition(0.1, 0, -1, .swipe), transition(1.1, -1, -2, .swipe),
      ])
  }

  @Test func givenPagesBoundTheIndexAsUsual() throws {
    // With 8 pages, page 0 has no previous page: the swipe to the right writes nothing.
    #expect(try replay(Self.content(pages: 8), Self.flick(0, by: 100)).isEmpty)
    // And the last page has no next one.
    #expect(try replay(Self.content(pages: 8, current: 7), Self.flick(0, by: -100)).isEmpty)
  }

  @Test func theWholePlaneHasNoHalfFrameRule() throws {
    // A slow drag of 300 pt: the last sample is alone in its 0.1 s window, so the velocity is
    // 0 and only the half-frame rule could apply. Over the whole plane it cannot...
    let slow = [down(0, 50, 400), move(1, 200, 400), up(2, 350, 400)]
    #expect(try replay(Self.content(), slow).isEmpty)
    // ...over a 390 pt container 300 pt is more than half of it: the previous page.
    let framed = Self.content { $0.container = Rect(x: 0, y: 0, width: 390, height: 844) }
    #expect(try transitions(framed, slow) == [transition(2, 0, -1, .swipe)])
    // A drag that starts outside the container is not over the content.
    let outside = [down(0, 500, 400), move(1, 600, 400), up(2, 800, 400)]
    #expect(try replay(framed, outside).isEmpty)
  }

  @Test func pointerPressesAndTapsFindNoControl() throws {
    // A pointer click at the point where a phone's control would be, and a short tap there.
    let events =
      [pointer(.down, 0, 187), pointer(.up, 0.05, 187)] + tap(1, 187)
    #expect(try replay(Self.content(pages: 8), events).isEmpty)
  }

  @Test func keysAndActionsMoveAnUnboundedIndexButHomeAndEndDoNothing() throws {
    // From -5: focus, home and end (no first or last page: nothing), right → -4 (discrete
    // until 0.3 + 0.3), then an accessibility increment → -3, announced "Page -2" (1-based,
    // no count).
    let events = [
      focus(0), key(0.1, .home), key(0.2, .end), key(0.3, .right), a11y(1, .increment),
    ]
    #expect(
      try replay(Self.content(current: -5), events) == [
        transition(0.3, -5, -4, .key), interaction(0.3, .discrete),
        interaction(0.6, .none), transition(1, -4, -3, .accessibility),
        interaction(1, .discrete),
        PageControlRecord(time: 1, .announcement(Announcement(page: -3, pageCount: nil))),
      ])
    #expect(Announcement(page: -3, pageCount: nil).text == "Page -2")
  }

  @Test func aSetPagesBoundsAnUnboundedIndex() throws {
    // From 5 unbounded, `set pages 3` clamps to the last page, 2, as a program transition.
    let control = try PageControl(Self.content(current: 5))
    #expect(control.pageCount == nil && control.currentPage == 5)
    #expect(
      try replay(Self.content(current: 5), [set(1, ProgrammaticChange(pages: 3))]) == [
        transition(1, 5, 2, .program)
      ])
  }

  @Test func validationAsksForPagesWithAControlAndBoundsAnUnboundedStart() {
    var withControl = PageControlConfiguration(pages: nil, control: phoneControl)
    #expect(throws: PageControlError.invalidConfiguration("pages")) { try withControl.validate() }
    withControl.pages = 8
    #expect(throws: Never.self) { try withControl.validate() }
    let far = Self.content(current: PageControlConfiguration.maximumUnboundedStart + 1)
    #expect(throws: PageControlError.invalidConfiguration("current")) { try far.validate() }
    #expect(far.isContentMode && !withControl.isContentMode)
  }
}
