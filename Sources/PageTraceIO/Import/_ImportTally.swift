/// How the lines a ``TraceReader`` handed to an importer were used, counted as the importer
/// concludes them (docs/behaviour/trace-format.md, "Recordings in other formats"): each line read is
/// exactly one of blank, header, a line that made events, a line whose samples were dropped
/// (by the reason of its first dropped sample) or a line with no event of its own (part of a
/// getevent report, a type the importer ignores); lines skipped as bad are the replay's.
struct _ImportTally: Sendable, Hashable {
  var blankLines = 0
  var eventLines = 0
  var linesWithoutEvent = 0
  var droppedLines: [String: Int] = [:]
  /// Events made from the samples of lines.
  var eventsFromLines = 0
  /// Events the importer added of its own (cancels closing strokes).
  var eventsAdded = 0

  /// Accounts for `lines` lines concluded by one call of the importer, which made `made`
  /// events, `added` of them its own, and dropped samples for the reasons `drops`.
  ///
  /// A line makes events if any are left once the added ones are taken away (one line may
  /// make several: a getevent report, a Pointer Events move with coalesced samples); lines
  /// concluded together (rows held back until the CSV time unit was decided) make one event
  /// or drop one sample each.
  mutating func conclude(lines: Int, blank: Bool, made: Int, added: Int, drops: [String]) {
    let fromLines = max(0, made - added)
    eventsFromLines += fromLines
    eventsAdded += made - fromLines
    guard lines > 0 else { return }
    let withEvents = min(lines, fromLines)
    let dropped = min(lines - withEvents, drops.count)
    let rest = lines - withEvents - dropped
    eventLines += withEvents
    for reason in drops.prefix(dropped) { droppedLines[reason, default: 0] += 1 }
    if lines == 1 && rest == 1 && blank {
      blankLines += 1
    } else {
      linesWithoutEvent += rest
    }
  }

  /// Accounts for `lines` lines whose held-back samples an error threw away.
  mutating func lose(_ lines: Int) {
    guard lines > 0 else { return }
    droppedLines["the data do not decide the time unit: row not read", default: 0] += lines
  }
}
