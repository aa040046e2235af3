import PageTrace
import PageTraceGenerator
import PageTraceTestSupport
import Testing

@testable import PageTraceAnalysis
@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The replay loop's handling of plain events compiled for an observer's type
/// (`TraceReplay._PlainEventHandler`, issue 24), against the loop's own generic code and
/// against a loop of the test's own over the friendly API.
@Suite struct PlainEventHandlerTests {
  /// A trace of `count` generated events in `sessions` sessions, with strokes of string touch
  /// ids that take each other's numbers, an
  /// event whose time goes backwards and one with too many pages (rejected by the engine), one
  /// of a session first met at the end, as JSON Lines and in the binary format; the JSON Lines
  /// have a line that does not decode a quarter of the way in.
  func traceFiles(count: Int, seed: UInt64, sessions: Int) throws -> (
    jsonLines: String, binary: String
  ) {
    print("PlainEventHandlerTests seed \(seed)")
    let generator = TraceGenerator(.init(events: count, seed: seed, sessions: sessions))
    var events = Array(generator)
    // Strokes of string ids in the middle, one after another: each id after the first takes
    // the number the last one freed (a reused number, whose new name the observer must learn
    // before its event), and their moves are plain events once named. Then a rejected event.
    let middle = events[count / 2]
    var strokes: [PageControlEvent] = []
    for (stroke, id) in ["pen", "brush", "pen", "ink", "brush", "pen"].enumerated() {
      for (offset, phase) in [TouchPhase.down, .move, .move, .up].enumerated() {
        strokes.append(
          PageControlEvent(
            time: middle.time, session: middle.session,
            .touch(phase, id: .string(id), x: 100 + Double(offset * 9 + stroke), y: 790)))
      }
    }
    events.insert(contentsOf: strokes, at: count / 2 + 1)
    events.insert(
      PageControlEvent(time: middle.time - 1, session: middle.session, .key(.left)),
      at: count / 2 + 1 + strokes.count)
    // Rejected too: its error quotes the value from the line's bytes.
    let late = events[count * 3 / 4]
    events.insert(
      PageControlEvent(
        time: late.time, session: late.session,
        .set(ProgrammaticChange(pages: PageControlConfiguration.maximumPages + 1))),
      at: count * 3 / 4 + 1)
    events.append(PageControlEvent(time: 1e9, session: "late", .key(.right)))
    let header = ConfigurationPatch(generator.configuration)
    let jsonLines = temporaryPath()
    let binary = temporaryPath()
    for (path, isBinary) in [(jsonLines, false), (binary, true)] {
      let descriptor = open(path, O_WRONLY | O_TRUNC)
      defer { close(descriptor) }
      if isBinary {
        var writer = BinaryTraceWriter(
          descriptor: SystemDescriptor(rawValue: descriptor), name: path)
        writer.writeHeader(header)
        for event in events { writer.write(event) }
        try writer.finish()
      } else {
        var writer = EventWriter(descriptor: SystemDescriptor(rawValue: descriptor), name: path)
        writer.writeHeader(header)
        for event in events { writer.write(event) }
        try writer.flush()
      }
    }
    var lines = contents(of: jsonLines).split(separator: 0x0A, omittingEmptySubsequences: false)
    lines.insert(ArraySlice(#"{"t": 1, "oops"#.utf8), at: count / 4)
    let descriptor = open(jsonLines, O_WRONLY | O_TRUNC)
    writeAll(descriptor, Array(lines.joined(separator: [0x0A])))
    close(descriptor)
    return (jsonLines, binary)
  }

  /// Replays `path` with `_Log`, through a handler made for `handlerType` or none.
  func logged(
    _ path: String, handlerFor handlerType: (any ReplayObserver.Type)?, skipsBadLines: Bool = true
  ) throws -> (log: String, summary: ReplaySummary, failure: String?, reports: [String]) {
    var options = TraceReplay.Options()
    options.skipsBadLines = skipsBadLines
    switch handlerType {
    case nil: break
    case is _Log.Type: options._plainEventHandler = .init(for: _Log.self)
    default: options._plainEventHandler = .init(for: _Other.self)
    }
    var reader = try TraceReader(opening: path)
    var log = _Log()
    var reports: [String] = []
    let outcome = TraceReplay(options).run(&reader, observer: &log) { reports.append("\($0)") }
    return (log.text, outcome.summary, outcome.failure.map { "\($0)" }, reports)
  }

  /// The same calls, in the same order, whether the events go through a handler made for the
  /// observer's type (JSON Lines: the loop compiled with the observer,
  /// `TraceReplay._plainEventLines`; binary: the handler's call for each event), through the
  /// loop's generic code, or through a handler made for another type (which the loop must not
  /// use); and the lines, events, records, controls and fingers are those of a loop over the
  /// friendly API. Without skipping bad lines, the replay stops at the same event with the
  /// same error.
  @Test(arguments: [(UInt64(7), 1), (UInt64(3), 3)])
  func handlerCallsTheObserverAsTheLoopDoes(seed: UInt64, sessions: Int) throws {
    let files = try traceFiles(count: 9_000, seed: seed, sessions: sessions)
    defer {
      unlink(files.jsonLines)
      unlink(files.binary)
    }
    for path in [files.jsonLines, files.binary] {
      let handled = try logged(path, handlerFor: _Log.self)
      let generic = try logged(path, handlerFor: nil)
      let other = try logged(path, handlerFor: _Other.self)
      #expect(handled.log == generic.log, "seed \(seed)")
      // The bad lines skipped, reported with their lines and columns.
      #expect(handled.reports == generic.reports)
      #expect(handled.reports.count == handled.summary.skippedLines)
      #expect(handled.reports.contains { $0.contains("\"set.pages\"") })
      #expect(handled.summary == generic.summary)
      #expect(other.log == generic.log)
      #expect(other.summary == generic.summary)
      #expect(handled.failure == nil && generic.failure == nil)
      #expect(handled.summary.skippedLines == (path == files.jsonLines ? 3 : 2))
      #expect(handled.summary.events > 9_000)

      // Stopped by the bad line (JSON Lines) or the rejected event, with its line and column.
      let stopped = try logged(path, handlerFor: _Log.self, skipsBadLines: false)
      let stoppedGeneric = try logged(path, handlerFor: nil, skipsBadLines: false)
      #expect(stopped.failure != nil)
      #expect(stopped.failure == stoppedGeneric.failure)
      #expect(stopped.log == stoppedGeneric.log)
      #expect(stopped.summary == stoppedGeneric.summary)

      // The friendly API: accepted events only, each before its records.
      var reader = try TraceReader(opening: path)
      var engine: PageControlEngine?
      var expected = ""
      while true {
        let item: TraceItem?
        do {
          item = try reader.next()
        } catch is TraceError {
          continue
        }
        guard let item else { break }
        if case .header(let patch) = item { engine = try PageControlEngine(patch.resolve()) }
        guard case .event(let event, let line) = item else { continue }
        expected += "line \(line)\n"
        var text = "event \(event.time)\n"
        do {
          try engine!.handle(event) { text += "record \($0)\n" }
        } catch {
          continue
        }
        let control = engine!.control(forSession: event.session)!
        text += "page \(control.currentPage)\nfinger \(control.trackedTouch != nil)\nend\n"
        expected += text
      }
      #expect(handled.log == expected)
    }
  }

  /// Classified strokes (`pagetrace classify`'s observer) are the same through the handler
  /// made for `_StrokeObserver` and through the loop's generic code; and
  /// `StrokeClassifier.classify`, which uses the handler, gives them too.
  @Test(arguments: [(UInt64(11), 1), (UInt64(5), 3)])
  func strokesAreTheSameThroughTheHandler(seed: UInt64, sessions: Int) throws {
    let files = try traceFiles(count: 20_000, seed: seed, sessions: sessions)
    defer {
      unlink(files.jsonLines)
      unlink(files.binary)
    }
    for path in [files.jsonLines, files.binary] {
      var results: [[ClassifiedStroke]] = []
      for usesHandler in [true, false] {
        var options = TraceReplay.Options()
        options.skipsBadLines = true
        if usesHandler { options._plainEventHandler = _StrokeObserver.plainEventHandler }
        let sink = _Collector()
        var observer = _StrokeObserver(controlGiven: false, sink: sink)
        var reader = try TraceReader(opening: path)
        let outcome = TraceReplay(options).run(&reader, observer: &observer) { _ in }
        #expect(outcome.failure == nil)
        results.append(sink.strokes)
      }
      var options = TraceReplay.Options()
      options.skipsBadLines = true
      var reader = try TraceReader(opening: path)
      var classified: [ClassifiedStroke] = []
      _ = StrokeClassifier.classify(&reader, options: options) { classified.append($0) }
      #expect(results[0] == results[1], "seed \(seed)")
      #expect(classified == results[1])
      #expect(results[0].count > 500)
      // The strokes of string ids, each named as the trace names it (worked by hand: the
      // inserted strokes, in order), though each id after the first took the number the last
      // one freed.
      let named = results[0].compactMap { stroke -> String? in
        if case .string(let id) = stroke.stroke.id { id } else { nil }
      }
      #expect(named == ["pen", "brush", "pen", "ink", "brush", "pen"])
      #expect(results[0].contains { $0.outcome?.word == .scrub })
    }
  }
}

/// Logs every call the loop makes, with everything it is told.
private struct _Log: ReplayObserver {
  static var observesControls: Bool { true }
  static var observesTrackedTouches: Bool { true }
  static var observesEventEnds: Bool { true }
  var names: [Int32: String] = [:]
  var text = ""
  mutating func name(_ session: SessionID, _ name: String) { names[session.rawValue] = name }
  mutating func eventLine(_ line: Int) { text += "line \(line)\n" }
  mutating func willHandle(_ event: EngineEvent) { text += "event \(event.time)\n" }
  mutating func observe(_ record: EngineRecord) {
    text += "record \(record.named(names[record.session.rawValue]))\n"
  }
  mutating func didHandle(_ event: EngineEvent, control: PageControl) {
    text += "page \(control.currentPage)\n"
  }
  mutating func didHandle(_ event: EngineEvent, trackedTouch: TouchKey?) {
    text += "finger \(trackedTouch != nil)\n"
  }
  mutating func endEvent() { text += "end\n" }
}

/// An observer of another type, whose handler the loop must not use for `_Log`.
private struct _Other: ReplayObserver {}

/// Keeps every stroke handed on.
private final class _Collector: _StrokeSink {
  var strokes: [ClassifiedStroke] = []
  func take(
    _ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    target: StrokeTarget?, outcome: StrokeOutcome?
  ) {
    strokes.append(
      ClassifiedStroke(stroke: stroke, swipeRule: swipeRule, target: target, outcome: outcome))
  }
}
