import Foundation
import Testing

/// A run that fails because its output is full (here: the file size limit, with `SIGXFSZ`
/// ignored, so that writes fail with `EFBIG` as on a full disk) keeps a `.partial` file that
/// ends at a record boundary: a whole line, or for a binary trace a whole record.
@Suite struct PartialOutputBoundaryTests {
  /// Runs `arguments` with writes limited to 400 blocks (204,800 bytes in dash's 512-byte
  /// blocks, 409,600 in bash's kilobytes): every output below is larger than both.
  private func limited(_ arguments: String, in directory: URL) throws -> ShellRun {
    try shell(#"trap '' XFSZ; ulimit -f 400 && exec "$P" \#(arguments)"#, in: directory)
  }

  private func generate(_ events: Int, to name: String, in directory: URL) throws {
    let run = try pagetrace(["generate", "--events", "\(events)", "-o", name], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
  }

  private func contents(_ name: String, in directory: URL) throws -> Data {
    try Data(contentsOf: directory.appendingPathComponent(name))
  }

  /// Checks that `partial` is a non-empty proper prefix of `whole` ending in a line feed.
  private func expectWholeLines(_ partial: Data, of whole: Data) {
    #expect(!partial.isEmpty)
    #expect(partial.count < whole.count)
    #expect(whole.starts(with: partial), "the kept output is not what the run wrote")
    #expect(partial.last == UInt8(ascii: "\n"), "the kept output ends inside a record")
  }

  @Test(.timeLimit(.minutes(2)))
  func aReplayCutShortKeepsWholeRecords() throws {
    let directory = try scratch()
    try generate(40000, to: "g.jsonl", in: directory)
    let full = try pagetrace(
      ["replay", "--emit", "all", "g.jsonl", "-o", "full.jsonl"], in: directory)
    #expect(full.status == 0, "\(full.stderr)")
    let run = try limited("replay --emit all g.jsonl -o out.jsonl", in: directory)
    #expect(run.status == 74, "\(run.stderr)")
    #expect(run.stderr.contains("out.jsonl: File too large"), "\(run.stderr)")
    let partial = try contents("out.jsonl.partial", in: directory)
    expectWholeLines(partial, of: try contents("full.jsonl", in: directory))
    for line in partial.split(separator: UInt8(ascii: "\n")) {
      #expect((try? JSONSerialization.jsonObject(with: Data(line))) is NSDictionary)
    }
  }

  @Test(.timeLimit(.minutes(2)), arguments: ["jsonl", "csv"])
  func aParallelReplayCutShortKeepsWholeRecords(format: String) throws {
    // Six traces whose records each fit under the limit (so the workers' temporary files
    // do), but not all together: the copy to the output fails part-way.
    let directory = try scratch()
    try generate(10000, to: "m1.jsonl", in: directory)
    let names = (1...6).map { "m\($0).jsonl" }
    for name in names.dropFirst() {
      try FileManager.default.copyItem(
        at: directory.appendingPathComponent("m1.jsonl"),
        to: directory.appendingPathComponent(name))
    }
    let options = "replay --emit all --format \(format) --jobs 2 " + names.joined(separator: " ")
    let full = try shell(#""$P" \#(options) -o full.out"#, in: directory)
    #expect(full.status == 0, "\(full.stderr)")
    let whole = try contents("full.out", in: directory)
    #expect(whole.count > 409_600)
    let run = try limited(options + " -o out.txt", in: directory)
    #expect(run.status == 74, "\(run.stderr)")
    #expect(run.stderr.contains("out.txt: File too large"), "\(run.stderr)")
    expectWholeLines(try contents("out.txt.partial", in: directory), of: whole)
  }

  @Test(.timeLimit(.minutes(2)))
  func aBinaryTraceCutShortKeepsWholeRecords() throws {
    let directory = try scratch()
    try generate(40000, to: "g.jsonl", in: directory)
    let run = try limited("convert --to binary g.jsonl -o out.bin", in: directory)
    #expect(run.status == 74, "\(run.stderr)")
    let partial = try contents("out.bin.partial", in: directory)
    #expect(partial.count > 1000)
    // Read back: it ends after a whole record, where the end marker should have come; a cut
    // inside a record says "expected a complete record" instead.
    let read = try pagetrace(["convert", "--to", "jsonl", "out.bin.partial"], in: directory)
    #expect(read.status == 65)
    #expect(read.stderr.contains("expected the end marker"), "\(read.stderr)")
    #expect(!read.stderr.contains("complete record"), "\(read.stderr)")
  }
}
