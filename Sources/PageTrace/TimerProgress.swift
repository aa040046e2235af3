/// The auto-advance timer of iOS 17 (docs/behaviour/timer.md, "Timer").
///
/// ```swift
/// configuration.progress = TimerProgress(duration: 3, pageDurations: [2: 5])
/// ```
public struct TimerProgress: Sendable, Hashable {
  /// Seconds each page is shown before the timer advances, unless overridden; at least
  /// ``minimumDuration``.
  public var duration: Double
  /// Per-page durations, keyed by 0-based page.
  public var pageDurations: [Int: Double]
  /// Whether the timer wraps from the last page to page 0 instead of stopping.
  public var resetsToInitialPageAfterEnd: Bool

  /// Creates a timer configuration.
  public init(
    duration: Double, pageDurations: [Int: Double] = [:], resetsToInitialPageAfterEnd: Bool = false
  ) {
    self.duration = duration
    self.pageDurations = pageDurations
    self.resetsToInitialPageAfterEnd = resetsToInitialPageAfterEnd
  }

  /// The time the given page stays before the timer advances.
  public func duration(ofPage page: Int) -> Double { pageDurations[page] ?? duration }

  /// The shortest duration accepted: a timer firing more often than 1000 times a second
  /// would turn a short trace into an unbounded amount of output.
  public static let minimumDuration = 0.001

  var _isValid: Bool {
    ([duration] + pageDurations.values).allSatisfy { $0.isFinite && $0 >= Self.minimumDuration }
  }
}
