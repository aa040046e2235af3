import PageTraceTestSupport
import Testing

@testable import PageTrace
@testable import PageTraceAnalysis

/// The forms chosen for speed in the stroke classifier and the statistics (issue 24), each
/// against the general form it replaced.
@Suite struct ClassifierFastPathTests {
  /// One ring of (time, x, y) keeps what two `_VelocityTracker`s of (time, offset) keep: every
  /// velocity along x and y is the same double, through bursts that grow the ring, gaps that
  /// empty the window, repeated times and resets.
  @Test func oneRingGivesTheVelocitiesOfTwoTrackers() {
    var random = SeededRandom(for: "ClassifierFastPathTests")
    var samples = _StrokeSamples()
    var alongX = _VelocityTracker()
    var alongY = _VelocityTracker()
    var compared = 0
    for _ in 0..<300 {
      samples.reset()
      alongX.reset()
      alongY.reset()
      var t = random.unit() * 100
      for _ in 0..<(1 + random.below(120)) {
        switch random.below(4) {
        case 0: t += random.unit() * 0.001  // a burst: many samples within the window
        case 1: t += random.unit() * 0.2  // a gap past the window
        case 2: break  // the same time again
        default: t += random.unit() * 0.03
        }
        let (x, y) = (random.unit() * 800 - 200, random.unit() * 900 - 50)
        samples.add(time: t, x: x, y: y)
        alongX.add(time: t, offset: x)
        alongY.add(time: t, offset: y)
        for release in [t, t + 0.01, t + 0.04, t + 0.05] {
          let vx = alongX.velocity(releaseTime: release)
          let vy = alongY.velocity(releaseTime: release)
          #expect(samples.velocity(releaseTime: release, along: .x).bitPattern == vx.bitPattern)
          #expect(samples.velocity(releaseTime: release, along: .y).bitPattern == vy.bitPattern)
          compared += 1
        }
      }
    }
    #expect(compared > 1000)
    // No sample: no velocity.
    #expect(_StrokeSamples().velocity(releaseTime: 1, along: .x) == 0)
  }

  /// The short list of fingers down, then the dictionary past ``_OpenStrokes/listLimit``,
  /// against a dictionary alone, through random downs and ups of up to 40 fingers.
  @Test func openStrokesAgreeWithADictionary() {
    var random = SeededRandom(for: "ClassifierFastPathTests")
    var open = _OpenStrokes()
    var model: [_OpenStroke: Int32] = [:]
    for step in 0..<20_000 {
      let key = _OpenStroke(
        session: random.below(3),
        id: random.below(5) == 0
          ? .name(Int32(random.below(20))) : .number(Double(random.below(20))))
      #expect(open[key] == model[key])
      if model[key] == nil {
        // Fewer downs than ups now and then, so the count falls back to 0.
        if (step / 2000) % 2 == 0 || random.below(4) == 0 {
          open.insert(key, slot: Int32(step))
          model[key] = Int32(step)
        }
      } else if random.below(3) > 0 || (step / 2000) % 2 == 1 {
        open.remove(key)
        model[key] = nil
      }
      #expect(open.isEmpty == model.isEmpty)
    }
    for (key, slot) in model { #expect(open[key] == slot) }
  }

  /// Interleaving the strokes of many fingers (more than ``_OpenStrokes/listLimit`` at once)
  /// changes none of them: classified together they are what each finger's strokes are
  /// classified alone.
  @Test func manyFingersAtOnceAreEachClassifiedAsAlone() {
    var random = SeededRandom(for: "ClassifierFastPathTests")
    var all: [(t: Double, event: PageControlEvent)] = []
    var alone: [StrokeClassifier.Stroke] = []
    for finger in 0..<24 {
      var events: [PageControlEvent] = []
      var t = random.unit()
      for _ in 0..<4 {
        var (x, y) = (random.unit() * 390, random.unit() * 844)
        events.append(
          PageControlEvent(time: t, .touch(.down, id: .number(Double(finger)), x: x, y: y)))
        for _ in 0..<random.below(12) {
          t += random.unit() * 0.03
          x += random.unit() * 40 - 20
          y += random.unit() * 10 - 5
          events.append(
            PageControlEvent(time: t, .touch(.move, id: .number(Double(finger)), x: x, y: y)))
        }
        t += random.unit() * 0.03
        let phase: TouchPhase = random.below(8) == 0 ? .cancel : .up
        events.append(
          PageControlEvent(time: t, .touch(phase, id: .number(Double(finger)), x: x, y: y)))
        t += random.unit() * 0.5
      }
      var classifier = StrokeClassifier(constants: .uikit)
      for event in events { classifier.handle(event) { alone.append($0) } }
      all += events.map { ($0.time, $0) }
    }
    all.sort { $0.t < $1.t }  // a stable merge: each finger's events stay in order
    var classifier = StrokeClassifier(constants: .uikit)
    var together: [StrokeClassifier.Stroke] = []
    for (_, event) in all { classifier.handle(event) { together.append($0) } }
    func key(_ stroke: StrokeClassifier.Stroke) -> String { "\(stroke.id) \(stroke.start)" }
    #expect(together.count == 24 * 4)
    #expect(together.sorted { key($0) < key($1) } == alone.sorted { key($0) < key($1) })
  }

  /// The time on pages below 1,024 (in an array) and above (in a dictionary), and the
  /// transitions by cause (counted in place), as the records give them, merged too.
  @Test func pageTimesAndCausesAboveAndBelowTheArray() {
    var statistics = TraceStatistics(
      PageControlConfiguration(pages: 5000, control: Rect(x: 0, y: 780, width: 390, height: 30)))
    statistics.observe(EngineEvent(time: 0, .focus(true)))
    // Page 0 for 1 s, page 2000 for 2 s, page 3 for 0.5 s, page 2000 again for 1.5 s, then
    // page 1023 (the last in the array) and 1024 (the first beyond it) for 0 s each.
    let steps: [(Double, Int, TransitionCause)] = [
      (1, 2000, .key), (3, 3, .program), (3.5, 2000, .key), (5, 1023, .timer), (5, 1024, .key),
    ]
    var page = 0
    for (time, to, cause) in steps {
      statistics.observe(EngineEvent(time: time, .focus(true)))
      let transition = PageTransition(
        from: page, to: to, animated: false, interaction: .none, cause: cause)
      statistics.observe(
        EngineRecord(time: time, session: .defaultSession, .transition(transition)))
      page = to
    }
    statistics.finish()
    #expect(statistics.timeOnPage == [0: 1, 2000: 3.5, 3: 0.5, 1023: 0, 1024: 0])
    #expect(statistics.transitionsByCause == [.key: 3, .program: 1, .timer: 1])
    #expect(statistics.transitions == 5)
    var twice = statistics
    twice.merge(statistics)
    #expect(twice.timeOnPage == [0: 2, 2000: 7, 3: 1, 1023: 0, 1024: 0])
    #expect(twice.transitionsByCause == [.key: 6, .program: 2, .timer: 2])
  }
}
