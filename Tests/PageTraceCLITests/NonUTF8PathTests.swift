import Foundation
import Testing

/// Paths are the bytes of `argv`, UTF-8 or not: `-o`, inputs and `--config` open the file
/// they name (never the one whose name has U+FFFD in their place), and messages and records
/// name them with each byte that is not UTF-8 written `\xHH`. `Process` takes arguments as
/// strings, so these run through `sh`, whose `printf` makes the bytes (`\376` is 0xFE).
@Suite struct NonUTF8PathTests {
  let good = ([header] + twoTaps).joined(separator: "\n") + "\n"

  @Test func anOutputNamedWithAByteThatIsNotUTF8IsThatFileAndNoOther() throws {
    // The issue's case: `-o $'out\xfe.jsonl'` wrote over `out\xEF\xBF\xBD.jsonl` (U+FFFD).
    let directory = try scratch()
    try write(good, to: "t.jsonl", in: directory)
    try write("unrelated\n", to: "out\u{FFFD}.jsonl", in: directory)
    let run = try shell(
      #"o="$(printf 'out\376.jsonl')"; "$P" replay t.jsonl -o "$o" && cat "$o""#, in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").count == 2)
    let other = try String(
      contentsOf: directory.appendingPathComponent("out\u{FFFD}.jsonl"), encoding: .utf8)
    #expect(other == "unrelated\n")
  }

  @Test(arguments: [#"--output="$o""#, #"-o"$o""#, #"-o="$o""#])
  func everyFormOfTheOptionKeepsTheBytes(_ option: String) throws {
    let directory = try scratch()
    try write(good, to: "t.jsonl", in: directory)
    let run = try shell(
      #"o="$(printf 'o\376.jsonl')"; "$P" replay t.jsonl \#(option) && wc -l < "$o""#,
      in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(String(decoding: run.stdout, as: UTF8.self).filter { $0 != " " } == "2\n")
    let replaced = directory.appendingPathComponent("o\u{FFFD}.jsonl").path
    #expect(!FileManager.default.fileExists(atPath: replaced))
  }

  @Test func anInputNamedWithAByteThatIsNotUTF8Opens() throws {
    // The issue's case: `bad\xff.jsonl` was "No such file".
    let directory = try scratch()
    try write(good, to: "t.jsonl", in: directory)
    let run = try shell(
      #"i="$(printf 'bad\377.jsonl')"; cp t.jsonl "$i" && "$P" replay "$i" t.jsonl"#,
      in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 4)
    // In JSON the backslash of \xFF is escaped.
    #expect(lines.first?.hasSuffix(#","file":"bad\\xFF.jsonl"}"#) == true, "\(lines)")
  }

  @Test func messagesNameSuchPathsWithTheBytesEscaped() throws {
    let directory = try scratch()
    let missing = try shell(#""$P" replay "$(printf 'missing\377.jsonl')""#, in: directory)
    #expect(missing.status == 66)
    #expect(missing.stderr == "pagetrace: error: missing\\xFF.jsonl: No such file or directory\n")
    // Valid UTF-8 around the bad byte stays as it is: é, then 0xFF, then a cut-off € (E2 82).
    let mixed = try shell(
      #""$P" replay "$(printf 'caf\303\251\377\342\202.jsonl')""#, in: directory)
    #expect(mixed.status == 66)
    #expect(
      mixed.stderr == "pagetrace: error: café\\xFF\\xE2\\x82.jsonl: No such file or directory\n")
  }

  @Test func theSameFileCheckComparesTheBytes() throws {
    let directory = try scratch()
    try write(good, to: "t.jsonl", in: directory)
    let run = try shell(
      #"i="$(printf 'in\376.jsonl')"; cp t.jsonl "$i" && "$P" replay "$i" -o "$i"; s=$?; "#
        + #"cmp t.jsonl "$i" && exit $s"#, in: directory)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("in\\xFE.jsonl: the output is also an input"), "\(run.stderr)")
  }

  @Test func aConfigurationNamedWithAByteThatIsNotUTF8Opens() throws {
    let directory = try scratch()
    try write(good, to: "t.jsonl", in: directory)
    // With one page no tap moves: read, the configuration leaves no transition.
    let run = try shell(
      #"c="$(printf 'c\376.json')"; echo '{"pages":1}' > "$c" && "$P" replay t.jsonl --config "$c""#,
      in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty, "\(String(decoding: run.stdout, as: UTF8.self))")
  }
}
