import PageTrace
import PageTraceTestSupport

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a writer body against a temporary file and returns the bytes written.
func written(_ body: (Int32) throws -> Void) rethrows -> [UInt8] {
  let path = temporaryPath()
  defer { unlink(path) }
  let descriptor = open(path, O_WRONLY | O_TRUNC)
  precondition(descriptor >= 0)
  try body(descriptor)
  close(descriptor)
  return contents(of: path)
}

/// A trace as JSON Lines written by ``EventWriter``.
func jsonLines(header: ConfigurationPatch?, _ events: [PageControlEvent]) throws -> [UInt8] {
  try written { descriptor in
    var writer = EventWriter(
      descriptor: SystemDescriptor(rawValue: descriptor), name: "out.jsonl",
      flush: .buffered(bytes: 100))
    if let header { writer.writeHeader(header) }
    for event in events { writer.write(event) }
    try writer.flush()
  }
}

/// A trace in the binary format written by ``BinaryTraceWriter``.
func binary(
  header: ConfigurationPatch?, _ events: [PageControlEvent], stringCapacity: Int = 4096,
  threshold: Int = 100
) throws -> [UInt8] {
  try written { descriptor in
    var writer = BinaryTraceWriter(
      descriptor: SystemDescriptor(rawValue: descriptor), name: "out.pgtrace",
      flush: .buffered(bytes: threshold),
      stringCapacity: stringCapacity)
    if let header { writer.writeHeader(header) }
    for event in events { writer.write(event) }
    try writer.finish()
  }
}

/// What reading a trace gave: its items, the errors met (reading on after each), its format.
struct ReadResult {
  var format: TraceFormat
  var items: [TraceItem] = []
  var errors: [TraceError] = []

  var header: ConfigurationPatch? {
    for case .header(let patch) in items { return patch }
    return nil
  }

  var events: [PageControlEvent] {
    items.compactMap { if case .event(let event, _) = $0 { event } else { nil } }
  }

  var lines: [Int] {
    items.compactMap { if case .event(_, let line) = $0 { line } else { nil } }
  }
}

/// Reads every item of a file with a ``TraceReader``, going on after data errors.
func readTrace(_ bytes: [UInt8], chunkSize: Int = 1 << 20, name: String = "trace") throws
  -> ReadResult
{
  let path = temporaryFile(bytes)
  defer { unlink(path) }
  var reader = try TraceReader(opening: path, chunkSize: chunkSize)
  return try drain(&reader)
}

/// Reads every item with a ``TraceReader``, going on after data errors.
func drain(_ reader: inout TraceReader) throws -> ReadResult {
  try drainItems(format: reader.format) { try reader.next() }
}

/// Reads every item of bytes with a ``BinaryTraceReader``, going on after data errors.
func readBinary(_ bytes: [UInt8], chunkSize: Int = 1 << 20, maximumStringLength: Int = 1 << 20)
  throws -> ReadResult
{
  let path = temporaryFile(bytes)
  defer { unlink(path) }
  var reader = try BinaryTraceReader(
    path: path, chunkSize: chunkSize, maximumStringLength: maximumStringLength)
  return try drainItems(format: .binary) { try reader.next() }
}

/// Collects every item `next` hands out until it gives `nil`, and the data errors it throws
/// on the way (reading on after each).
private func drainItems(format: TraceFormat, _ next: () throws -> TraceItem?) throws
  -> ReadResult
{
  var result = ReadResult(format: format)
  var guardCount = 0
  while true {
    guardCount += 1
    precondition(guardCount < 1_000_000, "the reader does not end")
    do {
      guard let item = try next() else { return result }
      result.items.append(item)
    } catch let error as TraceError {
      result.errors.append(error)
    }
  }
}

/// Events spelled out with every double's bits, so that `-0.0` differs from `0.0`.
func exact(_ events: [PageControlEvent]) -> [String] {
  events.map { event in
    var text = "\(event.time.bitPattern) \(event.session.map { "s:\($0.utf8.map { $0 })" } ?? "-") "
    switch event.action {
    case .touch(let phase, let id, let x, let y):
      let idText =
        switch id {
        case .number(let value): "n\(value.bitPattern)"
        case .string(let value): "s\(value.utf8.map { $0 })"
        }
      text += "touch \(phase) \(idText) \(x?.bitPattern as Any) \(y?.bitPattern as Any)"
    case .pointer(let phase, let x, let y):
      text += "pointer \(phase) \(x.bitPattern) \(y.bitPattern)"
    default:
      text += "\(event.action)"
    }
    return text
  }
}

/// A binary file header with the given configuration JSON.
func binaryHeader(json: String = "", version: UInt16 = 1, flags: UInt16 = 0) -> [UInt8] {
  var bytes = BinaryTraceReader.magic
  bytes += [UInt8(version & 0xFF), UInt8(version >> 8), UInt8(flags & 0xFF), UInt8(flags >> 8)]
  let count = UInt32(json.utf8.count)
  bytes += (0..<4).map { UInt8(truncatingIfNeeded: count >> (8 * $0)) }
  bytes += Array(json.utf8)
  while bytes.count % 40 != 0 { bytes.append(0) }
  return bytes
}

/// One 40-byte record built field by field.
func record(
  t: Double = 0, kind: UInt8, code: UInt8 = 0, flags: UInt8 = 0, extra: UInt8 = 0,
  session: UInt32 = 0, x: UInt64 = 0, y: UInt64 = 0, id: UInt64 = 0
) -> [UInt8] {
  func le(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
  var bytes = le(t.bitPattern)
  bytes += [kind, code, flags, extra]
  bytes += (0..<4).map { UInt8(truncatingIfNeeded: session >> (8 * $0)) }
  bytes += le(x) + le(y) + le(id)
  return bytes
}

/// A string entry and its padded bytes.
func stringEntry(index: UInt32, _ string: String, declaredLength: UInt64? = nil) -> [UInt8] {
  let utf8 = Array(string.utf8)
  var bytes = record(kind: 0, session: index, x: declaredLength ?? UInt64(utf8.count)) + utf8
  while bytes.count % 40 != 0 { bytes.append(0) }
  return bytes
}

/// A key event record (`tab` by default), the simplest valid event.
func keyRecord(t: Double = 0, code: UInt8 = 0, session: UInt32 = 0) -> [UInt8] {
  record(t: t, kind: 3, code: code, session: session)
}
