import Foundation
import Testing

/// `replay --jobs N` opens a bounded number of descriptors whatever the number of inputs, so
/// that thousands of files replay under a low `ulimit -n` with the same bytes as one job; a
/// shortage of descriptors is exit 75 (worth retrying), never 66 or a crash.
@Suite struct JobsResourceTests {
  /// One tap on page 0's right: the single transition 0 → 1 at 0.05.
  let tap = ([header] + twoTaps.prefix(2)).joined(separator: "\n") + "\n"

  /// A directory `d` of `count` one-tap traces, `t0001.jsonl` …, in a new scratch folder.
  private func manyTraces(_ count: Int) throws -> URL {
    let directory = try scratch()
    let folder = directory.appendingPathComponent("d")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for index in 1...count {
      try Data(tap.utf8).write(to: folder.appendingPathComponent(name(index)))
    }
    return directory
  }

  private func name(_ index: Int) -> String {
    "t" + String(repeating: "0", count: 4 - String(index).count) + "\(index).jsonl"
  }

  /// The records of `count` one-tap traces in `d`, written by hand.
  private func expected(_ count: Int) -> String {
    (1...count).map {
      #"{"t":0.05,"type":"transition","from":0,"to":1,"animated":true,"interaction":"discrete","cause":"tap","file":"d/"#
        + name($0) + "\"}\n"
    }.joined()
  }

  @Test(.timeLimit(.minutes(5)))
  func thousandsOfTracesUnderALowDescriptorLimitGiveTheBytesOfOneJob() throws {
    // The issue's case: 3,000 small traces, `ulimit -n 64`, `--jobs 8`; each finished file
    // kept its temporary file open, and most runs failed (66, 74 or a trap).
    let directory = try manyTraces(3000)
    let one = try pagetrace(["replay", "-q", "d"], in: directory)
    #expect(one.status == 0, "\(one.stderr)")
    #expect(one.stdout == expected(3000))
    for attempt in 1...5 {
      let run = try shell(#"ulimit -n 64 && exec "$P" replay -q --jobs 8 d"#, in: directory)
      #expect(run.status == 0, "attempt \(attempt): \(run.stderr)")
      #expect(run.stdout == Data(expected(3000).utf8), "attempt \(attempt)")
    }
  }

  @Test(.timeLimit(.minutes(5)))
  func aSlowFirstFileHoldsBackNoMoreThanAFewFinishedOnes() throws {
    // A large trace sorted first: the small ones behind it finish long before it, and must
    // wait without each holding a descriptor.
    let directory = try manyTraces(1000)
    let generated = try pagetrace(
      ["generate", "--events", "60000", "-o", "d/a.jsonl"], in: directory)
    #expect(generated.status == 0, "\(generated.stderr)")
    let one = try pagetrace(["replay", "-q", "d", "-o", "one.jsonl"], in: directory)
    #expect(one.status == 0, "\(one.stderr)")
    let reference = try Data(contentsOf: directory.appendingPathComponent("one.jsonl"))
    #expect(String(decoding: reference, as: UTF8.self).hasSuffix(expected(1000)))
    for jobs in [2, 8] {
      let run = try shell(
        #"ulimit -n 64 && exec "$P" replay -q --jobs \#(jobs) d -o many.jsonl"#, in: directory)
      #expect(run.status == 0, "--jobs \(jobs): \(run.stderr)")
      let many = try Data(contentsOf: directory.appendingPathComponent("many.jsonl"))
      #expect(many == reference, "--jobs \(jobs)")
    }
  }

  @Test(.timeLimit(.minutes(2)))
  func aLimitTooLowForTheJobsMeansFewerWorkersAndTheSameBytes() throws {
    // With 12 descriptors there is no room for 8 workers (3 each, and some for the system):
    // the files are replayed with fewer, or in order, rather than failing or crashing (the
    // thread pool stops the process when it cannot open its own files).
    let directory = try manyTraces(300)
    for limit in [12, 16, 20, 24] {
      let run = try shell(#"ulimit -n \#(limit) && exec "$P" replay -q --jobs 8 d"#, in: directory)
      #expect(run.status == 0, "ulimit -n \(limit): \(run.stderr)")
      #expect(run.stdout == Data(expected(300).utf8), "ulimit -n \(limit)")
    }
  }

  @Test(.timeLimit(.minutes(2)))
  func tooFewDescriptorsIsExit75WorthRetrying() throws {
    // Four: standard input, output and error, and the output's temporary file; no input can
    // be opened (`EMFILE`).
    let directory = try manyTraces(20)
    for jobs in [1, 8] {
      let run = try shell(
        #"ulimit -n 4 && exec "$P" replay -q --jobs \#(jobs) d -o out.jsonl"#, in: directory)
      #expect(run.status == 75, "--jobs \(jobs): \(run.stderr)")
      #expect(
        run.stderr.hasPrefix(
          "pagetrace: error: d/t0001.jsonl: Too many open files (the system ran short of a resource; the run may succeed if tried again)\n"
        ), "\(run.stderr)")
      #expect(
        !FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.jsonl").path))
    }
  }

  /// Mounting a file system takes root; CI runs as root, so there the test always runs (and a
  /// failure to mount fails it).
  static let canMount =
    geteuid() == 0 || ProcessInfo.processInfo.environment["CI"] == "true"

  /// The workers' output is held in memory up to 64 MiB, so a full temporary folder does not
  /// stop a run whose output fits (past the budget, a full folder is exit 75:
  /// `HeldOutputTests.aFullTemporaryFolderPastTheBudget`).
  @Test(.enabled(if: canMount), .timeLimit(.minutes(2)))
  func aFullTemporaryFolderDoesNotMatterWhileTheOutputFitsInMemory() throws {
    // `$TMPDIR` on a 64 KiB tmpfs: a temporary file written to finds no room (`ENOSPC`).
    let directory = try scratch()
    let generated = try pagetrace(
      ["generate", "--events", "10000", "-o", "m.jsonl"], in: directory)
    #expect(generated.status == 0, "\(generated.stderr)")
    let run = try shell(
      #"mkdir t && mount -t tmpfs -o size=64k tmpfs t || exit 99; "#
        + #"TMPDIR="$PWD/t" "$P" replay --emit all --jobs 2 m.jsonl m.jsonl -o out.jsonl; "#
        + #"s=$?; umount t; exit $s"#, in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    let serial = try shell(
      #""$P" replay --emit all m.jsonl m.jsonl -o one.jsonl && cmp one.jsonl out.jsonl"#,
      in: directory)
    #expect(serial.status == 0, "\(serial.stdout)\(serial.stderr)")
  }

  @Test(arguments: ["jsonl", "csv"])
  func aFullOutputWithManyJobsIsExit74(format: String) throws {
    // The CSV header row fails first, before any worker copied anything; JSON Lines fails at
    // the first copy. Either way the workers are stopped and joined cleanly.
    let directory = try manyTraces(50)
    for jobs in [2, 8] {
      let run = try shell(
        #""$P" replay -q --jobs \#(jobs) --format \#(format) d > /dev/full"#, in: directory)
      #expect(run.status == 74, "--jobs \(jobs): \(run.stderr)")
      #expect(run.stderr == "pagetrace: error: <stdout>: No space left on device\n")
    }
  }
}
