import PageTrace
import PageTraceIO

/// Where a stroke went down: on the control, on the paged content, or outside both (where the
/// frames overlap, the control; docs/behaviour/analysis.md, "Stroke classification").
public enum StrokeTarget: String, Sendable, Hashable, CaseIterable {
  /// The control's frame.
  case control
  /// The container's frame, outside the control's.
  case content
  /// Neither frame.
  case outside

  /// The frame that holds (`x`, `y`). Without a control (content mode) a missing container is
  /// the whole plane: every point is over the content.
  public init(x: Double, y: Double, control: Rect?, container: Rect?) {
    if control?.contains(x: x, y: y) == true {
      self = .control
    } else if let container {
      self = container.contains(x: x, y: y) ? .content : .outside
    } else {
      self = control == nil ? .content : .outside
    }
  }
}

/// One stroke of a trace as ``StrokeClassifier/classify(_:options:stroke:)`` reports it: its
/// shape, and, when the trace's configuration gave a control, what the control made of it.
public struct ClassifiedStroke: Sendable, Hashable {
  /// The stroke and its shape.
  public var stroke: StrokeClassifier.Stroke
  /// Which parts of the swipe rule applied.
  public var swipeRule: StrokeClassifier.SwipeRule
  /// Where it went down; `nil` when no control was configured.
  public var target: StrokeTarget?
  /// What the control made of it; `nil` when no control was configured.
  public var outcome: StrokeOutcome?

  /// Creates a classified stroke.
  public init(
    stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    target: StrokeTarget?, outcome: StrokeOutcome?
  ) {
    self.stroke = stroke
    self.swipeRule = swipeRule
    self.target = target
    self.outcome = outcome
  }
}

extension StrokeClassifier {
  /// Classifies every touch stroke of a trace, as `pagetrace classify` does, calling `stroke`
  /// as each one ends.
  ///
  /// The shape comes from the interaction constants and the container alone. A control is not
  /// needed: when neither the header nor `options.overrides` gives `control`, the trace is
  /// replayed under 0 pages and an empty control (`pages` is 0 unless a source gives it) and
  /// each stroke's ``ClassifiedStroke/target`` and ``ClassifiedStroke/outcome`` are `nil`.
  /// With a control they say where it went down and what that control made of it.
  ///
  /// ```swift
  /// var reader = try TraceReader(opening: "trace.jsonl")
  /// let outcome = StrokeClassifier.classify(&reader) { classified in
  ///   print(classified.stroke.kind, classified.outcome?.word.rawValue ?? "-")
  /// }
  /// if let failure = outcome.failure { print("stopped:", failure) }
  /// ```
  ///
  /// - Parameters:
  ///   - reader: The trace, read to its end (or to the first bad line).
  ///   - options: The replay's options; where ``PageTraceIO/TraceReplay/Options/defaults`` give no
  ///     control, strokes are classified in content mode, without a target unless content mode
  ///     was asked for (an import, or `"control": null`).
  ///   - stroke: Called with each stroke as it ends.
  /// - Returns: What the replay did; a failure stops it after every stroke before it.
  public static func classify(
    _ reader: inout TraceReader, options: TraceReplay.Options = TraceReplay.Options(),
    stroke: (ClassifiedStroke) -> Void
  ) -> TraceReplay.Outcome {
    let (options, controlGiven) = classifying(options, importing: reader.isImporting)
    return withoutActuallyEscaping(stroke) { stroke in
      var observer = _StrokeObserver(controlGiven: controlGiven, sink: _ClosureSink(emit: stroke))
      return TraceReplay(options).run(&reader, observer: &observer) { _ in }
    }
  }

  /// Opens `input` through `driver` and classifies its strokes into `writer`, as `pagetrace
  /// classify` does, calling `report` with each problem (a skipped line, an importer's note).
  /// Options are as for ``classify(_:options:stroke:)``.
  ///
  /// ```swift
  /// let writer = StrokeWriter(descriptor: .standardOutput, name: "<stdout>")
  /// let outcome = StrokeClassifier.classify(
  ///   "Traces/scrub.jsonl", driver: ReplayDriver(), writer: writer
  /// ) { print($0) }
  /// try writer.flush()
  /// ```
  public static func classify(
    _ input: SystemPath, driver: ReplayDriver, options: TraceReplay.Options = .init(),
    writer: StrokeWriter, report: (ReplayProblem) -> Void
  ) -> ReplayDriver.Outcome {
    let (options, controlGiven) = classifying(options, importing: driver.options.importer != nil)
    var observer = _StrokeObserver(controlGiven: controlGiven, sink: writer)
    return driver.replay(input, options: options, observer: &observer, report: report)
  }

  /// The options of a classification: content mode under everything where no default gives a
  /// control (strokes need none); and whether the options settle the frames for every input
  /// (a control, or content mode asked for).
  static func classifying(_ options: TraceReplay.Options, importing: Bool) -> (
    TraceReplay.Options, Bool
  ) {
    var options = options
    let framesGiven =
      importing || options.configuration != nil || options.overrides.control != nil
      || options.overrides.withoutControl == true || options.defaults.control != nil
      || options.defaults.withoutControl == true
    if options.defaults.control == nil { options.defaults.withoutControl = true }
    // A control given without pages: classified as before, under 0 pages.
    if options.defaults.pages == nil
      && (options.overrides.control != nil || options.defaults.control != nil)
    {
      options.defaults.pages = 0
    }
    return (options, framesGiven)
  }
}

/// Where ``_StrokeObserver`` hands each classified stroke.
///
/// A class, so that the observer is not generic over its sink: a generic observer's code,
/// compiled for any sink, read its fields' offsets from the type's metadata, and could not be
/// compiled for `pagetrace classify`'s sink outside this module. A stroke ends every 20 or so
/// events; the call through the protocol is made once a stroke.
package protocol _StrokeSink: AnyObject {
  /// A stroke ended; `target` and `outcome` are `nil` without a control.
  func take(
    _ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    target: StrokeTarget?, outcome: StrokeOutcome?)
}

/// The sink of ``StrokeClassifier/classify(_:options:stroke:)``: the caller's closure.
final class _ClosureSink: _StrokeSink {
  let emit: (ClassifiedStroke) -> Void

  init(emit: @escaping (ClassifiedStroke) -> Void) { self.emit = emit }

  func take(
    _ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    target: StrokeTarget?, outcome: StrokeOutcome?
  ) {
    emit(ClassifiedStroke(stroke: stroke, swipeRule: swipeRule, target: target, outcome: outcome))
  }
}

/// The replay observer that classifies strokes (``StrokeClassifier/classify(_:options:stroke:)``
/// and `pagetrace classify`): each stroke's shape, and what the control made of it when the
/// input has a control (docs/behaviour/analysis.md, "Stroke classification").
package struct _StrokeObserver: ReplayObserver {
  /// Whether the options give a control: then every input has one.
  let controlGiven: Bool
  /// Where the strokes go.
  let sink: any _StrokeSink
  /// The input's classifier once ``swipeRule`` is set (`begin`); not an optional, whose
  /// forced unwrapping on every event read its tag out of line.
  var classifier = StrokeClassifier()
  /// The classifier's swipe rule; `nil` before `begin`.
  var swipeRule: StrokeClassifier.SwipeRule?
  /// The control's frames, for each stroke's target; `nil` when the input has no control.
  var frames: (control: Rect?, container: Rect?)?
  /// What the control made of each stroke.
  var outcomes = StrokeOutcomes()
  var names = TraceNames()
  /// `true`: each event is followed after the engine, in ``didHandle(_:trackedTouch:)``.
  package static var observesTrackedTouches: Bool { true }
  /// `false`: the classifier follows each event after its records
  /// (``didHandle(_:trackedTouch:)``), not before them in ``willHandle(_:)``. Nothing it
  /// keeps depends on the records, nor do the outcomes the records feed depend on it, so the
  /// order changes nothing; and the loop's step need not show the event at its first record
  /// (a flag, a closure that captured the event, and `_follow` compiled twice).
  package static var observesEvents: Bool { false }

  /// An observer for inputs whose options give a control (`controlGiven`) or not.
  package init(controlGiven: Bool, sink: any _StrokeSink) {
    self.controlGiven = controlGiven
    self.sink = sink
  }

  package mutating func begin(
    _ configuration: PageControlConfiguration, header: ConfigurationPatch?
  ) {
    classifier = StrokeClassifier(configuration)
    swipeRule = classifier.swipeRule
    frames =
      controlGiven || header?.control != nil || header?.withoutControl == true
      ? (configuration.control, configuration.container) : nil
  }

  package mutating func name(_ session: SessionID, _ name: String) {
    names.set(name, of: session)
  }

  package mutating func name(_ touch: TouchKey, _ name: String) { names.set(name, of: touch) }

  // The two methods the loop calls for every event are inlined into the loop's step
  // (`ReplayLane.step`), without calls and frames; the rare work is out of line.

  @inline(__always)
  package mutating func observe(_ record: EngineRecord) { outcomes.observe(record) }

  /// Follows `event`, whose records are in: hands on the stroke it ended, if any (a tap, a
  /// flick or a swipe happens at the `up`), then notes the finger the control follows.
  /// (The loop calls this for every event the engine accepts, after `begin`.)
  @inline(__always)
  package mutating func didHandle(_ event: EngineEvent, trackedTouch: TouchKey?) {
    // `_follow`, the stroke built only when one ended: `handle(_:names:)` returned a
    // `Stroke?` (136 bytes) that was copied out for every event.
    if classifier._follow(event) { handOn(event) }
    outcomes.follow(trackedTouch, session: event.session)
  }

  /// Hands the stroke that `event` ended to the sink, classified, with what the control made
  /// of it.
  @inline(never)
  mutating func handOn(_ event: EngineEvent) {
    guard let rule = swipeRule, case .touch(_, let touch, _, _) = event.action else { return }
    let stroke = classifier._endedStroke(session: event.session, names: names)
    let outcome = outcomes.end(session: event.session, touch: touch)
    if let frames {
      let target = StrokeTarget(
        x: stroke.startX, y: stroke.startY, control: frames.control,
        container: frames.container)
      sink.take(stroke, swipeRule: rule, target: target, outcome: outcome)
    } else {
      sink.take(stroke, swipeRule: rule, target: nil, outcome: nil)
    }
  }
}
