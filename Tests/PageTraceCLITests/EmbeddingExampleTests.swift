import Foundation
import Testing

/// The README's embedding sample is the start of `Examples/Embedding/main.swift`: the example
/// compiles with the package and prints what its comments say, and the README shows its lines
/// in order (the sample itself is compiled too, as every sample of the docs is:
/// DocSamplesTests).
@Suite struct EmbeddingExampleTests {
  /// The example's source without its first line (a comment saying where it is used).
  static func exampleSource() throws -> String {
    let path = repository.appendingPathComponent("Examples/Embedding/main.swift")
    let text = try String(contentsOf: path, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .joined(separator: "\n")
  }

  /// Every line of the README's sample is a line of the example, in the same order (the
  /// sample leaves some out: the example's second half, which replays a file).
  @Test func theReadmeShowsTheCompiledExample() throws {
    let readme = try String(
      contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "## Embedding the engine"))
    let intro = try #require(
      readme.range(
        of: "embedding-example Traces/tap.jsonl", range: section.upperBound..<readme.endIndex))
    let fence = try #require(
      readme.range(of: "```swift\n", range: intro.upperBound..<readme.endIndex))
    let end = try #require(readme.range(of: "```\n", range: fence.upperBound..<readme.endIndex))
    let sample = readme[fence.upperBound..<end.lowerBound].split(
      separator: "\n", omittingEmptySubsequences: false
    ).dropLast()
    #expect(sample.count >= 12)
    var example = try Self.exampleSource().split(
      separator: "\n", omittingEmptySubsequences: false
    )[...]
    for line in sample {
      guard let found = example.firstIndex(of: line) else {
        Issue.record("README's sample line not in Examples/Embedding/main.swift, in order: \(line)")
        return
      }
      example = example[example.index(after: found)...]
    }
  }

  @Test func theExamplePrintsWhatItsCommentsSay() throws {
    let binary = executable.deletingLastPathComponent().appendingPathComponent(
      "embedding-example")
    let process = Process()
    process.executableURL = binary
    process.arguments = [repository.appendingPathComponent("Traces/tap.jsonl").path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let lines = output.split(separator: "\n").map(String.init)
    #expect(Array(lines.prefix(3)) == ["0.05 0 → 1 tap true", "1.1 1 → 2 swipe true", "5 records"])
    // The rest are the transitions `pagetrace replay` writes for the trace, through the
    // same loop.
    let replay = try pagetrace([
      "replay", repository.appendingPathComponent("Traces/tap.jsonl").path,
    ])
    let expected = replay.records.map { record in
      let t = (record["t"] as! NSNumber).doubleValue
      return "\(t) \(record["from"]!) → \(record["to"]!) \(record["cause"]!) "
        + "\((record["animated"] as! NSNumber).boolValue)"
    }
    #expect(!expected.isEmpty)
    #expect(Array(lines.dropFirst(3)) == expected)
  }
}
