import Foundation
import Testing

/// Names take bounded memory (issue 20, item 9; docs/behaviour/limits.md, "Limits"): refused
/// sessions and ended string ids are not kept, and names are at most 4 KiB. Peak resident
/// memory is read from the kernel for the child alone (``measuredPagetrace(_:in:keepingErrors:)``,
/// its `VmHWM`); nothing is timed.
///
/// The inputs are those of the issue, smaller so that the debug build gets through them
/// quickly; each test also runs a quarter of its input, and the memory may not grow with the
/// input. Before the fix, the growth alone was about 56 bytes a refused session and 26 (replay)
/// to 40 (classify) bytes a string id.
@Suite struct NameMemoryTests {
  static let limit = 64.0  // MB

  @Test func refusedSessionsAreNotKept() throws {
    let directory = try scratch()
    var peaks: [Double] = []
    // 187,500 more refused sessions: about 10.5 MB more if each were kept (56 bytes).
    for count in [62_500, 250_000] {
      let url = directory.appendingPathComponent("sessions-\(count).jsonl")
      try writeLines(to: url, first: header, count: count) { index, line in
        line += Array(#"{"t":0,"session":"s\#(index)","key":"right"}"#.utf8)
      }
      let run = try measuredPagetrace(
        ["replay", "-q", "--max-sessions", "1", "--on-error", "skip", url.path],
        in: directory)
      #expect(run.status == 0)
      peaks.append(run.peakMegabytes)
      try FileManager.default.removeItem(at: url)
    }
    #expect(peaks[1] <= Self.limit, "\(peaks)")
    #expect(peaks[1] - peaks[0] < 4, "187,500 more refused sessions took room: \(peaks) MB")
  }

  @Test(arguments: ["replay", "classify", "stats"])
  func endedStringIdsAreNotKept(command: String) throws {
    let directory = try scratch()
    var peaks: [Double] = []
    for pairs in [125_000, 500_000] {
      let url = directory.appendingPathComponent("ids-\(pairs).jsonl")
      // Each finger down and up under an id never seen before.
      try writeLines(to: url, first: header, count: 2 * pairs) { index, line in
        let phase = index % 2 == 0 ? "down" : "up"
        line += Array(
          #"{"t":\#(index / 2),"touch":"\#(phase)","id":"f\#(index / 2)","x":10,"y":400}"#.utf8)
      }
      let run = try measuredPagetrace([command, "-q", url.path], in: directory)
      #expect(run.status == 0)
      peaks.append(run.peakMegabytes)
      try FileManager.default.removeItem(at: url)
    }
    #expect(peaks[1] <= Self.limit, "\(peaks)")
    #expect(peaks[1] - peaks[0] < 4, "375,000 more string ids took room: \(peaks) MB")
  }

  @Test func endedStringIdsAreNotKeptInBinaryTraces() throws {
    let directory = try scratch()
    var peaks: [Double] = []
    for pairs in [125_000, 500_000] {
      let url = directory.appendingPathComponent("ids-\(pairs).jsonl")
      try writeLines(to: url, first: header, count: 2 * pairs) { index, line in
        let phase = index % 2 == 0 ? "down" : "up"
        line += Array(
          #"{"t":\#(index / 2),"touch":"\#(phase)","id":"f\#(index / 2)","x":10,"y":400}"#.utf8)
      }
      let binary = directory.appendingPathComponent("ids-\(pairs).bin")
      #expect(
        try pagetrace(["convert", url.path, "-o", binary.path], timeout: 600).status == 0)
      let run = try measuredPagetrace(["classify", "-q", binary.path], in: directory)
      #expect(run.status == 0)
      peaks.append(run.peakMegabytes)
      try FileManager.default.removeItem(at: url)
      try FileManager.default.removeItem(at: binary)
    }
    #expect(peaks[1] <= Self.limit, "\(peaks)")
    #expect(peaks[1] - peaks[0] < 4, "375,000 more string ids took room: \(peaks) MB")
  }

  @Test func longSessionNamesAreRefusedNotKept() throws {
    let directory = try scratch()
    let url = directory.appendingPathComponent("long.jsonl")
    // 150 sessions named with 500 KB each: 75 MB of names if they were kept.
    let count = 150
    try writeLines(to: url, first: header, count: count) { index, line in
      line += Array(#"{"t":0,"session":""#.utf8)
      line += Array(repeating: UInt8(ascii: "a"), count: 500_000)
      line += Array(#"\#(index)","key":"right"}"#.utf8)
    }
    let run = try measuredPagetrace(
      ["replay", "--max-sessions", "1", "--on-error", "skip", url.path], in: directory,
      keepingErrors: true)
    #expect(run.status == 0)
    #expect(run.peakMegabytes <= Self.limit, "\(run.peakMegabytes) MB")
    #expect(run.stderr.contains("pagetrace: skipped \(count) bad lines"))
    #expect(
      run.stderr.hasPrefix(
        url.path + ":2:18: expected a session name of at most 4096 bytes, found 500001 bytes: "))
  }

  /// 4,096 bytes are allowed, 4,097 are not, counted after escapes are decoded.
  @Test func theBoundIsFourKibibytesOfDecodedUTF8() throws {
    let directory = try scratch()
    let a4096 = String(repeating: "a", count: 4096)
    let a4097 = String(repeating: "a", count: 4097)
    // 4,090 bytes and six escaped `A`s: 4,096 decoded bytes in 4,126 written ones.
    let escaped = String(repeating: "a", count: 4090) + String(repeating: #"\u0041"#, count: 6)
    // 4,095 bytes and an escaped é (2 bytes of UTF-8): 4,097.
    let accented = String(repeating: "a", count: 4095) + #"\u00e9"#
    let good = [
      header,
      #"{"t":0,"session":"\#(a4096)","key":"right"}"#,
      #"{"t":0,"session":"\#(escaped)","key":"right"}"#,
      #"{"t":0,"touch":"down","id":"\#(a4096)","x":1,"y":2}"#,
      #"{"t":0,"touch":"up","id":"\#(escaped)","x":1,"y":2}"#,
    ]
    try write(good.joined(separator: "\n") + "\n", to: "good.jsonl", in: directory)
    #expect(try pagetrace(["replay", "good.jsonl"], in: directory).status == 0)
    for (line, column, what, found) in [
      (#"{"t":0,"session":"\#(a4097)","key":"right"}"#, 18, "session name", 4097),
      (#"{"t":0,"key":"right","session":"\#(accented)"}"#, 32, "session name", 4097),
      (#"{"t":0,"touch":"down","id":"\#(a4097)","x":1,"y":2}"#, 28, "string touch id", 4097),
      (#"{"t":0,"id":"\#(accented)","touch":"up","x":1,"y":2}"#, 13, "string touch id", 4097),
    ] {
      try write(header + "\n" + line + "\n", to: "bad.jsonl", in: directory)
      let run = try pagetrace(["replay", "bad.jsonl"], in: directory)
      #expect(run.status == 65)
      #expect(
        run.stderr.hasPrefix(
          "bad.jsonl:2:\(column): expected a \(what) of at most 4096 bytes, found \(found) bytes: \""
        ), "\(run.stderr.prefix(120))")
    }
  }

  /// A string id used again after its touch ended is named right, in every command that
  /// names fingers, and ids down in two sessions stay apart until both have ended.
  @Test func reusedNumbersKeepTheirNames() throws {
    let directory = try scratch()
    let lines = [
      header,
      #"{"t":0,"touch":"down","session":"a","id":"x","x":10,"y":400}"#,
      #"{"t":0,"touch":"down","session":"b","id":"x","x":10,"y":400}"#,
      #"{"t":1,"touch":"up","session":"a","id":"x","x":10,"y":400}"#,
      // "x" is still down in b: "y" takes a number of its own.
      #"{"t":1,"touch":"down","session":"a","id":"y","x":10,"y":400}"#,
      #"{"t":2,"touch":"up","session":"a","id":"y","x":10,"y":400}"#,
      // "y" ended: "z" may take its number.
      #"{"t":2,"touch":"down","session":"a","id":"z","x":10,"y":400}"#,
      #"{"t":3,"touch":"up","session":"b","id":"x","x":10,"y":400}"#,
      #"{"t":3,"touch":"up","session":"a","id":"z","x":10,"y":400}"#,
      #"{"t":4,"touch":"move","id":"w","x":10,"y":400}"#,
      #"{"t":4,"touch":"down","id":"v","x":10,"y":400}"#,
      #"{"t":5,"touch":"up","id":"v","x":10,"y":400}"#,
    ]
    try write(lines.joined(separator: "\n") + "\n", to: "t.jsonl", in: directory)
    let run = try pagetrace(["classify", "--format", "csv", "t.jsonl"], in: directory)
    #expect(run.status == 0)
    #expect(
      run.stdout.split(separator: "\n").dropFirst().map {
        $0.split(separator: ",", omittingEmptySubsequences: false).prefix(4)
      }
      .map { $0.joined(separator: ",") } == [
        "a,x,long-press,0", "a,y,long-press,1", "b,x,long-press,0", "a,z,long-press,2",
        ",v,long-press,4",
      ])
    #expect(try pagetrace(["convert", "t.jsonl", "-o", "t.bin"], in: directory).status == 0)
    let back = try pagetrace(["convert", "t.bin", "--to", "jsonl", "-o", "-"], in: directory)
    #expect(back.stdout == lines.joined(separator: "\n") + "\n")
    // The binary reader frees and reuses numbers the same way.
    // (Each row names its input: `t.bin` in place of `t.jsonl`.)
    let binary = try pagetrace(["classify", "--format", "csv", "t.bin"], in: directory)
    #expect(binary.stdout == run.stdout.replacingOccurrences(of: ",t.jsonl\n", with: ",t.bin\n"))
  }
}
