import PageTrace

// A phone in portrait: the control is a 390 × 30 strip at y 780, the content fills the screen.
// With pitch 16 and padding 14 the capacity is floor((390 - 28) / 16) = 22, so 8 pages fit,
// centred at x 195: page p's dot is at 195 + (p - 3.5) * 16, i.e. 139, 155, 171, ..., 251.
package let phoneControl = Rect(x: 0, y: 780, width: 390, height: 30)
package let phoneScreen = Rect(x: 0, y: 0, width: 390, height: 844)

/// The centre x of page `p`'s dot in the 8-page phone layout, written out by hand.
package func dot(_ p: Int) -> Double { 139 + 16 * Double(p) }

package func phone(
  pages: Int = 8, current: Int = 0, _ adjust: (inout PageControlConfiguration) -> Void = { _ in }
) -> PageControlConfiguration {
  var configuration = PageControlConfiguration(pages: pages, control: phoneControl)
  configuration.current = current
  configuration.container = phoneScreen
  adjust(&configuration)
  return configuration
}

package func replay(
  _ configuration: PageControlConfiguration, _ events: [PageControlEvent]
) throws -> [PageControlRecord] {
  var engine = try PageControlEngine(configuration)
  return try engine.records(for: events)
}

/// Only the transitions, for tests about which pages are shown.
package func transitions(
  _ configuration: PageControlConfiguration, _ events: [PageControlEvent]
) throws -> [PageControlRecord] {
  try replay(configuration, events).filter { $0.type == .transition }
}

// MARK: Events

package let y0 = 795.0  // the control's vertical middle

package func down(
  _ t: Double, _ x: Double, _ y: Double = y0, id: TouchID = 1, session: String? = nil
)
  -> PageControlEvent
{ PageControlEvent(time: t, session: session, .touch(.down, id: id, x: x, y: y)) }

package func move(
  _ t: Double, _ x: Double, _ y: Double = y0, id: TouchID = 1, session: String? = nil
)
  -> PageControlEvent
{ PageControlEvent(time: t, session: session, .touch(.move, id: id, x: x, y: y)) }

package func up(_ t: Double, _ x: Double, _ y: Double = y0, id: TouchID = 1, session: String? = nil)
  -> PageControlEvent
{ PageControlEvent(time: t, session: session, .touch(.up, id: id, x: x, y: y)) }

package func cancel(_ t: Double, id: TouchID = 1) -> PageControlEvent {
  PageControlEvent(time: t, .touch(.cancel, id: id, x: nil, y: nil))
}

/// A down and an up at the same point: a tap.
package func tap(_ t: Double, _ x: Double, _ y: Double = y0, hold: Double = 0.05, id: TouchID = 1)
  -> [PageControlEvent]
{ [down(t, x, y, id: id), up(t + hold, x, y, id: id)] }

package func pointer(_ phase: PointerPhase, _ t: Double, _ x: Double, _ y: Double = y0)
  -> PageControlEvent
{
  PageControlEvent(time: t, .pointer(phase, x: x, y: y))
}

package func key(_ t: Double, _ key: Key) -> PageControlEvent {
  PageControlEvent(time: t, .key(key))
}
package func focus(_ t: Double, _ on: Bool = true) -> PageControlEvent {
  PageControlEvent(time: t, .focus(on))
}
package func a11y(_ t: Double, _ action: AccessibilityAction) -> PageControlEvent {
  PageControlEvent(time: t, .accessibility(action))
}
package func set(_ t: Double, _ change: ProgrammaticChange) -> PageControlEvent {
  PageControlEvent(time: t, .set(change))
}

/// An event that changes nothing (a move of a finger nobody tracks, docs/behaviour/contacts-and-taps.md, "One tracked
/// contact"): it only lets time pass so that due work up to `t` is written.
package func idle(_ t: Double) -> PageControlEvent {
  PageControlEvent(time: t, .touch(.move, id: 999, x: 0, y: 0))
}

// MARK: Records, spelled the way docs/behaviour/output.md, "Record types" lists them

package func transition(
  _ t: Double, _ from: Int, _ to: Int, _ cause: TransitionCause, session: String? = nil
) -> PageControlRecord {
  // docs/behaviour/output.md, "Record types": discrete causes animate; scrub, jog and flick are
  // continuous; program is none.
  let interaction: InteractionState
  switch cause {
  case .scrub, .jog, .flick: interaction = .continuous
  case .program: interaction = .none
  default: interaction = .discrete
  }
  return PageControlRecord(
    time: t, session: session,
    .transition(
      PageTransition(
        from: from, to: to, animated: interaction == .discrete, interaction: interaction,
        cause: cause)))
}

package func interaction(_ t: Double, _ state: InteractionState, session: String? = nil)
  -> PageControlRecord
{ PageControlRecord(time: t, session: session, .interaction(state)) }

package func background(_ t: Double, _ visible: Bool) -> PageControlRecord {
  PageControlRecord(time: t, .background(visible: visible))
}

/// `spoken(t, 2, of: 8)` is the record whose text is "Page 2 of 8" (1-based, as spoken).
package func spoken(_ t: Double, _ page: Int, of count: Int) -> PageControlRecord {
  PageControlRecord(time: t, .announcement(Announcement(page: page - 1, pageCount: count)))
}
