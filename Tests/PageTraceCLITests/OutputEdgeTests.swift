import Foundation
import Testing

/// The edges of the one output sink and the one loop: what is written in place, what a
/// failed or interrupted run leaves, FIFOs, and events the engine rejects.
@Suite struct OutputEdgeTests {
  static let header =
    #"{"pagetrace":1,"pages":5,"control":{"x":0,"y":0,"width":100,"height":20}}"#
  static let tap = [
    #"{"t":0,"touch":"down","id":1,"x":80,"y":10}"#,
    #"{"t":0.05,"touch":"up","id":1,"x":80,"y":10}"#,
  ]

  func text(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

  @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
    let directory = try scratch()
    try write(
      ([Self.header] + Self.tap).joined(separator: "\n") + "\n", to: "t.jsonl", in: directory)
    try "old\n".write(
      to: directory.appendingPathComponent("target.jsonl"), atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("link.jsonl").path,
      withDestinationPath: "target.jsonl")
    let run = try pagetrace(["replay", "t.jsonl", "-o", "link.jsonl"], in: directory)
    #expect(run.status == 0)
    let link = try FileManager.default.destinationOfSymbolicLink(
      atPath: directory.appendingPathComponent("link.jsonl").path)
    #expect(link == "target.jsonl")
    #expect(
      text(directory.appendingPathComponent("target.jsonl"))?.contains("\"cause\":\"tap\"") == true)
  }

  @Test(arguments: [
    ["--on-error", "skip", "--strict", "t.jsonl"],
    ["--on-error", "skip", "missing.jsonl", "t.jsonl"],
  ])
  func aRunThatExitsNonZeroAfterSkippingKeepsTheOldFile(_ arguments: [String]) throws {
    let directory = try scratch()
    try write(
      ([Self.header, "{bad"] + Self.tap).joined(separator: "\n") + "\n", to: "t.jsonl",
      in: directory)
    let out = directory.appendingPathComponent("out.jsonl")
    try "precious\n".write(to: out, atomically: false, encoding: .utf8)
    let run = try pagetrace(["replay"] + arguments + ["-o", "out.jsonl"], in: directory)
    #expect(run.status == (arguments.contains("--strict") ? 65 : 66))
    #expect(text(out) == "precious\n")
    #expect(
      text(directory.appendingPathComponent("out.jsonl.partial"))?.contains("\"cause\":\"tap\"")
        == true)
    #expect(
      run.stderr.hasSuffix(
        "pagetrace: note: out.jsonl is unchanged; what was written before the error is in out.jsonl.partial\n"
      ))
  }

  @Test func renderSkippingAnUnreadableInputIs66() throws {
    let run = try pagetrace(["render", "--on-error", "skip", "missing.jsonl"])
    #expect(run.status == 66)
    #expect(run.stderr == "pagetrace: error: missing.jsonl: No such file or directory\n")
  }

  @Test func anEmptyOutputNameCannotBeCreated() throws {
    let directory = try scratch()
    try write(
      ([Self.header] + Self.tap).joined(separator: "\n") + "\n", to: "t.jsonl", in: directory)
    let run = try pagetrace(["replay", "t.jsonl", "-o", ""], in: directory)
    #expect(run.status == 73)
  }

  @Test func aFIFOInputKeepsItsDataForTheRealRead() throws {
    let directory = try scratch()
    let fifo = directory.appendingPathComponent("ff").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let content = ([Self.header] + Self.tap).joined(separator: "\n") + "\n"
    // The writer blocks until the reader opens; checking the input must not open it.
    let writer = Thread {
      if let handle = FileHandle(forWritingAtPath: fifo) {
        handle.write(Data(content.utf8))
        try? handle.close()
      }
    }
    writer.start()
    let run = try pagetrace(["replay", "ff"], in: directory)
    #expect(run.status == 0)
    #expect(run.records.count == 1)
  }

  @Test func anInterruptedRunLeavesNoTemporaryFileAndTheOldOutput() throws {
    let directory = try scratch()
    try "old\n".write(
      to: directory.appendingPathComponent("out.jsonl"), atomically: false, encoding: .utf8)
    // Standard input stays open, so the run is still going (temporary file and all) when it
    // is interrupted.
    let input = Pipe()
    let process = Process()
    // The test runner blocks signals in the threads it spawns from; python3 clears the mask
    // and becomes pagetrace, so the interrupt is delivered as from a terminal.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let unblock =
      "import os,signal,sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
      + "os.execv(sys.argv[1], sys.argv[1:])"
    process.arguments = [
      "python3", "-c", unblock, executable.path, "replay", "--emit", "all", "-", "-o", "out.jsonl",
    ]
    process.currentDirectoryURL = directory
    process.standardInput = input
    try process.run()
    input.fileHandleForWriting.write(Data(([Self.header] + Self.tap).joined(separator: "\n").utf8))
    var waited = 0
    func temporaryExists() throws -> Bool {
      try FileManager.default.contentsOfDirectory(atPath: directory.path).contains {
        $0.hasPrefix(".out.jsonl.pagetrace-")
      }
    }
    while waited < 500, !(try temporaryExists()) {
      usleep(10_000)
      waited += 1
    }
    #expect(try temporaryExists())
    kill(process.processIdentifier, SIGINT)
    try waitForExit(process, within: programTimeout, what: "pagetrace after SIGINT")
    try? input.fileHandleForWriting.close()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGINT)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["out.jsonl"])
    #expect(text(directory.appendingPathComponent("out.jsonl")) == "old\n")
  }

  @Test func observersNeverSeeARejectedEvent() throws {
    // The second down goes back in time: rejected, reported and skipped, it must not become
    // a stroke in classify nor an event in stats.
    let directory = try scratch()
    let trace = [
      Self.header, #"{"t":1,"touch":"down","id":1,"x":80,"y":10}"#,
      #"{"t":1.05,"touch":"up","id":1,"x":80,"y":10}"#,
      #"{"t":0.5,"touch":"down","id":2,"x":80,"y":10}"#,
      #"{"t":2,"touch":"up","id":2,"x":80,"y":10}"#,
    ]
    try write(trace.joined(separator: "\n") + "\n", to: "t.jsonl", in: directory)
    let classify = try pagetrace(["classify", "--on-error", "skip", "t.jsonl"], in: directory)
    #expect(classify.status == 0)
    #expect(classify.records.count == 1)
    #expect(classify.stderr.contains("t.jsonl:4:6: expected a time of at least 1.05"))
    let stats = try pagetrace(
      ["stats", "--format", "json", "--on-error", "skip", "t.jsonl"], in: directory)
    #expect(stats.records.first?["events"] as? Int == 3)
    // Failing at it, classify writes nothing for the rejected event either.
    let fail = try pagetrace(["classify", "t.jsonl"], in: directory)
    #expect(fail.status == 65)
    #expect(fail.records.count == 1)
  }
}
