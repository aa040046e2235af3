import PageTrace
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: Helpers

/// The checksum of docs/binary-format.md, written out independently of the library: over
/// little-endian 64-bit words, `h = rotl((h × 0x517CC1B727220A95) xor word, 5)` from 0.
func referenceChecksum(_ bytes: some Collection<UInt8>) -> UInt64 {
  precondition(bytes.count % 8 == 0)
  var hash: UInt64 = 0
  var word: UInt64 = 0
  for (index, byte) in bytes.enumerated() {
    word |= UInt64(byte) << (8 * UInt64(index % 8))
    if index % 8 == 7 {
      let mixed = (hash &* 0x517C_C1B7_2722_0A95) ^ word
      hash = mixed << 5 | mixed >> 59
      word = 0
    }
  }
  return hash
}

/// The 40 bytes of an end marker.
func endMarker(count: UInt64, checksum: UInt64) -> [UInt8] {
  func le(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
  return Array("PGTEND".utf8) + [0, 0, 0xFF] + [UInt8](repeating: 0, count: 7) + le(count)
    + le(checksum) + le(0)
}

/// Hand-built records completed into a version 2 file: the end marker with `count` event
/// records and the checksum of every byte before it.
func sealed(_ bytes: [UInt8], count: UInt64) -> [UInt8] {
  bytes + endMarker(count: count, checksum: referenceChecksum(bytes))
}

/// The warning a version 1 file is read with.
let versionOneNote =
  "binary trace format version 1 has no end marker, so a cut cannot be detected; convert it"
  + " again (pagetrace convert --to binary) to get version 2"

/// `LINE: expected …, found …` for each error.
func messages(_ read: ReadResult) -> [String] {
  read.errors.map { "\($0.line): expected \($0.expected), found \($0.found)" }
}

@Suite struct EndMarkerTests {
  // MARK: The writer

  @Test func theWriterEndsTheFileWithTheMarker() throws {
    let (bytes, events, _) = try smallTrace()
    #expect(bytes[8] == 2 && bytes[9] == 0)  // version 2
    let body = Array(bytes.dropLast(40))
    #expect(
      Array(bytes.suffix(40))
        == endMarker(count: UInt64(events.count), checksum: referenceChecksum(body)))
    // The file header (and marker) alone, for a trace without events.
    let empty = try binary(header: nil, [])
    #expect(empty == sealed(binaryHeader(version: 2), count: 0))
  }

  @Test func theMarkerIsWrittenExactlyOnce() throws {
    let events = [
      PageControlEvent(time: 0, session: "a", .key(.tab)),
      PageControlEvent(time: 1, .touch(.down, id: "f", x: 1, y: 2)),
    ]
    let once = try written { descriptor in
      var writer = BinaryTraceWriter(
        descriptor: SystemDescriptor(rawValue: descriptor), name: "once")
      for event in events { writer.write(event) }
      let before = writer.isFinished
      try writer.finish()
      let after = (writer.isFinished, writer.eventCount)
      #expect(!before && after == (true, 2))
    }
    // Flushes part way and after the end, and a second finish, change nothing.
    let repeated = try written { descriptor in
      var writer = BinaryTraceWriter(
        descriptor: SystemDescriptor(rawValue: descriptor), name: "twice",
        flush: .buffered(bytes: 1))
      writer.write(events[0])
      try writer.flush()
      writer.write(events[1])
      try writer.flush()
      try writer.finish()
      try writer.finish()
      try writer.flush()
      let finished = writer.isFinished
      #expect(finished)
    }
    #expect(once == repeated)
    #expect(once.count % 40 == 0)
    let markers = stride(from: 0, to: once.count, by: 40).filter { once[$0 + 8] == 0xFF }
    #expect(markers == [once.count - 40])
    let read = try readBinary(once)
    #expect(read.errors.isEmpty && read.events == events)
  }

  @Test func aFlushWithoutFinishLeavesATraceCutShort() throws {
    // What a writer leaves when its input failed part way: no end marker.
    let bytes = try written { descriptor in
      var writer = BinaryTraceWriter(
        descriptor: SystemDescriptor(rawValue: descriptor), name: "failed")
      writer.write(PageControlEvent(time: 0, .key(.tab)))
      try writer.flush()
    }
    #expect(bytes.count == 80)
    #expect(
      messages(try readBinary(bytes)) == [
        "3: expected the end marker (the trace was cut short?), found the end of the input "
          + "after record 2"
      ])
  }

  // MARK: Cuts

  @Test func aCutAtEveryRecordBoundaryIsAnError() throws {
    let (bytes, events, header) = try smallTrace()
    let ends = boundaries(of: bytes)
    #expect(ends.contains(bytes.count) && ends.contains(bytes.count - 40))
    for length in ends.sorted() where length < bytes.count {
      let prefix = Array(bytes[..<length])
      let records = length / 40
      let expected = [
        "\(records + 1): expected the end marker (the trace was cut short?), found the end of "
          + "the input after record \(records)"
      ]
      let direct = try readBinary(prefix)
      #expect(messages(direct) == expected, "length \(length)")
      #expect(direct.header == header)
      #expect(events.starts(with: direct.events), "length \(length)")
      // The events before the cut are all handed out first.
      let eventRecords = stride(from: 0, to: length, by: 40).filter {
        [1, 3, 6].contains(prefix[$0 + 8])
      }
      #expect(direct.events.count == eventRecords.count, "length \(length)")
      for chunkSize in [1, 7, 40, 1 << 20] {
        let sniffed = try readTrace(prefix, chunkSize: chunkSize)
        #expect(sniffed.format == .binary)
        #expect(sniffed.items == direct.items, "length \(length), chunk \(chunkSize)")
        #expect(messages(sniffed) == expected, "length \(length), chunk \(chunkSize)")
      }
    }
  }

  @Test func aCutInsideARecordIsAnErrorNamingIt() throws {
    let (bytes, events, _) = try smallTrace()
    let ends = boundaries(of: bytes)
    let headerLength = _BinaryRecord.padded(16 + Int(bytes[12]))
    for length in headerLength..<bytes.count where !ends.contains(length) {
      let read = try readBinary(Array(bytes[..<length]))
      #expect(read.errors.count == 1, "length \(length)")
      let error = try #require(read.errors.first)
      #expect(events.starts(with: read.events))
      // The record cut, or the string entry whose bytes are cut.
      let record = ends.filter { $0 < length }.max()! / 40 + 1
      #expect(error.line == record, "length \(length)")
      if length % 40 != 0 && length > bytes.count - 40 {
        #expect(
          "\(error.expected), found \(error.found)"
            == "a complete record of 40 bytes, found the end of the file after \(length % 40) "
            + "byte\(length % 40 == 1 ? "" : "s")")
      }
    }
    // The same, through the sniffing reader in small chunks.
    let cut = try readTrace(Array(bytes.dropLast(13)), chunkSize: 3)
    #expect(cut.events == events)
    #expect(
      messages(cut) == [
        "\(bytes.count / 40): expected a complete record of 40 bytes, found the end of the file "
          + "after 27 bytes"
      ])
  }

  @Test func anInvalidRecordBeforeTheCutStillCounts() throws {
    // A bad record is reported and skipped; the cut after it is reported too.
    let bytes = binaryHeader(version: 2) + keyRecord(t: 1) + record(kind: 9) + keyRecord(t: 2)
    let read = try readBinary(bytes)
    #expect(
      messages(read) == [
        "3: expected a record kind from 0 to 6, found 9",
        "5: expected the end marker (the trace was cut short?), found the end of the input "
          + "after record 4",
      ])
    #expect(read.events.map(\.time) == [1, 2])
    // Sealed with a count of 3 event records (the bad one included), it ends cleanly.
    let complete = try readBinary(sealed(bytes, count: 3))
    #expect(messages(complete) == ["3: expected a record kind from 0 to 6, found 9"])
  }

  // MARK: Damage

  @Test func aFlippedByteInARecordIsAChecksumError() throws {
    let (bytes, events, _) = try smallTrace()
    let markerRecord = bytes.count / 40
    // The lowest byte of x of the first event (touch down at x = 10): still a valid event.
    let first = stride(from: 0, to: bytes.count, by: 40).first { bytes[$0 + 8] == 1 }!
    var damaged = bytes
    damaged[first + 16] ^= 0x01
    let read = try readBinary(damaged)
    #expect(read.events.count == events.count)
    #expect(read.events.first != events.first)
    let body = Array(damaged.dropLast(40))
    #expect(
      messages(read) == [
        "\(markerRecord): expected the checksum \(_hex64(referenceChecksum(bytes.dropLast(40)))) of the end "
          + "marker, found \(_hex64(referenceChecksum(body))) over records 1 to \(markerRecord - 1) (the "
          + "trace was changed?)"
      ])
    // The bytes of a string ("s" becomes "r") and of the header's configuration ("pages":4
    // becomes 5) are covered too.
    let session =
      stride(from: 0, to: bytes.count, by: 40).first {
        bytes[$0 + 8] == 0 && bytes[$0 + 16] == 1 && bytes[$0 + 40] == UInt8(ascii: "s")
      }! + 40
    let digit =
      bytes.indices.dropLast(8).first { Array(bytes[$0..<$0 + 8]) == Array(#""pages":"#.utf8) }!
      + 8
    for offset in [session, digit] {
      var changed = bytes
      changed[offset] ^= 0x01
      let result = try readBinary(changed)
      #expect(result.errors.map(\.line) == [markerRecord], "offset \(offset)")
      #expect(result.errors.first?.expected.hasPrefix("the checksum 0x") == true)
    }
  }

  @Test func noSingleByteChangeGoesUnnoticed() throws {
    let (bytes, _, _) = try smallTrace()
    for offset in bytes.indices {
      for mask: UInt8 in [0x01, 0x80, 0xFF] {
        var changed = bytes
        changed[offset] ^= mask
        let read = try readBinary(changed)
        #expect(!read.errors.isEmpty, "offset \(offset), mask \(mask)")
      }
    }
  }

  @Test func aWrongCountIsAnError() throws {
    let (bytes, events, _) = try smallTrace()
    let markerRecord = bytes.count / 40
    let last = bytes.count - 80  // the last event record (a key)
    // A record lost: the checksum would differ too, but the count is checked first.
    let lost = Array(bytes[..<last]) + Array(bytes[(last + 40)...])
    #expect(
      messages(try readBinary(lost)) == [
        "\(markerRecord - 1): expected \(events.count) event records (the count of the end "
          + "marker), found \(events.count - 1) before it (records were lost or added?)"
      ])
    let added = Array(bytes[..<(last + 40)]) + Array(bytes[last...])
    #expect(
      messages(try readBinary(added)) == [
        "\(markerRecord + 1): expected \(events.count) event records (the count of the end "
          + "marker), found \(events.count + 1) before it (records were lost or added?)"
      ])
    // A hand-built file whose marker counts one event too many.
    let body = binaryHeader(version: 2) + keyRecord(t: 1)
    #expect(
      messages(try readBinary(body + endMarker(count: 2, checksum: referenceChecksum(body)))) == [
        "3: expected 2 event records (the count of the end marker), found 1 before it (records "
          + "were lost or added?)"
      ])
    #expect(try readBinary(sealed(body, count: 1)).errors.isEmpty)
  }

  @Test func aDamagedMarkerIsAnError() throws {
    let body = binaryHeader(version: 2) + keyRecord(t: 1)
    let marker = endMarker(count: 1, checksum: referenceChecksum(body))
    for offset in [0, 5, 6, 7, 9, 15, 32, 39] {
      var bad = marker
      bad[offset] ^= 0x20
      let read = try readBinary(body + bad)
      #expect(read.events.map(\.time) == [1])
      #expect(read.errors.map(\.line) == [3], "offset \(offset)")
      #expect(
        read.errors.first?.expected
          == "an end marker (the tag PGTEND\\0\\0, kind 255, zero reserved bytes)")
    }
    // Kind 255 in a version 1 file is no marker, just an unknown kind.
    let old = try readBinary(binaryHeader() + keyRecord(t: 1) + marker)
    #expect(messages(old) == ["3: expected a record kind from 0 to 6, found 255"])
  }

  @Test func dataAfterTheMarkerIsAnError() throws {
    let (bytes, events, header) = try smallTrace()
    let records = bytes.count / 40
    // Two traces end to end.
    for chunkSize in [1, 7, 1 << 20] {
      let twice = try readTrace(bytes + bytes, chunkSize: chunkSize)
      #expect(twice.header == header && twice.events == events)
      #expect(
        messages(twice) == [
          "\(records + 1): expected the end of the input after the end marker (record "
            + "\(records)), found more data: 50 47 54 52 41 43 45 00 …"
        ], "chunk \(chunkSize)")
    }
    // One stray byte, and a whole zero record.
    #expect(
      messages(try readBinary(bytes + [0x0A])) == [
        "\(records + 1): expected the end of the input after the end marker (record "
          + "\(records)), found more data: 0A"
      ])
    #expect(
      messages(try readBinary(bytes + [UInt8](repeating: 0, count: 40))) == [
        "\(records + 1): expected the end of the input after the end marker (record "
          + "\(records)), found more data: 00 00 00 00 00 00 00 00 …"
      ])
  }

  // MARK: Version 1

  @Test func versionOneStillReadsWithAWarning() throws {
    let bytes =
      binaryHeader(json: #"{"pages":3}"#) + stringEntry(index: 1, "a") + keyRecord(t: 1, session: 1)
      + record(t: 2, kind: 1, flags: 3, x: 10.0.bitPattern, y: 5.0.bitPattern, id: 1.0.bitPattern)
    var patch = ConfigurationPatch()
    patch.pages = 3
    let events = [
      PageControlEvent(time: 1, session: "a", .key(.tab)),
      PageControlEvent(time: 2, .touch(.down, id: 1, x: 10, y: 5)),
    ]
    for chunkSize in [1, 40, 1 << 20] {
      let path = temporaryFile(bytes)
      defer { unlink(path) }
      var reader = try TraceReader(opening: path, chunkSize: chunkSize)
      let read = try drain(&reader)
      #expect(read.errors.isEmpty)
      #expect(
        read.items == [
          .note(ImportNote(file: path, line: 1, message: versionOneNote)),
          .header(patch),
          .event(events[0], line: 4),
          .event(events[1], line: 5),
        ])
      #expect(
        read.items.first.map { if case .note(let note) = $0 { note.description } else { "" } }
          == "\(path):1: note: \(versionOneNote)")
    }
    // Without a configuration: the note, then the events.
    let bare = try readBinary(binaryHeader() + keyRecord(t: 1))
    #expect(
      bare.items.count == 2 && bare.events.count == 1 && bare.errors.isEmpty
        && bare.items.first.map { if case .note = $0 { true } else { false } } == true)
    // As before, a version 1 file cut on a record boundary cannot be told from a whole one.
    let cut = try readBinary(Array(bytes.dropLast(40)))
    #expect(cut.errors.isEmpty && cut.events == [events[0]])
    // A bad header gives its error, and no note.
    let bad = try readBinary(binaryHeader(json: "[]"))
    #expect(bad.items.isEmpty && bad.errors.count == 1)
  }

  @Test func unknownVersionsAreRejected() throws {
    for version: UInt16 in [0, 3, 0x201] {
      let read = try readBinary(binaryHeader(version: version) + keyRecord())
      #expect(
        messages(read) == [
          "1: expected the binary trace format version 1 or 2, found version \(version)"
        ])
      #expect(read.items.isEmpty)
    }
  }

  // MARK: Round trips

  @Test func jsonLinesToBinaryToJSONLinesIsByteIdentical() throws {
    let original = try readTrace(Array(variedTrace.utf8))
    // The canonical JSON Lines of the trace, then binary, then JSON Lines again.
    let canonical = try jsonLines(header: original.header, original.events)
    let parsed = try readTrace(canonical)
    let binaryBytes = try binary(header: parsed.header, parsed.events, threshold: 64)
    let fromBinary = try readTrace(binaryBytes)
    #expect(fromBinary.errors.isEmpty)
    #expect(!fromBinary.items.contains { if case .note = $0 { true } else { false } })
    #expect(try jsonLines(header: fromBinary.header, fromBinary.events) == canonical)
    // And binary → JSON Lines → binary gives the same bytes, marker included.
    #expect(try binary(header: fromBinary.header, fromBinary.events) == binaryBytes)
  }

  @Test func aLongTraceWithEvictedStringsEndsCleanly() throws {
    // Many string ids through a small table: entries are redefined all along the file.
    var events: [PageControlEvent] = []
    for index in 0..<3000 {
      events.append(
        PageControlEvent(
          time: Double(index), session: "s\(index % 5)",
          .touch(index % 2 == 0 ? .down : .up, id: .string("f\(index / 2)"), x: 1, y: 2)))
    }
    let bytes = try binary(header: nil, events, stringCapacity: 8, threshold: 999)
    #expect(
      Array(bytes.suffix(40))
        == endMarker(count: 3000, checksum: referenceChecksum(bytes.dropLast(40))))
    for chunkSize in [41, 1 << 20] {
      let read = try readTrace(bytes, chunkSize: chunkSize)
      #expect(read.errors.isEmpty && read.events == events)
    }
    let cut = try readBinary(Array(bytes.prefix(bytes.count / 80 * 40)))
    #expect(cut.errors.count == 1 && events.starts(with: cut.events))
  }
}
