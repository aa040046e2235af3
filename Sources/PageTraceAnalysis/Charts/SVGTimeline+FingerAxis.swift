extension SVGTimeline {
  /// The finger coordinates the finger band draws (`pagetrace render --axis`).
  ///
  /// The control's own axis is measured from its leading edge in the direction of page
  /// advance; the other axis from the control's top edge downwards (`y` of a horizontal
  /// control) or its left edge rightwards (`x` of a vertical control). So `y` on a horizontal
  /// control shows a vertical scroll that `x` draws as a flat line.
  ///
  /// ```swift
  /// var timeline = SVGTimeline(configuration: configuration, session: nil)
  /// timeline.fingerAxis = .both  // x solid, y dashed
  /// ```
  public enum FingerAxis: String, Sendable, Hashable, CaseIterable {
    /// The horizontal coordinate.
    case x
    /// The vertical coordinate.
    case y
    /// Both: `x` as solid lines, `y` as dashed ones.
    case both
  }

  /// The coordinates drawn, in order (`x` before `y`), with their axis names.
  var _fingerCoordinates: [(name: String, coordinate: _FingerCoordinate)] {
    let vertical = configuration.direction.isVertical
    let x = (name: "x", coordinate: vertical ? _FingerCoordinate.across : .along)
    let y = (name: "y", coordinate: vertical ? _FingerCoordinate.along : .across)
    switch fingerAxis {
    case .x: return [x]
    case .y: return [y]
    case .both: return [x, y]
    }
  }
}
