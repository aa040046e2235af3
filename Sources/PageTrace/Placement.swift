/// Where the control sits on screen; used only by lint (docs/behaviour/lint.md, "Lint rules").
///
/// ```swift
/// configuration.placement = .header
/// ```
public enum Placement: String, Sendable, Hashable, CaseIterable {
  /// Below or over the paged content.
  case content
  /// In a navigation header.
  case header
}
