import PageTrace
import PageTraceGenerator
import Testing

@testable import PageTraceIO

/// One small binary trace with a header, string entries (session and string id) and events.
func smallTrace() throws -> (bytes: [UInt8], events: [PageControlEvent], header: ConfigurationPatch)
{
  var header = ConfigurationPatch()
  header.pages = 4
  header.control = Rect(x: 0, y: 0, width: 100, height: 20)
  let events = [
    PageControlEvent(time: 0, session: "s", .touch(.down, id: "finger", x: 10, y: 5)),
    PageControlEvent(time: 0.5, session: "s", .touch(.cancel, id: "finger", x: nil, y: nil)),
    PageControlEvent(time: 1, .set(ProgrammaticChange(current: 2, enabled: true, style: .minimal))),
    PageControlEvent(time: 2, .key(.end)),
  ]
  return (try binary(header: header, events), events, header)
}

/// The offsets at which a binary trace may end: after the file header, after each event, and
/// after each string entry with its bytes.
func boundaries(of bytes: [UInt8]) -> Set<Int> {
  var offset = _BinaryRecord.padded(16 + Int(bytes[12]) + Int(bytes[13]) << 8)
  var result: Set<Int> = [offset]
  while offset < bytes.count {
    if bytes[offset + 8] == 0 {
      offset += 40 + _BinaryRecord.padded(Int(bytes[offset + 16]) + Int(bytes[offset + 17]) << 8)
    } else {
      offset += 40
    }
    result.insert(offset)
  }
  return result
}

@Suite struct CorruptionTests {
  @Test func truncationAtEveryOffset() throws {
    let (bytes, events, header) = try smallTrace()
    let ends = boundaries(of: bytes)
    for length in 0..<bytes.count {
      let prefix = Array(bytes[..<length])
      // Straight to the binary reader.
      let direct = try readBinary(prefix)
      // Version 2: every cut is an error, on a record boundary too (the end marker is
      // missing; EndMarkerTests checks the messages).
      #expect(direct.errors.count == 1, "length \(length)")
      #expect(events.starts(with: direct.events), "length \(length)")
      let error = try #require(direct.errors.first)
      #expect(error.file.hasPrefix("/tmp/") && error.column == 1)
      #expect(error.line >= 1 && error.line <= 1 + length / 40)
      if ends.contains(length) {
        #expect(direct.header == header)
        #expect(error.expected == "the end marker (the trace was cut short?)")
      }
      // Through the sniffing reader, with tiny chunks too.
      for chunkSize in [1, 5, 1 << 20] {
        let sniffed = try readTrace(prefix, chunkSize: chunkSize)
        if length >= 8 {
          #expect(sniffed.format == .binary)
          #expect(sniffed.items == direct.items)
          #expect(sniffed.errors.map(\.line) == direct.errors.map(\.line))
          #expect(sniffed.errors.map(\.expected) == direct.errors.map(\.expected))
        } else {
          // Shorter than the magic: JSON Lines, which that is not (or nothing at all).
          #expect(sniffed.format == .jsonLines)
          #expect(sniffed.errors.count == (length == 0 ? 0 : 1), "length \(length)")
        }
      }
    }
    #expect(try readBinary(bytes).events == events)
  }

  @Test func truncatedRecordErrorNamesTheRecord() throws {
    let bytes = binaryHeader() + keyRecord() + Array(keyRecord().prefix(39))
    let read = try readBinary(bytes)
    #expect(read.events.count == 1)
    #expect(
      read.errors.map(\.description) == [
        "\(read.errors[0].file):3:1: expected a complete record of 40 bytes, found the end of the file after 39 bytes"
      ])
  }

  @Test func headerErrors() throws {
    func error(_ bytes: [UInt8]) throws -> String? {
      let read = try readBinary(bytes)
      #expect(read.items.isEmpty)
      #expect(read.errors.count <= 1)
      return read.errors.first.map {
        "\($0.line):\($0.column): expected \($0.expected), found \($0.found)"
      }
    }
    #expect(
      try error(Array("{\"t\":1}\n".utf8))
        == "1:1: expected the magic bytes PGTRACE\\0 of a binary trace, found 7B 22 74 22 3A 31 7D 0A"
    )
    #expect(try error([]) == "1:1: expected a binary trace header of 16 bytes, found an empty file")
    #expect(
      try error(binaryHeader(version: 3))
        == "1:1: expected the binary trace format version 1 or 2, found version 3")
    #expect(
      try error(binaryHeader(flags: 0x100)) == "1:1: expected the header flags 0, found 0x100")
    var huge = binaryHeader()
    huge.replaceSubrange(12..<16, with: [0xFF, 0xFF, 0xFF, 0xFF])
    #expect(
      try error(huge)
        == "1:1: expected a header configuration of at most 1048576 bytes, found 4294967295 bytes")
    var long = binaryHeader()
    long.replaceSubrange(12..<16, with: [100, 0, 0, 0])
    #expect(
      try error(long)
        == "1:1: expected a header of 120 bytes (a configuration of 100 bytes, padded), found the end of the file after 40 bytes"
    )
    #expect(
      try error(binaryHeader(json: #"{"pages":-1}"#))
        == "1:1: expected an integer from 0 to 1048576 for \"pages\" in the header configuration (at column 10 of its JSON), found -1"
    )
    #expect(
      try error(binaryHeader(json: "{\"pagetrace\":2}"))
        == "1:1: expected the format version 1 for \"pagetrace\" in the header configuration (at column 14 of its JSON), found 2"
    )
    #expect(
      try error(binaryHeader(json: "[]"))
        == "1:1: expected a JSON object of configuration keys in the header configuration (at column 1 of its JSON), found []"
    )
    var padding = binaryHeader(json: "{}")
    padding[20] = 1
    #expect(
      try error(padding)
        == "1:1: expected zero padding after the header configuration, found a byte 1")
    // After a header error the trace is over.
    #expect(try readBinary(binaryHeader(version: 9) + keyRecord()).items.isEmpty)
  }

  @Test func recordErrorsSkipTheRecord() throws {
    let finite = Double.infinity.bitPattern
    let cases: [([UInt8], String)] = [
      (record(kind: 7), "expected a record kind from 0 to 6, found 7"),
      (record(kind: 255), "expected a record kind from 0 to 6, found 255"),
      (record(t: .nan, kind: 3), "expected a finite number for \"t\", found nan"),
      (record(t: -.infinity, kind: 3), "expected a finite number for \"t\", found -inf"),
      (keyRecord(session: 2), "expected a defined string index (1 to 1) for \"session\", found 2"),
      (
        record(kind: 1, code: 4, flags: 3),
        "expected a touch phase from 0 to 3 (down, move, up, cancel), found 4"
      ),
      (record(kind: 1, flags: 0x0B), "expected touch flags within 0x07, found 0x0B"),
      (record(kind: 1, flags: 1), "expected the field \"y\" on a touch event, found none"),
      (record(kind: 1, code: 2, flags: 2), "expected the field \"x\" on a touch event, found none"),
      (record(kind: 1, code: 3, flags: 0, x: 1), "expected 0 for the absent \"x\", found 1"),
      (record(kind: 1, flags: 3, x: finite), "expected a finite number for \"x\", found inf"),
      (
        record(kind: 1, flags: 3, y: Double.nan.bitPattern),
        "expected a finite number for \"y\", found nan"
      ),
      (record(kind: 1, flags: 3, id: finite), "expected a finite number for \"id\", found inf"),
      (
        record(kind: 1, flags: 7, id: 9),
        "expected a defined string index (1 to 1) for \"id\", found 9"
      ),
      (
        record(kind: 1, flags: 7, id: 0),
        "expected a defined string index (1 to 1) for \"id\", found 0"
      ),
      (
        record(kind: 1, flags: 3, extra: 1),
        "expected 0 in the unused field extra of a touch record, found 1"
      ),
      (
        record(kind: 2, code: 4, flags: 3),
        "expected a pointer phase from 0 to 3 (hover, down, move, up), found 4"
      ),
      (record(kind: 2, flags: 1), "expected pointer flags 0x03 (x and y present), found 0x01"),
      (
        record(kind: 2, flags: 3, id: 1),
        "expected 0 in the unused field id of a pointer record, found 1"
      ),
      (
        record(kind: 3, code: 8),
        "expected a key from 0 to 7 (tab, left, right, up, down, space, home, end), found 8"
      ),
      (record(kind: 3, flags: 1), "expected 0 in the unused field flags of a key record, found 1"),
      (record(kind: 4, code: 2), "expected a focus from 0 to 1 (none, control), found 2"),
      (record(kind: 4, y: 1), "expected 0 in the unused field y of a focus record, found 1"),
      (
        record(kind: 5, code: 5),
        "expected an accessibility action from 0 to 4 (increment, decrement, activate, scrollForward, scrollBackward), found 5"
      ),
      (
        record(kind: 5, extra: 2), "expected 0 in the unused field extra of an a11y record, found 2"
      ),
      (record(kind: 6, code: 1), "expected 0 in the unused field code of a set record, found 1"),
      (
        record(kind: 6, flags: 0x40),
        "expected set flags within 0x3F, values only with their fields, found 0x40"
      ),
      (
        record(kind: 6, flags: 0x08),
        "expected set flags within 0x3F, values only with their fields, found 0x08"
      ),
      (
        record(kind: 6, extra: 4),
        "expected a style from 0 to 3 (none, automatic, prominent, minimal), found 4"
      ),
      (
        record(kind: 6, flags: 1, x: UInt64(1 << 53 + 1)),
        "expected an integer from -2^53 to 2^53 for \"set.current\", found 9007199254740993"
      ),
      (
        record(kind: 6, flags: 2, y: UInt64(bitPattern: -1)),
        "expected an integer from 0 to 2^53 for \"set.pages\", found -1"
      ),
      (record(kind: 6, x: 5), "expected 0 in the unused field current of a set record, found 5"),
    ]
    for (bad, message) in cases {
      // A string entry, a good event, the bad one, a good one: the reader goes on after it.
      let bytes =
        binaryHeader() + stringEntry(index: 1, "s") + keyRecord(t: 1) + bad + keyRecord(t: 2)
      let read = try readBinary(bytes)
      #expect(
        read.errors.map { "\($0.line):\($0.column): expected \($0.expected), found \($0.found)" }
          == ["5:1: \(message)"])
      #expect(read.events.map(\.time) == [1, 2], "\(message)")
      #expect(read.lines == [4, 6])
    }
  }

  @Test func stringEntryErrorsEndTheTrace() throws {
    let cases: [([UInt8], String)] = [
      (
        stringEntry(index: 3, "x"), "expected a string index from 1 to 2 in a string entry, found 3"
      ),
      (
        stringEntry(index: 0, "x"), "expected a string index from 1 to 2 in a string entry, found 0"
      ),
      (
        stringEntry(index: 2, "x", declaredLength: 1 << 21),
        "expected a string of at most 1048576 bytes, found 2097152 bytes"
      ),
      (
        stringEntry(index: 2, "x", declaredLength: UInt64.max),
        "expected a string of at most 1048576 bytes, found 18446744073709551615 bytes"
      ),
      (
        stringEntry(index: 2, "x", declaredLength: 41),
        "expected zero padding after a string, found a byte 64"
      ),
      (
        record(kind: 0, session: 2, x: 2) + [0xC3, 0x28] + [UInt8](repeating: 0, count: 38),
        "expected a string in UTF-8, found invalid UTF-8"
      ),
      (
        record(kind: 0, session: 2, x: 1) + [0x41, 1] + [UInt8](repeating: 0, count: 38),
        "expected zero padding after a string, found a byte 1"
      ),
      (
        record(kind: 0, code: 1, session: 2),
        "expected zero in the unused fields of a string entry, found a non-zero byte"
      ),
      (
        record(t: 1, kind: 0, session: 2),
        "expected zero in the unused fields of a string entry, found a non-zero byte"
      ),
    ]
    for (bad, message) in cases {
      let bytes =
        binaryHeader() + stringEntry(index: 1, "s") + keyRecord(t: 1) + bad + keyRecord(t: 2)
        + keyRecord(t: 3)
      let read = try readBinary(bytes)
      #expect(
        read.errors.map { "\($0.line):\($0.column): expected \($0.expected), found \($0.found)" }
          == ["5:1: \(message)"])
      #expect(read.events.map(\.time) == [1], "\(message)")
    }
    // A string cut short.
    let cut = binaryHeader() + keyRecord(t: 1) + stringEntry(index: 1, "x", declaredLength: 200)
    let cutErrors = try readBinary(cut).errors
    #expect(
      cutErrors.map { "\($0.line):\($0.column): expected \($0.expected), found \($0.found)" } == [
        "3:1: expected 200 bytes of string data after the string entry, found the end of the file "
          + "after 40 bytes"
      ])
    // A redefinition replaces the string; empty strings are fine.
    let bytes =
      binaryHeader() + stringEntry(index: 1, "s") + keyRecord(t: 1, session: 1)
      + stringEntry(index: 1, "") + keyRecord(t: 2, session: 1)
    #expect(try readBinary(bytes).events.map(\.session) == ["s", ""])
    // A string longer than the reader accepts.
    let long = binaryHeader() + stringEntry(index: 1, String(repeating: "x", count: 100))
    #expect(try readBinary(long, maximumStringLength: 99).errors.count == 1)
    #expect(try readBinary(long, maximumStringLength: 100).errors.isEmpty)
  }

  @Test func tooManyStrings() throws {
    var bytes = binaryHeader()
    for index in 1...BinaryTraceReader.maximumStringCount + 1 {
      bytes += stringEntry(index: UInt32(index), "")
    }
    let read = try readBinary(bytes)
    #expect(read.errors.map(\.expected) == ["a string index from 1 to 65536 in a string entry"])
    #expect(read.errors.first?.line == 65538)
  }

  @Test func randomCorruptionNeverTraps() throws {
    let original = try readTrace(Array(variedTrace.utf8))
    let valid = try binary(header: original.header, original.events)
    var generator = SplitMix64(seed: 2024)
    var changed = 0
    var unchanged = 0
    for round in 0..<3000 {
      var bytes = valid
      switch round % 4 {
      case 0:
        // Flip a few random bytes anywhere.
        for _ in 0..<(1 + Int(generator.next() % 4)) {
          bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(
            truncatingIfNeeded: generator.next())
        }
      case 1:
        // Random bytes after the header.
        let start = 40 * (1 + Int(generator.next() % 20))
        for index in start..<min(bytes.count, start + 200) {
          bytes[index] = UInt8(truncatingIfNeeded: generator.next())
        }
      case 2:
        // Small values in the fields that matter: kind, code, flags, extra, indices, lengths.
        let slot = Int(generator.next() % UInt64(bytes.count / 40))
        let field = [8, 9, 10, 11, 12, 16, 17, 24, 32, 33][Int(generator.next() % 10)]
        bytes[40 * slot + field] = UInt8(truncatingIfNeeded: generator.next() % 12)
      default:
        // Cut and random tail.
        bytes = Array(bytes[..<Int(generator.next() % UInt64(bytes.count))])
        bytes += (0..<Int(generator.next() % 90)).map { _ in
          UInt8(truncatingIfNeeded: generator.next())
        }
      }
      let read = try readTrace(bytes, chunkSize: round % 3 == 0 ? 7 : 1 << 20)
      for error in read.errors { #expect(error.line >= 1 && error.column >= 1) }
      if bytes == valid {
        // Unchanged (a flip to the same value, a cut before a tail that put it back): the
        // trace reads whole.
        #expect(read.errors.isEmpty, "round \(round)")
        #expect(read.events.count == original.events.count, "round \(round)")
        unchanged += 1
      } else if bytes.isEmpty {
        // Cut to nothing: an empty input is an empty JSON Lines trace.
        #expect(read.errors.isEmpty && read.items.isEmpty, "round \(round)")
      } else {
        // Any other change is an error: a binary trace whose magic survived is checked by its
        // end marker (the count of events and the checksum of every byte before it,
        // docs/binary-format.md), and anything else is not a valid JSON Lines trace.
        #expect(!read.errors.isEmpty, "round \(round): \(bytes.count) bytes read without an error")
        changed += 1
      }
    }
    // The rounds did corrupt: nearly all changed the bytes.
    #expect(changed > 2900, "\(changed) changed, \(unchanged) unchanged")
  }
}
