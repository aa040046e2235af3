import PageTrace

/// Configuration keys (docs/behaviour/configuration.md, "Configuration keys" and "Interaction constants") as
/// given by one source: the header line, a `--config` file or command-line flags. Every field is
/// optional.
///
/// Sources are combined shallowly (docs/behaviour/configuration.md, "Configuration precedence"): flags over
/// `--config` over the header, a key set in a stronger source replacing the weaker one's value
/// whole (a frame is never mixed from two sources). ``resolve(file:line:)`` (or ``resolve()``)
/// then fills in the defaults of docs/behaviour/configuration.md, "Configuration keys". The other way,
/// ``init(_:)`` makes the patch of a whole configuration.
///
/// ```swift
/// var patch = header                       // from TraceDecoder: .header(patch)
/// patch.merge(try ConfigurationPatch(readingFile: "phone.json"))
/// patch.merge(flags)                       // flags win
/// let configuration = try patch.resolve(file: "trace.jsonl", line: 2)
/// ```
public struct ConfigurationPatch: Sendable, Hashable {
  /// `profile`: the behaviour model: a built-in profile (`uikit`, `legacy`, `fiori`, `android`)
  /// or any custom ``PageTrace/Profile``, whose flags and constants the JSON form keeps
  /// (docs/behaviour/profiles.md, "Custom profiles").
  public var profile: Profile?
  /// `pages`: the number of pages, at least 0 (required in the combined configuration but in
  /// content mode, where its absence leaves the page index unbounded).
  public var pages: Int?
  /// `current`: the starting page, clamped into range.
  public var current: Int?
  /// `control`: the frame of the control (required in the combined configuration unless
  /// ``withoutControl``). Setting a frame clears ``withoutControl``.
  public var control: Rect? {
    didSet { if control != nil { withoutControl = false } }
  }
  /// `"control": null`: content mode, no control (docs/behaviour/pointer-and-content-swipe.md,
  /// "Content mode"). `true` clears ``control``; `false` is what a patch with a frame says, so
  /// that merged over a patch in content mode the frame wins, and the other way round.
  public var withoutControl: Bool? {
    didSet { if withoutControl == true { control = nil } }
  }
  /// `container`: the frame of the paged content.
  public var container: Rect?
  /// `direction`: `ltr` (or `natural`), `rtl`, `ttb`, `btt`.
  public var direction: LayoutDirection?
  /// `style`: `automatic`, `prominent`, `minimal`.
  public var style: BackgroundStyle?
  /// `continuous`: whether scrubbing is allowed.
  public var continuous: Bool?
  /// `hidesForSinglePage`: whether the control hides when `pages < 2`.
  public var hidesForSinglePage: Bool?
  /// `enabled`: whether the control accepts input.
  public var enabled: Bool?
  /// `pitch`: the indicator centre-to-centre distance, > 0.
  public var pitch: Double?
  /// `padding`: the inset at both ends along the axis, >= 0.
  public var padding: Double?
  /// `fps`: the display refresh rate, > 0.
  public var fps: Double?
  /// `voiceOver`: whether a screen reader is running.
  public var voiceOver: Bool?
  /// `progress`: the auto-advance timer.
  public var progress: TimerProgress?
  /// `placement`: `content` or `header`.
  public var placement: Placement?
  /// `indicatorImages`: image names by page (`"0"`, …) and `"default"` (lint only).
  public var indicatorImages: [String: String]?
  /// `scrubDelay` (s).
  public var scrubDelay: Double?
  /// `scrubTravel` (pt).
  public var scrubTravel: Double?
  /// `followUpWindow` (s).
  public var followUpWindow: Double?
  /// `followUpRadius` (pt).
  public var followUpRadius: Double?
  /// `animationDuration` (s).
  public var animationDuration: Double?
  /// `flickVelocity` (pt/s).
  public var flickVelocity: Double?
  /// `edgeStepRate` (pages/s), > 0.
  public var edgeStepRate: Double?
  /// `jogBase`, > 0.
  public var jogBase: Double?
  /// `jogMaxRate` (pages/s), > 0.
  public var jogMaxRate: Double?
  /// `rubberBand` (pt).
  public var rubberBand: Double?
  /// `swipeDistance` (pt).
  public var swipeDistance: Double?
  /// `swipeVelocity` (pt/s).
  public var swipeVelocity: Double?

  /// Creates an empty patch.
  public init() {}

  /// Replaces every key that `overrides` sets with its value; keys it leaves unset stay.
  public mutating func merge(_ overrides: ConfigurationPatch) {
    func take<Value>(_ key: WritableKeyPath<ConfigurationPatch, Value?>) {
      if let value = overrides[keyPath: key] { self[keyPath: key] = value }
    }
    take(\.profile)
    take(\.pages)
    take(\.current)
    take(\.control)
    take(\.withoutControl)
    take(\.container)
    take(\.direction)
    take(\.style)
    take(\.continuous)
    take(\.hidesForSinglePage)
    take(\.enabled)
    take(\.pitch)
    take(\.padding)
    take(\.fps)
    take(\.voiceOver)
    take(\.progress)
    take(\.placement)
    take(\.indicatorImages)
    take(\.scrubDelay)
    take(\.scrubTravel)
    take(\.followUpWindow)
    take(\.followUpRadius)
    take(\.animationDuration)
    take(\.flickVelocity)
    take(\.edgeStepRate)
    take(\.jogBase)
    take(\.jogMaxRate)
    take(\.rubberBand)
    take(\.swipeDistance)
    take(\.swipeVelocity)
  }

  /// This patch with every key that `overrides` sets replaced by its value.
  public func merging(_ overrides: ConfigurationPatch) -> ConfigurationPatch {
    var result = self
    result.merge(overrides)
    return result
  }

  /// The complete configuration: these keys over the defaults of docs/behaviour/configuration.md, "Configuration
  /// keys".
  ///
  /// - Parameters:
  ///   - file: The input to blame, usually that of the first event.
  ///   - line: The line to blame, usually that of the first event (docs/behaviour/configuration.md,
  ///     "Configuration precedence").
  /// - Throws: ``TraceError`` at column 1 if `pages` or `control` is missing, or a value is out
  ///   of range (values parsed from JSON were checked already; this catches flags).
  public func resolve(file: String, line: Int) throws(TraceError) -> PageControlConfiguration {
    func failure(_ expected: String, _ found: String) -> TraceError {
      TraceError(file: file, line: line, column: 1, expected: expected, found: found)
    }
    let source = "(in the header, --config or a flag)"
    do {
      return try _resolved()
    } catch {
      switch error {
      case .missingField(let key):
        throw failure("the configuration key \"\(key)\" \(source)", "none")
      case .invalidConfiguration(let key):
        throw failure("a valid value for the configuration key \"\(key)\"", "an invalid value")
      default:
        throw failure("a valid configuration", "\(error)")
      }
    }
  }

  /// The complete configuration, or the first missing key (``PageControlError/missingField(_:)``)
  /// or bad value (``PageControlError/invalidConfiguration(_:)``).
  func _resolved() throws(PageControlError) -> PageControlConfiguration {
    // Content mode needs neither key; otherwise both, `pages` named first.
    if withoutControl != true {
      if pages == nil { throw .missingField("pages") }
      if control == nil { throw .missingField("control") }
    }
    var configuration = PageControlConfiguration(pages: pages, control: control)
    if let profile { configuration.profile = profile }
    if let current { configuration.current = current }
    if let container { configuration.container = container }
    if let direction { configuration.direction = direction }
    if let style { configuration.style = style }
    if let continuous { configuration.continuous = continuous }
    if let hidesForSinglePage { configuration.hidesForSinglePage = hidesForSinglePage }
    if let enabled { configuration.enabled = enabled }
    if let pitch { configuration.pitch = pitch }
    if let padding { configuration.padding = padding }
    if let fps { configuration.fps = fps }
    if let voiceOver { configuration.voiceOver = voiceOver }
    if let progress { configuration.progress = progress }
    if let placement { configuration.placement = placement }
    if let indicatorImages { configuration.indicatorImages = indicatorImages }
    var constants = configuration.constants
    if let scrubDelay { constants.scrubDelay = scrubDelay }
    if let scrubTravel { constants.scrubTravel = scrubTravel }
    if let followUpWindow { constants.followUpWindow = followUpWindow }
    if let followUpRadius { constants.followUpRadius = followUpRadius }
    if let animationDuration { constants.animationDuration = animationDuration }
    if let flickVelocity { constants.flickVelocity = flickVelocity }
    if let edgeStepRate { constants.edgeStepRate = edgeStepRate }
    if let jogBase { constants.jogBase = jogBase }
    if let jogMaxRate { constants.jogMaxRate = jogMaxRate }
    if let rubberBand { constants.rubberBand = rubberBand }
    if let swipeDistance { constants.swipeDistance = swipeDistance }
    if let swipeVelocity { constants.swipeVelocity = swipeVelocity }
    configuration.constants = constants
    try configuration.validate()
    return configuration
  }
}
