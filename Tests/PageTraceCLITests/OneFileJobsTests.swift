import Foundation
import Testing

/// `replay --jobs N` on one file (docs/behaviour/replay.md, "Parallel replay of one file"): the
/// bytes on standard output and standard error, and the exit status, are those of `--jobs 1`,
/// with bad lines far past the first chunk (512 KiB).
@Suite struct OneFileJobsTests {
  /// A generated trace of 30,000 events (about 2.7 MB) with `bad` lines put in at these
  /// line numbers, written to `name` in `directory`.
  func trace(
    sessions: Int, bad: [Int: String], named name: String, in directory: URL
  ) throws {
    let generated = try pagetrace(
      ["generate", "--events", "30000", "--seed", "5", "--sessions", "\(sessions)"])
    #expect(generated.status == 0)
    var lines = generated.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    for (number, line) in bad.sorted(by: { $0.key < $1.key }) {
      lines.insert(line, at: number - 1)
    }
    try write(lines.joined(separator: "\n"), to: name, in: directory)
  }

  @Test(arguments: [1, 4])
  func aLateBadLineFailsAsWithOneJob(sessions: Int) throws {
    let directory = try scratch()
    try trace(
      sessions: sessions,
      bad: [24_000: #"{"t":1e9,"touch":"down","id":1,"x":3,"#, 27_000: "{oops"],
      named: "t.jsonl", in: directory)
    let one = try pagetrace(["replay", "--emit", "all", "t.jsonl"], in: directory)
    #expect(one.status == 65)
    #expect(one.stderr.hasPrefix("t.jsonl:24000:"), "\(one.stderr)")
    #expect(one.records.count > 1000)
    for jobs in ["2", "3"] {
      let many = try pagetrace(["replay", "--emit", "all", "-j", jobs, "t.jsonl"], in: directory)
      #expect(many.status == one.status)
      #expect(many.stdout == one.stdout)
      #expect(many.stderr == one.stderr)
    }
    // Skipping: both reported, in order, and everything else replayed.
    let skip = ["replay", "--emit", "all", "--on-error", "skip", "--summary", "t.jsonl"]
    let skipOne = try pagetrace(skip, in: directory)
    let skipTwo = try pagetrace(skip + ["--jobs", "2"], in: directory)
    #expect(skipOne.status == 0)
    #expect(skipOne.stderr.contains("t.jsonl:27000:2:"), "\(skipOne.stderr)")
    #expect(skipTwo.status == skipOne.status)
    #expect(skipTwo.stdout == skipOne.stdout)
    #expect(skipTwo.stderr == skipOne.stderr)
  }

  /// Standard input that is a regular file read from before: the workers, which read ranges
  /// of the file themselves, read from where it was, as one job does. The 100 bytes `dd`
  /// reads are a line of their own, so what is left is the trace; its records are those of
  /// the trace on its own, and a bad line is reported at its number in what is left.
  @Test func standardInputReadFromBeforeIsReadFromThere() throws {
    let directory = try scratch()
    try trace(sessions: 2, bad: [20_000: "{oops"], named: "t.jsonl", in: directory)
    let text = try String(
      contentsOf: directory.appendingPathComponent("t.jsonl"), encoding: .utf8)
    try write(String(repeating: "j", count: 99) + "\n" + text, to: "pre.jsonl", in: directory)
    let alone = try pagetrace(["replay", "--emit", "all", "-"], input: Data(text.utf8))
    #expect(alone.status == 65 && alone.records.count > 1000)
    #expect(alone.stderr.hasPrefix("<stdin>:20000:"), "\(alone.stderr)")
    for jobs in ["1", "2", "3"] {
      let run = try shell(
        #"{ dd bs=100 count=1 of=/dev/null 2>/dev/null; "$P" replay --emit all -j "#
          + jobs + " -; } < pre.jsonl", in: directory)
      // Compared as a whole: a failed expectation on megabytes would print their difference.
      let sameOutput = run.stdout == Data(alone.stdout.utf8)
      #expect(run.status == alone.status, "\(run.stderr)")
      #expect(
        sameOutput, "--jobs \(jobs): \(run.stdout.count) bytes, not \(alone.stdout.utf8.count)")
      #expect(run.stderr == alone.stderr, "--jobs \(jobs)")
    }
  }

  /// Memory does not follow the file's size: a file five times larger (27 MB against 5.4 MB,
  /// both more than the ring of chunks holds) peaks within 2 MB of the small one with two
  /// workers; memory is read from the kernel for the child alone
  /// (``measuredPagetrace(_:in:keepingErrors:)``).
  @Test func memoryDoesNotGrowWithTheFile() throws {
    let directory = try scratch()
    var peaks: [Double] = []
    for events in [60_000, 300_000] {
      let path = directory.appendingPathComponent("\(events).jsonl").path
      let generated = try pagetrace(
        ["generate", "--events", "\(events)", "--seed", "2", "--sessions", "3", "-o", path])
      #expect(generated.status == 0)
      let run = try measuredPagetrace(
        ["replay", "--emit", "all", "--jobs", "2", path], in: directory)
      #expect(run.status == 0)
      peaks.append(run.peakMegabytes)
    }
    #expect(peaks[1] - peaks[0] < 2, "peaks \(peaks) MB")
    #expect(peaks[1] < 48, "peaks \(peaks) MB")
  }
}

/// `classify --jobs N` and `stats --jobs N` decode each file on N threads: the same bytes and
/// status as one job, also when a late line is bad.
@Suite struct ClassifyStatsJobsTests {
  @Test(arguments: ["classify", "stats"])
  func severalThreadsWriteWhatOneWrites(command: String) throws {
    let directory = try scratch()
    let generated = try pagetrace(
      ["generate", "--events", "30000", "--seed", "6", "--sessions", "3"])
    #expect(generated.status == 0)
    try write(generated.stdout, to: "good.jsonl", in: directory)
    try write(generated.stdout + "{oops\n", to: "bad.jsonl", in: directory)
    for files in [["good.jsonl"], ["good.jsonl", "good.jsonl"], ["bad.jsonl"]] {
      let one = try pagetrace([command] + files, in: directory)
      #expect(one.status == (files == ["bad.jsonl"] ? 65 : 0), "\(one.stderr)")
      #expect(one.stdout.count > 1000 || files == ["bad.jsonl"])
      let two = try pagetrace([command, "--jobs", "2"] + files, in: directory)
      #expect(two.status == one.status)
      #expect(two.stdout == one.stdout)
      #expect(two.stderr == one.stderr)
    }
    #expect(try pagetrace([command, "--jobs", "0"]).status == 64)
  }
}
