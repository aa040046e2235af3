import PageTrace
import Testing

@testable import PageTraceIO
@testable import PageTraceImport

/// CSV with a column mapping: hand-written fixtures.
@Suite struct CSVImporterTests {
  func run(_ text: String, _ mapping: CSVImporter.Mapping) throws
    -> (events: [PageControlEvent], notes: [ImportNote])
  {
    var importer = CSVImporter(mapping)
    var events: [PageControlEvent] = []
    var notes: [ImportNote] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      var bytes = Array(line.utf8)
      try bytes.withUnsafeMutableBytes { buffer in
        try importer.decode(UnsafeRawBufferPointer(buffer), line: index + 1, file: "r.csv") {
          events.append($0)
        } note: {
          notes.append($0)
        }
      }
    }
    try importer.finish {
      events.append($0)
    } note: {
      notes.append($0)
    }
    return (events, notes)
  }

  let touchalytics: CSVImporter.Mapping = {
    var mapping = CSVImporter.Mapping(time: 4, phase: 5, x: 7, y: 8)
    mapping.session = 3
    mapping.timeUnit = .milliseconds
    return mapping
  }()

  @Test func touchalyticsRowsBecomeTouches() throws {
    let text = """
      1,1,3,1000,0,1,253,296,0.3,0.1,0
      1,1,3,1016,2,1,241,299,0.3,0.1,0
      1,1,3,1032,1,1,208,311,0.3,0.1,0
      """
    let (events, notes) = try run(text, touchalytics)
    #expect(notes.isEmpty)
    #expect(
      events == [
        PageControlEvent(time: 1, session: "3", .touch(.down, id: 1, x: 253, y: 296)),
        PageControlEvent(time: 1.016, session: "3", .touch(.move, id: 1, x: 241, y: 299)),
        PageControlEvent(time: 1.032, session: "3", .touch(.up, id: 1, x: 208, y: 311)),
      ])
  }

  @Test func headersDelimitersUnitsAndPhaseMaps() throws {
    var mapping = CSVImporter.Mapping(time: 1, phase: 2, x: 3, y: 4)
    mapping.id = 5
    mapping.hasHeader = true
    mapping.delimiter = UInt8(ascii: ";")
    mapping.timeUnit = .microseconds
    mapping.phases = ["D": .down, "U": .up]
    let text = "time;what;x;y;finger\n2000000; D ;\"10.5\";20;7\n2500000;U;11;21;7"
    let (events, _) = try run(text, mapping)
    #expect(
      events == [
        PageControlEvent(time: 2, .touch(.down, id: 7, x: 10.5, y: 20)),
        PageControlEvent(time: 2.5, .touch(.up, id: 7, x: 11, y: 21)),
      ])
  }

  @Test func badFieldsAreErrorsWithTheirColumn() {
    // Column 7 (x) holds "abc", which starts at character 16.
    #expect(
      throws: TraceError(
        file: "r.csv", line: 1, column: 16, expected: "a number for x (column 7)", found: "\"abc\"")
    ) {
      _ = try self.run("1,1,3,1000,0,1,abc,296", self.touchalytics)
    }
    // An unknown phase (9), and a row without the x column.
    #expect(throws: TraceError.self) { _ = try self.run("1,1,3,1000,9,1,2,3", self.touchalytics) }
    #expect(throws: TraceError.self) { _ = try self.run("1,1,3,1000", self.touchalytics) }
  }

  @Test func backwardsTimeIsSkippedAndNoted() throws {
    let text = "1,1,3,1000,0,1,1,1\n1,1,3,990,2,1,2,2\n1,1,3,1010,1,1,3,3"
    let (events, notes) = try run(text, touchalytics)
    #expect(events.map(\.time) == [1, 1.01])
    #expect(notes.count == 1)
    #expect(notes.first?.line == 2)
    #expect(notes.first?.description.hasPrefix("r.csv:2: note: time went backwards") == true)
  }

  @Test func unendedStrokesAreClosedWithACancel() throws {
    // A second down without an up, and a stroke still down at the end.
    let text = "1,1,3,1000,0,1,1,1\n1,1,3,1100,0,1,5,5\n1,1,3,1200,2,1,6,6"
    let (events, notes) = try run(text, touchalytics)
    #expect(
      events.map(\.action) == [
        .touch(.down, id: 1, x: 1, y: 1), .touch(.cancel, id: 1, x: nil, y: nil),
        .touch(.down, id: 1, x: 5, y: 5), .touch(.move, id: 1, x: 6, y: 6),
        .touch(.cancel, id: 1, x: nil, y: nil),
      ])
    #expect(events.last?.time == 1.2)
    #expect(notes.count == 2)
  }
}
