import PageTraceGenerator
import Testing

@testable import PageTrace

/// The reducer's fast forms against plain computations of the same rules: the velocity
/// tracker's in-place ring and its spill (docs/behaviour/scrubbing.md, "Velocity"), and the kept rounding
/// of a scrub's pages moved (docs/behaviour/scrubbing.md, "Scrub target").
@Suite struct ReducerFastPathTests {
  /// The velocity of docs/behaviour/scrubbing.md, "Velocity", over every sample of the contact: the
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

  // 12,000 events a variant: the whole state is compared as text after every event, which
  // under AddressSanitizer in CI took over two minutes at 30,000; a fast path that forgets a
  // field showed thousands of mismatching events within the first 12,000.
  @Test(arguments: 0..<10)
  func fastPathsMatchTheGeneralPath(variant: Int) throws {
    let (name, change) = Self.variants[variant % Self.variants.count]
    let corrupted = variant >= Self.variants.count
    let seed = UInt64(variant) &* 0x9E37_79B9_7F4A_7C15 &+ 11
    print("fastPathsMatchTheGeneralPath \(name) corrupted \(corrupted) seed \(seed)")
    let generator = TraceGenerator(.init(events: 12_000, seed: seed, pages: 12))
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
      let (fastResult, fastRecords, generalResult, generalRecords) = Self.handleBoth(
        event, fast: &fast, general: &general)
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
    #expect(index == 12_000)
  }

  /// One event through the fast path (`handle`) and the general path (`handleInGeneral`) of
  /// two controls: each one's result and records.
  static func handleBoth(
    _ event: EngineEvent, fast: inout PageControl, general: inout PageControl
  ) -> (
    Result<Bool, PageControlError>, [EngineRecord], Result<Bool, PageControlError>,
    [EngineRecord]
  ) {
    var fastRecords: [EngineRecord] = []
    var generalRecords: [EngineRecord] = []
    let fastResult = Result { () throws(PageControlError) -> Bool in
      try fast.handle(event) { fastRecords.append($0) }
    }
    let generalResult = Result { () throws(PageControlError) -> Bool in
      try general.handleInGeneral(event) { generalRecords.append($0) }
    }
    return (fastResult, fastRecords, generalResult, generalRecords)
  }

  /// What the rules read of a control, as text (its parts are not all `Equatable`): what it
  /// shows, its due times, and every field of the contact (the velocity samples kept, the
  /// latest position, the travel flag) and of the scrub (the anchor, the target, the latest
  /// step, the edge, the kept pages moved), so that a fast path that forgets to store one of
  /// them fails even when no record shows it yet.
  static func state(of control: PageControl) -> String {
    let contact = control.contact
    let scrub = control.scrub
    let samples = contact.velocity._keptSamples
    let parts: [String] = [
      "\(control.currentPage) \(control.pageCount) \(control.interaction)",
      "\(control.isBackgroundVisible) \(control.isScrubbing) \(control.hasFocus)",
      "\(String(describing: control.trackedTouch)) \(control.layout.windowStart)",
      "\(control.lastTime) \(control.nextDue) \(control.resetDue) \(control.timer)",
      "\(String(describing: control.lastTap))",
      "contact \(contact.phase) \(contact.source) \(contact.continuous) \(contact.downTime)",
      "\(contact.downX) \(contact.downY) \(contact.x) \(contact.y) \(contact.travelledFar)",
      "samples \(samples.pairs) \(samples.isSpilled)",
      "scrub \(scrub.anchorPosition) \(scrub.anchorPage) \(scrub.target) \(scrub.lastStep)",
      "\(scrub.stepDue) \(scrub.edgeDistance) \(scrub.isPastEdge) \(scrub.moved)",
    ]
    return parts.joined(separator: " ")
  }

  /// A scrub whose page count changes under it (`set pages`), then moves that round to the
  /// same pages moved as before the change: the kept target must be the one the change
  /// recomputed (docs/behaviour/programmatic-changes.md, "Set during a scrub"), through the fast paths as through
  /// the general one.
  ///
  /// Worked by hand (uikit, 8 pages, control 0...390 at y 780...810, pitch 16, 120 fps): the
  /// finger goes down at x 100 and moves to x 120 (travel 20 >= 16: the scrub begins, anchored
  /// at 120 and page 0); every later move is within half a pitch of 10 pitches (x 276 to 284:
  /// 9.75 to 10.25 pitches), so 10 pages moved. With 8 pages the target is 7; `set pages 6` at
  /// 0.035 makes it 5 (page 2 or 3 is shown, so the scrub goes on); `set pages 20` at 0.06
  /// makes it 10. Steps come one page at a time, so the transitions are 0 → 1, ..., 9 → 10,
  /// each by `scrub`, and the release (slow: no flick) leaves page 10 of 20.
  @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
  func aScrubThroughAChangeOfPageCount(direction: LayoutDirection) throws {
    var configuration = PageControlConfiguration(
      pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))
    configuration.container = Rect(x: 0, y: 0, width: 390, height: 844)
    configuration.direction = direction
    // In `rtl` the same gesture mirrored: x' = 390 - x.
    let mirror: (Double) -> Double = direction == .rightToLeft ? { 390 - $0 } : { $0 }
    func touch(_ t: Double, _ phase: TouchPhase, _ x: Double) -> EngineEvent {
      EngineEvent(time: t, .touch(phase, id: .number(1), x: mirror(x), y: 795))
    }
    var events = [
      touch(0, .down, 100), touch(0.01, .move, 120), touch(0.02, .move, 281),
      touch(0.025, .move, 283), touch(0.03, .move, 279),
      EngineEvent(time: 0.035, .set(ProgrammaticChange(pages: 6))),
      touch(0.04, .move, 280), touch(0.045, .move, 284), touch(0.05, .move, 276),
      touch(0.055, .move, 281),
      EngineEvent(time: 0.06, .set(ProgrammaticChange(pages: 20))),
    ]
    let wobble: [Double] = [280, 284, 276, 282, 278]
    for i in 0..<18 { events.append(touch(0.065 + Double(i) * 0.005, .move, wobble[i % 5])) }
    events.append(touch(0.16, .up, 280))

    var fast = try PageControl(configuration)
    var general = try PageControl(configuration)
    var transitions: [(from: Int, to: Int, cause: TransitionCause)] = []
    for event in events {
      let (fastResult, fastRecords, generalResult, generalRecords) = Self.handleBoth(
        event, fast: &fast, general: &general)
      #expect(fastResult == generalResult, "\(event)")
      #expect(fastRecords == generalRecords, "\(event)")
      #expect(Self.state(of: fast) == Self.state(of: general), "\(event)")
      for record in fastRecords {
        if case .transition(let change) = record.content {
          transitions.append((change.from, change.to, change.cause))
        }
      }
    }
    #expect(transitions.map(\.from) == Array(0..<10))
    #expect(transitions.map(\.to) == Array(1...10))
    #expect(transitions.allSatisfy { $0.cause == .scrub })
    #expect(fast.currentPage == 10)
    #expect(fast.pageCount == 20)
    #expect(!fast.isScrubbing)
  }

  /// Moves with finite coordinates whose sum overflows: the fast path's test of finiteness
  /// (through `x + y`) declines them, and the other paths must apply them as the general path
  /// does. Worked by hand: the finger goes down on the control at x 100 and is tracked; a move
  /// to (1e308, 1e308) travels an infinite distance (the squares overflow), at least 16 points,
  /// so the press (continuous) begins to scrub, past the trailing edge.
  @Test func movesWhoseCoordinatesSumOverflows() throws {
    var configuration = PageControlConfiguration(
      pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))
    configuration.container = Rect(x: 0, y: 0, width: 390, height: 844)
    func touch(_ t: Double, _ phase: TouchPhase, _ x: Double, _ y: Double) -> EngineEvent {
      EngineEvent(time: t, .touch(phase, id: .number(1), x: x, y: y))
    }
    let events = [
      touch(0, .down, 100, 795), touch(0.01, .move, 1e308, 1e308),
      touch(0.02, .move, 1.5e308, 1e308), touch(0.03, .move, 200, 795),
      touch(0.04, .move, -1e308, -1e308), touch(0.05, .move, 210, 795),
      touch(0.3, .up, 210, 795),
    ]
    var fast = try PageControl(configuration)
    var general = try PageControl(configuration)
    for (index, event) in events.enumerated() {
      let (fastResult, fastRecords, generalResult, generalRecords) = Self.handleBoth(
        event, fast: &fast, general: &general)
      #expect(fastResult == .success(true), "\(event)")  // the tracked finger's
      #expect(fastResult == generalResult, "\(event)")
      #expect(fastRecords == generalRecords, "\(event)")
      #expect(Self.state(of: fast) == Self.state(of: general), "\(event)")
      if index == 1 { #expect(fast.isScrubbing && fast.scrub.isPastEdge) }
    }
    #expect(!fast.isScrubbing)
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
