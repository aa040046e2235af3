import PageTraceAnalysis
import PageTraceTestSupport
import Testing

@testable import PageTrace

/// docs/behaviour/lint.md, "Lint rules": every rule, on both sides of its boundary.
@Suite struct GuidelineLintTests {
  func rules(_ adjust: (inout PageControlConfiguration) -> Void) -> [GuidelineLint.Rule] {
    GuidelineLint.check(phone(adjust)).map(\.rule)
  }

  @Test func pageCounts() {
    #expect(rules { $0.pages = 10 }.isEmpty)
    #expect(rules { $0.pages = 11 } == [.manyPages])
    #expect(rules { $0.pages = 20 } == [.manyPages])
    #expect(rules { $0.pages = 21 } == [.manyPages, .tooManyPages])
  }

  @Test func clippedDotsOnlyWithoutWindowing() {
    // 8 pages in a 120 pt control: 5 fit.
    let narrow = Rect(x: 0, y: 780, width: 120, height: 30)
    #expect(
      rules {
        $0.control = narrow; $0.profile = .legacy
      } == [.dotsClipped])
    #expect(rules { $0.control = narrow }.isEmpty)  // uikit windows them
    #expect(rules { $0.profile = .legacy }.isEmpty)  // all 8 fit in 390 pt
  }

  @Test func headerPlacement() {
    #expect(
      rules {
        $0.placement = .header; $0.pages = 3
      }.isEmpty)
    #expect(
      rules {
        $0.placement = .header; $0.pages = 4
      } == [.headerWithManyPages])
  }

  @Test func minimalWithScrubbing() {
    #expect(rules { $0.style = .minimal } == [.minimalWithScrubbing])
    #expect(
      rules {
        $0.style = .minimal; $0.continuous = false
      }.isEmpty)
    #expect(
      rules {
        $0.style = .minimal; $0.profile = .android
      }.isEmpty)  // cannot scrub
  }

  @Test func indicatorImages() {
    #expect(rules { $0.indicatorImages = ["default": "dot", "0": "house", "1": "dot"] }.isEmpty)
    #expect(
      rules { $0.indicatorImages = ["default": "dot", "0": "house", "1": "star"] } == [
        .manyIndicatorImages
      ])
  }

  @Test func singlePageShown() {
    #expect(rules { $0.pages = 1 } == [.singlePageShown])
    #expect(
      rules {
        $0.pages = 1; $0.hidesForSinglePage = true
      }.isEmpty)
    #expect(rules { $0.pages = 2 }.isEmpty)
  }

  @Test func traceBehaviourIsReportedOncePerSession() throws {
    var engine = try PageControlEngine(phone(pages: 30) { $0.style = .minimal })
    var watch = GuidelineLint.TraceWatch()
    // Two scrubs (one finding), then twelve taps after the current dot (one finding).
    var events = [
      down(0, 187), move(0.01, 203), up(0.3, 203), down(1, 187), move(1.01, 203), up(1.3, 203),
    ]
    for i in 0..<12 { events += tap(2 + Double(i), 380) }
    for event in events {
      try engine.handle(event) { watch.observe($0) }
      watch.observe(engine.control(forSession: nil)!)
    }
    #expect(watch.findings.map(\.rule) == [.scrubOnMinimal, .manyPagesByTaps])
  }
}
