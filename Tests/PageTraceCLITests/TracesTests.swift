import Foundation
import Testing

/// Every scenario in Traces/ replayed through the built executable, compared record by record
/// with its hand-derived `NAME.expected.jsonl` (numbers compared as doubles).
@Suite struct TracesTests {
  static let scenarios: [String] = {
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: repository.appendingPathComponent("Traces").path)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }.sorted()
  }()

  @Test func theLibraryHasTheScenariosItPromises() {
    #expect(Self.scenarios.count >= 17)
  }

  @Test(arguments: scenarios)
  func replayMatchesTheExpectedRecords(_ name: String) throws {
    let traces = repository.appendingPathComponent("Traces")
    let run = try pagetrace(["replay", "--emit", "all", traces.appendingPathComponent(name).path])
    #expect(run.status == 0, "\(run.stderr)")
    let expectedURL = traces.appendingPathComponent(
      name.replacingOccurrences(of: ".jsonl", with: ".expected.jsonl"))
    let expected = try String(contentsOf: expectedURL, encoding: .utf8).split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! NSDictionary
    }
    let records = run.records
    #expect(records.count == expected.count)
    for (index, (got, want)) in zip(records, expected).enumerated() {
      #expect(got == want, "record \(index + 1) of \(name)")
    }
  }

  @Test func outputKeysFollowTheSpecOrder() throws {
    // SPEC D26: t, type, session, then the fields in §5 order.
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
