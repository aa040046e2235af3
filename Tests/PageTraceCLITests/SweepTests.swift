import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `pagetrace sweep` (docs/behaviour/what-if.md, "Sweeps"): a point of the grid counts what a plain
/// replay under that configuration does, tallied here from `replay --emit all`, `classify` and
/// `stats` output; the grid's order, the CSV header and the usage errors are as documented.
@Suite struct SweepTests {
  /// The documented CSV columns after the varied values, written out by hand.
  static let metricColumns =
    "strokesTap,strokesLongPress,strokesDrag,strokesSwipe,strokesCancelled,transitions,"
    + "transitionsTap,transitionsScrub,transitionsJog,"
    + "transitionsFlick,transitionsPointer,transitionsSwipe,"
    + "transitionsKey,transitionsAccessibility,transitionsTimer,"
    + "transitionsProgram,scrubs,pagesPerScrubMean,pagesPerScrubMax,announcements,"
    + "meanTimeOnPage"

  /// Counts tallied from the records of `replay --emit all` (JSON Lines), by this test's own
  /// reading of the record schema: transitions by cause, scrubs (`continuous` interactions),
  /// the pages each scrub moved (scrub, jog and flick steps of its session until the session's
  /// next interaction record, or the end), announcements.
  struct Tally: Equatable {
    var transitions: [String: Int] = [:]
    var scrubs = 0
    var pagesPerScrub: [Int] = []
    var announcements = 0

    init(records: [NSDictionary]) {
      var open: [String: Int] = [:]  // by session: pages moved by its scrub in progress
      for record in records {
        let session = (record["session"] as? String).map { "s:" + $0 } ?? "default"
        switch record["type"] as! String {
        case "transition":
          let cause = record["cause"] as! String
          transitions[cause, default: 0] += 1
          if ["scrub", "jog", "flick"].contains(cause), open[session] != nil {
            open[session]! += abs((record["to"] as! Int) - (record["from"] as! Int))
          }
        case "interaction":
          if let pages = open.removeValue(forKey: session) { pagesPerScrub.append(pages) }
          if record["state"] as! String == "continuous" {
            scrubs += 1
            open[session] = 0
          }
        case "announcement":
          announcements += 1
        default:
          break
        }
      }
      pagesPerScrub += open.values
    }
  }

  @Test(arguments: scenarioTraces)
  func onePointCountsWhatAPlainReplayDoes(_ path: String) throws {
    let sweep = try pagetrace(["sweep", "--vary", "scrubDelay=0.25", "--format", "jsonl", path])
    #expect(sweep.status == 0, "\(sweep.stderr)")
    let rows = sweep.records
    #expect(rows.count == 1)
    guard let row = rows.first else { return }
    #expect(row["scrubDelay"] as? Double == 0.25)
    let replay = try pagetrace(["replay", "--emit", "all", "--scrub-delay", "0.25", path])
    #expect(replay.status == 0)
    let tally = Tally(records: replay.records)
    let causes = [
      "tap", "scrub", "jog", "flick", "pointer", "swipe", "key", "accessibility", "timer",
      "program",
    ]
    for cause in causes {
      #expect(
        row[column("transitions", cause)] as? Int == tally.transitions[cause, default: 0],
        "\(path): \(cause)")
    }
    #expect(row["transitions"] as? Int == tally.transitions.values.reduce(0, +))
    #expect(row["scrubs"] as? Int == tally.scrubs, "\(path)")
    #expect(row["announcements"] as? Int == tally.announcements, "\(path)")
    if tally.pagesPerScrub.isEmpty {
      #expect(row["pagesPerScrubMean"] is NSNull)
      #expect(row["pagesPerScrubMax"] is NSNull)
    } else {
      let mean = Double(tally.pagesPerScrub.reduce(0, +)) / Double(tally.pagesPerScrub.count)
      #expect(abs((row["pagesPerScrubMean"] as? Double ?? -1) - mean) < 1e-12, "\(path)")
      #expect(row["pagesPerScrubMax"] as? Int == tally.pagesPerScrub.max(), "\(path)")
    }
    // Strokes, as `classify` lists them one by one.
    let classify = try pagetrace(["classify", "--scrub-delay", "0.25", path])
    #expect(classify.status == 0)
    var strokes: [String: Int] = [:]
    for stroke in classify.records { strokes[stroke["kind"] as! String, default: 0] += 1 }
    for kind in ["tap", "long-press", "drag", "swipe", "cancelled"] {
      #expect(row[column("strokes", kind)] as? Int == strokes[kind, default: 0], "\(path): \(kind)")
    }
    // Mean time on page: `stats`' seconds on each page over the pages visited.
    let stats = try pagetrace(
      ["stats", "--format", "jsonl", "--rows", "page", "--scrub-delay", "0.25", path])
    let pages = stats.records
    if pages.isEmpty {
      #expect(row["meanTimeOnPage"] is NSNull)
    } else {
      let seconds = pages.map { ($0["seconds"] as! NSNumber).doubleValue }.reduce(0, +)
      let mean = seconds / Double(pages.count)
      let found = row["meanTimeOnPage"] as? Double ?? -1
      #expect(abs(found - mean) <= 1e-9 * max(1, mean), "\(path): \(found) vs \(mean)")
    }
  }

  /// The header and the order of the grid: the first `--vary` slowest; values as given.
  @Test func gridOrderAndCSVHeader() throws {
    let trace = repository.appendingPathComponent("Traces/tap.jsonl").path
    let run = try pagetrace([
      "sweep", "--vary", "scrubDelay=0.1:0.3:0.1", "--vary", "profile=uikit,android",
      "--format", "csv", trace,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.first == Substring("scrubDelay,profile," + Self.metricColumns))
    let keys = lines.dropFirst().map { $0.split(separator: ",").prefix(2).joined(separator: ",") }
    #expect(
      keys == [
        "0.1,uikit", "0.1,android", "0.2,uikit", "0.2,android", "0.3,uikit", "0.3,android",
      ])
    // --by-file: each combination, then each file within it.
    let byFile = try pagetrace([
      "sweep", "--vary", "scrubDelay=0.1,0.2", "--by-file", "--format", "csv", trace, trace,
    ])
    #expect(byFile.status == 0)
    let rows = byFile.stdout.split(separator: "\n")
    #expect(rows.first == Substring("scrubDelay,file," + Self.metricColumns))
    let other = repository.appendingPathComponent("Traces/scrub.jsonl").path
    let twoFiles = try pagetrace([
      "sweep", "--vary", "scrubDelay=0.1,0.2", "--by-file", "--format", "csv", trace, other,
    ])
    #expect(twoFiles.status == 0)
    let order = twoFiles.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",").prefix(2).joined(separator: ",")
    }
    #expect(
      order == [
        "0.1,\(trace)", "0.1,\(other)", "0.2,\(trace)", "0.2,\(other)",
      ])
    #expect(rows.count == 5)
  }

  /// Decimal ranges are exact: START + i × STEP, stop included.
  @Test func decimalRangesAreExact() throws {
    let trace = repository.appendingPathComponent("Traces/tap.jsonl").path
    let run = try pagetrace(["sweep", "--vary", "scrubDelay=0.1:0.5:0.1", "--format", "csv", trace])
    #expect(run.status == 0)
    let values = run.stdout.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } }
    #expect(values == ["0.1", "0.2", "0.3", "0.4", "0.5"])
    let integers = try pagetrace(["sweep", "--vary", "pages=8:2:-3", "--format", "csv", trace])
    #expect(integers.status == 0)
    #expect(
      integers.stdout.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } } == [
        "8", "5", "2",
      ])
  }

  /// Standard input is read once and gives what the file gives.
  @Test func standardInput() throws {
    let trace = repository.appendingPathComponent("Traces/scrub.jsonl")
    let arguments = ["sweep", "--vary", "scrubDelay=0.1,0.4", "--vary", "continuous=true,false"]
    let fromFile = try pagetrace(arguments + [trace.path])
    let fromPipe = try pagetrace(arguments, input: try Data(contentsOf: trace))
    #expect(fromFile.status == 0)
    #expect(fromPipe.status == 0)
    #expect(fromPipe.stdout == fromFile.stdout)
    #expect(fromFile.stdout.split(separator: "\n").count == 5)
  }

  /// Every bad `--vary` is a usage error (64) that names the problem.
  @Test(arguments: [
    (
      ["--vary", "scrubDelya=0.1"],
      "unknown configuration key 'scrubDelya'; did you mean 'scrubDelay'?"
    ),
    (["--vary", "scrubDelay=0.5:0.1:0.1"], "the range is empty"),
    (["--vary", "scrubDelay=0.1:0.5:0"], "the step is 0"),
    (["--vary", "scrubDelay=-1,0.2"], "'-1' is not a valid scrubDelay"),
    (["--vary", "profile=uikit,andriod"], "did you mean 'android'?"),
    (["--vary", "scrubDelay"], "expected KEY=START:STOP:STEP or KEY=V1,V2"),
    (["--vary", "scrubDelay=0:100:0.01"], "10001 values"),
    (
      ["--vary", "scrubDelay=0.01:2:0.01", "--vary", "flickVelocity=100:10000:100"],
      "the grid has 20000 combinations (200 × 100), more than the limit of 10000"
    ),
    (["--vary", "control=1,2"], "unknown configuration key 'control'"),
  ])
  func badVary(_ arguments: [String], _ message: String) throws {
    let trace = repository.appendingPathComponent("Traces/tap.jsonl").path
    let run = try pagetrace(["sweep"] + arguments + [trace])
    #expect(run.status == 64)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  /// The chart: well-formed SVG naming the key with its unit, and each metric in the legend.
  @Test func chart() throws {
    let trace = repository.appendingPathComponent("Traces/scrub.jsonl").path
    let directory = try scratch()
    let one = try pagetrace(
      ["sweep", "--vary", "scrubDelay=0.1:0.5:0.1", "--chart", "lines.svg", trace], in: directory)
    #expect(one.status == 0, "\(one.stderr)")
    let lines = try String(
      contentsOf: directory.appendingPathComponent("lines.svg"), encoding: .utf8)
    #expect(XMLParser(data: Data(lines.utf8)).parse())
    #expect(lines.contains(">scrubDelay (s)</text>"))
    for kind in ["tap", "long-press", "drag", "swipe", "cancelled"] {
      #expect(lines.contains(">\(column("strokes", kind)) (strokes)</text>"))
    }
    let two = try pagetrace(
      [
        "sweep", "--vary", "scrubDelay=0.1,0.3", "--vary", "profile=uikit,android", "--chart",
        "heat.svg", "--metric", "transitions", trace,
      ], in: directory)
    #expect(two.status == 0, "\(two.stderr)")
    let heat = try String(contentsOf: directory.appendingPathComponent("heat.svg"), encoding: .utf8)
    #expect(XMLParser(data: Data(heat.utf8)).parse())
    #expect(heat.components(separatedBy: "<rect x=").count - 1 >= 4)
    #expect(heat.contains(">transitions (transitions)</text>"))
  }

  /// Lines that lie on one another are told apart (issue 40): a metric whose values are those
  /// of an earlier one at every point (read from the same sweep's CSV) is dashed, and its
  /// legend line says which; and the chart is as wide as its legend needs.
  @Test func linesThatCoincideAreNamed() throws {
    let trace = repository.appendingPathComponent("Traces/scrub.jsonl").path
    let directory = try scratch()
    let arguments = ["sweep", "--vary", "scrubDelay=0.1:0.5:0.1", trace]
    let run = try pagetrace(arguments + ["--chart", "lines.svg"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    let svg = try String(contentsOf: directory.appendingPathComponent("lines.svg"), encoding: .utf8)
    let csv = try pagetrace(arguments + ["--format", "csv"]).stdout.split(separator: "\n")
    let header = csv[0].split(separator: ",").map(String.init)
    let rows = csv.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    func cells(_ name: String) -> [Substring] { rows.map { $0[header.firstIndex(of: name)!] } }
    let kinds = ["tap", "long-press", "drag", "swipe", "cancelled"].map { column("strokes", $0) }
    var notes = 0
    for (index, name) in kinds.enumerated() {
      if let earlier = kinds[..<index].first(where: { cells($0) == cells(name) }) {
        #expect(svg.contains(">= \(earlier)</text>"), "\(name) lies on \(earlier)")
        notes += 1
      }
    }
    #expect(notes > 0, "the trace should have two classes with the same counts")
    #expect(svg.components(separatedBy: "stroke-dasharray=\"6 6\"").count - 1 == 2 * notes)
    let width = try #require(
      Double(svg.components(separatedBy: "width=\"")[1].prefix { $0 != "\"" }))
    #expect(width > 760, "the legend with its notes needs more than the plot's 760 px")
  }
}

/// A table's column of a word: `column("strokes", "long-press")` is `strokesLongPress`.
func column(_ prefix: String, _ word: String) -> String {
  prefix + word.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
}
