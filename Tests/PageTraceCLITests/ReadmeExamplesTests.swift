import Foundation
import Testing

/// Every command in the `sh` blocks of the README and of the behaviour chapters
/// (`docs/behaviour/*.md`) runs as written, from the repository's root, and ends with the
/// status its comment names (`exit 65`), or 0, with `HOME` in a scratch folder. Commands that
/// need more than `pagetrace` and a shell are left to the CI steps that run them (see
/// ``elsewhere``).
@Suite struct ReadmeExamplesTests {
  /// Commands run elsewhere, by how they start: the set-up commands (this very suite, and
  /// `swift run`), the portable binary and the Spark example (`.ci/static-binary.sh`,
  /// `.ci/spark-example.sh`), and the benchmarks (smoke-run by `.ci/run`).
  static let elsewhere = [
    "swift ", "PAGETRACE_EXTRAS=1 swift ", "bash ", "python3 -m venv", "~/.venv-spark",
    "spark-submit", "cd Benchmarks",
  ]

  /// One command of a block: its text (continued lines and `for … done` joined), the file
  /// (relative to the repository) and the line where it starts.
  struct Example: CustomTestStringConvertible, Sendable {
    var command: String
    var file: String
    var line: Int
    var testDescription: String { "\(file):\(line): \(command.prefix(60))" }

    /// The status its comment names (`# … exit 65`), or 0.
    var expectedStatus: Int32 {
      guard let comment = command.split(separator: "#", maxSplits: 1).dropFirst().first,
        let range = comment.range(of: #"exit \d+"#, options: .regularExpression)
      else { return 0 }
      return Int32(comment[range].dropFirst(5))!
    }
  }

  /// The files whose `sh` blocks are run: the README, then the behaviour chapters in name
  /// order. Each chapter's examples use only `Traces/` and what the same file made before.
  static func documents() throws -> [String] {
    let chapters = try FileManager.default.contentsOfDirectory(
      atPath: repository.appendingPathComponent("docs/behaviour").path
    ).filter { $0.hasSuffix(".md") }.sorted()
    return ["README.md"] + chapters.map { "docs/behaviour/" + $0 }
  }

  /// The commands of every `sh` block, file by file, in order.
  static func examples() throws -> [Example] {
    try documents().flatMap { try examples(in: $0) }
  }

  /// The commands of every `sh` block of one file, in order.
  static func examples(in file: String) throws -> [Example] {
    let text = try String(
      contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
    var examples: [Example] = []
    var inBlock = false
    var pending: Example?
    var loopDepth = 0
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("```") {
        inBlock = line == "```sh"
        continue
      }
      guard inBlock, !line.isEmpty, !line.hasPrefix("#") || pending != nil else { continue }
      var example = pending ?? Example(command: "", file: file, line: index + 1)
      example.command += (example.command.isEmpty ? "" : "\n") + line
      if line.hasPrefix("for ") { loopDepth += 1 }
      if line.hasPrefix("done") { loopDepth -= 1 }
      if line.hasSuffix("\\") || line.hasSuffix("&&") || loopDepth > 0 {
        pending = example
      } else {
        pending = nil
        examples.append(example)
      }
    }
    return examples
  }

  /// A scratch folder that looks like the repository's root to the examples: a copy of
  /// `Traces/` (so that nothing can change the real one), and an empty `docs/` for the charts
  /// the examples draw there.
  static let root: URL = {
    let folder = try! scratch()
    try! FileManager.default.copyItem(
      at: repository.appendingPathComponent("Traces"),
      to: folder.appendingPathComponent("Traces"))
    try! FileManager.default.createDirectory(
      at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
    return folder
  }()

  @Test func theDocsHaveExamplesOfEveryCommand() throws {
    let commands = try Self.examples().map(\.command).joined(separator: "\n")
    for subcommand in [
      "replay", "generate", "convert", "lint", "classify", "stats", "render", "inspect", "sweep",
      "diff",
    ] {
      #expect(commands.contains("pagetrace \(subcommand)"), "\(subcommand)")
    }
  }

  /// The README's example is the real output of its first set-up command: the first `text`
  /// block after `swift run -c release pagetrace replay Traces/scrub.jsonl` is what
  /// `pagetrace replay Traces/scrub.jsonl` writes.
  @Test func theReadmeShowsTheMainJobsRealOutput() throws {
    let readme = try String(
      contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    let command = try #require(
      readme.range(of: "swift run -c release pagetrace replay Traces/scrub.jsonl   # the main job"))
    let block = try #require(
      readme.range(of: "```text\n", range: command.upperBound..<readme.endIndex))
    let end = try #require(readme.range(of: "```", range: block.upperBound..<readme.endIndex))
    let run = try pagetrace(["replay", "Traces/scrub.jsonl"], in: repository)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(String(readme[block.upperBound..<end.lowerBound]) == run.stdout)
  }

  /// In file order, in one folder: later examples use what earlier ones wrote.
  @Test(
    .serialized,
    arguments: try examples().filter { example in
      !elsewhere.contains { example.command.hasPrefix($0) }
    })
  func example(_ example: Example) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", example.command]
    process.currentDirectoryURL = Self.root
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["HOME"] = Self.root.path  // examples that install something do it here
    process.environment = environment
    let output = try FileHandle(forWritingTo: Self.scratchFile(in: Self.root, "stdout"))
    let errors = try FileHandle(forWritingTo: Self.scratchFile(in: Self.root, "stderr"))
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try waitForExit(process, within: 300, what: "documentation example")
    let stderr = try String(
      contentsOf: Self.root.appendingPathComponent(".stderr"), encoding: .utf8)
    #expect(
      process.terminationStatus == example.expectedStatus,
      "\(example.file):\(example.line): \(example.command)\n\(stderr)")
  }

  /// A fresh file `.NAME` in `folder` for a stream.
  static func scratchFile(in folder: URL, _ name: String) throws -> URL {
    let file = folder.appendingPathComponent("." + name)
    FileManager.default.createFile(atPath: file.path, contents: nil)
    return file
  }
}
