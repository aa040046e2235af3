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

/// The replay loop's fast path (ReplayLoop+PlainEvents.swift) against its general path, the
/// oracle: on random traces of every kind of item (new sessions and string touch ids, ids
/// given freed numbers, rejected events, bad and blank lines, sessions over the limit) read
/// as JSON Lines, as a binary trace and decoded on other threads, with one lane and with
/// three, skipping bad lines or not, every observer gets the same calls in the same order,
/// and the outcomes and problems are the same. Fails when the fast path drops the progress
/// check, announces a name late or counts an event twice (each checked by breaking it).
@Suite struct ReplayFastPathTests {
  /// A random trace: a header, then events of several sessions and fingers, with numeric
  /// and string ids, some times going backwards, some bad and blank lines.
  static func trace(seed: UInt64, events: Int) -> String {
    var random = SplitMix64(seed: seed)
    var lines = [
      #"{"pagetrace":1,"pages":12,"control":{"x":0,"y":780,"width":390,"height":30},"#
        + #""container":{"x":0,"y":0,"width":390,"height":760}}"#
    ]
    var times: [String: Double] = [:]
    var down: [String: String] = [:]  // session → the id of its finger down, if any
    for index in 0..<events {
      let session =
        random.next(below: 20) == 0 ? "s\(random.next(below: 40))" : "s\(random.next(below: 3))"
      var time = times[session, default: 0] + Double(random.next(below: 30)) / 1000
      if random.next(below: 300) == 0 { time -= 1 }  // rejected: time went backwards
      times[session] = max(time, times[session, default: 0])
      let x = Double(random.next(below: 4000)) / 10
      let y = random.next(below: 2) == 0 ? 795.0 : Double(random.next(below: 7600)) / 10
      let sessionField = session == "s0" ? "" : #","session":"\#(session)""#
      switch random.next(below: 40) {
      case 0: lines.append("")
      case 1: lines.append(#"{"t":\#(time),"touch":"sideways","id":1,"x":1,"y":1}"#)
      case 2: lines.append(#"{"t":\#(time),"key":"right"\#(sessionField)}"#)
      case 3: lines.append(#"{"t":\#(time),"a11y":"increment"\#(sessionField)}"#)
      default:
        if let id = down[session] {
          let phase = random.next(below: 6) == 0 ? "up" : "move"
          if phase == "up" { down[session] = nil }
          lines.append(
            #"{"t":\#(time),"touch":"\#(phase)","id":\#(id),"x":\#(x),"y":\#(y)\#(sessionField)}"#)
        } else {
          // String ids from a small set, so that freed numbers are given to new ids.
          let id = random.next(below: 2) == 0 ? "\(index % 7)" : "\"f\(random.next(below: 9))\""
          down[session] = id
          lines.append(
            #"{"t":\#(time),"touch":"down","id":\#(id),"x":\#(x),"y":\#(y)\#(sessionField)}"#)
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What one run showed its observers and reported.
  struct Run: Equatable {
    var calls: [[String]]
    var reports: [String]
    var summaries: [ReplaySummary]
    var failure: String?
    var progress: Int

    /// Where `self` and `other` first part, in a few words; `nil` if they do not.
    func difference(from other: Run) -> String? {
      guard self != other else { return nil }
      for (k, (mine, theirs)) in zip(calls, other.calls).enumerated() where mine != theirs {
        let index =
          zip(mine, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
          ?? min(mine.count, theirs.count)
        let a = index < mine.count ? mine[index] : "(end)"
        let b = index < theirs.count ? theirs[index] : "(end)"
        return "lane \(k), call \(index): \(a) against \(b)"
      }
      if reports != other.reports { return "reports \(reports) against \(other.reports)" }
      return "\(summaries), \(failure ?? "-"), \(progress) against \(other.summaries), "
        + "\(other.failure ?? "-"), \(other.progress)"
    }
  }

  /// How an input is read.
  enum Reading: CaseIterable { case lines, binary, chunks }

  /// Replays `path` read as `reading` through `lanes` lanes (one: ``OneLane``), the fast path
  /// on or off.
  static func replay(
    _ path: String, reading: Reading, lanes count: Int, skipping: Bool, fast: Bool
  ) throws -> Run {
    var reader = try TraceReader(opening: path)
    if reading == .chunks {
      let isParallel = reader._decodeInParallel(threads: 2, chunkSize: 700)
      #expect(isParallel)
    }
    var options = TraceReplay.Options()
    options.skipsBadLines = skipping
    options.maximumSessions = 30
    let progress = ReplayProgress()
    options.progress = progress
    var loop = ReplayLoop(options)
    loop.usesFastPath = fast
    var logs = [CallLog](repeating: CallLog(progress: progress), count: count)
    var reports: [String] = []
    let outcomes = logs.withUnsafeMutableBufferPointer { observers in
      if count == 1 {
        var lanes = ReplayLanes<CallLog, OneLane>(
          observers: observers, variants: [nil], afterEvent: nil)
        defer { lanes.deallocate() }
        return loop.run(&reader, lanes: &lanes) { reports.append($0.description) }
      }
      let variants = (0..<count).map { k in
        var patch = ConfigurationPatch()
        patch.scrubDelay = 0.1 + 0.2 * Double(k)
        return patch
      }
      var lanes = ReplayLanes<CallLog, ManyLanes>(
        observers: observers, variants: variants,
        afterEvent: { _, rejectedBy in
          reports.append("after \(rejectedBy)")
        })
      defer { lanes.deallocate() }
      return loop.run(&reader, lanes: &lanes) { reports.append($0.description) }
    }
    return Run(
      calls: logs.map(\.calls), reports: reports, summaries: outcomes.map(\.summary),
      failure: outcomes[0].failure.map { "\($0)" }, progress: progress.events)
  }

  @Test(arguments: [1, 2])
  func theFastPathDoesWhatTheGeneralPathDoes(_ index: UInt64) throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("ReplayFastPathTests seed \(seed)")
    let text = Self.trace(seed: seed ^ index, events: 9_000)
    let jsonLines = temporaryFile(Array(text.utf8))
    defer { unlink(jsonLines) }
    let binary = temporaryFile([])
    defer { unlink(binary) }
    try writeBinary(from: jsonLines, to: binary)
    for reading in Reading.allCases {
      for lanes in [1, 3] {
        for skipping in [true, false] {
          let path = reading == .binary ? binary : jsonLines
          let general = try Self.replay(
            path, reading: reading, lanes: lanes, skipping: skipping, fast: false)
          let fast = try Self.replay(
            path, reading: reading, lanes: lanes, skipping: skipping, fast: true)
          let what = "seed \(seed ^ index), \(reading), \(lanes) lanes, skipping \(skipping)"
          let difference = fast.difference(from: general)
          #expect(difference == nil, "\(what)")
          // The trace reaches what the fast path leaves to the general one.
          if skipping {
            #expect(general.reports.contains { $0.contains("expected") }, "\(what)")
            #expect(general.calls[0].contains { $0.hasPrefix("touch ") }, "\(what)")
            #expect(general.progress >= 8192, "\(what)")
          }
        }
      }
    }
  }

  /// Converts a JSON Lines trace to a binary one, skipping its bad lines.
  func writeBinary(from input: String, to output: String) throws {
    let descriptor = open(output, O_WRONLY | O_TRUNC)
    defer { close(descriptor) }
    var writer = BinaryTraceWriter(descriptor: SystemDescriptor(rawValue: descriptor))
    var reader = try TraceReader(opening: input)
    while true {
      do {
        guard let item = try reader.next() else { break }
        switch item {
        case .header(let patch): writer.writeHeader(patch)
        case .event(let event, _): writer.write(event)
        case .blank, .note: break
        }
      } catch is TraceError {
        continue
      }
    }
    try writer.finish()
  }
}
