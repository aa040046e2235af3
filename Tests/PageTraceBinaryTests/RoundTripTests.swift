import PageTrace
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hand-written trace with every event kind, phase, key and action, sessions (including the
/// empty one and escapes), string and numeric ids, cancels without coordinates, `set` with
/// each field, extreme doubles, blank lines and unknown keys.
let variedTrace = #"""
  {"pagetrace":1,"profile":"uikit","pages":8,"current":2,"control":{"x":0,"y":780,"width":390,"height":30},"container":{"x":-0.0,"y":0,"width":390.5,"height":844},"direction":"natural","style":"prominent","continuous":false,"hidesForSinglePage":true,"enabled":true,"pitch":16.5,"padding":0,"fps":60,"voiceOver":true,"progress":{"duration":3,"pageDurations":{"10":0.25,"2":5},"resetsToInitialPageAfterEnd":true},"placement":"header","scrubDelay":0.2,"scrubTravel":10,"followUpWindow":0.5,"followUpRadius":4,"animationDuration":0.25,"flickVelocity":900,"edgeStepRate":9,"jogBase":1.5,"jogMaxRate":12,"rubberBand":25,"swipeDistance":30,"swipeVelocity":450}
  {"t":0,"touch":"down","id":1,"x":181.5,"y":790}
  {"t":0.016,"touch":"move","id":1.0,"x":5e-324,"y":-0.0}

  {"t":0.032,"touch":"up","id":1,"x":1.7976931348623157e308,"y":-1.7976931348623157e308}
  {"t":5e-324,"session":"a","touch":"down","id":"finger-é","x":1,"y":2}
  {"t":-0.0,"touch":"cancel","id":"finger-é","session":"a"}
  {"t":1.7976931348623157e308,"touch":"cancel","id":2,"x":3}
  {"t":0.08,"touch":"cancel","id":-0.0,"y":4,"extra":"ignored"}
  {"t":0.1,"touch":"down","id":2.5e-300,"x":0.1,"y":0.2,"session":""}
  {"t":0.1,"touch":"down","id":"","x":0.1,"y":0.2,"session":"a\"b\\c\n\u0000\ud83d\udc4b"}
  {"t":0.2,"pointer":"hover","x":1,"y":2}
  {"t":0.3,"pointer":"down","x":-1e-7,"y":123456789.125,"session":"a"}
  {"t":0.4,"pointer":"move","x":3,"y":4}
  {"t":0.5,"pointer":"up","x":3,"y":4}
  {"t":1,"key":"tab"}
  {"t":1,"key":"left"}
  {"t":1,"key":"right","session":"b"}
  {"t":1,"key":"up"}
  {"t":1,"key":"down"}
  {"t":1,"key":"space"}
  {"t":1,"key":"home"}
  {"t":1,"key":"end"}
  {"t":2,"focus":"control"}
  {"t":2,"focus":"none","session":"b"}
  {"t":3,"a11y":"increment"}
  {"t":3,"a11y":"decrement"}
  {"t":3,"a11y":"activate"}
  {"t":3,"a11y":"scrollForward"}
  {"t":3,"a11y":"scrollBackward","session":"a"}
  {"t":4,"set":{"current":3}}
  {"t":4,"set":{"pages":0}}
  {"t":4,"set":{"enabled":false}}
  {"t":4,"set":{"enabled":true}}
  {"t":4,"set":{"continuous":true}}
  {"t":4,"set":{"continuous":false}}
  {"t":4,"set":{"style":"automatic"}}
  {"t":4,"set":{"style":"prominent"}}
  {"t":4,"set":{"style":"minimal"}}
  {"t":4,"set":{}}
  {"t":4,"set":{"current":-9007199254740992,"pages":9007199254740992,"enabled":true,"continuous":false,"style":"minimal","other":1},"session":"b"}
  {"t":0.30000000000000004,"touch":"down","id":"finger-é","x":2.2250738585072014e-308,"y":4.9406564584124654e-324}

  """#

@Suite struct RoundTripTests {
  @Test func jsonLinesToBinaryToJSONLines() throws {
    let original = try readTrace(Array(variedTrace.utf8))
    #expect(original.format == .jsonLines)
    #expect(original.errors.isEmpty)
    #expect(original.events.count == 40)
    let header = try #require(original.header)

    let binaryBytes = try binary(header: header, original.events)
    let fromBinary = try readTrace(binaryBytes)
    #expect(fromBinary.format == .binary)
    #expect(fromBinary.errors.isEmpty)
    #expect(fromBinary.header == header)
    #expect(fromBinary.events == original.events)
    #expect(exact(fromBinary.events) == exact(original.events))

    let jsonBytes = try jsonLines(header: fromBinary.header, fromBinary.events)
    let back = try readTrace(jsonBytes)
    #expect(back.format == .jsonLines)
    #expect(back.errors.isEmpty)
    #expect(back.header == header)
    #expect(exact(back.events) == exact(original.events))

    // Canonical forms are fixed points: writing again gives the same bytes.
    #expect(try jsonLines(header: back.header, back.events) == jsonBytes)
    #expect(try binary(header: back.header, back.events) == binaryBytes)
  }

  @Test func everyChunkSizeGivesTheSameItems() throws {
    let original = try readTrace(Array(variedTrace.utf8))
    let binaryBytes = try binary(header: original.header, original.events)
    for chunkSize in [1, 2, 3, 7, 8, 9, 39, 40, 41, 64, 1000] {
      let jsonl = try readTrace(Array(variedTrace.utf8), chunkSize: chunkSize)
      #expect(jsonl.items == original.items, "chunk \(chunkSize)")
      let fromBinary = try readTrace(binaryBytes, chunkSize: chunkSize)
      #expect(fromBinary.format == .binary)
      #expect(fromBinary.errors.isEmpty, "chunk \(chunkSize)")
      #expect(exact(fromBinary.events) == exact(original.events), "chunk \(chunkSize)")
    }
  }

  @Test func eventLinesAndRecordNumbers() throws {
    let original = try readTrace(Array(variedTrace.utf8))
    // JSON Lines: the line numbers of the text (line 4 is blank).
    #expect(Array(original.lines.prefix(4)) == [2, 3, 5, 6])
    let binaryBytes = try binary(header: original.header, original.events)
    let fromBinary = try readBinary(binaryBytes)
    // Binary: each event's number is its record, at byte offset 40 × (number − 1).
    var offsets: [Int] = []
    var offset = _BinaryRecord.padded(16 + Int(binaryBytes[12]) + Int(binaryBytes[13]) << 8)
    // Up to the end marker, the last record.
    while offset < binaryBytes.count - 40 {
      if binaryBytes[offset + 8] == 0 {
        let length = Int(binaryBytes[offset + 16]) + Int(binaryBytes[offset + 17]) << 8
        offset += 40 + _BinaryRecord.padded(length)
      } else {
        offsets.append(offset)
        offset += 40
      }
    }
    #expect(fromBinary.lines.map { 40 * ($0 - 1) } == offsets)
  }

  @Test func noHeaderStaysNoHeader() throws {
    let text = "\n{\"t\":1,\"key\":\"tab\"}\n"
    let original = try readTrace(Array(text.utf8))
    #expect(original.header == nil)
    #expect(original.items == [.blank, .event(PageControlEvent(time: 1, .key(.tab)), line: 2)])
    let binaryBytes = try binary(header: nil, original.events)
    #expect(binaryBytes.count == 120)  // the file header, the event, the end marker
    let fromBinary = try readTrace(binaryBytes)
    #expect(fromBinary.items == [.event(PageControlEvent(time: 1, .key(.tab)), line: 2)])
    #expect(
      try jsonLines(header: nil, fromBinary.events) == Array("{\"t\":1,\"key\":\"tab\"}\n".utf8))
  }

  @Test func emptyTraces() throws {
    // A binary trace without events is just its file header and its end marker.
    let empty = try binary(header: nil, [])
    #expect(empty == sealed(binaryHeader(version: 2), count: 0))
    let read = try readTrace(empty)
    #expect(read.format == .binary && read.items.isEmpty && read.errors.isEmpty)
    let withHeader = try binary(header: ConfigurationPatch(), [])
    #expect(try readTrace(withHeader).items == [.header(ConfigurationPatch())])
    // An empty input is JSON Lines with nothing in it.
    let nothing = try readTrace([])
    #expect(nothing.format == .jsonLines && nothing.items.isEmpty && nothing.errors.isEmpty)
  }

  @Test func stringTableReusesIndicesWhenFull() throws {
    // Every touch has its own string id: far more strings than the table may hold.
    var events: [PageControlEvent] = []
    for index in 0..<500 {
      let session = "session \(index % 7)"
      events.append(
        PageControlEvent(
          time: Double(index), session: session,
          .touch(.down, id: .string("finger \(index)"), x: 1, y: 2)))
      events.append(
        PageControlEvent(
          time: Double(index), session: session,
          .touch(.up, id: .string("finger \(index)"), x: 3, y: 4)))
    }
    for capacity in [2, 3, 16] {
      let bytes = try binary(header: nil, events, stringCapacity: capacity)
      let read = try readBinary(bytes)
      #expect(read.errors.isEmpty)
      #expect(read.events == events, "capacity \(capacity)")
      // No index beyond the capacity is ever defined.
      var offset = 40
      while offset < bytes.count {
        if bytes[offset + 8] == 0 {
          #expect(Int(bytes[offset + 12]) + Int(bytes[offset + 13]) << 8 <= capacity)
          offset +=
            40
            + _BinaryRecord.padded(
              Int(bytes[offset + 16]) + Int(bytes[offset + 17]) << 8 + Int(bytes[offset + 18]) << 16
            )
        } else {
          offset += 40
        }
      }
    }
  }

  // The table's byte limit: StringTableReuseTests.aFullTableByBytesEmptiesWhatTheRuleSays
  // reads such a trace back too.

  @Test func configurationJSONIsCanonical() throws {
    var patch = ConfigurationPatch()
    #expect(String(decoding: patch.jsonBytes(), as: UTF8.self) == #"{"pagetrace":1}"#)
    patch.pages = 8
    patch.control = Rect(x: 0, y: 780, width: 390, height: 30)
    patch.direction = .rightToLeft
    patch.progress = TimerProgress(duration: 3, pageDurations: [10: 0.5, 2: 5])
    patch.swipeVelocity = 0.1
    #expect(
      String(decoding: patch.jsonBytes(), as: UTF8.self)
        == #"{"pagetrace":1,"pages":8,"control":{"x":0,"y":780,"width":390,"height":30},"#
        + #""direction":"rtl","progress":{"duration":3,"pageDurations":{"2":5,"10":0.5},"#
        + #""resetsToInitialPageAfterEnd":false},"swipeVelocity":0.1}"#)
    let parsed = try patch.jsonBytes().withUnsafeBytes {
      try ConfigurationPatch(json: $0, file: "config.json")
    }
    #expect(parsed == patch)
  }
}

@Suite struct FormatExampleTests {
  /// The example of docs/binary-format.md, byte for byte.
  @Test func documentedExample() throws {
    let text = """
      {"pagetrace":1,"pages":3}
      {"t":0.5,"touch":"down","session":"a","id":1,"x":10,"y":5}
      {"t":0.75,"set":{"current":2,"enabled":false,"style":"minimal"}}

      """
    let read = try readTrace(Array(text.utf8))
    let bytes = try binary(header: read.header, read.events)
    func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }
    var expected: [UInt8] = [
      0x50, 0x47, 0x54, 0x52, 0x41, 0x43, 0x45, 0x00, 2, 0, 0, 0, 25, 0, 0, 0,
    ]
    expected += Array(#"{"pagetrace":1,"pages":3}"#.utf8) + zeros(39)
    expected += zeros(8) + [0, 0, 0, 0, 1, 0, 0, 0, 1] + zeros(7) + zeros(16)
    expected += [0x61] + zeros(39)
    expected += [0, 0, 0, 0, 0, 0, 0xE0, 0x3F, 1, 0, 3, 0, 1, 0, 0, 0]
    expected += [0, 0, 0, 0, 0, 0, 0x24, 0x40, 0, 0, 0, 0, 0, 0, 0x14, 0x40]
    expected += [0, 0, 0, 0, 0, 0, 0xF0, 0x3F]
    expected += [0, 0, 0, 0, 0, 0, 0xE8, 0x3F, 6, 0, 5, 3, 0, 0, 0, 0]
    expected += [2] + zeros(7) + zeros(16)
    // The end marker: tag, kind 255, 2 events, the checksum of the 240 bytes before it.
    expected += [0x50, 0x47, 0x54, 0x45, 0x4E, 0x44, 0, 0, 0xFF] + zeros(7)
    expected += [2] + zeros(7) + [0x77, 0xEB, 0xFE, 0xC6, 0x85, 0x94, 0x27, 0x91] + zeros(8)
    #expect(bytes.count == 280)
    #expect(bytes == expected)
    #expect(try readBinary(bytes).lines == [5, 6])
    #expect(
      String(decoding: try jsonLines(header: read.header, read.events), as: UTF8.self) == text)
  }
}
