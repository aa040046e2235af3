import PageTrace
import PageTraceGenerator
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

/// Which index the writer's full string table gives a new string (docs/binary-format.md,
/// "String table"): the one used longest ago, by event; of two used by the same event, the
/// lower; never the other index of the event being written; and past the table's 16 MiB, the
/// strings used longest ago emptied until the new one fits. The writer keeps its indices in
/// that order as it goes (`_StringRecency`); the expectations here come from the rule as
/// written, by a scan of the whole table at every new string (``ReuseRule``), and the
/// entries are read back from the bytes.
@Suite struct StringTableReuseTests {
  @Test func randomTracesDefineWhatTheRuleSays() throws {
    let seed = UInt64(truncatingIfNeeded: Int.random(in: 1...Int.max))
    print("StringTableReuseTests.randomTracesDefineWhatTheRuleSays seed \(seed)")
    var generator = SplitMix64(seed: seed)
    for round in 0..<40 {
      let capacity = [2, 3, 5, 16, 64][round % 5]
      let sessions = [1, 3, 40, 300][Int(generator.next() % 4)]
      let ids = [2, 10, 200, 5_000][Int(generator.next() % 4)]
      var events: [PageControlEvent] = []
      for index in 0..<1_500 {
        let session = generator.next() % 4 == 0 ? nil : "s\(generator.next() % UInt64(sessions))"
        let id: TouchID =
          generator.next() % 5 == 0
          ? .number(Double(generator.next() % 9)) : .string("f\(generator.next() % UInt64(ids))")
        let phase: TouchPhase = [.down, .move, .up, .cancel][Int(generator.next() % 4)]
        events.append(
          PageControlEvent(
            time: Double(index) / 100, session: session, .touch(phase, id: id, x: 1, y: 2)))
      }
      let bytes = try binary(header: nil, events, stringCapacity: capacity)
      var rule = ReuseRule(capacity: capacity)
      let expected = rule.entries(for: events)
      let found = entries(in: bytes)
      #expect(found == expected, "seed \(seed), round \(round), capacity \(capacity)")
      #expect(try readBinary(bytes).events == events)
    }
  }

  /// 600 string ids of 1,000 bytes, then sessions of 4 KiB names, more than the table's
  /// 16 MiB hold: the index taken for a name is an id's, so the strings used longest ago after
  /// it are emptied to make room, and the empty ones are passed over after.
  @Test func aFullTableByBytesEmptiesWhatTheRuleSays() throws {
    var events = (0..<600).map { index in
      let id = String(repeating: "i", count: 1000 - String(index).utf8.count) + String(index)
      return PageControlEvent(
        time: Double(index), session: nil, .touch(.down, id: .string(id), x: 0, y: 0))
    }
    let names = (0..<4_200).map { index in
      let suffix = String(index)
      return String(repeating: "A", count: 4096 - suffix.utf8.count) + suffix
    }
    for name in names + names.reversed() {
      events.append(
        PageControlEvent(
          time: Double(events.count), session: name, .touch(.down, id: .number(1), x: 0, y: 0)))
    }
    let bytes = try binary(header: nil, events, stringCapacity: 1 << 16, threshold: 1 << 16)
    var rule = ReuseRule(capacity: 1 << 16)
    let expected = rule.entries(for: events)
    #expect(expected.contains { $0.string.isEmpty }, "the byte limit was not reached")
    let found = entries(in: bytes)
    #expect(found.count == expected.count)
    #expect(found == expected)
    // Read back: the reader's table never held more than its limit.
    let read = try readBinary(bytes, chunkSize: 1 << 16)
    #expect(read.errors.isEmpty)
    #expect(read.events == events)
  }

  /// The entries of a binary trace without a header, in order: each index and its string.
  func entries(in bytes: [UInt8]) -> [ReuseRule.Entry] {
    var found: [ReuseRule.Entry] = []
    var offset = _BinaryRecord.size  // the file header of a trace without a configuration
    while offset < bytes.count {
      guard bytes[offset + _BinaryRecord.kindOffset] == _BinaryRecord.stringEntry else {
        offset += _BinaryRecord.size
        continue
      }
      let index = Int(bytes[offset + 12]) | Int(bytes[offset + 13]) << 8
      let length =
        Int(bytes[offset + 16]) | Int(bytes[offset + 17]) << 8 | Int(bytes[offset + 18]) << 16
      let start = offset + _BinaryRecord.size
      found.append(
        .init(index: index, string: String(decoding: bytes[start..<start + length], as: UTF8.self)))
      offset = start + _BinaryRecord.padded(length)
    }
    return found
  }
}

/// The string table's rule, worked from docs/binary-format.md by brute force: every new string
/// scans the whole table for the index to take.
struct ReuseRule {
  struct Entry: Equatable, CustomStringConvertible {
    var index: Int
    var string: String
    var description: String { "\(index)=\(string.prefix(12))(\(string.utf8.count))" }
  }

  let capacity: Int
  var strings: [String] = []  // index i + 1
  /// The index of each string (the first defined, of one there twice), as a reader finds it.
  var indices: [String: Int] = [:]
  var lastUse: [Int] = []
  var bytes = 0
  var entries: [Entry] = []

  init(capacity: Int) { self.capacity = capacity }

  /// The entries a writer writes for `events`, in order.
  mutating func entries(for events: [PageControlEvent]) -> [Entry] {
    for (number, event) in events.enumerated() {
      var session = 0
      if let name = event.session { session = intern(name, keeping: 0, event: number + 1) }
      if case .touch(_, .string(let id), _, _) = event.action {
        _ = intern(id, keeping: session, event: number + 1)
      }
    }
    return entries
  }

  private mutating func intern(_ string: String, keeping kept: Int, event: Int) -> Int {
    if let index = indices[string] {
      lastUse[index - 1] = event
      return index
    }
    let limit = BinaryTraceReader.maximumStringTableSize
    let index: Int
    if strings.count < capacity && bytes + string.utf8.count <= limit {
      strings.append("")
      lastUse.append(0)
      index = strings.count
    } else {
      index = oldest(excluding: [kept]) ?? 0
    }
    while bytes - strings[index - 1].utf8.count + string.utf8.count > limit {
      guard let victim = oldest(excluding: [kept, index], nonEmpty: true) else { break }
      define("", at: victim, event: event)
    }
    define(string, at: index, event: event)
    return index
  }

  /// The index used longest ago, the lowest of those used as long ago.
  private func oldest(excluding excluded: [Int], nonEmpty: Bool = false) -> Int? {
    var best: Int?
    for position in strings.indices where !excluded.contains(position + 1) {
      if nonEmpty && strings[position].isEmpty { continue }
      if best == nil || lastUse[position] < lastUse[best!] { best = position }
    }
    return best.map { $0 + 1 }
  }

  private mutating func define(_ string: String, at index: Int, event: Int) {
    let old = strings[index - 1]
    if indices[old] == index { indices[old] = nil }
    if indices[string] == nil { indices[string] = index }
    bytes += string.utf8.count - old.utf8.count
    strings[index - 1] = string
    lastUse[index - 1] = event
    entries.append(Entry(index: index, string: string))
  }
}
