import PageTrace

extension TraceReplay {
  /// ``_replayPlainEvents(_:engine:event:observer:summary:uncounted:stuckCount:namedSessions:namedTouches:)``
  /// for an input that ``TraceReader/_readsPlainLines``, inlinable: compiled by
  /// ``_PlainEventHandler/init(for:)`` in the module that knows the observer's type, with the
  /// reader's step (``TraceReader/_nextPlainLine(into:)``) and the handling of each event
  /// (``_handlePlainEvent(_:line:engine:observer:)``) inlined into it. Through the handler's
  /// call for each event (``_PlainEventHandler/handle``), each event paid that call's frame
  /// (registers saved and restored, spills, the call's set-up) and the reader's general step
  /// (its importer, parallel and format tests): `classify` −27 instructions an event, `stats`
  /// −35; Benchmarks/RESULTS.md, sixth round, "frame"). Binary traces, and JSON Lines decoded
  /// ahead in parallel, keep the handler's call.
  ///
  /// It does not throw: a read's error comes back as ``_PlainRun/failed(_:)``. Throwing, it kept
  /// the error register's value in another register and copied it in and out around each of
  /// its three calls an event (`classify` −4 an event, `stats` −6).
  @inlinable
  package static func _plainEventLines<Observer: ReplayObserver & ~Copyable>(
    _ reader: inout TraceReader, engine: inout PageControlEngine, event: inout EngineEvent,
    observer: inout Observer, summary: inout ReplaySummary, uncounted: inout Int,
    stuckCount: inout Int, namedSessions: Int, namedTouches: Int
  ) -> _PlainRun {
    // As in `_plainEvents`: the counts kept here and stored back at the end, with the line
    // number of the reader. Of the events handled, only those the rules ignored (few) are
    // counted; the applied ones are the rest, but a rejected last one. (Counted in `summary`
    // for each event: `classify` +1 an event, `stats` +6.)
    var counted = uncounted
    let countedBefore = counted
    var ignored = 0
    var lastRejected = false
    defer {
      let handled = counted - countedBefore - (lastRejected ? 1 : 0)
      if handled > 0 { stuckCount = 0 }
      summary.eventsApplied += handled - ignored
      summary.eventsIgnored += ignored
      uncounted = counted
      reader._takeLineNumber()
    }
    while true {
      let kind: TraceItemKind?
      let line: Int
      do {
        (kind, line) = try reader._nextPlainLine(into: &event)
      } catch {
        return .failed(error)
      }
      guard kind == .event, counted < 4095, event.session.index <= namedSessions,
        _isPlainTouch(
          event, namedTouches: namedTouches, reusedTouch: reader.decoder.reusedTouchNumber)
      else { return .item(kind) }
      counted += 1
      do throws(PageControlError) {
        if try !_handlePlainEvent(event, line: line, engine: &engine, observer: &observer) {
          ignored += 1
        }
      } catch {
        lastRejected = true
        return .rejected(error)
      }
    }
  }
}
