import PageTrace
import PageTraceIO

/// Opening an input and replaying it: what `classify`, `stats`, `render`, `convert` and
/// `lint` share (`replay` goes through ``BatchReplay``).
enum _TraceInput {
  /// Opens a trace (JSON Lines or binary) or a recording through `importer`; `-` is
  /// standard input.
  static func open(_ file: String, importer: (any LineImporter)?) throws(CommandFailure)
    -> TraceReader
  {
    do {
      if let importer {
        return file == "-"
          ? try TraceReader.standardInput(importer: importer)
          : try TraceReader(path: file, importer: importer)
      }
      return file == "-" ? try TraceReader.standardInput() : try TraceReader(path: file)
    } catch {
      throw CommandFailure(status: .noInput, message: error.description)
    }
  }

  /// What a replay saw besides its events.
  struct Outcome {
    /// The header's configuration keys (empty without a header).
    var header = ConfigurationPatch()
    /// Whether the input had a header line.
    var hasHeader = false
    /// The number of events.
    var events = 0
  }

  /// Reads `reader` to its end: resolves the configuration (header under `flags`) at the
  /// first event and hands it to `start`; then gives every event to `event` before the
  /// engine handles it, every record to `record`, and the session's control to `after`.
  /// Importer notes go to standard error.
  ///
  /// - Throws: ``CommandFailure`` with status 65 (located) for bad input, 66 if reading fails.
  static func replay(
    _ reader: inout TraceReader, flags: ConfigurationPatch,
    start: (PageControlConfiguration) -> Void = { _ in },
    event: (PageControlEvent) -> Void = { _ in },
    record: (PageControlRecord) -> Void = { _ in },
    after: (PageControl) -> Void = { _ in }
  ) throws(CommandFailure) -> Outcome {
    var outcome = Outcome()
    var engine: PageControlEngine?
    do {
      while let item = try reader.next() {
        switch item {
        case .blank: continue
        case .note(let note): _standardError.write(note.description + "\n")
        case .header(let patch):
          outcome.header = patch
          outcome.hasHeader = true
        case .event(let value, let line):
          if engine == nil {
            let configuration = try outcome.header.merging(flags).resolve(
              file: reader.name, line: line)
            do { engine = try PageControlEngine(configuration) } catch {
              throw reader.error(for: error)
            }
            start(configuration)
          }
          outcome.events += 1
          event(value)
          do { try engine!.handle(value, emit: record) } catch { throw reader.error(for: error) }
          if let control = engine!.control(forSession: value.session) { after(control) }
        }
      }
    } catch let error as TraceError {
      throw CommandFailure(status: .dataError, message: error.description, isLocated: true)
    } catch let error as CommandFailure {
      throw error
    } catch {
      throw CommandFailure(status: .noInput, message: "\(error)")
    }
    return outcome
  }
}
