import PageTrace
import PageTraceImport
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// TraceReader's initialisers: `opening:` a path (`-` alone is standard input; run through
/// `pagetrace inspect -` and the CLI input tests), `descriptor:` one the caller keeps. The
/// expected items are written by hand.
@Suite struct TraceReaderOpeningTests {
  static let text = """
    {"pagetrace":1,"pages":3}
    {"t":0.5,"key":"tab"}

    {"t":1,"a11y":"increment","session":"b"}

    """
  static let expected: [TraceItem] = {
    var header = ConfigurationPatch()
    header.pages = 3
    return [
      .header(header),
      .event(PageControlEvent(time: 0.5, .key(.tab)), line: 2),
      .blank,
      .event(PageControlEvent(time: 1, session: "b", .accessibility(.increment)), line: 4),
    ]
  }()

  func items(_ reader: inout TraceReader) throws -> [TraceItem] {
    var items: [TraceItem] = []
    while let item = try reader.next() { items.append(item) }
    return items
  }

  @Test func openingAPathAsStringOrBytes() throws {
    let path = temporaryFile(Array(Self.text.utf8))
    defer { unlink(path) }
    var byString = try TraceReader(opening: path)
    #expect(try items(&byString) == Self.expected)
    let byStringName = byString.name
    #expect(byStringName == path)
    var byBytes = try TraceReader(opening: SystemPath(path), chunkSize: 3)
    #expect(try items(&byBytes) == Self.expected)
  }

  /// Only `-` alone is standard input: a file named `-` in a folder is a file.
  @Test func aFileNamedDashInAFolderIsAFile() throws {
    var template = Array("/tmp/pagetrace-dash-XXXXXX".utf8CString)
    let folder = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    #expect(folder != nil)
    let path = String(cString: folder!) + "/-"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(descriptor >= 0)
    _ = Self.text.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count - 1) }
    close(descriptor)
    defer {
      unlink(path)
      rmdir(String(cString: folder!))
    }
    var reader = try TraceReader(opening: path)
    let name = reader.name
    #expect(name == path)
    #expect(try items(&reader) == Self.expected)
  }

  @Test func aNameReplacesThePathInErrors() throws {
    let path = temporaryFile(Array("{\"t\":1,\"key\":\"sideways\"}\n".utf8))
    defer { unlink(path) }
    var reader = try TraceReader(opening: path, name: "part-3.jsonl")
    let name = reader.name
    #expect(name == "part-3.jsonl")
    do {
      _ = try reader.next()
      Issue.record("no error")
    } catch let error as TraceError {
      #expect(error.file == "part-3.jsonl")
      #expect(error.line == 1)
    }
  }

  @Test func aMissingFileIsAnOpenFailureNamingItsPath() {
    do {
      _ = try TraceReader(opening: "/nonexistent-pagetrace/trace.jsonl", name: "other")
      Issue.record("no error")
    } catch {
      #expect(error.isOpenFailure)
      #expect(error.path == "/nonexistent-pagetrace/trace.jsonl")
    }
  }

  @Test func aDescriptorIsReadAndKeptOpen() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let bytes = Array(Self.text.utf8)
    #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress!, $0.count) } == bytes.count)
    close(ends[1])
    do {
      var reader = try TraceReader(
        descriptor: SystemDescriptor(rawValue: ends[0]), name: "<pipe>", chunkSize: 5)
      let name = reader.name
      #expect(name == "<pipe>")
      let format = reader.format
      #expect(format == .jsonLines)
      #expect(try items(&reader) == Self.expected)
    }
    #expect(fcntl(ends[0], F_GETFD) != -1)  // the reader did not close it
  }

  @Test func aDescriptorReadThroughAnImporter() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let bytes = Array("0,down,10,20\n0.25,up,10,21\n".utf8)
    #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress!, $0.count) } == bytes.count)
    close(ends[1])
    var mapping = CSVImporter.Mapping(time: 1, phase: 2, x: 3, y: 4)
    mapping.timeUnit = .seconds  // no id column: every touch is finger 1
    var reader = try TraceReader(
      descriptor: SystemDescriptor(rawValue: ends[0]), name: "touches.csv",
      importer: CSVImporter(mapping))
    let isImporting = reader.isImporting
    #expect(isImporting)
    let events = try items(&reader).compactMap { item -> PageControlEvent? in
      if case .event(let event, _) = item { event } else { nil }
    }
    #expect(
      events == [
        PageControlEvent(time: 0, .touch(.down, id: .number(1), x: 10, y: 20)),
        PageControlEvent(time: 0.25, .touch(.up, id: .number(1), x: 10, y: 21)),
      ])
  }
}
