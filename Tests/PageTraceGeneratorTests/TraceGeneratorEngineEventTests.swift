import PageTrace
import PageTraceGenerator
import Testing

/// The generator's fast form (`nextEngineEvent()`, `engineEvents`) against its friendly form,
/// numbered independently by `EventNumbering`.
@Suite struct TraceGeneratorEngineEventTests {
  @Test(arguments: zip([1, 3, 40], [UInt64(3), 99, 5]))
  func engineEventsAreTheFriendlyEventsNumbered(sessions: Int, seed: UInt64) {
    let options = TraceGenerator.Options(events: 20_000, seed: seed, sessions: sessions)
    var friendly = TraceGenerator(options)
    var fast = TraceGenerator(options)
    var numbering = EventNumbering()
    var count = 0
    while let event = friendly.next() {
      let expected = numbering.number(event)
      #expect(fast.nextEngineEvent() == expected, "event \(count), seed \(seed)")
      #expect(fast.name(of: expected.session) == event.session)
      count += 1
    }
    #expect(count == 20_000)
    #expect(fast.nextEngineEvent() == nil)
    // The numbering met every session's name: `s0` … in order (none with one session).
    let names = (0..<sessions).compactMap { numbering.existingNumber(session: "s\($0)") }
    #expect(names == (sessions == 1 ? [] : (1...sessions).map { SessionID(Int32($0)) }))
  }

  @Test func theSequenceGivesTheSameEventsAsTheMethod() {
    let generator = TraceGenerator(.init(events: 3_000, seed: 8, sessions: 2))
    var copy = generator
    var expected: [EngineEvent] = []
    while let event = copy.nextEngineEvent() { expected.append(event) }
    #expect(Array(generator.engineEvents) == expected)
    #expect(expected.count == 3_000)
    // The sequence reads a copy: the generator itself has not moved.
    var fresh = generator
    #expect(fresh.nextEngineEvent() == expected.first)
  }

  @Test func sessionNames() {
    let generator = TraceGenerator(.init(events: 10, seed: 1, sessions: 5))
    #expect(generator.name(of: .defaultSession) == nil)
    #expect(generator.name(of: SessionID(1)) == "s0")
    #expect(generator.name(of: SessionID(12)) == "s11")
    #expect(generator.engineEvents.name(of: SessionID(3)) == "s2")
  }

  @Test func bothFormsGiveTheEngineTheSameRecords() throws {
    let options = TraceGenerator.Options(events: 30_000, seed: 21, sessions: 4)
    var friendlyEngine = try PageControlEngine(TraceGenerator(options).configuration)
    var fastEngine = friendlyEngine
    var friendlyRecords: [PageControlRecord] = []
    for event in TraceGenerator(options) {
      try friendlyEngine.handle(event) { friendlyRecords.append($0) }
    }
    var fastRecords: [EngineRecord] = []
    for event in TraceGenerator(options).engineEvents {
      try fastEngine.handle(event) { fastRecords.append($0) }
    }
    #expect(friendlyRecords.count > 1_000)
    #expect(fastRecords.count == friendlyRecords.count)
    for (fast, friendly) in zip(fastRecords, friendlyRecords) {
      #expect(fast.time == friendly.time)
      #expect(fast.content == friendly.content)
      #expect(TraceGenerator(options).name(of: fast.session) == friendly.session)
    }
  }
}
