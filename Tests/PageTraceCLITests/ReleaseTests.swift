import Foundation
import Testing

/// A release is one version everywhere: `pagetrace --version`, the README's dependency
/// snippet and the changelog's latest release (docs/development.md, "Releases").
@Suite struct ReleaseTests {
  /// The version `pagetrace --version` prints: three numbers.
  static func version() throws -> String {
    let version = try pagetrace(["--version"]).stdout.trimmingCharacters(in: .newlines)
    #expect(version.wholeMatch(of: /\d+\.\d+\.\d+/) != nil, "\(version)")
    return version
  }

  /// The README's dependency snippet names the version `pagetrace --version` prints, in the
  /// release tag of the path form and in the URL form's `from:`.
  @Test func theReadmeDependsOnTheCurrentVersion() throws {
    let readme = try String(
      contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "```swift\n// Package.swift"))
    let end = try #require(readme.range(of: "\n```\n", range: start.upperBound..<readme.endIndex))
    let snippet = String(readme[start.upperBound..<end.lowerBound])
    let version = try Self.version()
    #expect(snippet.contains("release tag v\(version) "))
    #expect(snippet.contains("--branch v\(version) "))
    #expect(snippet.contains("from: \"\(version)\""))
    // No other version in the snippet.
    let versions = snippet.matches(of: /\d+\.\d+\.\d+/).map { String($0.output) }
    #expect(Set(versions) == [version])
  }

  /// The changelog has an Unreleased section, then the current version as its latest
  /// release.
  @Test func theChangelogsLatestReleaseIsTheCurrentVersion() throws {
    let changelog = try String(
      contentsOf: repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") }
    #expect(headings.first == "## [Unreleased]")
    let latest = try #require(headings.dropFirst().first)
    #expect(latest.hasPrefix("## [\(try Self.version())] - "), "\(latest)")
  }
}
