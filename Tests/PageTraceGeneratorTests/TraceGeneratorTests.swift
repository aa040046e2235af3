import PageTrace
import Testing

@testable import PageTraceGenerator

@Suite struct TraceGeneratorTests {
  @Test func theSameOptionsGiveTheSameEvents() {
    let options = TraceGenerator.Options(events: 5_000, seed: 99, sessions: 3)
    #expect(Array(TraceGenerator(options)) == Array(TraceGenerator(options)))
    var other = options
    other.seed = 100
    #expect(Array(TraceGenerator(options)) != Array(TraceGenerator(other)))
  }

  @Test func itWritesExactlyTheEventsAskedFor() {
    for count in [0, 1, 7, 1_234] {
      #expect(Array(TraceGenerator(.init(events: count, seed: 1))).count == count)
    }
  }

  @Test func sessionsAreNamedAndTimeNeverDecreasesWithinOne() {
    let events = Array(TraceGenerator(.init(events: 20_000, seed: 5, sessions: 4)))
    #expect(Set(events.map(\.session)) == ["s0", "s1", "s2", "s3"])
    var last: [String?: Double] = [:]
    for event in events {
      #expect(event.time >= last[event.session, default: 0])
      last[event.session] = event.time
    }
    #expect(Array(TraceGenerator(.init(events: 100, seed: 5))).allSatisfy { $0.session == nil })
  }

  @Test func touchSamplesAre8To17MillisecondsApart() {
    var gaps: [Double] = []
    var previousMove: PageControlEvent?
    for event in TraceGenerator(.init(events: 20_000, seed: 3)) {
      if case .touch(.move, _, _, _) = event.action {
        if let previousMove { gaps.append(event.time - previousMove.time) }
        previousMove = event
      } else {
        previousMove = nil
      }
    }
    #expect(gaps.count > 1_000)
    #expect(gaps.allSatisfy { $0 >= 0.008 - 1e-12 && $0 <= 0.017 + 1e-12 })
  }

  @Test func theEngineSeesEveryKindOfInteraction() throws {
    var generator = TraceGenerator(.init(events: 50_000, seed: 11, sessions: 2))
    var engine = try PageControlEngine(generator.configuration)
    var causes: Set<TransitionCause> = []
    while let event = generator.next() {
      try engine.handle(event) { record in
        if case .transition(let transition) = record.content { causes.insert(transition.cause) }
      }
    }
    let expected: Set<TransitionCause> = [
      .tap, .scrub, .flick, .pointer, .swipe, .key, .accessibility, .program,
    ]
    #expect(causes.isSuperset(of: expected), "missing: \(expected.subtracting(causes))")
  }

  @Test func splitMixIsTheReferenceSequence() {
    // The first outputs of SplitMix64 seeded with 0 (the reference implementation).
    var random = SplitMix64(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  /// Sessions cost nothing until they perform (issue 20, item 7): a session that never gets a
  /// gesture changes nothing, so any count at least the number of gestures (at most the
  /// number of events) gives the same trace, `Int.max` included, at once.
  @Test func sessionsBeyondTheGesturesChangeNothing() {
    let events = 600
    let reference = Array(TraceGenerator(.init(events: events, seed: 11, sessions: events)))
    #expect(reference.count == events)
    for sessions in [events + 1, 10_000, 100_000_000, Int.max] {
      let trace = Array(TraceGenerator(.init(events: events, seed: 11, sessions: sessions)))
      #expect(trace == reference, "\(sessions) sessions")
    }
    // Sessions start in order: s0, s1, … each first seen after the one before.
    var started: [String] = []
    for event in reference where !started.contains(event.session!) {
      started.append(event.session!)
    }
    #expect(started == (0..<started.count).map { "s\($0)" })
    #expect(started.count > 1 && started.count <= events)
  }
}
