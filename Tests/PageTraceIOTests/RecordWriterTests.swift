import PageTrace
import PageTraceGenerator
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct RecordWriterTests {
  @Test func keyOrderForEveryType() throws {
    let expected = """
      {"t":0.5,"type":"transition","session":"a","from":0,"to":1,"animated":true,\
      "interaction":"discrete","cause":"tap"}
      {"t":0.65,"type":"interaction","state":"continuous"}
      {"t":0.65,"type":"background","session":"","visible":true}
      {"t":2,"type":"announcement","text":"Page 3 of 8"}
      {"t":3.25,"type":"detail","session":"b","page":4}
      {"t":1.2083333333333333,"type":"transition","from":7,"to":6,"animated":false,\
      "interaction":"continuous","cause":"jog"}

      """
    #expect(try written(recordOfEveryType) == expected)
  }

  @Test func fileNameComesLast() throws {
    let record = PageControlRecord(
      time: 1, session: "s",
      .transition(
        PageTransition(from: 1, to: 0, animated: false, interaction: .none, cause: .program)))
    #expect(
      try written([record], fileName: "dir/trace \"1\".jsonl")
        == #"{"t":1,"type":"transition","session":"s","from":1,"to":0,"animated":false,"#
        + #""interaction":"none","cause":"program","file":"dir/trace \"1\".jsonl"}"# + "\n")
  }

  @Test func filtersByType() throws {
    let records = [
      PageControlRecord(time: 0, .interaction(.discrete)),
      PageControlRecord(
        time: 0,
        .transition(
          PageTransition(from: 0, to: 1, animated: true, interaction: .discrete, cause: .key))),
      PageControlRecord(time: 0.3, .interaction(.none)),
    ]
    let transitions = try written(records, types: .transition)
    #expect(transitions.split(separator: "\n").count == 1)
    #expect(transitions.contains("\"cause\":\"key\""))
    #expect(try written(records, types: .interaction).split(separator: "\n").count == 2)
    #expect(try written(records, types: []).isEmpty)
  }

  @Test func escapesSessionNames() throws {
    let session = "q\"b\\s/\n\r\t\u{8}\u{C}\u{1}é😀"
    let text = try written([PageControlRecord(time: 0, session: session, .detail(page: 0))])
    #expect(text.contains(#""session":"q\"b\\s/\n\r\t\b\f\u0001é😀""#))
    // Reading the line back gives the same session.
    let line =
      #"{"t":0,"key":"tab","session":"#
      + text.split(separator: "\"session\":")[1]
      .split(separator: ",\"page\"")[0] + "}"
    #expect(try event(line)?.session == session)
  }

  @Test func numbersRoundTripExactly() throws {
    var values: [Double] = [
      0.1, 1e22, 1e23, 2.2250738585072014e-308, 1.7976931348623157e308,
      Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 9007199254740992,
      9007199254740994, -0.0, 0, 1.0 / 3, 2.0 / 3, 1e-7, 123456.789, -42, 0.016666666666666666,
      Double.greatestFiniteMagnitude, Double.leastNormalMagnitude, 5e15, 1e16, 4.35,
    ]
    var (generator, seed) = seededGenerator(for: "numbersRoundTripExactly")
    for _ in 0..<3000 {
      let value = Double(bitPattern: generator.next())
      if value.isFinite { values.append(value) }
      values.append(Double.random(in: 0..<100, using: &generator))
    }
    let records = values.map { PageControlRecord(time: $0, .detail(page: 0)) }
    let lines = try written(records, threshold: 1000).split(separator: "\n")
    #expect(lines.count == values.count)
    for (value, line) in zip(values, lines) {
      let number = line.dropFirst(5).prefix { $0 != "," }
      let back = try time(String(number))
      #expect(
        back.bitPattern == value.bitPattern, "\(value) was written as \(number) (seed \(seed))")
      // Shortest: never longer than Swift's own shortest round-trip rendering.
      #expect(
        number.count <= "\(value)".count, "\(value) was written as \(number) (seed \(seed))")
    }
  }

  @Test func numberForms() {
    func text(_ value: Double) -> String {
      var buffer = _OutputBuffer(capacity: 64)
      buffer.appendNumber(value)
      return String(
        decoding: UnsafeRawBufferPointer(start: buffer.start, count: buffer.count), as: UTF8.self)
    }
    #expect(text(3) == "3")
    #expect(text(-0.0) == "-0")
    #expect(text(0.1) == "0.1")
    #expect(text(1e22) == "1e+22")
    #expect(text(9007199254740991) == "9007199254740991")
    #expect(text(Double.nan) == "null")
    #expect(text(-1.5) == "-1.5")
  }

  @Test func integers() {
    for value in [0, 7, -7, 10, 99, 100, Int.max, Int.min, 1_000_000_007] {
      var buffer = _OutputBuffer(capacity: 8)
      buffer.reserve(32)
      buffer.appendInteger(value)
      #expect(
        String(
          decoding: UnsafeRawBufferPointer(start: buffer.start, count: buffer.count), as: UTF8.self)
          == "\(value)")
    }
  }

  @Test func writesWhenPassingTheThresholdAndLongSessionsFit() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    var writer = RecordWriter(
      descriptor: SystemDescriptor(rawValue: ends[1]), types: .all, flush: .buffered(bytes: 100))
    let session = String(repeating: "s", count: 5000)
    writer.write(PageControlRecord(time: 1, session: session, .detail(page: 1)))
    // Past the threshold: already in the pipe before any flush.
    var bytes = [UInt8](repeating: 0, count: 8192)
    let count = bytes.withUnsafeMutableBytes { read(ends[0], $0.baseAddress!, 8192) }
    #expect(count == 5000 + #"{"t":1,"type":"detail","session":"","page":1}"#.utf8.count + 1)
    writer.write(PageControlRecord(time: 2, .detail(page: 2)))
    try writer.flush()
    close(ends[1])
    #expect(readToEnd(ends[0]) == "{\"t\":2,\"type\":\"detail\",\"page\":2}\n")
    close(ends[0])
    #expect(writer.recordCount == 2)
  }

  @Test func brokenPipeIsAnErrorNotACrash() throws {
    signal(SIGPIPE, SIG_IGN)
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    close(ends[0])
    var writer = RecordWriter(
      descriptor: SystemDescriptor(rawValue: ends[1]), types: .all, flush: .buffered(bytes: 10))
    writer.write(PageControlRecord(time: 1, .detail(page: 1)))
    #expect(writer.failure?.isBrokenPipe == true)
    writer.write(PageControlRecord(time: 2, .detail(page: 2)))
    do {
      try writer.flush()
      Issue.record("no error")
    } catch {
      #expect(error.isBrokenPipe)
      #expect(error.kind == .writeFailed)
      #expect(error.path == "<stdout>")
    }
    close(ends[1])
  }

  @Test func badDescriptorIsAnError() {
    var writer = RecordWriter(
      descriptor: SystemDescriptor(rawValue: -1), name: "out.jsonl", types: .all)
    writer.write(PageControlRecord(time: 1, .detail(page: 1)))
    #expect(throws: FileError.self) { try writer.flush() }
  }
}

/// One record of every type, with and without a session (the empty name too), and times
/// that need every digit: the sample both the JSON Lines and the CSV writer tests write.
let recordOfEveryType = [
  PageControlRecord(
    time: 0.5, session: "a",
    .transition(
      PageTransition(from: 0, to: 1, animated: true, interaction: .discrete, cause: .tap))),
  PageControlRecord(time: 0.65, .interaction(.continuous)),
  PageControlRecord(time: 0.65, session: "", .background(visible: true)),
  PageControlRecord(time: 2, .announcement(Announcement(page: 2, pageCount: 8))),
  PageControlRecord(time: 3.25, session: "b", .detail(page: 4)),
  PageControlRecord(
    time: 1.2083333333333333,
    .transition(
      PageTransition(from: 7, to: 6, animated: false, interaction: .continuous, cause: .jog))),
]
