import PageTraceIO

/// What a recording's times say about their unit (docs/behaviour/trace-format.md, "Time units of
/// recordings"): the typical gap between one finger's consecutive samples, and the magnitude of
/// the times.
///
/// Touch screens report a finger every 4 to 35 ms or so (30 to 240 Hz); a gap between 1 ms and
/// 200 ms is taken as plausible. The four units are a factor of 1,000 apart and that window is a
/// factor of 200 wide, so at most one unit makes a given gap plausible. Times of 10^9 and more
/// in that unit's range are read as a clock since 1970 (seconds near 1.7e9 in 2024,
/// milliseconds near 1.7e12 …), which can confirm the unit, or decide it when no finger gave
/// two samples.
///
/// ```swift
/// let evidence = TimeUnitEvidence(medianGap: 16, sampleGaps: 1_200, firstTime: 1.3e12)
/// evidence.unit         // .milliseconds
/// evidence.description
/// // "median sample gap 16 (1200 gaps), times from 1300000000000 like a clock since 1970"
/// ```
public struct TimeUnitEvidence: Sendable, Hashable, CustomStringConvertible {
  /// The median of the positive gaps between one finger's consecutive samples, in the
  /// recording's own unit; `nil` when no finger gave two samples at different times.
  public var medianGap: Double?
  /// How many such gaps the median was taken over.
  public var sampleGaps: Int
  /// The first time of the recording, in its own unit.
  public var firstTime: Double?
  /// The median duration of the strokes that ended (down to up or cancel), in the
  /// recording's own unit; `nil` when none did.
  public var medianStrokeDuration: Double?
  /// How many strokes the median duration was taken over.
  public var strokes = 0

  /// The gap of a plausible sampling rate, in seconds: 1 ms to 200 ms.
  public static let plausibleGap: ClosedRange<Double> = 0.001...0.2

  /// The median gap, in seconds, beyond which a unit is refused (``implausibility(in:)``):
  /// 0.5 ms to 0.5 s, wider than ``plausibleGap`` so that a slow or fast screen's unit is
  /// only warned about, while a unit a factor of 1,000 off (16 µs or 16 s apart) is not read.
  public static let acceptedGap: ClosedRange<Double> = 0.0005...0.5

  /// The longest median stroke, in seconds, of a unit not refused: 60 s. Swipes and taps last
  /// well under a second, long presses a few; a median of a minute is a unit too coarse.
  public static let longestMedianStroke: Double = 60

  /// Gathers the evidence.
  public init(medianGap: Double?, sampleGaps: Int, firstTime: Double?) {
    self.medianGap = medianGap
    self.sampleGaps = sampleGaps
    self.firstTime = firstTime
  }

  /// Gathers the evidence from the samples' times grouped by finger, in their order: the gaps
  /// are the positive differences between neighbours within each group.
  public init<Fingers: Sequence>(timesByFinger fingers: Fingers)
  where Fingers.Element: Sequence, Fingers.Element.Element == Double {
    var gaps: [Double] = []
    var first: Double?
    for finger in fingers {
      var previous: Double?
      for time in finger {
        if first == nil || time < first! { first = time }
        if let previous, time > previous { gaps.append(time - previous) }
        previous = time
      }
    }
    self.init(gaps: gaps, firstTime: first)
  }

  /// Gathers the evidence from the positive gaps between one finger's consecutive samples, in
  /// any order, and the first time.
  public init(gaps: [Double], firstTime: Double?, strokeDurations: [Double] = []) {
    let sorted = gaps.sorted()
    self.init(
      medianGap: sorted.isEmpty ? nil : sorted[sorted.count / 2], sampleGaps: sorted.count,
      firstTime: firstTime)
    let durations = strokeDurations.sorted()
    medianStrokeDuration = durations.isEmpty ? nil : durations[durations.count / 2]
    strokes = durations.count
  }

  /// Why `unit` cannot be the unit of these times: the median gap it makes is outside
  /// ``acceptedGap``, or the median stroke longer than ``longestMedianStroke``
  /// (`a median sample gap of 0.016 ms`); `nil` when it can be.
  public func implausibility(in unit: CSVImporter.TimeUnit) -> String? {
    if let medianGap, !Self.acceptedGap.contains(medianGap / unit.perSecond) {
      return "a median sample gap of \(Self.duration(medianGap / unit.perSecond))"
    }
    if let medianStrokeDuration, medianStrokeDuration / unit.perSecond > Self.longestMedianStroke {
      return "a median stroke of \(Self.duration(medianStrokeDuration / unit.perSecond))"
    }
    return nil
  }

  /// A duration in seconds, in words: `16 s`, `0.016 ms` (shortest digits, four significant).
  private static func duration(_ seconds: Double) -> String {
    func rounded(_ value: Double) -> String {
      var scale = 1.0
      while value * scale < 1000 && scale < 1e12 { scale *= 10 }
      return JSONText.number((value * scale).rounded() / scale)
    }
    return seconds >= 1 ? "\(rounded(seconds)) s" : "\(rounded(seconds * 1000)) ms"
  }

  /// The unit whose plausible gaps hold the median gap.
  public var unitByGap: CSVImporter.TimeUnit? {
    guard let medianGap else { return nil }
    return CSVImporter.TimeUnit.allCases.first {
      Self.plausibleGap.contains(medianGap / $0.perSecond)
    }
  }

  /// The unit in which the first time reads as a clock since 1970 (from 2001 to 2286 in
  /// seconds, 10^9 to 10^10, and so on for the finer units).
  public var unitByMagnitude: CSVImporter.TimeUnit? {
    guard let firstTime, firstTime >= 1e9 else { return nil }
    return CSVImporter.TimeUnit.allCases.first {
      (1e9...1e10).contains(firstTime / $0.perSecond)
    }
  }

  /// The unit the evidence decides, or `nil` when it does not: no plausible gap and no clock
  /// since 1970, or the two pointing at different units.
  public var unit: CSVImporter.TimeUnit? {
    switch (unitByGap, unitByMagnitude) {
    case (let gap?, let magnitude?): gap == magnitude ? gap : nil
    case (let gap?, nil): gap
    case (nil, let magnitude?): medianGap == nil ? magnitude : nil
    case (nil, nil): nil
    }
  }

  /// The evidence in words: `median sample gap 16 (1200 gaps), times from 1300000000000 like a
  /// clock since 1970`.
  public var description: String {
    var parts: [String] = []
    if let medianGap {
      parts.append(
        "median sample gap \(JSONText.number(medianGap)) (\(sampleGaps) gap\(sampleGaps == 1 ? "" : "s"))"
      )
    } else {
      parts.append("no finger with two samples")
    }
    if let firstTime {
      parts.append(
        unitByMagnitude != nil
          ? "times from \(JSONText.number(firstTime)) like a clock since 1970"
          : "times from \(JSONText.number(firstTime))")
    }
    return parts.joined(separator: ", ")
  }
}
