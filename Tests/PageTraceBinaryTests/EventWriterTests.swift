import PageTrace
import Testing

@testable import PageTraceIO

@Suite struct EventWriterTests {
  @Test func linesInSpecForm() throws {
    var header = ConfigurationPatch()
    header.pages = 3
    let events = [
      PageControlEvent(time: 0.016, .touch(.move, id: 1, x: 181.5, y: 790)),
      PageControlEvent(time: 0.5, session: "a", .touch(.cancel, id: "f\"1", x: nil, y: nil)),
      PageControlEvent(time: 0.5, .touch(.cancel, id: .number(2.5), x: nil, y: -0.0)),
      PageControlEvent(time: 1.2, .pointer(.down, x: 190, y: 790)),
      PageControlEvent(time: 2, session: "", .key(.right)),
      PageControlEvent(time: 1.9, .focus(true)),
      PageControlEvent(time: 2.5, .focus(false)),
      PageControlEvent(time: 3, .accessibility(.scrollBackward)),
      PageControlEvent(time: 4, .set(ProgrammaticChange(current: 3))),
      PageControlEvent(
        time: 4, session: "b",
        .set(
          ProgrammaticChange(
            current: -1, pages: 5, enabled: false, continuous: true, style: .minimal))),
      PageControlEvent(time: .leastNonzeroMagnitude, .set(ProgrammaticChange())),
    ]
    let expected = #"""
      {"pagetrace":1,"pages":3}
      {"t":0.016,"touch":"move","id":1,"x":181.5,"y":790}
      {"t":0.5,"touch":"cancel","session":"a","id":"f\"1"}
      {"t":0.5,"touch":"cancel","id":2.5,"y":-0}
      {"t":1.2,"pointer":"down","x":190,"y":790}
      {"t":2,"key":"right","session":""}
      {"t":1.9,"focus":"control"}
      {"t":2.5,"focus":"none"}
      {"t":3,"a11y":"scrollBackward"}
      {"t":4,"set":{"current":3}}
      {"t":4,"set":{"current":-1,"pages":5,"enabled":false,"continuous":true,"style":"minimal"},"session":"b"}
      {"t":5e-324,"set":{}}

      """#
    let bytes = try jsonLines(header: header, events)
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }

  @Test func outputDecodesToTheSameEvents() throws {
    let original = try readTrace(Array(variedTrace.utf8))
    let bytes = try jsonLines(header: original.header, original.events)
    // Line by line through TraceDecoder, as the CLI reads.
    var decoder = TraceDecoder(file: "out.jsonl")
    var header: ConfigurationPatch?
    var events: [PageControlEvent] = []
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    for (index, line) in lines.enumerated() {
      let decoded = try Array(line).withUnsafeBytes { raw in
        try decoder.decode(raw, lineNumber: index + 1)
      }
      switch decoded {
      case .blank: Issue.record("no blank lines are written")
      case .header(let patch): header = patch
      case .event(let event, _): events.append(event)
      case .note: Issue.record("no notes from the decoder")
      }
    }
    #expect(header == original.header)
    #expect(events == original.events)
    #expect(exact(events) == exact(original.events))
  }

  @Test func writeFailureIsKeptAndThrown() throws {
    var writer = EventWriter(
      descriptor: SystemDescriptor(rawValue: -1), name: "bad", flush: .buffered(bytes: 1))
    writer.write(PageControlEvent(time: 0, .key(.tab)))
    #expect(writer.failure?.kind == .writeFailed)
    #expect(throws: FileError.self) { try writer.flush() }
    var binaryWriter = BinaryTraceWriter(
      descriptor: SystemDescriptor(rawValue: -1), name: "bad", flush: .buffered(bytes: 1))
    binaryWriter.write(PageControlEvent(time: 0, .key(.tab)))
    #expect(binaryWriter.failure?.kind == .writeFailed)
    #expect(throws: FileError.self) { try binaryWriter.flush() }
  }
}
