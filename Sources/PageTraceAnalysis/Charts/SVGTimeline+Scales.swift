import PageTrace

// The geometry of the timeline: where things go on the page, which part of the session is
// drawn, and the three axes (time, finger position, page).

// MARK: - Layout and colours

/// Page geometry, in px.
enum _Layout {
  static let width = 1000.0
  static let left = 64.0
  static let right = 976.0
  static let fingerTop = 84.0
  static let fingerBottom = 284.0
  static let pageTop = 312.0
  static let pageBottom = 472.0
  static let backgroundTop = 494.0
  static let backgroundBottom = 504.0
  static let axis = 514.0
  static let legendTop = 564.0
  static let height = 628.0
  /// The id of the clip path that keeps finger lines inside their plot.
  static let fingerClip = "finger-plot"
}

/// The colour of each transition cause (Tableau 10, yellow darkened for contrast on white).
func _colour(of cause: TransitionCause) -> String {
  switch cause {
  case .tap: "#4e79a7"
  case .scrub: "#f28e2b"
  case .jog: "#e15759"
  case .flick: "#76b7b2"
  case .pointer: "#59a14f"
  case .swipe: "#c9a227"
  case .key: "#b07aa1"
  case .accessibility: "#ff9da7"
  case .timer: "#9c755f"
  case .program: "#6b6b6b"
  }
}

let _touchColour = "#1f4e9c"
let _pointerColour = "#c2187a"
let _discreteFill = "#fbe3c0"
let _continuousFill = "#d3e5f6"
let _backgroundColour = "#8a96a3"

// MARK: - Time

/// The time axis: the stretch of trace time drawn, and the session's first event as its zero.
struct _TimeScale {
  /// The trace time of the session's first event (or record): 0 s on the axis.
  let origin: Double
  /// The first instant drawn, in trace time.
  let start: Double
  /// The last instant drawn, in trace time.
  let end: Double

  /// The session's own span with a 2% margin on each side, or the window's edges exactly
  /// where the window gives them.
  init(first: Double, last: Double, windowStart: Double?, windowEnd: Double?) {
    let empty = first > last
    let zero = empty ? 0 : first
    origin = zero
    let from = zero + (windowStart ?? 0)
    var to = windowEnd.map { zero + $0 } ?? (empty ? 1 : last)
    // At least 10 ms, and more than rounding can swallow: at t = 1e15 s, adding 0.01 changes
    // nothing, and a zero span would divide by zero.
    to = max(to, from + max(0.01, from.magnitude.ulp * 64))
    let pad = (to - from) * 0.02
    start = windowStart == nil ? from - pad : from
    end = windowEnd == nil ? to + pad : to
  }

  var span: Double { end - start }

  /// The x of a trace time.
  func x(_ t: Double) -> Double {
    _Layout.left + (t - start) / span * (_Layout.right - _Layout.left)
  }

  /// Whether a trace time is drawn.
  func contains(_ t: Double) -> Bool { t >= start && t <= end }

  /// A time for a tooltip: seconds since the session's first event, and the trace time in
  /// brackets when the session does not start at 0, e.g. `0.166 s (t 1.166)`.
  func stamp(_ t: Double) -> String {
    let relative = "\(_fmt(t - origin, 3)) s"
    return origin == 0 ? relative : "\(relative) (t \(_fmt(t, 3)))"
  }
}

// MARK: - What is drawn

/// The part of a timeline that falls in the drawn stretch of time, and the state (page,
/// interaction, platter) that the stretch starts with.
struct _View {
  let time: _TimeScale
  /// The transitions drawn, in time order.
  let transitions: [(time: Double, transition: PageTransition)]
  /// The page when the drawing starts.
  let initialPage: Int
  /// The interaction state when the drawing starts, and its changes drawn.
  let interactions: (initial: InteractionState, changes: [(time: Double, state: InteractionState)])
  /// The platter's visibility when the drawing starts, and its changes drawn.
  let backgrounds: (initial: Bool, changes: [(time: Double, state: Bool)])
  /// The strokes drawn, each with the samples drawn: those in the stretch and one more on
  /// each side, so lines run on to the plot's edges (where the clip path cuts them).
  let strokes: [(stroke: _Stroke, samples: Range<Int>)]

  init(_ timeline: SVGTimeline) {
    let time = _TimeScale(
      first: timeline._firstTime, last: timeline._lastTime, windowStart: timeline.windowStart,
      windowEnd: timeline.windowEnd)
    self.time = time
    let all = _sortedByTime(timeline._transitions) { $0.time }
    let before = all.last { $0.time < time.start }
    initialPage = before?.transition.to ?? timeline.configuration.startingPage
    transitions = all.filter { time.contains($0.time) }
    let interactions = _sortedByTime(timeline._interactions) { $0.time }
    self.interactions = (
      interactions.last { $0.time < time.start }?.state ?? InteractionState.none,
      interactions.filter { time.contains($0.time) }
    )
    let backgrounds = _sortedByTime(timeline._backgrounds) { $0.time }
    let visibleBefore =
      backgrounds.last { $0.time < time.start }?.visible
      ?? (timeline.configuration.style == .prominent)
    self.backgrounds = (
      visibleBefore,
      backgrounds.filter { time.contains($0.time) }.map { (time: $0.time, state: $0.visible) }
    )
    var strokes: [(stroke: _Stroke, samples: Range<Int>)] = []
    for stroke in timeline._strokes {
      let times = stroke.times
      guard times[0] <= time.end, times[times.count - 1] >= time.start else { continue }
      var lower = 0
      while lower + 1 < times.count && times[lower + 1] <= time.start { lower += 1 }
      var upper = times.count - 1
      while upper > lower && times[upper - 1] >= time.end { upper -= 1 }
      strokes.append((stroke, lower..<(upper + 1)))
    }
    self.strokes = strokes
  }

  /// The lowest and highest page the drawing shows: the page it starts with and every
  /// transition's pages.
  var visitedPages: ClosedRange<Int> {
    var low = initialPage
    var high = initialPage
    for (_, transition) in transitions {
      low = min(low, transition.from, transition.to)
      high = max(high, transition.from, transition.to)
    }
    return low...high
  }
}

// MARK: - Pages

/// The page axis: every page when there are at most 20, otherwise the pages visited with a
/// margin of a tenth of their range (at least one page) on each side.
struct _PageScale {
  /// The pages at the bottom and the top of the band.
  let low: Int
  let high: Int
  /// The first page of the control: 0, or the lowest visited while the index is unbounded.
  let firstPage: Int
  /// The last page of the control (the largest page count seen, less one), or the highest
  /// visited while the index is unbounded.
  let lastPage: Int

  /// The most pages drawn whole, whatever was visited.
  static let wholeAxisPages = 20

  init(pageCount: Int?, visited: ClosedRange<Int>) {
    let first = pageCount == nil ? min(visited.lowerBound, 0) : 0
    let last = max((pageCount ?? 0) - 1, visited.upperBound, first + 1)
    firstPage = first
    lastPage = last
    if last - first < Self.wholeAxisPages {
      low = first
      high = last
    } else {
      let margin = max(1, (visited.upperBound - visited.lowerBound + 9) / 10)
      low = max(first, visited.lowerBound - margin)
      high = min(last, visited.upperBound + margin)
    }
  }

  /// Whether the band shows only part of the pages.
  var isZoomed: Bool { low > firstPage || high < lastPage }

  /// The y of a page.
  func y(_ page: Int) -> Double {
    let inset = 10.0
    let bottom = _Layout.pageBottom - inset
    let top = _Layout.pageTop + inset
    return bottom - Double(page - low) / Double(high - low) * (bottom - top)
  }

  /// The pages labelled: round multiples, and the ends when they have room.
  var labelledPages: [Int] {
    let step = max(1, Int(_niceStep(Double(high - low), count: 8, minimum: 1)))
    var pages: [Int] = []
    // Rounded up towards +infinity, also for the negative pages of an unbounded index.
    var page = Int((Double(low) / Double(step)).rounded(.up)) * step
    if page - low > step / 2 { pages.append(low) }
    while page <= high {
      pages.append(page)
      page += step
    }
    if let last = pages.last, high - last > step / 2 { pages.append(high) }
    return pages
  }
}

// MARK: - Finger

/// The finger axis: the control and every sample drawn, with a 5% margin.
struct _FingerScale {
  let low: Double
  let high: Double

  /// A scale spanning the control's `ends` and every drawn sample of the `coordinates`.
  init(
    ends: [Double], strokes: [(stroke: _Stroke, samples: Range<Int>)],
    coordinates: [_FingerCoordinate]
  ) {
    // Without a control (content mode) the samples alone set the range.
    var lo = ends.min() ?? .infinity
    var hi = ends.max() ?? -.infinity
    for (stroke, samples) in strokes {
      for coordinate in coordinates {
        for p in stroke.values(coordinate)[samples] {
          lo = min(lo, p)
          hi = max(hi, p)
        }
      }
    }
    if !(lo <= hi) { (lo, hi) = (0, 1) }
    if hi - lo < 1 { hi = lo + 1 }
    let margin = (hi - lo) * 0.05
    low = lo - margin
    high = hi + margin
  }

  /// The y of a position along the control.
  func y(_ p: Double) -> Double {
    _Layout.fingerBottom - (p - low) / (high - low) * (_Layout.fingerBottom - _Layout.fingerTop)
  }
}

// MARK: - Helpers

/// The indices of the samples drawn for one stroke, in time order: the first and the last
/// sample, and in each pixel column the samples of the lowest and the highest position. A
/// stroke thus keeps at most two points per pixel column (plus its ends), however long it
/// is and however fast it was sampled, and its envelope is exact at the drawing's resolution.
func _decimate(_ times: [Double], _ positions: [Double], x: (Double) -> Double) -> [Int] {
  let count = times.count
  guard count > 2 else { return Array(0..<count) }
  var kept = [0]
  kept.reserveCapacity(min(count, 2048))
  var column = x(times[1]).rounded(.down)
  var lowest = 1
  var highest = 1
  func flush() {
    let pair = lowest < highest ? (lowest, highest) : (highest, lowest)
    if pair.0 != kept[kept.count - 1] { kept.append(pair.0) }
    if pair.1 != kept[kept.count - 1] { kept.append(pair.1) }
  }
  for i in 2..<(count - 1) {
    let c = x(times[i]).rounded(.down)
    if c != column {
      flush()
      column = c
      lowest = i
      highest = i
    } else if positions[i] < positions[lowest] {
      lowest = i
    } else if positions[i] > positions[highest] {
      highest = i
    }
  }
  flush()
  kept.append(count - 1)
  return kept
}

/// Sorts by time, keeping the feeding order among equal times, only when needed.
func _sortedByTime<Element>(_ items: [Element], _ time: (Element) -> Double) -> [Element] {
  var sorted = true
  var i = 1
  while i < items.count {
    if time(items[i]) < time(items[i - 1]) {
      sorted = false
      break
    }
    i += 1
  }
  if sorted { return items }
  return items.enumerated().sorted {
    let (a, b) = (time($0.element), time($1.element))
    return a < b || (a == b && $0.offset < $1.offset)
  }.map(\.element)
}

/// A round step (1, 2 or 5 times a power of ten, at least `minimum`) giving about `count`
/// intervals over `span`.
func _niceStep(_ span: Double, count: Double, minimum: Double) -> Double {
  let raw = span / count
  guard raw.isFinite, raw > minimum else { return minimum }
  var magnitude = 1.0
  while magnitude * 10 <= raw { magnitude *= 10 }
  while magnitude > raw { magnitude /= 10 }
  for factor in [1.0, 2, 5] where factor * magnitude >= raw { return factor * magnitude }
  return 10 * magnitude
}

/// The multiples of `step` from `low` to `high` (each `k * step` as its `k`), at most `limit`
/// of them: counted rather than stepped, so that a range too large for its place (1e22 s
/// plus 0.01 is 1e22 s) or an infinite one cannot loop for ever.
func _tickMultiples(from low: Double, to high: Double, step: Double, limit: Int = 100)
  -> [Double]
{
  let first = (low / step).rounded(.up)
  let count = (high / step).rounded(.down) - first + 1
  guard count.isFinite, count >= 1 else { return [] }
  return (0..<Int(min(count, Double(limit)))).map { first + Double($0) }
}
