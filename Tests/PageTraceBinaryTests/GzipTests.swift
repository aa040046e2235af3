import Foundation
import PageTrace
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

/// `bytes` compressed by the system's `gzip` (one member).
func gzip(_ bytes: [UInt8], level: Int = 6) throws -> [UInt8] {
  let input = temporaryFile(bytes)
  defer { unlink(input) }
  let output = temporaryPath()
  defer { unlink(output) }
  let process = Process()
  process.executableURL = URL(
    fileURLWithPath: FileManager.default.fileExists(atPath: "/usr/bin/gzip")
      ? "/usr/bin/gzip" : "/bin/gzip")
  process.arguments = ["-c", "-n", "-\(level)", input]
  process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
  try process.run()
  process.waitUntilExit()
  precondition(process.terminationStatus == 0, "gzip failed")
  return contents(of: output)
}

/// docs/behaviour/trace-format.md, "Compressed traces": gzip content is found by its magic bytes and
/// decompressed on the way, streaming; damage is a data error naming the compressed offset.
@Suite struct GzipTests {
  let text = Array(variedTrace.utf8)

  /// Reads bytes written into a pipe by another thread, in pieces of the given sizes.
  func readPipe(_ bytes: [UInt8], pieces: Int, chunkSize: Int = 1 << 20) throws -> ReadResult {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let writeEnd = ends[1]
    let thread = Thread {
      var offset = 0
      while offset < bytes.count {
        let size = min(pieces, bytes.count - offset)
        writeAll(writeEnd, Array(bytes[offset..<offset + size]))
        offset += size
      }
      close(writeEnd)
    }
    thread.start()
    defer { close(ends[0]) }
    var reader = try TraceReader(
      descriptor: SystemDescriptor(rawValue: ends[0]), name: "<stdin>", chunkSize: chunkSize)
    let isGzip = reader.isGzip
    #expect(isGzip)
    return try drain(&reader)
  }

  @Test(arguments: [1, 7, 4096, 1 << 20])
  func gzipJSONLinesReadsAsThePlainText(chunkSize: Int) throws {
    let plain = try readTrace(text)
    let compressed = try gzip(text)
    let path = temporaryFile(compressed)
    defer { unlink(path) }
    var reader = try TraceReader(opening: path, chunkSize: chunkSize)
    let (isGzip, format) = (reader.isGzip, reader.format)
    #expect(isGzip && format == .jsonLines)
    let read = try drain(&reader)
    #expect(read.errors.isEmpty)
    #expect(read.items == plain.items)
    #expect(read.items.count > 20)
  }

  @Test func plainInputIsNotGzip() throws {
    let path = temporaryFile(text)
    defer { unlink(path) }
    let reader = try TraceReader(opening: path)
    let isGzip = reader.isGzip
    #expect(!isGzip)
  }

  @Test(arguments: [1, 40, 1 << 20])
  func gzipOfABinaryTrace(chunkSize: Int) throws {
    let (bytes, events, header) = try smallTrace()
    let path = temporaryFile(try gzip(bytes))
    defer { unlink(path) }
    var reader = try TraceReader(opening: path, chunkSize: chunkSize)
    let (isGzip, format) = (reader.isGzip, reader.format)
    #expect(isGzip && format == .binary)
    let read = try drain(&reader)
    #expect(read.errors.isEmpty)
    #expect(read.header == header)
    #expect(read.events == events)
  }

  @Test func gzipOnAPipe() throws {
    let plain = try readTrace(text)
    let compressed = try gzip(text)
    for pieces in [1, 3, 1000] {
      let read = try readPipe(compressed, pieces: pieces)
      #expect(read.errors.isEmpty, "pieces \(pieces)")
      #expect(read.items == plain.items, "pieces \(pieces)")
    }
    let tiny = try readPipe(compressed, pieces: 2, chunkSize: 3)
    #expect(tiny.items == plain.items)
    let (bytes, events, _) = try smallTrace()
    let binary = try readPipe(try gzip(bytes), pieces: 5, chunkSize: 7)
    #expect(binary.format == .binary && binary.errors.isEmpty && binary.events == events)
  }

  @Test func severalMembersReadAsOne() throws {
    let plain = try readTrace(text)
    // Cut at a line boundary, in the middle of a line, and in the middle of a UTF-8 character
    // (the "é" of "finger-é"), with an empty member in between.
    let lineEnd = text.firstIndex(of: 0x0A)! + 1
    let accent = text.firstIndex(of: 0xC3)! + 1
    for cut in [lineEnd, lineEnd + 5, accent, text.count / 2] {
      let members =
        try gzip(Array(text[..<cut])) + gzip([]) + gzip(Array(text[cut...]), level: 1)
      for chunkSize in [1, 1 << 20] {
        let read = try readTrace(members, chunkSize: chunkSize)
        #expect(read.errors.isEmpty, "cut \(cut)")
        #expect(read.items == plain.items, "cut \(cut), chunk \(chunkSize)")
      }
    }
  }

  @Test func everyTruncationIsADataErrorAfterTheItemsBefore() throws {
    let plain = try readTrace(text)
    let compressed = try gzip(text)
    for cut in 2..<compressed.count {
      let read = try readTrace(Array(compressed[..<cut]))
      if cut < compressed.count / 2 { #expect(read.items.count < plain.items.count) }
      #expect(Array(plain.items.prefix(read.items.count)) == read.items, "cut \(cut)")
      let last = try #require(read.errors.last, "cut \(cut)")
      #expect(last.expected == "the rest of the gzip stream", "cut \(cut)")
      #expect(last.found == "the end of the input at compressed byte offset \(cut)")
      #expect(last.file.hasPrefix("/tmp/"))
    }
  }

  @Test func aTruncatedBinaryTraceInGzip() throws {
    let (bytes, events, _) = try smallTrace()
    let compressed = try gzip(bytes)
    let read = try readTrace(Array(compressed.dropLast(3)))
    #expect(read.format == .binary)
    #expect(read.events == events)  // every record was decompressed before the cut trailer
    #expect(read.errors.map(\.expected) == ["the rest of the gzip stream"])
  }

  @Test func aWrongChecksumIsADataErrorAfterEveryLine() throws {
    var compressed = try gzip(text)
    compressed[compressed.count - 8] ^= 0xFF  // the CRC-32 of the trailer
    let plain = try readTrace(text)
    let read = try readTrace(compressed)
    #expect(read.items == plain.items)
    let lines = text.split(separator: 0x0A, omittingEmptySubsequences: false).count
    #expect(
      read.errors.map(\.description) == [
        "\(read.errors.first?.file ?? ""):\(lines):1: expected valid gzip data, found damaged"
          + " data at compressed byte offset \(compressed.count - 4) (incorrect data check)"
      ])
  }

  @Test func damagedHeaderIsADataErrorAtLineOne() throws {
    var compressed = try gzip(text)
    compressed[2] = 7  // the compression method: only 8 (deflate) exists
    let read = try readTrace(compressed)
    #expect(read.items.isEmpty)
    #expect(read.errors.count == 1)
    #expect(read.errors.first?.line == 1 && read.errors.first?.column == 1)
    #expect(
      read.errors.first?.found
        == "damaged data at compressed byte offset 4 (unknown compression method)")
  }

  @Test func damagedDataIsReportedAndEndsTheInput() throws {
    var compressed = try gzip(Array(repeating: variedTrace, count: 20).joined().utf8.map { $0 })
    for index in stride(from: 12, to: compressed.count - 8, by: 7) { compressed[index] ^= 0x55 }
    let read = try readTrace(compressed)
    let gzipErrors = read.errors.filter { $0.found.contains("compressed byte offset") }
    #expect(gzipErrors.count == 1)
    #expect(read.errors.last == gzipErrors.first)
  }

  @Test func bytesAfterAMemberAreADataError() throws {
    let compressed = try gzip(text)
    let read = try readTrace(compressed + [0, 0])
    #expect(read.items == (try readTrace(text)).items)
    #expect(
      read.errors.map(\.found) == [
        "the byte 0x00 at compressed byte offset \(compressed.count)"
      ])
    #expect(read.errors.first?.expected == "another gzip member or the end of the input")
  }

  @Test func errorsPointIntoTheDecompressedText() throws {
    let bad = Array("{\"pagetrace\":1,\"pages\":3}\n\n  {\"t\":\"soon\",\"key\":\"tab\"}\n".utf8)
    let plain = try readTrace(bad)
    let read = try readTrace(try gzip(bad), chunkSize: 5)
    #expect(plain.errors.count == 1)
    #expect(read.errors.map(\.line) == plain.errors.map(\.line))
    #expect(read.errors.map(\.column) == plain.errors.map(\.column))
    #expect(read.errors.first?.line == 3 && read.errors.first?.column == 8)
  }

  @Test func lineLimitsApplyToTheDecompressedText() throws {
    // 3 MB of one line compress to a few kilobytes; the line is still refused at 1 MiB.
    let long =
      Array("{\"t\":0,\"key\":\"tab\",\"x\":\"".utf8) + Array(repeating: 0x61, count: 3 << 20)
      + Array("\"}\n{\"t\":1,\"key\":\"tab\"}\n".utf8)
    let compressed = try gzip(long)
    #expect(compressed.count < 100_000)
    let read = try readTrace(compressed)
    #expect(read.errors.map(\.line) == [1])
    #expect(read.lines == [2])
  }
}
