import Foundation
import Testing

/// Replaying one input in parts, as a cluster would: `--shard K/N` replays a stable share
/// of the sessions, `--emit-key` gives every record the line and place that order it, and
/// `--name` names a part in records and errors.
@Suite struct SplitReplayTests {
  /// A generated trace of several interleaved sessions, in a fresh folder.
  func sessionsTrace() throws -> URL {
    let directory = try scratch()
    let generate = try pagetrace(
      ["generate", "--events", "20000", "--seed", "5", "--sessions", "5", "-o", "g.jsonl"],
      in: directory)
    #expect(generate.status == 0)
    return directory
  }

  /// The records' lines without their ordering keys.
  func withoutKeys(_ text: String) -> String {
    text.replacing(/,"line":\d+,"index":\d+\}/, with: "}")
  }

  @Test func keysOrderTheRecordsOfOneReplayAndChangeNothingElse() throws {
    let directory = try sessionsTrace()
    let plain = try pagetrace(["replay", "--emit", "all", "g.jsonl"], in: directory)
    let keyed = try pagetrace(["replay", "--emit", "all", "--emit-key", "g.jsonl"], in: directory)
    #expect(keyed.status == 0)
    #expect(withoutKeys(keyed.stdout) == plain.stdout)
    let keys = keyed.records.map { ($0["line"] as! Int, $0["index"] as! Int) }
    #expect(keys.count > 1000)
    // In output order, (line, index) strictly increases and each line's indices count from 0.
    for (previous, next) in zip(keys, keys.dropFirst()) {
      #expect(previous.0 < next.0 ? next.1 == 0 : previous.0 == next.0 && next.1 == previous.1 + 1)
    }
    // A record's line is an event line of its session, at or after the record's time.
    let lines = try String(contentsOf: directory.appendingPathComponent("g.jsonl"), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    for record in keyed.records.prefix(300) {
      let event =
        try JSONSerialization.jsonObject(
          with: Data(lines[(record["line"] as! Int) - 1].utf8)) as! NSDictionary
      #expect(event["session"] as? String == record["session"] as? String)
      #expect((event["t"] as! Double) >= (record["t"] as! Double))
    }
  }

  @Test(arguments: [1, 2, 3, 7])
  func shardsMergedByKeyAreTheWholeReplay(count: Int) throws {
    let directory = try sessionsTrace()
    let whole = try pagetrace(
      ["replay", "--emit", "all", "--emit-key", "g.jsonl"], in: directory)
    var merged: [(line: Int, index: Int, text: Substring)] = []
    var sessionsSeen: [String: Int] = [:]
    for index in 0..<count {
      let part = try pagetrace(
        ["replay", "--emit", "all", "--emit-key", "--shard", "\(index)/\(count)", "g.jsonl"],
        in: directory)
      #expect(part.status == 0, "\(part.stderr)")
      for (text, record) in zip(part.stdout.split(separator: "\n"), part.records) {
        merged.append((record["line"] as! Int, record["index"] as! Int, text))
        let session = record["session"] as? String ?? ""
        // Every session belongs to exactly one shard.
        #expect(sessionsSeen[session, default: index] == index)
        sessionsSeen[session] = index
      }
    }
    merged.sort { ($0.line, $0.index) < ($1.line, $1.index) }
    #expect(merged.map { $0.text + "\n" }.joined() == whole.stdout)
    #expect(sessionsSeen.count == 5)
  }

  @Test func aShardAccountsForEveryLineAndStillFailsOnABadLine() throws {
    let directory = try sessionsTrace()
    let run = try pagetrace(["replay", "--shard", "1/3", "--summary", "g.jsonl"], in: directory)
    #expect(run.status == 0)
    let numbers = run.stderr.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    // lines read = header + blank + applied + ignored + other shards + skipped
    #expect(
      numbers[0] == numbers[1] + numbers[2] + numbers[3] + numbers[4] + numbers[5] + numbers[6])
    #expect(run.stderr.contains("events of other shards"))
    // A bad line whose session can be read without decoding fails that session's shard; one
    // whose session cannot (here a nested object) fails every shard.
    try write(
      #"{"pagetrace":1,"pages":3}"# + "\n" + #"{"t":1,"session":"zz","key":oops}"# + "\n",
      to: "bad.jsonl", in: directory)
    try write(
      #"{"pagetrace":1,"pages":3}"# + "\n" + #"{"t":1,"session":"zz","x":{},"key":oops}"# + "\n",
      to: "nested.jsonl", in: directory)
    var failing = 0
    for index in 0..<3 {
      let bad = try pagetrace(["replay", "--shard", "\(index)/3", "bad.jsonl"], in: directory)
      // FNV-1a 64 of "zz" is 0x08f74e07b5925515, remainder 2 divided by 3.
      if index == 2 {
        failing += 1
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("bad.jsonl:2:"))
      } else {
        #expect(bad.status == 0)
      }
      let nested = try pagetrace(
        ["replay", "--shard", "\(index)/3", "nested.jsonl"], in: directory)
      #expect(nested.status == 65)
      #expect(nested.stderr.hasPrefix("nested.jsonl:2:"))
    }
    #expect(failing == 1)
  }

  @Test func theShardOfASessionIsItsNamesFNV1aHash() throws {
    // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c, of "" (the default session) 0xcbf29ce484222325.
    let directory = try scratch()
    let trace =
      [
        #"{"pagetrace":1,"pages":5,"control":{"x":0,"y":780,"width":390,"height":30}}"#,
        #"{"t":0,"session":"a","a11y":"increment"}"#, #"{"t":0,"a11y":"increment"}"#,
      ].joined(separator: "\n") + "\n"
    try write(trace, to: "t.jsonl", in: directory)
    for count in [2, 3, 5, 7] {
      for index in 0..<count {
        let run = try pagetrace(
          ["replay", "--shard", "\(index)/\(count)", "t.jsonl"], in: directory)
        let sessions = run.records.map { $0["session"] as? String ?? "" }
        #expect(sessions.contains("a") == (0xaf63_dc4c_8601_ec8c % UInt64(count) == UInt64(index)))
        #expect(sessions.contains("") == (0xcbf2_9ce4_8422_2325 % UInt64(count) == UInt64(index)))
      }
    }
  }

  @Test(arguments: ["3/3", "-1/2", "1", "a/b", "0/0", "1/2/3"])
  func aBadShardIsAUsageError(value: String) throws {
    let run = try pagetrace(["replay", "--shard", value, "Traces/tap.jsonl"], in: repository)
    #expect(run.status == 64)
    #expect(run.stderr.contains("invalid value for '--shard'"))
  }

  @Test func aNameNamesTheInputInRecordsAndErrors() throws {
    let directory = try scratch()
    let tap = try String(
      contentsOf: repository.appendingPathComponent("Traces/tap.jsonl"), encoding: .utf8)
    try write(tap + #"{"t":9,"key":"nope"}"# + "\n", to: "t.jsonl", in: directory)
    let lines = tap.split(separator: "\n").count
    for input in ["t.jsonl", "-"] {
      let run = try pagetrace(
        ["replay", "--name", "part-3", input], in: directory,
        input: input == "-" ? Data((tap + #"{"t":9,"key":"nope"}"# + "\n").utf8) : Data())
      #expect(run.status == 65)
      #expect(!run.records.isEmpty)
      #expect(run.records.allSatisfy { $0["file"] as? String == "part-3" })
      #expect(run.stderr.hasPrefix("part-3:\(lines + 1):"))
    }
    let two = try pagetrace(
      ["replay", "--name", "x", "Traces/tap.jsonl", "Traces/scrub.jsonl"], in: repository)
    #expect(two.status == 64)
    #expect(two.stderr.contains("'--name' names one input"))
  }
}
