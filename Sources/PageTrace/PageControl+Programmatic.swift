extension PageControl {
  /// A `set` event (docs/behaviour/, "Programmatic changes", "Disabled or hidden" and "Set during
  /// a scrub"): `enabled`, `continuous`, `style`, `pages` first, then `current` (clamped); at most
  /// one `program` transition, written as transition, interaction, background (docs/behaviour/time.md,
  /// "Records of one change").
  ///
  /// A change of the page during a scrub ends the scrub silently (docs/behaviour/programmatic-changes.md, "Set during a
  /// scrub"), even when the same `set` also disables or hides the control; otherwise becoming
  /// disabled or hidden cancels the tracked contact as a `cancel` would (docs/behaviour/contacts-and-taps.md,
  /// "Disabled or hidden").
  mutating func apply(
    _ change: ProgrammaticChange, at t: Double, _ emit: (EngineRecord) -> Void
  ) {
    if let enabled = change.enabled { isEnabled = enabled }
    if let continuous = change.continuous { allowsContinuousInteraction = continuous }
    if let newStyle = change.style, newStyle != style {
      style = newStyle
      relayout()  // the default padding depends on the style
    }
    if let pages = change.pages, max(pages, 0) != pageCount {
      pageCount = max(pages, 0)
      relayout()
      // More pages may let a stopped timer go on.
      timer.restartIfStopped(at: t, duration: duration(ofPage: currentPage), paused: isScrubbing)
      // The scrub goes on: its target is recomputed from the finger's latest position with the
      // new count, and a step is due now if it differs (docs/behaviour/programmatic-changes.md, "Set during a scrub").
      if isScrubbing { follow(contactPosition, at: t) }
    }
    let destination = clamped(change.current ?? currentPage)
    if destination != currentPage {
      if isScrubbing {  // ends silently; the rest of the touch is ignored
        scrub.stepDue = .infinity
        contact.phase = .ignored
        timer.resume(at: t)
      }
      transition(
        to: destination, animated: false, interaction: .none, cause: .program, at: t, emit)
      setInteraction(.none, at: t, emit)
    }
    if !isInteractive { cancelContact(at: t, emit) }
    updateBackground(at: t, emit)
  }
}
