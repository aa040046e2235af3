import PageTrace
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// When each writer hands its buffer to the descriptor under each ``FlushPolicy``: what is in
/// a pipe at each step, read without blocking. Expected lines are written by hand.
@Suite struct FlushPolicyTests {
  /// A pipe whose read end does not block: `pending()` is what was written so far.
  struct Pipe: ~Copyable {
    let read: Int32
    let write: Int32

    init() {
      var ends: [Int32] = [0, 0]
      precondition(pipe(&ends) == 0)
      read = ends[0]
      write = ends[1]
      precondition(fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK) == 0)
    }

    var descriptor: SystemDescriptor { SystemDescriptor(rawValue: write) }

    /// Everything written since the last call, as text.
    func pending() -> String { String(decoding: pendingBytes(), as: UTF8.self) }

    /// Everything written since the last call.
    func pendingBytes() -> [UInt8] {
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = chunk.withUnsafeMutableBytes { Glibc.read(read, $0.baseAddress!, 4096) }
        if count <= 0 { break }
        bytes += chunk[..<count]
      }
      return bytes
    }

    deinit {
      close(read)
      close(write)
    }
  }

  static let first = PageControlRecord(time: 1, .detail(page: 1))
  static let second = PageControlRecord(time: 2, .detail(page: 2))
  static let firstLine = "{\"t\":1,\"type\":\"detail\",\"page\":1}\n"
  static let secondLine = "{\"t\":2,\"type\":\"detail\",\"page\":2}\n"

  @Test func thePolicies() {
    #expect(FlushPolicy.buffered.threshold == 65_536)
    #expect(FlushPolicy.buffered.writesEachEvent == false)
    #expect(FlushPolicy.buffered(bytes: 100).threshold == 100)
    #expect(FlushPolicy.buffered(bytes: 0).threshold == 1)
    #expect(FlushPolicy.perRecord.threshold == 1)
    #expect(FlushPolicy.perEvent.writesEachEvent)
    #expect(FlushPolicy.perEvent.threshold == 65_536)
    #expect(
      [FlushPolicy.perRecord, .perEvent, .buffered, .buffered(bytes: 10)].map(\.description)
        == ["per record", "per event", "buffered (65536 bytes)", "buffered (10 bytes)"])
  }

  @Test func systemDescriptors() {
    #expect(SystemDescriptor.standardInput.rawValue == 0)
    #expect(SystemDescriptor.standardOutput.rawValue == 1)
    #expect(SystemDescriptor.standardError.rawValue == 2)
    #expect(SystemDescriptor(rawValue: 7) == SystemDescriptor(rawValue: 7))
    #expect(SystemDescriptor(rawValue: 7) != .standardError)
  }

  @Test func recordsBufferedByDefaultWaitForTheFlush() throws {
    let pipe = Pipe()
    var writer = RecordWriter(descriptor: pipe.descriptor, types: .all)
    #expect(writer.flushPolicy == .buffered)
    writer.write(Self.first)
    writer.endEvent()  // no effect when buffered
    writer.write(Self.second)
    #expect(pipe.pending() == "")
    try writer.flush()
    #expect(pipe.pending() == Self.firstLine + Self.secondLine)
  }

  @Test func recordsPerRecordAreWrittenAtOnce() throws {
    let pipe = Pipe()
    var writer = RecordWriter(descriptor: pipe.descriptor, types: .all, flush: .perRecord)
    writer.write(Self.first)
    #expect(pipe.pending() == Self.firstLine)
    writer.write(Self.second)
    #expect(pipe.pending() == Self.secondLine)
    try writer.flush()
    #expect(pipe.pending() == "")
  }

  @Test func recordsPerEventAreWrittenAtTheEventsEnd() throws {
    let pipe = Pipe()
    var writer = RecordWriter(descriptor: pipe.descriptor, types: .all, flush: .perEvent)
    writer.write(Self.first)
    writer.write(Self.second)
    #expect(pipe.pending() == "")
    writer.endEvent()
    #expect(pipe.pending() == Self.firstLine + Self.secondLine)
    writer.endEvent()  // nothing buffered: nothing written
    #expect(pipe.pending() == "")
    #expect(writer.failure == nil)
  }

  @Test func csvRecordsPerRecord() throws {
    let pipe = Pipe()
    var writer = RecordWriter(
      descriptor: pipe.descriptor, format: .csv, types: .detail, flush: .perRecord)
    writer.writeHeader()
    writer.write(Self.first)
    #expect(
      pipe.pending()
        == "t,type,session,from,to,animated,interaction,cause,state,visible,text,page,file,line,index\n"
        + "1,detail,,,,,,,,,,1,,,\n")
  }

  @Test(arguments: [FlushPolicy.perEvent, .perRecord])
  func eventLinesAreWrittenEachEvent(policy: FlushPolicy) throws {
    let pipe = Pipe()
    var writer = EventWriter(descriptor: pipe.descriptor, flush: policy)
    writer.write(PageControlEvent(time: 2, .key(.right)))
    #expect(pipe.pending() == "{\"t\":2,\"key\":\"right\"}\n")
    writer.write(PageControlEvent(time: 3, session: "a", .focus(false)))
    #expect(pipe.pending() == "{\"t\":3,\"focus\":\"none\",\"session\":\"a\"}\n")
  }

  @Test func eventLinesBufferedWaitForTheFlush() throws {
    let pipe = Pipe()
    var writer = EventWriter(descriptor: pipe.descriptor)
    writer.write(PageControlEvent(time: 2, .key(.right)))
    #expect(pipe.pending() == "")
    try writer.flush()
    #expect(pipe.pending() == "{\"t\":2,\"key\":\"right\"}\n")
  }

  /// The binary format's sizes (docs/binary-format.md): 40-byte records; a file header
  /// without a configuration (16 bytes) padded to one record; a string entry of one record
  /// and its bytes padded to whole records.
  @Test func binaryRecordsAreWrittenEachEvent() throws {
    let pipe = Pipe()
    var writer = BinaryTraceWriter(descriptor: pipe.descriptor, flush: .perEvent)
    writer.write(PageControlEvent(time: 2, .key(.right)))
    #expect(pipe.pendingBytes().count == 40 + 40)
    writer.write(PageControlEvent(time: 3, session: "a", .key(.left)))
    #expect(pipe.pendingBytes().count == 40 + 40 + 40)  // the entry of "a", then the event
    var buffered = BinaryTraceWriter(descriptor: pipe.descriptor)
    buffered.write(PageControlEvent(time: 2, .key(.right)))
    #expect(pipe.pendingBytes().isEmpty)
    try buffered.finish()
    #expect(pipe.pendingBytes().count == 40 + 40 + 40)  // header, event, end marker
  }

  /// The replay loop ends each accepted event (`endEvent()`): under `.perEvent` an event's
  /// records are in the pipe before the next event's line is read.
  @Test func theReplayLoopWritesEachEventsRecordsBeforeTheNext() throws {
    struct Watcher: ReplayObserver, ~Copyable {
      var writer: RecordWriter
      let read: Int32
      /// What was in the pipe at the start of each event.
      var seen: [String] = []
      static var observesEvents: Bool { false }
      static var observesEventEnds: Bool { true }
      mutating func eventLine(_ line: Int) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = chunk.withUnsafeMutableBytes({
          Glibc.read(read, $0.baseAddress!, 4096)
        }),
          count > 0
        {
          bytes += chunk[..<count]
        }
        seen.append(String(decoding: bytes, as: UTF8.self))
      }
      mutating func observe(_ record: EngineRecord) { writer.write(record) }
      mutating func endEvent() { writer.endEvent() }
    }
    let pipe = Pipe()
    let path = temporaryFile(
      Array(
        """
        {"pagetrace":1,"pages":5,"control":{"x":0,"y":780,"width":390,"height":30}}
        {"t":0,"set":{"current":2}}
        {"t":1,"key":"tab"}
        {"t":2,"a11y":"increment"}

        """.utf8))
    defer { unlink(path) }
    var reader = try TraceReader(opening: path)
    var watcher = Watcher(
      writer: RecordWriter(descriptor: pipe.descriptor, flush: .perEvent), read: pipe.read)
    let outcome = TraceReplay(TraceReplay.Options()).run(&reader, observer: &watcher) { _ in }
    #expect(outcome.failure == nil)
    #expect(
      watcher.seen == [
        "",
        #"{"t":0,"type":"transition","from":0,"to":2,"animated":false,"interaction":"none","cause":"program"}"#
          + "\n",
        "",
      ])
    #expect(
      pipe.pending()
        == #"{"t":2,"type":"transition","from":2,"to":3,"animated":true,"interaction":"discrete","cause":"accessibility"}"#
        + "\n")
  }
}
