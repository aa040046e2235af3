extension PageControl {
  /// A `set` event: `enabled`, `continuous`, `style`, `pages` first, then `current`; at most
  /// one `program` transition; records in the order transition, interaction, background
  /// (SPEC §3.9, D18).
  mutating func apply(
    _ change: ProgrammaticChange, at t: Double, _ emit: (PageControlRecord) -> Void
  ) {
    if let enabled = change.enabled {
      isEnabled = enabled
      if !isInteractive { cancelContact(at: t, emit) }  // SPEC D17
    }
    if let continuous = change.continuous { allowsContinuousInteraction = continuous }
    if let newStyle = change.style, newStyle != style {
      style = newStyle
      relayout()  // the default padding depends on the style
    }
    if let pages = change.pages, max(pages, 0) != pageCount {
      pageCount = max(pages, 0)
      relayout()
      if !isInteractive { cancelContact(at: t, emit) }
      if case .stopped = timer {  // more pages may let a stopped timer go on
        timer = .running(due: t + duration(ofPage: currentPage))
      }
    }
    let destination = clamped(change.current ?? currentPage)
    if isScrubbing {
      scrub.target = clamped(scrub.target)  // fewer pages
      reschedule(at: t)
    }
    if destination != currentPage {
      if isScrubbing {  // the scrub ends silently; the rest of the touch is ignored
        scrub.stepDue = nil
        contact.phase = .ignored
        timer.resume(at: t)
      }
      emit(
        record(
          .transition(
            PageTransition(
              from: currentPage, to: destination, animated: false, interaction: .none,
              cause: .program)),
          at: t))
      show(destination, at: t)
      setInteraction(.none, at: t, emit)
    }
    updateBackground(at: t, emit)
  }
}
