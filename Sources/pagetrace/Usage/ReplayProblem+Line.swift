import PageTraceIO

extension ReplayProblem {
  /// The line `pagetrace` writes on standard error for a problem a replay reports as it goes
  /// (without its line end): the description, after `pagetrace: note: ` for notes held back
  /// and `pagetrace: error: ` for an input skipped because it cannot be opened.
  var _standardErrorLine: String {
    switch self {
    case .skippedLine(let error): error.description
    case .note(let note): note.description
    case .moreNotes(let file, let count, let reason):
      "pagetrace: note: \(file): and \(count) more like it (\(reason))"
    case .unreadableInput(let error): "pagetrace: error: \(error)"
    }
  }
}
