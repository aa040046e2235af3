import Foundation
import Testing

/// Session names and string ids are compared as bytes by every command, never by Unicode
/// canonical equivalence, which Swift's `String ==` applies (docs/behaviour/trace-format.md, "Sessions").
///
/// The pairs: `é` as U+00E9 and as `e` + U+0301; the Ångström sign U+212B and `Å` U+00C5;
/// the Hangul syllable 가 U+AC00 and its jamo U+1100 U+1161. Each pair is equal as Swift
/// strings and different as bytes.
@Suite struct NameBytesTests {
  static let composed = "\u{E9}"
  static let decomposed = "e\u{301}"
  static let angstrom = "\u{212B}"
  static let ring = "\u{C5}"
  static let syllable = "\u{AC00}"
  static let jamo = "\u{1100}\u{1161}"

  /// In convert's key order, so that a lossless round trip gives the same bytes. The two
  /// `é` sessions go backwards in time against each other (5, then 1): merged, the second
  /// would be an error. Each Å session's finger has the other spelling as its id.
  static let trace =
    [
      header,
      #"{"t":5,"key":"right","session":"\#(composed)"}"#,
      #"{"t":1,"key":"right","session":"\#(decomposed)"}"#,
      #"{"t":2,"touch":"down","session":"\#(angstrom)","id":"\#(ring)","x":100,"y":400}"#,
      #"{"t":2,"touch":"down","session":"\#(ring)","id":"\#(angstrom)","x":100,"y":400}"#,
      #"{"t":2,"touch":"down","session":"\#(ring)","id":"\#(ring)","x":100,"y":400}"#,
      #"{"t":3,"touch":"up","session":"\#(angstrom)","id":"\#(ring)","x":200,"y":400}"#,
      #"{"t":4,"touch":"up","session":"\#(ring)","id":"\#(angstrom)","x":300,"y":400}"#,
      #"{"t":4.5,"touch":"up","session":"\#(ring)","id":"\#(ring)","x":100,"y":400}"#,
      #"{"t":6,"key":"right","session":"\#(syllable)"}"#,
      #"{"t":0,"key":"right","session":"\#(jamo)"}"#,
    ].joined(separator: "\n") + "\n"

  @Test func thePairsAreEqualAsSwiftStringsOnly() {
    // The premise of the suite, checked against the standard library.
    for (a, b) in [
      (Self.composed, Self.decomposed), (Self.angstrom, Self.ring), (Self.syllable, Self.jamo),
    ] {
      #expect(a == b)
      #expect(Array(a.utf8) != Array(b.utf8))
    }
  }

  @Test func convertKeepsEveryNameApart() throws {
    let directory = try scratch()
    try write(Self.trace, to: "u.jsonl", in: directory)
    #expect(try pagetrace(["replay", "u.jsonl"], in: directory).status == 0)
    #expect(try pagetrace(["convert", "u.jsonl", "-o", "u.bin"], in: directory).status == 0)
    let replayed = try pagetrace(["replay", "u.bin"], in: directory)
    #expect(replayed.status == 0, "\(replayed.stderr)")
    let back = try pagetrace(["convert", "u.bin", "--to", "jsonl", "-o", "-"], in: directory)
    #expect(back.status == 0)
    #expect(Array(back.stdout.utf8) == Array(Self.trace.utf8))
  }

  @Test func classifyKeepsEveryFingerApart() throws {
    let directory = try scratch()
    try write(Self.trace, to: "u.jsonl", in: directory)
    #expect(try pagetrace(["convert", "u.jsonl", "-o", "u.bin"], in: directory).status == 0)
    // Three fingers, ended at 3, 4 and 4.5: by session and id, as bytes.
    let expected = [
      (Self.angstrom, Self.ring), (Self.ring, Self.angstrom), (Self.ring, Self.ring),
    ].map { session, id in #"{"session":"\#(session)","id":"\#(id)","kind":"# }
    for file in ["u.jsonl", "u.bin"] {
      let run = try pagetrace(["classify", file], in: directory)
      #expect(run.status == 0)
      let lines = run.stdout.split(separator: "\n").map(String.init)
      #expect(lines.count == 3, "\(file)")
      for (line, prefix) in zip(lines, expected) {
        #expect(Array(line.utf8).starts(with: Array(prefix.utf8)), "\(file): \(line)")
      }
      #expect(lines.map { $0.contains("\"end\":3,") } == [true, false, false])
      #expect(lines.map { $0.contains("\"end\":4,") } == [false, true, false])
    }
  }

  @Test func statsSessionSelectsByBytes() throws {
    let directory = try scratch()
    try write(Self.trace, to: "u.jsonl", in: directory)
    // The Å (U+00C5) session has 4 events, the Ångström one 2; each é session 1.
    for (name, events) in [
      (Self.composed, 1), (Self.decomposed, 1), (Self.angstrom, 2), (Self.ring, 4),
      (Self.syllable, 1), (Self.jamo, 1),
    ] {
      let run = try pagetrace(
        ["stats", "--format", "json", "--session", name, "u.jsonl"], in: directory)
      #expect(run.status == 0)
      #expect(run.stdout.contains("\"events\":\(events),"), "\(name.unicodeScalars.map(\.value))")
      #expect(!run.stderr.contains("no input holds"))
    }
    // Both spellings at once: their events add up, and neither is missing.
    let both = try pagetrace(
      ["stats", "--format", "json", "--session", Self.angstrom, "--session", Self.ring, "u.jsonl"],
      in: directory)
    #expect(both.stdout.contains("\"events\":6,"))
  }

  @Test func renderDrawsTheSessionOfTheseBytes() throws {
    let directory = try scratch()
    try write(Self.trace, to: "u.jsonl", in: directory)
    // The Ångström session lasts 1 s (2 to 3), the Å one 2.5 s (2 to 4.5).
    let angstrom = try pagetrace(["render", "u.jsonl", "--session", Self.angstrom], in: directory)
    #expect(angstrom.status == 0)
    #expect(angstrom.stdout.contains(" · 1 s</text>"))
    let ring = try pagetrace(["render", "u.jsonl", "--session", Self.ring], in: directory)
    #expect(ring.stdout.contains(" · 2.5 s</text>"))
    let list = try pagetrace(["render", "u.jsonl", "--list-sessions"], in: directory)
    #expect(list.stdout.split(separator: "\n").count == 6)
  }
}
