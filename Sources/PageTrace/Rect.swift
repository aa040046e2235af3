/// An axis-aligned rectangle in points: the frame of the control or of the paged content.
///
/// Edges count as inside (docs/behaviour/layout.md, "Inside a frame"):
///
/// ```swift
/// let control = Rect(x: 0, y: 780, width: 390, height: 30)
/// control.contains(x: 390, y: 810)  // true
/// ```
public struct Rect: Sendable, Hashable {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The extent along x, not negative.
  public var width: Double
  /// The extent along y, not negative.
  public var height: Double

  /// Creates a rectangle from its origin and size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Whether the point lies inside the rectangle or on its edge.
  public func contains(x px: Double, y py: Double) -> Bool {
    x <= px && px <= x + width && y <= py && py <= y + height
  }

  /// The empty frame at the origin: the layout of a control that is not there (content mode).
  static let _empty = Rect(x: 0, y: 0, width: 0, height: 0)

  var _isValid: Bool {
    x.isFinite && y.isFinite && width.isFinite && height.isFinite && width >= 0 && height >= 0
  }
}
