import PageTrace
import PageTraceIO

/// How the strokes of a report are distributed, by class: their durations, travel (path
/// length) and peak speeds in bins that double (so a histogram reads on a log scale), and where
/// on the control each one went down, in 20 equal bins along its axis. Counts only: memory does
/// not grow with the strokes, and every count is exact.
struct StrokeDistributions: Sendable {
  /// The lower edges of the duration bins, in seconds: 0, then 0.01 × 2^k.
  static let durationEdges = [0.0] + (0..<14).map { 0.01 * Double(1 << $0) }
  /// The lower edges of the travel bins, in points: 0, then 1 × 2^k.
  static let travelEdges = [0.0] + (0..<14).map { Double(1 << $0) }
  /// The lower edges of the peak speed bins, in points a second: 0, then 10 × 2^k.
  static let speedEdges = [0.0] + (0..<14).map { 10 * Double(1 << $0) }
  /// The bins along the control.
  static let landingBins = 20

  /// By class (``StrokeClassifier/Kind`` order): counts per bin.
  var duration = Self.empty(durationEdges.count)
  var travel = Self.empty(travelEdges.count)
  var speed = Self.empty(speedEdges.count)
  /// Where strokes went down along the control: one more bin each side for outside it.
  var landing = Self.empty(landingBins + 2)
  var control: Rect?
  var vertical = false

  static func empty(_ bins: Int) -> [[Int]] {
    Array(repeating: Array(repeating: 0, count: bins), count: StrokeClassifier.Kind.allCases.count)
  }

  mutating func begin(_ configuration: PageControlConfiguration) {
    if control == nil { control = configuration.control }
    vertical = configuration.direction.isVertical
  }

  mutating func add(_ stroke: _EndedStroke, kind: StrokeClassifier.Kind) {
    let k = kind._index
    duration[k][Self.bin(stroke.end - stroke.start, Self.durationEdges)] += 1
    travel[k][Self.bin(stroke.path, Self.travelEdges)] += 1
    speed[k][Self.bin(stroke.peak, Self.speedEdges)] += 1
    if let control {
      let (position, start, length) =
        vertical
        ? (stroke.startY, control.y, control.height) : (stroke.startX, control.x, control.width)
      let fraction = length > 0 ? (position - start) / length : -1
      let bin =
        fraction < 0
        ? 0 : fraction >= 1 ? Self.landingBins + 1 : 1 + Int(fraction * Double(Self.landingBins))
      landing[k][bin] += 1
    }
  }

  /// The bin of `value` among lower `edges`: the last edge not above it.
  static func bin(_ value: Double, _ edges: [Double]) -> Int {
    guard value.isFinite else { return edges.count - 1 }
    var index = 0
    while index + 1 < edges.count && edges[index + 1] <= value { index += 1 }
    return index
  }

  mutating func merge(_ other: StrokeDistributions) {
    func add(_ a: inout [[Int]], _ b: [[Int]]) {
      for k in a.indices { for i in a[k].indices { a[k][i] += b[k][i] } }
    }
    add(&duration, other.duration)
    add(&travel, other.travel)
    add(&speed, other.speed)
    add(&landing, other.landing)
    if control == nil { control = other.control }
  }

  /// The distributions as a JSON object.
  var json: String {
    func rows(_ counts: [[Int]]) -> String {
      "{"
        + StrokeClassifier.Kind.allCases.map { kind in
          "\(JSONText.string(kind.rawValue)):[\(counts[kind._index].map(String.init).joined(separator: ","))]"
        }.joined(separator: ",") + "}"
    }
    func edges(_ values: [Double]) -> String {
      "[" + values.map(JSONText.number).joined(separator: ",") + "]"
    }
    let members: [String] = [
      "\"duration\":{\"edges\":\(edges(Self.durationEdges)),\"unit\":\"s\",\"counts\":\(rows(duration))}",
      "\"travel\":{\"edges\":\(edges(Self.travelEdges)),\"unit\":\"pt\",\"counts\":\(rows(travel))}",
      "\"peakSpeed\":{\"edges\":\(edges(Self.speedEdges)),\"unit\":\"pt/s\",\"counts\":\(rows(speed))}",
      "\"landing\":{\"bins\":\(Self.landingBins),\"hasControl\":\(control != nil),\"counts\":\(rows(landing))}",
    ]
    return "{" + members.joined(separator: ",") + "}"
  }
}
