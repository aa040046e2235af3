import PageTraceTestSupport
import Testing

@testable import PageTrace

/// Sessions, the embedding API, and contract errors.
@Suite struct EngineTests {
  @Test func sessionsAreIndependentControlsAndLabelTheirRecords() throws {
    let events = [
      down(0, 187, session: "a"),
      PageControlEvent(time: 0.01, session: "b", .accessibility(.increment)),
      up(0.05, 187, session: "a"),
    ]
    #expect(
      try replay(phone(), events) == [
        PageControlRecord(time: 0.01, session: "b", transition(0, 0, 1, .accessibility).content),
        interaction(0.01, .discrete, session: "b"),
        PageControlRecord(
          time: 0.01, session: "b", .announcement(Announcement(page: 1, pageCount: 8))),
        transition(0.05, 0, 1, .tap, session: "a"), interaction(0.05, .discrete, session: "a"),
      ])
  }

  @Test func theEmptySessionIsNotTheDefaultSession() throws {
    var engine = try PageControlEngine(phone())
    _ = try engine.records(for: [down(0, 187, session: ""), down(0, 187)])
    #expect(engine.sessionCount == 2)
  }

  @Test func timeIsCheckedPerSession() throws {
    var engine = try PageControlEngine(phone())
    _ = try engine.records(for: [idle(5), PageControlEvent(time: 1, session: "b", .focus(true))])
    #expect(throws: PageControlError.timeWentBackwards(previous: 5, found: 4)) {
      try engine.handle(idle(4)) { _ in }
    }
  }

  @Test func aBadEventChangesNothingAndEmitsNothing() throws {
    var engine = try PageControlEngine(phone())
    _ = try engine.records(for: [down(0, 187)])
    var emitted: [PageControlRecord] = []
    // Backwards in time: the hold that would fall due at 0.15 must not be emitted either.
    #expect(throws: PageControlError.self) { try engine.handle(idle(-1)) { emitted.append($0) } }
    #expect(throws: PageControlError.nonFiniteValue(field: "x")) {
      try engine.handle(move(1, .nan)) { emitted.append($0) }
    }
    #expect(throws: PageControlError.nonFiniteValue(field: "t")) {
      try engine.handle(idle(.infinity)) { emitted.append($0) }
    }
    #expect(throws: PageControlError.missingField("x")) {
      try engine.handle(PageControlEvent(time: 1, .touch(.up, id: 1, x: nil, y: 3))) {
        emitted.append($0)
      }
    }
    #expect(emitted.isEmpty)
    // The press is still tracked and still a press: it lifts as a tap.
    #expect(
      try engine.records(for: [up(0.1, 187)]) == [
        transition(0.1, 0, 1, .tap), interaction(0.1, .discrete),
      ])
  }

  @Test func invalidConfigurationsAreErrorsNotTraps() {
    let bad: [(String, (inout PageControlConfiguration) -> Void)] = [
      ("pages", { $0.pages = -1 }), ("pitch", { $0.pitch = 0 }), ("fps", { $0.fps = .infinity }),
      ("control", { $0.control?.width = .nan }), ("container", { $0.container?.height = -1 }),
      ("padding", { $0.padding = -2 }), ("constants", { $0.constants.edgeStepRate = 0 }),
    ]
    for (key, breakIt) in bad {
      #expect(throws: PageControlError.invalidConfiguration(key)) {
        try PageControlEngine(phone(breakIt))
      }
    }
  }

  @Test func hugeCoordinatesDoNotTrap() throws {
    let events = [
      down(0, 187), move(0.01, 203), move(0.02, 1e308), move(0.03, -1e308), up(0.04, 0),
    ]
    #expect(try transitions(phone(), events).first == transition(0.02, 0, 1, .scrub))
  }

  @Test func memoryGrowsWithSessionsNotEvents() throws {
    var engine = try PageControlEngine(phone())
    for i in 0..<3000 {
      try engine.handle(down(Double(i), 187, session: ["x", "y", "z"][i % 3])) { _ in }
    }
    #expect(engine.sessionCount == 3)
  }

  @Test func theSameInputGivesTheSameRecords() throws {
    let events =
      tap(0, 187) + [down(1, 380), move(1.02, 396), move(1.3, 300), up(1.4, 280)]
      + [a11y(2, .increment), set(3, .init(current: 2))]
    #expect(try replay(phone(), events) == replay(phone(), events))
  }
}
