import Foundation
import Testing

/// `pagetrace stats`: figures worked out by hand for a small trace.
@Suite struct StatsTests {
  // A tap 0 → 1 at 0.05; a scrub (travel begins it at 1.01, anchor 203) stepping 1 → 2 at
  // 1.02 and 2 → 3 at 1.02 + 1/120, released rested at 1.5; an accessibility increment
  // 3 → 4 at 2 (announced). Strokes: one tap, one drag (31 pt, slow release).
  let lines = [
    header,
    #"{"t":0,"touch":"down","id":1,"x":187,"y":795}"#,
    #"{"t":0.05,"touch":"up","id":1,"x":187,"y":795}"#,
    #"{"t":1,"touch":"down","id":1,"x":187,"y":795}"#,
    #"{"t":1.01,"touch":"move","id":1,"x":203,"y":795}"#,
    #"{"t":1.02,"touch":"move","id":1,"x":235,"y":795}"#,
    #"{"t":1.5,"touch":"up","id":1,"x":235,"y":795}"#,
    #"{"t":2,"a11y":"increment"}"#,
  ]

  @Test func theFiguresOfATrace() throws {
    let run = try pagetrace(
      ["stats", "--format", "json", "-"], input: Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(run.status == 0, "\(run.stderr)")
    let stats = try #require(run.records.first)
    #expect(stats["events"] as? Int == 7)
    #expect(stats["strokes"] as? NSDictionary == ["tap": 1, "drag": 1])
    #expect(
      stats["transitionsByCause"] as? NSDictionary == ["tap": 1, "scrub": 2, "accessibility": 1])
    #expect(stats["animated"] as? Int == 2)
    #expect(stats["notAnimated"] as? Int == 2)
    #expect(stats["scrubs"] as? Int == 1)
    #expect(stats["pagesPerScrub"] as? [Int] == [2])
    #expect(stats["peakPagesPerSecond"] as? Int == 2)
    #expect(stats["suppressedAnimations"] as? Int == 2)
    #expect(stats["announcements"] as? Int == 1)
    // Page 0 from 0 to 0.05, page 1 to 1.02, page 2 for 1/120 s, page 3 to 2, page 4: 0 s.
    let time = try #require(stats["timeOnPage"] as? [String: Double])
    #expect(abs(time["0"]! - 0.05) < 1e-12)
    #expect(abs(time["1"]! - 0.97) < 1e-12)
    #expect(abs(time["2"]! - 1.0 / 120) < 1e-12)
    #expect(abs(time["3"]! - (2 - 1.02 - 1.0 / 120)) < 1e-12)
  }

  @Test func severalFilesHaveATotalAndTheTableReads() throws {
    let directory = try scratch()
    try write(lines.joined(separator: "\n") + "\n", to: "a.jsonl", in: directory)
    try write(lines.joined(separator: "\n") + "\n", to: "b.jsonl", in: directory)
    let json = try pagetrace(["stats", "--format", "json", "a.jsonl", "b.jsonl"], in: directory)
    #expect(json.records.map { $0["file"] as? String } == ["a.jsonl", "b.jsonl", "total"])
    #expect(json.records.last?["events"] as? Int == 14)
    let table = try pagetrace(["stats", "a.jsonl"], in: directory)
    #expect(
      table.stdout.contains("transitions                       4: tap 1, scrub 2, accessibility 1"))
  }
}
