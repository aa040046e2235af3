import Foundation
import Testing

/// What a run with its standard streams set by the test did (standard output is wherever the
/// test pointed it).
private struct StreamRun {
  var status: Int32
  var stderr: String
}

/// Runs `pagetrace` in `directory` with the given standard input and output (standard input
/// defaults to `/dev/null`); standard error is captured.
private func pagetrace(
  _ arguments: [String], in directory: URL, standardInput: FileHandle? = nil,
  standardOutput: FileHandle
) throws -> StreamRun {
  let errURL = directory.appendingPathComponent(".stderr-streams")
  FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = directory
  process.standardInput =
    try standardInput ?? FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
  process.standardOutput = standardOutput
  process.standardError = try FileHandle(forWritingTo: errURL)
  try process.run()
  try waitForExit(process, within: programTimeout, what: "pagetrace \(arguments)")
  return StreamRun(
    status: process.terminationStatus,
    stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// `/dev/full`, opened for writing: every write fails with `ENOSPC`.
private func devFull() throws -> FileHandle {
  try #require(FileHandle(forWritingAtPath: "/dev/full"))
}

/// The bytes of a file.
private func contents(_ name: String, in directory: URL) throws -> Data {
  try Data(contentsOf: directory.appendingPathComponent(name))
}

/// Whether a file exists in `directory`.
private func exists(_ name: String, in directory: URL) -> Bool {
  FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
}

/// The temporary files of the output sink (`.NAME.pagetrace-*`) left in `directory`.
private func leftovers(in directory: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
    $0.contains(".pagetrace-")
  }
}

/// Outputs: checked against the inputs before anything is read, replaced only on success, the
/// partial output kept after a failure, write failures named, standard input named `<stdin>`.
@Suite struct OutputSafetyTests {
  /// Two taps: two transitions (0 → 1 at 0.05, 1 → 2 at 1.05).
  let good = ([header] + twoTaps).joined(separator: "\n") + "\n"
  /// The first tap (one transition, one stroke, written before the error), then bad JSON on
  /// line 4.
  let failsAtLineFour =
    ([header] + twoTaps.prefix(2) + [#"{"t":0.5,"touch":"#] + twoTaps.suffix(2)).joined(
      separator: "\n") + "\n"
  let oldContent = "old content\n"

  // MARK: Inputs checked before the output is created

  @Test(arguments: [
    ["replay"], ["classify"], ["stats"], ["render"], ["convert"],
  ])
  func aMissingInputLeavesTheOutputAlone(_ command: [String]) throws {
    let directory = try scratch()
    try write(oldContent, to: "keep.jsonl", in: directory)
    let run = try pagetrace(command + ["missing.jsonl", "-o", "keep.jsonl"], in: directory)
    #expect(run.status == 66, "\(run.stderr)")
    #expect(run.stderr.contains("missing.jsonl"), "\(run.stderr)")
    #expect(try contents("keep.jsonl", in: directory) == Data(oldContent.utf8))
    #expect(!exists("keep.jsonl.partial", in: directory))
    #expect(try leftovers(in: directory) == [])
    // A new output is not even created.
    let fresh = try pagetrace(command + ["missing.jsonl", "-o", "new.jsonl"], in: directory)
    #expect(fresh.status == 66)
    #expect(!exists("new.jsonl", in: directory))
    #expect(try leftovers(in: directory) == [])
  }

  @Test func aMissingInputAfterAGoodOneLeavesTheOutputAlone() throws {
    let directory = try scratch()
    try write(good, to: "t.jsonl", in: directory)
    try write(oldContent, to: "keep.jsonl", in: directory)
    let run = try pagetrace(
      ["replay", "t.jsonl", "missing.jsonl", "-o", "keep.jsonl"], in: directory)
    #expect(run.status == 66, "\(run.stderr)")
    #expect(try contents("keep.jsonl", in: directory) == Data(oldContent.utf8))
    // Checked before anything was replayed: nothing was produced to keep.
    #expect(!exists("keep.jsonl.partial", in: directory))
    #expect(try leftovers(in: directory) == [])
  }

  // MARK: Replaced only on success

  @Test func aSuccessfulRunReplacesTheOutputAndLeavesNoTemporaryFile() throws {
    let directory = try scratch()
    try write(good, to: "t.jsonl", in: directory)
    try write(oldContent, to: "out.jsonl", in: directory)
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
    let run = try pagetrace(["replay", "t.jsonl", "-o", "out.jsonl"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    let stdout = try pagetrace(["replay", "t.jsonl"], in: directory).stdout
    #expect(stdout.split(separator: "\n").count == 2)
    #expect(try contents("out.jsonl", in: directory) == Data(stdout.utf8))
    #expect(!exists("out.jsonl.partial", in: directory))
    #expect(try leftovers(in: directory) == [])
    // In another folder too.
    let nested = try pagetrace(["replay", "t.jsonl", "-o", "sub/out.jsonl"], in: directory)
    #expect(nested.status == 0, "\(nested.stderr)")
    #expect(try contents("sub/out.jsonl", in: directory) == Data(stdout.utf8))
    #expect(try leftovers(in: directory.appendingPathComponent("sub")) == [])
  }

  @Test func aDataErrorKeepsTheOldOutputAndThePartialOutput() throws {
    let directory = try scratch()
    try write(failsAtLineFour, to: "t.jsonl", in: directory)
    try write(oldContent, to: "out.jsonl", in: directory)
    let run = try pagetrace(["replay", "t.jsonl", "-o", "out.jsonl"], in: directory)
    #expect(run.status == 65)
    #expect(run.stderr.contains("t.jsonl:4:18: "), "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "pagetrace: note: out.jsonl is unchanged; what was written before the error is in out.jsonl.partial"
      ), "\(run.stderr)")
    #expect(try contents("out.jsonl", in: directory) == Data(oldContent.utf8))
    let partial = String(decoding: try contents("out.jsonl.partial", in: directory), as: UTF8.self)
    let records = partial.split(separator: "\n")
    #expect(records.count == 1, "\(partial)")
    #expect(records.first?.contains(#""from":0,"to":1"#) == true, "\(partial)")
    #expect(try leftovers(in: directory) == [])
  }

  @Test func theNoteAboutThePartialOutputFollowsTheError() throws {
    // The note speaks of "the error": it comes after the error's own line.
    let directory = try scratch()
    try write(failsAtLineFour, to: "t.jsonl", in: directory)
    try write(oldContent, to: "out.jsonl", in: directory)
    let run = try pagetrace(["replay", "t.jsonl", "-o", "out.jsonl"], in: directory)
    #expect(run.status == 65)
    let lines = run.stderr.split(separator: "\n")
    let error = lines.firstIndex { $0.hasPrefix("t.jsonl:4:") }
    let note = lines.firstIndex { $0.hasPrefix("pagetrace: note: out.jsonl is unchanged") }
    #expect(error != nil && note != nil, "\(run.stderr)")
    if let error, let note { #expect(error < note, "\(run.stderr)") }
  }

  @Test func aDataErrorWithoutAnOldOutputCreatesOnlyThePartialOutput() throws {
    let directory = try scratch()
    try write(failsAtLineFour, to: "t.jsonl", in: directory)
    let run = try pagetrace(["replay", "t.jsonl", "-o", "out.jsonl"], in: directory)
    #expect(run.status == 65)
    #expect(!exists("out.jsonl", in: directory))
    #expect(exists("out.jsonl.partial", in: directory))
    #expect(try leftovers(in: directory) == [])
  }

  @Test func classifyAndConvertKeepTheirPartialOutputToo() throws {
    let directory = try scratch()
    try write(failsAtLineFour, to: "t.jsonl", in: directory)
    try write(oldContent, to: "strokes.jsonl", in: directory)
    let classify = try pagetrace(["classify", "t.jsonl", "-o", "strokes.jsonl"], in: directory)
    #expect(classify.status == 65, "\(classify.stderr)")
    #expect(classify.stderr.contains("strokes.jsonl is unchanged"), "\(classify.stderr)")
    #expect(try contents("strokes.jsonl", in: directory) == Data(oldContent.utf8))
    let strokes = String(
      decoding: try contents("strokes.jsonl.partial", in: directory), as: UTF8.self)
    #expect(strokes.split(separator: "\n").count == 1, "\(strokes)")
    #expect(strokes.contains(#""kind":"tap""#), "\(strokes)")

    try write(oldContent, to: "copy.jsonl", in: directory)
    let convert = try pagetrace(
      ["convert", "--to", "jsonl", "t.jsonl", "-o", "copy.jsonl"], in: directory)
    #expect(convert.status == 65, "\(convert.stderr)")
    #expect(try contents("copy.jsonl", in: directory) == Data(oldContent.utf8))
    let copied = String(decoding: try contents("copy.jsonl.partial", in: directory), as: UTF8.self)
    // The header and the two events before the bad line.
    #expect(copied.split(separator: "\n").count == 3, "\(copied)")
    #expect(try leftovers(in: directory) == [])
  }

  /// A Parquet table with no row when the run failed is nothing produced: no footer is
  /// written after its magic number, and no `.partial` is left (as CSV leaves none after its
  /// header).
  @Test(arguments: [["replay"], ["classify"], ["lint"], ["diff", "--b", "pages=3"]])
  func parquetWithNoRowLeavesNoPartialOutput(command: [String]) throws {
    let directory = try scratch()
    try write(header + "\n" + #"{"t":0,"touch":"# + "\n", to: "t.jsonl", in: directory)
    for format in ["parquet", "csv"] {
      let run = try pagetrace(
        command + ["--format", format, "t.jsonl", "-o", "out.\(format)"], in: directory)
      #expect(run.status == 65, "\(command) \(format): \(run.stderr)")
      #expect(!exists("out.\(format)", in: directory), "\(command) \(format)")
      #expect(!exists("out.\(format).partial", in: directory), "\(command) \(format)")
    }
    #expect(try leftovers(in: directory) == [])
  }

  @Test func statsWithNothingProducedLeavesNoPartialOutput() throws {
    let directory = try scratch()
    try write(failsAtLineFour, to: "t.jsonl", in: directory)
    try write(oldContent, to: "stats.txt", in: directory)
    let run = try pagetrace(["stats", "t.jsonl", "-o", "stats.txt"], in: directory)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(try contents("stats.txt", in: directory) == Data(oldContent.utf8))
    #expect(!exists("stats.txt.partial", in: directory))
    #expect(!run.stderr.contains("note:"), "\(run.stderr)")
    #expect(try leftovers(in: directory) == [])
  }

  // MARK: The output may not be an input

  @Test func theOutputIsRefusedWhenItIsTheInput() throws {
    let directory = try scratch()
    // A bad line: had the input been read, the status would be 65.
    try write(failsAtLineFour, to: "same.jsonl", in: directory)
    let before = try contents("same.jsonl", in: directory)
    for command in [["replay"], ["classify"], ["stats"], ["render"], ["convert", "--to", "jsonl"]] {
      let run = try pagetrace(command + ["same.jsonl", "-o", "same.jsonl"], in: directory)
      #expect(run.status == 64, "\(command): \(run.stderr)")
      #expect(run.stderr.contains("same.jsonl"), "\(run.stderr)")
      #expect(!run.stderr.contains("same.jsonl:4:"), "\(command) read the input: \(run.stderr)")
      #expect(try contents("same.jsonl", in: directory) == before, "\(command)")
    }
    #expect(!exists("same.jsonl.partial", in: directory))
    #expect(try leftovers(in: directory) == [])
  }

  @Test func theOutputIsRefusedWhenItIsAnyOfTheInputs() throws {
    let directory = try scratch()
    try write(good, to: "a.jsonl", in: directory)
    try write(good, to: "b.jsonl", in: directory)
    let run = try pagetrace(["replay", "a.jsonl", "b.jsonl", "-o", "b.jsonl"], in: directory)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    #expect(try contents("b.jsonl", in: directory) == Data(good.utf8))
  }

  @Test func theOutputIsRefusedThroughAHardLink() throws {
    let directory = try scratch()
    try write(good, to: "a.jsonl", in: directory)
    try FileManager.default.linkItem(
      at: directory.appendingPathComponent("a.jsonl"),
      to: directory.appendingPathComponent("b.jsonl"))
    let run = try pagetrace(["replay", "a.jsonl", "-o", "b.jsonl"], in: directory)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("b.jsonl") && run.stderr.contains("a.jsonl"), "\(run.stderr)")
    #expect(try contents("a.jsonl", in: directory) == Data(good.utf8))
    #expect(try contents("b.jsonl", in: directory) == Data(good.utf8))
    // Still one file: not replaced by a new one.
    let attributes = try FileManager.default.attributesOfItem(
      atPath: directory.appendingPathComponent("a.jsonl").path)
    #expect((attributes[.referenceCount] as? NSNumber)?.intValue == 2)
    #expect(try leftovers(in: directory) == [])
  }

  @Test func theOutputIsRefusedWhenItIsStandardInput() throws {
    let directory = try scratch()
    let file = try write(good, to: "f.jsonl", in: directory)
    let input = try FileHandle(forReadingFrom: file)
    let unused = directory.appendingPathComponent(".stdout-unused")
    FileManager.default.createFile(atPath: unused.path, contents: nil)
    let output = try FileHandle(forWritingTo: unused)
    let run = try pagetrace(
      ["replay", "-", "-o", "f.jsonl"], in: directory, standardInput: input, standardOutput: output)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("<stdin>"), "\(run.stderr)")
    #expect(try contents("f.jsonl", in: directory) == Data(good.utf8))
    #expect(try leftovers(in: directory) == [])
  }

  @Test func standardOutputAppendingToTheInputIsRefused() throws {
    // pagetrace replay f.jsonl >> f.jsonl
    let directory = try scratch()
    let file = try write(good, to: "f.jsonl", in: directory)
    let output = try FileHandle(forWritingTo: file)
    try output.seekToEnd()
    let run = try pagetrace(["replay", "f.jsonl"], in: directory, standardOutput: output)
    try output.close()
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("<stdout>"), "\(run.stderr)")
    #expect(try contents("f.jsonl", in: directory) == Data(good.utf8))
  }

  @Test func anotherRegularFileOnStandardOutputIsFine() throws {
    let directory = try scratch()
    let file = try write(good, to: "f.jsonl", in: directory)
    let outURL = directory.appendingPathComponent("o.jsonl")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outURL)
    let run = try pagetrace(
      ["replay", "-"], in: directory, standardInput: try FileHandle(forReadingFrom: file),
      standardOutput: output)
    try output.close()
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      String(decoding: try Data(contentsOf: outURL), as: UTF8.self).split(separator: "\n").count
        == 2)
  }

  // MARK: Write failures

  /// Each command with the arguments that make it write something, given `t.jsonl` (two
  /// taps) and `c.json` (a configuration with 30 pages) in the folder.
  static let writingCommands: [[String]] = [
    ["replay", "t.jsonl"],
    ["stats", "t.jsonl"],
    ["classify", "t.jsonl"],
    ["render", "t.jsonl"],
    ["convert", "t.jsonl"],
    ["generate", "--events", "10", "--seed", "1"],
    ["lint", "c.json"],
  ]

  func writingFolder() throws -> URL {
    let directory = try scratch()
    try write(good, to: "t.jsonl", in: directory)
    try write(
      #"{"pages":30,"control":{"x":0,"y":780,"width":390,"height":30}}"#, to: "c.json",
      in: directory)
    return directory
  }

  @Test(arguments: writingCommands)
  func aFullStandardOutputIsAWriteErrorNamingIt(_ command: [String]) throws {
    let directory = try writingFolder()
    let run = try pagetrace(command, in: directory, standardOutput: try devFull())
    #expect(run.status == 74, "\(command): \(run.stderr)")
    #expect(run.stderr.contains("<stdout>: No space left on device"), "\(command): \(run.stderr)")
  }

  /// Help, the version, the manual and the completion scripts are what was asked for: a
  /// failed write of them is 74 too.
  @Test(arguments: [
    ["--help"], ["--version"], ["replay", "--help"], ["help", "stats"], ["--generate-manual"],
    ["--generate-completion-script", "zsh"],
  ])
  func helpToAFullStandardOutputIsAWriteError(_ command: [String]) throws {
    let run = try pagetrace(command, in: try scratch(), standardOutput: try devFull())
    #expect(run.status == 74, "\(command): \(run.stderr)")
    #expect(run.stderr == "pagetrace: error: <stdout>: No space left on device\n", "\(command)")
  }

  /// A header alone says nothing: a run that fails before anything follows it keeps nothing.
  @Test(arguments: [
    ["replay", "--format", "csv", "--emit", "all", "bad.jsonl", "-o", "out.csv"],
    ["replay", "--format", "csv", "-j", "2", "bad.jsonl", "bad.jsonl", "-o", "out.csv"],
    ["classify", "--format", "csv", "bad.jsonl", "-o", "out.csv"],
    ["convert", "bad.jsonl", "-o", "out.csv"],
  ])
  func aFailureBeforeAnyRecordKeepsNoPartialOutput(_ command: [String]) throws {
    let directory = try scratch()
    try write("\u{89}PNG\n", to: "bad.jsonl", in: directory)
    let run = try pagetrace(command, in: directory)
    #expect(run.status == 65, "\(command): \(run.stderr)")
    #expect(!exists("out.csv.partial", in: directory), "\(command)")
    #expect(!exists("out.csv", in: directory), "\(command)")
    #expect(!run.stderr.contains("note:"), "\(command): \(run.stderr)")
    #expect(try leftovers(in: directory) == [])
    // With a record before the bad line, the header row and that record are kept.
    try write(failsAtLineFour, to: "bad.jsonl", in: directory)
    let later = try pagetrace(command, in: directory)
    #expect(later.status == 65, "\(command): \(later.stderr)")
    #expect(exists("out.csv.partial", in: directory), "\(command)")
  }

  @Test(arguments: writingCommands.filter { $0[0] != "lint" })
  func aFullOutputFileIsAWriteErrorNamingIt(_ command: [String]) throws {
    let directory = try writingFolder()
    let run = try pagetrace(command + ["-o", "/dev/full"], in: directory)
    #expect(run.status == 74, "\(command): \(run.stderr)")
    #expect(run.stderr.contains("/dev/full: No space left on device"), "\(command): \(run.stderr)")
    #expect(!run.stderr.contains("<stdout>"), "\(run.stderr)")
  }

  @Test func theCommandsDoWriteSomethingWhenTheOutputHasRoom() throws {
    // The control for the two tests above: each command writes, and succeeds (lint: 1).
    let directory = try writingFolder()
    for command in Self.writingCommands {
      let run = try pagetrace(command + (command[0] == "lint" ? [] : ["-o", "out"]), in: directory)
      #expect(run.status == (command[0] == "lint" ? 1 : 0), "\(command): \(run.stderr)")
      let size =
        command[0] == "lint"
        ? run.stdout.utf8.count : try contents("out", in: directory).count
      #expect(size > 0, "\(command)")
    }
  }

  // MARK: Standard input is <stdin>

  @Test func replayErrorsNameStandardInput() throws {
    let run = try pagetrace(["replay", "-"], input: Data(failsAtLineFour.utf8))
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("<stdin>:4:"), "\(run.stderr)")
    let implicit = try pagetrace(["classify"], input: Data(failsAtLineFour.utf8))
    #expect(implicit.status == 65)
    #expect(implicit.stderr.hasPrefix("<stdin>:4:"), "\(implicit.stderr)")
  }

  @Test func recordsFromStandardInputCarryItsName() throws {
    let tap = repository.appendingPathComponent("Traces/tap.jsonl").path
    let replay = try pagetrace(["replay", "-", tap], input: Data(good.utf8))
    #expect(replay.status == 0, "\(replay.stderr)")
    let files = replay.records.map { $0["file"] as? String }
    #expect(files.prefix(2) == [#"<stdin>"#, #"<stdin>"#])
    #expect(files.count > 2)
    #expect(files.dropFirst(2).allSatisfy { $0 == tap })
    #expect(replay.stdout.contains(#""file":"<stdin>""#))

    let classify = try pagetrace(["classify", "-", tap], input: Data(good.utf8))
    #expect(classify.status == 0, "\(classify.stderr)")
    #expect(classify.records.prefix(2).allSatisfy { $0["file"] as? String == "<stdin>" })
    #expect(classify.records.dropFirst(2).allSatisfy { $0["file"] as? String == tap })
  }

  @Test func statsOfStandardInputIsNamedStdin() throws {
    let run = try pagetrace(["stats", "--format", "json", "-"], input: Data(good.utf8))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.records.first?["file"] as? String == "<stdin>")
    #expect(run.stdout.hasPrefix(#"{"file":"<stdin>","#), "\(run.stdout)")
  }

  @Test func lintFindingsOnStandardInputNameStdin() throws {
    let trace =
      #"{"pagetrace":1,"pages":30,"control":{"x":0,"y":780,"width":390,"height":30}}"# + "\n"
    let run = try pagetrace(["lint", "-"], input: Data(trace.utf8))
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("<stdin>: warning: PT001: "), "\(run.stdout)")
    #expect(run.stdout.contains("\n<stdin>: error: PT002: "), "\(run.stdout)")
    let json = try pagetrace(["lint", "--format", "json", "-"], input: Data(trace.utf8))
    #expect(json.records.count == 2)
    #expect(json.records.allSatisfy { $0["file"] as? String == "<stdin>" })
  }
}
