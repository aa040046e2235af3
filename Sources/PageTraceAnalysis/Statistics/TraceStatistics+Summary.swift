/// The figures of ``TraceStatistics`` that grow with the trace, summarised: pages per scrub
/// as a count, mean, maximum and histogram; time on each page as the longest pages and the
/// rest (docs/behaviour/analysis.md, "Statistics").
///
/// ```swift
/// let scrubs = statistics.scrubSummary
/// print(scrubs.mean ?? 0, scrubs.max ?? 0, scrubs.histogram.map(\.scrubs))
/// let time = statistics.pageTimeSummary(longest: 10)
/// print(time.pages, time.longest.first?.page ?? 0, time.otherPages, time.otherSeconds)
/// ```
extension TraceStatistics {
  /// Pages moved per scrub, in a few numbers.
  public struct ScrubSummary: Sendable, Hashable {
    /// One bar of the histogram: the scrubs that moved `lowest` to `highest` pages.
    public struct Bucket: Sendable, Hashable {
      /// The fewest pages of the bucket.
      public var lowest: Int
      /// The most pages of the bucket; `nil` for the last, open bucket.
      public var highest: Int?
      /// Scrubs that moved that many pages.
      public var scrubs: Int

      /// `0`, `3–4`, `33+`.
      public var label: String {
        guard let highest else { return "\(lowest)+" }
        return highest == lowest ? "\(lowest)" : "\(lowest)–\(highest)"
      }
    }

    /// The buckets' pages, lowest and highest: 0, 1, 2, 3–4, 5–8, 9–16, 17–32, 33 or more.
    /// Each bucket past 2 doubles the last one's highest page count.
    public static let bucketBounds: [(lowest: Int, highest: Int?)] = [
      (0, 0), (1, 1), (2, 2), (3, 4), (5, 8), (9, 16), (17, 32), (33, nil),
    ]

    /// Scrubs ended (an open scrub ends at ``TraceStatistics/finish()``).
    public var count = 0
    /// Pages moved by all of them.
    public var pages = 0
    /// The most pages one scrub moved; `nil` without scrubs.
    public var max: Int?
    /// Scrubs by pages moved, one bucket for each of ``bucketBounds``, empty ones included.
    public var histogram = bucketBounds.map {
      Bucket(lowest: $0.lowest, highest: $0.highest, scrubs: 0)
    }

    /// Pages moved per scrub on average; `nil` without scrubs.
    public var mean: Double? { count == 0 ? nil : Double(pages) / Double(count) }

    /// The summary of these pages per scrub.
    public init(_ pagesPerScrub: some Sequence<Int> = []) {
      for pages in pagesPerScrub { add(pages) }
    }

    /// Counts one more scrub that moved `pages` pages: the summary is kept as the scrubs
    /// end, so its memory does not grow with their number.
    public mutating func add(_ pages: Int) {
      count += 1
      self.pages += pages
      max = Swift.max(max ?? pages, pages)
      histogram[Self.bucket(of: pages)].scrubs += 1
    }

    /// Adds another summary's scrubs (for totals over several files).
    public mutating func merge(_ other: ScrubSummary) {
      count += other.count
      pages += other.pages
      if let highest = other.max { max = Swift.max(max ?? highest, highest) }
      for index in histogram.indices { histogram[index].scrubs += other.histogram[index].scrubs }
    }

    /// The index of the bucket of a scrub that moved `pages` pages.
    public static func bucket(of pages: Int) -> Int {
      guard pages > 0 else { return 0 }
      // 1 + ⌈log2 pages⌉: 1 → 1, 2 → 2, 3…4 → 3, 5…8 → 4, …
      let bits = (pages - 1).bitWidth - (pages - 1).leadingZeroBitCount
      return Swift.min(1 + bits, bucketBounds.count - 1)
    }
  }

  /// The time on a few pages, and on the rest together.
  public struct PageTimeSummary: Sendable, Hashable {
    /// One page's time.
    public struct Page: Sendable, Hashable {
      /// The page.
      public var page: Int
      /// Seconds on it.
      public var seconds: Double
    }

    /// Pages visited: in ``TraceStatistics/timeOnPage``, some perhaps for 0 s.
    public var pages = 0
    /// Seconds on all of them.
    public var seconds = 0.0
    /// The pages with the most time, most first (a tie goes to the lower page).
    public var longest: [Page] = []
    /// The pages visited but not in ``longest``.
    public var otherPages = 0
    /// Seconds on those.
    public var otherSeconds = 0.0
  }

  /// The `count` pages with the most time, most first, and the rest summed. Sums are taken in
  /// that order, so they do not depend on the order of a dictionary.
  public func pageTimeSummary(longest count: Int = 10) -> PageTimeSummary {
    let pages = timeOnPage.map { PageTimeSummary.Page(page: $0.key, seconds: $0.value) }
      .sorted { $0.seconds != $1.seconds ? $0.seconds > $1.seconds : $0.page < $1.page }
    var summary = PageTimeSummary()
    summary.pages = pages.count
    summary.longest = Array(pages.prefix(Swift.max(count, 0)))
    summary.otherPages = pages.count - summary.longest.count
    summary.otherSeconds = pages.dropFirst(summary.longest.count).reduce(0) { $0 + $1.seconds }
    summary.seconds = summary.longest.reduce(0) { $0 + $1.seconds } + summary.otherSeconds
    return summary
  }
}
