import Foundation
import Testing

/// Every scenario in Traces/ replayed through the built executable, compared byte for byte
/// (with `cmp`) with its hand-derived expected records in `Traces/expected/NAME.jsonl`.
@Suite struct TracesTests {
  /// Every expected file: `expected/NAME.jsonl` (`NAME.jsonl` replayed as is) or
  /// `expected/NAME.PROFILE.jsonl` (replayed with `--profile PROFILE`).
  static let expectations: [String] = {
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: repository.appendingPathComponent("Traces/expected").path)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") }.sorted()
  }()

  @Test func theLibraryHasTheScenariosItPromises() {
    // 17 uikit scenarios, 4 scrub fine points, 3 profiles, 4 comparisons
    #expect(Self.expectations.count >= 28)
    // Every trace has its expected records, and every expected file its trace.
    let traces = Set(scenarioTraces.map { URL(fileURLWithPath: $0).lastPathComponent })
    let replayed = Set(Self.expectations.map { "\($0.split(separator: ".")[0]).jsonl" })
    #expect(traces == replayed)
  }

  @Test(arguments: expectations)
  func replayWritesTheExpectedBytes(_ expectedName: String) throws {
    let traces = repository.appendingPathComponent("Traces")
    let parts = expectedName.dropLast(".jsonl".count).split(separator: ".")
    let trace = traces.appendingPathComponent("\(parts[0]).jsonl").path
    let expected = traces.appendingPathComponent("expected/\(expectedName)").path
    let profile = parts.count > 1 ? ["--profile", String(parts[1])] : []
    let directory = try scratch()
    let run = try pagetrace(
      ["replay", "--emit", "all"] + profile + [trace, "-o", "out.jsonl"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    let output = directory.appendingPathComponent("out.jsonl").path
    let cmp = try runProgram("/usr/bin/cmp", [output, expected])
    #expect(cmp.status == 0, "\(expectedName): \(cmp.stdout)\(cmp.stderr)")
  }

  @Test func oneTraceGivesDifferentTransitionsUnderEachProfile() throws {
    let trace = repository.appendingPathComponent("Traces/profiles.jsonl").path
    let outputs = try ["uikit", "legacy", "fiori", "android"].map {
      try pagetrace(["replay", "--profile", $0, trace]).stdout
    }
    #expect(Set(outputs).count == 4)
  }

  @Test func outputKeysFollowTheSpecOrder() throws {
    // docs/behaviour/output.md, "Key order": t, type, session, then the fields in the order of "Record
    // types".
    let run = try pagetrace(
      ["replay", "--emit", "all", repository.appendingPathComponent("Traces/sessions.jsonl").path])
    let first = run.stdout.split(separator: "\n").first {
      $0.contains("\"transition\"") && $0.contains("session")
    }
    let keys = first.map { line in
      line.split(separator: ",").compactMap {
        $0.split(separator: ":").first?.trimmingCharacters(in: CharacterSet(charactersIn: "{\""))
      }
    }
    #expect(keys == ["t", "type", "session", "from", "to", "animated", "interaction", "cause"])
  }
}
