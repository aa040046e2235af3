import PageTrace
import Testing

@testable import PageTraceIO

/// docs/behaviour/configuration.md, "Configuration checks": a key that is not a configuration key is a data
/// error at the key, in a `--config` file, a header line, and inside `control`, `container` and
/// `progress`, naming the closest known key when one is a likely misspelling. Every expected
/// message and column is worked out by hand from the text.
@Suite struct UnknownConfigurationKeyTests {
  func error(_ text: String) -> TraceError? {
    let bytes = Array(text.utf8)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(TraceError) in try ConfigurationPatch(json: raw, file: "c.json") }
    }
    if case .failure(let error) = result { return error }
    return nil
  }

  @Test func aMisspeltKeyInAConfigurationFileNamesTheKeyItMeant() {
    // `{"pages":8,` is 11 characters: the key's quote is column 12.
    let found = error(#"{"pages":8,"scrubDelya":0.2}"#)
    #expect(found?.line == 1)
    #expect(found?.column == 12)
    #expect(
      found?.description
        == #"c.json:1:12: expected a configuration key, found the unknown key "scrubDelya" (did you mean "scrubDelay"?)"#
    )
  }

  @Test func aKeyLikeNoOtherIsAnErrorWithoutASuggestion() {
    let found = error("{\n  \"pages\": 8,\n  \"comment\": \"phone\"\n}")
    #expect(
      found?.description
        == #"c.json:3:3: expected a configuration key, found the unknown key "comment""#)
  }

  @Test func unknownKeysInsideTheFramesAndTheTimerAreErrors() {
    // Columns counted by hand: `{"control":{"x":0,` is 18 characters, `{"container":{` 14 and
    // `{"progress":{` 13.
    #expect(
      error(#"{"control":{"x":0,"widht":1,"y":0,"height":1}}"#)?.description
        == #"c.json:1:19: expected x, y, width or height in "control", found the unknown key "widht" (did you mean "width"?)"#
    )
    #expect(
      error(#"{"container":{"X":0,"x":0,"y":0,"width":1,"height":1}}"#)?.description
        == #"c.json:1:15: expected x, y, width or height in "container", found the unknown key "X" (did you mean "x"?)"#
    )
    #expect(
      error(#"{"progress":{"duraton":1}}"#)?.description
        == #"c.json:1:14: expected duration, pageDurations or resetsToInitialPageAfterEnd in "progress", found the unknown key "duraton" (did you mean "duration"?)"#
    )
  }

  @Test func aHeaderLineReportsTheMisspellingNotAMissingKey() {
    // `{"pagetrace":1,` is 15 characters: "pagse" starts at column 16, on the header's line, not
    // at the first event (where "pages" would be found missing).
    let line = #"{"pagetrace":1,"pagse":8,"control":{"x":0,"y":780,"width":390,"height":30}}"#
    #expect(
      decodingError(line)?.description
        == #"trace.jsonl:1:16: expected a configuration key, found the unknown key "pagse" (did you mean "pages"?)"#
    )
  }

  @Test func mapsOfPagesAndImagesTakeAnyKeyTheyDescribe() {
    // `indicatorImages` and `pageDurations` are maps: their keys are names and page numbers.
    #expect(error(#"{"indicatorImages":{"default":"dot","anything":"star"}}"#) == nil)
    #expect(error(#"{"progress":{"duration":1,"pageDurations":{"3":2}}}"#) == nil)
  }

  @Test func aVeryLongUnknownKeyGetsNoSuggestion() {
    let key = String(repeating: "pages", count: 10_000)
    let found = error(#"{"\#(key)":1}"#)
    #expect(found?.expected == "a configuration key")
    #expect(found?.found.contains("did you mean") == false)
  }
}
