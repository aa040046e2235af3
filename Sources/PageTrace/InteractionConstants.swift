/// The constants of the recognizers (docs/behaviour/configuration.md, "Interaction constants"), each overridable
/// per trace.
///
/// Times are in seconds, lengths in points, rates per second.
///
/// ```swift
/// var constants = InteractionConstants.uikit
/// constants.scrubDelay = 0.2  // hold longer before a press becomes a scrub
/// ```
public struct InteractionConstants: Sendable, Hashable {
  /// Hold time after which a press on the control becomes a scrub.
  public var scrubDelay: Double = 0.15
  /// Travel after which a press on the control becomes a scrub.
  public var scrubTravel: Double = 16
  /// Longest gap between a tap's end and the next tap's start for a follow-up tap.
  public var followUpWindow: Double = 0.75
  /// Largest distance between two taps' up points for a follow-up tap.
  public var followUpRadius: Double = 8
  /// How long a discrete change keeps the interaction `discrete`.
  public var animationDuration: Double = 0.3
  /// Lift-off speed along the axis that flicks to the first or last page.
  public var flickVelocity: Double = 800
  /// Pages per second while the finger is past an edge and all dots fit.
  public var edgeStepRate: Double = 8
  /// Base of the jog rate `2 * jogBase^(d/5)` past an edge of a windowed control.
  public var jogBase: Double = 1.6
  /// Highest jog rate in pages per second.
  public var jogMaxRate: Double = 13
  /// Farthest distance past an edge that still speeds up the jog.
  public var rubberBand: Double = 20
  /// Shortest content swipe that can page by velocity.
  public var swipeDistance: Double = 25
  /// Slowest content swipe, along the axis, that pages by velocity.
  public var swipeVelocity: Double = 400

  /// The constants of `UIPageControl` (iOS 14 and later).
  public static let uikit = InteractionConstants()

  /// Creates the `uikit` constants; change any of them afterwards.
  public init() {}

  var _isValid: Bool {
    let all = [
      scrubDelay, scrubTravel, followUpWindow, followUpRadius, animationDuration, flickVelocity,
      edgeStepRate, jogBase, jogMaxRate, rubberBand, swipeDistance, swipeVelocity,
    ]
    return all.allSatisfy { $0.isFinite && $0 >= 0 } && edgeStepRate > 0 && jogBase > 0
      && jogMaxRate > 0
  }
}
