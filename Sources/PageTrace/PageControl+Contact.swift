extension PageControl {
  // MARK: Routing touches and the pointer to the one contact

  /// Routes a touch; returns whether a rule used it.
  mutating func touch(
    _ phase: TouchPhase, id: TouchKey, x: Double?, y: Double?, at t: Double,
    _ emit: (EngineRecord) -> Void
  ) -> Bool {
    if phase == .down {
      guard let x, let y else { return false }
      return pressDown(.touch(id), x: x, y: y, at: t)
    }
    guard contact.phase != .idle, contact.isTouch(id) else { return false }
    switch phase {
    case .down: break
    case .move: if let x, let y { move(x: x, y: y, at: t, emit) }
    case .up: if let x, let y { release(x: x, y: y, at: t, emit) }
    case .cancel: cancelContact(at: t, emit)
    }
    return true
  }

  /// Routes a pointer event; returns whether a rule used it (a hover never is).
  mutating func pointer(
    _ phase: PointerPhase, x: Double, y: Double, at t: Double,
    _ emit: (EngineRecord) -> Void
  ) -> Bool {
    let pressed = contact.phase != .idle && contact.source == .pointer
    switch phase {
    case .hover:
      return false
    // A pointer press acts only when it goes down inside the control, and only in
    // profiles with pointer clicks (docs/behaviour/, "Pointer press" and "Profile comparison").
    case .down:
      guard configuration.profile.pointerClick, configuration.control?.contains(x: x, y: y) == true
      else {
        return false
      }
      return pressDown(.pointer, x: x, y: y, at: t)
    case .move:
      if pressed { move(x: x, y: y, at: t, emit) }  // otherwise a hover
      return pressed
    case .up:
      if pressed { release(x: x, y: y, at: t, emit) }
      return pressed
    }
  }

  /// Starts tracking a contact unless one is tracked or the control ignores input; returns
  /// whether it did.
  private mutating func pressDown(
    _ source: _Contact.Source, x: Double, y: Double, at t: Double
  ) -> Bool {
    guard contact.phase == .idle, isInteractive else { return false }
    let phase: _Contact.Phase
    if configuration.control?.contains(x: x, y: y) == true {
      phase = .press  // the control wins where the frames overlap
    } else if isOverContent(x: x, y: y),
      configuration.profile.contentSwipe || configuration.profile.contentTapShowsDetail
    {
      phase = .drag
    } else {
      // Outside both frames, or content the profile ignores: never tracked
      // (docs/behaviour/contacts-and-taps.md, "One tracked contact").
      return false
    }
    contact.phase = phase
    contact.source = source
    contact.continuous = allowsContinuousInteraction && configuration.profile.controlScrub
    contact.downTime = t
    contact.pressDue =
      phase == .press && contact.continuous
      ? configuration.constants.scrubBeginTime(downAt: t) : .infinity
    contact.travelledFar = false
    (contact.downX, contact.downY) = (x, y)
    (contact.x, contact.y) = (x, y)
    contact.velocity.reset()
    contact.velocity.add(time: t, offset: configuration.direction._forward(x: x, y: y))
    return true
  }

  /// A move of the tracked contact: a new sample, which may begin or steer a scrub.
  mutating func move(
    x: Double, y: Double, at t: Double, _ emit: (EngineRecord) -> Void
  ) {
    (contact.x, contact.y) = (x, y)
    let forward = configuration.direction._forward(x: x, y: y)
    contact.velocity.add(time: t, offset: forward)
    switch contact.phase {
    case .press, .drag:
      guard !contact.travelledFar,
        configuration.constants.travelBeginsScrub(contact.travel(toX: x, y: y))
      else { return }
      contact.travelledFar = true
      if contact.phase == .press && contact.continuous { beginScrub(at: t, emit) }
    case .scrub:
      follow(forward, at: t)
    case .idle, .ignored:
      break
    }
  }

  /// Whether a point is over the paged content: inside the container, or anywhere in content
  /// mode without one (the whole plane).
  private func isOverContent(x: Double, y: Double) -> Bool {
    guard let container = configuration.container else { return configuration.isContentMode }
    return container.contains(x: x, y: y)
  }

  private mutating func release(
    x: Double, y: Double, at t: Double, _ emit: (EngineRecord) -> Void
  ) {
    let phase = contact.phase
    let travel = contact.travel(toX: x, y: y)
    let short = !contact.travelledFar && !configuration.constants.travelBeginsScrub(travel)
    switch phase {
    case .press where contact.source == .pointer:
      contact.phase = .idle
      if short { jump(toSlotAt: offset(x: x, y: y), cause: .pointer, at: t, emit) }
    case .press:
      contact.phase = .idle
      let profile = configuration.profile
      if profile.controlSwipe {
        // Measured before the call: as its argument, mutating `contact` would copy `self`.
        let velocity = contact.velocity.velocityInPlace(releaseTime: t)
        if let step = Self.swipeStep(
          over: configuration.control, configuration: configuration, downX: contact.downX,
          downY: contact.downY, x: x, y: y, velocity: velocity)
        {
          return turn(by: step, at: t, emit)
        }
      }
      // A press that could scrub is a tap only if short, wherever it ends (docs/behaviour/contacts-and-taps.md,
      // "Tap"); otherwise, by profile, any press ending inside the control, or a short one.
      let isTap =
        contact.continuous || !profile.tapsMayTravel
        ? short : configuration.control?.contains(x: x, y: y) == true
      guard isTap, let rule = profile.controlTap else { return }
      switch rule {
      case .dotSide(let twoPageToggle, let followUp):
        tap(
          x: x, y: y, downTime: contact.downTime, twoPageToggle: twoPageToggle,
          followUp: followUp, at: t, emit)
      case .jumpToSlot:
        jump(toSlotAt: offset(x: x, y: y), cause: .tap, at: t, emit)
      case .showDetail:
        showDetail(at: t, emit)
      }
    case .scrub:
      endScrub(velocity: contact.velocity.velocityInPlace(releaseTime: t), at: t, emit)
    case .drag:
      contact.phase = .idle
      let profile = configuration.profile
      if profile.contentSwipe {
        let velocity = contact.velocity.velocityInPlace(releaseTime: t)
        if let step = Self.swipeStep(
          over: configuration.container, configuration: configuration, downX: contact.downX,
          downY: contact.downY, x: x, y: y, velocity: velocity)
        {
          return turn(by: step, at: t, emit)
        }
      }
      if profile.contentTapShowsDetail && short { showDetail(at: t, emit) }
    case .idle, .ignored:
      contact.phase = .idle
    }
  }

  /// Ends the tracked contact without a gesture; a scrub keeps the page it reached.
  mutating func cancelContact(at t: Double, _ emit: (EngineRecord) -> Void) {
    if contact.phase == .scrub {
      endScrub(velocity: nil, at: t, emit)
    }
    contact.phase = .idle
  }

  // MARK: Gestures

  /// A tap at its up point by the side of the current dot (docs/behaviour/contacts-and-taps.md, "Taps" and "Follow-up
  /// tap"; `legacy` without the two-page toggle and the follow-up rule).
  private mutating func tap(
    x: Double, y: Double, downTime: Double, twoPageToggle: Bool, followUp: Bool, at t: Double,
    _ emit: (EngineRecord) -> Void
  ) {
    let previous = lastTap
    lastTap = nil  // a tap that changes nothing breaks the chain
    guard let pageCount, pageCount >= 2 else { return }
    let constants = configuration.constants
    let destination: Int
    if twoPageToggle && pageCount == 2 {
      destination = 1 - currentPage
    } else if followUp, let previous, downTime - previous.upTime <= constants.followUpWindow,
      _distance(x - previous.x, y - previous.y) <= constants.followUpRadius
    {
      destination = currentPage + previous.direction  // no fallback at the ends
    } else {
      guard let centre = layout.centre(ofPage: currentPage) else { return }
      let u = offset(x: x, y: y)
      let half = configuration.pitch / 2
      destination =
        u < centre - half ? currentPage - 1 : u > centre + half ? currentPage + 1 : currentPage
    }
    guard destination != currentPage, destination >= 0, destination < pageCount else { return }
    let direction = destination > currentPage ? 1 : -1
    discreteChange(to: destination, cause: .tap, at: t, emit)
    lastTap = _TapMemory(upTime: t, x: x, y: y, direction: direction)
  }

  /// Jumps straight to the page whose slot holds the offset: a pointer click (docs/behaviour/pointer-and-content-swipe.md,
  /// "Pointer click") or an `android` tap on a dot (docs/behaviour/profiles.md, "Profile comparison").
  private mutating func jump(
    toSlotAt offset: Double, cause: TransitionCause, at t: Double,
    _ emit: (EngineRecord) -> Void
  ) {
    guard let page = layout.page(atOffset: offset), page != currentPage else { return }
    discreteChange(to: page, cause: cause, at: t, emit)
  }

  /// The swipe rule (docs/behaviour/, "Swipe rule" and "Velocity") over a frame, for the
  /// contact that went down at `(downX, downY)` and ends at `(x, y)` with the lift-off
  /// `velocity`: `+1` for the next page (the finger moved backwards), `-1` for the previous
  /// one, `nil` if the drag is not a swipe.
  ///
  /// Static: as a method, called from the mutating `release`, it took a copy of the whole
  /// control (more than 1 KB) at every swipe-rule release.
  ///
  /// Without a frame (content mode's whole plane) only the velocity rule can apply.
  private static func swipeStep(
    over frame: Rect?, configuration: PageControlConfiguration, downX: Double, downY: Double,
    x: Double, y: Double, velocity: Double
  ) -> Int? {
    let direction = configuration.direction
    let along = direction._forward(x: x, y: y) - direction._forward(x: downX, y: downY)
    let across = direction._cross(x: x, y: y) - direction._cross(x: downX, y: downY)
    return configuration.constants.swipeStep(
      along: along, across: across, velocity: velocity,
      frameLength: frame.map { direction._axis(of: $0).length })
  }

  /// One page by a swipe; a swipe at the first or last page writes nothing (docs/behaviour/profiles.md,
  /// "Profile comparison").
  private mutating func turn(by step: Int, at t: Double, _ emit: (EngineRecord) -> Void) {
    let destination = currentPage + step
    guard holds(destination) else { return }
    discreteChange(to: destination, cause: .swipe, at: t, emit)
  }

  /// Opens the current page's details (`fiori`); nothing without pages (docs/behaviour/profiles.md, "Profile
  /// comparison").
  private func showDetail(at t: Double, _ emit: (EngineRecord) -> Void) {
    guard pageCount != 0 else { return }
    emit(record(.detail(page: currentPage), at: t))
  }
}

@inline(__always)
package func _distance(_ dx: Double, _ dy: Double) -> Double { (dx * dx + dy * dy).squareRoot() }
