import PageTrace
import PageTraceIO

/// Replays a recording in another format through `TraceReader(path:importer:)`.
public enum Importing {
  /// Loads the input into `scratch`, imports it with `importer` and replays it through
  /// ``FuzzReplay`` on the phone with 8 pages and the built-in profile `size % 4` (uikit,
  /// legacy, fiori, android).
  public static func run(
    _ data: UnsafePointer<UInt8>, _ size: Int, scratch: ScratchFile, importer: any LineImporter
  ) {
    scratch.load(UnsafeRawBufferPointer(start: data, count: size))
    let profile = Profile.builtIn[size % Profile.builtIn.count]
    do {
      var reader = try TraceReader(path: scratch.path, importer: importer)
      FuzzReplay.run(&reader, base: FuzzReplay.phone(profile: profile))
    } catch {
      fatalError("TraceReader(path:importer:) failed on an in-memory file: \(error)")
    }
  }
}
