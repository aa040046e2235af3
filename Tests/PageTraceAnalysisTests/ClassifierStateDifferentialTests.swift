import Testing

@testable import PageTrace
@testable import PageTraceAnalysis

/// The classifier's state as it keeps it (the recent finger's stroke in place with its
/// samples in an in-place ring, other fingers' strokes parked in a pool, a move of the recent
/// finger tested against its session and numeric id alone) against a model of the test's own
/// that keeps every sample of every finger in a dictionary of arrays and computes each ended
/// stroke from them by the rules of docs/behaviour/ ("Stroke classification", "Velocity").
@Suite struct ClassifierStateDifferentialTests {
  /// The model: every sample of each finger that is down, by session number and key.
  struct Model {
    struct Finger: Hashable {
      var session: Int
      var id: TouchKey
    }
    var down: [Finger: [(t: Double, x: Double, y: Double)]] = [:]

    /// What the model makes of `event`: the stroke it ends, as the fields of `_EndedStroke`.
    mutating func follow(_ event: EngineEvent) -> [Double]? {
      guard case .touch(let phase, let id, let x, let y) = event.action else { return nil }
      let finger = Finger(session: event.session.index, id: id)
      let t = event.time
      switch phase {
      case .down:
        guard let x, let y else { return nil }
        down[finger] = [(t, x, y)]  // a finger down again starts over
        return nil
      case .move:
        guard down[finger] != nil, let x, let y else { return nil }
        down[finger]!.append((t, x, y))
        return nil
      case .up, .cancel:
        guard let samples = down.removeValue(forKey: finger) else { return nil }
        let last = samples[samples.count - 1]
        let endX = phase == .up ? x ?? last.x : last.x
        let endY = phase == .up ? y ?? last.y : last.y
        // The path through every sample and the end point; the peak speed between them.
        let points = samples + [(t, endX, endY)]
        var path = 0.0
        var peak = 0.0
        for i in 1..<points.count {
          let (a, b) = (points[i - 1], points[i])
          let step = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
          path += step
          if b.t > a.t { peak = Swift.max(peak, step / (b.t - a.t)) }
        }
        // The farthest sample (not the end point) from the down point.
        let (downX, downY) = (samples[0].x, samples[0].y)
        var farthest = 0.0
        for s in samples {
          let dx = s.x - downX
          let dy = s.y - downY
          farthest = Swift.max(farthest, (dx * dx + dy * dy).squareRoot())
        }
        let alongX = abs(endX - downX) >= abs(endY - downY)
        // The release velocity: the last sample against the oldest within the window.
        var velocity = 0.0
        if t - last.t <= 0.04 {
          let oldest = samples.first { last.t - $0.t <= 0.1 }!
          let span = last.t - oldest.t
          if span > 0 {
            velocity = alongX ? (last.x - oldest.x) / span : (last.y - oldest.y) / span
          }
        }
        return [
          samples[0].t, t, downX, downY, endX, endY, alongX ? 0 : 1, velocity, farthest,
          phase == .cancel ? 1 : 0, path, peak,
        ]
      }
    }
  }

  /// The fields of an ended stroke, in the model's order.
  static func fields(_ ended: _EndedStroke) -> [Double] {
    [
      ended.start, ended.end, ended.startX, ended.startY, ended.endX, ended.endY,
      ended.axis == .x ? 0 : 1, ended.velocity, ended.farthest, ended.cancelled ? 1 : 0,
      ended.path, ended.peak,
    ]
  }

  /// Random fingers of a few sessions, one at a time or interleaved (up to 12 at once, past
  /// the short list of ``_OpenStrokes``), numeric and string ids, ids reused, a finger down
  /// again while down, moves and ups of fingers that are not down, coordinates missing,
  /// repeated times, bursts of samples (more than the 32 of the in-place ring within the
  /// window) and gaps, other events between: every ended stroke, bit for bit, and no other.
  @Test func everyEndedStrokeIsTheModels() {
    var random = SeededRandom(for: "ClassifierStateDifferentialTests")
    var compared = 0
    var spilled = 0
    for round in 0..<40 {
      var classifier = StrokeClassifier(constants: .uikit)
      var model = Model()
      var t = random.unit()
      let fingers = 1 + random.below(round % 4 == 0 ? 12 : 3)
      var burst = 0
      for _ in 0..<3000 {
        if burst > 0 {
          burst -= 1
          t += random.unit() * 0.001
        } else {
          switch random.below(10) {
          case 0: t += random.unit() * 0.3  // past the window
          case 1: break  // the same time again
          case 2:
            burst = 20 + random.below(60)  // faster than the ring holds
            spilled += 1
          default: t += random.unit() * 0.02
          }
        }
        let session = SessionID(Int32(random.below(fingers > 1 ? 2 : 1)))
        let number = random.below(fingers)
        let id: TouchKey =
          random.below(6) == 0 ? .name(Int32(number + 1)) : .number(Double(number))
        func coordinate() -> Double? {
          random.below(25) == 0 ? nil : random.unit() * 800 - 100
        }
        let phase: TouchPhase
        switch random.below(40) {
        case 0..<3: phase = .down
        case 3..<5: phase = .up
        case 5: phase = .cancel
        default: phase = .move
        }
        let event: EngineEvent
        if random.below(30) == 0 {
          event = EngineEvent(time: t, session: session, .focus(true))
        } else if phase == .move && burst == 0 && random.below(2) == 0 {
          // Most moves are of one finger, as in a trace: the recent finger's own path.
          event = EngineEvent(
            time: t, session: session, .touch(.move, id: id, x: coordinate(), y: coordinate()))
        } else {
          event = EngineEvent(
            time: t, session: session, .touch(phase, id: id, x: coordinate(), y: coordinate()))
        }
        let expected = model.follow(event)
        let ended = classifier._follow(event)
        #expect(ended == (expected != nil))
        if ended, let expected, let got = classifier._ended {
          let same = zip(Self.fields(got), expected).allSatisfy { $0.bitPattern == $1.bitPattern }
          #expect(same, "\(event): \(Self.fields(got)) against \(expected)")
          compared += 1
        }
      }
    }
    #expect(compared > 1000)
    #expect(spilled > 100)
  }

  /// One finger at a time, as most traces touch: long strokes of moves only (the move's own
  /// path), with bursts that fill the in-place ring, each against the model.
  @Test func longStrokesOfOneFinger() {
    var random = SeededRandom(for: "ClassifierStateDifferentialTests")
    var classifier = StrokeClassifier(constants: .uikit)
    var model = Model()
    var t = 0.0
    var compared = 0
    for stroke in 0..<300 {
      let id = TouchKey.number(Double(stroke % 3))
      var (x, y) = (random.unit() * 390, random.unit() * 844)
      var events = [EngineEvent(time: t, .touch(.down, id: id, x: x, y: y))]
      for _ in 0..<random.below(200) {
        t += random.below(3) == 0 ? random.unit() * 0.002 : random.unit() * 0.02
        x += random.unit() * 30 - 15
        y += random.unit() * 30 - 15
        events.append(EngineEvent(time: t, .touch(.move, id: id, x: x, y: y)))
      }
      t += random.unit() * 0.06
      events.append(
        EngineEvent(time: t, .touch(random.below(9) == 0 ? .cancel : .up, id: id, x: x, y: y)))
      t += random.unit()
      for event in events {
        let expected = model.follow(event)
        #expect(classifier._follow(event) == (expected != nil))
        if let expected, let got = classifier._ended {
          #expect(zip(Self.fields(got), expected).allSatisfy { $0.bitPattern == $1.bitPattern })
          compared += 1
        }
      }
    }
    #expect(compared == 300)
  }
}
