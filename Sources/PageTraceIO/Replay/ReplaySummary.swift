/// What a replay did: every line of the input is accounted for.
public struct ReplaySummary: Sendable, Hashable {
  /// Lines reported and skipped (when bad lines are skipped).
  public var skippedLines = 0
  /// Files that could not be opened or read.
  public var unreadableFiles = 0
  /// Repairs and omissions importers reported (time going backwards, unended strokes).
  public var notes = 0
  /// Lines read (records, in a binary trace), in every file.
  public var lines = 0
  /// Header lines.
  public var headers = 0
  /// Empty or whitespace-only lines.
  public var blankLines = 0
  /// Events a rule used.
  public var eventsApplied = 0
  /// Events every rule ignored (a touch outside both frames, a key without focus, …).
  public var eventsIgnored = 0
  /// Events of sessions outside the shard replayed (``TraceReplay/Shard``): read, not replayed.
  public var otherShardEvents = 0
  /// Records written: set by whoever writes them (``BatchReplay`` from its ``RecordWriter``);
  /// the loop itself only hands records to its observer.
  public var records = 0
  /// Whether the lines were read by an importer (`--from`): then the terms below account for
  /// them.
  public var isImported = false
  /// Imported lines whose samples made at least one event.
  public var eventLines = 0
  /// Imported lines whose samples the importer dropped, by reason (``ImportNote/reason``,
  /// e.g. `time went backwards: sample skipped`).
  public var droppedLines: [String: Int] = [:]
  /// Imported lines that make no event of their own: parts of a getevent report (the report
  /// line makes the events), device lines, event types the importer ignores.
  public var linesWithoutEvent = 0
  /// Imported events made from the samples of lines.
  public var eventsFromLines = 0
  /// Events an importer added of its own: cancels closing strokes that never ended.
  public var eventsAdded = 0
  /// Imported events the engine rejected (reported and skipped when bad lines are skipped).
  public var eventsRejected = 0

  /// Creates an empty summary.
  public init() {}

  /// Imported lines dropped, all reasons together.
  public var droppedLineCount: Int { droppedLines.values.reduce(0, +) }

  /// Every line read is exactly one of: header, blank, an event (applied, ignored, another
  /// shard's), skipped as bad. Imported lines are each one of: header, blank, a line that
  /// made events, dropped, without an event of its own, skipped as bad; and every event
  /// (applied, ignored, another shard's, rejected) was made from a line or added by the
  /// importer.
  public var accountsForEveryLine: Bool {
    guard isImported else {
      return lines == headers + blankLines + eventsApplied + eventsIgnored + otherShardEvents
        + skippedLines
    }
    return lines == headers + blankLines + eventLines + droppedLineCount + linesWithoutEvent
      + skippedLines
      && eventsApplied + eventsIgnored + otherShardEvents + eventsRejected
        == eventsFromLines + eventsAdded
  }

  /// Events read: applied or ignored.
  public var events: Int { eventsApplied + eventsIgnored }

  /// Adds another summary's counts to these.
  public mutating func add(_ other: Self) {
    skippedLines += other.skippedLines
    unreadableFiles += other.unreadableFiles
    notes += other.notes
    lines += other.lines
    headers += other.headers
    blankLines += other.blankLines
    eventsApplied += other.eventsApplied
    eventsIgnored += other.eventsIgnored
    otherShardEvents += other.otherShardEvents
    records += other.records
    isImported = isImported || other.isImported
    eventLines += other.eventLines
    droppedLines.merge(other.droppedLines, uniquingKeysWith: +)
    linesWithoutEvent += other.linesWithoutEvent
    eventsFromLines += other.eventsFromLines
    eventsAdded += other.eventsAdded
    eventsRejected += other.eventsRejected
  }
}
