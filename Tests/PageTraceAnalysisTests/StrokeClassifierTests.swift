import PageTraceAnalysis
import PageTraceTestSupport
import Testing

@testable import PageTrace

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

  @Test func holdIsComparedAsADueTimeLikeTheReducer() {
    // 3.15 - 3.0 is 0.1499999999999999 as a difference, but the due time 3.0 + 0.15 is 3.15:
    // released exactly then, the press has begun a scrub in replay, so it is a long press.
    #expect(classify([down(3.0, 100, 400), up(3.15, 100, 400)]).map(\.kind) == [.longPress])
    var engine = try! PageControlEngine(phone())
    let records = try! engine.records(for: [down(3.0, 200, y0), up(3.15, 200, y0)])
    #expect(records.contains { $0.content == .interaction(.continuous) && $0.time == 3.15 })
  }

  @Test func aStrokeThatTravelledScrubTravelIsNeverATap() {
    // Out 20 pt and back: replay begins a scrub at the move, so it is no tap.
    let strokes = classify([down(0, 100, 400), move(0.02, 120, 400), up(0.05, 100, 400)])
    #expect(strokes.map(\.kind) == [.drag])
  }

  @Test func withoutAContainerOnlyTheVelocityRuleMakesASwipe() {
    var configuration = phone()
    configuration.container = nil
    var classifier = StrokeClassifier(configuration)
    #expect(classifier.swipeRule == .velocity)
    #expect(StrokeClassifier(phone()).swipeRule == .container)
    var kinds: [StrokeClassifier.Kind] = []
    // 200 pt slowly: half of any frame, but no frame to measure: a drag.
    for event in [down(0, 300, 400), move(1, 100, 400), up(2, 100, 400)] {
      classifier.handle(event) { kinds.append($0.kind) }
    }
    // 60 pt fast: the velocity rule still applies.
    for event in [
      down(3, 300, 400), move(3.01, 280, 400), move(3.02, 250, 400), up(3.025, 240, 400),
    ] {
      classifier.handle(event) { kinds.append($0.kind) }
    }
    #expect(kinds == [.drag, .swipe])
  }

  /// 20,000 fingers down at once, 10,000 per session with the same ids in both, lifted in
  /// the reverse order: each stroke is its own finger's (issue 20, item 8: fingers are found
  /// by a lookup, not a scan). Every third finger lifts 20 pt to the right of its down point
  /// (past the 16 pt of scrubTravel, slowly: a drag); the others lift where they went down
  /// after more than scrubDelay (a long press).
  @Test func twentyThousandFingersDownAtOnce() {
    let perSession = 10_000
    var events: [PageControlEvent] = []
    func x(_ finger: Int) -> Double { Double(100 + finger % 100) }
    for session in ["a", "b"] {
      for finger in 0..<perSession {
        let t = Double(events.count) / 1000
        events.append(down(t, x(finger), 400, id: .number(Double(finger)), session: session))
      }
    }
    var expected: [(session: String, finger: Int, start: Double, dx: Double)] = []
    for session in ["b", "a"] {
      for finger in (0..<perSession).reversed() {
        let start = Double((session == "a" ? 0 : perSession) + finger) / 1000
        let dx: Double = finger % 3 == 0 ? 20 : 0
        let t = 100 + Double(expected.count) / 1000
        events.append(
          up(t, x(finger) + dx, 400, id: .number(Double(finger)), session: session))
        expected.append((session, finger, start, dx))
      }
    }
    let strokes = classify(events)
    #expect(strokes.count == 2 * perSession)
    var mismatches = 0
    for (stroke, want) in zip(strokes, expected) {
      let kind: StrokeClassifier.Kind = want.dx == 0 ? .longPress : .drag
      if stroke.session != want.session || stroke.id != .number(Double(want.finger))
        || stroke.start != want.start || stroke.dx != want.dx || stroke.kind != kind
        || stroke.startX != x(want.finger)
      {
        mismatches += 1
      }
    }
    #expect(mismatches == 0)
    #expect(strokes.filter { $0.kind == .drag }.count == 2 * 3334)  // 0, 3, …, 9999
  }
}
