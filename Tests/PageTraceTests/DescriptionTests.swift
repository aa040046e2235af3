import Testing

@testable import PageTrace

/// Issue 22: records, transitions and errors read well when printed. Expected strings are
/// written by hand.
@Suite struct DescriptionTests {
  @Test func transitions() {
    #expect(
      PageTransition(from: 0, to: 1, animated: true, interaction: .discrete, cause: .tap)
        .description == "0 → 1 (tap, animated)")
    #expect(
      PageTransition(from: 4, to: 3, animated: false, interaction: .continuous, cause: .scrub)
        .description == "4 → 3 (scrub)")
  }

  @Test func recordsOfEveryKind() {
    let change = PageTransition(
      from: 2, to: 7, animated: true, interaction: .discrete, cause: .accessibility)
    #expect(
      "\(PageControlRecord(time: 1.5, .transition(change)))"
        == "transition 2 → 7 (accessibility, animated) at 1.5")
    #expect(
      "\(PageControlRecord(time: 0.35, session: "phone-7", .interaction(.none)))"
        == #"interaction none at 0.35 in session "phone-7""#)
    #expect(
      "\(PageControlRecord(time: 2, .background(visible: true)))" == "background visible at 2.0")
    #expect(
      "\(PageControlRecord(time: 2, .background(visible: false)))" == "background hidden at 2.0")
    #expect(
      "\(PageControlRecord(time: 3, .announcement(Announcement(page: 1, pageCount: 8))))"
        == #"announcement "Page 2 of 8" at 3.0"#)
    #expect("\(PageControlRecord(time: 0.25, .detail(page: 3)))" == "detail of page 3 at 0.25")
  }

  @Test func engineRecordsNameTheirSessionByNumber() {
    let change = PageTransition(from: 0, to: 1, animated: true, interaction: .discrete, cause: .tap)
    #expect(
      "\(EngineRecord(time: 0.05, session: .defaultSession, .transition(change)))"
        == "transition 0 → 1 (tap, animated) at 0.05")
    #expect(
      "\(EngineRecord(time: 0.05, session: SessionID(2), .interaction(.discrete)))"
        == "interaction discrete at 0.05 in session 2")
  }

  /// The example of the DocC overview: a tap right of the first dot.
  @Test func theOverviewsTapPrintsAsPromised() throws {
    var configuration = PageControlConfiguration(
      pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))
    configuration.container = Rect(x: 0, y: 0, width: 390, height: 844)
    var engine = try PageControlEngine(configuration)
    try engine.handle(PageControlEvent(time: 0, .touch(.down, id: 1, x: 187, y: 795))) { _ in }
    var printed: [String] = []
    try engine.handle(PageControlEvent(time: 0.05, .touch(.up, id: 1, x: 187, y: 795))) {
      printed.append("\($0)")
    }
    #expect(
      printed == ["transition 0 → 1 (tap, animated) at 0.05", "interaction discrete at 0.05"])
  }

  @Test func pageControlErrors() {
    let cases: [(PageControlError, String)] = [
      (
        .timeWentBackwards(previous: 2.5, found: 1.0),
        "expected a time of at least 2.5 (time must not decrease within a session), found 1.0"
      ),
      (.nonFiniteValue(field: "x"), "expected a finite number for x, found a non-finite value"),
      (
        .tooManySessions(limit: 3),
        "expected at most 3 sessions (a documented limit), found one more"
      ),
      (
        .valueOutOfRange(field: "pages"),
        "expected a value for pages within the documented limits, found one outside them"
      ),
      (.missingField("y"), "expected the field y, found none"),
      (.invalidConfiguration("pitch"), "invalid configuration value for pitch"),
    ]
    for (error, expected) in cases { #expect("\(error)" == expected) }
  }
}
