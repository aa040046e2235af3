import PageTrace
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ConfigurationTests {
  static let control = Rect(x: 0, y: 780, width: 390, height: 30)

  func parse(_ text: String, file: String = "phone.json") throws(TraceError) -> ConfigurationPatch {
    let bytes = Array(text.utf8)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(TraceError) in try ConfigurationPatch(json: raw, file: file) }
    }
    return try result.get()
  }

  func parseError(_ text: String) -> TraceError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func headerLineWithEveryKey() throws {
    let line = """
      {"pages":8,"pagetrace":1,"profile":"uikit","current":2,\
      "control":{"x":0,"y":780,"width":390,"height":30},\
      "container":{"x":0,"y":0,"width":390,"height":844},"direction":"natural","style":"prominent",\
      "continuous":false,"hidesForSinglePage":true,"enabled":false,"pitch":20,"padding":0,"fps":60,\
      "voiceOver":true,"progress":{"duration":3.0,"pageDurations":{"2":5.0,"10":1},\
      "resetsToInitialPageAfterEnd":true},"placement":"header","scrubDelay":0.2,"scrubTravel":10,\
      "followUpWindow":1,"followUpRadius":4,"animationDuration":0.25,"flickVelocity":900,\
      "edgeStepRate":6,"jogBase":1.5,"jogMaxRate":12,"rubberBand":30,"swipeDistance":20,\
      "swipeVelocity":300}
      """
    guard case .header(let patch) = try decodeLine(line) else {
      Issue.record("not a header")
      return
    }
    let configuration = try patch.resolve(file: "trace.jsonl", line: 2)
    var expected = PageControlConfiguration(pages: 8, control: Self.control)
    expected.current = 2
    expected.container = Rect(x: 0, y: 0, width: 390, height: 844)
    expected.direction = .leftToRight
    expected.style = .prominent
    expected.continuous = false
    expected.hidesForSinglePage = true
    expected.enabled = false
    expected.pitch = 20
    expected.padding = 0
    expected.fps = 60
    expected.voiceOver = true
    expected.progress = TimerProgress(
      duration: 3, pageDurations: [2: 5, 10: 1], resetsToInitialPageAfterEnd: true)
    expected.placement = .header
    expected.constants.scrubDelay = 0.2
    expected.constants.scrubTravel = 10
    expected.constants.followUpWindow = 1
    expected.constants.followUpRadius = 4
    expected.constants.animationDuration = 0.25
    expected.constants.flickVelocity = 900
    expected.constants.edgeStepRate = 6
    expected.constants.jogBase = 1.5
    expected.constants.jogMaxRate = 12
    expected.constants.rubberBand = 30
    expected.constants.swipeDistance = 20
    expected.constants.swipeVelocity = 300
    #expect(configuration == expected)
  }

  @Test func headerOnlyOnTheFirstNonBlankLine() throws {
    var decoder = TraceDecoder(file: "t.jsonl")
    #expect(try decode(Array("   ".utf8), line: 1, with: &decoder) == .blank)
    #expect(try decode(Array(#"{"t":0,"key":"tab"}"#.utf8), line: 2, with: &decoder) != .blank)
    do {
      _ = try decode(Array(#"{"pagetrace":1,"pages":3}"#.utf8), line: 3, with: &decoder)
      Issue.record("a late header was accepted")
    } catch {
      #expect(
        error.description
          == #"t.jsonl:3:2: expected an event (a header may only be the first line), "#
          + #"found "pagetrace""#
      )
    }
  }

  @Test func headerVersionMustBeOne() throws {
    let error = decodingError(#"{"pagetrace":2,"pages":3}"#)
    #expect(
      error?.description
        == #"trace.jsonl:1:14: expected the format version 1 for "pagetrace", found 2"#)
    #expect(try decodeLine(#"{"pagetrace":1.0}"#) == .header(ConfigurationPatch()))
  }

  @Test(arguments: [
    (
      #"{"profile":"material"}"#,
      #"phone.json:1:12: expected a profile (uikit, legacy, fiori, android) for "profile", found "material""#
    ),
    (
      #"{"pages":-1}"#,
      #"phone.json:1:10: expected an integer from 0 to 1048576 for "pages", found -1"#
    ),
    (
      #"{"pages":2.5}"#,
      #"phone.json:1:10: expected an integer from 0 to 1048576 for "pages", found 2.5"#
    ),
    (
      #"{"pages":1048577}"#,
      #"phone.json:1:10: expected an integer from 0 to 1048576 for "pages", found 1048577"#
    ),
    (
      #"{"progress":{"duration":0.0005}}"#,
      #"phone.json:1:25: expected a number >= 0.001 for "progress.duration", found 0.0005"#
    ),
    (
      #"{"control":{"x":0,"y":0,"width":10}}"#,
      #"phone.json:1:12: expected the key "height" in "control", found none"#
    ),
    (
      #"{"control":{"x":0,"y":0,"width":-1,"height":1}}"#,
      #"phone.json:1:33: expected a number >= 0 for "control.width", found -1"#
    ),
    (
      #"{"control":[0,0,1,1]}"#,
      "phone.json:1:12: expected an object {x, y, width, height} for \"control\", found [0,0,1,1]"
    ),
    (
      #"{"direction":"diagonal"}"#,
      #"phone.json:1:14: expected ltr, rtl, ttb, btt or natural for "direction", found "diagonal""#
    ),
    (#"{"pitch":0}"#, #"phone.json:1:10: expected a number > 0 for "pitch", found 0"#),
    (#"{"fps":"fast"}"#, #"phone.json:1:8: expected a number > 0 for "fps", found "fast""#),
    (#"{"voiceOver":1}"#, #"phone.json:1:14: expected true or false for "voiceOver", found 1"#),
    (
      #"{"progress":{"pageDurations":{}}}"#,
      #"phone.json:1:13: expected the key "duration" in "progress", found none"#
    ),
    (
      #"{"progress":{"duration":3,"pageDurations":{"2":0}}}"#,
      #"phone.json:1:48: expected a number >= 0.001 for "pageDurations.2", found 0"#
    ),
    (
      #"{"progress":{"duration":3,"pageDurations":{"02":1}}}"#,
      #"phone.json:1:44: expected a 0-based page number as a key of "pageDurations", found "02""#
    ),
    (
      #"{"progress":{"duration":3,"pageDurations":{"-1":1}}}"#,
      #"phone.json:1:44: expected a 0-based page number as a key of "pageDurations", found "-1""#
    ),
    (#"{"jogBase":0}"#, #"phone.json:1:12: expected a number > 0 for "jogBase", found 0"#),
    (
      #"{"scrubDelay":-0.1}"#,
      #"phone.json:1:15: expected a number >= 0 for "scrubDelay", found -0.1"#
    ),
    (#"{"pages":1,"pages":2}"#, #"phone.json:1:12: expected each key once, found "pages" again"#),
    // A key given again inside a frame, a timer and its page durations: the same error.
    (#"{"control":{"x":0,"x":1}}"#, #"phone.json:1:19: expected each key once, found "x" again"#),
    (
      #"{"progress":{"duration":3,"duration":4}}"#,
      #"phone.json:1:27: expected each key once, found "duration" again"#
    ),
    (
      #"{"progress":{"duration":3,"pageDurations":{"1":1,"1":2}}}"#,
      #"phone.json:1:50: expected each page once, found "1" again"#
    ),
    (#"{"pages":1} {}"#, "phone.json:1:13: expected the end of the file, found {}"),
    ("", "phone.json:1:1: expected a JSON object of configuration keys, found the end of the file"),
  ])
  func configurationErrors(text: String, message: String) {
    #expect(parseError(text)?.description == message)
  }

  @Test func configurationFileOverSeveralLines() throws {
    let text =
      "\u{FEFF}{\r\n  \"pages\": 8,\n  \"control\": {\"x\": 0, \"y\": 780, \"width\": 390,\n"
      + "    \"height\": 30},\n  \"style\": \"minimal\"\n}\n"
    let path = temporaryFile(Array(text.utf8))
    defer { unlink(path) }
    let patch = try ConfigurationPatch(readingFile: path)
    #expect(patch.pages == 8 && patch.control == Self.control && patch.style == .minimal)

    let broken = temporaryFile(Array("{\n  \"pages\": 8,\n  \"pitch\": \"wide\"\n}".utf8))
    defer { unlink(broken) }
    do {
      _ = try ConfigurationPatch(readingFile: broken)
      Issue.record("no error")
    } catch {
      #expect(
        error
          == .invalid(
            TraceError(
              file: broken, line: 3, column: 12, expected: "a number > 0 for \"pitch\"",
              found: "\"wide\"")))
      #expect(
        error.description == "\(broken):3:12: expected a number > 0 for \"pitch\", found \"wide\"")
    }
  }

  @Test func configurationFileErrors() throws {
    #expect {
      try ConfigurationPatch(readingFile: "/nonexistent.json")
    } throws: { error in
      guard case .unreadable = error as? ConfigurationFileError else { return false }
      return true
    }
    let big = temporaryFile(Array(("{\"pages\":1}" + String(repeating: " ", count: 100)).utf8))
    defer { unlink(big) }
    do {
      _ = try ConfigurationPatch(readingFile: big, maximumSize: 50)
      Issue.record("no error")
    } catch {
      guard case .invalid(let error) = error else {
        Issue.record("not a content error: \(error)")
        return
      }
      #expect(error.expected == "a configuration file of at most 50 bytes")
    }
  }

  @Test func precedenceIsShallow() throws {
    let header = try parse(
      #"{"pagetrace":1,"pages":8,"control":{"x":0,"y":780,"width":390,"height":30},"pitch":20}"#)
    let file = try parse(#"{"control":{"x":10,"y":700,"width":300,"height":40},"fps":60}"#)
    var flags = ConfigurationPatch()
    flags.pages = 4
    flags.fps = 30

    var combined = header
    combined.merge(file)
    combined.merge(flags)
    #expect(combined == header.merging(file).merging(flags))
    let configuration = try combined.resolve(file: "trace.jsonl", line: 2)
    #expect(configuration.pages == 4)  // flag over header
    #expect(configuration.fps == 30)  // flag over --config
    #expect(configuration.pitch == 20)  // header, untouched
    #expect(configuration.control == Rect(x: 10, y: 700, width: 300, height: 40))  // whole frame
    // Reversed precedence gives the header's values back.
    #expect(try flags.merging(file).merging(header).resolve(file: "x", line: 1).pages == 8)
  }

  @Test func resolveReportsMissingKeysAtTheFirstEvent() throws {
    var patch = ConfigurationPatch()
    do {
      _ = try patch.resolve(file: "trace.jsonl", line: 4)
      Issue.record("no error")
    } catch {
      #expect(
        error.description
          == #"trace.jsonl:4:1: expected the configuration key "pages" "#
          + "(in the header, --config or a flag), found none"
      )
    }
    patch.pages = 3
    #expect(throws: TraceError.self) { try patch.resolve(file: "trace.jsonl", line: 4) }
    patch.control = Self.control
    #expect(
      try patch.resolve(file: "trace.jsonl", line: 4)
        == PageControlConfiguration(pages: 3, control: Self.control))
    patch.fps = -1  // as a flag might set it
    do {
      _ = try patch.resolve(file: "trace.jsonl", line: 4)
      Issue.record("no error")
    } catch {
      #expect(error.expected == #"a valid value for the configuration key "fps""#)
    }
  }
}

/// Issue 5: a profile from the header, with constants overridden on top of it.
@Suite struct ProfileConfigurationTests {
  @Test func aHeaderPicksAProfileAndOverridesItsConstants() throws {
    var text =
      #"{"profile":"android","scrubTravel":24,"pages":8,"control":{"x":0,"y":0,"width":390,"height":30}}"#
    let patch = try text.withUTF8 { bytes in
      try ConfigurationPatch(json: UnsafeRawBufferPointer(bytes), file: "h.json")
    }
    let configuration = try patch.resolve(file: "h.json", line: 1)
    #expect(configuration.profile.name == "android")
    #expect(configuration.profile.controlTap == .jumpToSlot)
    #expect(configuration.constants.scrubTravel == 24)
    #expect(configuration.constants.scrubDelay == InteractionConstants.uikit.scrubDelay)
    // And the profile survives the binary header's encoding.
    #expect(String(decoding: patch.jsonBytes(), as: UTF8.self).contains(#""profile":"android""#))
  }
}
