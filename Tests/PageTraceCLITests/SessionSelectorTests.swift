import Foundation
import Testing

/// A session selector that matches nothing is a data error (65) naming the sessions seen, for
/// `stats` and `render` alike (docs/behaviour/commands.md, "Session selectors").
@Suite struct SessionSelectorTests {
  /// Sessions "0" and "3", one tap each, and nothing without a session.
  let twoSessions =
    [
      header,
      #"{"t":0,"session":"0","touch":"down","id":1,"x":187,"y":795}"#,
      #"{"t":0.05,"session":"0","touch":"up","id":1,"x":187,"y":795}"#,
      #"{"t":1,"session":"3","touch":"down","id":1,"x":187,"y":795}"#,
      #"{"t":1.05,"session":"3","touch":"up","id":1,"x":187,"y":795}"#,
    ].joined(separator: "\n") + "\n"

  let message =
    #"pagetrace: error: no input holds the session "zzz"; the sessions seen: "0", "3""# + "\n"

  @Test func statsRefusesAndWritesNothing() throws {
    let directory = try scratch()
    try write(twoSessions, to: "t.jsonl", in: directory)
    let run = try pagetrace(["stats", "--session", "zzz", "t.jsonl"], in: directory)
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == message)
    // Not even the header row of CSV, nor a JSON line.
    for format in ["csv", "jsonl"] {
      let other = try pagetrace(
        ["stats", "--format", format, "--session", "zzz", "t.jsonl"], in: directory)
      #expect(other.status == 65 && other.stdout.isEmpty && other.stderr == message, "\(format)")
    }
    // An output file is left as it was, and nothing is kept beside it: nothing was written.
    try write("old\n", to: "out.txt", in: directory)
    let file = try pagetrace(
      ["stats", "--session", "zzz", "t.jsonl", "-o", "out.txt"], in: directory)
    #expect(file.status == 65)
    #expect(file.stderr == message)
    #expect(
      try String(contentsOf: directory.appendingPathComponent("out.txt"), encoding: .utf8)
        == "old\n")
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(left == ["out.txt", "t.jsonl"])
    // --default-session is a selector too.
    let none = try pagetrace(["stats", "--default-session", "t.jsonl"], in: directory)
    #expect(none.status == 65)
    #expect(
      none.stderr
        == #"pagetrace: error: no input holds events without a session (--default-session); the sessions seen: "0", "3""#
        + "\n")
    // A selector that matches is counted as before.
    let fine = try pagetrace(
      ["stats", "--format", "jsonl", "--session", "3", "t.jsonl"], in: directory)
    #expect(fine.status == 0, "\(fine.stderr)")
    #expect(fine.records.first?["events"] as? Int == 2)
  }

  @Test func renderSaysTheSame() throws {
    let directory = try scratch()
    try write(twoSessions, to: "t.jsonl", in: directory)
    let run = try pagetrace(["render", "--session", "zzz", "t.jsonl"], in: directory)
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == message)
  }

  /// Names compare as bytes: "é" written as one code point is not "e" and U+0301.
  @Test func namesCompareAsBytes() throws {
    let directory = try scratch()
    let trace =
      [
        header,
        #"{"t":0,"session":"caf\u00e9","touch":"down","id":1,"x":187,"y":795}"#,
        #"{"t":0.05,"session":"caf\u00e9","touch":"up","id":1,"x":187,"y":795}"#,
      ].joined(separator: "\n") + "\n"
    try write(trace, to: "t.jsonl", in: directory)
    let decomposed = "cafe\u{301}"
    for command in [["stats"], ["render", "-o", "t.svg"]] {
      let other = try pagetrace(command + ["--session", decomposed, "t.jsonl"], in: directory)
      #expect(other.status == 65, "\(command)")
      #expect(
        other.stderr
          == "pagetrace: error: no input holds the session \"\(decomposed)\"; the sessions seen: \"caf\u{E9}\"\n",
        "\(command)")
      let same = try pagetrace(command + ["--session", "caf\u{E9}", "t.jsonl"], in: directory)
      #expect(same.status == 0, "\(command): \(same.stderr)")
    }
  }

  /// At most 20 names are listed, then how many there were and where to see them.
  @Test func manySessionsAreCut() throws {
    let directory = try scratch()
    var lines = [header]
    for index in 0..<25 { lines.append(#"{"t":\#(index),"session":"s\#(index)","key":"right"}"#) }
    try write(lines.joined(separator: "\n") + "\n", to: "t.jsonl", in: directory)
    let shown = (0..<20).map { "\"s\($0)\"" }.joined(separator: ", ")
    let stats = try pagetrace(["stats", "--session", "x", "t.jsonl"], in: directory)
    #expect(stats.status == 65)
    #expect(
      stats.stderr
        == "pagetrace: error: no input holds the session \"x\"; the sessions seen: \(shown), … (25 in all; --by-session lists them)\n"
    )
    let render = try pagetrace(["render", "--session", "x", "t.jsonl"], in: directory)
    #expect(render.status == 65)
    #expect(
      render.stderr
        == "pagetrace: error: no input holds the session \"x\"; the sessions seen: \(shown), … (25 in all; --list-sessions lists them)\n"
    )
  }
}
