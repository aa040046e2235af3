import PageTraceGenerator
import Testing

@testable import PageTrace

/// The reducer's fast forms against plain computations of the same rules: the velocity
/// tracker's in-place ring and its spill (docs/behaviour.md, "Velocity"), and the kept rounding
/// of a scrub's pages moved (docs/behaviour.md, "Scrub target").
@Suite struct ReducerFastPathTests {
  /// The velocity of docs/behaviour.md, "Velocity", over every sample of the contact: the
  /// last sample, the oldest sample with `tLast - t <= 0.1`, zero with a zero span or a rest
  /// of more than 0.04 s.
  static func plainVelocity(_ samples: [(time: Double, offset: Double)], release: Double)
    -> Double
  {
    guard let last = samples.last else { return 0 }
    if release - last.time > 0.04 { return 0 }
    let oldest = samples.first { last.time - $0.time <= 0.1 }!
    let span = last.time - oldest.time
    return span > 0 ? (last.offset - oldest.offset) / span : 0
  }

  @Test(arguments: 0..<8)
  func velocityMatchesAPlainScanOfEverySample(seed: Int) {
    let seed = UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 99
    print("velocityMatchesAPlainScanOfEverySample seed \(seed)")
    var random = SplitMix64(seed: seed)
    var tracker = _VelocityTracker()
    var checked = 0
    var spilled = 0
    for _ in 0..<300 {
      tracker.reset()
      var samples: [(time: Double, offset: Double)] = []
      // From 60 Hz to 2 kHz, with repeated times: rates above 310 Hz put more than the ring's
      // 32 samples in the window and spill.
      let gap = [1.0 / 60, 1.0 / 120, 1.0 / 240, 1.0 / 500, 1.0 / 2000][Int(random.next() % 5)]
      var time = random.unit() * 10
      var offset = random.unit() * 400
      let count = 1 + Int(random.next() % 150)
      for _ in 0..<count {
        tracker.add(time: time, offset: offset)
        samples.append((time, offset))
        time += random.next() % 8 == 0 ? 0 : gap * (0.5 + random.unit())
        offset += (random.unit() - 0.5) * 30
      }
      if samples.filter({ samples.last!.time - $0.time <= 0.1 }).count > 32 { spilled += 1 }
      for release in [samples.last!.time, samples.last!.time + 0.04, time + 0.05] {
        let expected = Self.plainVelocity(samples, release: release)
        #expect(tracker.velocity(releaseTime: release) == expected)
        #expect(tracker.velocityInPlace(releaseTime: release) == expected)
        checked += 1
      }
    }
    #expect(checked == 900)
    #expect(spilled > 0)  // the spill was exercised
  }

  @Test func aResetAfterASpillReturnsToTheRing() {
    var tracker = _VelocityTracker()
    for i in 0..<100 { tracker.add(time: Double(i) / 1000, offset: Double(i)) }
    // 100 samples a millisecond apart: more than the ring's 32 within the window, so they
    // spill. The window of the last (0.099) holds all 100: 99 pt over 0.099 s.
    #expect(tracker.velocity(releaseTime: 0.099) == 99 / 0.099)
    tracker.reset()
    tracker.add(time: 5, offset: 0)
    tracker.add(time: 5.05, offset: 10)
    #expect(tracker.velocity(releaseTime: 5.05) == 10 / (5.05 - 5))
  }

  @Test(arguments: 0..<4)
  func keptPagesMovedMatchesTheFullRounding(seed: Int) {
    let seed = UInt64(seed) &* 0x9E37_79B9 &+ 5
    print("keptPagesMovedMatchesTheFullRounding seed \(seed)")
    var random = SplitMix64(seed: seed)
    var kept = _PagesMoved()
    var distance = 0.0
    var hits = 0
    for _ in 0..<100_000 {
      let pitch = [16.0, 1, 0.3, 1e-300, 7.25][Int(random.next() % 5)]
      switch random.next() % 8 {
      case 0:  // an exact tie: a half pitch beyond a whole number of pitches
        distance = (Double(Int(random.next() % 41)) - 20.5) * pitch
      case 1:  // far, up to beyond the clamp
        distance = (random.unit() - 0.5) * [1e3, 1e17, 1e300][Int(random.next() % 3)]
      default:  // a few points on, as a scrubbing finger moves
        distance += (random.unit() - 0.5) * 8
      }
      let expected = _pagesMoved(distance, pitch)
      let got = kept.pages(distance, pitch)
      if got != expected {
        Issue.record("distance \(distance) pitch \(pitch): kept \(got), full \(expected)")
      } else {
        hits += 1
      }
    }
    #expect(hits == 100_000)
  }
}

/// The fast paths of `PageControl.handle` (the moves handled in place, the moves of a tracked
/// finger, a scrub's kept target) against `handleInGeneral`, which takes every event through
/// the general rules: the same result or error, the same records and the same state after
/// every event of generated traces, some of them corrupted.
@Suite struct ReducerFastPathDifferentialTests {
  static let variants: [(String, @Sendable (inout PageControlConfiguration) -> Void)] = [
    ("generator's", { _ in }),
    (
      "android, 40 pages, timer",
      {
        $0.profile = .android
        $0.pages = 40
        $0.progress = TimerProgress(duration: 0.2)
      }
    ),
    (
      "rtl, wrapping timer",
      {
        $0.direction = .rightToLeft
        $0.progress = TimerProgress(duration: 0.05, resetsToInitialPageAfterEnd: true)
      }
    ),
    ("discrete", { $0.continuous = false }),
    (
      "legacy, 2 pages",
      {
        $0.profile = .legacy
        $0.pages = 2
      }
    ),
  ]

  @Test(arguments: 0..<10)
  func fastPathsMatchTheGeneralPath(variant: Int) throws {
    let (name, change) = Self.variants[variant % Self.variants.count]
    let corrupted = variant >= Self.variants.count
    let seed = UInt64(variant) &* 0x9E37_79B9_7F4A_7C15 &+ 11
    print("fastPathsMatchTheGeneralPath \(name) corrupted \(corrupted) seed \(seed)")
    let generator = TraceGenerator(.init(events: 30_000, seed: seed, pages: 12))
    var configuration = generator.configuration
    change(&configuration)
    var fast = try PageControl(configuration)
    var general = try PageControl(configuration)
    var random = SplitMix64(seed: seed)
    var mismatches = 0
    var index = 0
    for var event in generator.engineEvents {
      index += 1
      if corrupted && random.next() % 50 == 0 { Self.corrupt(&event, &random) }
      var fastRecords: [EngineRecord] = []
      var generalRecords: [EngineRecord] = []
      let fastResult = Result { () throws(PageControlError) -> Bool in
        try fast.handle(event) { fastRecords.append($0) }
      }
      let generalResult = Result { () throws(PageControlError) -> Bool in
        try general.handleInGeneral(event) { generalRecords.append($0) }
      }
      let same =
        fastResult == generalResult && fastRecords == generalRecords
        && Self.state(of: fast) == Self.state(of: general)
      if !same {
        mismatches += 1
        if mismatches <= 5 {
          Issue.record(
            "event \(index) \(event): \(fastResult) \(fastRecords), general \(generalResult) \(generalRecords)"
          )
        }
      }
    }
    #expect(mismatches == 0)
    #expect(index == 30_000)
  }

  /// What the rules read of a control, as text (its parts are not all `Equatable`).
  static func state(of control: PageControl) -> String {
    "\(control.currentPage) \(control.pageCount) \(control.interaction) "
      + "\(control.isBackgroundVisible) \(control.isScrubbing) \(String(describing: control.trackedTouch)) "
      + "\(control.lastTime) \(control.nextDue) \(control.scrub.target) \(control.scrub.stepDue)"
  }

  /// Sets the time back, forward or to a non-finite value, a coordinate to a non-finite or
  /// missing value, the finger to another or invalid id, or the phase to another.
  static func corrupt(_ event: inout EngineEvent, _ random: inout SplitMix64) {
    guard case .touch(let phase, let id, let x, let y) = event.action else {
      event.time -= 0.01
      return
    }
    switch random.next() % 8 {
    case 0: event.time -= Double(random.next() % 100) / 1000
    case 1: event.time += Double(random.next() % 200) / 1000
    case 2: event.time = [Double.nan, .infinity, -.infinity][Int(random.next() % 3)]
    case 3: event.action = .touch(phase, id: id, x: .nan, y: y)
    case 4: event.action = .touch(phase, id: id, x: x, y: random.next() % 2 == 0 ? .infinity : nil)
    case 5: event.action = .touch(phase, id: .number(Double(random.next() % 3)), x: x, y: y)
    case 6:
      event.action = .touch(
        phase, id: random.next() % 2 == 0 ? .number(.nan) : .name(1), x: x, y: y)
    default:
      event.action = .touch(
        [.down, .move, .up, .cancel][Int(random.next() % 4)], id: id, x: x, y: y)
    }
  }
}

extension SplitMix64 {
  /// A double in [0, 1) from 53 random bits.
  fileprivate mutating func unit() -> Double { Double(next() >> 11) / 0x1p53 }
}
