import PageTrace

/// Decode once, replay many: reads a trace once and hands every event to K engines, one per
/// configuration variant, each with its own state and its own observer
/// (docs/behaviour.md, "Sweeps").
///
/// Variant `k` replays under the configuration a ``TraceReplay`` would resolve with
/// `variants[k]` laid over everything else: ``TraceReplay/Options/defaults``, the trace's
/// header, ``TraceReplay/Options/overrides``, then `variants[k]` (or, with a fixed
/// ``TraceReplay/Options/configuration``, that configuration with `variants[k]` over it).
/// Each observer is called exactly as ``TraceReplay`` calls its one observer: the names, then
/// ``ReplayObserver/begin(_:header:)`` at the first event, then per event
/// ``ReplayObserver/eventLine(_:)``, ``ReplayObserver/willHandle(_:)``, the records,
/// ``ReplayObserver/didHandle(_:control:)`` and ``ReplayObserver/endEvent()`` as the observer
/// asks. Nothing is buffered beyond one event's records: memory is the K engines' state.
///
/// Lines are read and decoded once, so an input that cannot be read twice (standard input)
/// works. Bad lines follow ``TraceReplay/Options/skipsBadLines`` as in ``TraceReplay``: a line
/// the reader rejects is a bad line for every variant, reported once; an event one variant's
/// engine rejects (rarely: only limits that depend on the configuration, such as the timer's
/// catch-up bound, can tell variants apart) is skipped by that variant alone, and reported
/// once, by the first variant that rejects it. When bad lines stop the replay, the first
/// line that any variant rejects stops every variant, after all of them have handled it.
///
/// Sharded replay is not supported: ``TraceReplay/Options/shard`` must be `nil`.
///
/// ```swift
/// var scrubDelays: [ConfigurationPatch] = []
/// for delay in [0.1, 0.3, 0.5] {
///   var patch = ConfigurationPatch()
///   patch.scrubDelay = delay
///   scrubDelays.append(patch)
/// }
/// struct TransitionCounter: ReplayObserver {
///   var count = 0
///   mutating func observe(_ record: EngineRecord) {
///     if case .transition = record.content { count += 1 }
///   }
/// }
/// var reader = try TraceReader(opening: "trace.jsonl")
/// var counters = [TransitionCounter](repeating: TransitionCounter(), count: 3)
/// let outcome = FanOutReplay(TraceReplay.Options(), variants: scrubDelays)
///   .run(&reader, observers: &counters) { print($0) }
/// print(counters.map(\.count), outcome.summary.lines)
/// ```
///
/// Observers are values held in an array, so a ``RecordWriter``, which cannot be copied,
/// takes part through a class that holds it and forwards what it observes.
public struct FanOutReplay: Sendable {
  /// The options every variant shares.
  public let options: TraceReplay.Options
  /// Each variant's configuration over the options and the trace's header.
  public let variants: [ConfigurationPatch]

  /// Creates a fan-out of `variants.count` replays under `options`.
  ///
  /// - Precondition: `options.shard` is `nil`.
  public init(_ options: TraceReplay.Options, variants: [ConfigurationPatch]) {
    precondition(options.shard == nil, "a fan-out replays whole inputs, not shards")
    self.options = options
    self.variants = variants
  }

  /// Replays everything `reader` hands out through every variant, `observers[k]` watching
  /// variant `k`, and returns the fan-out's outcome: the header, the failure and the counts of
  /// lines every variant shares, with the events applied, ignored and rejected and the
  /// configuration of the first variant (``runEach(_:observers:afterEvent:report:)`` gives each
  /// variant's own). Problems go to `report` once each, in input order.
  ///
  /// After every variant has handled an event, `afterEvent` receives it with the variants that
  /// rejected it, in order (empty when every variant applied or ignored it): what work that is
  /// the same for every variant (such as classifying strokes) needs to be done once.
  ///
  /// - Precondition: `observers.count == variants.count`.
  public func run<Observer: ReplayObserver>(
    _ reader: inout TraceReader, observers: inout [Observer],
    afterEvent: (_ event: EngineEvent, _ rejectedBy: [Int]) -> Void = { _, _ in },
    report: (ReplayProblem) -> Void
  ) -> TraceReplay.Outcome {
    let outcomes = runEach(&reader, observers: &observers, afterEvent: afterEvent, report: report)
    if let first = outcomes.first { return first }
    var outcome = TraceReplay.Outcome()
    outcome.summary.lines = reader.lineNumber
    outcome.header = reader.header
    return outcome
  }

  /// Replays everything `reader` hands out through every variant, `observers[k]` watching
  /// variant `k`, and returns each variant's outcome: what a ``TraceReplay`` under that
  /// variant's configuration returns (when bad lines stop the replay, every variant stops at
  /// the first line that any variant rejects). `afterEvent` is called as by
  /// ``run(_:observers:afterEvent:report:)``.
  ///
  /// - Precondition: `observers.count == variants.count`.
  public func runEach<Observer: ReplayObserver>(
    _ reader: inout TraceReader, observers: inout [Observer],
    afterEvent: (_ event: EngineEvent, _ rejectedBy: [Int]) -> Void = { _, _ in },
    report: (ReplayProblem) -> Void
  ) -> [TraceReplay.Outcome] {
    precondition(observers.count == variants.count, "one observer per variant")
    let observesControls = Observer.observesControls
    let observesTrackedTouches = Observer.observesTrackedTouches
    let observesEventEnds = Observer.observesEventEnds
    // What every variant shares: the reading.
    var shared = ReplaySummary()
    var header: ConfigurationPatch?
    var failure: ReplayFailure?
    // Each variant's own: its engine and the counts that depend on it.
    var states = variants.map { _VariantState(variant: $0) }
    var uncounted = 0
    var rejectedBy: [Int] = []
    var event = EngineEvent(time: 0, .focus(false))
    var namedSessions = 0
    var namedTouches = 0
    var notes = _NoteDigest()
    defer { options.progress?.add(uncounted) }
    reader.shard = nil
    let base = options.configuration.map { ConfigurationPatch($0) }

    // The observers and the variants' states through buffers: an element of an array costs a
    // uniqueness check per access, and an observer of another module (unspecialised) a generic
    // access per call; nothing here is captured by a closure that could escape, so no access
    // is checked at run time.
    observers.withUnsafeMutableBufferPointer { observers in
      states.withUnsafeMutableBufferPointer { states in
        reading: while true {
          let kind: TraceItemKind?
          do {
            kind = try reader.next(into: &event)
          } catch let error as TraceError {
            guard options.skipsBadLines else {
              failure = .data(error)
              break reading
            }
            report(.skippedLine(error))
            for k in states.indices {
              if let stuck = states[k].skip(
                imported: false, line: reader.lineNumber, in: reader.name)
              {
                failure = .input(stuck)
                break reading
              }
            }
            continue
          } catch let error as FileError {
            shared.unreadableFiles += 1
            failure = .input(error)
            break reading
          } catch {
            preconditionFailure("TraceReader throws TraceError or FileError, not \(error)")
          }
          guard let kind else {
            if let error = Self.outputFailure(observers) { failure = .output(error) }
            break reading
          }
          switch kind {
          case .blank:
            shared.blankLines += 1
          case .note:
            shared.notes += 1
            if options.reportsNotes { notes.report(reader.note!, report) }
          case .header:
            shared.headers += 1
            header = reader.header
          case .otherShard:
            preconditionFailure("a fan-out reads no shard")
          case .event:
            uncounted += 1
            if uncounted == 4096 {
              options.progress?.add(uncounted)
              uncounted = 0
              if let error = Self.outputFailure(observers) {
                failure = .output(error)
                break reading
              }
            }
            if event.session.index > namedSessions || event._stringTouchNumber > namedTouches {
              for k in observers.indices {
                reader.announceNames(
                  sessionsFrom: namedSessions, touchesFrom: namedTouches, to: &observers[k])
              }
              namedSessions = reader.namedSessionCount
              namedTouches = reader.namedTouchCount
            } else if event._stringTouchNumber > 0, case let reused = reader.reusedTouchNumber,
              reused != 0
            {
              let name = reader.name(of: TouchKey.name(reused))!
              for k in observers.indices { observers[k].name(TouchKey.name(reused), name) }
            }
            let imported = reader.isImporting
            var firstError: TraceError?
            var refusedNewSession = false
            rejectedBy.removeAll(keepingCapacity: true)
            for k in states.indices {
              do throws(TraceError) {
                if !states[k].started {
                  let configuration: PageControlConfiguration
                  if let base {
                    configuration = try base.merging(states[k].variant)
                      .resolve(file: reader.name, line: reader.lineNumber)
                  } else {
                    configuration = try options.defaults.merging(header ?? ConfigurationPatch())
                      .merging(options.overrides).merging(states[k].variant)
                      .resolve(file: reader.name, line: reader.lineNumber)
                  }
                  do throws(PageControlError) {
                    states[k].engine = try PageControlEngine(
                      configuration, maximumSessions: options.maximumSessions)
                  } catch {
                    throw reader.error(for: error)
                  }
                  states[k].configuration = configuration
                  states[k].started = true
                  observers[k].begin(configuration, header: header)
                }
                observers[k].eventLine(reader.lineNumber)
                let applied: Bool
                do throws(PageControlError) {
                  // The event shown before its records, as the one-variant loop shows it.
                  applied = try TraceReplay._apply(
                    event, engine: &states[k].engine!, observer: &observers[k])
                } catch {
                  if case .tooManySessions = error,
                    event.session.index == reader.namedSessionCount
                  {
                    refusedNewSession = true
                  }
                  throw reader.error(for: error)
                }
                if applied {
                  states[k].summary.eventsApplied += 1
                } else {
                  states[k].summary.eventsIgnored += 1
                }
                if observesControls, let control = states[k].engine!.control(for: event.session) {
                  observers[k].didHandle(event, control: control)
                }
                if observesTrackedTouches {
                  observers[k].didHandle(
                    event, trackedTouch: states[k].engine!.trackedTouch(for: event.session))
                }
                if observesEventEnds { observers[k].endEvent() }
                states[k].stuckCount = 0
              } catch {
                rejectedBy.append(k)
                if firstError == nil {
                  firstError = error
                  if options.skipsBadLines { report(.skippedLine(error)) }
                }
                if options.skipsBadLines,
                  let stuck = states[k].skip(
                    imported: imported, line: reader.lineNumber, in: reader.name)
                {
                  failure = .input(stuck)
                  break reading
                }
              }
            }
            afterEvent(event, rejectedBy)
            if refusedNewSession {
              // A refused session is forgotten, its name and number (docs/behaviour.md,
              // "Sessions"): the next new session takes the number, and is announced anew.
              reader.forgetNewestSession()
              namedSessions = min(namedSessions, reader.namedSessionCount)
            }
            if let firstError, !options.skipsBadLines {
              failure = .data(firstError)
              break reading
            }
            continue reading
          }
          for k in states.indices { states[k].stuckCount = 0 }
        }
      }
    }

    notes.finish(file: reader.name, report)
    shared.lines = reader.lineNumber
    if reader.isImporting {
      let tally = reader.importTally
      let headers = reader.importedHeaderLines
      shared.isImported = true
      shared.headers += headers
      shared.blankLines += tally.blankLines
      shared.eventLines = tally.eventLines
      shared.droppedLines = tally.droppedLines
      shared.linesWithoutEvent = tally.linesWithoutEvent - headers
      shared.eventsFromLines = tally.eventsFromLines
      shared.eventsAdded = tally.eventsAdded
    }
    return states.map { state in
      var outcome = TraceReplay.Outcome()
      outcome.summary = shared
      outcome.summary.add(state.summary)
      outcome.header = header
      outcome.configuration = state.configuration
      outcome.failure = failure
      return outcome
    }
  }

  /// The first output failure of any observer.
  private static func outputFailure<Observer: ReplayObserver>(
    _ observers: UnsafeMutableBufferPointer<Observer>
  ) -> FileError? {
    for observer in observers { if let failure = observer.outputFailure { return failure } }
    return nil
  }
}

/// One variant of a fan-out: its configuration patch, its engine (made at the first event) and
/// the counts that depend on it.
private struct _VariantState {
  let variant: ConfigurationPatch
  var engine: PageControlEngine?
  /// Whether ``engine`` is made: a flag, so the test per event reads no optional engine.
  var started = false
  var configuration: PageControlConfiguration?
  var summary = ReplaySummary()
  /// The line of the latest bad line and how many errors it has given in a row.
  var stuckLine = -1
  var stuckCount = 0

  init(variant: ConfigurationPatch) { self.variant = variant }

  /// Counts a bad line (an event the engine rejected, if `imported`); the error that stops
  /// the replay when one line keeps failing (``TraceReplay/stuckLimit`` errors in a row).
  mutating func skip(imported: Bool, line: Int, in file: String) -> FileError? {
    if imported { summary.eventsRejected += 1 } else { summary.skippedLines += 1 }
    if line == stuckLine {
      stuckCount += 1
      if stuckCount >= TraceReplay.stuckLimit {
        return FileError(
          .readFailed, path: file, code: 0,
          message: "no progress past line \(line) after \(stuckCount) errors")
      }
    } else {
      stuckLine = line
      stuckCount = 1
    }
    return nil
  }
}
