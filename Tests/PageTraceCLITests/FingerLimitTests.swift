import Foundation
import Testing

/// Issue 39's bounds that a small input shows: at most 1,024 fingers down at once in a
/// trace, `convert` held to replay's bounds, and its smaller points (docs/behaviour/limits.md).
/// The memory these bounds keep flat is measured in MemoryBoundsTests.
@Suite struct FingerLimitTests {
  /// `count` downs of fingers 1, 2, … that never lift, 1 ms apart, on the control.
  static func downs(_ count: Int, id: (Int) -> String = { "\($0)" }) -> [String] {
    (1...count).map {
      #"{"t":\#(Double($0) / 1000),"touch":"down","id":\#(id($0)),"x":100,"y":790}"#
    }
  }

  @Test(arguments: ["replay", "classify", "stats"])
  func theDownOfFinger1025IsADataErrorAtItsId(command: String) throws {
    let directory = try scratch()
    let file = try write(
      ([header] + Self.downs(1025)).joined(separator: "\n") + "\n", to: "f.jsonl", in: directory)
    let run = try pagetrace([command, file.lastPathComponent], in: directory)
    #expect(run.status == 65)
    // Line 1 is the header, so finger 1,025 is on line 1,026; its line reads
    // {"t":1.025,"touch":"down","id":1025,… and the id's value starts at column 32.
    #expect(
      run.stderr.contains(
        "f.jsonl:1026:32: expected at most 1024 fingers down at once, all sessions together"),
      "\(run.stderr)")
  }

  @Test func fingersInAnySessionCountTogetherAndAnUpMakesRoom() throws {
    let directory = try scratch()
    // 1,024 fingers down across two sessions; one lifts; one more goes down: all accepted.
    var lines = [header]
    for n in 1...1024 {
      lines.append(
        #"{"t":\#(Double(n) / 1000),"session":"s\#(n % 2)","touch":"down","id":\#(n),"x":100,"y":790}"#
      )
    }
    lines.append(#"{"t":2,"session":"s0","touch":"up","id":2,"x":100,"y":790}"#)
    lines.append(#"{"t":3,"session":"s1","touch":"down","id":"new","x":100,"y":790}"#)
    let accepted = try write(lines.joined(separator: "\n") + "\n", to: "a.jsonl", in: directory)
    #expect(try pagetrace(["stats", accepted.path], in: directory).status == 0)
    // Without the up, the last down is one too many: line 1,026 (the header, 1,024 downs,
    // then it).
    lines.remove(at: 1025)
    let refused = try write(lines.joined(separator: "\n") + "\n", to: "r.jsonl", in: directory)
    let run = try pagetrace(["stats", refused.path], in: directory)
    #expect(run.status == 65)
    #expect(run.stderr.contains("r.jsonl:1026:"), "\(run.stderr)")
  }

  @Test func skippedExcessDownsAreCountedAsBadLines() throws {
    let directory = try scratch()
    let file = try write(
      ([header] + Self.downs(1500, id: { "\"f\($0)\"" })).joined(separator: "\n") + "\n",
      to: "s.jsonl", in: directory)
    let run = try pagetrace(["classify", "--on-error", "skip", file.path], in: directory)
    #expect(run.status == 0)
    // 1,500 downs, of which 1,024 fit.
    #expect(run.stderr.contains("pagetrace: skipped 476 bad lines"), "\(run.stderr)")
    let strict = try pagetrace(
      ["replay", "--on-error", "skip", "--strict", "--summary", file.path], in: directory)
    #expect(strict.status == 65)
    // --summary is for a run that does not fail; --strict makes this one fail.
    #expect(!strict.stderr.contains("pagetrace: summary:"), "\(strict.stderr)")
  }

  @Test func convertKeepsReplaysBounds() throws {
    let directory = try scratch()
    let fingers = try write(
      ([header] + Self.downs(1025)).joined(separator: "\n") + "\n", to: "f.jsonl", in: directory)
    let run = try pagetrace(["convert", "--to", "jsonl", fingers.path], in: directory)
    #expect(run.status == 65)
    #expect(run.stderr.contains("f.jsonl:1026:32: expected at most 1024 fingers down"))
    // Four sessions under a limit of three: the first event of the fourth (line 5) is refused.
    let sessions = (0..<4).map { #"{"t":\#($0),"session":"s\#($0)","key":"right"}"# }
    let four = try write(
      ([header] + sessions).joined(separator: "\n") + "\n", to: "s.jsonl", in: directory)
    let refused = try pagetrace(
      ["convert", "--to", "jsonl", "--max-sessions", "3", four.path], in: directory)
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("s.jsonl:5:"), "\(refused.stderr)")
    let skipped = try pagetrace(
      ["convert", "--to", "jsonl", "--max-sessions", "3", "--on-error", "skip", four.path],
      in: directory)
    #expect(skipped.status == 0)
    #expect(skipped.stdout.split(separator: "\n").count == 4, "header and three sessions")
    #expect(!skipped.stdout.contains("\"s3\""))
  }

  @Test func inspectOfAClosedStandardInputSaysSo() throws {
    let run = try runProgram("/bin/sh", ["-c", "\"$0\" inspect - <&-", executable.path])
    #expect(run.status == 66)
    #expect(run.stderr.contains("standard input is closed"), "\(run.stderr)")
  }

  @Test func inspectAllCountsPastTheSample() throws {
    let directory = try scratch()
    // 12,000 events, past the 10,000 lines told from; 4,000 sessions (t as the session).
    let events = (0..<12_000).map {
      #"{"t":\#($0 / 3),"session":"s\#($0 / 3)","key":"right"}"#
    }
    let file = try write(
      ([header] + events).joined(separator: "\n") + "\n", to: "t.jsonl", in: directory)
    let all = try pagetrace(["inspect", "--all", "--format", "jsonl", file.path], in: directory)
    let found = try #require(all.records.first)
    #expect(found["linesRead"] as? Int == 12_001)
    #expect(found["complete"] as? Bool == true)
    #expect(found["events"] as? Int == 12_000)
    #expect(found["sessions"] as? Int == 4_000)
    let start = try pagetrace(["inspect", "--format", "jsonl", file.path], in: directory)
    let sample = try #require(start.records.first)
    #expect(sample["complete"] as? Bool == false)
    #expect(sample["events"] as? Int == 9_999)  // lines 2 to 10,000
  }
}
