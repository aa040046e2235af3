import PageTraceTestSupport
import Testing

@testable import PageTrace

/// Seeded random event streams (no dependency): the invariants hold whatever the input.
@Suite struct PropertyTests {
  /// A tiny deterministic generator (xorshift64*).
  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state ^= state >> 12
      state ^= state << 25
      state ^= state >> 27
      return state &* 2_685_821_657_736_338_717
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(next() % UInt64(range.count))
    }
    mutating func double(_ range: ClosedRange<Double>) -> Double {
      range.lowerBound + Double(next() >> 11) / Double(1 << 53)
        * (range.upperBound - range.lowerBound)
    }
  }

  /// Chaos: every kind of event, aimed at and around the control, in three sessions.
  static func chaos(seed: UInt64, count: Int) -> (PageControlConfiguration, [PageControlEvent]) {
    var random = Random(state: seed | 1)
    var configuration = phone(pages: random.int(0...12), current: random.int(0...12))
    configuration.profile = Profile.builtIn[random.int(0...3)]
    configuration.direction = LayoutDirection.allCases[random.int(0...3)]
    configuration.style = BackgroundStyle.allCases[random.int(0...2)]
    configuration.voiceOver = random.int(0...1) == 1
    configuration.continuous = random.int(0...4) > 0
    if random.int(0...2) == 0 {
      configuration.progress = TimerProgress(duration: random.double(0.2...2))
    }
    var time: [String?: Double] = [:]
    var events: [PageControlEvent] = []
    let sessions: [String?] = [nil, "a", "b"]
    for _ in 0..<count {
      let session = sessions[random.int(0...2)]
      let t = (time[session] ?? 0) + (random.int(0...5) == 0 ? 0 : random.double(0...0.2))
      time[session] = t
      let x = random.int(0...3) == 0 ? random.double(-50...450) : random.double(120...270)
      let y = random.int(0...3) == 0 ? random.double(0...900) : random.double(775...815)
      let id = TouchID.number(Double(random.int(1...3)))
      let action: PageControlEvent.Action
      switch random.int(0...11) {
      case 0...5:
        action = .touch(TouchPhase.allCases[random.int(0...3)], id: id, x: x, y: y)
      case 6: action = .pointer(PointerPhase.allCases[random.int(0...3)], x: x, y: y)
      case 7: action = .key(Key.allCases[random.int(0...7)])
      case 8: action = .focus(random.int(0...1) == 1)
      case 9: action = .accessibility(AccessibilityAction.allCases[random.int(0...4)])
      default:
        action = .set(
          ProgrammaticChange(
            current: random.int(0...3) == 0 ? random.int(-2...14) : nil,
            pages: random.int(0...5) == 0 ? random.int(0...12) : nil,
            enabled: random.int(0...7) == 0 ? random.int(0...1) == 1 : nil,
            continuous: random.int(0...7) == 0 ? random.int(0...1) == 1 : nil,
            style: random.int(0...7) == 0 ? BackgroundStyle.allCases[random.int(0...2)] : nil))
      }
      events.append(PageControlEvent(time: t, session: session, action))
    }
    return (configuration, events)
  }

  @Test(arguments: 0..<40)
  func invariantsHold(seed: Int) throws {
    let (configuration, events) = Self.chaos(seed: UInt64(seed) &* 7919 &+ 17, count: 2_000)
    var engine = try PageControlEngine(configuration)
    let frame = 1 / configuration.fps
    let initialPage = min(max(configuration.current, 0), max(configuration.pages! - 1, 0))
    var shown: [String?: Int] = [:]
    var state: [String?: InteractionState] = [:]
    var lastTime: [String?: Double] = [:]
    var lastStep: [String?: Double] = [:]
    for event in events {
      try engine.handle(event) { record in
        let s = record.session
        #expect(record.time >= lastTime[s, default: -.infinity], "time went backwards")
        #expect(record.time <= event.time, "a record after its event")
        lastTime[s] = record.time
        switch record.content {
        case .transition(let transition):
          let before = shown[s] ?? initialPage
          // docs/behaviour/programmatic-changes.md, "Order within a set": from is the page shown before (a `set` of
          // pages clamps first).
          if transition.cause != .program { #expect(transition.from == before) }
          let discrete: Set<TransitionCause> = [
            .tap, .pointer, .swipe, .key, .accessibility, .timer,
          ]
          #expect(transition.animated == discrete.contains(transition.cause))
          #expect(!(transition.animated && state[s] == .continuous))
          if transition.cause == .scrub || transition.cause == .jog {
            #expect(abs(transition.to - transition.from) == 1)
            if let previous = lastStep[s] { #expect(record.time - previous >= frame - 1e-9) }
            lastStep[s] = record.time
          }
          shown[s] = transition.to
        case .interaction(let new):
          state[s] = new
          if new != .continuous { lastStep[s] = nil }
        default:
          break
        }
      }
      let control = engine.control(forSession: event.session)!
      #expect(control.currentPage >= 0 && control.currentPage < max(control.pageCount!, 1))
      shown[event.session] = control.currentPage
    }
  }

  @Test(arguments: 0..<10)
  func theSameInputGivesTheSameRecords(seed: Int) throws {
    let (configuration, events) = Self.chaos(seed: UInt64(seed) &+ 1000, count: 3_000)
    #expect(try replay(configuration, events) == replay(configuration, events))
  }
}

/// Resource limits: sessions are bounded.
@Suite struct LimitTests {
  @Test func sessionsBeyondTheLimitAreRejected() throws {
    var engine = try PageControlEngine(phone(), maximumSessions: 3)
    for name in ["a", "b", "c"] { try engine.handle(focus(0, true).inSession(name)) { _ in } }
    #expect(throws: PageControlError.tooManySessions(limit: 3)) {
      try engine.handle(focus(0, true).inSession("d")) { _ in }
    }
    // Known sessions go on.
    #expect(try engine.handle(key(1, .right).inSession("a")) { _ in })
    #expect(engine.sessionCount == 3)
  }
}

extension PageControlEvent {
  func inSession(_ name: String) -> PageControlEvent {
    var copy = self
    copy.session = name
    return copy
  }
}
