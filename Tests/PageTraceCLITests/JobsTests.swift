import Foundation
import Testing

/// `replay --jobs N`: the same bytes as one job, in input order, errors included.
@Suite struct JobsTests {
  let traces = scenarioTraces

  @Test(arguments: [2, 3, 8])
  func severalJobsWriteTheSameBytesAsOne(jobs: Int) throws {
    let one = try pagetrace(["replay", "--emit", "all"] + traces)
    let many = try pagetrace(["replay", "--emit", "all", "--jobs", "\(jobs)"] + traces)
    #expect(one.status == 0)
    #expect(one.records.count > 100)
    #expect(many.status == one.status)
    #expect(many.stdout == one.stdout)
    #expect(many.stderr == one.stderr)
  }

  @Test func aFailureStopsAtTheSameByteWithManyJobs() throws {
    let directory = try scratch()
    let good = ([header] + twoTaps).joined(separator: "\n") + "\n"
    try write(good, to: "a.jsonl", in: directory)
    try write(
      ([header, twoTaps[0], twoTaps[1], "{oops"]).joined(separator: "\n") + "\n", to: "b.jsonl",
      in: directory)
    try write(good, to: "c.jsonl", in: directory)
    // Every input is checked before anything is read: a missing one fails at once.
    let arguments = ["replay", "a.jsonl", "b.jsonl", "missing.jsonl", "c.jsonl"]
    for jobs in ["1", "2"] {
      let missing = try pagetrace(arguments + ["-j", jobs], in: directory)
      #expect(missing.status == 66)
      #expect(missing.stdout.isEmpty)
      #expect(missing.stderr == "pagetrace: error: missing.jsonl: No such file or directory\n")
    }
    let present = ["replay", "a.jsonl", "b.jsonl", "c.jsonl"]
    let one = try pagetrace(present, in: directory)
    let two = try pagetrace(present + ["-j", "2"], in: directory)
    #expect(one.status == 65)
    #expect(one.stderr.hasPrefix("b.jsonl:4:2: "), "\(one.stderr)")
    #expect(one.records.map { $0["file"] as? String } == ["a.jsonl", "a.jsonl", "b.jsonl"])
    #expect(two.status == one.status)
    #expect(two.stdout == one.stdout)
    #expect(two.stderr == one.stderr)
    // Skipping, everything else is replayed and the missing file is reported, in order.
    let skipOne = try pagetrace(arguments + ["--on-error", "skip"], in: directory)
    let skipTwo = try pagetrace(arguments + ["--on-error", "skip", "--jobs", "2"], in: directory)
    #expect(skipOne.status == 66)
    #expect(skipOne.records.count == 5)
    #expect(skipTwo.stdout == skipOne.stdout)
    #expect(skipTwo.stderr == skipOne.stderr)
  }

  @Test(.timeLimit(.minutes(1)))
  func aFailureBeforeMostFilesStartedEndsWithoutWaitingForThem() throws {
    // The bad file comes first: most of the 30 after it are never handed to a worker, and
    // the run must not wait for them.
    let directory = try scratch()
    try write("{oops\n", to: "bad.jsonl", in: directory)
    let good = ([header] + twoTaps).joined(separator: "\n") + "\n"
    let names = (1...30).map { "g\($0).jsonl" }
    for name in names { try write(good, to: name, in: directory) }
    let run = try pagetrace(["replay", "--jobs", "2", "bad.jsonl"] + names, in: directory)
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("bad.jsonl:1:2: "), "\(run.stderr)")
  }

  @Test func jobsMustBePositive() throws {
    #expect(try pagetrace(["replay", "--jobs", "0"]).status == 64)
    #expect(try pagetrace(["replay", "--jobs", "two"]).status == 64)
  }
}
