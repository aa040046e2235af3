import PageTraceTestSupport
import Testing

@testable import PageTrace

/// docs/behaviour/time.md, "Live use: the clock": `nextDueTime` and `advance(to:)` write, without an
/// event, exactly what the session's next event would have written first.
@Suite struct ClockTests {
  @Test func aHeldFingerBeginsItsScrubWhenTheClockReachesScrubDelay() throws {
    var control = try PageControl(phone())
    #expect(control.nextDueTime == nil, "nothing is due before the first event")
    try control.handle(down(0, 187)) { _ in }
    // docs/behaviour/time.md, "Due work": a held press begins its scrub at down + scrubDelay (0.15).
    #expect(control.nextDueTime == 0.15)
    var records: [PageControlRecord] = []
    try control.advance(to: 0.1) { records.append($0) }
    #expect(records.isEmpty)
    #expect(control.nextDueTime == 0.15)
    try control.advance(to: 0.2) { records.append($0) }
    #expect(records == [interaction(0.15, .continuous), background(0.15, true)])
    // The finger has not moved from its dot: no step is due, and nothing else is.
    #expect(control.nextDueTime == nil)
    #expect(control.isScrubbing)
  }

  @Test func theDiscreteStateReturnsToNoneOnTheClock() throws {
    var control = try PageControl(phone())
    var records: [PageControlRecord] = []
    for event in [down(0, 200), up(0.05, 200)] { try control.handle(event) { records.append($0) } }
    #expect(records == [transition(0.05, 0, 1, .tap), interaction(0.05, .discrete)])
    // docs/behaviour/keyboard-and-accessibility.md, "Discrete state": back to none at tChange + animationDuration (0.3).
    #expect(control.nextDueTime == 0.05 + 0.3)
    records = []
    try control.advance(to: 1) { records.append($0) }
    #expect(records == [interaction(0.05 + 0.3, .none)])
    #expect(control.nextDueTime == nil)
  }

  @Test func afterAnAdvanceAnEarlierEventIsRejectedAndTheSameTimeIsNot() throws {
    var control = try PageControl(phone())
    try control.handle(down(0, 187)) { _ in }
    try control.advance(to: 0.5) { _ in }
    #expect(throws: PageControlError.timeWentBackwards(previous: 0.5, found: 0.4)) {
      try control.handle(up(0.4, 187)) { _ in }
    }
    try control.handle(up(0.5, 187)) { _ in }
    // An advance to a time already passed does nothing.
    var records: [PageControlRecord] = []
    try control.advance(to: 0.25) { records.append($0) }
    #expect(records.isEmpty)
  }

  @Test func aTimeThatIsNotFiniteIsRejected() throws {
    var engine = try PageControlEngine(phone())
    try engine.handle(down(0, 187)) { _ in }
    for time in [Double.nan, .infinity, -.infinity] {
      #expect(throws: PageControlError.nonFiniteValue(field: "t")) {
        try engine.advance(to: time) { _ in }
      }
    }
  }

  @Test func aWrappingTimerTooFarBehindIsRefusedWithNothingWritten() throws {
    // A 1 ms wrapping timer fires at most maximumTimerAdvancesPerEvent times per call, as per
    // event (docs/behaviour/timer.md, "Timer").
    var configuration = phone()
    configuration.progress = TimerProgress(duration: 0.001, resetsToInitialPageAfterEnd: true)
    var engine = try PageControlEngine(configuration)
    try engine.handle(idle(0)) { _ in }
    var count = 0
    #expect(throws: PageControlError.valueOutOfRange(field: "t")) {
      try engine.advance(to: 86_400) { _ in count += 1 }
    }
    #expect(count == 0)
    try engine.advance(to: 0.0105) { _ in count += 1 }
    #expect(count == 10 + 1, "ten advances, and the discrete state once")
  }

  @Test func acrossSessionsTheEarliestWorkComesFirst() throws {
    var engine = try PageControlEngine(phone())
    try engine.handle(down(0, 187, session: "a")) { _ in }  // scrub begin due at 0.15
    try engine.handle(down(0.1, 200, id: 2, session: "b")) { _ in }
    // A tap: its discrete state's reset is due at 0.12 + animationDuration.
    try engine.handle(up(0.12, 200, id: 2, session: "b")) { _ in }
    #expect(engine.nextDueTime == 0.15)
    #expect(engine.nextDueTime(forSession: "a") == 0.15)
    #expect(engine.nextDueTime(forSession: "b") == 0.12 + 0.3)
    #expect(engine.nextDueTime(forSession: "c") == nil)
    var records: [PageControlRecord] = []
    try engine.advance(to: 1) { records.append($0) }
    #expect(
      records == [
        interaction(0.15, .continuous, session: "a"),
        PageControlRecord(time: 0.15, session: "a", .background(visible: true)),
        interaction(0.12 + 0.3, .none, session: "b"),
      ])
    #expect(engine.nextDueTime == nil)
  }

  /// The contract of the clock, on random traces: a session's records are the same whether or
  /// not `advance` is called between its events, at random times.
  @Test(arguments: 0..<30)
  func advancingBetweenEventsChangesNoRecord(seed: Int) throws {
    let seed = UInt64(seed) &* 104_729 &+ 5
    print("ClockTests seed \(seed)")
    let (configuration, chaos) = PropertyTests.chaos(seed: seed, count: 1_500)
    // The chaos trace orders time per session only; the engine's clock is one for all
    // sessions, so the events are put in time order first (sessions are independent).
    let events = chaos.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }
    .map(\.element)
    var random = PropertyTests.Random(state: seed | 1)

    var plain = try PageControlEngine(configuration)
    var clocked = try PageControlEngine(configuration)
    var expected: [String?: [PageControlRecord]] = [:]
    var found: [String?: [PageControlRecord]] = [:]
    var previous = -Double.infinity
    var writtenByTheClock = 0
    for event in events {
      try plain.handle(event) { expected[$0.session, default: []].append($0) }
      // Zero to two advances to times in (previous event, this event].
      for _ in 0..<random.int(0...2) where previous.isFinite && event.time > previous {
        let t = random.int(0...3) == 0 ? event.time : random.double(previous...event.time)
        var last = -Double.infinity
        try clocked.advance(to: t) { record in
          #expect(record.time <= t && record.time >= last, "in time order, none after t")
          last = record.time
          writtenByTheClock += 1
          found[record.session, default: []].append(record)
        }
      }
      try clocked.handle(event) { found[$0.session, default: []].append($0) }
      previous = event.time
    }
    #expect(writtenByTheClock > 0, "the clock wrote something")
    // The clock is shared: an advance for a later event of another session also writes what a
    // session had pending after its own last event, which replay never writes (docs/behaviour/time.md,
    // "After the last event"). So each session's records are replay's, then only records
    // later than the session's last event.
    var lastEvent: [String?: Double] = [:]
    for event in events { lastEvent[event.session] = event.time }
    for (session, records) in found {
      let replayed = expected[session] ?? []
      #expect(Array(records.prefix(replayed.count)) == replayed, "session \(session ?? "-")")
      let tail = records.dropFirst(replayed.count)
      #expect(tail.allSatisfy { $0.time > lastEvent[session]! }, "session \(session ?? "-")")
      found[session] =
        replayed.isEmpty && tail.isEmpty ? nil : Array(records.prefix(replayed.count))
    }
    #expect(found == expected)
  }

  /// The same on one control, with the flat records.
  @Test(arguments: 0..<10)
  func oneControlInTheFlatFormToo(seed: Int) throws {
    let seed = UInt64(seed) &* 7_727 &+ 3
    print("ClockTests seed \(seed)")
    let (configuration, chaos) = PropertyTests.chaos(seed: seed, count: 1_500)
    let events = chaos.filter { $0.session == nil }
    var random = PropertyTests.Random(state: seed | 1)
    var plain = try PageControl(configuration)
    var clocked = try PageControl(configuration)
    var expected: [PageControlRecord] = []
    var found: [PageControlRecord] = []
    var previous = -Double.infinity
    for event in events {
      try plain.handle(event) { expected.append($0) }
      if previous.isFinite, event.time > previous, random.int(0...1) == 0 {
        try clocked.advanceRecords(to: random.double(previous...event.time)) {
          found.append($0.named(nil))
        }
      }
      try clocked.handle(event) { found.append($0) }
      previous = event.time
    }
    #expect(found == expected)
  }
}
