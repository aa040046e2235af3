/// Everything that describes one page control and its paged content (docs/behaviour/configuration.md,
/// "Configuration keys").
///
/// Only `pages` and `control` are required; every other key has its default (docs/behaviour/configuration.md,
/// "Configuration keys"). Without a control the configuration is in **content mode**
/// (docs/behaviour/pointer-and-content-swipe.md, "Content mode"): only content swipes, keys and
/// accessibility actions move the page, and without `pages` the page index is unbounded.
///
/// ```swift
/// var configuration = PageControlConfiguration(
///   pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))
/// configuration.container = Rect(x: 0, y: 0, width: 390, height: 844)
/// configuration.constants.scrubDelay = 0.2
///
/// // A recording of swipes over a photo viewer: no control, no page count.
/// let photos = PageControlConfiguration(pages: nil, control: nil)
/// ```
public struct PageControlConfiguration: Sendable, Hashable {
  /// The behaviour model.
  public var profile: Profile = .uikit
  /// The number of pages, at least 0; `nil` (content mode only) for a page index without
  /// bounds.
  public var pages: Int?
  /// The starting page, clamped into range when there is a page count.
  public var current: Int = 0
  /// The page shown first: ``current`` clamped into `0...pages - 1` (0 without pages), or
  /// ``current`` itself when the index is unbounded.
  public var startingPage: Int {
    guard let pages else { return current }
    return min(max(current, 0), max(pages - 1, 0))
  }
  /// The frame of the control; `nil` for content mode, where no touch is on a control.
  public var control: Rect?
  /// The frame of the paged content; `nil` means no swipe paging, or, in content mode, the
  /// whole plane.
  public var container: Rect?
  /// Whether there is no control: only content swipes, keys and actions move the page.
  public var isContentMode: Bool { control == nil }
  /// The direction in which pages advance.
  public var direction: LayoutDirection = .leftToRight
  /// When the background platter is visible.
  public var style: BackgroundStyle = .automatic
  /// Whether scrubbing is allowed (`allowsContinuousInteraction`).
  public var continuous: Bool = true
  /// Whether the control is hidden, and ignores input, when `pages < 2`.
  public var hidesForSinglePage: Bool = false
  /// Whether the control accepts input.
  public var enabled: Bool = true
  /// The distance between neighbouring indicator centres.
  public var pitch: Double = 16
  /// The inset at both ends along the axis; `nil` means 14, or 0 while the style is minimal.
  public var padding: Double?
  /// The display refresh rate that paces scrub steps.
  public var fps: Double = 120
  /// Whether a screen reader is running (docs/behaviour/keyboard-and-accessibility.md, "Announcements").
  public var voiceOver: Bool = false
  /// The auto-advance timer, if any.
  public var progress: TimerProgress?
  /// Where the control sits on screen (lint only).
  public var placement: Placement = .content
  /// The indicator images by page (`"0"`, `"1"`, …) and `"default"` for the preferred image,
  /// as `setIndicatorImage(_:forPage:)` and `preferredIndicatorImage` (lint only).
  public var indicatorImages: [String: String] = [:]
  /// The recognizer constants: those of ``profile``.
  public var constants: InteractionConstants {
    get { profile.constants }
    set { profile.constants = newValue }
  }

  /// The most pages a control may have (also through `set`), so that page arithmetic can
  /// never overflow and a scrub's steps stay bounded.
  public static let maximumPages = 1 << 20

  /// How far from 0 an unbounded ``current`` may start: every integer up to it is exact in
  /// JSON, and one page per event can never carry the index to overflow.
  public static let maximumUnboundedStart = 1 << 53

  /// Creates a configuration with the defaults of docs/behaviour/configuration.md, "Configuration keys" for
  /// everything but the required keys.
  ///
  /// - Parameters:
  ///   - pages: The number of pages; `nil` only without a control (an unbounded index).
  ///   - control: The control's frame; `nil` for content mode.
  public init(pages: Int?, control: Rect?) {
    self.pages = pages
    self.control = control
  }

  /// Checks every value the engine relies on, so that replay can never trap.
  ///
  /// - Throws: ``PageControlError/invalidConfiguration(_:)`` naming the first bad key.
  public func validate() throws(PageControlError) {
    func check(_ ok: Bool, _ key: String) throws(PageControlError) {
      if !ok { throw .invalidConfiguration(key) }
    }
    try check(pages.map { $0 >= 0 && $0 <= Self.maximumPages } ?? (control == nil), "pages")
    try check(pages != nil || current.magnitude <= Self.maximumUnboundedStart, "current")
    try check(control?._isValid ?? true, "control")
    try check(container?._isValid ?? true, "container")
    try check(pitch.isFinite && pitch > 0, "pitch")
    try check(padding.map { $0.isFinite && $0 >= 0 } ?? true, "padding")
    try check(fps.isFinite && fps > 0, "fps")
    try check(progress?._isValid ?? true, "progress")
    try check(constants._isValid, "constants")
  }
}
