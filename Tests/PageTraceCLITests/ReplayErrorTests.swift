import Foundation
import Testing

/// docs/behaviour/, "Bad input", "Configuration precedence", "JSON strictness" and "Error
/// messages" through the executable: clear errors, documented statuses, nothing lost.
@Suite struct ReplayErrorTests {
  /// A trace whose first two events make one record (0 → 1 at 0.05), then `bad`.
  func trace(then bad: String, newline: Bool = true) -> String {
    ([header] + twoTaps.prefix(2) + [bad]).joined(separator: "\n") + (newline ? "\n" : "")
  }

  func replay(_ text: String, _ extra: [String] = []) throws -> Run {
    let directory = try scratch()
    try write(text, to: "t.jsonl", in: directory)
    return try pagetrace(["replay"] + extra + ["t.jsonl"], in: directory)
  }

  /// The one record the first two events make, as written by the tool.
  func expectFirstRecordIntact(_ run: Run) {
    #expect(run.records.count == 1)
    #expect(run.records.first?["to"] as? Int == 1)
  }

  /// A configuration is checked when its header is read: at the header's line and the key's
  /// column, with the value and the allowed range, whether or not an event follows.
  @Test(arguments: [false, true])
  func aHeaderOutOfRangeIsReportedAtItsKey(eventFollows: Bool) throws {
    let bad = #"{"pagetrace":1,"control":{"x":0,"y":780,"width":390,"height":30},"pages":2000000}"#
    let text = [bad] + (eventFollows ? [twoTaps[0]] : []) + [""]
    let run = try replay(text.joined(separator: "\n"))
    #expect(run.status == 65)
    #expect(
      run.stderr.hasPrefix(
        #"t.jsonl:1:74: expected an integer from 0 to 1048576 for "pages", found 2000000"#),
      "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    // The same limit for a --config file and a flag.
    let directory = try scratch()
    try write(#"{"pages": 1048577}"#, to: "phone.json", in: directory)
    let config = try pagetrace(["replay", "--config", "phone.json"], in: directory)
    #expect(config.status == 65)
    #expect(config.stderr.hasPrefix("phone.json:1:11: expected an integer from 0 to 1048576"))
    let flag = try pagetrace(["replay", "--pages", "1048577"], in: directory)
    #expect(flag.status == 64)
    #expect(flag.stderr.contains("from 0 to 1048576"), "\(flag.stderr)")
  }

  @Test func aTruncatedLastLineIsADataErrorAfterTheEarlierRecords() throws {
    let run = try replay(trace(then: #"{"t":0.5,"touch":"down","id":1,"x":18"#, newline: false))
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("t.jsonl:4:"), "\(run.stderr)")
    #expect(run.stderr.contains("expected"))
    expectFirstRecordIntact(run)
  }

  @Test func badUTF8IsADataErrorWithItsColumn() throws {
    var bytes = Data(trace(then: "").utf8.dropLast())
    bytes.append(
      contentsOf: Array(#"{"t":0.5,"session":"a"#.utf8) + [0xFF] + Array(#""}"#.utf8) + [10])
    let directory = try scratch()
    try bytes.write(to: directory.appendingPathComponent("t.jsonl"))
    let run = try pagetrace(["replay", "t.jsonl"], in: directory)
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("t.jsonl:4:22: "), "\(run.stderr)")
    expectFirstRecordIntact(run)
  }

  @Test func nanAndOverflowingNumbersAreDataErrors() throws {
    let nan = try replay(trace(then: #"{"t":NaN,"key":"tab"}"#))
    #expect(nan.status == 65)
    #expect(nan.stderr.hasPrefix("t.jsonl:4:6: "), "\(nan.stderr)")
    expectFirstRecordIntact(nan)
    // Anywhere on the line, even in a key nobody reads (docs/behaviour/trace-format.md, "JSON strictness").
    let huge = try replay(trace(then: #"{"t":0.5,"key":"tab","note":1e999}"#))
    #expect(huge.status == 65)
    #expect(huge.stderr.hasPrefix("t.jsonl:4:29: "), "\(huge.stderr)")
    expectFirstRecordIntact(huge)
  }

  @Test func aMissingFieldIsReportedAtColumnOne() throws {
    let run = try replay(trace(then: #"{"t":0.5,"touch":"down","x":1,"y":2}"#))
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("t.jsonl:4:1: expected "), "\(run.stderr)")
    #expect(run.stderr.contains("id"))
    expectFirstRecordIntact(run)
  }

  @Test func timeGoingBackwardsIsADataErrorAtTheTime() throws {
    let run = try replay(trace(then: #"{"t":0.01,"key":"tab"}"#))
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("t.jsonl:4:6: expected "), "\(run.stderr)")
    expectFirstRecordIntact(run)
  }

  @Test func anUnknownPhaseIsADataError() throws {
    let run = try replay(trace(then: #"{"t":0.5,"touch":"hover","id":1,"x":1,"y":2}"#))
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("t.jsonl:4:18: "), "\(run.stderr)")
    #expect(run.stderr.contains("hover"))
    expectFirstRecordIntact(run)
  }

  @Test func emptyAndHeaderOnlyFilesWriteNothingAndSucceed() throws {
    for text in ["", "\n\n", header + "\n"] {
      let run = try replay(text)
      #expect(run.status == 0)
      #expect(run.stdout.isEmpty)
      // Only the file without a line warns (docs/behaviour/exit-statuses.md, "Empty input").
      #expect(
        run.stderr
          == (text.isEmpty ? "pagetrace: warning: the input is empty: nothing was read\n" : ""))
    }
  }

  @Test func aHundredMegabyteLineIsRefusedWithoutLosingAnything() throws {
    let directory = try scratch()
    var text = Data((([header] + twoTaps.prefix(2)).joined(separator: "\n") + "\n").utf8)
    text.append(Data(#"{"t":0.5,"note":""#.utf8))
    text.append(Data(repeating: UInt8(ascii: "a"), count: 100 << 20))
    text.append(Data("\"}\n".utf8))
    text.append(Data((twoTaps[2...].joined(separator: "\n") + "\n").utf8))
    try text.write(to: directory.appendingPathComponent("t.jsonl"))
    let run = try pagetrace(["replay", "t.jsonl"], in: directory)
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("t.jsonl:4:"), "\(run.stderr)")
    #expect(run.stderr.contains("line"))
    expectFirstRecordIntact(run)
    // Skipping it, the rest of the file replays.
    let skipped = try pagetrace(["replay", "--on-error", "skip", "t.jsonl"], in: directory)
    #expect(skipped.status == 0)
    #expect(skipped.records.count == 2)
  }

  @Test func aDirectoryOrAMissingFileIsUnreadableInput() throws {
    let directory = try scratch()
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("d"), withIntermediateDirectories: true)
    let folder = try pagetrace(["replay", "d"], in: directory)
    #expect(folder.status == 66)
    #expect(folder.stderr.contains("d"))
    let missing = try pagetrace(["replay", "nope.jsonl"], in: directory)
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("nope.jsonl"))
  }

  @Test func missingPagesIsADataErrorAtTheFirstEvent() throws {
    let text =
      #"{"pagetrace":1,"control":{"x":0,"y":780,"width":390,"height":30}}"# + "\n\n" + twoTaps[0]
      + "\n"
    let run = try replay(text)
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("t.jsonl:3:1: expected "), "\(run.stderr)")
    #expect(run.stderr.contains("pages"))
  }

  @Test func aHeaderAfterTheFirstLineIsADataError() throws {
    let run = try replay(trace(then: header))
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("t.jsonl:4:"), "\(run.stderr)")
  }

  @Test func skippingBadLinesReportsThemAndGoesOn() throws {
    let text =
      ([header, twoTaps[0], twoTaps[1], "nonsense", #"{"t":0.9}"#] + twoTaps[2...]).joined(
        separator: "\n") + "\n"
    let run = try replay(text, ["--on-error", "skip"])
    #expect(run.status == 0)
    #expect(run.records.count == 2)
    let reports = run.stderr.split(separator: "\n").filter { $0.hasPrefix("t.jsonl:") }
    #expect(reports.count == 2)
    #expect(reports.first?.hasPrefix("t.jsonl:4:1: ") == true)
    #expect(reports.last?.hasPrefix("t.jsonl:5:1: ") == true)
    #expect(run.stderr.hasSuffix("pagetrace: skipped 2 bad lines\n"))
    let strict = try replay(text, ["--on-error", "skip", "--strict"])
    #expect(strict.status == 65)
    #expect(strict.records.count == 2)
  }

  @Test func standardInputIsNamedInErrors() throws {
    let run = try pagetrace(["replay", "-"], input: Data(trace(then: "{").utf8))
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("<stdin>:4:"), "\(run.stderr)")
    expectFirstRecordIntact(run)
  }
}
