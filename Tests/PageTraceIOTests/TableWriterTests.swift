import Foundation
import PageTrace
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

/// `TableWriter`'s JSON Lines and CSV (docs/behaviour/tables.md), worked by hand, and its
/// instants against Foundation's ISO 8601 formatter. (Its Parquet is read back by pyarrow in
/// DataToolsTests.)
@Suite struct TableWriterTests {
  static let columns = [
    TableColumn("n", .integer), TableColumn("x", .double), TableColumn("b", .boolean),
    TableColumn("s", .string), TableColumn("at", .timestamp),
  ]
  static let rows: [[TableValue]] = [
    [.integer(-3), .double(0.1), .boolean(true), .string("a,\"b\""), .timestamp(1_700_000_000.25)],
    [.null, .double(.infinity), .null, .string(""), .null],
    [.integer(Int.max), .double(-0.0), .boolean(false), .null, .timestamp(-0.5)],
  ]

  func written(_ format: TableFormat) throws -> String {
    let path = temporaryFile([])
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    var table = TableWriter(
      columns: Self.columns, format: format, descriptor: SystemDescriptor(rawValue: descriptor),
      name: path)
    table.writeHeader()
    for row in Self.rows { table.write(row) }
    try table.finish()
    close(descriptor)
    let input = open(path, O_RDONLY)
    defer { close(input) }
    return readToEnd(input)
  }

  @Test func jsonLinesHaveEveryColumnInEveryRow() throws {
    // 1,700,000,000 s is 2023-11-14 22:13:20 UTC (19,675 days and 80,000 s); an infinite
    // double has no JSON number: null.
    #expect(
      try written(.jsonLines) == """
        {"n":-3,"x":0.1,"b":true,"s":"a,\\"b\\"","at":"2023-11-14T22:13:20.250000Z"}
        {"n":null,"x":null,"b":null,"s":"","at":null}
        {"n":9223372036854775807,"x":-0,"b":false,"s":null,"at":"1969-12-31T23:59:59.500000Z"}

        """)
  }

  @Test func csvHasOneHeaderAndAnEmptyCellForNull() throws {
    #expect(
      try written(.csv) == #"""
        n,x,b,s,at
        -3,0.1,true,"a,""b""",2023-11-14T22:13:20.250000Z
        ,,,"",
        9223372036854775807,-0,false,,1969-12-31T23:59:59.500000Z

        """#)
  }

  @Test func instantsAtTheEdgesOfTheCalendar() {
    #expect(TableValue.iso8601(0) == "1970-01-01T00:00:00.000000Z")
    #expect(TableValue.iso8601(951_782_400) == "2000-02-29T00:00:00.000000Z")  // leap day
    #expect(TableValue.iso8601(253_402_300_799.5) == "9999-12-31T23:59:59.500000Z")
    #expect(TableValue.iso8601(253_402_300_800) == nil)  // the year 10000
    #expect(TableValue.iso8601(-62_135_596_800) == "0001-01-01T00:00:00.000000Z")
    #expect(TableValue.iso8601(-62_135_596_801) == nil)  // the year 0
    #expect(TableValue.iso8601(.nan) == nil && TableValue.iso8601(.infinity) == nil)
  }

  /// Foundation's formatter, to the millisecond (its finest), on random whole milliseconds
  /// from 1900 to 2200.
  @Test func instantsAreFoundationsOnRandomTimes() {
    var (generator, seed) = seededGenerator(for: "instantsAreFoundationsOnRandomTimes")
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    formatter.timeZone = TimeZone(identifier: "UTC")
    for _ in 0..<20_000 {
      let milliseconds = Int64.random(
        in: -2_208_988_800_000...7_258_118_400_000, using: &generator)
      let seconds = Double(milliseconds) / 1000
      let theirs = formatter.string(from: Date(timeIntervalSince1970: seconds))
      let ours = TableValue.iso8601(seconds)
      // Ours has six digits of the second where Foundation has three.
      #expect(ours == theirs.dropLast() + "000Z", "\(seconds) (seed \(seed))")
    }
  }
}
