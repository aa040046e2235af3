import Benchmark
import Foundation
import PageTrace
import PageTraceIO

/// End to end on the same ≥ 100 MB generated trace (1.2 million events): our JSON Lines
/// path, our binary path, and the naive Swift pipeline (Foundation `JSONDecoder` into
/// `Codable` structs, the same reducer, `JSONEncoder` for the records).
func replayBenchmarks(smoke: Bool) {
  let events = smoke ? 10_000 : 1_200_000
  nonisolated(unsafe) var jsonl = ""
  nonisolated(unsafe) var binary = ""
  let setup = {
    jsonl = Workloads.trace(events: events, format: .jsonLines)
    binary = Workloads.trace(events: events, format: .binary)
  }

  Benchmark(
    "JSONLinesReplay", configuration: .init(metrics: throughputMetrics, setup: setup)
  ) { benchmark in
    let start = ContinuousClock.now
    blackHole(try Workloads.replay([jsonl]))
    report(benchmark, bytes: Workloads.size(of: jsonl), events: events, from: start)
  }

  Benchmark(
    "BinaryReplay", configuration: .init(metrics: throughputMetrics, setup: setup)
  ) { benchmark in
    let start = ContinuousClock.now
    blackHole(try Workloads.replay([binary]))
    report(benchmark, bytes: Workloads.size(of: binary), events: events, from: start)
  }

  Benchmark(
    "JSONDecoderPipeline",
    configuration: .init(metrics: throughputMetrics, maxIterations: 3, setup: setup)
  ) { benchmark in
    let start = ContinuousClock.now
    blackHole(try NaivePipeline.replay(jsonl))
    report(benchmark, bytes: Workloads.size(of: jsonl), events: events, from: start)
  }
}

/// What a Swift programmer would write first: read the file, decode each line with
/// `JSONDecoder` into `Codable` structs, feed the same reducer, encode records with
/// `JSONEncoder`.
enum NaivePipeline {
  struct Frame: Codable { var x, y, width, height: Double }
  struct Header: Codable {
    var pagetrace: Int?; var pages: Int?; var control: Frame?; var container: Frame?
  }
  struct SetFields: Codable {
    var current, pages: Int?; var enabled, continuous: Bool?; var style: String?
  }
  struct Line: Codable {
    var t: Double?
    var session: String?
    var touch, pointer, key, focus, a11y: String?
    var id: Double?
    var x, y: Double?
    var set: SetFields?
  }
  struct Record: Codable {
    var t: Double
    var type: String
    var session: String?
    var from, to: Int?
    var animated: Bool?
    var interaction, cause, state, text: String?
    var visible: Bool?
    var page: Int?
  }

  static func replay(_ path: String) throws -> Int {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()
    let output = FileHandle(forWritingAtPath: "/dev/null")!
    var engine: PageControlEngine?
    var records = 0
    for line in text.split(separator: "\n") {
      let data = Data(line.utf8)
      if engine == nil, let header = try? decoder.decode(Header.self, from: data),
        header.pagetrace == 1, let pages = header.pages, let control = header.control
      {
        var configuration = PageControlConfiguration(
          pages: pages,
          control: Rect(x: control.x, y: control.y, width: control.width, height: control.height))
        configuration.container = header.container.map {
          Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height)
        }
        engine = try PageControlEngine(configuration)
        continue
      }
      let event = try decoder.decode(Line.self, from: data)
      guard let action = action(of: event), let t = event.t else { continue }
      try engine!.handle(PageControlEvent(time: t, session: event.session, action)) { record in
        records += 1
        output.write(try! encoder.encode(Record(record)) + Data("\n".utf8))
      }
    }
    return records
  }

  static func action(of line: Line) -> PageControlEvent.Action? {
    if let phase = line.touch.flatMap(TouchPhase.init(rawValue:)) {
      return .touch(phase, id: .number(line.id ?? 0), x: line.x, y: line.y)
    }
    if let phase = line.pointer.flatMap(PointerPhase.init(rawValue:)) {
      return .pointer(phase, x: line.x ?? 0, y: line.y ?? 0)
    }
    if let key = line.key.flatMap(Key.init(rawValue:)) { return .key(key) }
    if let focus = line.focus { return .focus(focus == "control") }
    if let action = line.a11y.flatMap(AccessibilityAction.init(rawValue:)) {
      return .accessibility(action)
    }
    if let set = line.set {
      return .set(
        ProgrammaticChange(
          current: set.current, pages: set.pages, enabled: set.enabled, continuous: set.continuous,
          style: set.style.flatMap(BackgroundStyle.init(rawValue:))))
    }
    return nil
  }
}

extension NaivePipeline.Record {
  init(_ record: PageControlRecord) {
    self.init(t: record.time, type: record.type.rawValue, session: record.session)
    switch record.content {
    case .transition(let transition):
      (from, to, animated) = (transition.from, transition.to, transition.animated)
      (interaction, cause) = (transition.interaction.rawValue, transition.cause.rawValue)
    case .interaction(let state): self.state = state.rawValue
    case .background(let visible): self.visible = visible
    case .announcement(let announcement): text = announcement.text
    case .detail(let page): self.page = page
    }
  }
}
