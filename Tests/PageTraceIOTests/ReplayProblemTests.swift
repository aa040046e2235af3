import Glibc
import PageTrace
import PageTraceImport
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

/// `TraceReplay.run` and `BatchReplay.run` report problems as values; the expected lines are
/// written by hand (docs/behaviour/trace-format.md, "Recordings in other formats" for the notes).
@Suite struct ReplayProblemTests {
  static let header =
    #"{"pagetrace":1,"pages":5,"control":{"x":0,"y":780,"width":390,"height":30}}"#

  @Test func aSkippedLineIsATraceErrorValue() throws {
    let path = temporaryFile(
      Array((Self.header + "\n{\"t\":0,\"key\":\"tab\"}\n{\"t\":\"x\",\"key\":\"right\"}\n").utf8))
    defer { unlink(path) }
    var options = TraceReplay.Options()
    options.skipsBadLines = true
    var reader = try TraceReader(opening: path)
    var writer = RecordWriter(descriptor: SystemDescriptor(rawValue: -1), types: [])
    var problems: [ReplayProblem] = []
    let outcome = TraceReplay(options).run(&reader, observer: &writer) { problems.append($0) }
    #expect(outcome.failure == nil)
    #expect(problems.count == 1)
    guard case .skippedLine(let error)? = problems.first else {
      Issue.record("expected a skipped line, got \(problems)")
      return
    }
    #expect(error.file == path)
    #expect(error.line == 3)
    #expect(error.column == 6)
    #expect(
      problems.first?.description == "\(path):3:6: expected \(error.expected), found \(error.found)"
    )
  }

  /// 2 rows make a stroke, 12 moves of a touch that is not down, 3 rows back in time: the
  /// first 10 notes one by one, then one value per reason held back, in order of first
  /// appearance.
  @Test func notesBeyondTheFirstTenComeAsCountsByReason() throws {
    var rows = ["1000,0,100,790,1", "1016,1,100,790,1"]
    rows += (3...14).map { "\(1000 + 16 * ($0 - 1)),2,100,790,1" }
    rows += Array(repeating: "500,2,100,790,1", count: 3)
    let path = temporaryFile(Array((rows.joined(separator: "\n") + "\n").utf8))
    defer { unlink(path) }
    var mapping = CSVImporter.Mapping(time: 1, phase: 2, x: 3, y: 4)
    mapping.id = 5
    mapping.timeUnit = .milliseconds
    var options = TraceReplay.Options()
    options.skipsBadLines = true
    options.defaults.pages = 5
    options.defaults.control = Rect(x: 0, y: 780, width: 390, height: 30)
    var reader = try TraceReader(opening: path, importer: CSVImporter(mapping))
    var writer = RecordWriter(descriptor: SystemDescriptor(rawValue: -1), types: [])
    var problems: [ReplayProblem] = []
    _ = TraceReplay(options).run(&reader, observer: &writer) { problems.append($0) }
    let notes = problems.compactMap { if case .note(let note) = $0 { note } else { nil } }
    #expect(notes.count == 10)
    #expect(notes.first?.line == 3)
    #expect(
      notes.first?.description == "\(path):3: note: move of touch 1, which is not down: skipped")
    var more: [String] = []
    for problem in problems.dropFirst(10) {
      guard case .moreNotes(let file, let count, let reason) = problem else {
        Issue.record("expected a count of notes, got \(problem)")
        continue
      }
      #expect(file == path)
      more.append("\(count) \(reason)")
    }
    #expect(
      more == [
        "2 move of a touch that is not down: skipped", "3 time went backwards: sample skipped",
      ])
    #expect(
      problems.last?.description
        == "\(path): note: and 3 more like it (time went backwards: sample skipped)")
  }

  @Test func anUnreadableInputIsAFileErrorValue() throws {
    let missing = "/nonexistent-pagetrace-dir/a.jsonl"
    var options = BatchReplay.Options()
    options.skipsBadLines = true
    var problems: [ReplayProblem] = []
    let summary = try BatchReplay(options).run([missing], to: SystemDescriptor(rawValue: -1)) {
      problems.append($0)
    }
    #expect(summary.unreadableFiles == 1)
    guard case .unreadableInput(let error)? = problems.first, problems.count == 1 else {
      Issue.record("expected one unreadable input, got \(problems)")
      return
    }
    #expect(error.path == missing)
    #expect(error.code == ENOENT)
    #expect(problems.first?.description == error.description)
  }
}
