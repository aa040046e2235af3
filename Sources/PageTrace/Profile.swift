/// The behaviour model a trace is replayed against (SPEC §1, §4).
///
/// ```swift
/// configuration.profile = .uikit
/// ```
public enum Profile: String, Sendable, Hashable, CaseIterable {
  /// `UIPageControl` of iOS 14 and later (SPEC §3).
  case uikit
}
