import PageTrace
import PageTraceGenerator
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fast paths of binary replay against the general ones they stand in for.
///
/// `BinaryTraceReader` decodes the common record (a valid touch at a point with a numeric id,
/// in a session already numbered) on a path of its own, and valid pointer events and keys on
/// a second one at the start of the general path, each taken only when the buffer already
/// holds the whole record. Read with a chunk size of 1 byte the buffer never does (each record
/// is read to exactly its end, then consumed), so every record goes the general way: the two
/// readings of the same bytes must give the same items and the same errors.
@Suite struct FastPathTests {
  /// A trace of touches in the default session and in three named ones, with numeric and
  /// string ids, and pointer events and keys (the second fast path) between them.
  func touchTrace(_ generator: inout SplitMix64) -> [PageControlEvent] {
    var events: [PageControlEvent] = []
    var time = 0.0
    let sessions: [String?] = [nil, "a", "b", "c"]
    for index in 0..<400 {
      time += Double(generator.next() % 1000) / 10_000
      let session = sessions[Int(generator.next() % 4)]
      let x = Double(generator.next() % 4000) / 10
      let y = 780 + Double(generator.next() % 300) / 10
      switch index % 10 {
      case 6:
        let phases: [PointerPhase] = [.hover, .down, .move, .up]
        events.append(
          PageControlEvent(
            time: time, session: session, .pointer(phases[Int(generator.next() % 4)], x: x, y: y)))
      case 7:
        events.append(PageControlEvent(time: time, session: session, .key(.right)))
      case 8:
        events.append(
          PageControlEvent(time: time, session: session, .touch(.down, id: "pen", x: x, y: y)))
      case 9:
        events.append(
          PageControlEvent(time: time, session: session, .touch(.up, id: "pen", x: x, y: y)))
      default:
        let phases: [TouchPhase] = [.down, .move, .up, .cancel]
        let phase = phases[Int(generator.next() % 4)]
        events.append(
          PageControlEvent(
            time: time, session: session,
            .touch(
              phase, id: .number(Double(generator.next() % 3)), x: phase == .cancel ? nil : x,
              y: phase == .cancel ? nil : y)))
      }
    }
    return events
  }

  @Test func unchangedTraceReadsTheSameBothWays() throws {
    var generator = SplitMix64(seed: 24)
    let events = touchTrace(&generator)
    let bytes = try binary(header: nil, events)
    let whole = try readBinary(bytes)
    let general = try readBinary(bytes, chunkSize: 1)
    // Both give back the events written (an independent source: the writer's input).
    #expect(exact(whole.events) == exact(events))
    #expect(exact(general.events) == exact(events))
    #expect(whole.items == general.items)
    #expect(whole.errors.isEmpty && general.errors.isEmpty)
  }

  /// `TraceReader` hands the chunk it read to find the format over to the binary reader,
  /// whatever its size: smaller than a record, cut inside one, or the whole file; the trace
  /// reads as the binary reader alone reads it, errors included (a trace cut short).
  @Test func sniffedChunkTakenOverAtEverySize() throws {
    var generator = SplitMix64(seed: 25)
    let events = touchTrace(&generator)
    let bytes = try binary(header: nil, events)
    let cut = Array(bytes.dropLast(57))
    for chunkSize in [1, 7, 8, 39, 40, 41, 100, 4096, 1 << 20] {
      let sniffed = try readTrace(bytes, chunkSize: chunkSize)
      #expect(sniffed.format == .binary)
      #expect(exact(sniffed.events) == exact(events), "chunk size \(chunkSize)")
      #expect(sniffed.errors.isEmpty, "chunk size \(chunkSize)")
      let sniffedCut = try readTrace(cut, chunkSize: chunkSize)
      let alone = try readBinary(cut, chunkSize: chunkSize)
      #expect(sniffedCut.items == alone.items, "chunk size \(chunkSize)")
      #expect(
        sniffedCut.errors.map { [$0.line, $0.column] } == alone.errors.map { [$0.line, $0.column] }
          && sniffedCut.errors.map { $0.expected + $0.found }
            == alone.errors.map { $0.expected + $0.found },
        "chunk size \(chunkSize)")
      #expect(!alone.errors.isEmpty)
    }
  }

  @Test func changedRecordsReadTheSameBothWays() throws {
    let seed = UInt64(truncatingIfNeeded: Int.random(in: 1...Int.max))
    print("FastPathTests.changedRecordsReadTheSameBothWays seed \(seed)")
    var generator = SplitMix64(seed: seed)
    let valid = try binary(header: nil, touchTrace(&generator))
    // The offsets of event records (kind 1 to 6), not string entries or the end marker.
    let records = stride(from: 40, to: valid.count - 40, by: 40).filter {
      (1...6).contains(valid[$0 + 8])
    }
    // Values that the fast path's tests turn on: bits of a non-finite double, kinds, codes
    // and flags around the touch's, session indices defined or not.
    let nonFinite: [UInt64] = [
      Double.nan.bitPattern, Double.infinity.bitPattern, (-Double.infinity).bitPattern,
      Double.signalingNaN.bitPattern,
    ]
    var errors = 0
    for round in 0..<300 {
      var bytes = valid
      for _ in 0..<(1 + Int(generator.next() % 3)) {
        let record = records[Int(generator.next() % UInt64(records.count))]
        switch generator.next() % 6 {
        case 0:
          let field = [0, 16, 24, 32][Int(generator.next() % 4)]
          let bits = nonFinite[Int(generator.next() % UInt64(nonFinite.count))]
          for byte in 0..<8 {
            bytes[record + field + byte] = UInt8(truncatingIfNeeded: bits >> (8 * byte))
          }
        case 1: bytes[record + 8] = UInt8(generator.next() % 8)  // kind
        case 2: bytes[record + 9] = UInt8(generator.next() % 6)  // code
        case 3: bytes[record + 10] = UInt8(generator.next() % 8)  // flags
        case 4: bytes[record + 11] = UInt8(generator.next() % 2)  // extra
        default:
          bytes[record + 12] = UInt8(generator.next() % 6)  // session index
          bytes[record + 13] = UInt8(generator.next() % 4 == 0 ? 1 : 0)
        }
      }
      let whole = try readBinary(bytes)
      let general = try readBinary(bytes, chunkSize: 1)
      #expect(whole.items == general.items, "round \(round)")
      // The same errors, the file's name aside (each reading has its own temporary file).
      #expect(placed(whole.errors) == placed(general.errors), "round \(round)")
      errors += whole.errors.count
    }
    // The changes did reach the checks: most rounds found an error (at least the checksum).
    #expect(errors >= 300, "\(errors) errors")
  }

  /// The replay loop's inner loop for plain events, against a loop of its own over the
  /// friendly API: the same records, summary and errors, with string ids, new sessions,
  /// rejected events and more than 4,096 events (the general loop's progress count).
  @Test func replayLoopMatchesAPlainLoop() throws {
    var generator = SplitMix64(seed: 7)
    var events = touchTrace(&generator)
    for _ in 0..<12 { events += events.suffix(400).map { shifted($0, by: 100) } }
    // An event whose time goes backwards in its session: rejected by the engine.
    events.insert(PageControlEvent(time: 0, .key(.left)), at: 3000)
    events.append(PageControlEvent(time: 1e9, session: "late", .key(.right)))
    var header = ConfigurationPatch()
    header.pages = 8
    header.control = Rect(x: 0, y: 780, width: 400, height: 30)
    let bytes = try binary(header: header, events)
    let path = temporaryFile(bytes)
    defer { unlink(path) }

    for observesEvents in [false, true] {
      // Through TraceReplay.
      var reader = try TraceReader(opening: path)
      var options = TraceReplay.Options()
      options.skipsBadLines = true
      var problems: [String] = []
      var replayed = ""
      let outcome: TraceReplay.Outcome
      if observesEvents {
        var observer = _RecordCollector()
        outcome = TraceReplay(options).run(&reader, observer: &observer) {
          problems.append("\($0)")
        }
        replayed = observer.text
      } else {
        var observer = _PlainRecordCollector()
        outcome = TraceReplay(options).run(&reader, observer: &observer) {
          problems.append("\($0)")
        }
        replayed = observer.text
      }

      // A plain loop: read friendly events, handle each, skip rejected ones.
      var plain = try TraceReader(opening: path)
      var engine: PageControlEngine?
      var expected = ""
      var rejected = 0
      var applied = 0
      var ignored = 0
      var configuration: PageControlConfiguration?
      while let item = try plain.next() {
        if case .header(let patch) = item { configuration = try patch.resolve() }
        guard case .event(let event, _) = item else { continue }
        if engine == nil { engine = try PageControlEngine(#require(configuration)) }
        do {
          let used = try engine!.handle(event) { expected += "\($0)\n" }
          if used { applied += 1 } else { ignored += 1 }
        } catch {
          rejected += 1
        }
      }
      #expect(replayed == expected, "observesEvents \(observesEvents)")
      #expect(outcome.summary.eventsApplied == applied)
      #expect(outcome.summary.eventsIgnored == ignored)
      #expect(outcome.summary.skippedLines == rejected && rejected == 1)
      #expect(problems.count == 1)
      #expect(outcome.failure == nil)
    }
  }

  func placed(_ errors: [TraceError]) -> [String] {
    errors.map { "\($0.line):\($0.column): expected \($0.expected), found \($0.found)" }
  }

  func shifted(_ event: PageControlEvent, by time: Double) -> PageControlEvent {
    var event = event
    event.time += time
    return event
  }
}

/// Collects every record, named, as text; sees events, so the loop holds records back.
private struct _RecordCollector: ReplayObserver {
  var names: [Int32: String] = [:]
  var text = ""
  mutating func name(_ session: SessionID, _ name: String) { names[session.rawValue] = name }
  mutating func observe(_ record: EngineRecord) {
    text += "\(record.named(names[record.session.rawValue]))\n"
  }
}

/// The same, taking records only (as ``RecordWriter`` does).
private struct _PlainRecordCollector: ReplayObserver {
  static var observesEvents: Bool { false }
  var names: [Int32: String] = [:]
  var text = ""
  mutating func name(_ session: SessionID, _ name: String) { names[session.rawValue] = name }
  mutating func observe(_ record: EngineRecord) {
    text += "\(record.named(names[record.session.rawValue]))\n"
  }
}
