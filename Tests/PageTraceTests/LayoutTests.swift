import PageTraceTestSupport
import Testing

@testable import PageTrace

/// docs/behaviour/layout.md, "Visible window" and "Slots".
@Suite struct LayoutTests {
  @Test func capacityIsWhatFitsBetweenThePaddingsAndAtLeastOne() {
    #expect(IndicatorLayout(pages: 8, length: 390, pitch: 16, padding: 14).capacity == 22)
    #expect(IndicatorLayout(pages: 30, length: 120, pitch: 16, padding: 14).capacity == 5)
    #expect(IndicatorLayout(pages: 30, length: 10, pitch: 16, padding: 14).capacity == 1)
    #expect(IndicatorLayout(pages: 3, length: 1e300, pitch: 16, padding: 14).capacity > 0)
  }

  @Test func allDotsFitCentred() {
    let layout = IndicatorLayout(pages: 8, length: 390, pitch: 16, padding: 14)
    #expect(!layout.isWindowed)
    #expect((0..<8).map { layout.centre(ofPage: $0) } == (0..<8).map { dot($0) })
  }

  @Test func slotsHitTestOnTheNearestCentreWithinHalfAPitch() {
    let layout = IndicatorLayout(pages: 8, length: 390, pitch: 16, padding: 14)
    #expect(layout.page(atOffset: 139) == 0)
    #expect(layout.page(atOffset: 147) == 0)  // exactly between: the earlier page
    #expect(layout.page(atOffset: 147.001) == 1)
    #expect(layout.page(atOffset: 131) == 0)  // pitch/2 before the first dot still counts
    #expect(layout.page(atOffset: 130.99) == nil)
    #expect(layout.page(atOffset: 259) == 7)
    #expect(layout.page(atOffset: 259.01) == nil)
    #expect(
      IndicatorLayout(pages: 0, length: 390, pitch: 16, padding: 14).page(atOffset: 195) == nil)
  }

  @Test func theWindowKeepsTwoSlotsOfMarginAndStopsAtTheEnds() {
    // 30 pages, 6 slots (floor(102 / 16)): margin min(2, 5 / 2) = 2.
    var layout = IndicatorLayout(pages: 30, length: 130, pitch: 16, padding: 14)
    #expect(layout.capacity == 6)
    // Forward one page at a time: the page may sit up to 3 slots in, so start = p - 3.
    for page in 0..<30 {
      layout.reveal(page: page)
      #expect(layout.windowStart == max(0, min(24, page - 3)), "forward to \(page)")
    }
    // Backward from the end: the window keeps 2 slots before the page, so start = p - 2.
    for page in stride(from: 29, through: 0, by: -1) {
      layout.reveal(page: page)
      #expect(layout.windowStart == max(0, min(24, page - 2)), "back to \(page)")
    }
  }

  @Test func smallWindowsHaveSmallerMargins() {
    // 4 slots: margin 1; 1 slot: margin 0.
    var four = IndicatorLayout(pages: 10, length: 92, pitch: 16, padding: 14)
    #expect(four.capacity == 4)
    four.reveal(page: 3)
    #expect(four.windowStart == 1)
    var one = IndicatorLayout(pages: 10, length: 20, pitch: 16, padding: 0)
    #expect(one.capacity == 1)
    one.reveal(page: 6)
    #expect(one.windowStart == 6)
  }

  @Test func aWindowedLayoutHitTestsTheVisiblePages() {
    var layout = IndicatorLayout(pages: 30, length: 120, pitch: 16, padding: 14)
    layout.reveal(page: 10)
    #expect(layout.windowStart == 8)
    // Slots at 28, 44, 60, 76, 92 show pages 8 to 12.
    #expect([28, 44, 60, 76, 92].map { layout.page(atOffset: $0) } == [8, 9, 10, 11, 12])
  }
}

/// Windowed controls through the engine: 30 pages in a 120 pt frame (5 slots).
@Suite struct WindowedControlTests {
  let narrow = PageControlConfiguration(
    pages: 30, control: Rect(x: 0, y: 780, width: 120, height: 30))

  @Test func theWindowFollowsThePageAtBothEnds() throws {
    var engine = try PageControlEngine(narrow)
    var starts: [Int] = []
    for t in 0..<29 {
      try engine.handle(a11y(Double(t), .increment)) { _ in }
      starts.append(engine.control(forSession: nil)!.layout.windowStart)
    }
    // Pages 1...29: start = page - 2, clamped to 0...25.
    #expect(starts == (1...29).map { max(0, min(25, $0 - 2)) })
    try engine.handle(key(40, .tab)) { _ in }
    try engine.handle(key(41, .home)) { _ in }
    #expect(engine.control(forSession: nil)!.layout.windowStart == 0)
  }

  @Test func pastTheEdgeAWindowedControlJogs() throws {
    // Down at 100, travel to 130: 10 pt past the 120 edge. Jog rate
    // min(13, 2 * 1.6^(10/5)) = 5.12 pages/s (1.6^2 is 1.6 * 1.6 exactly rounded).
    let interval = 1 / (2 * (1.6 * 1.6))
    var engine = try PageControlEngine(narrow)
    let records = try engine.records(for: [down(0, 100), move(0.05, 130), up(0.5, 130)])
    #expect(
      records.filter { $0.type == .transition } == [
        transition(0.05, 0, 1, .jog), transition(0.05 + interval, 1, 2, .jog),
        transition(0.05 + interval + interval, 2, 3, .jog),
      ])
    // Page 3 with 5 slots and margin 2: the window moved to start at 1.
    #expect(engine.control(forSession: nil)!.layout.windowStart == 1)
  }

  @Test func theJogRateIsCappedByRubberBandAndJogMaxRate() throws {
    // 30 pt past the edge counts as rubberBand = 20: 2 * 1.6^4 = 13.1 > 13, so 13 pages/s.
    let events = [down(0, 100), move(0.05, 150), up(0.3, 150)]
    #expect(
      try transitions(narrow, events) == [
        transition(0.05, 0, 1, .jog), transition(0.05 + 1.0 / 13, 1, 2, .jog),
        transition(0.05 + 1.0 / 13 + 1.0 / 13, 2, 3, .jog),
        transition(0.05 + 1.0 / 13 + 1.0 / 13 + 1.0 / 13, 3, 4, .jog),
      ])
    var slower = narrow
    slower.constants.jogMaxRate = 4
    #expect(try transitions(slower, events).count == 2)  // 0.05 and 0.3 (0.05 + 0.25)
  }

  @Test func theJogIntervalFollowsTheLatestSample() throws {
    // docs/behaviour/scrubbing.md, "Edge stepping and jog": at 0.1 the finger goes 20 pt past (13 pages/s);
    // the pending step, due at 0.05 + 1/5.12, is rescheduled to max(0.1, 0.05 + 1/13). The next
    // would be at 0.05 + 2/13 > 0.2, after the lift.
    let events = [down(0, 100), move(0.05, 130), move(0.1, 140), up(0.2, 140)]
    #expect(
      try transitions(narrow, events) == [
        transition(0.05, 0, 1, .jog), transition(0.05 + 1.0 / 13, 1, 2, .jog),
      ])
    // Staying 10 pt past, the second step would come only at 0.05 + 1/5.12 > 0.2.
    let steady = [down(0, 100), move(0.05, 130), up(0.2, 130)]
    #expect(try transitions(narrow, steady) == [transition(0.05, 0, 1, .jog)])
  }
}

/// docs/behaviour/, "Axis and direction", "Slots" and "Key directions".
@Suite struct MirroringTests {
  let vertical = Rect(x: 350, y: 100, width: 30, height: 390)

  func configured(_ direction: LayoutDirection, control: Rect = phoneControl)
    -> PageControlConfiguration
  {
    var configuration = phone()
    configuration.control = control
    configuration.direction = direction
    return configuration
  }

  @Test func rightToLeftPutsPageZeroOnTheRight() throws {
    // Page 0's dot is at 390 - 139 = 251; left of it is forward.
    let rtl = configured(.rightToLeft)
    #expect(try transitions(rtl, tap(0, 200)) == [transition(0.05, 0, 1, .tap)])
    #expect(try transitions(rtl, tap(0, 300)).isEmpty)
    // Exactly between page 0 (251) and page 1 (235): the earlier page.
    let click = [pointer(.down, 0, 243), pointer(.up, 0.05, 243)]
    #expect(
      try transitions(phone(current: 3) { $0.direction = .rightToLeft }, click) == [
        transition(0.05, 3, 0, .pointer)
      ])
  }

  @Test func rightToLeftScrubsAndSwipesMirror() throws {
    let rtl = configured(.rightToLeft)
    let scrub = [down(0, 251), move(0.01, 235), move(0.02, 219), up(0.3, 219)]
    #expect(try transitions(rtl, scrub) == [transition(0.02, 0, 1, .scrub)])
    // The finger moving right shows the next page.
    let swipe = [down(0, 100, 400), move(0.01, 130, 400), up(0.02, 140, 400)]
    #expect(try transitions(rtl, swipe) == [transition(0.02, 0, 1, .swipe)])
  }

  @Test func topToBottomRunsDown() throws {
    // Page 0's dot is at y 100 + 139 = 239.
    let ttb = configured(.topToBottom, control: vertical)
    #expect(try transitions(ttb, tap(0, 365, 300)) == [transition(0.05, 0, 1, .tap)])
    #expect(try transitions(ttb, tap(0, 365, 200)).isEmpty)
    // A swipe up shows the next page.
    let swipe = [down(0, 100, 600), move(0.01, 100, 560), up(0.02, 100, 550)]
    #expect(try transitions(ttb, swipe) == [transition(0.02, 0, 1, .swipe)])
  }

  @Test func bottomToTopRunsUp() throws {
    // Page 0's dot is at y 100 + 390 - 139 = 351; the top edge is the trailing edge.
    let btt = configured(.bottomToTop, control: vertical)
    #expect(try transitions(btt, tap(0, 365, 300)) == [transition(0.05, 0, 1, .tap)])
    #expect(try transitions(btt, tap(0, 365, 400)).isEmpty)
    let pastTop = [down(0, 365, 110), move(0.02, 365, 94), up(0.2, 365, 94)]
    #expect(
      try transitions(btt, pastTop) == [
        transition(0.02, 0, 1, .scrub), transition(0.02 + 0.125, 1, 2, .scrub),
      ])
  }
}
