// FuzzCSV: the input is a CSV touch recording.
//
// bytes → TraceReader(opening:importer: CSVImporter) with the mapping t=1, phase=2, x=3, y=4,
// id=5, session=6 (seconds, no header row, default phase codes) → every event strictly into a
// CheckedEngine (reducer invariants, phone with 8 pages, profile by size % 4): refused lines
// are skipped, but an event the engine rejects traps (see Importing).
import FuzzSupport
import PageTrace
import PageTraceIO
import PageTraceImport

let input = ScratchFile()

let mapping: CSVImporter.Mapping = {
  var mapping = CSVImporter.Mapping(time: 1, phase: 2, x: 3, y: 4)
  mapping.id = 5
  mapping.session = 6
  return mapping
}()

/// libFuzzer's entry point: runs one input; returns 0 (a bug traps instead).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  Importing.run(data, size, scratch: input, importer: CSVImporter(mapping))
  return 0
}
