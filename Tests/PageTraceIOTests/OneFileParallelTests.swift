import PageTrace
import PageTraceGenerator
import PageTraceIO
import PageTraceTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One input on several threads (``ReplayDriver/Options/jobs`` > 1 with one file;
/// docs/behaviour/replay.md, "Parallel replay of one file"): whatever the number of threads and the
/// size of the chunks, the output, the problems reported, the summary and the failure are
/// those of the serial replay (`jobs` 1), the independent oracle. Tiny chunks put many lines
/// across chunk boundaries. CI runs this suite under ThreadSanitizer too.
@Suite struct OneFileParallelTests {
  /// What one run wrote, reported, summed up and failed with.
  struct Outcome: Equatable {
    var output: String
    var reports: [String]
    var summary: ReplaySummary?
    var failure: String?
  }

  /// Replays `file` alone with `jobs` threads and chunks of `chunkSize` bytes.
  static func run(
    _ file: String, jobs: Int, chunkSize: Int = 1 << 19, skipsBadLines: Bool = false,
    maximumSessions: Int? = nil, maximumLineLength: Int? = nil
  ) -> Outcome {
    var options = BatchReplay.Options()
    options.jobs = jobs
    options.driver._chunkSize = chunkSize
    options.types = .all
    options.skipsBadLines = skipsBadLines
    if let maximumSessions { options.maximumSessions = maximumSessions }
    if let maximumLineLength { options.maximumLineLength = maximumLineLength }
    let path = temporaryFile([])
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    precondition(descriptor >= 0)
    var reports: [String] = []
    var summary: ReplaySummary?
    var failure: String?
    do {
      summary = try BatchReplay(options).run(
        [file], to: SystemDescriptor(rawValue: descriptor), name: path
      ) {
        reports.append($0.description)
      }
    } catch {
      failure = "\(error)"
    }
    close(descriptor)
    let input = open(path, O_RDONLY)
    defer { close(input) }
    return Outcome(output: readToEnd(input), reports: reports, summary: summary, failure: failure)
  }

  /// Expects every parallel run of `file` to equal the serial one, and returns the latter.
  @discardableResult
  static func expectSameAsSerial(
    _ file: String, chunkSizes: [Int] = [1, 61, 700, 1 << 19], jobs: [Int] = [2, 3, 4],
    skipsBadLines: Bool = false, maximumSessions: Int? = nil, maximumLineLength: Int? = nil,
    _ comment: String
  ) -> Outcome {
    let serial = run(
      file, jobs: 1, skipsBadLines: skipsBadLines, maximumSessions: maximumSessions,
      maximumLineLength: maximumLineLength)
    for chunkSize in chunkSizes {
      for jobs in jobs {
        let parallel = run(
          file, jobs: jobs, chunkSize: chunkSize, skipsBadLines: skipsBadLines,
          maximumSessions: maximumSessions, maximumLineLength: maximumLineLength)
        #expect(parallel == serial, "\(comment), jobs \(jobs), chunks of \(chunkSize) bytes")
      }
    }
    return serial
  }

  /// A messy trace: blank and whitespace lines before a header, CRLF endings, named
  /// sessions (one with an escape), string touch ids going down and up (so that their numbers
  /// are freed and given again), events of every kind, a string id on a key event; with
  /// `bad`, bad lines of many kinds (broken JSON, a second header, time going backwards, a
  /// line too long for a limit of 300 bytes). The last line has no line feed.
  static func messyTrace(seed: UInt64, lines: Int, bad: Bool) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    var text = ""
    for _ in 0..<Int.random(in: 0...2, using: &random) { text += "  \n" }
    text += #"{"pagetrace":1,"pages":6,"control":{"x":0,"y":780,"width":390,"height":30}}"# + "\n"
    let sessions = [nil, "a", "b", #"\u00e9t\u00e9"#, "s4", "s5"]
    let names = ["f1", "f2", "f3", "a-long-finger-name"]
    var t = 0.0
    for index in 0..<lines {
      t += Double(Int.random(in: 1...20, using: &random)) / 1000
      let session = sessions.randomElement(using: &random)!
      let sessionKey = session.map { #","session":""# + $0 + #"""# } ?? ""
      let x = 100 + Double(Int.random(in: 0...2000, using: &random)) / 10
      let y = 780 + Double(Int.random(in: 0...300, using: &random)) / 10
      let phase = ["down", "move", "move", "up", "cancel"].randomElement(using: &random)!
      var line: String
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<30:
        line =
          #"{"t":\#(t),"touch":"\#(phase)","id":\#(Int.random(in: 1...3, using: &random)),"x":\#(x),"y":\#(y)\#(sessionKey)}"#
      case 30..<60:
        let name = names.randomElement(using: &random)!
        line = #"{"t":\#(t)\#(sessionKey),"touch":"\#(phase)","id":"\#(name)","x":\#(x),"y":\#(y)}"#
      case 60..<66:
        line =
          #"{"pointer":"\#(["hover", "down", "move", "up"].randomElement(using: &random)!)","x":\#(x),"y":\#(y),"t":\#(t)\#(sessionKey)}"#
      case 66..<72:
        line =
          #"{"t":\#(t),"key":"\#(["tab", "left", "right", "home"].randomElement(using: &random)!)"\#(sessionKey)}"#
      case 72..<75:
        line = #"{"t":\#(t),"focus":"control"\#(sessionKey)}"#
      case 75..<78:
        line = #"{"t":\#(t),"a11y":"increment"\#(sessionKey)}"#
      case 78..<80:
        line =
          #"{"t":\#(t),"set":{"current":\#(Int.random(in: 0...5, using: &random))}\#(sessionKey)}"#
      case 80..<83:
        // A string id numbered, and unused by its event.
        line = #"{"t":\#(t),"key":"tab","id":"stray\#(index)"\#(sessionKey)}"#
      case 83..<88:
        line = ["", " ", "\t", "   "].randomElement(using: &random)!
      case 88..<91:
        line =
          #"{ "t" : \#(t) , "touch" : "move" , "id" : "f1" , "x" : \#(x) , "y" : \#(y) , "extra" : [1, {"a": null}]\#(sessionKey) }"#
      default:
        guard bad else {
          line = #"{"t":\#(t),"focus":"none"}"#
          break
        }
        switch Int.random(in: 0..<6, using: &random) {
        case 0: line = #"{"t":\#(t),"touch":"down","id":"#
        case 1: line = #"{"pagetrace":1,"pages":3}"#
        case 2: line = #"{"t":-1,"touch":"down","id":"f2","x":1,"y":2\#(sessionKey)}"#
        case 3:
          line =
            #"{"t":\#(t),"touch":"down","id":"f9","x":1,"y":2,"pad":""#
            + String(repeating: "p", count: 400) + #""}"#
        case 4: line = #"{"t":\#(t),"touch":"sideways","id":"f3","x":1,"y":2\#(sessionKey)}"#
        default:  // too many sessions, with a limit
          line = #"{"t":\#(t),"session":"new\#(index)","key":"tab"}"#
        }
      }
      text += line + (Int.random(in: 0..<10, using: &random) == 0 ? "\r\n" : "\n")
    }
    text += #"{"t":\#(t + 1),"focus":"none"}"#
    return Array(text.utf8)
  }

  /// Writes a generated trace: `events` events of `sessions` sessions, as JSON Lines or binary.
  static func generated(events: Int, seed: UInt64, sessions: Int, binary: Bool = false) throws
    -> String
  {
    let path = temporaryFile([])
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    precondition(descriptor >= 0)
    defer { close(descriptor) }
    let output = SystemDescriptor(rawValue: descriptor)
    let events = TraceGenerator(.init(events: events, seed: seed, sessions: sessions))
    if binary {
      var writer = BinaryTraceWriter(descriptor: output, name: path)
      for event in events { writer.write(event) }
      try writer.finish()
    } else {
      var writer = EventWriter(descriptor: output, name: path)
      var header = ConfigurationPatch()
      header.pages = 9
      header.control = Rect(x: 0, y: 780, width: 390, height: 30)
      writer.writeHeader(header)
      for event in events { writer.write(event) }
      try writer.flush()
    }
    return path
  }

  /// `path` compressed by the system's `gzip` into a new file.
  static func gzipped(_ path: String) -> String {
    let output = temporaryFile([])
    #expect(system("gzip -c -n -1 '\(path)' > '\(output)'") == 0)
    return output
  }

  /// Expects `parallel` to hand out `serial`'s items, errors and line numbers to the end;
  /// returns how many items and errors there were.
  static func expectSameItems(
    _ serial: inout TraceReader, _ parallel: inout TraceReader
  ) -> (items: Int, errors: Int) {
    var count = 0
    var errors = 0
    while true {
      let expected = Result { try serial.next() }
      let actual = Result { try parallel.next() }
      switch (expected, actual) {
      case (.success(let a), .success(let b)): #expect(a == b, "item \(count)")
      case (.failure(let a), .failure(let b)):
        #expect("\(a)" == "\(b)", "item \(count)")
        errors += 1
      default: Issue.record("item \(count): \(expected) against \(actual)")
      }
      #expect(serial.lineNumber == parallel.lineNumber, "item \(count)")
      if case .success(nil) = expected { return (count, errors) }
      count += 1
    }
  }

  // MARK: Tests

  /// Every scenario of Traces/, at every chunk size and thread count.
  @Test func everyScenarioIsTheSerialReplay() {
    let scenarios = BatchReplayParallelTests.scenarios
    #expect(scenarios.count >= 20)
    for file in scenarios {
      let serial = Self.expectSameAsSerial(file, file)
      #expect(serial.failure == nil && serial.reports.isEmpty, "\(file)")
    }
  }

  /// Generated traces of several seeds, one session and several, JSON Lines, gzip and binary.
  @Test(arguments: [1, 5] as [Int])
  func generatedTracesAreTheSerialReplay(sessions: Int) throws {
    for seed: UInt64 in [3, 11] {
      print("seed \(seed), \(sessions) sessions")
      let path = try Self.generated(events: 3000, seed: seed, sessions: sessions)
      defer { unlink(path) }
      let serial = Self.expectSameAsSerial(path, chunkSizes: [97, 4096], "seed \(seed)")
      #expect(serial.summary?.events == 3000 && serial.summary!.records > 300)
      let compressed = Self.gzipped(path)
      defer { unlink(compressed) }
      #expect(Self.expectSameAsSerial(compressed, chunkSizes: [97, 4096], "gzip") == serial)
      let binary = try Self.generated(events: 3000, seed: seed, sessions: sessions, binary: true)
      defer { unlink(binary) }
      Self.expectSameAsSerial(binary, chunkSizes: [97], "binary")
    }
  }

  /// Messy traces without bad lines.
  @Test func messyTracesAreTheSerialReplay() {
    for seed: UInt64 in [1, 2, 3, 4] {
      print("seed \(seed)")
      let path = temporaryFile(Self.messyTrace(seed: seed, lines: 400, bad: false))
      defer { unlink(path) }
      let serial = Self.expectSameAsSerial(path, "seed \(seed)")
      #expect(serial.failure == nil && serial.reports.isEmpty && serial.summary!.records > 20)
    }
  }

  /// Bad lines, skipped and reported: the same reports, in order, and the same output, with
  /// a session limit (refused sessions forget their numbers) and a line limit.
  @Test func badLinesSkippedAreTheSerialReplay() {
    for seed: UInt64 in [5, 6, 7] {
      print("seed \(seed)")
      let path = temporaryFile(Self.messyTrace(seed: seed, lines: 500, bad: true))
      defer { unlink(path) }
      let serial = Self.expectSameAsSerial(
        path, skipsBadLines: true, maximumSessions: 5, maximumLineLength: 300, "seed \(seed)")
      #expect(serial.failure == nil && serial.reports.count > 10)
      #expect(serial.reports.contains { $0.contains("at most 300 bytes") })
      #expect(serial.reports.contains { $0.contains("sessions") })
    }
  }

  /// The first bad line stops the replay, far from the start: the same records before it, the
  /// same error; and a bad line at the very start.
  @Test func theFirstBadLineStopsTheReplayAsSerial() throws {
    let good = Array(
      contents(of: try Self.generated(events: 2000, seed: 9, sessions: 3)).split(
        separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false))
    for badAt in [1, 2, 1500, good.count - 1] {
      var lines = good
      lines.insert(Array(#"{"t":1,"touch":"down","id":1,"x":"#.utf8)[...], at: badAt)
      let path = temporaryFile(Array(lines.joined(separator: [UInt8(ascii: "\n")])))
      defer { unlink(path) }
      let serial = Self.expectSameAsSerial(path, chunkSizes: [1, 300, 1 << 19], "bad at \(badAt)")
      let failure = try #require(serial.failure)
      #expect(failure.contains(":\(badAt + 1):"), "\(failure)")
    }
  }

  /// The reader itself goes parallel on a JSON Lines file, gzip-compressed or not, and hands
  /// out the items, errors and line numbers a serial reader does, whatever the size of its
  /// reads (so that reads end inside lines): with a byte order mark, lines over the limit
  /// (one of 100,000 bytes, longer than a chunk), a gzip stream cut short and one damaged;
  /// a binary trace stays serial.
  @Test(arguments: [7, 4096, 1 << 20])
  func theReaderHandsOutTheSerialItems(readSize: Int) throws {
    var text = [0xEF, 0xBB, 0xBF] + Self.messyTrace(seed: 8, lines: 300, bad: true)
    let middle = text.count / 2
    let newline = text[middle...].firstIndex(of: UInt8(ascii: "\n"))!
    text.insert(
      contentsOf: Array(#"{"t":0,"long":""#.utf8)
        + Array(repeating: UInt8(ascii: "x"), count: 100_000) + Array(#""}"#.utf8) + [10],
      at: newline + 1)
    let path = temporaryFile(text)
    defer { unlink(path) }
    let compressed = Self.gzipped(path)
    defer { unlink(compressed) }
    let gzip = contents(of: compressed)
    let cut = temporaryFile(Array(gzip[..<(gzip.count * 3 / 5)]))
    defer { unlink(cut) }
    var flipped = gzip
    flipped[gzip.count / 2] ^= 0x55
    let damaged = temporaryFile(flipped)
    defer { unlink(damaged) }
    for file in [path, compressed, cut, damaged] {
      var serial = try TraceReader(opening: file, chunkSize: readSize, maximumLineLength: 300)
      var parallel = try TraceReader(opening: file, chunkSize: readSize, maximumLineLength: 300)
      let isParallel = parallel._decodeInParallel(threads: 3, chunkSize: 50)
      #expect(isParallel)
      let (count, errors) = Self.expectSameItems(&serial, &parallel)
      #expect(count > (file == cut || file == damaged ? 100 : 300) && errors > 5, "\(file)")
    }
    let binary = try Self.generated(events: 10, seed: 1, sessions: 1, binary: true)
    defer { unlink(binary) }
    var reader = try TraceReader(opening: binary)
    let isParallel = reader._decodeInParallel(threads: 2)
    #expect(!isParallel)
  }

  /// A trace of many short lines: runs of up to 300 empty lines (`\n` and `\r\n`), blank
  /// ones, short events, a byte order mark, two lines over the limit of 300 bytes (one of
  /// 5,000 bytes, over many ranges), no line feed at the end. In ranges of 50 bytes a run of
  /// empty lines puts 50 lines in a range, more than the 16 a chunk takes: the reader's
  /// thread reads the rest of such a range.
  static func shortLines(seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    var text =
      "\u{FEFF}" + #"{"pagetrace":1,"pages":6,"control":{"x":0,"y":780,"width":390,"height":30}}"#
    text += "\n"
    var t = 0.0
    for index in 0..<400 {
      t += 0.01
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<3:
        text += String(repeating: "\n", count: Int.random(in: 1...300, using: &random))
      case 3: text += String(repeating: "\r\n", count: Int.random(in: 1...40, using: &random))
      case 4: text += [" \n", "\t\n", " \r\n"].randomElement(using: &random)!
      case 5..<8: text += #"{"t":\#(t),"key":"tab"}"# + "\n"
      default:
        text += #"{"t":\#(t),"touch":"down","id":"f","x":10,"y":790}"# + "\n"
        text += #"{"t":\#(t + 0.001),"touch":"up","id":"f","x":10,"y":790}"# + "\n"
      }
      if index == 100 { text += String(repeating: "x", count: 400) + "\n\n\n" }
      if index == 250 { text += "\n\n" + String(repeating: "y", count: 5000) + "\r\n" }
    }
    text += #"{"t":\#(t + 1),"focus":"none"}"#
    return Array(text.utf8)
  }

  /// Workers reading ranges of the file hand out the serial reader's items, errors and line
  /// numbers whatever the ranges' size, also in ranges of many lines (``shortLines(seed:)``);
  /// a gzip-compressed file is cut by a splitter instead. The replay is the serial one too.
  @Test func rangesOfManyShortLinesAreTheSerialItems() throws {
    for seed: UInt64 in [1, 2] {
      print("seed \(seed)")
      let path = temporaryFile(Self.shortLines(seed: seed))
      defer { unlink(path) }
      let compressed = Self.gzipped(path)
      defer { unlink(compressed) }
      for (file, chunkSize) in [(path, 1), (path, 2), (path, 3), (path, 50), (path, 700)]
        + [(path, 4096), (compressed, 50)]
      {
        for threads in [2, 3] {
          var serial = try TraceReader(opening: file, maximumLineLength: 300)
          var parallel = try TraceReader(opening: file, maximumLineLength: 300)
          let isParallel = parallel._decodeInParallel(threads: threads, chunkSize: chunkSize)
          let readsRanges = parallel._readsFileRanges
          #expect(isParallel && readsRanges == (file == path))
          let (count, errors) = Self.expectSameItems(&serial, &parallel)
          #expect(errors == 2 && count > 10_000, "\(chunkSize) bytes: \(count) items")
        }
      }
      Self.expectSameAsSerial(
        path, chunkSizes: [1, 50, 700], skipsBadLines: true, maximumLineLength: 300,
        "seed \(seed)")
    }
  }

  /// Random bytes cut into random ranges: line feeds, `\r`, byte order marks anywhere, runs of
  /// `x` longer than the line limit, short events, no line feed at the end or one; every
  /// range size from 1 byte, every limit from 1 byte. The serial reader is the oracle.
  @Test func randomBytesInRandomRangesAreTheSerialItems() throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("OneFileParallelTests.randomBytesInRandomRangesAreTheSerialItems seed \(seed)")
    var random = SplitMix64(seed: seed)
    let pieces: [[UInt8]] = [
      [10], [10], [10], [13, 10], [13], [32], [0xEF, 0xBB, 0xBF],
      Array(#"{"t":1,"key":"tab"}"#.utf8),
      Array(#"{"t":2,"touch":"down","id":"a","x":1,"y":2}"#.utf8),
    ]
    var items = 0
    var errors = 0
    for index in 0..<150 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...120, using: &random) {
        if Int.random(in: 0..<8, using: &random) == 0 {
          bytes += Array(
            repeating: UInt8(ascii: "x"), count: Int.random(in: 1...90, using: &random))
        } else {
          bytes += pieces.randomElement(using: &random)!
        }
      }
      let path = temporaryFile(bytes)
      defer { unlink(path) }
      let limit = Int.random(in: 1...60, using: &random)
      let rangeSize = Int.random(in: 1...64, using: &random)
      var serial = try TraceReader(opening: path, maximumLineLength: limit)
      var parallel = try TraceReader(opening: path, maximumLineLength: limit)
      let isParallel = parallel._decodeInParallel(
        threads: Int.random(in: 2...3, using: &random), chunkSize: rangeSize)
      let readsRanges = parallel._readsFileRanges
      #expect(isParallel && readsRanges, "seed \(seed), file \(index)")
      print("file \(index): limit \(limit), ranges of \(rangeSize)")
      let (fileItems, fileErrors) = Self.expectSameItems(&serial, &parallel)
      items += fileItems
      errors += fileErrors
    }
    // The files are not empty, and many lines are bad (too long, not JSON): both paths ran.
    #expect(items > 3000 && errors > 1000, "seed \(seed): \(items) items, \(errors) errors")
  }

  /// A reader that goes away before the end stops its threads (the test would hang otherwise).
  @Test func aReaderLeftEarlyStopsItsThreads() throws {
    let path = try Self.generated(events: 20000, seed: 4, sessions: 2)
    defer { unlink(path) }
    for read in [0, 1, 5000] {
      var reader = try TraceReader(opening: path)
      let isParallel = reader._decodeInParallel(threads: 4, chunkSize: 128)
      #expect(isParallel)
      for _ in 0..<read { _ = try reader.next() }
    }
  }
}
