import PageTrace
import PageTraceIO

/// The sessions a run met, in order of first appearance, for the error of a session selector
/// that matches nothing (`stats --session`, `render --session`; docs/behaviour/commands.md,
/// "Session selectors"): names compare as their UTF-8 bytes, never by Unicode equivalence.
public struct SessionsSeen: Sendable {
  /// The most names an error lists.
  public static let shownLimit = 20

  /// The first ``shownLimit`` names met.
  public private(set) var shown: [String] = []
  /// Every name met, as bytes.
  private var all: Set<_UTF8Name> = []

  /// No session met yet.
  public init() {}
  /// Whether events without a session were met.
  public var hasDefault = false

  /// The number of named sessions met.
  public var count: Int { all.count }

  /// Whether a session of this name was met.
  public func contains(_ name: String) -> Bool { all.contains(_UTF8Name(name)) }

  /// Notes a session name.
  public mutating func add(_ name: String) {
    if all.insert(_UTF8Name(name)).inserted && shown.count < Self.shownLimit {
      shown.append(name)
    }
  }

  /// `no input holds the session "x"; the sessions seen: "0", "3"`: `missing` are the names
  /// no input holds, `missingDefault` whether the events without a session were asked for
  /// (`what` names how) and none were met; `more` follows the count when names were left out.
  public func error(
    missing: [String], missingDefault: String? = nil, more: String = ""
  ) -> String {
    var wanted: [String] = []
    if !missing.isEmpty {
      let names = missing.map { JSONText.string($0) }.joined(separator: ", ")
      wanted.append("the session\(missing.count == 1 ? "" : "s") \(names)")
    }
    if let missingDefault { wanted.append("events without a session (\(missingDefault))") }
    var seen = shown.map { JSONText.string($0) }.joined(separator: ", ")
    if count > shown.count { seen += ", … (\(count) in all\(more))" }
    if seen.isEmpty {
      seen = hasDefault ? "none, only events without a session" : "none"
    } else if hasDefault {
      seen += ", and events without a session"
    }
    return "no input holds \(wanted.joined(separator: " nor ")); the sessions seen: \(seen)"
  }
}
