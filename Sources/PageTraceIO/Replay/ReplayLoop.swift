import PageTrace

/// The one replay loop, behind ``TraceReplay`` (one lane) and ``FanOutReplay`` (a lane per
/// configuration): reads a trace item by item, starts each lane's engine at the first event,
/// hands every event to every lane through the one step (``ReplayLane/step(_:line:observer:)``),
/// and accounts for every line (docs/development.md, "The replay core").
///
/// It is inlinable, so that it is compiled for each observer where the observer's type is
/// known: through the protocol, every call to an observer of another module is a call of a
/// witness, every event. Plain events take the fast path (ReplayLoop+PlainEvents.swift).
@usableFromInline
struct ReplayLoop {
  @usableFromInline let options: TraceReplay.Options
  /// What every lane shares: lines, headers, blank lines, notes, unreadable files, another
  /// shard's events, the importer's terms.
  @usableFromInline var shared = ReplaySummary()
  @usableFromInline var header: ConfigurationPatch?
  @usableFromInline var failure: ReplayFailure?
  @usableFromInline var endedEarly = false
  /// Events not yet added to ``TraceReplay/Options/progress``.
  @usableFromInline var uncounted = 0
  /// The session names and string touch ids the observers have been told: numbers up to these.
  @usableFromInline var namedSessions = 0
  @usableFromInline var namedTouches = 0
  @usableFromInline var notes = _NoteDigest()
  /// With a shard: which sessions are in it, and the others counted against the limit.
  @usableFromInline var shard: ShardSessions?
  /// Whether plain events take the fast path (ReplayLoop+PlainEvents.swift); `false` only in
  /// the test that holds it to the general path.
  @usableFromInline var usesFastPath = true
  /// The fingers down, all sessions together, held to ``_FingersDown/limit``.
  @usableFromInline var fingers = _FingersDown<_EngineFinger>()

  @usableFromInline
  init(_ options: TraceReplay.Options) {
    self.options = options
    shard = options.shard == nil ? nil : ShardSessions(options)
  }

  /// How often the loop adds to the progress count and asks whether to stop, in events.
  @usableFromInline static var checkInterval: Int { 4096 }

  /// Replays everything `reader` hands out through `lanes`; each lane's outcome.
  @inlinable
  mutating func run<Observer: ReplayObserver & ~Copyable, Count: ReplayLaneCount>(
    _ reader: inout TraceReader, lanes: inout ReplayLanes<Observer, Count>,
    report: (ReplayProblem) -> Void
  ) -> [TraceReplay.Outcome] {
    reader.shard = options.shard
    let mayRunPlain = usesFastPath && options.shard == nil && !reader.isImporting
    // Every event is decoded into this one, in place.
    var event = EngineEvent(time: 0, .focus(false))
    reading: while true {
      let read: TraceItemKind?
      do {
        if mayRunPlain && lanes.areStarted {
          switch runPlainEvents(&reader, &lanes, &event) {
          case .item(let kind): read = kind
          case .rejected(let error):
            let rejection = reader.error(for: error)
            guard afterRejection(rejection, of: event, &reader, &lanes, report: report) else {
              break reading
            }
            continue reading
          case .failed(let error): throw error
          }
        } else {
          read = try reader.next(into: &event)
        }
      } catch let error as TraceError {
        guard skip(error, &reader, &lanes, report: report) else { break reading }
        continue reading
      } catch let error as FileError {
        shared.unreadableFiles += 1
        failure = .input(error)
        break reading
      } catch {
        preconditionFailure("TraceReader throws TraceError or FileError, not \(error)")
      }
      guard let kind = read else {
        if let error = lanes.outputFailure { failure = .output(error) }
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
        shared.otherShardEvents += 1
        if let name = TraceReplay.Shard.sessionName(ofLine: reader.lastLineBytes),
          !shard!.countOther(name, engineSessions: lanes.lanes[0].engine.sessionCount),
          !options.skipsBadLines
        {
          failure = .data(reader.errorDecodingAgain(for: tooManySessions))
          break reading
        }
      case .event:
        guard handle(event, &reader, &lanes, report: report) else { break reading }
        continue reading
      }
      lanes.resetStuckCounts()
    }
    options.progress?.add(uncounted)
    uncounted = 0
    return finish(reader, lanes, report: report)
  }

  /// The error of a finger one too many down.
  @usableFromInline var tooManyFingers: PageControlError {
    .tooManyFingersDown(limit: _FingersDown<_EngineFinger>.limit)
  }

  /// The error of a session one too many.
  @usableFromInline var tooManySessions: PageControlError {
    .tooManySessions(limit: options.maximumSessions)
  }

  /// Handles an event the fast path left: counts it, tells the observers new names, and
  /// steps every lane, starting those not started; `false` when the replay ends.
  @inlinable
  mutating func handle<Observer: ReplayObserver & ~Copyable, Count: ReplayLaneCount>(
    _ event: EngineEvent, _ reader: inout TraceReader, _ lanes: inout ReplayLanes<Observer, Count>,
    report: (ReplayProblem) -> Void
  ) -> Bool {
    uncounted += 1
    if uncounted == Self.checkInterval {
      options.progress?.add(uncounted)
      uncounted = 0
      if let error = lanes.outputFailure {
        failure = .output(error)
        return false
      }
      if lanes.areDone {
        endedEarly = true
        return false
      }
    }
    // Names the reader has just met go to the observers before their events. Numbers are
    // handed out in order, so only an event above the last one announced can bring new names.
    if event.session.index > namedSessions || event._stringTouchNumber > namedTouches {
      let isNewSession = event.session.index > namedSessions
      announceNames(reader, to: &lanes)
      if Observer.isDoneAtNewSessions && isNewSession && lanes.areDone {
        endedEarly = true
        return false
      }
    } else if event._stringTouchNumber > 0, case let reused = reader.reusedTouchNumber,
      reused != 0
    {
      // A freed number given to a new string id: the observers learn the new name.
      let touch = TouchKey.name(reused)
      let name = reader.name(of: touch)!
      for k in lanes.observers.indices { lanes.observers[k].name(touch, name) }
    }
    if shard != nil,
      shard!.membership(of: event.session, named: reader.name(of: event.session)) == .other
    {
      shared.otherShardEvents += 1
      lanes.lanes[0].stuckCount = 0
      var name = reader.name(of: event.session)
      let counted = _withUTF8(of: &name) {
        shard!.countOther($0, engineSessions: lanes.lanes[0].engine.sessionCount)
      }
      if !counted && !options.skipsBadLines {
        failure = .data(reader.error(for: tooManySessions))
        return false
      }
      return true
    }
    if fingers.refuses(event) {
      lanes.rejectAll(tooManyFingers)
      return afterRejection(
        reader.error(for: tooManyFingers), of: event, &reader, &lanes, report: report)
    }
    var first: TraceError?
    for k in lanes.lanes.indices {
      var refusal: PageControlError?
      do throws(TraceError) {
        if !lanes.lanes[k].isStarted { try start(k, &lanes, reader, report: report) }
        do throws(PageControlError) {
          // A session new to this shard counts the other shards' sessions too.
          let sessionsBefore = lanes.lanes[k].engine.sessionCount
          if shard?.refuses(event.session, engineSessions: sessionsBefore) == true {
            throw tooManySessions
          }
          try lanes.lanes[k].step(event, line: reader.lineNumber, observer: &lanes.observers[k])
          lanes.lanes[k].stuckCount = 0
          if shard != nil && lanes.lanes[k].engine.sessionCount > sessionsBefore {
            shard!.hold(event.session)
          }
        } catch {
          refusal = error
          throw reader.error(for: error)
        }
      } catch {
        lanes.reject(k, refusal, isFirst: first == nil)
        if first == nil { first = error }
      }
    }
    guard let first else {
      fingers.follow(event)
      if let afterEvent = lanes.afterEvent { afterEvent(event, []) }
      return true
    }
    return afterRejection(first, of: event, &reader, &lanes, report: report)
  }

  /// Starts lane `k`'s engine at the event just read, under the configuration resolved for
  /// it (``TraceReplay/Options/configuration(header:variant:file:line:)``).
  @usableFromInline
  mutating func start<Observer: ReplayObserver & ~Copyable, Count: ReplayLaneCount>(
    _ k: Int, _ lanes: inout ReplayLanes<Observer, Count>, _ reader: borrowing TraceReader,
    report: (ReplayProblem) -> Void
  ) throws(TraceError) {
    let configuration = try options.configuration(
      header: header, variant: lanes.lanes[k].variant, imported: reader.isImporting,
      file: reader.name, line: reader.lineNumber)
    do throws(PageControlError) {
      lanes.lanes[k].engine = try PageControlEngine(
        configuration, maximumSessions: options.maximumSessions)
    } catch {
      throw reader.error(for: error)
    }
    lanes.lanes[k].isStarted = true
    lanes.lanes[k].configuration = configuration
    lanes.observers[k].begin(configuration, header: header)
    if k == 0 && options.reportsNotes && configuration.isContentMode {
      report(.note(Self.contentModeNote(configuration, reader)))
    }
  }

  /// Says that an input replays in content mode, and with which pages: a replay without a
  /// control writes only what content swipes, keys and actions do.
  static func contentModeNote(
    _ configuration: PageControlConfiguration, _ reader: borrowing TraceReader
  ) -> ImportNote {
    let pages =
      configuration.pages.map { "\($0) pages" }
      ?? "pages unbounded from \(configuration.startingPage)"
    func number(_ value: Double) -> String {
      value.rounded() == value && value.magnitude < 1e15 ? "\(Int(value))" : "\(value)"
    }
    let container =
      configuration.container.map {
        "container " + [$0.x, $0.y, $0.width, $0.height].map(number).joined(separator: ",")
      } ?? "the whole plane as container"
    return ImportNote(
      file: reader.name, line: reader.lineNumber,
      message: "content mode (no control): \(pages), \(container)")
  }

  /// Tells every observer the session names and string touch ids met since the last time.
  @usableFromInline
  mutating func announceNames<Observer: ReplayObserver & ~Copyable, Count: ReplayLaneCount>(
    _ reader: borrowing TraceReader, to lanes: inout ReplayLanes<Observer, Count>
  ) {
    let sessions = reader.namedSessionCount
    let touches = reader.namedTouchCount
    for k in lanes.observers.indices {
      for number in namedSessions..<sessions {
        let session = SessionID(Int32(number + 1))
        lanes.observers[k].name(session, reader.name(of: session)!)
      }
      for number in namedTouches..<touches {
        let touch = TouchKey.name(Int32(number + 1))
        lanes.observers[k].name(touch, reader.name(of: touch)!)
      }
    }
    namedSessions = sessions
    namedTouches = touches
  }

  /// After lanes rejected the event just read (``ReplayLanes/rejectedBy``, `error` the first
  /// one's): a refused session is forgotten, its name and number (docs/behaviour/trace-format.md, "Sessions"):
  /// the next new session takes the number and is announced anew; then the event is a bad
  /// line of the lanes that rejected it. `false` when the replay ends.
  @usableFromInline
  mutating func afterRejection<Observer: ReplayObserver & ~Copyable, Count: ReplayLaneCount>(
    _ error: TraceError, of event: EngineEvent, _ reader: inout TraceReader,
    _ lanes: inout ReplayLanes<Observer, Count>, report: (ReplayProblem) -> Void
  ) -> Bool {
    if lanes.refusedSession, event.session.index == reader.namedSessionCount {
      reader.forgetNewestSession()
      namedSessions = min(namedSessions, reader.namedSessionCount)
      shard?.forget(event.session)
    }
    if lanes.rejectedBy.count < lanes.lanes.count {
      fingers.follow(event)  // some lanes applied it
    } else if lanes.refusedFinger {
      reader.forgetTouchDown(event)
    }
    if let afterEvent = lanes.afterEvent { afterEvent(event, lanes.rejectedBy) }
    guard options.skipsBadLines else {
      failure = .data(error)
      return false
    }
    report(.skippedLine(error))
    for k in lanes.rejectedBy {
      if let stuck = lanes.lanes[k].skip(
        imported: reader.isImporting, line: reader.lineNumber, in: reader.name)
      {
        failure = .input(stuck)
        return false
      }
    }
    return true
  }

  /// A line the reader rejected: a bad line of every lane. `false` when the replay ends.
  @usableFromInline
  mutating func skip<Observer: ReplayObserver & ~Copyable, Count: ReplayLaneCount>(
    _ error: TraceError, _ reader: inout TraceReader, _ lanes: inout ReplayLanes<Observer, Count>,
    report: (ReplayProblem) -> Void
  ) -> Bool {
    guard options.skipsBadLines else {
      failure = .data(error)
      return false
    }
    report(.skippedLine(error))
    for k in lanes.lanes.indices {
      if let stuck = lanes.lanes[k].skip(
        imported: false, line: reader.lineNumber, in: reader.name)
      {
        failure = .input(stuck)
        return false
      }
    }
    return true
  }

  /// Each lane's outcome: what the lanes share, and what each one's engine did.
  @usableFromInline
  mutating func finish<Observer: ReplayObserver & ~Copyable, Count: ReplayLaneCount>(
    _ reader: borrowing TraceReader, _ lanes: borrowing ReplayLanes<Observer, Count>,
    report: (ReplayProblem) -> Void
  ) -> [TraceReplay.Outcome] {
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
    return lanes.lanes.map { lane in
      var outcome = TraceReplay.Outcome()
      outcome.summary = shared
      outcome.summary.add(lane.counts)
      outcome.header = header
      outcome.configuration = lane.configuration
      outcome.failure = failure
      outcome.endedEarly = endedEarly
      return outcome
    }
  }
}

/// Calls `body` with the UTF-8 bytes of an optional name.
@usableFromInline
func _withUTF8<Result>(
  of name: inout String?, _ body: (UnsafeRawBufferPointer?) -> Result
) -> Result {
  guard var string = name else { return body(nil) }
  defer { name = string }
  return string.withUTF8 { body(UnsafeRawBufferPointer($0)) }
}
