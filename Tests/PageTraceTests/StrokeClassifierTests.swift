import Testing

@testable import PageTrace
import PageTraceAnalysis

/// `classify`: the recognizers' constants decide each stroke (phone screen 390 × 844).
@Suite struct StrokeClassifierTests {
  func classify(_ events: [PageControlEvent]) -> [StrokeClassifier.Stroke] {
    var classifier = StrokeClassifier(phone())
    var strokes: [StrokeClassifier.Stroke] = []
    for event in events { classifier.handle(event) { strokes.append($0) } }
    return strokes
  }

  @Test func shortStrokesAreTapsOrLongPressesByScrubDelay() {
    #expect(classify(tap(0, 100, 400, hold: 0.149)).map(\.kind) == [.tap])
    #expect(classify(tap(0, 100, 400, hold: 0.15)).map(\.kind) == [.longPress])
    // 15.9 pt of travel is still short.
    #expect(classify([down(0, 100, 400), up(0.05, 115.9, 400)]).map(\.kind) == [.tap])
  }

  @Test func swipesPassTheSwipeRuleAlongTheirDominantAxis() {
    // 60 pt left fast: a swipe along x, velocity (250 - 300) / 0.02 = -2500.
    let fast = classify([
      down(0, 300, 400), move(0.01, 280, 400), move(0.02, 250, 400), up(0.025, 240, 400),
    ])
    #expect(fast.map(\.kind) == [.swipe])
    #expect(fast.first?.dominantAxis == .x)
    #expect(fast.first?.velocity == (250 - 300) / 0.02)
    #expect(fast.first?.dx == -60)
    #expect(fast.first?.duration == 0.025)
    // The same fast flick upwards: a swipe along y.
    let upwards = classify([
      down(0, 100, 500), move(0.01, 100, 480), move(0.02, 100, 450), up(0.025, 100, 440),
    ])
    #expect(upwards.map(\.kind) == [.swipe])
    #expect(upwards.first?.dominantAxis == .y)
    // Slow and short: a drag; half the screen (195 pt) slowly: a swipe.
    #expect(
      classify([down(0, 300, 400), move(1, 260, 400), up(2, 260, 400)]).map(\.kind) == [.drag])
    #expect(
      classify([down(0, 300, 400), move(1, 105, 400), up(2, 105, 400)]).map(\.kind) == [.swipe])
  }

  @Test func cancelledStrokesAndSeveralFingers() {
    let events = [
      down(0, 100, 400, id: 1), down(0.01, 200, 400, id: 2), cancel(0.05, id: 1),
      up(0.06, 200, 400, id: 2),
    ]
    #expect(classify(events).map(\.kind) == [.cancelled, .tap])
  }
}
