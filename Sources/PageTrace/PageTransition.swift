/// A change of the displayed page.
///
/// ```swift
/// PageTransition(from: 0, to: 1, animated: true, interaction: .discrete, cause: .tap)
/// ```
public struct PageTransition: Sendable, Hashable, BitwiseCopyable {
  /// The page before.
  public var from: Int
  /// The page after.
  public var to: Int
  /// Whether the change animates (only discrete causes animate).
  public var animated: Bool
  /// The interaction the change belongs to.
  public var interaction: InteractionState
  /// What made the page change.
  public var cause: TransitionCause

  /// Creates a transition.
  public init(
    from: Int, to: Int, animated: Bool, interaction: InteractionState, cause: TransitionCause
  ) {
    self.from = from
    self.to = to
    self.animated = animated
    self.interaction = interaction
    self.cause = cause
  }
}

/// What made the page change (docs/behaviour/output.md, "Record types").
public enum TransitionCause: String, Sendable, Hashable, BitwiseCopyable, CaseIterable {
  /// A tap on the control.
  case tap
  /// One step of a scrub.
  case scrub
  /// One step of a jog past the edge of a windowed control.
  case jog
  /// A flick at the end of a scrub.
  case flick
  /// A pointer click on a dot.
  case pointer
  /// A swipe on the paged content.
  case swipe
  /// A key press.
  case key
  /// An accessibility action.
  case accessibility
  /// The auto-advance timer.
  case timer
  /// A `set` event.
  case program
}

/// The interaction state of the control (docs/behaviour/keyboard-and-accessibility.md, "Discrete state").
public enum InteractionState: String, Sendable, Hashable, BitwiseCopyable, CaseIterable {
  /// Nothing in progress.
  case none
  /// A discrete change is animating.
  case discrete
  /// A scrub is in progress.
  case continuous
}

/// What the screen reader says: `Page X of N`, with X 1-based, or `Page X` while the page index
/// is unbounded (content mode without `pages`).
///
/// Stored as numbers so that producing one allocates nothing; ``text`` renders it.
///
/// ```swift
/// Announcement(page: 2, pageCount: 8).text  // "Page 3 of 8"
/// Announcement(page: 2, pageCount: nil).text  // "Page 3"
/// ```
public struct Announcement: Sendable, Hashable, BitwiseCopyable {
  /// The 0-based page announced.
  public var page: Int
  /// The number of pages; `nil` while the index is unbounded.
  public var pageCount: Int?

  /// Creates an announcement of a 0-based page.
  public init(page: Int, pageCount: Int?) {
    self.page = page
    self.pageCount = pageCount
  }

  /// The spoken text, e.g. `Page 3 of 8`, or `Page 3` without a page count.
  public var text: String {
    guard let pageCount else { return "Page \(page + 1)" }
    return "Page \(page + 1) of \(pageCount)"
  }
}
