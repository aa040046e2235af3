import Foundation
import Testing

/// Started with standard input, output or error closed, the tool puts `/dev/null` there first:
/// no file it opens takes their place, and reading a closed standard input is an error (66).
@Suite struct StandardDescriptorTests {
  let good = ([header] + twoTaps).joined(separator: "\n") + "\n"

  @Test(arguments: [["replay"], ["classify"], ["stats"], ["convert", "--to", "jsonl"]])
  func readingAClosedStandardInputIsAnError(_ command: [String]) throws {
    // The issue's case: the temporary output took descriptor 0 and was read back as input.
    let directory = try scratch()
    let arguments = command.map(shellQuoted).joined(separator: " ")
    let run = try shell(#"exec 0<&-; "$P" \#(arguments) -o out.txt"#, in: directory)
    #expect(run.status == 66, "\(run.stderr)")
    #expect(run.stderr.contains("<stdin>: standard input is closed"), "\(run.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.txt").path))
  }

  @Test func skippingAClosedStandardInputIsStill66() throws {
    let directory = try scratch()
    try write(good, to: "a.jsonl", in: directory)
    let run = try shell(
      #"exec 0<&-; "$P" replay --on-error skip a.jsonl - -o out.jsonl"#, in: directory)
    #expect(run.status == 66, "\(run.stderr)")
    #expect(run.stderr.contains("<stdin>: standard input is closed"), "\(run.stderr)")
  }

  @Test func aClosedStandardInputUnreadIsNoProblem() throws {
    let directory = try scratch()
    try write(good, to: "a.jsonl", in: directory)
    let run = try shell(#"exec 0<&-; "$P" replay a.jsonl -o out.jsonl"#, in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    let out = try String(contentsOf: directory.appendingPathComponent("out.jsonl"), encoding: .utf8)
    #expect(out.split(separator: "\n").count == 2, "\(out)")
  }

  @Test func writingToAClosedStandardOutputIsAWriteError() throws {
    let directory = try scratch()
    try write(good, to: "a.jsonl", in: directory)
    let run = try shell(#"exec 1>&-; "$P" replay a.jsonl"#, in: directory)
    #expect(run.status == 74, "\(run.stderr)")
    #expect(run.stderr.contains("<stdout>: Bad file descriptor"), "\(run.stderr)")
  }

  @Test func aClosedStandardErrorTakesNoFileOfTheRun() throws {
    // The error message goes nowhere, but never into the output's temporary file (which,
    // without the guard, takes descriptor 2 and is then kept as `out.jsonl.partial`).
    let directory = try scratch()
    try write("{oops\n", to: "bad.jsonl", in: directory)
    let run = try shell(#"exec 2>&-; "$P" replay bad.jsonl -o out.jsonl"#, in: directory)
    #expect(run.status == 65)
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.jsonl").path))
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("out.jsonl.partial").path))
  }
}
