import Foundation
import Testing

/// Which files of a directory input are read: trace names (`.jsonl`, `.pgtrace`, `.ptrace`,
/// each also with `.gz`), the usual names of `--from`'s format, or `--glob` patterns; the
/// others counted in one note (docs/behaviour/commands.md, "Directories of traces").
@Suite struct DirectorySelectionTests {
  let tap = repository.appendingPathComponent("Traces/tap.jsonl")

  /// `mixed/`: three traces by name (one gzip-compressed, one binary), and four other files.
  func mixedDirectory() throws -> URL {
    let directory = try scratch()
    let mixed = directory.appendingPathComponent("mixed")
    try FileManager.default.createDirectory(at: mixed, withIntermediateDirectories: true)
    let trace = try Data(contentsOf: tap)
    try trace.write(to: mixed.appendingPathComponent("a.jsonl"))
    try gzip(trace).write(to: mixed.appendingPathComponent("b.jsonl.gz"))
    let converted = try pagetrace(["convert", tap.path, "-o", "mixed/c.pgtrace"], in: directory)
    #expect(converted.status == 0, "\(converted.stderr)")
    try Data("# notes\n".utf8).write(to: mixed.appendingPathComponent("README.md"))
    try Data("t,phase,x,y\n".utf8).write(to: mixed.appendingPathComponent("data.csv"))
    try trace.write(to: mixed.appendingPathComponent("a.jsonl.expected"))
    try trace.write(to: mixed.appendingPathComponent("old.jsonl.partial"))
    return directory
  }

  @Test func onlyTraceNamesAreReadAndTheOthersCounted() throws {
    let directory = try mixedDirectory()
    let run = try pagetrace(["replay", "mixed"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr
        == "pagetrace: note: mixed: reading 3 files in name order; 4 other files left out (README.md, a.jsonl.expected, data.csv, …)\n"
    )
    let explicit = try pagetrace(
      ["replay", "mixed/a.jsonl", "mixed/b.jsonl.gz", "mixed/c.pgtrace"], in: directory)
    #expect(run.stdout == explicit.stdout)
    #expect(try pagetrace(["replay", "-q", "mixed"], in: directory).stderr.isEmpty)
  }

  @Test func globChoosesFilesInstead() throws {
    let directory = try mixedDirectory()
    let run = try pagetrace(
      ["replay", "--glob", "*.expected", "--glob", "a.*", "mixed"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr
        == "pagetrace: note: mixed: reading 2 files in name order; 5 other files left out (README.md, b.jsonl.gz, c.pgtrace, …)\n"
    )
    let files = Set(run.records.compactMap { $0["file"] as? String })
    #expect(files == ["mixed/a.jsonl", "mixed/a.jsonl.expected"])
    // A pattern is matched case-sensitively, and one that matches nothing says what it sought.
    let none = try pagetrace(["replay", "--glob", "*.JSONL", "mixed"], in: directory)
    #expect(none.status == 66)
    #expect(
      none.stderr
        == "pagetrace: error: mixed: the directory holds no trace files (names matching '*.JSONL'); 7 other files left out (README.md, a.jsonl, a.jsonl.expected, …); choose files with --glob PATTERN\n"
    )
    // What a failed run kept is never read, even when a pattern matches it.
    let kept = try pagetrace(["replay", "--glob", "*.partial", "mixed"], in: directory)
    #expect(kept.status == 66)
  }

  @Test func fromChoosesThatFormatsNames() throws {
    let directory = try scratch()
    let folder = directory.appendingPathComponent("csv")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let rows = "0,0,10,10\n0.05,1,10,10\n"
    try Data(rows.utf8).write(to: folder.appendingPathComponent("one.csv"))
    try gzip(Data(rows.utf8)).write(to: folder.appendingPathComponent("two.tsv.gz"))
    try Data(rows.utf8).write(to: folder.appendingPathComponent("three.txt"))
    try Data(contentsOf: tap).write(to: folder.appendingPathComponent("trace.jsonl"))
    let run = try pagetrace(
      [
        "classify", "--from", "csv", "--columns", "t=1,phase=2,x=3,y=4", "--time-unit", "s",
        "--delimiter", ",", "csv",
      ], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.hasPrefix(
        "pagetrace: note: csv: reading 3 files in name order; 1 other file left out (trace.jsonl)\n"
      ), "\(run.stderr)")
    let files = Set(run.records.compactMap { $0["file"] as? String })
    #expect(files == ["csv/one.csv", "csv/three.txt", "csv/two.tsv.gz"])
  }

  /// A pattern is matched by its bytes, as the command line held them, against the bytes of
  /// the names: a name that is not UTF-8 can be chosen, and is named `\xE9` in the note.
  @Test func aPatternMatchesBytes() throws {
    let directory = try scratch()
    let made = try runProgram(
      "/bin/sh",
      [
        "-c",
        #"mkdir d && cp "$0" "d/$(printf 'caf\351.jsonl')" && cp "$0" d/cafe.jsonl"#,
        tap.path,
      ], in: directory)
    #expect(made.status == 0, "\(made.stderr)")
    let run = try runProgram(
      "/bin/sh",
      ["-c", #""$0" replay --glob "$(printf 'caf\351*')" d "$1""#, executable.path, tap.path],
      in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr
        == "pagetrace: note: d: reading 1 file in name order; 1 other file left out (cafe.jsonl)\n")
    let files = Set(run.records.compactMap { $0["file"] as? String })
    #expect(files == [#"d/caf\xE9.jsonl"#, tap.path])  // a second input, so records name files
  }

  /// lint reads configurations too: `.json` files, unless `--from` or `--glob` says otherwise.
  @Test func lintReadsConfigurationsToo() throws {
    let directory = try scratch()
    let folder = directory.appendingPathComponent("d")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"pages":30}"#.utf8).write(to: folder.appendingPathComponent("phone.json"))
    try Data(contentsOf: tap).write(to: folder.appendingPathComponent("tap.jsonl"))
    try Data("notes\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    let lint = try pagetrace(["lint", "d"], in: directory)
    #expect(lint.status == 1)
    #expect(lint.stdout.hasPrefix("d/phone.json: warning: PT001: "), "\(lint.stdout)")
    #expect(
      lint.stderr.hasPrefix(
        "pagetrace: note: d: reading 2 files in name order; 1 other file left out (notes.txt)\n"),
      "\(lint.stderr)")
    let replay = try pagetrace(["replay", "d"], in: directory)
    #expect(replay.status == 0)
    #expect(
      replay.stderr
        == "pagetrace: note: d: reading 1 file in name order; 2 other files left out (notes.txt, phone.json)\n"
    )
  }

  /// The repository's own folder: every scenario trace, not its README, nor the expected
  /// outputs and examples in their subdirectories.
  @Test func theTracesFolderReplaysEveryTrace() throws {
    let folder = repository.appendingPathComponent("Traces")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let traces = names.filter { $0.hasSuffix(".jsonl") }.sorted()
    let others = names.filter { name in
      var isDirectory: ObjCBool = false
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
      return !isDirectory.boolValue && !name.hasSuffix(".jsonl") && !name.hasPrefix(".")
    }
    #expect(traces.count >= 20 && others == ["README.md"])
    let run = try pagetrace(["replay", "Traces"], in: repository)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr
        == "pagetrace: note: Traces: reading \(traces.count) files in name order; 1 other file left out (README.md)\n"
    )
    let explicit = try pagetrace(["replay"] + traces.map { "Traces/" + $0 }, in: repository)
    #expect(explicit.status == 0)
    #expect(run.stdout == explicit.stdout)
  }

  /// inspect tells what files are: it reads every file of a directory, whatever its name (but
  /// what a failed run kept).
  @Test func inspectReadsEveryFile() throws {
    let directory = try mixedDirectory()
    let run = try pagetrace(["inspect", "--format", "json", "mixed"], in: directory)
    let files = run.records.compactMap { $0["file"] as? String }
    #expect(
      files == [
        "mixed/README.md", "mixed/a.jsonl", "mixed/a.jsonl.expected", "mixed/b.jsonl.gz",
        "mixed/c.pgtrace", "mixed/data.csv",
      ], "\(run.stdout)")
  }
}
