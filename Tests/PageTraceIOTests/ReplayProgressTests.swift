import Testing

@testable import PageTraceIO

@Suite struct ReplayProgressTests {
  @Test func theLineSaysBytesRateAndTimeLeft() {
    // 412 MB of 1.1 GB after 2 s at 2.3 M events/s: 37 %, 3 s left (2 × 0.625 / 0.375 ≈ 3.4).
    #expect(
      ReplayProgress.line(
        bytes: 412_000_000, totalBytes: 1_100_000_000, events: 4_600_000, seconds: 2)
        == "412.0 MB of 1.1 GB (37 %), 2.3 M events/s, 3 s left")
    // Standard input: no total, so no percentage and no time left.
    #expect(
      ReplayProgress.line(bytes: 5_000_000, totalBytes: 0, events: 100_000, seconds: 1)
        == "5.0 MB, 0.1 M events/s")
  }

  @Test func theCounterAddsFromAnyThread() async {
    let progress = ReplayProgress()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 { group.addTask { for _ in 0..<1_000 { progress.add(4) } } }
    }
    #expect(progress.events == 32_000)
  }
}
