import PageTrace
import PageTraceIO

/// The replay loop of `pagetrace replay --emit all --on-error skip`, with checks.
///
/// Items go to a ``CheckedEngine`` created at the first event from `base` under the trace's
/// header (so a trace without a header still replays); records go to a ``RecordWriter`` on
/// `/dev/null`. Data errors (``TraceError``) and rejected events are expected: the loop reports
/// nothing and goes on with the next item, as `--on-error skip` does. It traps on:
/// - an error that is neither a ``TraceError`` nor a ``FileError`` (the reader's contract), or
///   any ``FileError`` (the input is a readable in-memory file);
/// - a reader that keeps failing without moving to another line or record (it would make
///   `--on-error skip` loop forever);
/// - a broken reducer invariant (``CheckedEngine``).
public enum TraceReplay {
  /// The phone of the README: the control at (0, 780, 390, 30) in a (0, 0, 390, 844) container.
  public static let phoneControl = Rect(x: 0, y: 780, width: 390, height: 30)
  /// The content frame of the phone.
  public static let phoneContainer = Rect(x: 0, y: 0, width: 390, height: 844)

  /// Configuration under the header: 8 pages on the phone, with `profile`.
  public static func phone(pages: Int = 8, profile: Profile = .uikit) -> ConfigurationPatch {
    var patch = ConfigurationPatch()
    patch.pages = pages
    patch.control = phoneControl
    patch.container = phoneContainer
    patch.profile = profile
    return patch
  }

  /// Consecutive errors on one line or record after which the reader counts as stuck.
  static let stuckLimit = 1000

  /// What a replay saw, for round-trip checks.
  public struct Summary {
    /// The header, if the trace had one before its first event.
    public var header: ConfigurationPatch?
    /// Every decoded event, in order, up to `keepEvents` of them.
    public var events: [PageControlEvent] = []
    /// Whether every decoded event was kept and the header came first.
    public var complete = true
    /// The number of items handed out (blank lines, header, events, notes).
    public var items = 0
  }

  /// Replays everything `reader` hands out.
  ///
  /// - Parameter keepEvents: How many decoded events to keep in the summary.
  @discardableResult
  public static func run(
    _ reader: inout TraceReader, base: ConfigurationPatch, keepEvents: Int = 0
  ) -> Summary {
    var summary = Summary()
    var writer = RecordWriter(
      descriptor: devNull, name: "/dev/null", types: .all, threshold: 16 << 10)
    var header = ConfigurationPatch()
    var engine: CheckedEngine?
    var sawEvent = false
    var stuckLine = -1
    var stuckCount = 0
    while true {
      do {
        guard let item = try reader.next() else { break }
        stuckCount = 0
        summary.items += 1
        switch item {
        case .blank:
          break
        case .note(let note):
          _ = note.description
        case .header(let patch):
          header = patch
          if sawEvent { summary.complete = false } else { summary.header = patch }
        case .event(let event, let line):
          sawEvent = true
          if summary.events.count < keepEvents {
            summary.events.append(event)
          } else {
            summary.complete = false
          }
          if engine == nil {
            let configuration = try base.merging(header).resolve(file: reader.name, line: line)
            do {
              engine = try CheckedEngine(configuration)
            } catch {
              throw reader.error(for: error)
            }
          }
          if let error = engine!.handle(event, emit: { writer.write($0) }) {
            _ = reader.error(for: error).description
          }
        }
      } catch let error as TraceError {
        _ = error.description
        if reader.lineNumber == stuckLine {
          stuckCount += 1
          if stuckCount >= stuckLimit {
            fatalError(
              "TraceReader stuck: \(stuckCount) errors in a row at line/record \(stuckLine) "
                + "without progress (--on-error skip would loop forever); last: \(error)")
          }
        } else {
          stuckLine = reader.lineNumber
          stuckCount = 1
        }
      } catch let error as FileError {
        fatalError("reading the in-memory input failed: \(error)")
      } catch {
        fatalError("TraceReader threw \(type(of: error)), not TraceError or FileError: \(error)")
      }
    }
    do {
      try writer.flush()
    } catch {
      fatalError("writing to /dev/null failed: \(error)")
    }
    return summary
  }
}
