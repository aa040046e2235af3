import PageTrace
import PageTraceGenerator
import Testing

@testable import PageTraceIO

/// `RecordWriter` copies the text of a time equal to the last one written instead of printing
/// it again (`_RepeatedNumber`): every time must still read as docs/behaviour/output.md, "Numbers",
/// says, here worked out from the standard library's `description` and `Int`'s.
@Suite struct RepeatedTimeTests {
  /// The text of a record's time, independently of the writer: whole values up to 2^53 as
  /// integers (`-0` for negative zero), non-finite values as `null`, every other as
  /// `description` prints it.
  static func expectedText(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value.magnitude <= 0x1p53 && value == value.rounded(.towardZero) {
      return value == 0 && value.sign == .minus ? "-0" : String(Int(value))
    }
    return value.description
  }

  /// Times in runs of repeats, and pairs a copy must not confuse: `0` and `-0`, NaN and
  /// infinity, a value and its neighbour.
  static func times(seed: UInt64) -> [Double] {
    var times: [Double] = [
      0.1, 0.1, 0.2, 0.1, -0.0, -0.0, 0.0, 0.0, -0.0, .nan, .nan, .infinity, .infinity,
      -.infinity, 3, 3, 2.5, 2.5, 1e-7, 1e-7, -1.7976931348623157e308, -1.7976931348623157e308,
      0.30000000000000004, 0.30000000000000004.nextUp, 0x1p53, 0x1p53, 0x1p53.nextUp,
      9007199254740994, 5e-324, 5e-324, 1e23, 1e23,
    ]
    var generator = SplitMix64(seed: seed)
    for _ in 0..<5000 {
      let value: Double
      switch generator.next() % 4 {
      case 0: value = Double(bitPattern: generator.next())
      case 1: value = Double(generator.next() % 1_000_000) / 64
      default: value = Double(generator.next() >> 11) * 0x1p-53 * 1000
      }
      for _ in 0...(generator.next() % 3) { times.append(value) }
    }
    return times
  }

  @Test(arguments: [TableFormat.jsonLines, .csv])
  func repeatedTimesReadAsTheirValues(_ format: TableFormat) throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("repeatedTimesReadAsTheirValues: seed \(seed)")
    let times = Self.times(seed: seed)
    let records = times.map { PageControlRecord(time: $0, .interaction(.none)) }
    var lines = try written(records, format: format, types: .interaction, threshold: 4000)
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.removeLast().isEmpty)
    if format == .csv { lines.removeFirst() }  // the header
    #expect(lines.count == times.count)
    var repeats = 0
    for (index, (value, line)) in zip(times, lines).enumerated() {
      let text =
        format == .csv
        ? line.prefix { $0 != "," }
        : line.dropFirst(5).prefix { $0 != "," }
      #expect(
        text == Self.expectedText(value)[...],
        "record \(index): \(value) written as \(text) (seed \(seed))")
      if index > 0 && times[index - 1].bitPattern == value.bitPattern { repeats += 1 }
    }
    #expect(repeats > 4000, "too few repeated times to test the copy")
  }
}
