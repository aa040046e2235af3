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
/// ``Options/overrides`` (docs/behaviour.md, "Configuration precedence").
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

    /// The loop's handling of plain events compiled for the observer's type, where that type
    /// is known (``TraceReplay/_PlainEventHandler``); `nil`, or a handler made for another
    /// type, and the loop's own generic code handles them.
    package var _plainEventHandler: TraceReplay._PlainEventHandler?

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
  public func run<Observer: ReplayObserver & ~Copyable>(
    _ reader: inout TraceReader, observer: inout Observer, report: (ReplayProblem) -> Void
  ) -> Outcome {
    var outcome = Outcome()
    // What the observer watches, read once: unspecialised (an observer of another module),
    // each read would be a call per event.
    let observesControls = Observer.observesControls
    let observesTrackedTouches = Observer.observesTrackedTouches
    let observesEventEnds = Observer.observesEventEnds
    var engine: PageControlEngine?
    // Whether `engine` is set, and whether a shard is replayed: plain flags, because each test
    // of those optionals is an outlined call of about 11 instructions, and the loop made
    // five of them an event.
    var hasEngine = false
    let hasShard = options.shard != nil
    var uncounted = 0
    var stuckLine = -1
    var stuckCount = 0
    // Every event is decoded into this one, in place.
    var event = EngineEvent(time: 0, .focus(false))
    var namedSessions = 0
    var namedTouches = 0
    // With a shard, by session number: 0 not yet known, 1 in the shard (the engine does not
    // hold it yet), 2 in another, 3 in the shard and held by the engine.
    var shardMembership: [UInt8] = []
    // With a shard, the sessions of the other shards counted against `maximumSessions`, so
    // that every shard refuses the same sessions as the whole replay (docs/behaviour.md,
    // "Sharded replay").
    var otherSessions = _OtherShardSessions()
    defer { options.progress?.add(uncounted) }
    reader.shard = options.shard
    // The first notes of the importer, then one line per reason (docs/behaviour.md,
    // "Recordings in other formats").
    var notes = _NoteDigest()
    func ended(_ outcome: inout Outcome, _ reader: borrowing TraceReader) -> Outcome {
      notes.finish(file: reader.name, report)
      outcome.summary.lines = reader.lineNumber
      if reader.isImporting {
        let tally = reader.importTally
        let headers = reader.importedHeaderLines
        outcome.summary.isImported = true
        outcome.summary.headers += headers
        outcome.summary.blankLines += tally.blankLines
        outcome.summary.eventLines = tally.eventLines
        outcome.summary.droppedLines = tally.droppedLines
        outcome.summary.linesWithoutEvent = tally.linesWithoutEvent - headers
        outcome.summary.eventsFromLines = tally.eventsFromLines
        outcome.summary.eventsAdded = tally.eventsAdded
      }
      return outcome
    }
    // Whether the engine is handling an imported event: its rejection is then counted as an
    // event rejected, not a line (the importer accounts for the line).
    var handlingImported = false
    // The engine's rejection of the current event as the data error of its line; a refused
    // session is forgotten, its name and number (docs/behaviour.md, "Sessions"): the next new
    // session takes the number, and is announced anew.
    func rejection(_ error: PageControlError, _ reader: inout TraceReader) -> TraceError {
      if case .tooManySessions = error, event.session.index == reader.namedSessionCount {
        let failure = reader.error(for: error)
        reader.forgetNewestSession()
        namedSessions = min(namedSessions, reader.namedSessionCount)
        if event.session.index < shardMembership.count {
          shardMembership[event.session.index] = 0
        }
        return failure
      }
      return reader.error(for: error)
    }
    // Whether plain events may go through `_replayPlainEvents` once the engine has started.
    let mayRunPlain = !hasShard && !reader.isImporting
    // The options' handler of plain events, if it was made for this observer's type.
    let plainEventHandler = options._plainEventHandler.flatMap {
      $0.observerType == ObjectIdentifier(Observer.self) ? $0 : nil
    }
    while true {
      handlingImported = false
      do {
        let read: TraceItemKind?
        if mayRunPlain && hasEngine {
          // With a handler made for this observer's type, every event goes through code
          // compiled for that type (`_PlainEventHandler`): for JSON Lines read line by line,
          // the whole loop (`runLines`), else one call an event; without, through
          // `_handlePlainEvent` as compiled here: for `RecordWriter`, or generic.
          let plainRun: _PlainRun
          if let handler = plainEventHandler, reader._readsPlainLines {
            plainRun = withUnsafeMutablePointer(to: &observer) { observer in
              handler.runLines(
                &reader, &engine!, &event, UnsafeMutableRawPointer(observer), &outcome.summary,
                &uncounted, &stuckCount, namedSessions, namedTouches)
            }
          } else if let handler = plainEventHandler {
            plainRun = try withUnsafeMutablePointer(to: &observer) { observer throws in
              try Self._replayPlainEvents(
                &reader, engine: &engine!, event: &event, handler: handler,
                observer: UnsafeMutableRawPointer(observer), summary: &outcome.summary,
                uncounted: &uncounted, stuckCount: &stuckCount,
                namedSessions: namedSessions, namedTouches: namedTouches)
            }
          } else {
            plainRun = try Self._replayPlainEvents(
              &reader, engine: &engine!, event: &event, observer: &observer,
              summary: &outcome.summary, uncounted: &uncounted,
              stuckCount: &stuckCount, namedSessions: namedSessions, namedTouches: namedTouches)
          }
          switch plainRun {
          case .item(let kind): read = kind
          case .rejected(let error): throw rejection(error, &reader)
          case .failed(let error): throw error
          }
        } else {
          read = try reader.next(into: &event)
        }
        guard let kind = read else {
          if let failure = observer.outputFailure { outcome.failure = .output(failure) }
          return ended(&outcome, reader)
        }
        switch kind {
        case .blank:
          outcome.summary.blankLines += 1
        case .note:
          outcome.summary.notes += 1
          if options.reportsNotes { notes.report(reader.note!, report) }
        case .header:
          outcome.summary.headers += 1
          outcome.header = reader.header
        case .otherShard:
          outcome.summary.otherShardEvents += 1
          if let name = Shard.sessionName(ofLine: reader.lastLineBytes),
            !otherSessions.count(
              name, engineSessions: engine?.sessionCount ?? 0, limit: options.maximumSessions),
            !options.skipsBadLines
          {
            throw reader.errorDecodingAgain(for: .tooManySessions(limit: options.maximumSessions))
          }
        case .event:
          uncounted += 1
          if uncounted == 4096 {
            options.progress?.add(uncounted)
            uncounted = 0
            if let failure = observer.outputFailure {
              outcome.failure = .output(failure)
              return ended(&outcome, reader)
            }
          }
          // Names the reader has just met go to the observer before their events. Numbers
          // are handed out in order, so only an event above the last one announced can bring
          // new names.
          if event.session.index > namedSessions || event._stringTouchNumber > namedTouches {
            reader.announceNames(
              sessionsFrom: namedSessions, touchesFrom: namedTouches, to: &observer)
            namedSessions = reader.namedSessionCount
            namedTouches = reader.namedTouchCount
          } else if event._stringTouchNumber > 0, case let reused = reader.reusedTouchNumber,
            reused != 0
          {
            // A freed number given to a new string id: the observer learns the new name.
            observer.name(TouchKey.name(reused), reader.name(of: TouchKey.name(reused))!)
          }
          if hasShard, let shard = options.shard {
            let index = event.session.index
            if index >= shardMembership.count {
              shardMembership.append(
                contentsOf: repeatElement(0, count: index + 1 - shardMembership.count))
            }
            if shardMembership[index] == 0 {
              shardMembership[index] =
                shard.contains(session: reader.name(of: event.session)) ? 1 : 2
            }
            if shardMembership[index] == 2 {
              outcome.summary.otherShardEvents += 1
              stuckCount = 0
              var name = reader.name(of: event.session)
              let counted = withName(&name) {
                otherSessions.count(
                  $0, engineSessions: engine?.sessionCount ?? 0, limit: options.maximumSessions)
              }
              if !counted && !options.skipsBadLines {
                throw reader.error(for: .tooManySessions(limit: options.maximumSessions))
              }
              continue
            }
          }
          handlingImported = reader.isImporting
          if !hasEngine {
            let configuration =
              try options.configuration
              ?? options.defaults.merging(outcome.header ?? ConfigurationPatch())
              .merging(options.overrides).resolve(file: reader.name, line: reader.lineNumber)
            do {
              engine = try PageControlEngine(
                configuration, maximumSessions: options.maximumSessions)
            } catch {
              throw reader.error(for: error)
            }
            hasEngine = true
            outcome.configuration = configuration
            observer.begin(configuration, header: outcome.header)
          }
          observer.eventLine(reader.lineNumber)
          let applied: Bool
          // Only with a shard: reading through `engine!` copies the engine.
          let sessionsBefore = hasShard ? engine!.sessionCount : 0
          do throws(PageControlError) {
            // A session new to this shard counts the other shards' sessions too.
            if hasShard, shardMembership[event.session.index] == 1,
              sessionsBefore + otherSessions.total >= options.maximumSessions
            {
              throw PageControlError.tooManySessions(limit: options.maximumSessions)
            }
            applied = try Self._apply(event, engine: &engine!, observer: &observer)
          } catch {
            throw rejection(error, &reader)
          }
          if hasShard && engine!.sessionCount > sessionsBefore {
            shardMembership[event.session.index] = 3
          }
          if applied {
            outcome.summary.eventsApplied += 1
          } else {
            outcome.summary.eventsIgnored += 1
          }
          if observesControls, let control = engine!.control(for: event.session) {
            observer.didHandle(event, control: control)
          }
          if observesTrackedTouches {
            observer.didHandle(event, trackedTouch: engine!.trackedTouch(for: event.session))
          }
          if observesEventEnds { observer.endEvent() }
        }
        stuckCount = 0
      } catch let error as TraceError {
        guard options.skipsBadLines else {
          outcome.failure = .data(error)
          return ended(&outcome, reader)
        }
        if handlingImported {
          outcome.summary.eventsRejected += 1
        } else {
          outcome.summary.skippedLines += 1
        }
        report(.skippedLine(error))
        if reader.lineNumber == stuckLine {
          stuckCount += 1
          if stuckCount >= Self.stuckLimit {
            outcome.failure = .input(
              FileError(
                .readFailed, path: reader.name, code: 0,
                message: "no progress past line \(stuckLine) after \(stuckCount) errors"))
            return ended(&outcome, reader)
          }
        } else {
          stuckLine = reader.lineNumber
          stuckCount = 1
        }
      } catch let error as FileError {
        outcome.summary.unreadableFiles += 1
        outcome.failure = .input(error)
        return ended(&outcome, reader)
      } catch {
        preconditionFailure("TraceReader throws TraceError or FileError, not \(error)")
      }
    }
  }
}

extension TraceReplay {
  /// How ``_replayPlainEvents(_:engine:event:observer:summary:uncounted:stuckCount:namedSessions:namedTouches:)``
  /// stopped.
  @usableFromInline
  package enum _PlainRun {
    /// The item read last, not handled (`nil`: the end of the input): the general loop's.
    case item(TraceItemKind?)
    /// The engine rejected the event read last.
    case rejected(PageControlError)
    /// Reading failed (only from ``_plainEventLines(_:engine:event:observer:summary:uncounted:stuckCount:namedSessions:namedTouches:)``,
    /// which does not throw).
    case failed(any Error)
  }

  /// Replays plain events, as the general loop of ``run(_:observer:report:)`` does, until an
  /// item that needs more: anything but an event, an event that brings a name (a session
  /// above `namedSessions`, any string touch id), the event at which the progress count is
  /// due, an event the engine rejects. That item is left to the general loop, read but not
  /// handled. Only once the engine has started, without a shard or an importer.
  ///
  /// The general loop's body is large, and keeps its state on the stack: an event through it
  /// costs about 140 instructions besides the reader and the engine, through this one about
  /// 40 (Benchmarks/RESULTS.md, second round, "the binary hot path").
  @inline(never)
  static func _replayPlainEvents<Observer: ReplayObserver & ~Copyable>(
    _ reader: inout TraceReader, engine: inout PageControlEngine, event: inout EngineEvent,
    observer: inout Observer, summary: inout ReplaySummary, uncounted: inout Int,
    stuckCount: inout Int, namedSessions: Int, namedTouches: Int
  ) throws -> _PlainRun {
    try _plainEvents(
      &reader, engine: &engine, event: &event, observer: &observer, summary: &summary,
      uncounted: &uncounted, stuckCount: &stuckCount, namedSessions: namedSessions,
      namedTouches: namedTouches
    ) { event, line, engine, observer, summary throws(PageControlError) in
      try _handlePlainEvent(
        event, line: line, engine: &engine, observer: &observer, summary: &summary)
    }
  }

  /// ``_replayPlainEvents(_:engine:event:observer:summary:uncounted:stuckCount:namedSessions:namedTouches:)``
  /// through `handler`, made for the type of the observer at `observer`: the loop is compiled
  /// here once for every such observer, and each event makes one call into code compiled for
  /// the observer's type.
  @inline(never)
  static func _replayPlainEvents(
    _ reader: inout TraceReader, engine: inout PageControlEngine, event: inout EngineEvent,
    handler: _PlainEventHandler, observer: UnsafeMutableRawPointer,
    summary: inout ReplaySummary, uncounted: inout Int,
    stuckCount: inout Int, namedSessions: Int, namedTouches: Int
  ) throws -> _PlainRun {
    var observer = observer
    return try _plainEvents(
      &reader, engine: &engine, event: &event, observer: &observer, summary: &summary,
      uncounted: &uncounted, stuckCount: &stuckCount, namedSessions: namedSessions,
      namedTouches: namedTouches
    ) { event, line, engine, observer, summary throws(PageControlError) in
      try handler.handle(observer, &event, line, &engine, &summary)
    }
  }

  /// The loop of both `_replayPlainEvents`: reads items and hands each plain event to
  /// `handleEvent` (with its line and the engine), which returns whether a rule used it,
  /// until an item that needs more. The event goes by reference (`inout`, never changed):
  /// given by value, the loop copied its 65 bytes before each call to the handler, about 9
  /// instructions an event (`classify` −2 an event, `stats` −4).
  @inline(__always)
  static func _plainEvents<Observer: ~Copyable>(
    _ reader: inout TraceReader, engine: inout PageControlEngine, event: inout EngineEvent,
    observer: inout Observer, summary: inout ReplaySummary, uncounted: inout Int,
    stuckCount: inout Int, namedSessions: Int, namedTouches: Int,
    _ handleEvent:
      (inout EngineEvent, Int, inout PageControlEngine, inout Observer, inout ReplaySummary)
      throws(PageControlError) -> Void
  ) throws -> _PlainRun {
    // The events counted, kept here for the run and stored back at its end (as is the reset
    // of `stuckCount` by an event handled): through the caller's `inout`s, each was a load of
    // the address and a store an event (replay, `classify` and `stats` −5 or −6 an event).
    var counted = uncounted
    let countedBefore = counted
    var lastRejected = false
    defer {
      // Every event counted was handled, but a rejected last one.
      if counted - (lastRejected ? 1 : 0) > countedBefore { stuckCount = 0 }
      uncounted = counted
    }
    // Handles the event just read if it is plain; `nil` when it was, else how the run stops.
    // `reusedTouch` is the reader's ``TraceReader/reusedTouchNumber``, read only for an event
    // with a string touch id.
    @inline(__always)
    func handle(
      _ kind: TraceItemKind?, line: Int, reusedTouch: @autoclosure () -> Int32
    ) -> _PlainRun? {
      guard kind == .event, counted < 4095, event.session.index <= namedSessions,
        _isPlainTouch(event, namedTouches: namedTouches, reusedTouch: reusedTouch())
      else { return .item(kind) }
      counted += 1
      do throws(PageControlError) {
        try handleEvent(&event, line, &engine, &observer, &summary)
      } catch {
        lastRejected = true
        return .rejected(error)
      }
      return nil
    }
    if reader.format == .binary && reader.chunks == nil, var binary = reader.binary.take() {
      // The binary reader taken out of its optional for the run, and put back whatever
      // happens: each look into the optional is a call (about 11 instructions an event), and
      // the general `TraceReader.next(into:)` around it 30 more.
      while true {
        let kind: TraceItemKind?
        do {
          kind = try binary.next(into: &event, recordNumber: &reader.lineNumber)
        } catch {
          reader.binary = consume binary
          throw error
        }
        if let stop = handle(
          kind, line: reader.lineNumber, reusedTouch: binary.reusedTouchNumber)
        {
          reader.binary = consume binary
          return stop
        }
      }
    }
    while true {
      let kind = try reader.next(into: &event)
      if let stop = handle(kind, line: reader.lineNumber, reusedTouch: reader.reusedTouchNumber) {
        return stop
      }
    }
  }

  /// Whether the touch id of `event` needs nothing of the general loop: a numeric id (or no
  /// touch), or a string id whose name the observer already has, one of the first
  /// `namedTouches` numbers, not just given to a new id (`reusedTouch`, the reader's
  /// ``TraceReader/reusedTouchNumber``, is 0; it is evaluated only for a string id). Every
  /// event of a string-id finger went back to the general loop, in and out of the plain run
  /// each time: about 500 instructions an event more than a numeric id (`replay --emit all`
  /// 1,636 against 1,112).
  @inlinable @inline(__always)
  static func _isPlainTouch(
    _ event: EngineEvent, namedTouches: Int, reusedTouch: @autoclosure () -> Int32
  ) -> Bool {
    let number = event._stringTouchNumber
    return number == 0 || (number <= namedTouches && reusedTouch() == 0)
  }

  /// Hands one plain event to `engine` and its records and the event to `observer`, as the
  /// general loop of ``run(_:observer:report:)`` does: the line, the event if the engine
  /// accepts it, its records, the control or the finger it follows, the end of the event.
  /// Returns whether a rule used the event; throws the engine's rejection, which the observer
  /// never sees.
  ///
  /// Inlinable, for ``_PlainEventHandler``: so that a module that knows the observer's type
  /// compiles this for it, with direct calls to its methods.
  @inlinable @inline(__always)
  package static func _handlePlainEvent<Observer: ReplayObserver & ~Copyable>(
    _ event: EngineEvent, line: Int, engine: inout PageControlEngine, observer: inout Observer,
    summary: inout ReplaySummary
  ) throws(PageControlError) {
    observer.eventLine(line)
    if try _apply(event, engine: &engine, observer: &observer) {
      summary.eventsApplied += 1
    } else {
      summary.eventsIgnored += 1
    }
    _followPlainEvent(event, engine: &engine, observer: &observer)
  }

  /// ``_handlePlainEvent(_:line:engine:observer:summary:)`` without the summary's counts,
  /// for ``_plainEventLines(_:engine:event:observer:summary:uncounted:stuckCount:namedSessions:namedTouches:)``,
  /// which counts them itself: returns whether a rule used the event. (One function, taking
  /// the event once: the loop's `inout` event handed to `_apply` and `_followPlainEvent`
  /// separately was copied twice, `classify` +12 an event.)
  @inlinable @inline(__always)
  package static func _handlePlainEvent<Observer: ReplayObserver & ~Copyable>(
    _ event: EngineEvent, line: Int, engine: inout PageControlEngine, observer: inout Observer
  ) throws(PageControlError) -> Bool {
    observer.eventLine(line)
    let applied = try _apply(event, engine: &engine, observer: &observer)
    _followPlainEvent(event, engine: &engine, observer: &observer)
    return applied
  }

  /// What ``_handlePlainEvent(_:line:engine:observer:summary:)`` does after the engine: the
  /// control or the finger the event leaves, the end of the event.
  @inlinable @inline(__always)
  package static func _followPlainEvent<Observer: ReplayObserver & ~Copyable>(
    _ event: EngineEvent, engine: inout PageControlEngine, observer: inout Observer
  ) {
    if Observer.observesControls, let control = engine.control(for: event.session) {
      observer.didHandle(event, control: control)
    }
    if Observer.observesTrackedTouches {
      observer.didHandle(event, trackedTouch: engine.trackedTouch(for: event.session))
    }
    if Observer.observesEventEnds { observer.endEvent() }
  }

  /// Hands `event` to `engine` and its records to `observer`; returns whether a rule used
  /// it. An observer that sees events is shown the event once the engine has accepted it,
  /// before its records: at its first record, since the engine writes none for an event it
  /// rejects (it throws before writing anything), or after the engine returns if it wrote
  /// none. Holding the records back in an array until then cost about 20 instructions an
  /// event (the append, the emptying, the loop over them).
  @inlinable @inline(__always)
  package static func _apply<Observer: ReplayObserver & ~Copyable>(
    _ event: EngineEvent, engine: inout PageControlEngine, observer: inout Observer
  ) throws(PageControlError) -> Bool {
    guard Observer.observesEvents else {
      return try engine.handle(event) { observer.observe($0) }
    }
    var shown = false
    let applied = try engine.handle(event) { record in
      if !shown {
        observer.willHandle(event)
        shown = true
      }
      observer.observe(record)
    }
    if !shown { observer.willHandle(event) }
    return applied
  }

  /// ``_handlePlainEvent(_:line:engine:observer:)`` compiled for one type of observer
  /// by a module that knows it, for ``Options/_plainEventHandler``.
  ///
  /// ``run(_:observer:report:)`` is generic over its observer, and is not specialized for an
  /// observer of another module (`classify`'s and `stats'`): each call to the observer went
  /// through its witness table, and the loop's own code through the generic metadata, about
  /// 130 instructions an event more than replay's loop, specialized here for
  /// ``RecordWriter``. With a handler, the loop (specialized here for the handler) makes one
  /// indirect call an event, into code specialized for the observer where it is known: made
  /// with `.init(for: Observer.self)` in the module that knows `Observer`'s methods, and set
  /// in ``Options/_plainEventHandler``. For JSON Lines read line by line, the handler's
  /// `runLines` is the whole loop, compiled there too (``_plainEventLines(_:engine:event:observer:summary:uncounted:stuckCount:namedSessions:namedTouches:)``).
  ///
  /// (`@usableFromInline`, as its members: without it the compiler takes the inlinable
  /// initializer of a `package` type, but does not hand its body to other modules, and the
  /// handler runs unspecialized.)
  @usableFromInline
  package struct _PlainEventHandler: Sendable {
    /// The observer type it was made for: the loop uses it only with that type.
    @usableFromInline
    package let observerType: ObjectIdentifier
    /// ``_handlePlainEvent(_:line:engine:observer:)`` for an observer of that type
    /// at the address given.
    @usableFromInline
    let handle:
      @Sendable (
        UnsafeMutableRawPointer, inout EngineEvent, Int, inout PageControlEngine,
        inout ReplaySummary
      ) throws(PageControlError) -> Void
    /// ``_plainEventLines(_:engine:event:observer:summary:uncounted:stuckCount:namedSessions:namedTouches:)``
    /// for an observer of that type at the address given.
    @usableFromInline
    let runLines:
      @Sendable (
        inout TraceReader, inout PageControlEngine, inout EngineEvent, UnsafeMutableRawPointer,
        inout ReplaySummary, inout Int, inout Int, Int, Int
      ) -> _PlainRun

    /// A handler for observers of type `Observer`, compiled where this is called.
    @inlinable
    package init<Observer: ReplayObserver & ~Copyable & SendableMetatype>(for _: Observer.Type) {
      observerType = ObjectIdentifier(Observer.self)
      runLines = {
        reader, engine, event, observer, summary, uncounted, stuckCount, namedSessions,
        namedTouches in
        TraceReplay._plainEventLines(
          &reader, engine: &engine, event: &event,
          observer: &observer.assumingMemoryBound(to: Observer.self).pointee, summary: &summary,
          uncounted: &uncounted, stuckCount: &stuckCount, namedSessions: namedSessions,
          namedTouches: namedTouches)
      }
      handle = { observer, event, line, engine, summary throws(PageControlError) in
        try TraceReplay._handlePlainEvent(
          event, line: line, engine: &engine,
          observer: &observer.assumingMemoryBound(to: Observer.self).pointee, summary: &summary)
      }
    }
  }
}

/// Why a replay stopped early.
public enum ReplayFailure: Error, Sendable {
  /// A bad line, when bad lines are not skipped.
  case data(TraceError)
  /// An input could not be opened or read.
  case input(FileError)
  /// Writing the output failed.
  case output(FileError)
  /// The system ran short of a resource (``FileError/isResourceShortage``): descriptors or
  /// memory opening a file, or room for a temporary file of a parallel replay. Unlike the
  /// others, the same run may succeed when tried again.
  case resources(FileError)
}

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

/// Calls `body` with the UTF-8 bytes of an optional name.
private func withName<Result>(
  _ name: inout String?, _ body: (UnsafeRawBufferPointer?) -> Result
) -> Result {
  guard var string = name else { return body(nil) }
  defer { name = string }
  return string.withUTF8 { body(UnsafeRawBufferPointer($0)) }
}
