/// The direction in which the pages advance along the control.
///
/// The axis is x for ``leftToRight`` and ``rightToLeft`` and y for the other two.
/// Every rule is written for left-to-right and mirrors for the others:
///
/// ```swift
/// var configuration = PageControlConfiguration(pages: 5, control: frame)
/// configuration.direction = .rightToLeft  // page 0 is the rightmost dot
/// ```
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
  /// Next page to the right (`ltr`; `natural` is a synonym).
  case leftToRight = "ltr"
  /// Next page to the left (`rtl`).
  case rightToLeft = "rtl"
  /// Next page downwards (`ttb`).
  case topToBottom = "ttb"
  /// Next page upwards (`btt`).
  case bottomToTop = "btt"

  /// Whether the pages run along y.
  public var isVertical: Bool { self == .topToBottom || self == .bottomToTop }

  /// The coordinate of a point along the forward direction, up to a constant.
  @inline(__always)
  func _forward(x: Double, y: Double) -> Double {
    switch self {
    case .leftToRight: x
    case .rightToLeft: -x
    case .topToBottom: y
    case .bottomToTop: -y
    }
  }

  /// The coordinate of a point across the axis, up to a constant.
  @inline(__always)
  func _cross(x: Double, y: Double) -> Double { isVertical ? x : y }

  /// A frame's leading and trailing edges in forward coordinates: each is a raw edge (`x` or
  /// `x + width`, that one double sum, docs/behaviour/layout.md "Inside a frame"), negated for `rtl` and
  /// `btt`, so comparing a forward coordinate with them is comparing the raw coordinates.
  func _edges(of frame: Rect) -> (leading: Double, trailing: Double) {
    switch self {
    case .leftToRight: (frame.x, frame.x + frame.width)
    case .rightToLeft: (-(frame.x + frame.width), -frame.x)
    case .topToBottom: (frame.y, frame.y + frame.height)
    case .bottomToTop: (-(frame.y + frame.height), -frame.y)
    }
  }

  /// The leading edge of a frame, in forward coordinates, and its length along the axis.
  func _axis(of frame: Rect) -> (start: Double, length: Double) {
    switch self {
    case .leftToRight: (frame.x, frame.width)
    case .rightToLeft: (-(frame.x + frame.width), frame.width)
    case .topToBottom: (frame.y, frame.height)
    case .bottomToTop: (-(frame.y + frame.height), frame.height)
    }
  }
}
