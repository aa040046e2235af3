import _PageTraceMath

extension PageControl {
  /// The press becomes a scrub: anchored at the finger and the current page (docs/behaviour/scrubbing.md,
  /// "Scrub begin").
  mutating func beginScrub(at t: Double, _ emit: (EngineRecord) -> Void) {
    contact.phase = .scrub
    scrub = _Scrub()
    scrub.anchorPosition = contactPosition
    scrub.anchorPage = currentPage
    scrub.target = currentPage
    setInteraction(.continuous, at: t, emit)  // also drops a pending discrete reset
    updateBackground(at: t, emit)
    timer.pause(at: t)
    follow(scrub.anchorPosition, at: t)
  }

  /// The tracked contact's latest position along the axis, in forward coordinates
  /// (``LayoutDirection/_forward(x:y:)``).
  var contactPosition: Double { configuration.direction._forward(x: contact.x, y: contact.y) }

  /// A move of the finger that scrubs: ``move(x:y:at:_:)`` without its switch on the phase,
  /// for the fast path's most common event.
  @inline(__always)
  mutating func scrubMove(x: Double, y: Double, at t: Double) {
    (contact.x, contact.y) = (x, y)
    let forward = configuration.direction._forward(x: x, y: y)
    contact.velocity.add(time: t, offset: forward)
    // The common case inline, without the call and `follow`'s tests: inside the control, as
    // before. Past an edge, or back inside after one, `follow` out of line.
    if forward >= controlStart && forward <= controlEnd && !scrub.isPastEdge {
      followInsideAnchored(forward, at: t)
    } else {
      follow(forward, at: t)
    }
  }

  /// ``followInside(_:at:)`` for a move of the scrub's finger at `t`, before which nothing is
  /// due (`t < stepDue`), inside the control and anchored.
  @inline(__always)
  mutating func followInsideAnchored(_ position: Double, at t: Double) {
    // Most moves round to the pages moved of the latest sample, so nothing changes: the
    // target is `clamped(anchorPage + pages)` as `followInside` left it (the anchor and the
    // page count change only through `follow`, which sets it again), and so is the step's
    // due time. That is `target == currentPage ? infinity : max(t', lastStep + 1/fps)`,
    // set at an earlier event `t' <= t` (by `followInside`, or by `step` as `lastStep +
    // 1/fps`); nothing is due before `t`, so a finite one is `lastStep + 1/fps`, which is
    // what `max(t, lastStep + 1/fps)` gives again: the clamp and the step's due time are
    // skipped.
    guard
      let pages = scrub.moved.changedPages(position - scrub.anchorPosition, configuration.pitch)
    else { return }
    setTarget(pages: pages, at: t)
  }

  /// Moves the target to follow the latest sample at `position` (the raw coordinate on the axis,
  /// negated for `rtl` and `btt`: ``LayoutDirection/_forward(x:y:)``) and reschedules the pending
  /// step to `max(t, lastStep + interval)` (docs/behaviour/scrubbing.md, "Scrub target", "Scrub stepping"
  /// and "Edge stepping and jog").
  mutating func follow(_ position: Double, at t: Double) {
    // Past an edge exactly when the raw coordinate is beyond the raw edge: on it is inside.
    if position < controlStart || position > controlEnd {
      let distance = position < controlStart ? controlStart - position : position - controlEnd
      scrub.isPastEdge = true
      scrub.edgeDistance = min(distance, configuration.constants.rubberBand)
      scrub.target = position < controlStart ? 0 : lastPage
    } else {
      // Back inside: re-anchor (docs/behaviour/scrubbing.md, "Re-entry after the edge").
      if scrub.isPastEdge {
        scrub.isPastEdge = false
        scrub.edgeDistance = 0
        scrub.anchorPosition = position
        scrub.anchorPage = currentPage
      }
      followInside(position, at: t)
      return
    }
    reschedule(at: t)
  }

  /// ``follow(_:at:)`` for a position inside the control, anchored (not past an edge).
  @inline(__always)
  private mutating func followInside(_ position: Double, at t: Double) {
    setTarget(
      pages: scrub.moved.pages(position - scrub.anchorPosition, configuration.pitch), at: t)
  }

  /// Sets the target `pages` from the anchor page and reschedules the step, inside the
  /// control and anchored (``followInside(_:at:)``).
  @inline(__always)
  private mutating func setTarget(pages: Int, at t: Double) {
    // `&+`: the anchor page is at most `maximumPages` and `_pagesMoved` at most 2^52 pages
    // either way, so the sum cannot overflow and needs no check.
    scrub.target = clamped(scrub.anchorPage &+ pages)
    // `reschedule(at:)`, whose interval is the frame's when not past an edge.
    scrub.stepDue =
      scrub.target == currentPage ? .infinity : max(t, scrub.lastStep + frameInterval)
  }

  /// Schedules the next step for the current target, no earlier than `t`.
  mutating func reschedule(at t: Double) {
    scrub.stepDue =
      scrub.target == currentPage ? .infinity : max(t, scrub.lastStep + stepInterval)
  }

  /// Whether steps count as jogging: past an edge of a windowed control.
  private var isJogging: Bool { scrub.isPastEdge && layout.isWindowed }

  /// `1/fps`; past an edge `max(1/fps, 1/rate)` with the edge-step or jog rate (docs/behaviour/scrubbing.md,
  /// "Scrub stepping" and "Edge stepping and jog").
  var stepInterval: Double {
    let frame = frameInterval
    guard scrub.isPastEdge else { return frame }
    let constants = configuration.constants
    let rate =
      layout.isWindowed
      ? min(constants.jogMaxRate, 2 * _pagetrace_pow(constants.jogBase, scrub.edgeDistance / 5))
      : constants.edgeStepRate
    return max(frame, 1 / rate)
  }

  /// One page toward the target, unanimated (docs/behaviour/scrubbing.md, "Scrub stepping").
  mutating func step(at t: Double, _ emit: (EngineRecord) -> Void) {
    let to = currentPage + (scrub.target > currentPage ? 1 : -1)
    let cause: TransitionCause = isJogging ? .jog : .scrub
    transition(to: to, animated: false, interaction: .continuous, cause: cause, at: t, emit)
    scrub.lastStep = t
    scrub.stepDue = scrub.target == currentPage ? .infinity : t + stepInterval
  }

  /// Ends the scrub on release (with the lift-off velocity) or cancel (`nil`): pending steps
  /// are dropped, a fast release flicks to the end, the interaction returns to `none`.
  mutating func endScrub(velocity: Double?, at t: Double, _ emit: (EngineRecord) -> Void) {
    scrub.stepDue = .infinity
    if let velocity, velocity != 0, abs(velocity) >= configuration.constants.flickVelocity {
      let destination = velocity > 0 ? lastPage : 0
      // A flick to the page shown writes nothing (docs/behaviour/scrubbing.md, "Flick").
      if destination != currentPage {
        transition(
          to: destination, animated: false, interaction: .continuous, cause: .flick, at: t, emit)
      }
    }
    contact.phase = .idle
    setInteraction(.none, at: t, emit)
    updateBackground(at: t, emit)
    if configuration.voiceOver { announce(at: t, emit) }
    timer.resume(at: t)
  }
}

/// `round(distance / pitch)`, half away from zero: the pages a scrub moves (docs/behaviour/scrubbing.md,
/// "Scrub target"), whose sum with the anchor page is formed before it is clamped. A free
/// function: as a method it took a copy of the whole control on every move.
@inline(__always)
func _pagesMoved(_ distance: Double, _ pitch: Double) -> Int {
  // Clamped as a double only so that no value can trap: beyond ±2^52 pages every sum with an
  // anchor page (at most the page limit) clamps to the same end.
  let limit = 0x1p52
  return _roundedHalfAwayFromZero(min(max(distance / pitch, -limit), limit))
}

/// `x.rounded()` as an `Int`, for `|x| < 2^62`, without a call to libm's `round`.
///
/// `x - trunc(x)` is exact, so comparing it with ±0.5 decides halves exactly.
@inline(__always)
func _roundedHalfAwayFromZero(_ x: Double) -> Int {
  let whole = Int(x)  // truncates toward zero
  let fraction = x - Double(whole)
  // `|whole| < 2^62`, so `whole ± 1` cannot overflow: no checks.
  return fraction >= 0.5 ? whole &+ 1 : fraction <= -0.5 ? whole &- 1 : whole
}
