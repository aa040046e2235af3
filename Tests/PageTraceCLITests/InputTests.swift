import Foundation
import Testing

/// `data` compressed by the system's `gzip` (one member).
func gzip(_ data: Data, level: Int = 6) throws -> Data {
  let directory = try scratch()
  defer { try? FileManager.default.removeItem(at: directory) }
  let input = directory.appendingPathComponent("in")
  let output = directory.appendingPathComponent("out")
  try data.write(to: input)
  _ = FileManager.default.createFile(atPath: output.path, contents: nil)
  let process = Process()
  process.executableURL = URL(
    fileURLWithPath: FileManager.default.fileExists(atPath: "/usr/bin/gzip")
      ? "/usr/bin/gzip" : "/bin/gzip")
  process.arguments = ["-c", "-n", "-\(level)", input.path]
  process.standardOutput = try FileHandle(forWritingTo: output)
  try process.run()
  try waitForExit(process, within: programTimeout, what: "gzip")
  precondition(process.terminationStatus == 0, "gzip failed")
  return try Data(contentsOf: output)
}

/// docs/behaviour/, "Compressed traces" and "Directories of traces", through the executable:
/// gzip input read transparently by every command, directories replayed in name order.
@Suite struct InputTests {
  let scrub = repository.appendingPathComponent("Traces/scrub.jsonl")
  let tap = repository.appendingPathComponent("Traces/tap.jsonl")

  // MARK: gzip

  @Test func aGzipFileReplaysAsThePlainOne() throws {
    let directory = try scratch()
    try gzip(try Data(contentsOf: scrub)).write(to: directory.appendingPathComponent("s.gz"))
    let plain = try pagetrace(["replay", "--emit", "all", scrub.path])
    let compressed = try pagetrace(["replay", "--emit", "all", "s.gz"], in: directory)
    #expect(plain.status == 0 && plain.records.count > 10)
    #expect(compressed.status == 0)
    #expect(compressed.stdout == plain.stdout)
    #expect(compressed.stderr.isEmpty)
  }

  @Test func gzipIsFoundByContentNotName() throws {
    let directory = try scratch()
    // A gzip stream named .jsonl, and plain text named .gz.
    try gzip(try Data(contentsOf: scrub)).write(to: directory.appendingPathComponent("z.jsonl"))
    try Data(contentsOf: scrub).write(to: directory.appendingPathComponent("plain.gz"))
    let expected = try pagetrace(["replay", scrub.path]).stdout
    #expect(try pagetrace(["replay", "z.jsonl"], in: directory).stdout == expected)
    #expect(try pagetrace(["replay", "plain.gz"], in: directory).stdout == expected)
  }

  @Test func gzipOnStandardInput() throws {
    let plain = try pagetrace(["replay", "--emit", "all", scrub.path])
    let piped = try pagetrace(
      ["replay", "--emit", "all", "-"], input: try gzip(try Data(contentsOf: scrub)))
    #expect(piped.status == 0)
    #expect(piped.stdout == plain.stdout)
    let implicit = try pagetrace(["stats"], input: try gzip(try Data(contentsOf: scrub)))
    #expect(implicit.status == 0)
    #expect(
      implicit.stdout == (try pagetrace(["stats"], input: try Data(contentsOf: scrub))).stdout)
  }

  @Test func severalGzipMembersReadAsOneTrace() throws {
    let text = try Data(contentsOf: scrub)
    let cut = text.count / 2  // in the middle of a line
    let members =
      try gzip(text.prefix(cut)) + gzip(Data()) + gzip(text.suffix(from: cut), level: 1)
    let plain = try pagetrace(["replay", "--emit", "all", "--summary", scrub.path])
    let joined = try pagetrace(["replay", "--emit", "all", "--summary", "-"], input: members)
    #expect(joined.status == 0)
    #expect(joined.stdout == plain.stdout)
    #expect(joined.stderr == plain.stderr)  // the same lines read
  }

  @Test func aGzipBinaryTrace() throws {
    let directory = try scratch()
    #expect(try pagetrace(["convert", scrub.path, "-o", "s.ptrace"], in: directory).status == 0)
    let binary = try Data(contentsOf: directory.appendingPathComponent("s.ptrace"))
    try gzip(binary).write(to: directory.appendingPathComponent("s.ptrace.gz"))
    let plain = try pagetrace(["replay", "--emit", "all", scrub.path])
    let compressed = try pagetrace(["replay", "--emit", "all", "s.ptrace.gz"], in: directory)
    #expect(compressed.status == 0)
    #expect(compressed.stdout == plain.stdout)
    // convert: gzip binary → JSON Lines, gzip JSON Lines → binary, both the plain result.
    #expect(
      try pagetrace(["convert", "s.ptrace.gz", "-o", "back.jsonl"], in: directory).status == 0)
    #expect(
      try pagetrace(["convert", "back.jsonl", "-o", "again.ptrace"], in: directory).status == 0)
    try gzip(try Data(contentsOf: directory.appendingPathComponent("back.jsonl")))
      .write(to: directory.appendingPathComponent("back.jsonl.gz"))
    #expect(
      try pagetrace(["convert", "back.jsonl.gz", "-o", "from-gzip.ptrace"], in: directory).status
        == 0)
    #expect(
      try Data(contentsOf: directory.appendingPathComponent("from-gzip.ptrace")) == binary)
    #expect(try Data(contentsOf: directory.appendingPathComponent("again.ptrace")) == binary)
  }

  /// A trace whose first two events make one record, then many more lines: 65 KB of text.
  func longTrace() -> Data {
    var lines = [header] + twoTaps.prefix(2)
    for index in 0..<2000 {
      lines.append(#"{"t":\#(2 + Double(index) / 100),"key":"tab","pad":"\#(index)"}"#)
    }
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }

  @Test func aTruncatedGzipIsADataErrorThatKeepsThePartialOutput() throws {
    let directory = try scratch()
    let compressed = try gzip(longTrace())
    let cut = compressed.count * 2 / 3
    try compressed.prefix(cut).write(to: directory.appendingPathComponent("cut.gz"))
    let run = try pagetrace(
      ["replay", "--emit", "all", "cut.gz", "-o", "out.jsonl"], in: directory)
    #expect(run.status == 65)
    #expect(
      run.stderr.contains(
        ": expected the rest of the gzip stream, found the end of the input at compressed byte"
          + " offset \(cut)\n"), "\(run.stderr)")
    #expect(run.stderr.hasPrefix("cut.gz:"))
    #expect(run.stderr.contains("out.jsonl was not created; what was written before the error"))
    let partial = try String(
      contentsOf: directory.appendingPathComponent("out.jsonl.partial"), encoding: .utf8)
    #expect(partial.split(separator: "\n").count >= 1)
    #expect(partial.hasPrefix(#"{"t":0,"type":"interaction""#) || partial.contains("\"to\":1"))
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.jsonl").path))
  }

  @Test func aCorruptGzipIsADataErrorNamingFileAndOffset() throws {
    let directory = try scratch()
    var compressed = try gzip(longTrace())
    compressed[compressed.count - 8] ^= 0xFF  // the trailer's CRC-32
    try compressed.write(to: directory.appendingPathComponent("bad.jsonl.gz"))
    let plain = try pagetrace(["replay", "--emit", "all", "-"], input: longTrace())
    let run = try pagetrace(["replay", "--emit", "all", "bad.jsonl.gz"], in: directory)
    #expect(run.status == 65)
    #expect(
      run.stderr
        == "bad.jsonl.gz:2004:1: expected valid gzip data, found damaged data at compressed byte"
        + " offset \(compressed.count - 4) (incorrect data check)\n")
    // Every record of the lines before the damage was written first.
    #expect(run.stdout == plain.stdout)
    // With --on-error skip the damage is one skipped line, and the input ends there.
    let skipped = try pagetrace(
      ["replay", "--on-error", "skip", "--summary", "bad.jsonl.gz"], in: directory)
    #expect(skipped.status == 0)
    #expect(skipped.stderr.contains("2004 lines read = 1 header + 0 blank"))
    #expect(skipped.stderr.contains(" + 1 skipped as bad"))
  }

  @Test func damageAtTheStartIsADataErrorAtLineOne() throws {
    let run = try pagetrace(["replay"], input: Data([0x1F, 0x8B, 0x07, 0x00, 0x00]))
    #expect(run.status == 65)
    #expect(
      run.stderr
        == "<stdin>:1:1: expected valid gzip data, found damaged data at compressed byte offset"
        + " 4 (unknown compression method)\n")
  }

  @Test func gzipWithJobs() throws {
    let directory = try scratch()
    var files: [String] = []
    for name in ["tap", "scrub", "flick", "sessions"] {
      let source = repository.appendingPathComponent("Traces/\(name).jsonl")
      try gzip(try Data(contentsOf: source)).write(
        to: directory.appendingPathComponent("\(name).jsonl.gz"))
      files += ["\(name).jsonl.gz", source.path]
    }
    let one = try pagetrace(["replay", "--emit", "all"] + files, in: directory)
    let two = try pagetrace(["replay", "--emit", "all", "--jobs", "2"] + files, in: directory)
    #expect(one.status == 0 && one.records.count > 50)
    #expect(two.stdout == one.stdout)
    #expect(two.stderr == one.stderr)
    // A damaged one: the same error and output either way.
    try Data([0x1F, 0x8B, 0x08, 0x00]).write(to: directory.appendingPathComponent("cut.gz"))
    let failing = ["tap.jsonl.gz", "cut.gz", "scrub.jsonl.gz"]
    let oneFailing = try pagetrace(["replay"] + failing, in: directory)
    let twoFailing = try pagetrace(["replay", "-j2"] + failing, in: directory)
    #expect(oneFailing.status == 65)
    #expect(twoFailing.status == 65)
    #expect(twoFailing.stdout == oneFailing.stdout)
    #expect(twoFailing.stderr == oneFailing.stderr)
    #expect(oneFailing.stderr.hasPrefix("cut.gz:1:1: expected the rest of the gzip stream"))
  }

  // MARK: Directories

  /// A directory of traces: `b.jsonl` (gzip), `a.jsonl`, `C.jsonl` (upper case sorts first),
  /// a hidden file, a subdirectory and a FIFO, none of which are read.
  func traceDirectory() throws -> URL {
    let directory = try scratch()
    let traces = directory.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
    try Data(contentsOf: tap).write(to: traces.appendingPathComponent("a.jsonl"))
    try gzip(try Data(contentsOf: scrub)).write(to: traces.appendingPathComponent("b.jsonl"))
    try Data(contentsOf: tap).write(to: traces.appendingPathComponent("C.jsonl"))
    try Data("not a trace\n".utf8).write(to: traces.appendingPathComponent(".hidden"))
    try FileManager.default.createDirectory(
      at: traces.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try Data("not a trace\n".utf8).write(to: traces.appendingPathComponent("sub/x.jsonl"))
    #expect(mkfifo(traces.appendingPathComponent("fifo").path, 0o644) == 0)
    return directory
  }

  @Test func aDirectoryIsReplayedInNameOrderAndSaysSo() throws {
    let directory = try traceDirectory()
    let run = try pagetrace(["replay", "traces"], in: directory)
    #expect(run.status == 0)
    #expect(run.stderr == "pagetrace: note: traces: reading 3 files in name order\n")
    let files = run.records.map { $0["file"] as? String ?? "" }
    var seen: [String] = []
    for file in files where seen.last != file { seen.append(file) }
    #expect(seen == ["traces/C.jsonl", "traces/a.jsonl", "traces/b.jsonl"])
    let explicit = try pagetrace(
      ["replay", "traces/C.jsonl", "traces/a.jsonl", "traces/b.jsonl"], in: directory)
    #expect(run.stdout == explicit.stdout)
    // With --jobs, and with a trailing slash.
    let jobs = try pagetrace(["replay", "-j", "2", "traces/"], in: directory)
    #expect(jobs.stdout == explicit.stdout)
    #expect(jobs.stderr == "pagetrace: note: traces/: reading 3 files in name order\n")
  }

  @Test func quietLeavesOutTheNote() throws {
    let directory = try traceDirectory()
    let run = try pagetrace(["replay", "--quiet", "traces"], in: directory)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(run.records.count > 10)
  }

  @Test func everyCommandReadsADirectory() throws {
    let directory = try traceDirectory()
    let stats = try pagetrace(["stats", "--format", "json", "traces"], in: directory)
    #expect(stats.status == 0)
    #expect(stats.stdout.split(separator: "\n").count == 3)  // a row per file
    let classify = try pagetrace(["classify", "-q", "traces"], in: directory)
    #expect(classify.status == 0)
    #expect(classify.stdout.contains(#""file":"traces/b.jsonl""#))
    let lint = try pagetrace(["lint", "-q", "traces"], in: directory)
    #expect(lint.status == 0 || lint.status == 1)
    // One trace: render and convert read a directory that holds exactly one.
    let single = directory.appendingPathComponent("single")
    try FileManager.default.createDirectory(at: single, withIntermediateDirectories: true)
    try Data(contentsOf: scrub).write(to: single.appendingPathComponent("scrub.jsonl"))
    let render = try pagetrace(["render", "single", "-o", "s.svg"], in: directory)
    #expect(render.status == 0)
    #expect(render.stderr == "pagetrace: note: single: reading 1 file in name order\n")
    let converted = try pagetrace(["convert", "-q", "single", "-o", "s.ptrace"], in: directory)
    #expect(converted.status == 0 && converted.stderr.isEmpty)
    let tooMany = try pagetrace(["render", "-q", "traces"], in: directory)
    #expect(tooMany.status == 64)
    #expect(
      tooMany.stderr.hasPrefix(
        "pagetrace: error: render reads one trace; the directory traces holds 3 trace files\n"))
  }

  @Test func anEmptyDirectoryIsAnUnreadableInput() throws {
    let directory = try scratch()
    let empty = directory.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    try Data("x\n".utf8).write(to: empty.appendingPathComponent(".only-hidden"))
    let message =
      "pagetrace: error: empty: the directory holds no trace files (names ending in .jsonl, .pgtrace or .ptrace, or those and .gz)\n"
    let run = try pagetrace(["replay", "empty", "-o", "out.jsonl"], in: directory)
    #expect(run.status == 66)
    #expect(run.stderr == message)
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.jsonl").path))
    // With --on-error skip the other inputs are replayed, then 66.
    let skipped = try pagetrace(
      ["replay", "--on-error", "skip", "empty", tap.path], in: directory)
    #expect(skipped.status == 66)
    #expect(skipped.stderr == message)
    #expect(skipped.stdout == (try pagetrace(["replay", tap.path])).stdout)
    let render = try pagetrace(["render", "--on-error", "skip", "empty"], in: directory)
    #expect(render.status == 66)
  }

  @Test func anOutputInsideTheDirectory() throws {
    let directory = try traceDirectory()
    // A new file there is not an input: the directory was read before it existed.
    let first = try pagetrace(["replay", "-q", "traces", "-o", "traces/out.jsonl"], in: directory)
    #expect(first.status == 0)
    let written = try Data(contentsOf: directory.appendingPathComponent("traces/out.jsonl"))
    #expect(!written.isEmpty)
    // Once it exists it is one of the directory's files: refused, and left as it was.
    let again = try pagetrace(["replay", "-q", "traces", "-o", "traces/out.jsonl"], in: directory)
    #expect(again.status == 64)
    #expect(
      again.stderr.hasPrefix(
        "pagetrace: error: traces/out.jsonl: the output is also an input; write to another file\n"))
    #expect(try Data(contentsOf: directory.appendingPathComponent("traces/out.jsonl")) == written)
  }

  @Test func whatAFailedRunKeptIsNotReadAsATrace() throws {
    let directory = try traceDirectory()
    // A run that fails after writing keeps its output as traces/out.jsonl.partial ...
    let good = try String(contentsOf: tap, encoding: .utf8)
    try write(good + "{\"t\":99,\"touch\":\n", to: "bad.jsonl", in: directory)
    let failed = try pagetrace(
      ["replay", "-q", "traces", "bad.jsonl", "-o", "traces/out.jsonl"], in: directory)
    #expect(failed.status == 65)
    let kept = directory.appendingPathComponent("traces/out.jsonl.partial")
    #expect(FileManager.default.fileExists(atPath: kept.path))
    // ... which the next run over the directory leaves out: it holds records, not events.
    let next = try pagetrace(["replay", "traces"], in: directory)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(
      next.stderr
        == "pagetrace: note: traces: reading 3 files in name order; 1 other file left out (out.jsonl.partial)\n"
    )
  }

  @Test func aFileNameThatIsNotUTF8IsReadByItsBytes() throws {
    let directory = try scratch()
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("d"), withIntermediateDirectories: true)
    try Data(contentsOf: tap).write(to: directory.appendingPathComponent("d/ok.jsonl"))
    // Entries that are surely not traces are left out whatever their names.
    let others = try runProgram(
      "/bin/sh",
      [
        "-c",
        #"mkdir "d/$(printf 'sub\351')" && mkfifo "d/$(printf 'f\351')" && "#
          + #"cp "$0" "d/$(printf 'x\351.jsonl.partial')""#, tap.path,
      ], in: directory)
    #expect(others.status == 0, "\(others.stderr)")
    let fine = try pagetrace(["replay", "d"], in: directory)
    #expect(fine.status == 0, "\(fine.stderr)")
    #expect(
      fine.stderr
        == #"pagetrace: note: d: reading 1 file in name order; 1 other file left out (x\xE9.jsonl.partial)"#
        + "\n")
    // A regular file whose name is not UTF-8 is read like any other, by its bytes, and named
    // with the byte that is not UTF-8 written \xE9 (docs/behaviour/commands.md, "File names").
    let made = try runProgram(
      "/bin/sh", ["-c", #"cp "$0" "d/$(printf 'caf\351.jsonl')""#, tap.path], in: directory)
    #expect(made.status == 0, "\(made.stderr)")
    let run = try pagetrace(["replay", "d"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr
        == #"pagetrace: note: d: reading 2 files in name order; 1 other file left out (x\xE9.jsonl.partial)"#
        + "\n")
    // "caf\xE9…" before "ok…" in byte order; in JSON the backslash is escaped.
    var files: [String] = []
    for record in run.records {
      if let file = record["file"] as? String, files.last != file { files.append(file) }
    }
    #expect(files == [#"d/caf\xE9.jsonl"#, "d/ok.jsonl"])
  }

  // MARK: UTF-8

  @Test func badUTF8NamesTheOffendingByte() throws {
    var bytes = Data(#"{"name":"caf"#.utf8)
    bytes.append(0xE9)
    bytes.append(contentsOf: Array(#""}"#.utf8) + [10])
    let run = try pagetrace(["replay"], input: bytes)
    #expect(run.status == 65)
    #expect(
      run.stderr
        == "<stdin>:1:13: expected valid UTF-8, found the byte 0xE9 (the start of a 3-byte"
        + " sequence without its continuation bytes)\n")
    // The same through gzip: columns are those of the decompressed text.
    let compressed = try pagetrace(["replay"], input: try gzip(bytes))
    #expect(compressed.stderr == run.stderr)
  }
}
