/// The state of a scrub in progress (docs/behaviour.md, "Scrubbing", "Scrub stepping" and "Re-entry
/// after the edge").
struct _Scrub: Sendable, Hashable {
  /// Where the finger was when the anchor was set: its raw coordinate on the control's axis,
  /// negated for `rtl` and `btt` (``LayoutDirection/_forward(x:y:)``), so that the difference
  /// from a later sample is that of the raw coordinates (docs/behaviour.md, "Scrub target").
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
}
