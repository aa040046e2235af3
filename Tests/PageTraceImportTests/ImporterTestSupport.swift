import Foundation
import PageTrace
import PageTraceIO
import PageTraceImport

/// What an importer made of a text: its events and notes, or its first error.
struct Imported {
  var events: [PageControlEvent] = []
  var notes: [ImportNote] = []
}

/// Feeds `text` line by line (1-based numbers) to an importer, then finishes it.
func importing<Importer: LineImporter>(
  _ importer: Importer, _ text: String, file: String = "capture.txt"
) throws(TraceError) -> Imported {
  var importer = importer
  var result = Imported()
  for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let bytes = Array(line.utf8)
    let outcome = bytes.withUnsafeBytes { raw in
      Result { () throws(TraceError) in
        try importer.decode(
          raw, line: index + 1, file: file, event: { result.events.append($0) },
          note: { result.notes.append($0) })
      }
    }
    try outcome.get()
  }
  try importer.finish(event: { result.events.append($0) }, note: { result.notes.append($0) })
  return result
}

/// The error an importer reports for a text, if any.
func importError<Importer: LineImporter>(_ importer: Importer, _ text: String) -> TraceError? {
  do {
    _ = try importing(importer, text)
    return nil
  } catch {
    return error
  }
}

/// A touch event.
func touchEvent(
  _ time: Double, _ phase: TouchPhase, _ id: Double, _ x: Double?, _ y: Double?,
  session: String? = nil
) -> PageControlEvent {
  PageControlEvent(time: time, session: session, .touch(phase, id: .number(id), x: x, y: y))
}

/// A pointer event.
func pointerEvent(
  _ time: Double, _ phase: PointerPhase, _ x: Double, _ y: Double, session: String? = nil
) -> PageControlEvent {
  PageControlEvent(time: time, session: session, .pointer(phase, x: x, y: y))
}

/// The 1-based column (in characters) where `needle` starts in `line`.
func characterColumn(of needle: String, in line: String) -> Int {
  let range = line.range(of: needle)!
  return line.unicodeScalars.distance(
    from: line.unicodeScalars.startIndex, to: range.lowerBound) + 1
}
