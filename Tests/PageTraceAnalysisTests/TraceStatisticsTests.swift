import PageTrace
import PageTraceAnalysis
import Testing

/// The summaries of ``TraceStatistics``: pages per scrub and time on each page.
@Suite struct TraceStatisticsTests {
  @Test func eachScrubSizeFallsInItsBucket() {
    // 0, 1, 2, 3–4, 5–8, 9–16, 17–32, 33+: each bound and its neighbour.
    let expected = [
      (0, 0), (1, 1), (2, 2), (3, 3), (4, 3), (5, 4), (8, 4), (9, 5), (16, 5), (17, 6), (32, 6),
      (33, 7), (299, 7), (Int.max, 7),
    ]
    for (pages, bucket) in expected {
      #expect(TraceStatistics.ScrubSummary.bucket(of: pages) == bucket, "\(pages)")
    }
    let labels = TraceStatistics.ScrubSummary([]).histogram.map(\.label)
    #expect(labels == ["0", "1", "2", "3–4", "5–8", "9–16", "17–32", "33+"])
  }

  @Test func theScrubSummaryCountsAveragesAndBuckets() {
    let summary = TraceStatistics.ScrubSummary([7, 0, 2, 4, 40, 3])
    #expect(summary.count == 6)
    #expect(summary.pages == 56)
    #expect(summary.mean == 56.0 / 6)
    #expect(summary.max == 40)
    #expect(summary.histogram.map(\.scrubs) == [1, 0, 1, 2, 1, 0, 0, 1])
    #expect(summary.histogram.last?.highest == nil)
    #expect(summary.histogram[3].lowest == 3 && summary.histogram[3].highest == 4)
    let none = TraceStatistics.ScrubSummary([])
    #expect(none.count == 0 && none.mean == nil && none.max == nil)
    #expect(none.histogram.map(\.scrubs) == [0, 0, 0, 0, 0, 0, 0, 0])
  }

  /// Statistics of one session that moves by accessibility increments at `times`, its first
  /// event at 0 and its last at the last time: page `k` lasts from `times[k - 1]` to
  /// `times[k]`.
  func statistics(incrementsAt times: [Double]) -> TraceStatistics {
    var statistics = TraceStatistics(
      PageControlConfiguration(pages: 30, control: Rect(x: 0, y: 780, width: 390, height: 30)))
    statistics.observe(EngineEvent(time: 0, .focus(true)))
    for (index, time) in times.enumerated() {
      statistics.observe(EngineEvent(time: time, .accessibility(.increment)))
      let transition = PageTransition(
        from: index, to: index + 1, animated: true, interaction: .discrete,
        cause: .accessibility)
      statistics.observe(
        EngineRecord(time: time, session: .defaultSession, .transition(transition)))
    }
    statistics.finish()
    return statistics
  }

  @Test func theLongestPagesComeFirstAndTheRestAreSummed() {
    // Page 0: 1 s, page 1: 3 s, page 2: 1 s, page 3: 2 s, page 4: 0 s (the end).
    let summary = statistics(incrementsAt: [1, 4, 5, 7]).pageTimeSummary(longest: 2)
    #expect(summary.pages == 5)
    #expect(summary.seconds == 7)
    #expect(summary.longest.map(\.page) == [1, 3])
    #expect(summary.longest.map(\.seconds) == [3, 2])
    #expect(summary.otherPages == 3)
    #expect(summary.otherSeconds == 2)
    // A tie goes to the lower page; all pages when they fit.
    let all = statistics(incrementsAt: [1, 4, 5, 7]).pageTimeSummary(longest: 10)
    #expect(all.longest.map(\.page) == [1, 3, 0, 2, 4])
    #expect(all.otherPages == 0 && all.otherSeconds == 0)
  }

  @Test func nothingObservedSummarisesToNothing() {
    var statistics = TraceStatistics(
      PageControlConfiguration(pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30)))
    statistics.finish()
    let time = statistics.pageTimeSummary()
    #expect(time.pages == 0 && time.seconds == 0 && time.longest.isEmpty && time.otherPages == 0)
    #expect(statistics.scrubSummary.count == 0)
  }

  /// The scrub summary is kept as scrubs end (no list of every scrub), and two files' summaries
  /// add up to the summary of both, worked by hand: scrubs of 1, 5, 0 pages and of 3, 40.
  @Test func scrubSummariesAddUp() {
    var first = TraceStatistics.ScrubSummary()
    for pages in [1, 5, 0] { first.add(pages) }
    var second = TraceStatistics.ScrubSummary()
    for pages in [3, 40] { second.add(pages) }
    var both = first
    both.merge(second)
    #expect(both.count == 5 && both.pages == 49 && both.max == 40)
    #expect(both.mean == 49.0 / 5)
    // Buckets 0, 1, 2, 3–4, 5–8, 9–16, 17–32, 33+.
    #expect(both.histogram.map(\.scrubs) == [1, 1, 0, 1, 1, 0, 0, 1])
    var empty = TraceStatistics.ScrubSummary()
    empty.merge(TraceStatistics.ScrubSummary())
    #expect(empty.count == 0 && empty.max == nil && empty.mean == nil)
  }
}
