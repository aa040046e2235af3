import PageTrace
import PageTraceIO
import PageTraceTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The pieces together, as the command-line tool uses them: read, decode, replay, write.
@Suite struct ReplayPipelineTests {
  @Test func tapTraceProducesATransition() throws {
    let trace = """
      \u{FEFF}{"pagetrace":1,"pages":8,"control":{"x":0,"y":780,"width":390,"height":30}}\r

      {"t":0,"touch":"down","id":1,"x":300,"y":795}\r
      {"t":0.05,"touch":"up","id":1,"x":300,"y":795}
      """
    let input = temporaryFile(Array(trace.utf8))
    let output = temporaryFile([])
    defer {
      unlink(input)
      unlink(output)
    }
    var reader = try LineReader(path: input, chunkSize: 7)
    var decoder = TraceDecoder(file: reader.name)
    let descriptor = open(output, O_WRONLY | O_TRUNC)
    var writer = RecordWriter(
      descriptor: SystemDescriptor(rawValue: descriptor), name: output, types: .all)
    var header = ConfigurationPatch()
    var engine: PageControlEngine?
    while let line = try reader.next() {
      switch try decoder.decode(line) {
      case .blank: break
      case .header(let patch): header = patch
      case .note: break
      case .event(let event, _):
        if engine == nil {
          engine = try PageControlEngine(header.resolve(file: decoder.file, line: line.number))
        }
        // The writer is captured by the engine's non-escaping emit closure.
        try engine!.handle(event) { writer.write($0) }
      }
    }
    try writer.flush()
    close(descriptor)
    let reading = open(output, O_RDONLY)
    defer { close(reading) }
    let lines = readToEnd(reading).split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == #"{"t":0.05,"type":"transition","from":0,"to":1,"animated":true,"#
        + #""interaction":"discrete","cause":"tap"}"#)
    #expect(writer.recordCount == lines.count)
  }
}
