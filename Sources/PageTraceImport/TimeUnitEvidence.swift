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

  /// The gap of a plausible sampling rate, in seconds: 1 ms to 200 ms.
  public static let plausibleGap: ClosedRange<Double> = 0.001...0.2

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
  public init(gaps: [Double], firstTime: Double?) {
    let sorted = gaps.sorted()
    self.init(
      medianGap: sorted.isEmpty ? nil : sorted[sorted.count / 2], sampleGaps: sorted.count,
      firstTime: firstTime)
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
