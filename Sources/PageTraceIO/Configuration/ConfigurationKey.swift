import PageTrace

/// One key of the configuration, as headers, `--config` files, command-line flags, sweeps and
/// diffs name it: the one list of them (docs/behaviour/configuration.md, "Configuration keys"
/// and "Interaction constants").
///
/// ```swift
/// let key = ConfigurationKey.named("scrubDelay")!
/// print(key.flag, key.kind)  // scrub-delay number
/// ```
public struct ConfigurationKey: Sendable, Hashable {
  /// What a key's value is.
  public enum Kind: Sendable, Hashable {
    /// A number (`pages`, `scrubDelay`).
    case number
    /// A string, of a fixed set when ``ConfigurationKey/choices`` says so (`profile`).
    case string
    /// `true` or `false` (`continuous`).
    case bool
    /// `{x,y,width,height}` (`control`, `container`).
    case frame
    /// The timer object (`progress`).
    case progress
  }

  /// The key in JSON: `scrubDelay`.
  public let name: String
  /// The command-line flag: `scrub-delay` (`--scrub-delay`).
  public let flag: String
  /// What its value is.
  public let kind: Kind
  /// One line saying what it is, with its default where it has one.
  public let summary: String
  /// The values a string key takes, if they are a fixed set.
  public let choices: [String]?

  init(_ flag: String, _ name: String, _ kind: Kind, _ summary: String, choices: [String]? = nil) {
    self.flag = flag
    self.name = name
    self.kind = kind
    self.summary = summary
    self.choices = choices
  }

  /// The key of this JSON name, if there is one.
  public static func named(_ name: String) -> ConfigurationKey? { all.first { $0.name == name } }

  /// Every key, in the order of the help.
  public static let all: [ConfigurationKey] = [
    ConfigurationKey(
      "profile", "profile", .string,
      "Behaviour model: " + Profile.builtIn.map(\.name).joined(separator: ", ") + ".",
      choices: Profile.builtIn.map(\.name)),
    ConfigurationKey("pages", "pages", .number, "Number of pages."),
    ConfigurationKey("current", "current", .number, "Starting page (clamped)."),
    ConfigurationKey(
      "control", "control", .frame,
      "Frame of the control: x,y,width,height, or none for content mode."),
    ConfigurationKey(
      "container", "container", .frame, "Frame of the paged content: x,y,width,height."),
    ConfigurationKey(
      "direction", "direction", .string, "ltr, rtl, ttb, btt (natural = ltr).",
      choices: LayoutDirection.allCases.map(\.rawValue)),
    ConfigurationKey(
      "style", "style", .string, "automatic, prominent, minimal.",
      choices: BackgroundStyle.allCases.map(\.rawValue)),
    ConfigurationKey(
      "continuous", "continuous", .bool, "Allow scrubbing (--no-continuous: taps only)."),
    ConfigurationKey(
      "hides-for-single-page", "hidesForSinglePage", .bool, "Hide the control when pages < 2."),
    ConfigurationKey("enabled", "enabled", .bool, "Accept input (--no-enabled: disabled)."),
    ConfigurationKey("pitch", "pitch", .number, "Centre-to-centre distance of the dots (16)."),
    ConfigurationKey("padding", "padding", .number, "Inset at both ends (14; 0 for minimal)."),
    ConfigurationKey("fps", "fps", .number, "Display refresh rate for scrub steps (120)."),
    ConfigurationKey("voice-over", "voiceOver", .bool, "A screen reader is running."),
    ConfigurationKey(
      "timer", "progress", .progress, "Auto-advance timer: seconds per page, or a JSON object."),
    ConfigurationKey(
      "placement", "placement", .string, "Where the control is: content or header (lint only).",
      choices: Placement.allCases.map(\.rawValue)),
    ConfigurationKey("scrub-delay", "scrubDelay", .number, "Hold before a press scrubs (0.15 s)."),
    ConfigurationKey(
      "scrub-travel", "scrubTravel", .number, "Travel before a press scrubs (16 pt)."),
    ConfigurationKey(
      "follow-up-window", "followUpWindow", .number, "Follow-up tap window (0.75 s)."),
    ConfigurationKey(
      "follow-up-radius", "followUpRadius", .number, "Follow-up tap radius (8 pt)."),
    ConfigurationKey(
      "animation-duration", "animationDuration", .number, "Discrete state duration (0.3 s)."),
    ConfigurationKey(
      "flick-velocity", "flickVelocity", .number, "Flick threshold (800 pt/s)."),
    ConfigurationKey(
      "edge-step-rate", "edgeStepRate", .number, "Steps past the edge (8 pages/s)."),
    ConfigurationKey("jog-base", "jogBase", .number, "Jog rate base (1.6)."),
    ConfigurationKey("jog-max-rate", "jogMaxRate", .number, "Fastest jog (13 pages/s)."),
    ConfigurationKey(
      "rubber-band", "rubberBand", .number, "Farthest distance past the edge (20 pt)."),
    ConfigurationKey(
      "swipe-distance", "swipeDistance", .number, "Shortest velocity swipe (25 pt)."),
    ConfigurationKey(
      "swipe-velocity", "swipeVelocity", .number, "Slowest velocity swipe (400 pt/s)."),
  ]
}
