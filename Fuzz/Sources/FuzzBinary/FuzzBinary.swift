// FuzzBinary: the input is the body of a binary trace.
//
// `PGTRACE\0` + bytes → TraceReader (which must sniff it as binary; chunk size and string limit
// by the input's length in 40-byte records, see Chunking) → the library's TraceReplay loop,
// skipping bad records, watched by FuzzReplay (reducer invariants; records to RecordWriter on
// /dev/null), going on after every error the format lets the reader skip. The input starts
// at the version field (offset 8 of the file), so a seed is a binary trace with its first 8
// bytes removed. Then the same input through StrokeClassifier.classify, whose binary events
// take the per-event handler compiled for its observer, must account for every record as the
// replay loop did.
import FuzzSupport
import PageTrace
import PageTraceIO

let input = ScratchFile()

/// libFuzzer's entry point: runs one input; returns 0 (a bug traps instead).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  BinaryTraceReader.magic.withUnsafeBytes { magic in
    input.load(magic, UnsafeRawBufferPointer(start: data, count: size))
  }
  // Valid traces are 40k - 8 bytes long here: the record count picks the sizes.
  let sizes = Chunking.sizes((size + 8) / 40 + 3)
  do {
    var reader = try TraceReader(
      descriptor: SystemDescriptor(rawValue: input.descriptor), name: "fuzz.pgtrace",
      chunkSize: sizes.chunkSize,
      maximumLineLength: sizes.maximumLineLength)
    guard reader.format == .binary else { fatalError("the magic was not sniffed as binary") }
    let replayed = FuzzReplay.run(&reader, base: FuzzReplay.phone()).outcome.summary
    FuzzReplay.checkClassifyLoop(input, name: "fuzz.pgtrace", sizes: sizes, replayed: replayed)
  } catch {
    fatalError("TraceReader(descriptor:) failed on an in-memory file: \(error)")
  }
  return 0
}
