// FuzzGetevent: the input is an Android `getevent -lt` capture.
//
// bytes → TraceReader(opening:importer: GeteventImporter(scaleX: 0.5, scaleY: 0.5)) → every
// event strictly into a CheckedEngine (reducer invariants, phone with 8 pages, profile by
// size % 4): refused lines are skipped, but an event the engine rejects traps (see Importing).
import FuzzSupport
import PageTrace
import PageTraceIO
import PageTraceImport

let input = ScratchFile()

/// libFuzzer's entry point: runs one input; returns 0 (a bug traps instead).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  Importing.run(data, size, scratch: input, importer: GeteventImporter(scaleX: 0.5, scaleY: 0.5))
  return 0
}
