import Foundation
import Testing

/// A binary trace cut short is a data error, even on a record boundary (the end marker of
/// format version 2, docs/binary-format.md); version 1 files still replay, with a note.
@Suite struct BinaryTruncationTests {
  /// Converts Traces/scrub.jsonl to X.bin in a scratch directory; returns the directory, the
  /// binary bytes and the replay of the JSON Lines original.
  func converted() throws -> (directory: URL, bytes: Data, expected: Run) {
    let directory = try scratch()
    let trace = repository.appendingPathComponent("Traces/scrub.jsonl").path
    let convert = try pagetrace(["convert", trace, "-o", "X.bin"], in: directory)
    #expect(convert.status == 0, "\(convert.stderr)")
    let bytes = try Data(contentsOf: directory.appendingPathComponent("X.bin"))
    let expected = try pagetrace(["replay", trace], in: directory)
    #expect(expected.status == 0 && !expected.stdout.isEmpty)
    return (directory, bytes, expected)
  }

  @Test func theIntactFileReplaysCleanly() throws {
    let (directory, bytes, expected) = try converted()
    #expect(bytes.prefix(10) == Data("PGTRACE\0".utf8) + [2, 0])  // version 2
    #expect(bytes.count % 40 == 0)
    let run = try pagetrace(["replay", "X.bin"], in: directory)
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout == expected.stdout)
  }

  @Test func aCutOnARecordBoundaryExits65AndSaysWhere() throws {
    let (directory, bytes, expected) = try converted()
    // Without the end marker, and without the last events too: every cut is on a record
    // boundary (the trace has no string entries), which version 1 could not tell.
    for dropped in [1, 2, 6] {
      let cut = bytes.prefix(bytes.count - 40 * dropped)
      try cut.write(to: directory.appendingPathComponent("cut.bin"))
      let records = cut.count / 40
      let run = try pagetrace(["replay", "cut.bin"], in: directory)
      #expect(run.status == 65, "dropped \(dropped)")
      #expect(
        run.stderr.hasPrefix(
          "cut.bin:\(records + 1):1: expected the end marker (the trace was cut short?), found "
            + "the end of the input after record \(records)\n"), "\(run.stderr)")
      // The transitions of the events before the cut are written first.
      #expect(expected.stdout.hasPrefix(run.stdout), "dropped \(dropped)")
      // From standard input too.
      let piped = try pagetrace(["replay", "-"], in: directory, input: cut)
      #expect(piped.status == 65)
      #expect(piped.stderr.hasPrefix("<stdin>:\(records + 1):1: expected the end marker"))
    }
  }

  @Test func aCutInsideARecordExits65() throws {
    let (directory, bytes, _) = try converted()
    try bytes.prefix(bytes.count - 47).write(to: directory.appendingPathComponent("cut.bin"))
    let run = try pagetrace(["replay", "cut.bin"], in: directory)
    #expect(run.status == 65)
    #expect(
      run.stderr.hasPrefix(
        "cut.bin:\(bytes.count / 40 - 1):1: expected a complete record of 40 bytes, found the end "
          + "of the file after 33 bytes"), "\(run.stderr)")
  }

  @Test func dataAfterTheEndExits65() throws {
    let (directory, bytes, _) = try converted()
    try (bytes + bytes).write(to: directory.appendingPathComponent("twice.bin"))
    let run = try pagetrace(["replay", "twice.bin"], in: directory)
    #expect(run.status == 65)
    #expect(
      run.stderr.hasPrefix(
        "twice.bin:\(bytes.count / 40 + 1):1: expected the end of the input after the end "
          + "marker (record \(bytes.count / 40)), found more data: 50 47 54 52 41 43 45 00 …"),
      "\(run.stderr)")
  }

  @Test func aVersionOneFileReplaysWithANote() throws {
    let (directory, bytes, expected) = try converted()
    // Version 1 is version 2 without the end marker.
    var old = bytes.prefix(bytes.count - 40)
    old[old.startIndex + 8] = 1
    try old.write(to: directory.appendingPathComponent("old.bin"))
    let run = try pagetrace(["replay", "old.bin"], in: directory)
    #expect(run.status == 0)
    #expect(run.stdout == expected.stdout)
    #expect(
      run.stderr
        == "old.bin:1: note: binary trace format version 1 has no end marker, so a cut cannot be "
        + "detected; convert it again (pagetrace convert --to binary) to get version 2\n")
    // Converting it again gives version 2, the same bytes as a conversion from JSON Lines.
    let again = try pagetrace(
      ["convert", "--to", "binary", "old.bin", "-o", "new.bin"], in: directory)
    #expect(again.status == 0)
    #expect(try Data(contentsOf: directory.appendingPathComponent("new.bin")) == bytes)
  }
}
