import Foundation
import Testing

/// Binary traces and Parquet are never written to a terminal; `generate` needs no seed.
@Suite struct TerminalOutputTests {
  /// Runs pagetrace with a pseudo-terminal as its standard streams (python3's `pty`), and
  /// returns its exit status and what it showed on the terminal.
  func onATerminal(_ arguments: [String], in directory: URL) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", "-c", "import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)", executable.path]
      + arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test func binaryOutputIsRefusedOnATerminal() throws {
    let directory = try scratch()
    let generated = try pagetrace(["generate", "--events", "50", "-o", "t.jsonl"], in: directory)
    #expect(generated.status == 0)
    for arguments in [
      ["generate", "--events", "50", "--format", "binary"], ["convert", "t.jsonl"],
      ["convert", "t.jsonl", "-o", "-"],
    ] {
      let (status, shown) = try onATerminal(arguments, in: directory)
      #expect(status == 64, "\(arguments)")
      #expect(shown.contains("refusing to write a binary trace to a terminal"), "\(arguments)")
      #expect(!shown.contains("PGTRACE"), "\(arguments)")
    }
    // Text is fine on a terminal, and binary is fine anywhere else.
    let (status, shown) = try onATerminal(["generate", "--events", "3"], in: directory)
    #expect(status == 0)
    #expect(shown.contains("\"pagetrace\":1"))
    let (toFile, _) = try onATerminal(["convert", "t.jsonl", "-o", "t.bin"], in: directory)
    #expect(toFile == 0)
    // Standard output a pipe: the binary trace is written.
    let process = Process()
    process.executableURL = executable
    process.arguments = ["convert", "t.jsonl"]
    process.currentDirectoryURL = directory
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(bytes.starts(with: Array("PGTRACE".utf8)))
  }

  @Test func parquetIsRefusedOnATerminal() throws {
    let directory = try scratch()
    let generated = try pagetrace(["generate", "--events", "50", "-o", "t.jsonl"], in: directory)
    #expect(generated.status == 0)
    for arguments in [
      ["replay", "--format", "parquet", "t.jsonl"], ["classify", "--format", "parquet", "t.jsonl"],
      ["stats", "--format", "parquet", "-o", "-", "t.jsonl"],
      ["sweep", "--vary", "pages=3,4", "--format", "parquet", "t.jsonl"],
      ["diff", "--b", "pages=3", "--format", "parquet", "t.jsonl"],
    ] {
      let (status, shown) = try onATerminal(arguments, in: directory)
      #expect(status == 64, "\(arguments)")
      #expect(shown.contains("refusing to write Parquet to a terminal"), "\(arguments)")
      #expect(!shown.contains("PAR1"), "\(arguments)")
    }
    let (toFile, _) = try onATerminal(
      ["classify", "--format", "parquet", "-o", "s.parquet", "t.jsonl"], in: directory)
    #expect(toFile == 0)
    let written = try Data(contentsOf: directory.appendingPathComponent("s.parquet"))
    #expect(written.prefix(4) == Data("PAR1".utf8) && written.suffix(4) == Data("PAR1".utf8))
  }

  @Test func generateHasADefaultSeed() throws {
    let directory = try scratch()
    let implicit = try pagetrace(["generate", "--events", "500"], in: directory)
    let explicit = try pagetrace(["generate", "--events", "500", "--seed", "1"], in: directory)
    let other = try pagetrace(["generate", "--events", "500", "--seed", "2"], in: directory)
    #expect(implicit.status == 0)
    #expect(implicit.stdout == explicit.stdout)
    #expect(implicit.stdout != other.stdout)
    let help = try pagetrace(["generate", "--help"], in: directory)
    #expect(help.stdout.contains("(default: 1)"))
  }
}

/// A usage error points at the help of the command it happened in.
@Suite struct UsageHintTests {
  @Test(arguments: [
    (["replay", "--bogus"], "See 'pagetrace replay --help'."),
    (["stats", "--emit", "all"], "See 'pagetrace stats --help'."),
    (["generate"], "See 'pagetrace generate --help'."),
    (["replai"], "See 'pagetrace --help'."),
  ])
  func theHintNamesTheCommand(arguments: [String], hint: String) throws {
    let run = try pagetrace(arguments)
    #expect(run.status == 64)
    #expect(run.stderr.hasSuffix(hint + "\n"), "\(run.stderr)")
  }
}

/// The progress line on a terminal: cut to its width, erased at the end and on Ctrl-C, and
/// silenced by `--no-progress` and `--quiet`.
@Suite struct ProgressLineTests {
  /// Runs pagetrace on a pseudo-terminal `columns` wide, its standard input a pipe that gets
  /// one trace line and stays open, then is closed (`interrupt` false) or the process gets
  /// `SIGINT` (true). With `hold` `nil` the input stays open until the progress line shows (it
  /// first shows after 1 s), with a deadline of 20 s; otherwise for `hold` seconds. Returns the
  /// exit status (128 + the signal when one ended it), everything shown on the terminal, and
  /// the seconds the input was held open.
  func slowRun(_ arguments: [String], columns: Int, interrupt: Bool, hold: Double? = nil) throws
    -> (status: Int32, shown: String, held: Double)
  {
    let driver = """
      import os, pty, sys, fcntl, termios, struct, time, signal, select
      columns, interrupt, hold, argv = int(sys.argv[1]), sys.argv[2] == "1", float(sys.argv[3]), sys.argv[4:]
      r, w = os.pipe()
      pid, fd = pty.fork()
      if pid == 0:
          # As a shell would start it: no signal blocked (the test runner blocks some).
          signal.pthread_sigmask(signal.SIG_SETMASK, [])
          os.dup2(r, 0); os.close(w); os.execv(argv[0], argv)
      fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
      os.close(r)
      os.write(w, b'{"pagetrace":1,"pages":3,"control":{"x":0,"y":0,"width":90,"height":30}}\\n')
      shown, start, ended = b"", time.time(), False
      # Hold the input open: until the progress line shows (hold < 0, at most 20 s), or for hold s.
      until = start + (20 if hold < 0 else hold)
      while not (hold < 0 and b"\\rpagetrace: " in shown):
          left = until - time.time()
          if left <= 0: break
          ready, _, _ = select.select([fd], [], [], left)
          if not ready: continue
          try: chunk = os.read(fd, 4096)
          except OSError: chunk = b""
          if not chunk: ended = True; break
          shown += chunk
      held = time.time() - start
      if interrupt: os.kill(pid, signal.SIGINT)
      else: os.close(w)
      deadline = time.time() + 10
      while not ended:
          ready, _, _ = select.select([fd], [], [], max(0, deadline - time.time()))
          if not ready: os.kill(pid, signal.SIGKILL); break  # never hang the test run
          try: chunk = os.read(fd, 4096)
          except OSError: break
          if not chunk: break
          shown += chunk
      _, status = os.waitpid(pid, 0)
      sys.stdout.buffer.write(shown)
      sys.stderr.write("%f" % held)
      sys.exit(128 + os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", "-c", driver, "\(columns)", interrupt ? "1" : "0", "\(hold ?? -1)",
        executable.path,
      ] + arguments
    process.currentDirectoryURL = try scratch()
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let held = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    try waitForExit(process, within: 60, what: "the pseudo-terminal driver")
    return (process.terminationStatus, text, try #require(Double(held), "driver said \(held)"))
  }

  /// The progress texts shown: what follows each carriage return, up to the erase sequence.
  func progressTexts(_ shown: String) -> [Substring] {
    shown.split(separator: "\r").compactMap { piece in
      guard piece.hasPrefix("pagetrace: ") else { return nil }
      return piece.prefix { $0 != "\u{1B}" }
    }
  }

  @Test func theLineFitsTheTerminalAndIsErasedAtTheEnd() throws {
    let (status, shown, _) = try slowRun(
      ["replay", "-o", "out.jsonl"], columns: 24, interrupt: false)
    #expect(status == 0)
    let texts = progressTexts(shown)
    #expect(!texts.isEmpty, "no progress line in \(shown.debugDescription)")
    // "pagetrace: 0.0 MB, 0.0 M events/s" does not fit in 23 columns: cut, marked "…".
    for text in texts {
      #expect(text.count == 23, "\(text.debugDescription)")
      #expect(text.hasSuffix("…"))
    }
    #expect(shown.hasSuffix("\r\u{1B}[K"), "\(shown.debugDescription)")
  }

  @Test func ctrlCErasesTheLine() throws {
    let (status, shown, _) = try slowRun(
      ["replay", "-o", "out.jsonl"], columns: 80, interrupt: true)
    #expect(status == 128 + 2)
    let texts = progressTexts(shown)
    #expect(texts.first?.hasPrefix("pagetrace: 0.0 MB, ") == true, "\(shown.debugDescription)")
    #expect(shown.hasSuffix("\r\u{1B}[K"), "\(shown.debugDescription)")
  }

  /// Silenced, no line shows in the time it took to show unsilenced (plus a second): the
  /// same run without the flag shows it first, so the check cannot pass for want of time.
  @Test(arguments: [["--no-progress"], ["--quiet"], ["-q"]])
  func silenced(flags: [String]) throws {
    let (shownStatus, shownAnyway, held) = try slowRun(["stats"], columns: 80, interrupt: false)
    #expect(shownStatus == 0)
    #expect(!progressTexts(shownAnyway).isEmpty, "\(shownAnyway.debugDescription)")
    let (status, shown, _) = try slowRun(
      ["stats"] + flags, columns: 80, interrupt: false, hold: held + 1)
    #expect(status == 0)
    #expect(progressTexts(shown).isEmpty, "\(shown.debugDescription)")
    #expect(shown.contains("events"))  // the stats table itself
  }
}
