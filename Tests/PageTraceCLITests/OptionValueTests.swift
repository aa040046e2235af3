import Foundation
import Testing

/// Enumerated option values are matched case-sensitively everywhere, and an unknown one gets a
/// "did you mean" where a close one exists; `--format jsonl` for every command that writes
/// JSON; `--strict` needs `--on-error skip`; `--max-line-length` (docs/behaviour/, "Input
/// options", "Limits").
@Suite struct OptionValueTests {
  let tap = repository.appendingPathComponent("Traces/tap.jsonl").path

  @Test(arguments: [
    (
      ["replay", "--from", "CSV"],
      "invalid value for '--from': unknown format 'CSV'; did you mean 'csv'?"
    ),
    (
      ["replay", "--profile", "UIKIT"],
      #"invalid value for '--profile': expected a profile (uikit, legacy, fiori, android) for "profile", found 'UIKIT'; did you mean 'uikit'?"#
    ),
    (
      ["replay", "--direction", "RTL"],
      #"invalid value for '--direction': expected ltr, rtl, ttb, btt or natural for "direction", found 'RTL'; did you mean 'rtl'?"#
    ),
    (
      ["replay", "--emit", "ALL"],
      "invalid value for '--emit': unknown record type 'ALL'; did you mean 'all'?"
    ),
    (
      ["replay", "--format", "JSON"],
      "invalid value for '--format': expected jsonl, csv or parquet, found 'JSON'; did you mean 'jsonl'?"
    ),
    (
      ["replay", "--on-error", "Skip"],
      "invalid value for '--on-error': expected fail or skip, found 'Skip'; did you mean 'skip'?"
    ),
    (
      ["stats", "--format", "Table"],
      "invalid value for '--format': expected table, jsonl, csv or parquet, found 'Table'; did you mean 'table'?"
    ),
    (
      ["lint", "--format", "xml"],
      "invalid value for '--format': expected text, jsonl, csv or parquet, found 'xml'"
    ),
    (
      ["convert", "--to", "Binary"],
      "invalid value for '--to': expected jsonl or binary, found 'Binary'; did you mean 'binary'?"
    ),
    (
      ["classify", "--from", "csv", "--columns", "T=1,phase=2,x=3,y=4"],
      "invalid value for '--columns': expected NAME=COLUMN (t, phase, x, y, id, session; columns by number from 1, or by header name), found 'T=1'; did you mean 't=1'?"
    ),
    (
      ["classify", "--from", "csv", "--columns", "t=1,phase=2,x=3,y=4", "--time-unit", "MS"],
      "invalid value for '--time-unit': expected auto, s, ms, us or ns, found 'MS'; did you mean 'ms'?"
    ),
  ])
  func unknownValuesSuggestTheCloseOne(_ arguments: [String], _ message: String) throws {
    let run = try pagetrace(arguments + [tap])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("pagetrace: error: \(message)\n"), "\(run.stderr)")
  }

  @Test func jsonlIsTheFormatOfLintAndStatsAndJsonItsAlias() throws {
    let many = try scratch()
    try write(#"{"pages":30}"#, to: "c.json", in: many)
    for command in [["lint", "c.json"], ["stats", tap]] {
      let jsonl = try pagetrace(command + ["--format", "jsonl"], in: many)
      let json = try pagetrace(command + ["--format", "json"], in: many)
      #expect(jsonl.status == json.status, "\(command)")
      #expect(!jsonl.records.isEmpty, "\(command): \(jsonl.stdout)")
      #expect(jsonl.stdout == json.stdout, "\(command)")
    }
    let inspect = try pagetrace(["inspect", "--format", "jsonl", tap])
    #expect(inspect.stdout == (try pagetrace(["inspect", "--format", "json", tap])).stdout)
  }

  @Test func strictNeedsSkip() throws {
    for command in ["replay", "classify", "stats", "lint", "convert"] {
      let run = try pagetrace([command, "--strict", tap])
      #expect(run.status == 64, "\(command)")
      #expect(
        run.stderr == """
          pagetrace: error: '--strict' needs '--on-error skip': it makes skipped lines exit 65, and without skipping the first bad line already stops the run with 65
          See 'pagetrace \(command) --help'.

          """)
      #expect(run.stdout.isEmpty)
    }
    #expect(try pagetrace(["replay", "--on-error", "fail", "--strict", tap]).status == 64)
    #expect(try pagetrace(["replay", "--on-error", "skip", "--strict", tap]).status == 0)
  }

  @Test func longLinesNeedMaxLineLength() throws {
    let directory = try scratch()
    // An event padded with 2 MiB of spaces (JSON whitespace): a line of 2 MiB and a bit.
    let spaces = String(repeating: " ", count: 2 << 20)
    let trace =
      [
        #"{"pagetrace":1,"pages":3,"control":{"x":0,"y":0,"width":100,"height":30}}"#,
        #"{"t":0,\#(spaces)"key":"right"}"#,
      ].joined(separator: "\n") + "\n"
    try write(trace, to: "long.jsonl", in: directory)
    let refused = try pagetrace(["replay", "long.jsonl"], in: directory)
    #expect(refused.status == 65)
    #expect(
      refused.stderr == """
        long.jsonl:2:1: expected a line of at most 1048576 bytes, found a longer line
        hint: --max-line-length BYTES reads longer lines (up to 67108864)

        """)
    for command in ["replay", "classify", "stats", "lint", "convert"] {
      let read = try pagetrace(
        [command, "--max-line-length", "4194304", "long.jsonl", "-o", "\(command).out"]
          .filter { command != "lint" || !$0.hasSuffix(".out") && $0 != "-o" },
        in: directory)
      #expect(
        read.status == 0 || (command == "lint" && read.status == 1), "\(command): \(read.stderr)")
    }
    for bad in ["0", "67108865", "1M", "-5"] {
      let run = try pagetrace(["replay", "--max-line-length", bad, "long.jsonl"], in: directory)
      #expect(run.status == 64)
      #expect(
        run.stderr.hasPrefix(
          "pagetrace: error: invalid value for '--max-line-length': expected bytes from 1 to 67108864 (64 MiB), found '\(bad)'\n"
        ))
    }
  }
}
