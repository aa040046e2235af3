/// When the platter behind the dots is shown (docs/behaviour/programmatic-changes.md, "Background").
///
/// ```swift
/// configuration.style = .prominent  // background always visible
/// ```
public enum BackgroundStyle: String, Sendable, Hashable, BitwiseCopyable, CaseIterable {
  /// Visible only while a scrub is in progress.
  case automatic
  /// Always visible.
  case prominent
  /// Never visible; the default padding becomes 0.
  case minimal
}
