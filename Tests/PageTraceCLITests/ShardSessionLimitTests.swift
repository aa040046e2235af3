import Foundation
import Testing

/// `--shard K/N` with `--max-sessions`: every shard counts the sessions of the whole input,
/// so the shards refuse the sessions the single replay refuses (issue 20, item 13;
/// docs/behaviour/replay.md, "Replay command").
@Suite struct ShardSessionLimitTests {
  /// A tap in each of six sessions, then one more in the first. Some session names are
  /// written with an escape (`s\u0033` is `s3`), so that their lines are decoded, not passed
  /// over by the shard's quick look, and one session is the default one.
  static func trace(escaped: Bool) -> String {
    var lines = [header]
    for index in 1...6 {
      let session =
        index == 5 ? nil : (escaped && index % 2 == 1 ? #"s\u003\#(index)"# : "s\(index)")
      let field = session.map { #","session":"\#($0)""# } ?? ""
      lines.append(#"{"t":\#(index)\#(field),"touch":"down","id":1,"x":187,"y":795}"#)
      lines.append(#"{"t":\#(index).05\#(field),"touch":"up","id":1,"x":187,"y":795}"#)
    }
    lines.append(#"{"t":9,"session":"s1","touch":"down","id":1,"x":300,"y":795}"#)
    lines.append(#"{"t":9.05,"session":"s1","touch":"up","id":1,"x":300,"y":795}"#)
    return lines.joined(separator: "\n") + "\n"
  }

  @Test(arguments: [false, true])
  func shardsStopWhereTheWholeReplayStops(escaped: Bool) throws {
    let directory = try scratch()
    try write(Self.trace(escaped: escaped), to: "six.jsonl", in: directory)
    let limit = ["--max-sessions", "4", "--emit-key"]
    let whole = try pagetrace(["replay"] + limit + ["six.jsonl"], in: directory)
    #expect(whole.status == 65)
    // The fifth session (the default one) first comes at line 10.
    #expect(whole.stderr.hasPrefix("six.jsonl:10:"))
    var parts: [Substring] = []
    for shard in ["0/2", "1/2", "0/3", "1/3", "2/3"] {
      let run = try pagetrace(["replay"] + limit + ["--shard", shard, "six.jsonl"], in: directory)
      #expect(run.status == 65, "shard \(shard)")
      #expect(run.stderr == whole.stderr, "shard \(shard)")
      if shard.hasSuffix("/2") { parts += run.stdout.split(separator: "\n") }
    }
    // The two halves hold exactly the records the whole replay wrote before it stopped.
    #expect(parts.sorted() == whole.stdout.split(separator: "\n").sorted())
  }

  @Test(arguments: [false, true])
  func skippedSessionsAreSkippedByTheirOwnShardOnly(escaped: Bool) throws {
    let directory = try scratch()
    try write(Self.trace(escaped: escaped), to: "six.jsonl", in: directory)
    let flags = ["--max-sessions", "4", "--on-error", "skip", "--emit-key"]
    let whole = try pagetrace(["replay"] + flags + ["six.jsonl"], in: directory)
    #expect(whole.status == 0)
    #expect(whole.stderr.hasSuffix("pagetrace: skipped 4 bad lines\n"))
    var records: [Substring] = []
    var reported: [Substring] = []
    for shard in ["0/2", "1/2"] {
      let run = try pagetrace(["replay"] + flags + ["--shard", shard, "six.jsonl"], in: directory)
      #expect(run.status == 0)
      records += run.stdout.split(separator: "\n")
      reported += run.stderr.split(separator: "\n").filter { $0.hasPrefix("six.jsonl:") }
    }
    #expect(records.sorted() == whole.stdout.split(separator: "\n").sorted())
    #expect(
      reported.sorted()
        == whole.stderr.split(separator: "\n").filter { $0.hasPrefix("six.jsonl:") }.sorted())
    // s1's second tap (line 14) is replayed: s1 is among the first four sessions.
    #expect(whole.stdout.contains(#""t":9.05"#))
  }
}
