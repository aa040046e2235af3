/// A behaviour model (docs/behaviour/profiles.md, "Profiles" and "Profile comparison"): which recognizers
/// are on, and their constants.
///
/// Profiles are data, not copies of the reducer: one reducer reads these flags. Start from
/// a built-in profile and change what you need:
///
/// ```swift
/// var profile = Profile.uikit
/// profile.constants.scrubDelay = 0.2      // as `"profile": "uikit", "scrubDelay": 0.2`
/// var custom = Profile.android
/// custom.name = "android-scrub"
/// custom.controlScrub = true              // a new behaviour without new rule code
/// ```
public struct Profile: Sendable, Hashable {
  /// The name used in configuration (`"profile": "uikit"`).
  public var name: String
  /// What a tap on the control does, or `nil` when taps do nothing.
  public var controlTap: TapRule?
  /// Whether a press that cannot scrub is a tap whenever it ends inside the control, however
  /// far it travelled (`true`), or only when it travelled less than `scrubTravel` (`false`).
  public var tapsMayTravel: Bool
  /// Whether a press on the control can become a scrub (docs/behaviour/scrubbing.md, "Scrubbing").
  public var controlScrub: Bool
  /// Whether the swipe rule (docs/behaviour/pointer-and-content-swipe.md, "Content swipe") is evaluated over the control's
  /// own frame first.
  public var controlSwipe: Bool
  /// Whether a drag on the paged content can turn the page (docs/behaviour/pointer-and-content-swipe.md, "Content swipe").
  public var contentSwipe: Bool
  /// Whether a tap on the paged content opens the page's details (a `detail` record).
  public var contentTapShowsDetail: Bool
  /// Whether pointer clicks jump to a dot's page (docs/behaviour/pointer-and-content-swipe.md, "Pointer click").
  public var pointerClick: Bool
  /// Whether dots that do not fit scroll in a window (docs/behaviour/layout.md, "Visible window");
  /// otherwise they are all laid out centred and those outside the frame are clipped.
  public var windowing: Bool
  /// The recognizers' constants.
  public var constants: InteractionConstants

  /// What a tap on the control does.
  public enum TapRule: Sendable, Hashable {
    /// Before or after the current dot: previous or next page, with a `pitch/2` dead zone.
    case dotSide(twoPageToggle: Bool, followUp: Bool)
    /// Straight to the page of the slot under the tap.
    case jumpToSlot
    /// Opens the current page's details.
    case showDetail
  }

  /// Creates a profile from its parts.
  public init(
    name: String, controlTap: TapRule?, tapsMayTravel: Bool, controlScrub: Bool,
    controlSwipe: Bool, contentSwipe: Bool, contentTapShowsDetail: Bool, pointerClick: Bool,
    windowing: Bool, constants: InteractionConstants = .uikit
  ) {
    self.name = name
    self.controlTap = controlTap
    self.tapsMayTravel = tapsMayTravel
    self.controlScrub = controlScrub
    self.controlSwipe = controlSwipe
    self.contentSwipe = contentSwipe
    self.contentTapShowsDetail = contentTapShowsDetail
    self.pointerClick = pointerClick
    self.windowing = windowing
    self.constants = constants
  }

  /// `UIPageControl` of iOS 14 and later (docs/behaviour/profiles.md, "Profile uikit").
  public static let uikit = Profile(
    name: "uikit", controlTap: .dotSide(twoPageToggle: true, followUp: true),
    tapsMayTravel: true, controlScrub: true, controlSwipe: false, contentSwipe: true,
    contentTapShowsDetail: false, pointerClick: true, windowing: true)

  /// The iPhone page indicator (2008) and the iOS 7–13 page control: taps only.
  public static let legacy = Profile(
    name: "legacy", controlTap: .dotSide(twoPageToggle: false, followUp: false),
    tapsMayTravel: true, controlScrub: false, controlSwipe: false, contentSwipe: false,
    contentTapShowsDetail: false, pointerClick: false, windowing: false)

  /// SAP Fiori for iOS: swipes on the control or the content page; taps open details.
  public static let fiori = Profile(
    name: "fiori", controlTap: .showDetail, tapsMayTravel: false, controlScrub: false,
    controlSwipe: true, contentSwipe: true, contentTapShowsDetail: true, pointerClick: false,
    windowing: true)

  /// Android ViewPager2 with TabLayout dots: a tap on a dot jumps to it; content swipes.
  public static let android = Profile(
    name: "android", controlTap: .jumpToSlot, tapsMayTravel: false, controlScrub: false,
    controlSwipe: false, contentSwipe: true, contentTapShowsDetail: false, pointerClick: false,
    windowing: true)

  /// The built-in profiles.
  public static let builtIn: [Profile] = [.uikit, .legacy, .fiori, .android]

  /// The built-in profile with this name.
  public static func named(_ name: String) -> Profile? { builtIn.first { $0.name == name } }
}
