import Foundation
import Testing

@testable import PageTraceAnalysis

/// The timeline's date of a time origin that reads as seconds since 1970, and the sweep chart's
/// legend (issue 40). The dates were worked out by GNU date (`date -u -d @SECONDS`), another
/// implementation.
@Suite struct ChartTextTests {
  @Test(arguments: [
    (946_684_800.0, "2000-01-01 00:00:00.00 UTC"),
    (951_782_400.0, "2000-02-29 00:00:00.00 UTC"),
    (1_334_893_336.54, "2012-04-20 03:42:16.54 UTC"),
    (1_709_251_199.99, "2024-02-29 23:59:59.99 UTC"),
    (4_102_444_799.5, "2099-12-31 23:59:59.50 UTC"),
  ])
  func aTimeSince1970ReadsAsADate(_ seconds: Double, _ date: String) {
    #expect(_unixDate(seconds) == date)
  }

  @Test(arguments: [0.0, 1.2, 946_684_799.0, 4_102_444_800.0, -1])
  func otherTimesAreNoDate(_ seconds: Double) {
    #expect(_unixDate(seconds) == nil)
  }
}
