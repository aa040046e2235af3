import PageTrace
import Testing

@testable import PageTraceIO
@testable import PageTraceImport

/// docs/behaviour/trace-format.md, "Time units of recordings": without `--time-unit` the CSV importer
/// decides the unit from the gaps between one finger's samples and the magnitude of the times,
/// says so in a note, and refuses where the data do not decide. Every expected unit and time
/// below is worked out by hand from the rows.
@Suite struct CSVTimeUnitTests {
  /// `t,phase,x,y` rows of one finger: strokes of `samples` rows `gap` apart, strokes `pause`
  /// apart, starting at `start`, in the unit of the numbers given.
  static func rows(strokes: Int, samples: Int, gap: Double, pause: Double, start: Double)
    -> String
  {
    var lines: [String] = []
    var time = start
    for _ in 0..<strokes {
      for index in 0..<samples {
        let phase = index == 0 ? 0 : index == samples - 1 ? 1 : 2
        lines.append("\(time),\(phase),\(100 + index),200")
        time += gap
      }
      time += pause
    }
    return lines.joined(separator: "\n")
  }

  static let mapping = CSVImporter.Mapping(time: 1, phase: 2, x: 3, y: 4)

  @Test func millisecondGapsAreReadAsMilliseconds() throws {
    // 20 strokes of 5 samples 16 apart: 80 gaps of 16, times from 1000: milliseconds.
    let text = Self.rows(strokes: 20, samples: 5, gap: 16, pause: 500, start: 1000)
    let auto = try importing(CSVImporter(Self.mapping), text)
    var given = Self.mapping
    given.timeUnit = .milliseconds
    let explicit = try importing(CSVImporter(given), text)
    #expect(auto.events == explicit.events)
    #expect(auto.events.first?.time == 1)  // 1000 ms
    #expect(auto.events.count == 100)
    #expect(
      auto.notes.map(\.description) == [
        "capture.txt:1: note: times read as milliseconds: median sample gap 16 (64 gaps), times from 1000 (--time-unit chooses)"
      ])
    #expect(explicit.notes.isEmpty)
  }

  @Test func secondsAndMicrosecondsAndClocksSince1970() throws {
    // A gap of 0.0167 s; a gap of 16,667 us; ms since 1970 (1.33e12) with 17 ms gaps.
    let seconds = try importing(
      CSVImporter(Self.mapping),
      Self.rows(strokes: 3, samples: 4, gap: 0.0167, pause: 1, start: 10))
    #expect(seconds.events.first?.time == 10)
    #expect(seconds.notes.first?.message.hasPrefix("times read as seconds: ") == true)
    let micro = try importing(
      CSVImporter(Self.mapping),
      Self.rows(strokes: 3, samples: 4, gap: 16_667, pause: 1e6, start: 0))
    #expect(micro.notes.first?.message.hasPrefix("times read as microseconds: ") == true)
    #expect(micro.events[1].time == 0.016667)
    let epoch = try importing(
      CSVImporter(Self.mapping),
      Self.rows(strokes: 3, samples: 4, gap: 17, pause: 900, start: 1_334_688_403_874))
    #expect(
      epoch.notes.first?.message
        == "times read as milliseconds: median sample gap 17 (9 gaps), times from 1334688403874 like a clock since 1970 (--time-unit chooses)"
    )
    #expect(epoch.events.first?.time == 1_334_688_403.874)
  }

  @Test func dataThatDoNotDecideAreAnErrorAskingForTheUnit() {
    // Gaps of 0.5: 500 ms in seconds, 0.5 ms in milliseconds: neither is a touch screen's rate.
    let error = importError(
      CSVImporter(Self.mapping), Self.rows(strokes: 2, samples: 3, gap: 0.5, pause: 2, start: 0))
    #expect(error?.line == 1)
    #expect(error?.column == 1)
    #expect(
      error?.description
        == "capture.txt:1:1: expected times whose unit the data decide (give --time-unit s, ms, us or ns), found median sample gap 0.5 (4 gaps), times from 0, which no unit makes a sampling rate of 1 to 200 ms"
    )
    // A clock since 1970 in seconds with gaps of 16 would say both seconds (by magnitude) and
    // milliseconds (by gap): undecided.
    let torn = importError(
      CSVImporter(Self.mapping),
      Self.rows(strokes: 2, samples: 3, gap: 16, pause: 100, start: 1_700_000_000))
    #expect(torn != nil)
  }

  @Test func aGivenUnitTheDataContradictIsRefused() {
    var given = Self.mapping
    given.timeUnit = .seconds
    // Milliseconds read as seconds: 4 gaps of 16, i.e. 16 s between samples (over 0.5 s).
    let error = importError(
      CSVImporter(given), Self.rows(strokes: 2, samples: 3, gap: 16, pause: 500, start: 1000))
    #expect(error?.line == 1)
    #expect(
      error?.description
        == "capture.txt:1:1: expected times that --time-unit s makes a touch screen's (samples 0.5 ms to 0.5 s apart, strokes under 60 s), found a median sample gap of 16 s (median sample gap 16 (4 gaps), times from 1000); the times fit --time-unit ms (--time-unit-as-given reads them as s anyway)"
    )
    // Seconds read as milliseconds: 0.016 ms apart (under 0.5 ms).
    given.timeUnit = .milliseconds
    let fine = importError(
      CSVImporter(given), Self.rows(strokes: 2, samples: 3, gap: 0.016, pause: 1, start: 10))
    #expect(fine?.found.hasPrefix("a median sample gap of 0.016 ms") == true)
    #expect(fine?.found.contains("the times fit --time-unit s") == true)
  }

  @Test func theRefusalComesOnceThereIsEvidenceAndStopsTheReading() {
    var given = Self.mapping
    given.timeUnit = .seconds
    // 20 strokes of 5 rows 16 apart: the 64th gap comes with row 80 (4 gaps a stroke), where
    // the refusal is thrown; nothing after it is read.
    var importer = CSVImporter(given)
    let lines = Self.rows(strokes: 20, samples: 5, gap: 16, pause: 500, start: 1000)
      .split(separator: "\n")
    var events = 0
    var failedAt: Int?
    for (index, line) in lines.enumerated() {
      do {
        try Array(line.utf8).withUnsafeBytes { bytes in
          try importer.decode(
            bytes, line: index + 1, file: "f", event: { _ in events += 1 }, note: { _ in })
        }
      } catch {
        if failedAt == nil { failedAt = index + 1 }
      }
    }
    #expect(failedAt == 80)
    #expect(events == 79)  // the rows before it were handed on as given
  }

  @Test func aUnitGivenAsGivenIsReadWithAWarning() throws {
    var given = Self.mapping
    given.timeUnit = .seconds
    given.timeUnitAsGiven = true
    let imported = try importing(
      CSVImporter(given), Self.rows(strokes: 2, samples: 3, gap: 16, pause: 500, start: 1000))
    #expect(imported.events.first?.time == 1000)  // as given: the user insists
    #expect(imported.events.count == 6)
    #expect(
      imported.notes.map(\.message) == [
        "warning: --time-unit s read as given, though it makes a median sample gap of 16 s (median sample gap 16 (4 gaps), times from 1000)"
      ])
  }

  @Test func strokesOfMinutesAreImplausible() {
    // Gaps of 40 (ms: accepted), strokes of 90,000 (ms: 90 s, over 60 s) and 100 (0.1 s):
    // the median of 3 durations [100, 90000, 90000] is 90000.
    let evidence = TimeUnitEvidence(
      gaps: [40, 40, 40], firstTime: 0, strokeDurations: [90_000, 100, 90_000])
    #expect(evidence.medianStrokeDuration == 90_000)
    #expect(evidence.strokes == 3)
    #expect(evidence.implausibility(in: .milliseconds) == "a median stroke of 90 s")
    // In microseconds, gaps of 40 us are under 0.5 ms; in seconds, 40 s are over 0.5 s.
    #expect(evidence.implausibility(in: .microseconds) == "a median sample gap of 0.04 ms")
    #expect(evidence.implausibility(in: .seconds) == "a median sample gap of 40 s")
    let fine = TimeUnitEvidence(gaps: [16, 17], firstTime: 0, strokeDurations: [200])
    #expect(fine.implausibility(in: .milliseconds) == nil)
  }

  @Test func rowsHeldBackKeepTheirOrderAndRepairsWithThem() throws {
    // The fifth row goes back in time: once the unit is decided (at the end), it is noted and
    // skipped like any such row, with its own line.
    let text = "1000,0,1,1\n1016,2,2,1\n1032,2,3,1\n1048,2,4,1\n1040,2,5,1\n1064,1,6,1"
    let imported = try importing(CSVImporter(Self.mapping), text)
    #expect(imported.events.map(\.time) == [1, 1.016, 1.032, 1.048, 1.064])
    #expect(imported.notes.count == 2)
    #expect(imported.notes.last?.line == 5)
    #expect(imported.notes.last?.message.hasPrefix("time went backwards") == true)
  }
}
