/// The contents of a `set` event (docs/behaviour/programmatic-changes.md, "Programmatic changes" and "Order within a
/// set"): every field is optional.
///
/// `enabled`, `continuous`, `style` and `pages` apply first, then `current` (clamped).
///
/// ```swift
/// let event = PageControlEvent(time: 4, .set(ProgrammaticChange(current: 3)))
/// ```
public struct ProgrammaticChange: Sendable, Hashable, BitwiseCopyable {
  /// The page to show, clamped into range.
  public var current: Int?
  /// The new number of pages; the current page is clamped.
  public var pages: Int?
  /// Whether the control accepts input.
  public var enabled: Bool?
  /// Whether later touches may scrub.
  public var continuous: Bool?
  /// The background style.
  public var style: BackgroundStyle?

  /// Creates a change; `nil` fields stay as they are.
  public init(
    current: Int? = nil, pages: Int? = nil, enabled: Bool? = nil, continuous: Bool? = nil,
    style: BackgroundStyle? = nil
  ) {
    self.current = current
    self.pages = pages
    self.enabled = enabled
    self.continuous = continuous
    self.style = style
  }
}
