import Synchronization

/// A live count of the events a replay has handled, for a progress line on another thread.
///
/// ```swift
/// let progress = ReplayProgress()
/// options.progress = progress          // TraceReplay adds to it every 4,096 events
/// progress.events                       // read from any thread
/// ```
public final class ReplayProgress: Sendable {
  private let count = Atomic<Int>(0)

  /// Creates a counter at zero.
  public init() {}

  /// The events counted so far (in steps of 4,096).
  public var events: Int { count.load(ordering: .relaxed) }

  /// Counts more events.
  public func add(_ events: Int) { count.add(events, ordering: .relaxed) }

  /// The text of one progress line: `412.0 MB of 1.1 GB (37 %), 2.3 M events/s, 3 s left`
  /// (a tool puts its own name before it).
  ///
  /// `totalBytes` is 0 when unknown (standard input): no percentage, no time left.
  public static func line(bytes: Int, totalBytes: Int, events: Int, seconds: Double) -> String {
    func megabytes(_ value: Int) -> String {
      value >= 1_000_000_000
        ? _oneDecimal(Double(value) / 1e9) + " GB" : _oneDecimal(Double(value) / 1e6) + " MB"
    }
    var text = megabytes(bytes)
    let rate = seconds > 0 ? Double(events) / seconds : 0
    if totalBytes > 0 {
      let fraction = min(Double(bytes) / Double(totalBytes), 1)
      text += " of " + megabytes(totalBytes) + " (\(Int(fraction * 100)) %)"
      text += ", " + _oneDecimal(rate / 1e6) + " M events/s"
      if fraction > 0 && bytes > 0 {
        let left = seconds * (1 - fraction) / fraction
        text += ", \(Int(left.rounded())) s left"
      }
    } else {
      text += ", " + _oneDecimal(rate / 1e6) + " M events/s"
    }
    return text
  }
}

func _oneDecimal(_ value: Double) -> String {
  let tenths = Int((value * 10).rounded())
  return "\(tenths / 10).\(tenths % 10)"
}
