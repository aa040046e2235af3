import PageTrace

extension ConfigurationPatch {
  /// The full patch of a configuration: every key that `configuration` has a value for, so
  /// that ``resolve()`` gives `configuration` back and ``jsonBytes()`` writes it as a header
  /// line or `--config` file.
  ///
  /// The profile is kept with its flags; its constants are written as the twelve constant keys
  /// (docs/behaviour/configuration.md, "Interaction constants"), the profile keeping those of the built-in
  /// profile it starts from. `container`, `padding` and `progress` stay unset when the
  /// configuration has none, so merged over another patch they leave that patch's values.
  ///
  /// ```swift
  /// var configuration = PageControlConfiguration(
  ///   pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))
  /// configuration.constants.scrubDelay = 0.5
  /// let patch = ConfigurationPatch(configuration)
  /// // try patch.resolve() == configuration
  /// ```
  public init(_ configuration: PageControlConfiguration) {
    self.init()
    var profile = configuration.profile
    profile.constants = profile._base.constants
    self.profile = profile
    pages = configuration.pages
    current = configuration.current
    control = configuration.control
    if configuration.control == nil { withoutControl = true }
    container = configuration.container
    direction = configuration.direction
    style = configuration.style
    continuous = configuration.continuous
    hidesForSinglePage = configuration.hidesForSinglePage
    enabled = configuration.enabled
    pitch = configuration.pitch
    padding = configuration.padding
    fps = configuration.fps
    voiceOver = configuration.voiceOver
    progress = configuration.progress
    placement = configuration.placement
    indicatorImages = configuration.indicatorImages
    let constants = configuration.constants
    scrubDelay = constants.scrubDelay
    scrubTravel = constants.scrubTravel
    followUpWindow = constants.followUpWindow
    followUpRadius = constants.followUpRadius
    animationDuration = constants.animationDuration
    flickVelocity = constants.flickVelocity
    edgeStepRate = constants.edgeStepRate
    jogBase = constants.jogBase
    jogMaxRate = constants.jogMaxRate
    rubberBand = constants.rubberBand
    swipeDistance = constants.swipeDistance
    swipeVelocity = constants.swipeVelocity
  }

  /// The complete configuration: these keys over the defaults of docs/behaviour/configuration.md,
  /// "Configuration keys", for a patch made in code (``resolve(file:line:)`` blames a file
  /// and line of a trace instead).
  ///
  /// ```swift
  /// var patch = ConfigurationPatch()
  /// patch.pages = 8
  /// patch.control = Rect(x: 0, y: 780, width: 390, height: 30)
  /// let configuration = try patch.resolve()
  /// ```
  ///
  /// - Throws: ``PageTrace/PageControlError/missingField(_:)`` naming `pages` or `control` when it is
  ///   unset, or ``PageTrace/PageControlError/invalidConfiguration(_:)`` naming the first key whose value
  ///   is out of range (``PageTrace/PageControlConfiguration/validate()``).
  public func resolve() throws(PageControlError) -> PageControlConfiguration {
    try _resolved()
  }
}
