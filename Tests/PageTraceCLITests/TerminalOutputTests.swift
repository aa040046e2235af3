import Foundation
import Testing

/// Binary traces are never written to a terminal; `generate` needs no seed.
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
    (["stats", "--jobs", "2"], "See 'pagetrace stats --help'."),
    (["generate"], "See 'pagetrace generate --help'."),
    (["replai"], "See 'pagetrace --help'."),
  ])
  func theHintNamesTheCommand(arguments: [String], hint: String) throws {
    let run = try pagetrace(arguments)
    #expect(run.status == 64)
    #expect(run.stderr.hasSuffix(hint + "\n"), "\(run.stderr)")
  }
}
