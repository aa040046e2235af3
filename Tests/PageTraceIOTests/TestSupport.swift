import PageTrace
import PageTraceGenerator
import PageTraceTestSupport

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decodes one line of text with the given decoder.
func decode(
  _ text: some Collection<UInt8>, line: Int = 1, with decoder: inout TraceDecoder
) throws(TraceError) -> TraceItem {
  let bytes = Array(text)
  let result = bytes.withUnsafeBytes { raw in
    Result { () throws(TraceError) in try decoder.decode(raw, lineNumber: line) }
  }
  return try result.get()
}

/// Decodes one line as the first line of a fresh input named `trace.jsonl`.
func decodeLine(_ text: String, line: Int = 1) throws(TraceError) -> TraceItem {
  var decoder = TraceDecoder(file: "trace.jsonl")
  return try decode(Array(text.utf8), line: line, with: &decoder)
}

/// The event a line decodes to, or `nil` if it is not an event.
func event(_ text: String) throws(TraceError) -> PageControlEvent? {
  if case .event(let event, _) = try decodeLine(text) { return event }
  return nil
}

/// The time of `{"t":NUMBER,"key":"tab"}`.
func time(_ number: String) throws(TraceError) -> Double {
  try event("{\"t\":\(number),\"key\":\"tab\"}")!.time
}

/// The error a line (as bytes) produces as the first line of `trace.jsonl`, if any.
func decodingError(_ bytes: [UInt8], line: Int = 1) -> TraceError? {
  var decoder = TraceDecoder(file: "trace.jsonl")
  do {
    _ = try decode(bytes, line: line, with: &decoder)
    return nil
  } catch {
    return error
  }
}

/// The error a line produces as the first line of `trace.jsonl`, if any.
func decodingError(_ text: String, line: Int = 1) -> TraceError? {
  decodingError(Array(text.utf8), line: line)
}

/// Every line of a file read with the given sizes, as strings, or the errors met.
enum ReadItem: Equatable {
  case line(Int, String)
  case tooLong(Int)
}

func readAll(_ path: String, chunkSize: Int, maximumLineLength: Int = 1 << 20) throws
  -> [ReadItem]
{
  var reader = try LineReader(
    path: path, chunkSize: chunkSize, maximumLineLength: maximumLineLength)
  var items: [ReadItem] = []
  while true {
    do {
      guard let line = try reader.next() else { break }
      items.append(.line(line.number, String(decoding: line.bytes, as: UTF8.self)))
    } catch let error as TraceError {
      items.append(.tooLong(error.line))
    }
  }
  return items
}

/// Writes records through a ``RecordWriter`` into a temporary file and returns the text.
func written(
  _ records: [PageControlRecord], format: TableFormat = .jsonLines, types: RecordTypes = .all,
  fileName: String? = nil, threshold: Int = FlushPolicy.defaultThreshold
) throws -> String {
  let path = temporaryFile([])
  defer { unlink(path) }
  let descriptor = open(path, O_WRONLY | O_TRUNC)
  precondition(descriptor >= 0)
  var writer = RecordWriter(
    descriptor: SystemDescriptor(rawValue: descriptor), name: path, format: format, types: types,
    flush: .buffered(bytes: threshold))
  writer.fileName = fileName
  writer.writeHeader()
  for record in records { writer.write(record) }
  try writer.flush()
  close(descriptor)
  let input = open(path, O_RDONLY)
  defer { close(input) }
  return readToEnd(input)
}

/// A generator for a randomized test, and its seed: `PAGETRACE_TEST_SEED` when set (to repeat a
/// run), otherwise a fresh one. The seed is printed, and a failure's message should name it, so
/// that any failure can be reproduced with `PAGETRACE_TEST_SEED=<seed> swift test --filter …`.
func seededGenerator(for test: String) -> (generator: SplitMix64, seed: UInt64) {
  var seed: UInt64
  if let text = getenv("PAGETRACE_TEST_SEED"), let value = UInt64(String(cString: text)) {
    seed = value
  } else {
    var system = SystemRandomNumberGenerator()
    seed = system.next()
  }
  print("\(test): seed \(seed) (repeat with PAGETRACE_TEST_SEED=\(seed))")
  return (SplitMix64(seed: seed), seed)
}

/// Every call a replay observer receives, as text, for the tests that hold two replays to the
/// same calls (``FanOutReplayTests``, ``ReplayFastPathTests``); with a progress count, its
/// value at each line too.
struct CallLog: ReplayObserver {
  static var observesControls: Bool { true }
  static var observesTrackedTouches: Bool { true }
  static var observesEventEnds: Bool { true }
  var progress: ReplayProgress?
  var calls: [String] = []
  mutating func begin(_ configuration: PageControlConfiguration, header: ConfigurationPatch?) {
    calls.append("begin \(configuration) header \(String(describing: header))")
  }
  mutating func name(_ session: SessionID, _ name: String) {
    calls.append("session \(session) \(name)")
  }
  mutating func name(_ touch: TouchKey, _ name: String) { calls.append("touch \(touch) \(name)") }
  mutating func eventLine(_ line: Int) {
    calls.append("line \(line)" + (progress.map { ", \($0.events)" } ?? ""))
  }
  mutating func willHandle(_ event: EngineEvent) { calls.append("event \(event)") }
  mutating func observe(_ record: EngineRecord) { calls.append("record \(record)") }
  mutating func didHandle(_ event: EngineEvent, control: PageControl) {
    calls.append("control \(control.currentPage) \(control.interaction)")
  }
  mutating func didHandle(_ event: EngineEvent, trackedTouch: TouchKey?) {
    calls.append("tracked \(String(describing: trackedTouch))")
  }
  mutating func endEvent() { calls.append("end") }
}
