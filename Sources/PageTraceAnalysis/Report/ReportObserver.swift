import PageTrace
import PageTraceIO

/// The replay observer of `pagetrace report`: the figures of `stats` by session
/// (``StatisticsObserver``), each session's timeline for the page's player (the finger's
/// samples and the records, within ``Limits``), and the strokes' distributions by class
/// (docs/behaviour/report.md).
///
/// ```swift
/// var observer = ReportObserver()
/// _ = observer.replay("Traces/scrub.jsonl", driver: ReplayDriver()) { print($0) }
/// var report = Report()
/// report.add(observer, name: "scrub.jsonl")
/// print(report.sessionCount)  // 1
/// ```
public struct ReportObserver: ReplayObserver {
  /// How much of the timelines a report keeps, so that the page stays small whatever the input.
  public struct Limits: Sendable {
    /// Finger samples kept per session: past it every other one is let go, and then only
    /// every second, fourth, … sample is kept, so a long session is drawn end to end.
    public var samplesPerSession = 3_000
    /// Records (transitions, interaction states, the background, announcements) kept per
    /// session: past it the timeline ends, and says where.
    public var recordsPerSession = 3_000
    /// Creates the default limits.
    public init() {}
  }

  /// The figures of `stats --by-session`.
  public private(set) var statistics = StatisticsObserver(selection: nil, bySession: true)
  /// Each session's timeline, by session number.
  var timelines: [ReportTimeline?] = []
  /// The strokes' distributions.
  var strokes = StrokeDistributions()
  var classifier = StrokeClassifier(constants: .uikit)
  var configuration = PageControlConfiguration(pages: 0, control: nil)
  let limits: Limits
  /// The timelines still to be kept in this input (a report keeps a bounded number).
  var timelinesLeft: Int

  /// An observer keeping at most `timelines` sessions' timelines, each within `limits`.
  public init(limits: Limits = Limits(), timelines: Int = Report.timelineLimit) {
    self.limits = limits
    timelinesLeft = timelines
  }

  /// Opens `input` through `driver` and replays it into this observer (compiled here, where
  /// the observer's methods are known).
  public mutating func replay(
    _ input: SystemPath, driver: ReplayDriver, options: TraceReplay.Options = .init(),
    report: (ReplayProblem) -> Void
  ) -> ReplayDriver.Outcome {
    driver.replay(input, options: options, observer: &self, report: report)
  }

  /// The input's engine starts: its figures, its classifier and its distributions start.
  public mutating func begin(_ configuration: PageControlConfiguration) {
    self.configuration = configuration
    statistics.begin(configuration)
    classifier = StrokeClassifier(configuration)
    strokes.begin(configuration)
  }

  /// Notes a session's name, for the table of sessions.
  public mutating func name(_ session: SessionID, _ name: String) {
    statistics.name(session, name)
  }

  /// Counts an event, follows its stroke, and adds it to its session's timeline.
  public mutating func willHandle(_ event: EngineEvent) {
    statistics.willHandle(event)
    if classifier._follow(event), let ended = classifier._ended {
      strokes.add(
        ended, kind: ended.kind(constants: classifier.constants, container: classifier.container))
    }
    withTimeline(event.session, at: event.time) { $0.add(event) }
  }

  /// Counts a record, and adds it to its session's timeline.
  public mutating func observe(_ record: EngineRecord) {
    statistics.observe(record)
    withTimeline(record.session, at: record.time) { $0.add(record) }
  }

  /// Updates the timeline of `session`, started at its first event while timelines are left.
  private mutating func withTimeline(
    _ session: SessionID, at time: Double, _ update: (inout ReportTimeline) -> Void
  ) {
    let index = session.index
    if timelines.count <= index {
      timelines.append(contentsOf: repeatElement(nil, count: index + 1 - timelines.count))
    }
    if timelines[index] == nil {
      guard timelinesLeft > 0 else { return }
      timelinesLeft -= 1
      timelines[index] = ReportTimeline(start: time, limits: limits)
    }
    update(&timelines[index]!)
  }
}

/// One session's timeline in a report: the finger's samples (thinned past
/// ``ReportObserver/Limits/samplesPerSession``) and the records (cut past
/// ``ReportObserver/Limits/recordsPerSession``), times as in the trace.
struct ReportTimeline: Sendable {
  /// The time of the session's first event or record.
  var start: Double
  /// The time of its last event or record kept.
  var end: Double
  /// `t, x, y, stroke, phase`: the stroke number counts downs, so lines break between
  /// strokes (a pointer press is a stroke too); the phase is 0 down, 1 move, 2 up or cancel.
  var samples: [(t: Double, x: Double, y: Double, stroke: Int, phase: Int)] = []
  /// Every `stride`-th sample is kept (1, then 2, 4, … once the limit is reached).
  var stride = 1
  var seen = 0
  var strokeCount = 0
  /// The records as JSON arrays: `[0,t,from,to,cause,animated]` (a transition),
  /// `[1,t,state]` (an interaction state), `[2,t,visible]` (the background),
  /// `[3,t,text]` (an announcement).
  var records: [String] = []
  /// Where the records were cut, if they were.
  var cutAt: Double?
  let limits: ReportObserver.Limits

  init(start: Double, limits: ReportObserver.Limits) {
    self.start = start
    end = start
    self.limits = limits
  }

  mutating func add(_ event: EngineEvent) {
    guard cutAt == nil else { return }
    end = max(end, event.time)
    let point: (x: Double, y: Double, phase: Int)
    switch event.action {
    case .touch(let phase, _, let x, let y):
      guard let x, let y else { return }  // a cancel without a place
      if phase == .down { strokeCount += 1 }
      point = (x, y, phase == .down ? 0 : phase == .move ? 1 : 2)
    case .pointer(let phase, let x, let y):
      if phase == .down { strokeCount += 1 }
      point = (x, y, phase == .down ? 0 : phase == .move ? 1 : 2)  // a hover is no press
    default:
      return
    }
    seen += 1
    // Downs and ups are always kept: where a finger is, and whether it is, stays right.
    guard seen % stride == 0 || point.phase != 1 else { return }
    samples.append((event.time, point.x, point.y, strokeCount, point.phase))
    if samples.count >= limits.samplesPerSession {
      // Every other move goes; from now on one in twice as many is kept. Downs and ups stay,
      // unless they alone fill the timeline: then every other sample goes.
      var kept = samples.enumerated().filter { $0.offset % 2 == 1 || $0.element.phase != 1 }
      if kept.count > limits.samplesPerSession * 3 / 4 {
        kept = samples.enumerated().filter { $0.offset % 2 == 1 }
      }
      samples = kept.map(\.element)
      stride *= 2
    }
  }

  mutating func add(_ record: EngineRecord) {
    guard cutAt == nil else { return }
    guard records.count < limits.recordsPerSession else {
      cutAt = record.time
      return
    }
    end = max(end, record.time)
    // Compact: a type code first (``Report/recordTypes``), causes and states by their place
    // in ``Report/causes`` and ``Report/states``, times exact (the player turns pages there).
    let t = JSONText.number(record.time)
    switch record.content {
    case .transition(let transition):
      records.append(
        "[0,\(t),\(transition.from),\(transition.to),\(Report.causes.firstIndex(of: transition.cause)!),\(transition.animated ? 1 : 0)]"
      )
    case .interaction(let state):
      records.append("[1,\(t),\(Report.states.firstIndex(of: state)!)]")
    case .background(visible: let visible):
      records.append("[2,\(t),\(visible ? 1 : 0)]")
    case .announcement(let announcement):
      records.append("[3,\(t),\(JSONText.string(announcement.text))]")
    case .detail:
      break
    }
  }
}
