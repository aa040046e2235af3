import Foundation
import Testing

/// Every scenario in Traces/ replayed through the built executable, compared record by record
/// with its hand-derived `NAME.expected.jsonl` (numbers compared as doubles).
@Suite struct TracesTests {
  /// Every expected file: `NAME.expected.jsonl` (replayed as is) or
  /// `NAME.PROFILE.expected.jsonl` (replayed with `--profile PROFILE`).
  static let expectations: [String] = {
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: repository.appendingPathComponent("Traces").path)) ?? []
    return names.filter { $0.hasSuffix(".expected.jsonl") }.sorted()
  }()

  @Test func theLibraryHasTheScenariosItPromises() {
    // 17 uikit scenarios, 4 scrub fine points, 3 profiles, 4 comparisons
    #expect(Self.expectations.count >= 28)
  }

  @Test(arguments: expectations)
  func replayMatchesTheExpectedRecords(_ expectedName: String) throws {
    let traces = repository.appendingPathComponent("Traces")
    let parts = expectedName.dropLast(".expected.jsonl".count).split(separator: ".")
    let trace = traces.appendingPathComponent("\(parts[0]).jsonl").path
    let profile = parts.count > 1 ? ["--profile", String(parts[1])] : []
    let run = try pagetrace(["replay", "--emit", "all"] + profile + [trace])
    #expect(run.status == 0, "\(run.stderr)")
    let expected = try String(
      contentsOf: traces.appendingPathComponent(expectedName), encoding: .utf8
    ).split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! NSDictionary
    }
    let records = run.records
    #expect(records.count == expected.count, "\(expectedName)")
    for (index, (got, want)) in zip(records, expected).enumerated() {
      #expect(got == want, "record \(index + 1) of \(expectedName)")
    }
  }

  @Test func oneTraceGivesDifferentTransitionsUnderEachProfile() throws {
    let trace = repository.appendingPathComponent("Traces/profiles.jsonl").path
    let outputs = try ["uikit", "legacy", "fiori", "android"].map {
      try pagetrace(["replay", "--profile", $0, trace]).stdout
    }
    #expect(Set(outputs).count == 4)
  }

  @Test func outputKeysFollowTheSpecOrder() throws {
    // docs/behaviour.md, "Key order": t, type, session, then the fields in the order of "Record
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
