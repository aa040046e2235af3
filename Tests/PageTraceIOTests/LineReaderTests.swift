import PageTraceTestSupport
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct LineReaderTests {
  static let text =
    "first line\r\n\n{\"t\":1,\"key\":\"tab\"}\nnaïve ✓ 😀\r\r\n  \nlast without newline"
  static let expected: [ReadItem] = [
    .line(1, "first line"), .line(2, ""), .line(3, "{\"t\":1,\"key\":\"tab\"}"),
    .line(4, "naïve ✓ 😀\r"), .line(5, "  "), .line(6, "last without newline"),
  ]

  @Test(arguments: [1, 2, 3, 5, 7, 8, 13, 64, 1 << 20])
  func linesSurviveEveryChunkBoundary(chunkSize: Int) throws {
    let path = temporaryFile(Array(Self.text.utf8))
    defer { unlink(path) }
    #expect(try readAll(path, chunkSize: chunkSize) == Self.expected)
  }

  @Test(arguments: [1, 2, 3, 7])
  func byteOrderMarkIsSkippedOnlyAtTheStart(chunkSize: Int) throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let path = temporaryFile(bom + Array("a\n".utf8) + bom + Array("b".utf8))
    defer { unlink(path) }
    let items = try readAll(path, chunkSize: chunkSize)
    #expect(items.first == .line(1, "a"))
    #expect(items.last == .line(2, "\u{FEFF}b"))
  }

  @Test func endsWithNewlineHasNoExtraLine() throws {
    let path = temporaryFile(Array("a\nb\n".utf8))
    defer { unlink(path) }
    #expect(try readAll(path, chunkSize: 7) == [.line(1, "a"), .line(2, "b")])
  }

  @Test func emptyFile() throws {
    let path = temporaryFile([])
    defer { unlink(path) }
    #expect(try readAll(path, chunkSize: 7) == [])
  }

  @Test(arguments: [1, 3, 4, 7, 64, 4096])
  func tooLongLinesAreReportedAndSkipped(chunkSize: Int) throws {
    let long = String(repeating: "x", count: 1000)
    let text = "short\n\(long)\nexactly10!\r\nexactly10!x\nafter\n\(long)"
    let path = temporaryFile(Array(text.utf8))
    defer { unlink(path) }
    let items = try readAll(path, chunkSize: chunkSize, maximumLineLength: 10)
    #expect(
      items == [
        .line(1, "short"), .tooLong(2), .line(3, "exactly10!"), .tooLong(4), .line(5, "after"),
        .tooLong(6),
      ])
  }

  @Test func tooLongErrorMessage() throws {
    let path = temporaryFile(Array("ok\n\(String(repeating: "y", count: 50))\n".utf8))
    defer { unlink(path) }
    var reader = try LineReader(path: path, chunkSize: 8, maximumLineLength: 16)
    _ = try reader.next()
    do {
      _ = try reader.next()
      Issue.record("no error")
    } catch let error as TraceError {
      #expect(
        error.description == "\(path):2:1: expected a line of at most 16 bytes, found a longer line"
      )
    }
    #expect(try reader.next() == nil)
    #expect(reader.lineNumber == 2)
  }

  @Test func giantLineIsSkippedWithBoundedMemory() throws {
    // 8 MiB without a newline, then a normal line: read with a 1 KiB limit and 4 KiB chunks.
    let path = temporaryFile(
      [UInt8](repeating: 0x61, count: 8 << 20) + Array("\n{\"t\":1}\n".utf8))
    defer { unlink(path) }
    let items = try readAll(path, chunkSize: 4096, maximumLineLength: 1024)
    #expect(items == [.tooLong(1), .line(2, "{\"t\":1}")])
  }

  @Test func readsFromAPipe() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let text = Array("one\ntwo\r\n".utf8)
    #expect(text.withUnsafeBytes { write(ends[1], $0.baseAddress!, $0.count) } == text.count)
    close(ends[1])
    var reader = LineReader(descriptor: ends[0], name: "<pipe>", chunkSize: 3)
    var lines: [String] = []
    while let line = try reader.next() { lines.append(String(decoding: line.bytes, as: UTF8.self)) }
    close(ends[0])
    #expect(lines == ["one", "two"])
    #expect(reader.name == "<pipe>")
  }

  @Test func standardInputIsNamed() {
    let reader = LineReader.standardInput()
    #expect(reader.name == "<stdin>")
    #expect(reader.chunkSize == 1 << 20 && reader.maximumLineLength == 1 << 20)
  }

  @Test func openErrorsAreTyped() throws {
    do {
      _ = try LineReader(path: "/nonexistent/pagetrace.jsonl")
      Issue.record("opened a missing file")
    } catch {
      #expect(error.kind == .notFound)
      #expect(error.isOpenFailure)
      #expect(error.description == "/nonexistent/pagetrace.jsonl: No such file or directory")
    }
    do {
      _ = try LineReader(path: "/tmp")
      Issue.record("opened a directory")
    } catch {
      #expect(error.kind == .isDirectory)
      #expect(error.description == "/tmp: Is a directory")
    }
  }

  /// A file without read permission, opened as an unprivileged user. Root may read any file,
  /// and CI runs as root: there the open runs with this thread's file-system user switched to
  /// `nobody` (Linux's `setfsuid`, which also drops root's file capabilities for the thread,
  /// and only for it), so the kernel itself refuses it, whoever runs the tests.
  @Test func unreadableFile() throws {
    let path = temporaryFile(Array("x".utf8))
    defer { unlink(path) }
    let readable = temporaryFile(Array("x".utf8))
    defer { unlink(readable) }
    chmod(path, 0)
    chmod(readable, 0o644)
    try _asAnUnprivilegedUser {
      // The folder is searchable: a readable file beside it opens.
      #expect(throws: Never.self) { _ = try LineReader(path: readable) }
      do {
        _ = try LineReader(path: path)
        Issue.record("opened a file without read permission")
      } catch let error as FileError {
        #expect(error.kind == .notReadable)
        #expect(error.isOpenFailure)
        #expect(error.description == "\(path): Permission denied")
      }
    }
  }

  @Test func readErrorsAreTyped() throws {
    // A descriptor open on a directory fails on read with EISDIR.
    let descriptor = open("/tmp", O_RDONLY)
    defer { close(descriptor) }
    var reader = LineReader(descriptor: descriptor, name: "/tmp")
    do {
      _ = try reader.next()
      Issue.record("read a directory")
    } catch let error as FileError {
      #expect(error.kind == .readFailed)
      #expect(!error.isOpenFailure)
    }
  }
}

/// Runs `body` with this thread's file-system user id `nobody` (65534) when the process runs as
/// root (as it does in CI), and as it is otherwise. `setfsuid` changes only the calling thread,
/// and `body` is synchronous, so no other test sees the change.
private func _asAnUnprivilegedUser(_ body: () throws -> Void) throws {
  guard geteuid() == 0 else { return try body() }
  #if os(Linux)
    typealias SetFSUID = @convention(c) (UInt32) -> Int32
    // RTLD_DEFAULT: glibc has `setfsuid`, but Swift's Glibc module does not import <sys/fsuid.h>.
    let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setfsuid"))
    let setfsuid = unsafeBitCast(symbol, to: SetFSUID.self)
    let nobody: UInt32 = 65534
    _ = setfsuid(nobody)
    // setfsuid returns the previous id; asking again with an invalid id tells the current one.
    try #require(setfsuid(UInt32.max) == nobody, "setfsuid did not switch the thread to nobody")
    defer { _ = setfsuid(0) }
    try body()
  #else
    Issue.record("no way to drop root's file permissions for one thread on this system")
  #endif
}
