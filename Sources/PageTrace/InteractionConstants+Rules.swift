/// The gesture rules that both the reducer and stroke classification apply, written once so
/// the two cannot disagree (docs/behaviour/, "Taps", "Scrub begin" and "Content swipe").
///
/// They are public so that a tool can ask the same questions of its own strokes:
///
/// ```swift
/// let constants = InteractionConstants.uikit
/// constants.holdBeginsScrub(downAt: 1.0, endedAt: 1.2)  // true: held 0.2 s >= 0.15 s
/// constants.travelBeginsScrub(10)                      // false: 10 pt < 16 pt
/// constants.swipeStep(along: -120, across: 5, velocity: -600, frameLength: 390)  // 1 (next)
/// ```
extension InteractionConstants {
  /// When a press that went down at `downTime` has been held long enough to begin a scrub:
  /// the due time `downTime + scrubDelay`, reached at any time `t` with `due <= t`.
  ///
  /// ```swift
  /// InteractionConstants.uikit.scrubBeginTime(downAt: 2)  // 2.15
  /// ```
  @inline(__always)
  public func scrubBeginTime(downAt downTime: Double) -> Double { downTime + scrubDelay }

  /// Whether a press that went down at `downTime` and ended at `t` was held long enough to
  /// begin a scrub (so it is no tap): `downTime + scrubDelay <= t`. A release exactly at the
  /// due time has become a scrub.
  ///
  /// ```swift
  /// InteractionConstants.uikit.holdBeginsScrub(downAt: 0, endedAt: 0.05)  // false: a tap
  /// ```
  @inline(__always)
  public func holdBeginsScrub(downAt downTime: Double, endedAt t: Double) -> Bool {
    scrubBeginTime(downAt: downTime) <= t
  }

  /// Whether a contact that travelled `travel` points from its down point has gone far
  /// enough to begin a scrub (so it is no tap): `travel >= scrubTravel`.
  ///
  /// ```swift
  /// InteractionConstants.uikit.travelBeginsScrub(16)  // true: exactly scrubTravel
  /// ```
  @inline(__always)
  public func travelBeginsScrub(_ travel: Double) -> Bool { travel >= scrubTravel }

  /// The swipe rule: `+1` (next page: the finger moved backwards), `-1` (previous page), or
  /// `nil` when the motion is no swipe.
  ///
  /// The motion must be mostly along the axis (`|along| > |across|`) and either cover half the
  /// frame's length on that axis, or cover `swipeDistance` with a velocity of at least
  /// `swipeVelocity` in the direction of travel. Without a frame (`frameLength` `nil`) only
  /// the velocity part applies.
  ///
  /// ```swift
  /// let constants = InteractionConstants.uikit
  /// constants.swipeStep(along: -200, across: 0, velocity: 0, frameLength: 390)  // 1: half
  /// constants.swipeStep(along: 30, across: 0, velocity: 500, frameLength: nil)  // -1: fast
  /// constants.swipeStep(along: 30, across: 40, velocity: 500, frameLength: nil)  // nil
  /// ```
  ///
  /// - Parameters:
  ///   - along: The displacement along the axis, down point to up point.
  ///   - across: The displacement across it.
  ///   - velocity: The release velocity along the axis, in points per second.
  ///   - frameLength: The frame's length along the axis, or `nil` for no frame.
  public func swipeStep(
    along: Double, across: Double, velocity: Double, frameLength: Double?
  ) -> Int? {
    guard abs(along) > abs(across) else { return nil }
    let towards = velocity * (along > 0 ? 1 : -1)
    let far = frameLength.map { abs(along) >= $0 / 2 } ?? false
    let fast = abs(along) >= swipeDistance && towards >= swipeVelocity
    guard far || fast else { return nil }
    return along < 0 ? 1 : -1
  }
}
