import Foundation
import Testing

/// No input is ever written over, under any name: not by `-o`, not by a redirection of
/// standard output, not by the `.partial` file a failed run keeps; `--config` is an input
/// like the traces; a FIFO that is both input and output is refused rather than waited on.
@Suite struct InputProtectionTests {
  /// The first tap (one transition, written before the error), then bad JSON on line 4.
  let failsAtLineFour =
    ([header] + twoTaps.prefix(2) + [#"{"t":0.5,"touch":"#] + twoTaps.suffix(2)).joined(
      separator: "\n") + "\n"
  let good = ([header] + twoTaps).joined(separator: "\n") + "\n"
  let configuration = #"{"pages":5}"# + "\n"

  private func contents(_ name: String, in directory: URL) throws -> Data {
    try Data(contentsOf: directory.appendingPathComponent(name))
  }

  private func exists(_ name: String, in directory: URL) -> Bool {
    FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
  }

  // MARK: The kept output is never an input

  @Test(arguments: [["replay"], ["classify"], ["convert", "--to", "jsonl"]])
  func aFailedRunNeverKeepsItsOutputOverAnInputNamedLikeIt(_ command: [String]) throws {
    // The issue's case: the input is `day.jsonl.partial`, the output `day.jsonl`.
    let directory = try scratch()
    try write(failsAtLineFour, to: "day.jsonl.partial", in: directory)
    let run = try pagetrace(command + ["day.jsonl.partial", "-o", "day.jsonl"], in: directory)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(try contents("day.jsonl.partial", in: directory) == Data(failsAtLineFour.utf8))
    #expect(
      run.stderr.contains("what was written before the error is in day.jsonl.1.partial"),
      "\(run.stderr)")
    let kept = String(decoding: try contents("day.jsonl.1.partial", in: directory), as: UTF8.self)
    // replay: the one transition; classify: the one stroke; convert: the header and 2 events.
    let lines = command[0] == "convert" ? 3 : 1
    #expect(kept.split(separator: "\n").count == lines, "\(kept)")
    #expect(!exists("day.jsonl", in: directory))
  }

  @Test func theNextFreeNumberIsTakenWhenSeveralNamesAreInputs() throws {
    let directory = try scratch()
    try write(good, to: "out.jsonl.partial", in: directory)
    try write(good, to: "out.jsonl.1.partial", in: directory)
    try write(failsAtLineFour, to: "bad.jsonl", in: directory)
    let run = try pagetrace(
      ["replay", "out.jsonl.partial", "out.jsonl.1.partial", "bad.jsonl", "-o", "out.jsonl"],
      in: directory)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(try contents("out.jsonl.partial", in: directory) == Data(good.utf8))
    #expect(try contents("out.jsonl.1.partial", in: directory) == Data(good.utf8))
    #expect(run.stderr.contains("is in out.jsonl.2.partial"), "\(run.stderr)")
    // Two transitions of each good file and the first of the bad one.
    let kept = String(decoding: try contents("out.jsonl.2.partial", in: directory), as: UTF8.self)
    #expect(kept.split(separator: "\n").count == 5, "\(kept)")
  }

  @Test func aKeptOutputNamedLikeAHardLinkToTheInputIsNotWrittenThere() throws {
    let directory = try scratch()
    try write(failsAtLineFour, to: "t.jsonl", in: directory)
    try FileManager.default.linkItem(
      at: directory.appendingPathComponent("t.jsonl"),
      to: directory.appendingPathComponent("out.jsonl.partial"))
    let run = try pagetrace(["replay", "t.jsonl", "-o", "out.jsonl"], in: directory)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(try contents("t.jsonl", in: directory) == Data(failsAtLineFour.utf8))
    #expect(try contents("out.jsonl.partial", in: directory) == Data(failsAtLineFour.utf8))
    #expect(exists("out.jsonl.1.partial", in: directory))
  }

  @Test func anOldPartialOutputThatIsNoInputIsReplacedAsBefore() throws {
    let directory = try scratch()
    try write(failsAtLineFour, to: "t.jsonl", in: directory)
    try write("from an earlier run\n", to: "out.jsonl.partial", in: directory)
    let run = try pagetrace(["replay", "t.jsonl", "-o", "out.jsonl"], in: directory)
    #expect(run.status == 65, "\(run.stderr)")
    let kept = String(decoding: try contents("out.jsonl.partial", in: directory), as: UTF8.self)
    #expect(kept.contains(#""from":0,"to":1"#), "\(kept)")
    #expect(!exists("out.jsonl.1.partial", in: directory))
  }

  // MARK: --config is an input

  @Test(arguments: [["replay"], ["classify"], ["stats"], ["render"]])
  func theConfigurationFileMayNotBeTheOutput(_ command: [String]) throws {
    let directory = try scratch()
    try write(good, to: "a.jsonl", in: directory)
    try write(configuration, to: "c.json", in: directory)
    let run = try pagetrace(
      command + ["a.jsonl", "--config", "c.json", "-o", "c.json"], in: directory)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("c.json: the output is also an input"), "\(run.stderr)")
    #expect(try contents("c.json", in: directory) == Data(configuration.utf8))
  }

  @Test func appendingStandardOutputToTheConfigurationFileIsRefused() throws {
    let directory = try scratch()
    try write(good, to: "a.jsonl", in: directory)
    try write(configuration, to: "c.json", in: directory)
    let run = try shell(#""$P" replay a.jsonl --config c.json >> c.json"#, in: directory)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("<stdout>: the output is the same file as the input c.json"))
    #expect(try contents("c.json", in: directory) == Data(configuration.utf8))
  }

  @Test func aFailedRunNeverKeepsItsOutputOverTheConfigurationFile() throws {
    let directory = try scratch()
    try write(failsAtLineFour, to: "t.jsonl", in: directory)
    try write(configuration, to: "out.jsonl.partial", in: directory)
    let run = try pagetrace(
      ["replay", "t.jsonl", "--config", "out.jsonl.partial", "-o", "out.jsonl"], in: directory)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(try contents("out.jsonl.partial", in: directory) == Data(configuration.utf8))
    #expect(exists("out.jsonl.1.partial", in: directory))
  }

  @Test func anEmptyConfigurationPathIsNamedAsSuch() throws {
    let run = try pagetrace(["replay", "--config", ""], input: Data(good.utf8))
    #expect(run.status == 66)
    #expect(run.stderr.contains("'--config' is empty"), "\(run.stderr)")
  }

  // MARK: FIFOs

  @Test(.timeLimit(.minutes(1)))
  func aFIFOThatIsBothInputAndOutputIsRefusedWithoutWaiting() throws {
    let directory = try scratch()
    #expect(mkfifo(directory.appendingPathComponent("ff").path, 0o600) == 0)
    let run = try shell(#""$P" replay ff -o ff"#, in: directory, timeout: 20)
    #expect(!run.timedOut, "the run waited on the FIFO")
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("ff: the output is also an input"), "\(run.stderr)")
  }

  @Test(.timeLimit(.minutes(1)))
  func aFIFOThatIsBothConfigurationAndOutputIsRefusedWithoutWaiting() throws {
    let directory = try scratch()
    try write(good, to: "a.jsonl", in: directory)
    #expect(mkfifo(directory.appendingPathComponent("ff").path, 0o600) == 0)
    let run = try shell(#""$P" replay a.jsonl --config ff -o ff"#, in: directory, timeout: 20)
    #expect(!run.timedOut, "the run waited on the FIFO")
    #expect(run.status == 64, "\(run.stderr)")
  }

  // MARK: An empty output path

  @Test func anEmptyOutputPathIsNamedAsSuch() throws {
    let run = try pagetrace(["replay", "-o", ""], input: Data(good.utf8))
    #expect(run.status == 73)
    #expect(
      run.stderr
        == "pagetrace: error: '--output' is empty: give a file name, or '-' for standard output\n")
  }
}
