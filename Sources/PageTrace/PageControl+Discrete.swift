extension PageControl {
  /// A discrete change: animated, interaction `discrete` until `animationDuration` after the
  /// latest one; announced for accessibility, or for everything under VoiceOver (docs/behaviour/,
  /// "Discrete state", "Announcements" and "Records of one change": transition, interaction,
  /// announcement).
  mutating func discreteChange(
    to page: Int, cause: TransitionCause, at t: Double, _ emit: (EngineRecord) -> Void
  ) {
    transition(to: page, animated: true, interaction: .discrete, cause: cause, at: t, emit)
    setInteraction(.discrete, at: t, emit)
    resetDue = t + configuration.constants.animationDuration
    if configuration.voiceOver || cause == .accessibility { announce(at: t, emit) }
  }

  /// Keys act while the control has focus, in the visual direction (docs/behaviour/keyboard-and-accessibility.md, "Keyboard"
  /// and "Key directions"). Returns whether the key was used: with focus (or `tab`), not during a
  /// scrub.
  mutating func press(_ key: Key, at t: Double, _ emit: (EngineRecord) -> Void) -> Bool {
    guard isInteractive else { return false }
    let direction = configuration.direction
    let destination: Int
    switch key {
    case .tab:
      hasFocus = true
      return true
    // An unbounded index has no first or last page: home and end do nothing.
    case .home: destination = pageCount == nil ? currentPage : 0
    case .end: destination = pageCount == nil ? currentPage : lastPage
    case .space: destination = currentPage + 1
    case .right: destination = currentPage + (direction == .rightToLeft ? -1 : 1)
    case .left: destination = currentPage + (direction == .rightToLeft ? 1 : -1)
    case .down: destination = currentPage + (direction == .bottomToTop ? -1 : 1)
    case .up: destination = currentPage + (direction == .bottomToTop ? 1 : -1)
    }
    guard hasFocus, !isScrubbing else { return false }
    if destination != currentPage, holds(destination) {
      discreteChange(to: destination, cause: .key, at: t, emit)
    }
    return true
  }

  /// Accessibility actions step one page, never wrapping (docs/behaviour/keyboard-and-accessibility.md, "Accessibility
  /// actions"). Returns whether the action was used: not while disabled, hidden or scrubbing.
  mutating func perform(
    _ action: AccessibilityAction, at t: Double, _ emit: (EngineRecord) -> Void
  ) -> Bool {
    guard isInteractive, !isScrubbing else { return false }
    let step: Int
    switch action {
    case .increment, .activate, .scrollForward: step = 1
    case .decrement, .scrollBackward: step = -1
    }
    let destination = currentPage + step
    if holds(destination) {
      discreteChange(to: destination, cause: .accessibility, at: t, emit)
    }
    return true
  }
}
