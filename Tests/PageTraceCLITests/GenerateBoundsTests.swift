import Foundation
import Testing

/// `generate`'s options over their whole ranges (issue 20, items 7 and 14;
/// docs/behaviour/inspect-convert-generate.md, "Generation").
@Suite struct GenerateBoundsTests {
  @Test func anyNumberOfSessionsIsLazy() throws {
    let directory = try scratch()
    let out = directory.appendingPathComponent("g.jsonl").path
    let run = try measuredPagetrace(
      [
        "generate", "--events", "1000", "--seed", "1", "--sessions", "9223372036854775807", "-o",
        out,
      ],
      in: directory)
    #expect(run.status == 0)
    #expect(run.peakMegabytes <= 64, "\(run.peakMegabytes) MB")
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 1001)
    // The same trace as with exactly as many sessions as events (the rest never perform).
    let same = try pagetrace(
      ["generate", "--events", "1000", "--seed", "1", "--sessions", "1000"], in: directory)
    #expect(same.stdout == text)
    #expect(
      try pagetrace(["generate", "--events", "1", "--sessions", "9223372036854775808"]).status
        == 64)
  }

  @Test func everyUInt64IsASeed() throws {
    func trace(_ seed: String) throws -> Run {
      try pagetrace(["generate", "--events", "200", "--seed", seed])
    }
    let top = try trace("18446744073709551615")
    #expect(top.status == 0)
    #expect(top.stdout.split(separator: "\n").count == 201)
    #expect(try trace("18446744073709551615").stdout == top.stdout)
    let half = try trace("9223372036854775808")
    #expect(half.status == 0)
    #expect(half.stdout != top.stdout)
    #expect(half.stdout != (try trace("0")).stdout)
    for bad in ["18446744073709551616", "-1", "1.5", ""] {
      let run = try trace(bad)
      #expect(run.status == 64, "\(bad)")
      #expect(
        run.stderr.hasPrefix(
          "pagetrace: error: invalid value for '--seed': expected an integer from 0 to 18446744073709551615, found '\(bad)'"
        ))
    }
  }

  @Test func pagesBeyondTheLimitAreRefusedAsReplayRefusesThem() throws {
    let run = try pagetrace(["generate", "--events", "1", "--pages", "9999999"])
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.hasPrefix(
        "pagetrace: error: invalid value for '--pages': expected an integer from 0 to 1048576 for \"pages\", found '9999999'"
      ))
    let most = try pagetrace(["generate", "--events", "1", "--pages", "1048576"])
    #expect(most.status == 0)
    #expect(most.stdout.hasPrefix(#"{"pagetrace":1,"pages":1048576,"#))
  }
}
