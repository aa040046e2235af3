import PageTrace

/// Turns the lines of a recording in another format into PageTrace events: CSV
/// (``CSVImporter``), Android `getevent -lt` (``GeteventImporter``), W3C Pointer Events
/// (``PointerEventsImporter``).
///
/// An importer sees one line at a time and hands out the events it completes through a
/// closure, so importing allocates nothing per line. Real recordings are messy; importers
/// follow one policy, documented in the README:
/// - a sample whose time goes backwards within its stroke's session is reported
///   (``ImportNote``) and skipped;
/// - a stroke that never ends (a new `down` for an id that is still down, or the end of
///   the input) is closed with a `cancel` at its last sample's time, and reported.
///
/// ```swift
/// var importer = CSVImporter(mapping)
/// try importer.decode(line.bytes, line: line.number, file: name) { event in … } note: { note in …
/// } importer.finish { event in … } note: { note in … }
/// ```
public protocol LineImporter: Sendable {
  /// Decodes one line (without its terminator).
  ///
  /// - Throws: ``TraceError`` naming the line and column of a field that cannot be read.
  mutating func decode(
    _ line: UnsafeRawBufferPointer, line number: Int, file: String,
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError)

  /// Closes what the input left open, at its end.
  ///
  /// - Throws: ``TraceError`` when what was held back cannot be read after all (a CSV time
  ///   unit the data do not decide).
  mutating func finish(
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError)
}

/// Something an importer repaired or dropped, to be reported (never silently).
public struct ImportNote: Sendable, Hashable, CustomStringConvertible {
  /// The input's name.
  public var file: String
  /// The line concerned.
  public var line: Int
  /// What was done, e.g. `time went backwards (1.20 after 1.25): sample skipped`.
  public var message: String

  /// Creates a note.
  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  /// `FILE:LINE: note: message`.
  public var description: String { "\(file):\(line): note: \(message)" }
}
