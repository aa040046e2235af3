import Foundation
import Testing

/// Every fatal condition a documented exit with nothing stray left behind (issue 39;
/// docs/behaviour/bad-input.md, "Write failures" and "Signals"): a file-size limit is a write
/// failure (74) with the output kept as `FILE.partial` cut at a record; a signal that ends the
/// run, a crash's included, and an allocation failure leave no temporary file; and the
/// parallel reader stops at the first line too long in a gzip input, as the serial one does.
@Suite struct FatalConditionTests {
  /// The hidden temporary files of outputs in `directory` (`.NAME.pagetrace-XXXXXX`).
  static func temporaryFiles(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.contains(".pagetrace-") }
  }

  @Test func aFileSizeLimitIsAWriteFailureWithThePartialOutputKept() throws {
    let directory = try scratch()
    // About 3 MB of records, written 64 KiB at a time, past `ulimit -f 512`: 512 blocks of
    // 512 bytes (dash) or 1,024 (bash), either way several writes in and far short of the end.
    let run = try shell(
      "\"$P\" generate --events 20000 -o t.jsonl && ulimit -f 512 && "
        + "\"$P\" replay --emit all t.jsonl -o out.jsonl; echo \"status $?\"", in: directory)
    let printed = String(decoding: run.stdout, as: UTF8.self)
    #expect(printed == "status 74\n", "\(run.stderr)")
    #expect(run.stderr.contains("out.jsonl: File too large"), "\(run.stderr)")
    #expect(run.stderr.contains("what was written before the error is in out.jsonl.partial"))
    let partial = try Data(contentsOf: directory.appendingPathComponent("out.jsonl.partial"))
    #expect(partial.count > 0 && partial.count <= 512 * 1024)
    #expect(partial.last == 0x0A)
    // Whole records only: each line is a JSON object.
    for line in partial.split(separator: 0x0A) {
      #expect((try? JSONSerialization.jsonObject(with: Data(line))) is NSDictionary)
    }
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.jsonl").path))
    #expect(try Self.temporaryFiles(in: directory).isEmpty)
  }

  /// A run ended by a signal (from outside, or a fault of its own) removes its temporary
  /// output, then ends by that signal: the shell sees 128 + its number.
  @Test(arguments: ["HUP", "INT", "QUIT", "ABRT", "USR1", "USR2", "SEGV", "ALRM", "TERM", "BUS"])
  func aSignalLeavesNoTemporaryFile(_ signal: String) throws {
    let directory = try scratch()
    // The replay reads a FIFO that stays open: it has created its temporary output and waits.
    let script = """
      mkfifo in.fifo
      "$P" replay in.fifo -o out.jsonl 2>/dev/null &
      child=$!
      exec 3>in.fifo
      printf '%s\\n' \(shellQuoted(header)) '{"t":1,"key":"right"}' >&3
      i=0
      while [ -z "$(ls -A | grep pagetrace-)" ] && [ $i -lt 500 ]; do sleep 0.01; i=$((i+1)); done
      ls -A | grep -c pagetrace-
      kill -\(signal) $child
      wait $child
      echo "status $?"
      exec 3>&-
      ls -A | grep -c pagetrace-
      """
    let run = try shell(script, in: directory)
    let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
    let number = [
      "HUP": 1, "INT": 2, "QUIT": 3, "ABRT": 6, "USR1": 10, "USR2": 12, "SEGV": 11,
      "ALRM": 14, "TERM": 15, "BUS": 7,
    ][signal]!
    #expect(lines == ["1", "status \(128 + number)", "0"], "\(run.stderr)")
    #expect(try Self.temporaryFiles(in: directory).isEmpty)
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.jsonl").path))
  }

  /// An allocation that fails ends the process (Swift traps: 134, `SIGABRT`), but the temporary
  /// output goes first. A 60 MB line under an address-space limit makes the reader's buffer
  /// fail to grow; which limit does it depends on the build, so several are tried: each run
  /// either fails to allocate (134) or reads the line and refuses it (65), and none leaves a
  /// file behind.
  @Test func anAllocationFailureLeavesNoTemporaryFile() throws {
    let directory = try scratch()
    let line =
      #"{"t":0,"touch":"down","id":1,"x":1,"y":1,"pad":""#
      + String(repeating: "a", count: 60_000_000) + "\"}\n"
    try Data(line.utf8).write(to: directory.appendingPathComponent("long.jsonl"))
    var statuses: [String] = []
    for kilobytes in [60_000, 100_000, 150_000, 250_000] {
      let run = try shell(
        "ulimit -v \(kilobytes); \"$P\" replay --pages 5 --max-line-length 67108864 long.jsonl "
          + "-o out.jsonl 2>/dev/null; echo $?", in: directory)
      let status = String(decoding: run.stdout, as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines)
      statuses.append(status)
      #expect(["134", "65"].contains(status), "ulimit -v \(kilobytes): \(status)")
      #expect(try Self.temporaryFiles(in: directory).isEmpty, "ulimit -v \(kilobytes)")
      #expect(
        !FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.jsonl").path))
    }
    #expect(statuses.contains("134"), "no limit made an allocation fail: \(statuses)")
  }

  /// `--jobs 2` on a gzip input whose first line is too long stops there, as one job does: the
  /// rest is not decompressed. What the process read is the offset of the input it shared with
  /// the shell (standard input from a file), read back once it has ended.
  @Test(
    .enabled(
      if: ProcessInfo.processInfo.activeProcessorCount > 1, "one processor: no parallel reader"))
  func theParallelReaderStopsAtTheFirstLineTooLongInAGzip() throws {
    let directory = try scratch()
    // 24 MiB of random letters and no line feed: about 15 MB of gzip, 12 times the 1 MiB limit
    // at which the line is refused.
    let script = """
      python3 -c '
      import gzip, os, sys
      letters = bytes(range(97, 123)) * 10
      data = os.urandom(24 << 20).translate(bytes(letters[i % 260] for i in range(256)))
      sys.stdout.buffer.write(gzip.compress(data, 1))
      ' > long.gz
      for jobs in 1 2; do
        exec 3<long.gz
        "$P" replay --jobs $jobs - <&3 >/dev/null 2>err-$jobs
        status=$?
        python3 -c 'import os; print(os.lseek(3, 0, os.SEEK_CUR), os.fstat(3).st_size)'
        echo "status $status"
        exec 3<&-
      done
      """
    let run = try shell(script, in: directory, timeout: 120)
    let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
    try #require(lines.count == 4, "\(lines) \(run.stderr)")
    for (index, jobs) in [1, 2].enumerated() {
      let numbers = lines[2 * index].split(separator: " ").compactMap { Int($0) }
      let (read, size) = (numbers[0], numbers[1])
      #expect(lines[2 * index + 1] == "status 65", "--jobs \(jobs)")
      // A few reads of the compressed input at most (the line is refused at 1 MiB of text):
      // the whole file before the fix.
      #expect(read < size / 4, "--jobs \(jobs) read \(read) of \(size) bytes")
      let errors = try String(
        contentsOf: directory.appendingPathComponent("err-\(jobs)"), encoding: .utf8)
      #expect(errors.contains("<stdin>:1:1: expected a line of at most 1048576 bytes"), "\(errors)")
    }
  }
}
