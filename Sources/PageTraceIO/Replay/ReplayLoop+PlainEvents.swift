import PageTrace

/// The fast path of the replay loop: a tight loop over plain events, those that need nothing
/// of the general loop of ``ReplayLoop/run(_:lanes:report:)``, whose body keeps much state on
/// the stack: an event through it costs about 430 instructions more in JSON Lines and 460 in
/// binary (Benchmarks/RESULTS.md, "The replay core"). ReplayFastPathTests hold it to the
/// general path.
extension ReplayLoop {
  /// How ``runPlainEvents(_:_:_:)`` stopped.
  @usableFromInline
  enum PlainRun {
    /// The item read last, not handled (`nil`: the end of the input): the general loop's.
    case item(TraceItemKind?)
    /// A lane rejected the event read last (``ReplayLanes/rejectedBy`` says which).
    case rejected(PageControlError)
    /// Reading failed.
    case failed(any Error)
  }

  /// Steps every lane through the plain events that come next, until an item that needs
  /// more: anything but an event, an event that brings a name (a session above those
  /// announced, a string touch id new or given a freed number), the event at which the
  /// progress count is due, an event a lane rejects. That item is read but not handled.
  /// Only once every lane has started, without a shard or an importer.
  @inlinable
  mutating func runPlainEvents<Observer: ReplayObserver & ~Copyable, Count: ReplayLaneCount>(
    _ reader: inout TraceReader, _ lanes: inout ReplayLanes<Observer, Count>,
    _ event: inout EngineEvent
  ) -> PlainRun {
    // Each format read its fastest way, each in a function of its own (one function for the
    // three, and the reads were left as calls of closures): a binary trace through its reader,
    // taken out of the trace reader for the run; JSON Lines read line by line; lines decoded
    // ahead.
    if let binary = reader._takeBinaryReader() {
      return runPlainRecords(binary, &reader, &lanes, &event)
    }
    if reader._readsPlainLines { return runPlainLines(&reader, &lanes, &event) }
    return plainEvents(&lanes, &event) { event throws in
      (try reader.next(into: &event), reader.lineNumber)
    } reusedTouch: {
      reader.reusedTouchNumber
    }
  }

  /// ``runPlainEvents(_:_:_:)`` of a binary trace, read through `binary`, its reader.
  @inlinable
  mutating func runPlainRecords<Observer: ReplayObserver & ~Copyable, Count: ReplayLaneCount>(
    _ binary: consuming BinaryTraceReader, _ reader: inout TraceReader,
    _ lanes: inout ReplayLanes<Observer, Count>, _ event: inout EngineEvent
  ) -> PlainRun {
    var binary = binary
    var line = reader.lineNumber
    let run = plainEvents(&lanes, &event) { event throws in
      (try binary.next(into: &event, recordNumber: &line), line)
    } reusedTouch: {
      binary.reusedTouchNumber
    }
    reader._putBack(binary, lineNumber: line)
    return run
  }

  /// ``runPlainEvents(_:_:_:)`` of JSON Lines read line by line.
  @inlinable
  mutating func runPlainLines<Observer: ReplayObserver & ~Copyable, Count: ReplayLaneCount>(
    _ reader: inout TraceReader, _ lanes: inout ReplayLanes<Observer, Count>,
    _ event: inout EngineEvent
  ) -> PlainRun {
    defer { reader._takeLineNumber() }
    return plainEvents(&lanes, &event) { event throws in
      try reader._nextPlainLine(into: &event)
    } reusedTouch: {
      reader.decoder.reusedTouchNumber
    }
  }

  /// The loop of ``runPlainEvents(_:_:_:)`` over one way of reading: `read` decodes the next
  /// item into the event and gives its line; `reusedTouch`, asked only for an event with a
  /// string touch id, gives the number that id took if another id had it before, else 0.
  @inlinable @inline(__always)
  mutating func plainEvents<Observer: ReplayObserver & ~Copyable, Count: ReplayLaneCount>(
    _ lanes: inout ReplayLanes<Observer, Count>, _ event: inout EngineEvent,
    read: (inout EngineEvent) throws -> (kind: TraceItemKind?, line: Int),
    reusedTouch: () -> Int32
  ) -> PlainRun {
    let namedSessions = self.namedSessions
    let namedTouches = self.namedTouches
    // Kept here for the run: through `self`, a load and a store an event.
    var counted = uncounted
    let countedBefore = counted
    var lastRejected = false
    defer {
      uncounted = counted
      // Every event of the run went through every lane, but a rejected last one.
      if counted - (lastRejected ? 1 : 0) > countedBefore { lanes.resetStuckCounts() }
    }
    while true {
      let item: (kind: TraceItemKind?, line: Int)
      do { item = try read(&event) } catch { return .failed(error) }
      guard item.kind == .event, counted < Self.checkInterval - 1,
        event.session.index <= namedSessions,
        case let touch = event._stringTouchNumber,
        touch == 0 || (touch <= namedTouches && reusedTouch() == 0)
      else { return .item(item.kind) }
      counted += 1
      // One look at the action: a move (most events) leaves the fingers down as they are.
      let finger = _FingersDown<_EngineFinger>.change(event)
      if let finger, finger.isDown, fingers.refusesDown(of: finger.finger) {
        lanes.rejectAll(tooManyFingers)
        lastRejected = true
        return .rejected(tooManyFingers)
      }
      if let error = lanes.step(event, line: item.line) {
        lastRejected = true
        return .rejected(error)
      }
      if let finger { fingers.follow(isDown: finger.isDown, finger.finger) }
    }
  }
}
