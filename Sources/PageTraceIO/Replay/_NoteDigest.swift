/// Reports an importer's notes: every note of kind ``ImportNote/Kind/information``, and the
/// first ``shown`` of the others (samples dropped, events added); the rest are counted by
/// reason, and told at the end, one ``ReplayProblem/moreNotes(file:count:reason:)`` per reason
/// (`pagetrace` prints `pagetrace: note: FILE: and 36446 more like it (time went backwards:
/// sample skipped)`).
@usableFromInline
struct _NoteDigest {
  /// How many notes of dropped samples and added events are reported one by one.
  static let shown = 10

  private var reported = 0
  /// The reasons of the notes held back, in order of first appearance, with their counts.
  private var more: [(reason: String, count: Int)] = []

  /// Reports a note, or counts it once ``shown`` were reported.
  @usableFromInline
  mutating func report(_ note: ImportNote, _ report: (ReplayProblem) -> Void) {
    guard note.kind != .information else { return report(.note(note)) }
    if reported < Self.shown {
      reported += 1
      return report(.note(note))
    }
    if let index = more.firstIndex(where: { $0.reason == note.reason }) {
      more[index].count += 1
    } else {
      more.append((note.reason, 1))
    }
  }

  /// Reports the counts of the notes held back, and starts again.
  mutating func finish(file: String, _ report: (ReplayProblem) -> Void) {
    for (reason, count) in more {
      report(.moreNotes(file: file, count: count, reason: reason))
    }
    more.removeAll()
    reported = 0
  }
}
