import Foundation
import Testing

/// Importers keep at most 1,024 fingers down at once, cancelling the one down longest ago
/// (issue 20, item 10), and tell sessions apart by their bytes (item 11).
@Suite struct ImportBoundsTests {
  // The rows are seconds apart, which no touch screen makes: read as given.
  static let csvFlags = [
    "--from", "csv", "--columns", "t=1,phase=2,x=3,y=4,id=5,session=6", "--time-unit", "s",
    "--time-unit-as-given", "--pages", "8", "--control", "0,780,390,30",
  ]

  /// 1,030 fingers down one per second, none lifted: when the 1,025th goes down (at t 1025),
  /// the first is cancelled at its session's latest time (1024, the 1,024th down), and so on.
  @Test func theOldestFingerIsCancelledBeyond1024() throws {
    let directory = try scratch()
    let rows = (1...1030).map { "\($0),0,10,400,\($0),s" }
    try write(rows.joined(separator: "\n") + "\n", to: "d.csv", in: directory)
    let run = try pagetrace(
      ["classify", "--format", "csv"] + Self.csvFlags + ["d.csv"], in: directory)
    #expect(run.status == 0)
    let strokes = run.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false).prefix(5).joined(separator: ",")
    }
    #expect(strokes.count == 1030)
    // The six cancelled to make room, in order, then the rest at the end (t 1030).
    #expect(
      Array(strokes.prefix(7)) == [
        "s,1,cancelled,1,1024", "s,2,cancelled,2,1025", "s,3,cancelled,3,1026",
        "s,4,cancelled,4,1027", "s,5,cancelled,5,1028", "s,6,cancelled,6,1029",
        "s,7,cancelled,7,1030",
      ])
    #expect(
      run.stderr.hasPrefix(
        "d.csv:1025: note: more than 1024 fingers down at once: touch 1 (down at line 1) is cancelled\n"
      ))
    #expect(run.stderr.components(separatedBy: "fingers down at once").count - 1 == 6)
  }

  @Test(arguments: ["csv", "pointer-events"])
  func fingersThatNeverLiftTakeBoundedMemory(format: String) throws {
    let directory = try scratch()
    var peaks: [Double] = []
    for count in [50_000, 400_000] {
      let url = directory.appendingPathComponent("downs-\(count)")
      try writeLines(to: url, first: format == "csv" ? "0,0,10,400,0,s" : "", count: count) {
        index, line in
        if format == "csv" {
          line += Array("\(index + 1),0,10,400,\(index + 1),s".utf8)
        } else {
          line += Array(
            #"{"type":"pointerdown","pointerId":\#(index),"pointerType":"touch","timeStamp":\#(index),"clientX":100,"clientY":200}"#
              .utf8)
        }
      }
      let flags =
        format == "csv"
        ? Self.csvFlags : ["--from", "pointer-events", "--pages", "8", "--control", "0,780,390,30"]
      let run = try measuredPagetrace(["replay", "-q"] + flags + [url.path], in: directory)
      #expect(run.status == 0)
      peaks.append(run.peakMegabytes)
      try FileManager.default.removeItem(at: url)
    }
    #expect(peaks[1] <= 64, "\(peaks)")
    #expect(peaks[1] - peaks[0] < 4, "350,000 more fingers down took room: \(peaks) MB")
  }

  /// Sessions "é" and "e\u{301}" are two sessions in an import: the second's earlier time is
  /// no step back in time.
  @Test func importedSessionsAreComparedAsBytes() throws {
    let directory = try scratch()
    let rows = [
      "5,0,10,400,1,\u{E9}", "1,0,10,400,1,e\u{301}", "6,1,10,400,1,\u{E9}",
      "2,1,10,400,1,e\u{301}",
    ]
    try write(rows.joined(separator: "\n") + "\n", to: "u.csv", in: directory)
    let run = try pagetrace(
      ["classify", "--format", "csv"] + Self.csvFlags + ["u.csv"], in: directory)
    #expect(run.status == 0)
    #expect(!run.stderr.contains("went backwards"), "\(run.stderr)")
    let sessions = run.stdout.split(separator: "\n").dropFirst().map {
      Array($0.split(separator: ",").first!.utf8)
    }
    #expect(sessions == [Array("\u{E9}".utf8), Array("e\u{301}".utf8)])
  }
}
