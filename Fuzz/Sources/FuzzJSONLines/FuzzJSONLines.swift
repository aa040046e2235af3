// FuzzJSONLines: the input is a JSON Lines trace.
//
// bytes (gzip-compressed when they start with 1F 8B) → TraceReader (chunk size and line limit
// from the first byte, see Chunking) → the library's TraceReplay loop, skipping bad lines as
// `--on-error skip` does, watched by FuzzReplay (reducer invariants on every record and
// event; records to RecordWriter on /dev/null). Then the binary round trip the README
// promises: the header and the events handed to the engine, written with BinaryTraceWriter
// and read back with TraceReader, must come back equal, in order, with no error. And the same
// input through StrokeClassifier.classify, whose loop is compiled for its observer, must
// account for every line as the replay loop did.
import FuzzSupport
import PageTrace
import PageTraceIO

let input = ScratchFile()
let binaryCopy = ScratchFile()

/// libFuzzer's entry point: runs one input; returns 0 (a bug traps instead).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  input.load(bytes)
  let sizes = Chunking.sizes(size > 0 ? Int(data[0]) : 3)
  let summary: FuzzReplay.Summary
  do {
    var reader = try TraceReader(
      descriptor: SystemDescriptor(rawValue: input.descriptor), name: "fuzz.jsonl",
      chunkSize: sizes.chunkSize,
      maximumLineLength: sizes.maximumLineLength)
    // gzip content (`1F 8B`) is decompressed, and may hold either format.
    let isGzip = size >= 2 && bytes.starts(with: [0x1F, 0x8B])
    guard reader.isGzip == isGzip else { fatalError("gzip sniffed as \(reader.isGzip)") }
    if !isGzip && size >= 8 && bytes.starts(with: BinaryTraceReader.magic) {
      guard reader.format == .binary else { fatalError("the magic was not sniffed as binary") }
    } else if !isGzip && reader.format != .jsonLines {
      fatalError("input without the magic sniffed as \(reader.format)")
    }
    summary = FuzzReplay.run(&reader, base: FuzzReplay.phone(), keepEvents: 4096)
    guard reader.format == .jsonLines else { return 0 }
    // `--summary`'s promise: every JSON Lines line is a header, blank, an applied or ignored
    // event, or skipped.
    let counts = summary.outcome.summary
    guard counts.accountsForEveryLine else { fatalError("lines not accounted for: \(counts)") }
    FuzzReplay.checkClassifyLoop(input, name: "fuzz.jsonl", sizes: sizes, replayed: counts)
  } catch {
    fatalError("TraceReader(descriptor:) failed on an in-memory file: \(error)")
  }
  if summary.complete && (summary.header != nil || !summary.events.isEmpty) {
    checkBinaryRoundTrip(header: summary.header, events: summary.events)
  }
  return 0
}

/// JSON Lines → binary → the same header and events (docs/binary-format.md: lossless).
func checkBinaryRoundTrip(header: ConfigurationPatch?, events: [PageControlEvent]) {
  binaryCopy.clear()
  var writer = BinaryTraceWriter(
    descriptor: SystemDescriptor(rawValue: binaryCopy.descriptor), name: "copy.pgtrace")
  if let header { writer.writeHeader(header) }
  for event in events { writer.write(event) }
  do {
    try writer.finish()
  } catch {
    fatalError("BinaryTraceWriter failed on an in-memory file: \(error)")
  }
  binaryCopy.rewind()
  do {
    var reader = try TraceReader(
      descriptor: SystemDescriptor(rawValue: binaryCopy.descriptor), name: "copy.pgtrace",
      chunkSize: 64 << 10)
    guard reader.format == .binary else { fatalError("BinaryTraceWriter output not binary") }
    var index = 0
    var sawHeader = false
    while let item = try reader.next() {
      switch item {
      case .header(let patch):
        guard let header, !sawHeader, index == 0, patch == header else {
          fatalError(
            "binary round trip: header \(patch) read back, written \(String(describing: header))")
        }
        sawHeader = true
      case .event(let event, _):
        // Sessions by their bytes too: `String ==` would call "é" and "e\u{301}" equal.
        guard index < events.count, event == events[index],
          event.time.bitPattern == events[index].time.bitPattern,
          Array((event.session ?? "").utf8) == Array((events[index].session ?? "").utf8),
          (event.session == nil) == (events[index].session == nil)
        else {
          fatalError(
            "binary round trip: event \(index) read back as \(event), written "
              + (index < events.count ? "\(events[index])" : "nothing"))
        }
        index += 1
      case .blank, .note:
        fatalError("binary round trip: unexpected \(item)")
      }
    }
    guard index == events.count, sawHeader == (header != nil) else {
      fatalError(
        "binary round trip: read back \(index) of \(events.count) events, header \(sawHeader)")
    }
  } catch {
    fatalError("binary round trip: reading back what BinaryTraceWriter wrote failed: \(error)")
  }
}
