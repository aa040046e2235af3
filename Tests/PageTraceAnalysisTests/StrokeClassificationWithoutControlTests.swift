import PageTrace
import PageTraceAnalysis
import PageTraceIO
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 22: stroke classification and statistics from the interaction constants alone, and
/// one call to classify a trace. Kinds worked by hand from docs/behaviour/analysis.md, "Stroke
/// classification" (uikit: scrubTravel 16 pt, scrubDelay 0.15 s, swipeDistance 25 pt,
/// swipeVelocity 400 pt/s).
@Suite struct StrokeClassificationWithoutControlTests {
  func touch(_ t: Double, _ phase: TouchPhase, _ id: TouchID, _ x: Double, _ y: Double)
    -> PageControlEvent
  {
    PageControlEvent(time: t, .touch(phase, id: id, x: x, y: y))
  }

  /// Still 0.05 s (tap), still 0.2 s (long press), 90 pt then still for 0.2 s (no release
  /// velocity: a drag, or a swipe when half a 160 pt container is covered).
  var events: [PageControlEvent] {
    [
      touch(0, .down, 1, 10, 10), touch(0.05, .up, 1, 10, 10),
      touch(1, .down, 1, 10, 10), touch(1.2, .up, 1, 10, 10),
      touch(2, .down, 1, 10, 10), touch(2.1, .move, 1, 100, 10), touch(2.3, .up, 1, 100, 10),
    ]
  }

  func kinds(_ classifier: StrokeClassifier) -> [StrokeClassifier.Kind] {
    var classifier = classifier
    var kinds: [StrokeClassifier.Kind] = []
    for event in events { classifier.handle(event) { kinds.append($0.kind) } }
    return kinds
  }

  @Test func constantsAloneClassify() {
    #expect(kinds(StrokeClassifier(constants: .uikit)) == [.tap, .longPress, .drag])
    #expect(StrokeClassifier(constants: .uikit).swipeRule == .velocity)
    var patient = InteractionConstants.uikit
    patient.scrubDelay = 0.5  // the 0.2 s hold is a tap now
    #expect(kinds(StrokeClassifier(constants: patient)) == [.tap, .tap, .drag])
    let container = Rect(x: 0, y: 0, width: 160, height: 800)
    let measured = StrokeClassifier(constants: .uikit, container: container)
    #expect(measured.swipeRule == .container)
    #expect(kinds(measured) == [.tap, .longPress, .swipe])
  }

  @Test func statisticsWithoutAControlCountEventsAndStrokes() {
    var statistics = TraceStatistics(constants: .uikit)
    for event in events { statistics.observe(event) }
    statistics.finish()
    #expect(statistics.events == 7)
    #expect(statistics.strokes == [.tap: 1, .longPress: 1, .drag: 1])
    #expect(statistics.transitions == 0)
    // The whole of the one session, 0 to 2.3 s, on the starting page.
    #expect(statistics.timeOnPage == [0: 2.3])
  }

  func temporaryTrace(_ text: String) -> String {
    var template = Array("/tmp/pagetrace-analysis-test-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    precondition(descriptor >= 0)
    let bytes = Array(text.utf8)
    precondition(
      bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) } == bytes.count)
    close(descriptor)
    return String(cString: template)
  }

  func classify(_ text: String, options: TraceReplay.Options = TraceReplay.Options()) throws
    -> [ClassifiedStroke]
  {
    let path = temporaryTrace(text)
    defer { unlink(path) }
    var reader = try TraceReader(opening: path)
    var strokes: [ClassifiedStroke] = []
    let outcome = StrokeClassifier.classify(&reader, options: options) { strokes.append($0) }
    #expect(outcome.failure == nil)
    return strokes
  }

  /// A tap right of the current dot turns to the next page (docs/behaviour/contacts-and-taps.md, "Dot rule"):
  /// dot 0 of 8 at pitch 16 is centred at 195 − 3.5 × 16 = 139; 300 is past 139 + 8.
  static let taps = """
    {"t":0,"touch":"down","id":1,"x":300,"y":795}
    {"t":0.05,"touch":"up","id":1,"x":300,"y":795}
    {"t":1,"touch":"down","id":2,"x":300,"y":400}
    {"t":1.05,"touch":"up","id":2,"x":300,"y":400}

    """

  @Test func oneCallClassifiesATraceWithOrWithoutAControl() throws {
    let bare = try classify(Self.taps)
    #expect(bare.map(\.stroke.kind) == [.tap, .tap])
    #expect(bare.allSatisfy { $0.target == nil && $0.outcome == nil && $0.swipeRule == .velocity })

    let header = #"{"pagetrace":1,"pages":8,"control":{"x":0,"y":780,"width":390,"height":30}}"#
    let headed = try classify(header + "\n" + Self.taps)
    #expect(headed.map(\.target) == [.control, .outside])
    #expect(
      headed.map(\.outcome) == [
        StrokeOutcome(word: .tap, from: 0, to: 1, transitions: 1), StrokeOutcome.none,
      ])

    // The control from the options instead of a header.
    var options = TraceReplay.Options()
    options.overrides.pages = 8
    options.overrides.control = Rect(x: 0, y: 780, width: 390, height: 30)
    #expect(try classify(Self.taps, options: options).map(\.outcome) == headed.map(\.outcome))
  }

  @Test func targets() {
    let control = Rect(x: 0, y: 780, width: 390, height: 30)
    let container = Rect(x: 0, y: 0, width: 390, height: 844)
    // Where the frames overlap, the control.
    #expect(StrokeTarget(x: 10, y: 790, control: control, container: container) == .control)
    #expect(StrokeTarget(x: 10, y: 400, control: control, container: container) == .content)
    #expect(StrokeTarget(x: 10, y: 400, control: control, container: nil) == .outside)
    #expect(StrokeTarget(x: 500, y: 900, control: control, container: container) == .outside)
  }
}
