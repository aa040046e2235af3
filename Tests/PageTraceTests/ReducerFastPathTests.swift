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

extension SplitMix64 {
  /// A double in [0, 1) from 53 random bits.
  fileprivate mutating func unit() -> Double { Double(next() >> 11) / 0x1p53 }
}
