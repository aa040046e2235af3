import PageTrace
import PageTraceIO

/// The sessions whose events `stats` counts (`--session`, `--default-session`): named
/// sessions compare as their UTF-8 bytes, never by Unicode equivalence.
public struct SessionSelection: Sendable {
  /// Named sessions, as UTF-8 bytes.
  var names: Set<_UTF8Name>
  /// Whether the events without a session count.
  public var includesDefault: Bool

  /// The sessions named `names`, and the events without a session if `includesDefault`.
  public init(names: [String], includesDefault: Bool) {
    self.names = Set(names.map(_UTF8Name.init))
    self.includesDefault = includesDefault
  }

  /// Whether the session named `name` counts.
  public func contains(_ name: String) -> Bool { names.contains(_UTF8Name(name)) }
}

/// What `stats` found in one input: its figures, and with `bySession` each session's.
public struct FileStatistics: Sendable {
  /// The input's name.
  public var name: String
  /// The figures of the selected sessions together, every session's page time closed.
  public var statistics: TraceStatistics
  /// By session, in order of number (`nil`: the default session); `nil` unless asked for.
  public var sessions: [(name: String?, statistics: TraceStatistics)]?
}

/// The replay observer of `stats`: feeds the events and records of the selected sessions to
/// a ``TraceStatistics``, and with `bySession` to one per session too (docs/behaviour/analysis.md,
/// "Statistics").
///
/// ```swift
/// var observer = StatisticsObserver(selection: nil, bySession: true)
/// _ = observer.replay("Traces/sessions.jsonl", driver: ReplayDriver()) { print($0) }
/// let figures = observer.result(name: "sessions.jsonl")
/// print(figures.statistics.events, figures.sessions?.count ?? 0)
/// ```
public struct StatisticsObserver: ReplayObserver {
  let selection: SessionSelection?
  let bySession: Bool
  var configuration = Self.noConfiguration
  /// Those of ``configuration`` until the input's is known (`begin`): not an optional,
  /// whose forced unwrapping on every event read its tag out of line.
  var statistics = TraceStatistics(Self.noConfiguration)
  /// The configuration before the input's is known: no control, 0 pages.
  static let noConfiguration = PageControlConfiguration(pages: 0, control: nil)
  /// By session number: whether it counts (only with a selection).
  var selected: [Bool] = []
  /// By session number: its name (only with `bySession`).
  var names: [String?] = [nil]
  /// By session number: its own figures, fed as the default session (with `bySession`).
  var sessions: [TraceStatistics?] = []
  /// The sessions met in the inputs so far (only with a selection).
  public private(set) var seen: SessionsSeen

  /// An observer of the sessions `selection` picks (`nil`: every session), with each
  /// session's own figures if `bySession`; `seen` are the sessions earlier inputs met.
  public init(selection: SessionSelection?, bySession: Bool, seen: SessionsSeen = SessionsSeen()) {
    self.selection = selection
    self.bySession = bySession
    self.seen = seen
    selected = [selection?.includesDefault ?? true]
  }

  /// Opens `input` through `driver` and replays it into this observer, calling `report` with
  /// each problem. (Here, so that the replay is compiled where this observer's methods are
  /// known, and inlined rather than called.)
  public mutating func replay(
    _ input: SystemPath, driver: ReplayDriver, options: TraceReplay.Options = .init(),
    report: (ReplayProblem) -> Void
  ) -> ReplayDriver.Outcome {
    driver.replay(input, options: options, observer: &self, report: report)
  }
  /// The input's engine starts: its figures start.
  public mutating func begin(_ configuration: PageControlConfiguration) {
    self.configuration = configuration
    statistics = TraceStatistics(configuration)
  }

  /// Notes whether the session counts, and its name.
  public mutating func name(_ session: SessionID, _ name: String) {
    let index = session.index
    if let selection {
      if selected.count <= index {
        selected.append(contentsOf: repeatElement(false, count: index + 1 - selected.count))
      }
      selected[index] = selection.contains(name)
      seen.add(name)
    }
    if bySession {
      if names.count <= index {
        names.append(contentsOf: repeatElement(nil, count: index + 1 - names.count))
      }
      names[index] = name
    }
  }

  func counts(_ session: SessionID) -> Bool {
    selection == nil || (session.index < selected.count && selected[session.index])
  }

  // The work of `--by-session` out of line: inlined, its large frame cost every event.

  /// Counts an event of a selected session.
  @inline(__always)
  public mutating func willHandle(_ event: EngineEvent) {
    if selection != nil && event.session == .defaultSession { seen.hasDefault = true }
    guard counts(event.session) else { return }
    statistics.observe(event)
    if bySession { observeOwn(event) }
  }

  /// Counts a record of a selected session.
  @inline(__always)
  public mutating func observe(_ record: EngineRecord) {
    guard counts(record.session) else { return }
    statistics.observe(record)
    if bySession { observeOwn(record) }
  }

  /// Feeds `event` to its session's own figures (`--by-session`).
  @inline(never)
  private mutating func observeOwn(_ event: EngineEvent) {
    var own = event
    own.session = .defaultSession
    withSession(event.session) { $0.observe(own) }
  }

  /// Feeds `record` to its session's own figures (`--by-session`).
  @inline(never)
  private mutating func observeOwn(_ record: EngineRecord) {
    var own = record
    own.session = .defaultSession
    withSession(record.session) { $0.observe(own) }
  }

  /// Updates one session's figures, created at its first event.
  private mutating func withSession(
    _ session: SessionID, _ update: (inout TraceStatistics) -> Void
  ) {
    let index = session.index
    if sessions.count <= index {
      sessions.append(contentsOf: repeatElement(nil, count: index + 1 - sessions.count))
    }
    if sessions[index] == nil { sessions[index] = TraceStatistics(configuration) }
    update(&sessions[index]!)
  }

  /// The figures, every session's page time closed.
  public func result(name: String) -> FileStatistics {
    var statistics = statistics
    statistics.finish()
    var result = FileStatistics(name: name, statistics: statistics)
    if bySession { result.sessions = numberedSessions().map { ($0.name, $0.statistics) } }
    return result
  }

  /// With `bySession`, each session's number (0 for the default session), name and figures,
  /// its page time closed, in order of number.
  func numberedSessions() -> [(number: Int, name: String?, statistics: TraceStatistics)] {
    sessions.indices.compactMap { index in
      guard var figures = sessions[index] else { return nil }
      figures.finish()
      return (index, index < names.count ? names[index] : nil, figures)
    }
  }
}
