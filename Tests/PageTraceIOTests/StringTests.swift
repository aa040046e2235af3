import PageTrace
import Testing

@testable import PageTraceIO
@testable import PageTraceImport

@Suite struct StringTests {
  @Test func allEscapesDecode() throws {
    let line = #"{"t":0,"key":"tab","session":"a\"b\\c\/d\b\f\n\r\t\u00e9\u20AC\ud83d\ude00"}"#
    let session = try event(line)?.session
    #expect(session == "a\"b\\c/d\u{8}\u{C}\n\r\té€😀")
  }

  @Test func escapedKeysAndValuesMatch() throws {
    // "\u0074" is "t" and "\u0064own" is "down".
    let decoded = try event(#"{"\u0074":1.5,"touch":"\u0064own","id":"\u0031","x":1,"y":2}"#)
    #expect(decoded == PageControlEvent(time: 1.5, .touch(.down, id: "1", x: 1, y: 2)))
  }

  @Test func rawUTF8IsKept() throws {
    #expect(try event(#"{"t":0,"key":"tab","session":"ßession ✓ 😀"}"#)?.session == "ßession ✓ 😀")
  }

  @Test func emptySessionIsNotNoSession() throws {
    #expect(try event(#"{"t":0,"key":"tab","session":""}"#)?.session == "")
    #expect(try event(#"{"t":0,"key":"tab"}"#)?.session == nil)
  }

  @Test func sessionsAndStringIDsAreInterned() throws {
    var decoder = TraceDecoder(file: "trace.jsonl")
    var sessions: [String] = []
    for index in 0..<4 {
      let text = #"{"t":\#(index),"touch":"move","id":"finger","x":1,"y":2,"session":"left hand"}"#
      guard case .event(let event, _) = try decode(Array(text.utf8), with: &decoder) else {
        Issue.record("not an event")
        return
      }
      sessions.append(event.session!)
      #expect(event.action == .touch(.move, id: "finger", x: 1, y: 2))
    }
    // Interned strings share storage: the same UTF-8 buffer address every time.
    let addresses = sessions.map { session in
      session.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) }
    }
    #expect(Set(addresses).count == 1)
  }

  @Test func internerEvictsTheLeastRecentlyUsed() {
    var interner = _StringInterner()
    func intern(_ text: String) -> String {
      Array(text.utf8).withUnsafeBytes { interner.intern($0) }
    }
    let first = intern("a long session name that is not a small string 0")
    for index in 1...(_StringInterner.capacity - 1) {
      _ = intern("a long session name that is not a small string \(index)")
    }
    let again = intern("a long session name that is not a small string 0")
    func address(_ string: String) -> UInt? {
      string.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) }
    }
    #expect(address(first) == address(again))
    for index in 100..<(100 + _StringInterner.capacity) {
      _ = intern("a long session name that is not a small string \(index)")
    }
    let evicted = intern("a long session name that is not a small string 0")
    #expect(evicted == first)
    #expect(address(evicted) != address(first))
  }

  @Test(arguments: [
    (#"{"t":0,"key":"tab","s":"\ud800"}"#, "a low surrogate \\uDC00-\\uDFFF after a high one"),
    (
      #"{"t":0,"key":"tab","s":"\ud800\u0041"}"#, "a low surrogate \\uDC00-\\uDFFF after a high one"
    ),
    (#"{"t":0,"key":"tab","s":"\udc00"}"#, "a high surrogate before a low one"),
    (#"{"t":0,"key":"tab","s":"\u12G4"}"#, "four hexadecimal digits after \\u"),
    (
      #"{"t":0,"key":"tab","s":"\x"}"#,
      "an escape sequence (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)"
    ),
  ])
  func badEscapes(line: String, expected: String) {
    let error = decodingError(line)
    #expect(error?.expected == expected)
    #expect(error?.column == 25)
  }

  @Test func rawControlCharactersAreErrors() {
    let error = decodingError("{\"t\":0,\"key\":\"tab\",\"s\":\"a\tb\"}")
    #expect(error?.expected == "a string without raw control characters")
    #expect(error?.found == "the control character U+0009")
    #expect(error?.column == 26)
  }

  @Test func unterminatedString() {
    let error = decodingError(#"{"t":0,"key":"tab"#)
    #expect(error?.expected == "a string closed by '\"'")
    #expect(error?.found == "\"tab")
    #expect(error?.column == 14)
  }

  @Test(
    arguments: [
      ([0xFF], "the byte 0xFF (never in UTF-8)"),
      ([0xF5, 0x80, 0x80, 0x80], "the byte 0xF5 (never in UTF-8)"),
      ([0x80], "the byte 0x80 (a continuation byte without a lead byte)"),
      ([0xBF, 0x80], "the byte 0xBF (a continuation byte without a lead byte)"),
      ([0xC0, 0x80], "the byte 0xC0 (an overlong encoding)"),
      ([0xC1, 0xBF], "the byte 0xC1 (an overlong encoding)"),
      ([0xE0, 0x80, 0x80], "the byte 0xE0 (an overlong encoding)"),
      ([0xF0, 0x8F, 0xBF, 0xBF], "the byte 0xF0 (an overlong encoding)"),
      ([0xED, 0xA0, 0x80], "the byte 0xED (an encoded surrogate)"),
      ([0xF4, 0x90, 0x80, 0x80], "the byte 0xF4 (a code point above U+10FFFF)"),
      (
        [0xC3, 0x28], "the byte 0xC3 (the start of a 2-byte sequence without its continuation byte)"
      ),
      (
        [0xE2, 0x82],
        "the byte 0xE2 (the start of a 3-byte sequence without its continuation bytes)"
      ),
      ([0xE9], "the byte 0xE9 (the start of a 3-byte sequence without its continuation bytes)"),
      (
        [0xF0, 0x9F, 0x98],
        "the byte 0xF0 (the start of a 4-byte sequence without its continuation bytes)"
      ),
    ] as [([UInt8], String)])
  func invalidUTF8NamesTheFirstByteOfTheBadSequence(bad: [UInt8], found: String) {
    // "é" before the bad bytes: the column counts it as one character, and points at the
    // first byte of the bad sequence, not at the byte after it that gave it away.
    let line = Array(#"{"t":0,"key":"tab","s":"é"#.utf8) + bad + Array(#"x"}"#.utf8)
    let error = decodingError(line)
    #expect(error?.expected == "valid UTF-8")
    #expect(error?.column == 26)
    #expect(error?.found == found)
  }

  @Test func latin1TextNamesItsOwnByte() {
    // "café" in Latin-1: 0xE9 before the closing quote (0x22), which used to be named.
    let error = decodingError(Array(#"{"name":"caf"#.utf8) + [0xE9] + Array(#""}"#.utf8))
    #expect(
      error?.description
        == "trace.jsonl:1:13: expected valid UTF-8, found the byte 0xE9 (the start of a 3-byte"
        + " sequence without its continuation bytes)")
  }

  @Test func aSequenceCutShortByTheEndOfTheLine() {
    let error = decodingError(Array(#"{"t":0,"key":"tab","s":"ab"#.utf8) + [0xE2, 0x82])
    #expect(error?.column == 27)
    #expect(error?.found == "the byte 0xE2 (a sequence cut short by the end of the line)")
  }

  @Test func invalidUTF8OutsideStrings() {
    let error = decodingError([0x7B, 0xFF, 0x7D])
    #expect(error?.expected == "a key in double quotes")
    #expect(error?.found == "the byte 0xFF (never in UTF-8)")
    #expect(error?.column == 2)
    let stray = decodingError([0x7B, 0x7D, 0x20, 0x80])
    #expect(stray?.found == "the byte 0x80 (a continuation byte without a lead byte)")
    #expect(stray?.column == 4)
  }

  @Test func validFourByteScalarsPass() throws {
    let line =
      Array(#"{"t":0,"key":"tab","s":""#.utf8) + [0xF0, 0x9F, 0x98, 0x80]
      + Array(#""}"#.utf8)
    var decoder = TraceDecoder(file: "x")
    #expect(
      try decode(line, with: &decoder) == .event(PageControlEvent(time: 0, .key(.tab)), line: 1))
  }
}
