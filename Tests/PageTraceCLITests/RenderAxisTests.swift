import Foundation
import Testing

/// `pagetrace render --axis x|y|both` as a user types it.
@Suite struct RenderAxisTests {
  /// A vertical drag on the header's horizontal control: y 795 → 500 at x 150.
  let trace =
    [
      header,
      #"{"t":0,"touch":"down","id":1,"x":150,"y":795}"#,
      #"{"t":0.1,"touch":"move","id":1,"x":150,"y":600}"#,
      #"{"t":0.2,"touch":"up","id":1,"x":150,"y":500}"#,
    ].joined(separator: "\n") + "\n"

  /// The heights of the polyline in the group of `axis`.
  func heights(_ svg: String, axis: String) -> [String]? {
    guard let group = svg.range(of: "data-axis=\"\(axis)\""),
      let start = svg.range(of: "<polyline points=\"", range: group.upperBound..<svg.endIndex)
    else { return nil }
    let points = svg[start.upperBound...].prefix { $0 != "\"" }
    return points.split(separator: " ").map { String($0.split(separator: ",").last ?? "") }
  }

  @Test func yShowsAVerticalDragThatXDrawsFlat() throws {
    let x = try pagetrace(["render", "--axis", "x", "-"], input: Data(trace.utf8))
    let y = try pagetrace(["render", "--axis", "y", "-"], input: Data(trace.utf8))
    let both = try pagetrace(["render", "--axis", "both", "-"], input: Data(trace.utf8))
    let standard = try pagetrace(["render", "-"], input: Data(trace.utf8))
    for run in [x, y, both, standard] { #expect(run.status == 0, "\(run.stderr)") }
    #expect(standard.stdout == x.stdout)  // the default: the control's axis, x
    let flat = try #require(heights(x.stdout, axis: "x"))
    #expect(flat.count == 3 && Set(flat).count == 1)
    let moving = try #require(heights(y.stdout, axis: "y"))
    #expect(moving.count == 3 && Set(moving).count == 3)
    #expect(heights(y.stdout, axis: "x") == nil)
    #expect(
      heights(both.stdout, axis: "x")?.count == 3 && heights(both.stdout, axis: "y")?.count == 3)
  }

  @Test func aBadAxisIsAUsageError() throws {
    let run = try pagetrace(["render", "--axis", "z", "-"], input: Data(trace.utf8))
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix(
        "pagetrace: error: invalid value for '--axis': expected x, y or both, found 'z'\n"),
      "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    let listing = try pagetrace(
      ["render", "--list-sessions", "--axis", "y", "-"], input: Data(trace.utf8))
    #expect(listing.status == 64)
    #expect(listing.stderr.contains("--list-sessions takes no --axis"), "\(listing.stderr)")
  }
}
