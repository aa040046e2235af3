import PageTrace
import PageTraceIO

/// Replays a recording in another format through `TraceReader(opening:importer:)`, strictly.
///
/// A line the importer refuses (a ``TraceError`` from the reader) is fine: the input is
/// arbitrary bytes, and `--on-error skip` skips such lines. But every event the importer
/// produces must be one the engine accepts: the importer's promise is a valid trace (times that
/// never go backwards within a session, finite numbers within range). So the events go to a
/// ``CheckedEngine`` (the reducer's invariants on every record and after every event), and any
/// event it rejects traps, naming the event, its line and the engine's reason.
public enum Importing {
  /// Loads the input into `scratch`, imports it with `importer` and replays it strictly on the
  /// phone with 8 pages and the built-in profile `Profile.builtIn[size % its count]`.
  public static func run(
    _ data: UnsafePointer<UInt8>, _ size: Int, scratch: ScratchFile, importer: any LineImporter
  ) {
    scratch.load(UnsafeRawBufferPointer(start: data, count: size))
    let profile = Profile.builtIn[size % Profile.builtIn.count]
    let reader: TraceReader
    var engine: CheckedEngine
    do {
      reader = try TraceReader(opening: scratch.path, importer: importer)
      let configuration = try FuzzReplay.phone(profile: profile).resolve(file: "fuzz", line: 1)
      engine = try CheckedEngine(configuration)
    } catch {
      fatalError("TraceReader(opening:importer:) or the phone's engine failed: \(error)")
    }
    replayStrictly(reader, into: &engine)
  }

  /// Reads every item, skipping the lines the importer refuses, and traps on any event the
  /// engine rejects, or on a reader that fails again and again without moving on.
  static func replayStrictly(_ reader: consuming TraceReader, into engine: inout CheckedEngine) {
    var reader = reader
    var stuckLine = -1
    var stuckCount = 0
    var events = 0
    while true {
      do {
        guard let item = try reader.next() else { return }
        stuckCount = 0
        guard case .event(let event, let line) = item else { continue }
        events += 1
        if let error = engine.handle(event, emit: { _ in }) {
          fatalError(
            "the engine rejected event \(events) (line \(line)), which the importer produced: "
              + "\(error): \(event)")
        }
      } catch let error as TraceError {
        // A line the importer refused: skipped, as `--on-error skip` does.
        if reader.lineNumber == stuckLine {
          stuckCount += 1
          if stuckCount >= 1000 {
            fatalError(
              "TraceReader stuck at line \(stuckLine) after \(stuckCount) errors: \(error)")
          }
        } else {
          stuckLine = reader.lineNumber
          stuckCount = 1
        }
      } catch {
        fatalError("reading the in-memory input failed: \(error)")
      }
    }
  }
}
