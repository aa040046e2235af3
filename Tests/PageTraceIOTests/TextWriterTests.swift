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
    // Worked by hand from docs/behaviour.md, "Numbers" (whole numbers without a fraction, -0,
    // the shortest form with a two-digit exponent), non-finite as null, and JSON's escapes.
    let expected = #"0 -0 1 2.5 1e-07 1e+300 139.99516351633693 null "tab\there \u0001""# + "\n"
    #expect(readToEnd(open(path, O_RDONLY)) == expected)
  }
}
