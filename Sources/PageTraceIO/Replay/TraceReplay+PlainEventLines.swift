import PageTrace

extension TraceReplay {
  /// ``_replayPlainEvents(_:engine:event:observer:summary:uncounted:stuckCount:namedSessions:namedTouches:)``
  /// for an input that ``TraceReader/_readsPlainLines``, inlinable: compiled by
  /// ``_PlainEventHandler/init(for:)`` in the module that knows the observer's type, with the
  /// reader's step (``TraceReader/_nextPlainLine(into:)``) and the handling of each event
  /// (``_handlePlainEvent(_:line:engine:observer:summary:)``) inlined into it. Through the
  /// handler's call, each event paid that call's frame (registers saved and restored, spills,
  /// the call's set-up): about N instructions an event of `classify`.
  @inlinable
  package static func _plainEventLines<Observer: ReplayObserver & ~Copyable>(
    _ reader: inout TraceReader, engine: inout PageControlEngine, event: inout EngineEvent,
    observer: inout Observer, summary: inout ReplaySummary, uncounted: inout Int,
    stuckCount: inout Int, namedSessions: Int, namedTouches: Int
  ) throws -> _PlainRun {
    // As in `_plainEvents`: the counts kept here and stored back at the end, with the line
    // number of the reader.
    var counted = uncounted
    let countedBefore = counted
    var lastRejected = false
    defer {
      if counted - (lastRejected ? 1 : 0) > countedBefore { stuckCount = 0 }
      uncounted = counted
      reader._takeLineNumber()
    }
    while true {
      let (kind, line) = try reader._nextPlainLine(into: &event)
      guard kind == .event, counted < 4095, event.session.index <= namedSessions,
        event._stringTouchNumber == 0
      else { return .item(kind) }
      counted += 1
      do throws(PageControlError) {
        try _handlePlainEvent(
          event, line: line, engine: &engine, observer: &observer, summary: &summary)
      } catch {
        lastRejected = true
        return .rejected(error)
      }
    }
  }
}
