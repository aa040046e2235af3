import Testing

@testable import PageTrace

/// String touch ids and names are the same only when their UTF-8 bytes are, not when Swift's
/// `String ==` finds them canonically equivalent (docs/behaviour/trace-format.md, "Touch ids").
@Suite struct NameBytesTests {
  static let pairs = [
    ("\u{E9}", "e\u{301}"), ("\u{212B}", "\u{C5}"), ("\u{AC00}", "\u{1100}\u{1161}"),
  ]

  @Test func stringTouchIDsCompareBytes() {
    for (a, b) in Self.pairs {
      #expect(a == b)  // the standard library's equivalence
      #expect(TouchID.string(a) != TouchID.string(b))
      #expect(TouchID.string(a) == TouchID.string(String(decoding: Array(a.utf8), as: UTF8.self)))
      #expect(Set([TouchID.string(a), .string(b), .string(a)]).count == 2)
      #expect(_UTF8Name(a) != _UTF8Name(b))
      #expect(Set([_UTF8Name(a), _UTF8Name(b)]).count == 2)
    }
    #expect(TouchID.number(1) == TouchID.number(1.0))
    #expect(TouchID.number(0) == TouchID.number(-0.0))
    #expect(Set([TouchID.number(0), .number(-0.0)]).count == 1)
    #expect(TouchID.number(1) != TouchID.string("1"))
  }

  @Test func theEngineKeepsEquivalentIdsAndSessionsApart() {
    var numbering = EventNumbering()
    for (a, b) in Self.pairs {
      let first = numbering.number(PageControlEvent(time: 0, session: a, .key(.right)))
      let second = numbering.number(PageControlEvent(time: 0, session: b, .key(.right)))
      #expect(first.session != second.session)
      let down = numbering.number(
        PageControlEvent(time: 0, .touch(.down, id: .string(a), x: 0, y: 0)))
      let other = numbering.number(
        PageControlEvent(time: 0, .touch(.down, id: .string(b), x: 0, y: 0)))
      #expect(down.action != other.action)
    }
  }

  @Test func eventsAndRecordsCompareSessionsAsBytes() {
    for (a, b) in Self.pairs {
      let first = PageControlEvent(time: 1, session: a, .key(.right))
      let second = PageControlEvent(time: 1, session: b, .key(.right))
      #expect(first != second)
      #expect(first == PageControlEvent(time: 1, session: a, .key(.right)))
      #expect(Set([first, second]).count == 2)
      let record = PageControlRecord(time: 1, session: a, .detail(page: 0))
      #expect(record != PageControlRecord(time: 1, session: b, .detail(page: 0)))
      #expect(record == PageControlRecord(time: 1, session: a, .detail(page: 0)))
    }
    #expect(
      PageControlEvent(time: 1, .key(.right))
        != PageControlEvent(time: 1, session: "", .key(.right)))
  }
}
