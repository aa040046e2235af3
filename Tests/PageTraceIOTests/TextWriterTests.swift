import PageTraceTestSupport
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct TextWriterTests {
  /// The size of a file, in bytes.
  func size(_ path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : -1
  }

  @Test func linesWrittenInPartsReachTheOutputWhole() throws {
    let path = temporaryFile([])
    let descriptor = open(path, O_WRONLY)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    var writer = TextWriter(descriptor: SystemDescriptor(rawValue: descriptor), name: path)
    // One line longer than the threshold, in parts: nothing is written before its end.
    let long = String(repeating: "x", count: TextWriter.threshold + 1000)
    writer.append("{\"text\":")
    writer.appendJSONString(long)
    writer.append(",\"n\":")
    writer.appendJSONNumber(0.5)
    writer.append(",\"m\":")
    writer.appendJSONNumber(3)
    writer.append("}")
    #expect(size(path) == 0)
    writer.endLine()
    let line = "{\"text\":\"\(long)\",\"n\":0.5,\"m\":3}\n"
    #expect(size(path) == line.utf8.count)
    // A short line stays buffered until the flush.
    writer.append("{\"s\":")
    writer.appendJSONString("a\"b")
    writer.append("}")
    writer.endLine()
    #expect(size(path) == line.utf8.count)
    try writer.flush()
    let text = readToEnd(open(path, O_RDONLY))
    #expect(text == line + "{\"s\":\"a\\\"b\"}\n")
  }

  @Test func piecesAreWrittenAsNumbersAndStringsAreWritten() throws {
    let path = temporaryFile([])
    let descriptor = open(path, O_WRONLY)
    defer { close(descriptor) }
    var writer = TextWriter(descriptor: SystemDescriptor(rawValue: descriptor), name: path)
    let numbers: [Double] = [0, -0.0, 1, 2.5, 1e-7, 1e300, 139.99516351633693, .nan]
    for number in numbers {
      writer.appendJSONNumber(number)
      writer.append(" ")
    }
    writer.appendJSONString("tab\there \u{1}")
    writer.endLine()
    try writer.flush()
    // Worked by hand from docs/behaviour/output.md, "Numbers" (whole numbers without a fraction, -0,
    // the shortest form with a two-digit exponent), non-finite as null, and JSON's escapes.
    let expected = #"0 -0 1 2.5 1e-07 1e+300 139.99516351633693 null "tab\there \u0001""# + "\n"
    #expect(readToEnd(open(path, O_RDONLY)) == expected)
  }

  /// `_LineRoom._copy`, which replaced `memmove` for the text of `append(StaticString)`: every length
  /// from 0 to 70 copies exactly its bytes, and no byte around the destination changes.
  @Test func shortCopiesTouchOnlyTheirBytes() {
    let source = (0..<80).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    for count in 0...70 {
      var destination = [UInt8](repeating: 0xEE, count: count + 16)
      source.withUnsafeBytes { from in
        destination.withUnsafeMutableBytes { to in
          _LineRoom._copy(from.baseAddress!, count: count, to: to.baseAddress! + 8)
        }
      }
      #expect(Array(destination[8..<(8 + count)]) == Array(source[0..<count]), "\(count)")
      #expect(destination[0..<8].allSatisfy { $0 == 0xEE }, "\(count)")
      #expect(destination[(8 + count)...].allSatisfy { $0 == 0xEE }, "\(count)")
    }
  }

  /// `append(StaticString)` of literals of 1 to 41 bytes, one after another, writes them all.
  @Test func literalsOfEveryShortLengthAreWrittenWhole() throws {
    let path = temporaryFile([])
    let descriptor = open(path, O_WRONLY)
    defer { close(descriptor) }
    var writer = TextWriter(descriptor: SystemDescriptor(rawValue: descriptor), name: path)
    let literals: [StaticString] = [
      "a", "bc", "def", "ghij", "klmno", "pqrstu", "vwxyz01", "23456789", "ABCDEFGHI",
      ",\"peakSpeed\":", ",\"kind\":\"long-press\"", ",\"axis\":\"y\",\"swipeRule\":\"container\"",
      "{\"session\":", "0123456789abcdefghijklmnopqrstuvwxyzABCDE",
    ]
    for literal in literals { writer.append(literal) }
    writer.endLine()
    try writer.flush()
    #expect(readToEnd(open(path, O_RDONLY)) == literals.map(\.description).joined() + "\n")
  }

  /// The difference of equal finite numbers is +0 (its shortcut), of equal infinities NaN, as
  /// the subtraction gives.
  @Test func equalOperandsDifferByPositiveZero() {
    for value in [0, -0.0, 1, 3.15, -2.5e-300, 1700000000.123456, .greatestFiniteMagnitude] {
      let difference = JSONText.difference(value, value)
      #expect(difference == 0 && difference.sign == .plus, "\(value)")
    }
    #expect(JSONText.difference(0, -0.0).sign == .plus)
    #expect(JSONText.difference(-0.0, 0).sign == .plus)
    #expect(JSONText.difference(.infinity, .infinity).isNaN)
    #expect(JSONText.difference(3.15, 3.0) == 0.15)
  }
}
