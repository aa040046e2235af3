/// When the platter behind the dots is shown (SPEC §3.10).
///
/// ```swift
/// configuration.style = .prominent  // background always visible
/// ```
public enum BackgroundStyle: String, Sendable, Hashable, CaseIterable {
  /// Visible only while a scrub is in progress.
  case automatic
  /// Always visible.
  case prominent
  /// Never visible; the default padding becomes 0.
  case minimal
}
