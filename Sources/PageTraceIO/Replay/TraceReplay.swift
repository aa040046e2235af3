import PageTrace

/// The one replay loop: reads a trace item by item, starts an engine at the first event with
/// the configuration resolved from the header, hands every event to it and every record to
/// an observer, and accounts for every line.
///
/// An event the engine rejects (time going backwards in its session, a non-finite value, one
/// session too many) is a data error at its line: it changes nothing, and observers never see
/// it.
///
/// Every command of `pagetrace` replays through this loop (by way of ``ReplayDriver``, which
/// also runs ``BatchReplay``), so they agree
/// on configuration precedence, error policy, session limits and accounting. What a command
/// does with the replay is its ``ReplayObserver``: ``RecordWriter`` writes the records,
/// classification, statistics, lint and rendering watch events, records and controls.
///
/// Configuration precedence, lowest first: ``Options/defaults``, the trace's header,
/// ``Options/overrides`` (docs/behaviour/configuration.md, "Configuration precedence").
///
/// ```swift
/// var options = TraceReplay.Options()
/// options.skipsBadLines = true
/// var reader = try TraceReader(opening: "trace.jsonl")
/// var writer = RecordWriter(descriptor: .standardOutput, types: .all)
/// let outcome = TraceReplay(options).run(&reader, observer: &writer) { print($0) }
/// try writer.flush()
/// ```
public struct TraceReplay: Sendable {
  /// How to replay one input.
  public struct Options: Sendable {
    /// Configuration under each trace's header: what a trace without a header falls back on.
    public var defaults = ConfigurationPatch()
    /// Configuration over each trace's header: `--config` and command-line flags.
    public var overrides = ConfigurationPatch()
    /// Whether a bad line stops the replay (`false`) or is reported and skipped (`true`).
    public var skipsBadLines = false
    /// The most sessions per input (``PageTrace/PageControlEngine/maximumSessions``).
    public var maximumSessions = PageControlEngine.defaultMaximumSessions
    /// A live event count for a progress line, if wanted.
    public var progress: ReplayProgress?
    /// Replay only the sessions of this shard; events of the others are read and counted
    /// (``ReplaySummary/otherShardEvents``), never replayed.
    public var shard: Shard?
    /// Whether importers' notes (their repairs of messy recordings) are reported; they are
    /// counted either way (``ReplaySummary/notes``).
    public var reportsNotes = true

    /// The configuration every input replays under, whatever its header, ``defaults`` and
    /// ``overrides`` say; `nil` (the default) resolves them instead.
    public var configuration: PageControlConfiguration?

    /// Creates the default options: no defaults or overrides, stop at the first bad line.
    public init() {}

    /// Creates options that replay every input under `configuration`, a configuration made in
    /// code, ignoring the inputs' headers; the other options are the defaults.
    ///
    /// ```swift
    /// var configuration = PageControlConfiguration(
    ///   pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))
    /// configuration.constants.scrubDelay = 0.5
    /// let replay = TraceReplay(.init(configuration: configuration))
    /// ```
    ///
    /// To lay a configuration over the headers instead, merge its full patch
    /// (``ConfigurationPatch/init(_:)``) into ``overrides``.
    public init(configuration: PageControlConfiguration) {
      self.configuration = configuration
    }

    /// The configuration an input replays under, resolved in this one place: ``configuration``
    /// if set, else ``defaults``, then the input's `header`, then ``overrides``; a fan-out's
    /// `variant` is laid over either (docs/behaviour/configuration.md, "Configuration
    /// precedence").
    ///
    /// An import (`imported`) is in content mode unless some source gives a control: a
    /// recording cannot hold one (docs/behaviour/pointer-and-content-swipe.md, "Content mode").
    ///
    /// - Throws: ``TraceError`` at `file`:`line` (the input's first event) for a missing or
    ///   invalid key.
    public func configuration(
      header: ConfigurationPatch?, variant: ConfigurationPatch? = nil, imported: Bool = false,
      file: String, line: Int
    ) throws(TraceError) -> PageControlConfiguration {
      var patch: ConfigurationPatch
      if let configuration {
        guard let variant else { return configuration }
        patch = ConfigurationPatch(configuration)
        patch.merge(variant)
      } else {
        patch = ConfigurationPatch()
        if imported { patch.withoutControl = true }
        patch.merge(defaults)
        patch.merge(header ?? ConfigurationPatch())
        patch.merge(overrides)
        if let variant { patch.merge(variant) }
      }
      return try patch.resolve(file: file, line: line)
    }
  }

  /// What a replay did.
  public struct Outcome: Sendable {
    /// The counts of lines, events and problems.
    public var summary = ReplaySummary()
    /// The trace's header, if it had one.
    public var header: ConfigurationPatch?
    /// The configuration the engine started with, `nil` if the input had no event.
    public var configuration: PageControlConfiguration?
    /// Why the replay stopped early, if it did.
    public var failure: ReplayFailure?
    /// Whether the replay stopped before the input's end because every observer had what it
    /// needed (``ReplayObserver/isDone``); not a failure.
    public var endedEarly = false

    /// Creates the outcome of a replay that read nothing.
    public init() {}
  }

  /// Consecutive errors without moving to another line after which a reader counts as stuck.
  static let stuckLimit = 1000

  /// The options in use.
  public let options: Options

  /// Creates a replay.
  public init(_ options: Options) { self.options = options }

  /// Replays everything `reader` hands out, calling `observer` for the configuration, events,
  /// records and controls, and `report` with each problem (an importer's note, a skipped
  /// line: a ``ReplayProblem``) as it happens. Never throws: what went wrong is the outcome's
  /// ``Outcome/failure``, after every record of earlier lines went to the observer.
  @inlinable
  public func run<Observer: ReplayObserver & ~Copyable>(
    _ reader: inout TraceReader, observer: inout Observer, report: (ReplayProblem) -> Void
  ) -> Outcome {
    withUnsafeMutablePointer(to: &observer) { observer in
      var lanes = ReplayLanes<Observer, OneLane>(
        observers: UnsafeMutableBufferPointer(start: observer, count: 1), variants: [nil],
        afterEvent: nil)
      defer { lanes.deallocate() }
      var loop = ReplayLoop(options)
      return loop.run(&reader, lanes: &lanes, report: report)[0]
    }
  }
}
