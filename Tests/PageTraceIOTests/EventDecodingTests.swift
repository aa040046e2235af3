import PageTrace
import Testing

@testable import PageTraceIO

@Suite struct EventDecodingTests {
  @Test func everyKind() throws {
    #expect(
      try event(#"{"t":0.016,"touch":"move","id":1,"x":181.5,"y":790}"#)
        == PageControlEvent(time: 0.016, .touch(.move, id: 1, x: 181.5, y: 790)))
    #expect(
      try event(#"{"t":1,"touch":"cancel","id":"a"}"#)
        == PageControlEvent(time: 1, .touch(.cancel, id: "a", x: nil, y: nil)))
    #expect(
      try event(#"{"t":1,"touch":"cancel","id":2,"x":3,"y":4}"#)
        == PageControlEvent(time: 1, .touch(.cancel, id: 2, x: 3, y: 4)))
    #expect(
      try event(#"{"t":1.2,"pointer":"down","x":190,"y":790}"#)
        == PageControlEvent(time: 1.2, .pointer(.down, x: 190, y: 790)))
    #expect(try event(#"{"t":2.0,"key":"right"}"#) == PageControlEvent(time: 2, .key(.right)))
    #expect(try event(#"{"t":1.9,"focus":"control"}"#) == PageControlEvent(time: 1.9, .focus(true)))
    #expect(try event(#"{"t":2.5,"focus":"none"}"#) == PageControlEvent(time: 2.5, .focus(false)))
    #expect(
      try event(#"{"t":3,"a11y":"scrollBackward"}"#)
        == PageControlEvent(time: 3, .accessibility(.scrollBackward)))
    #expect(
      try event(
        #"{"t":4,"set":{"current":3,"pages":5,"enabled":false,"continuous":true,"#
          + #""style":"minimal","extra":[1,{"a":null}]}}"#
      )
        == PageControlEvent(
          time: 4,
          .set(
            ProgrammaticChange(
              current: 3, pages: 5, enabled: false, continuous: true, style: .minimal))))
    #expect(
      try event(#"{"t":4,"set":{}}"#) == PageControlEvent(time: 4, .set(ProgrammaticChange())))
  }

  @Test func keyOrderDoesNotMatterAndUnknownKeysAreIgnored() throws {
    let decoded = try event(
      #" { "y" : 2 , "note":"hi", "x":1, "id":1.0, "nested":{"a":[true,false,null,-1.5e3]}, "#
        + #""touch":"up", "t":5, "session":"s" } "#
    )
    #expect(decoded == PageControlEvent(time: 5, session: "s", .touch(.up, id: 1, x: 1, y: 2)))
  }

  @Test func blankLines() throws {
    #expect(try decodeLine("") == .blank)
    #expect(try decodeLine(" \t \r") == .blank)
  }

  @Test func blankLinesDoNotUseUpTheHeader() throws {
    var decoder = TraceDecoder(file: "trace.jsonl")
    #expect(try decode(Array("".utf8), line: 1, with: &decoder) == .blank)
    #expect(decoder.hasSeenContent == false)
    let header = try decode(Array(#"{"pagetrace":1,"pages":3}"#.utf8), line: 2, with: &decoder)
    var expected = ConfigurationPatch()
    expected.pages = 3
    #expect(header == .header(expected))
  }

  /// Each case: the line, then the expected `FILE:LINE:COLUMN: expected …, found …`.
  @Test(arguments: [
    (#"{"t":"soon","key":"tab"}"#, #"trace.jsonl:7:6: expected a number for "t", found "soon""#),
    (#"{"key":"tab"}"#, #"trace.jsonl:7:1: expected the key "t" (the event time), found none"#),
    (
      #"{"t":1}"#,
      "trace.jsonl:7:1: expected one of the keys touch, pointer, key, focus, a11y or set, "
        + "found none"
    ),
    (
      #"{"t":1,"key":"escape"}"#,
      #"trace.jsonl:7:14: expected tab, left, right, up, down, space, home or end for "key", "#
        + #"found "escape""#
    ),
    (
      #"{"t":1,"key":"tab","touch":"down"}"#,
      #"trace.jsonl:7:20: expected exactly one of the keys touch, pointer, key, focus, a11y or "#
        + #"set, found "touch" after "key""#
    ),
    (
      #"{"t":1,"touch":"down","x":1,"y":2}"#,
      #"trace.jsonl:7:1: expected the key "id" on a touch event, found none"#
    ),
    (
      #"{"t":1,"touch":"down","id":1,"x":1}"#,
      #"trace.jsonl:7:1: expected the key "y" on a touch event, found none"#
    ),
    (
      #"{"t":1,"pointer":"down","y":1}"#,
      #"trace.jsonl:7:1: expected the key "x" on a pointer event, found none"#
    ),
    // A missing key with an unknown one on the line: the unknown one is named, at its column.
    (
      #"{"t":1,"tuch":"down","id":1,"x":1,"y":2}"#,
      "trace.jsonl:7:8: expected one of the keys touch, pointer, key, focus, a11y or set, "
        + #"found none ("tuch" is not a key of events)"#
    ),
    (
      #"{"t":1,"pointer":"down","X":1,"y":1}"#,
      #"trace.jsonl:7:25: expected the key "x" on a pointer event, found none ("X" is not a "#
        + "key of events)"
    ),
    (
      #"{"time":1,"key":"tab","extra":0}"#,
      #"trace.jsonl:7:2: expected the key "t" (the event time), found none ("time" is not a "#
        + "key of events)"
    ),
    (
      #"{"t":1,"touch":"down","id":true,"x":1,"y":2}"#,
      #"trace.jsonl:7:28: expected a number or a string for "id", found true"#
    ),
    (
      #"{"t":1,"touch":"down","id":1,"x":"1","y":2}"#,
      #"trace.jsonl:7:34: expected a number for "x", found "1""#
    ),
    (
      #"{"t":1,"pointer":"drag","x":1,"y":2}"#,
      #"trace.jsonl:7:18: expected hover, down, move or up for "pointer", found "drag""#
    ),
    (
      #"{"t":1,"focus":"window"}"#,
      #"trace.jsonl:7:16: expected control or none for "focus", found "window""#
    ),
    (
      #"{"t":1,"a11y":"zoom"}"#,
      #"trace.jsonl:7:15: expected increment, decrement, activate, scrollForward or "#
        + #"scrollBackward for "a11y", found "zoom""#
    ),
    (
      #"{"t":1,"touch":5,"id":1,"x":1,"y":2}"#,
      #"trace.jsonl:7:16: expected down, move, up or cancel for "touch", found 5"#
    ),
    (#"{"t":1,"set":3}"#, #"trace.jsonl:7:14: expected an object for "set", found 3"#),
    (
      #"{"t":1,"set":{"enabled":"yes"}}"#,
      #"trace.jsonl:7:25: expected true or false for "set.enabled", found "yes""#
    ),
    (
      #"{"t":1,"set":{"style":"loud"}}"#,
      #"trace.jsonl:7:23: expected automatic, prominent or minimal for "set.style", found "loud""#
    ),
    (
      #"{"t":1,"set":{"pages":2,"pages":3}}"#,
      #"trace.jsonl:7:25: expected each key once, found "pages" again"#
    ),
    (#"{"t":1,"key":"tab","t":2}"#, #"trace.jsonl:7:20: expected each key once, found "t" again"#),
    (
      #"{"t":1,"key":"tab","session":7}"#,
      #"trace.jsonl:7:30: expected a string for "session", found 7"#
    ),
    (#"{"t":1,"key":"tab"} x"#, "trace.jsonl:7:21: expected the end of the line, found x"),
    (#"{"t":1 "key":"tab"}"#, #"trace.jsonl:7:8: expected ',' or '}', found "key""#),
    (#"{"t":1,"key":"tab",}"#, "trace.jsonl:7:20: expected a key in double quotes, found '}'"),
    (#"{"t" 1}"#, "trace.jsonl:7:6: expected ':' after the key, found 1"),
    (#"{"t":1,"key":"tab""#, "trace.jsonl:7:19: expected ',' or '}', found the end of the line"),
    (#"[1,2]"#, "trace.jsonl:7:1: expected a JSON object, found [1,2]"),
    (#"nope"#, "trace.jsonl:7:1: expected a JSON object, found nope"),
    (#"{"t":1,"key":"tab","x":[1,2}"#, "trace.jsonl:7:28: expected ',' or ']', found '}'"),
    (#"{"t":1,"key":"tab","x":tru}"#, "trace.jsonl:7:24: expected a value, found tru"),
    (
      #"{"t":1,"key":"tab","pagetrace":1}"#,
      #"trace.jsonl:7:20: expected an event (a header may only be the first line), "#
        + #"found "pagetrace""#
    ),
    (
      #"{"t":"a very long string value that goes on and on and on","key":"tab"}"#,
      #"trace.jsonl:7:6: expected a number for "t", found "a very long string value that g…"#
    ),
  ])
  func errorMessages(line: String, message: String) {
    var decoder = TraceDecoder(file: "trace.jsonl")
    // Not the first line, so a header-like line is an error too.
    _ = try? decode(Array("{\"t\":0,\"key\":\"tab\"}".utf8), line: 6, with: &decoder)
    do {
      _ = try decode(Array(line.utf8), line: 7, with: &decoder)
      Issue.record("no error for \(line)")
    } catch {
      #expect(error.description == message)
      #expect(error.line == 7)
    }
  }

  @Test func columnsCountCharactersNotBytes() {
    let error = decodingError(#"{"x":"ééé","t":"bad","key":"tab"}"#, line: 3)
    #expect(error?.column == 16)
    #expect(error?.line == 3)
    let emoji = decodingError(#"{"😀😀":1,"t":"bad","key":"tab"}"#)
    #expect(emoji?.column == 13)
  }

  @Test func nestingDepthIsLimited() throws {
    // The top-level object is level 1: 63 nested arrays reach the limit of 64.
    let deepest = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
    #expect(try event(#"{"t":0,"key":"tab","deep":\#(deepest)}"#) != nil)
    let tooDeep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    let error = decodingError(#"{"t":0,"key":"tab","deep":\#(tooDeep)}"#)
    #expect(error?.expected == "at most 64 nested objects and arrays")
    #expect(error?.column == 27 + 63)
    let objects = String(repeating: #"{"a":"#, count: 64) + "1" + String(repeating: "}", count: 64)
    #expect(
      decodingError(#"{"t":0,"key":"tab","deep":\#(objects)}"#)?.expected
        == "at most 64 nested objects and arrays")
  }

  @Test func touchIDsOneAndOnePointZeroAreEqual() throws {
    let one = try event(#"{"t":0,"touch":"down","id":1,"x":0,"y":0}"#)
    let onePointZero = try event(#"{"t":0,"touch":"down","id":1.0,"x":0,"y":0}"#)
    let string = try event(#"{"t":0,"touch":"down","id":"1","x":0,"y":0}"#)
    #expect(one == onePointZero)
    #expect(one != string)
  }
}
