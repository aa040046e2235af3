/// The state of a scrub in progress (docs/behaviour/scrubbing.md, "Scrubbing", "Scrub stepping" and "Re-entry
/// after the edge").
struct _Scrub: Sendable, Hashable {
  /// Where the finger was when the anchor was set: its raw coordinate on the control's axis,
  /// negated for `rtl` and `btt` (``LayoutDirection/_forward(x:y:)``), so that the difference
  /// from a later sample is that of the raw coordinates (docs/behaviour/scrubbing.md, "Scrub target").
  var anchorPosition = 0.0
  /// The page shown when the anchor was set.
  var anchorPage = 0
  /// The page the displayed page moves toward, one step at a time.
  var target = 0
  /// When the latest step happened; `-infinity` before the first.
  var lastStep = -Double.infinity
  /// When the next step is due if the target differs from the displayed page; `infinity`
  /// otherwise.
  var stepDue = Double.infinity
  /// How far past the leading or trailing edge the latest sample was, capped at
  /// `rubberBand`; 0 when inside.
  var edgeDistance = 0.0
  /// Whether the latest sample was past an edge.
  var isPastEdge = false
  /// The latest `_pagesMoved`, kept to skip the rounding while the finger stays within half a
  /// pitch of the same page count.
  var moved = _PagesMoved()
}

/// `_pagesMoved(distance, pitch)` with the latest result kept: a finger that scrubs moves a few
/// points between samples, so most samples round to the same number of pages as the one before.
///
/// `q = distance / pitch` rounds (half away from zero) to `k` whenever `q - k` lies strictly
/// between -0.5 and 0.5, and the computed `q - k` does so only if the exact one does (±0.5
/// are doubles and rounding is monotonic), so the test is exact at any magnitude; a tie or a
/// larger difference takes the full rounding. It is a pure function of `q`: nothing to
/// invalidate when the anchor or the page count changes. (It spares most moves the clamp and
/// the trapping `Int` conversion of the full rounding.)
struct _PagesMoved: Sendable, Hashable {
  /// The latest result, and as a double (exact: at most 2^52 in magnitude).
  private var pages = 0
  private var pagesAsDouble = 0.0

  @inline(__always)
  mutating func pages(_ distance: Double, _ pitch: Double) -> Int {
    changedPages(distance, pitch) ?? pages
  }

  /// ``pages(_:_:)``, or `nil` when it is the latest result.
  @inline(__always)
  mutating func changedPages(_ distance: Double, _ pitch: Double) -> Int? {
    let difference = distance / pitch - pagesAsDouble
    if difference > -0.5 && difference < 0.5 { return nil }
    pages = _pagesMoved(distance, pitch)
    pagesAsDouble = Double(pages)
    return pages
  }
}
