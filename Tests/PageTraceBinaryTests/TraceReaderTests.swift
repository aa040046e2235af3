import Foundation
import PageTrace
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

@Suite struct TraceReaderTests {
  /// Reads bytes written into a pipe by another thread, in pieces of the given sizes.
  func readPipe(_ bytes: [UInt8], pieces: [Int], chunkSize: Int = 1 << 20) throws -> ReadResult {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let writeEnd = ends[1]
    let thread = Thread {
      var offset = 0
      var index = 0
      while offset < bytes.count {
        let size = min(
          pieces.isEmpty ? bytes.count : pieces[index % pieces.count], bytes.count - offset)
        writeAll(writeEnd, Array(bytes[offset..<offset + size]))
        offset += size
        index += 1
        usleep(200)
      }
      close(writeEnd)
    }
    thread.start()
    defer { close(ends[0]) }
    var reader = try TraceReader(
      descriptor: SystemDescriptor(rawValue: ends[0]), name: "<stdin>", chunkSize: chunkSize)
    return try drain(&reader)
  }

  @Test func sniffsBinaryOnAPipe() throws {
    let (bytes, events, header) = try smallTrace()
    for pieces in [[], [1], [3, 5, 1], [7], [40]] {
      let read = try readPipe(bytes, pieces: pieces)
      #expect(read.format == .binary, "pieces \(pieces)")
      #expect(read.errors.isEmpty)
      #expect(read.header == header)
      #expect(read.events == events)
    }
    let tiny = try readPipe(bytes, pieces: [2], chunkSize: 3)
    #expect(tiny.format == .binary && tiny.events == events)
  }

  @Test func sniffsJSONLinesOnAPipe() throws {
    let text = Array(variedTrace.utf8)
    let expected = try readTrace(text)
    for pieces in [[], [1], [2, 9], [100]] {
      let read = try readPipe(text, pieces: pieces)
      #expect(read.format == .jsonLines, "pieces \(pieces)")
      #expect(read.items == expected.items)
    }
    // A first line shorter than the magic, and text that starts like the magic.
    #expect(
      try readPipe(Array("{}\n".utf8), pieces: [1]).errors.map(\.description) == [
        "<stdin>:1:1: expected the key \"t\" (the event time), found none"
      ])
    let almost = try readPipe(Array("PGTRACE!\n".utf8), pieces: [2])
    #expect(almost.format == .jsonLines)
    #expect(
      almost.errors.map(\.description) == ["<stdin>:1:1: expected a JSON object, found PGTRACE"])
  }

  @Test func sniffsContentNotName() throws {
    let (bytes, events, _) = try smallTrace()
    let path = temporaryFile(bytes)
    defer { unlink(path) }
    let renamed = path + ".jsonl"
    #expect(rename(path, renamed) == 0)
    defer { unlink(renamed) }
    var reader = try TraceReader(opening: renamed)
    #expect(reader.format == .binary)
    #expect(try drain(&reader).events == events)
  }

  @Test func jsonLinesErrorsKeepLineAndColumn() throws {
    let text = """
      {"pagetrace":1,"pages":3}

      {"t":"soon","key":"tab"}
      {"t":1,"key":"escape"}
      {"t":2,"key":"tab"}
      """
    let read = try readTrace(Array(text.utf8), name: "trace")
    #expect(
      read.errors.map { "\($0.line):\($0.column): \($0.expected)" } == [
        "3:6: a number for \"t\"",
        "4:14: tab, left, right, up, down, space, home or end for \"key\"",
      ])
    #expect(read.items.count == 3)
    #expect(read.lines == [5])
  }

  @Test func missingFileAndDirectory() throws {
    #expect(throws: FileError.self) { _ = try TraceReader(opening: "/nonexistent/trace") }
    do {
      _ = try TraceReader(opening: "/tmp")
      Issue.record("a directory must not open")
    } catch {
      #expect(error.kind == .isDirectory)
    }
  }

  @Test func engineErrorsPointAtTheEvent() throws {
    let text =
      "{\"pagetrace\":1,\"pages\":3,\"control\":{\"x\":0,\"y\":0,\"width\":100,\"height\":20}}\n"
      + "{\"t\":2,\"key\":\"tab\"}\n{\"key\":\"tab\",  \"t\":1}\n"
    for format in TraceFormat.allCases {
      var bytes = Array(text.utf8)
      if format == .binary {
        let read = try readTrace(bytes)
        bytes = try binary(header: read.header, read.events)
      }
      let path = temporaryFile(bytes)
      defer { unlink(path) }
      var reader = try TraceReader(opening: path)
      #expect(reader.format == format)
      var engine: PageControlEngine?
      var messages: [String] = []
      while let item = try reader.next() {
        switch item {
        case .blank, .note: break
        case .header(let patch): engine = try PageControlEngine(patch.resolve(file: path, line: 1))
        case .event(let event, let line):
          #expect(line == reader.lineNumber)
          do {
            try engine!.handle(event) { _ in }
          } catch {
            messages.append("\(reader.error(for: error).line):\(reader.error(for: error).column)")
          }
        }
      }
      // JSON Lines: the column of "t" on line 3; binary: record 5 (a header of 3 records, then
      // two events), column 1.
      #expect(messages == (format == .jsonLines ? ["3:20"] : ["5:1"]))
    }
  }
}

/// ``TraceReader/reusedTouchNumber`` after each event, in both formats: set only at the event
/// whose new string id took a number another id freed, 0 at every later event of that id.
@Suite struct ReusedTouchNumberTests {
  @Test(arguments: [false, true])
  func setOnlyWhereANewIdTakesAFreedNumber(isBinary: Bool) throws {
    var events: [PageControlEvent] = []
    var t = 0.0
    for id in ["pen", "brush", "pen"] {
      for phase in [TouchPhase.down, .move, .up] {
        t += 0.01
        events.append(PageControlEvent(time: t, .touch(phase, id: .string(id), x: 10, y: 790)))
      }
    }
    // Worked by hand: "pen" is given 1; its up frees 1 at the next line, which "brush" takes,
    // and "pen" takes it again after "brush" is up. Only those two downs reuse a number.
    let expected: [Int32] = [0, 0, 0, 1, 0, 0, 1, 0, 0]
    let bytes = try isBinary ? binary(header: nil, events) : jsonLines(header: nil, events)
    let path = temporaryPath()
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    writeAll(descriptor, bytes)
    close(descriptor)
    var reader = try TraceReader(opening: path)
    var event = EngineEvent(time: 0, .focus(false))
    var reused: [Int32] = []
    while let kind = try reader.next(into: &event) {
      if kind == .event { reused.append(reader.reusedTouchNumber) }
    }
    #expect(reused == expected, "binary \(isBinary)")
  }
}
