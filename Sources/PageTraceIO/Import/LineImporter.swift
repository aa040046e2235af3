import PageTrace

/// Turns the lines of a recording in another format into PageTrace events: CSV
/// (PageTraceImport's `CSVImporter`), Android `getevent -lt` (`GeteventImporter`), W3C Pointer Events
/// (`PointerEventsImporter`).
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
/// var mapping = CSVImporter.Mapping(time: 1, phase: 2, x: 3, y: 4)
/// mapping.timeUnit = .seconds
/// var importer = CSVImporter(mapping)
/// for (number, row) in ["0,down,200,795", "0.05,up,200,795"].enumerated() {
///   try Array(row.utf8).withUnsafeBytes { bytes in
///     try importer.decode(bytes, line: number + 1, file: "touches.csv") { event in
///       print(event.time, event.action)
///     } note: { note in print(note) }
///   }
/// }
/// try importer.finish { event in print(event.time) } note: { note in print(note) }  // none left
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

  /// Lines read whose samples are held back, not yet handed on nor dropped (a CSV importer
  /// waiting for the data to decide the time unit): they are accounted for when they are.
  var linesHeldBack: Int { get }

  /// Header lines read (a CSV header row).
  var headerLines: Int { get }
}

extension LineImporter {
  /// None: an importer hands on or drops each line's samples as it reads the line.
  public var linesHeldBack: Int { 0 }

  /// None.
  public var headerLines: Int { 0 }
}

/// Something an importer repaired or dropped, to be reported (never silently).
public struct ImportNote: Sendable, Hashable, CustomStringConvertible {
  /// What a note tells, for the replay's accounting (docs/behaviour/trace-format.md, "Recordings in other
  /// formats").
  public enum Kind: Sendable, Hashable {
    /// A line's sample was dropped: it makes no event (time going backwards, a move or up of
    /// a touch that is not down).
    case sampleDropped
    /// The importer added an event of its own (a `cancel` closing a stroke that never ended).
    case eventAdded
    /// Anything else: a repair that adds or drops no event, or information (the time unit
    /// chosen, a line of a type the importer ignores).
    case information
  }

  /// The input's name.
  public var file: String
  /// The line concerned.
  public var line: Int
  /// What was done, e.g. `time went backwards (1.20 after 1.25): sample skipped`.
  public var message: String
  /// What the note tells, for the accounting.
  public var kind: Kind
  /// The message without its particulars, the same for every note like it, e.g. `time went
  /// backwards: sample skipped`: how notes are counted by reason.
  public var reason: String

  /// Creates a note of kind ``Kind/information`` whose reason is its message.
  public init(file: String, line: Int, message: String) {
    self.init(file: file, line: line, kind: .information, reason: message, message: message)
  }

  /// Creates a note.
  public init(file: String, line: Int, kind: Kind, reason: String, message: String) {
    self.file = file
    self.line = line
    self.message = message
    self.kind = kind
    self.reason = reason
  }

  /// `FILE:LINE: note: message`.
  public var description: String { "\(file):\(line): note: \(message)" }
}
