/// A problem a replay reports as it goes, without stopping: a bad line skipped, an importer's
/// note, an input that could not be opened and was skipped.
///
/// ``TraceReplay/run(_:observer:report:)``, ``ReplayDriver`` and ``BatchReplay`` hand these to their `report`
/// closure in input order; what stops a replay is a ``ReplayFailure`` instead. Each has a
/// ``description`` for a person; a tool words them as it likes (`pagetrace` prints the
/// description, with `pagetrace: note:` or `pagetrace: error:` before the last two kinds).
///
/// ```swift
/// var options = TraceReplay.Options()
/// options.skipsBadLines = true
/// var reader = try TraceReader(opening: "trace.jsonl")
/// var writer = RecordWriter(descriptor: .standardOutput)
/// var skipped: [TraceError] = []
/// _ = TraceReplay(options).run(&reader, observer: &writer) { problem in
///   if case .skippedLine(let error) = problem { skipped.append(error) }
///   print(problem)  // trace.jsonl:3:7: expected a number, found "x"
/// }
/// ```
public enum ReplayProblem: Sendable, CustomStringConvertible {
  /// A bad line, or an event the engine rejected, reported and skipped (when bad lines are
  /// skipped: ``TraceReplay/Options/skipsBadLines``).
  case skippedLine(TraceError)
  /// An importer's note: how it repaired a messy recording (docs/behaviour/trace-format.md, "Recordings in
  /// other formats"). Only the first notes of each input come one by one (and every note of
  /// kind ``ImportNote/Kind/information``); the others are counted by reason
  /// (``moreNotes(file:count:reason:)``).
  case note(ImportNote)
  /// The notes of an input held back after the first ones: `count` more for `reason`.
  case moreNotes(file: String, count: Int, reason: String)
  /// An input that could not be opened, skipped (when bad lines are skipped; ``ReplayDriver``).
  case unreadableInput(FileError)

  /// The problem for a person: `FILE:LINE:COLUMN: expected …, found …` for a skipped line,
  /// `FILE:LINE: note: …` for a note, `FILE: note: and 12 more like it (REASON)` for notes
  /// held back, the file error for an input that could not be opened.
  public var description: String {
    switch self {
    case .skippedLine(let error): error.description
    case .note(let note): note.description
    case .moreNotes(let file, let count, let reason):
      "\(file): note: and \(count) more like it (\(reason))"
    case .unreadableInput(let error): error.description
    }
  }
}
