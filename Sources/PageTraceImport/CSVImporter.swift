import PageTrace
import PageTraceIO

/// Reads touch recordings from CSV with a column mapping: research datasets such as
/// Touchalytics (`--columns t=4,phase=5,x=7,y=8,session=3 --time-unit ms`).
///
/// Columns are 1-based. Only touches are read (one per row); without an `id` column every
/// row belongs to finger 1. Fields may be quoted with `"`; surrounding spaces are ignored.
///
/// Without a ``Mapping/timeUnit`` the unit is decided from the data (docs/behaviour/trace-format.md, "Time
/// units of recordings"): the rows are held back until 64 gaps between one finger's samples
/// are seen (or 10,000 rows, or the end), the unit is chosen and said in a note, and the rows
/// go on. Where the data do not decide, the import stops with an error that asks for the unit.
/// A unit given that the data contradict gets a warning note.
///
/// ```swift
/// var mapping = CSVImporter.Mapping(time: 4, phase: 5, x: 7, y: 8)
/// mapping.session = 3
/// mapping.timeUnit = .milliseconds  // or nil: decided from the data
/// var importer = CSVImporter(mapping)
/// ```
public struct CSVImporter: LineImporter {
  /// Which column holds what, and how to read it.
  public struct Mapping: Sendable, Hashable {
    /// The time column.
    public var time: Int
    /// The phase column, read through ``phases``.
    public var phase: Int
    /// The x column, in points.
    public var x: Int
    /// The y column, in points.
    public var y: Int
    /// The finger id column, if any.
    public var id: Int?
    /// The session column, if any.
    public var session: Int?
    /// The unit of the time column; `nil` (the default): decided from the data.
    public var timeUnit: TimeUnit?
    /// Phase codes: by default Android's `MotionEvent` actions (0 down, 1 up, 2 move,
    /// 3 cancel, 5/6 pointer down/up) and the words `down`, `move`, `up`, `cancel`.
    public var phases: [String: TouchPhase] = Mapping.defaultPhases
    /// The field separator (one byte): `,` by default.
    public var delimiter: UInt8 = UInt8(ascii: ",")
    /// Whether the first line names the columns.
    public var hasHeader = false
    /// Whether the rows are sorted by session and time before they are imported (`--sort`):
    /// all of them are held in memory, up to ``CSVImporter/maximumSortedRows``, and imported
    /// at the end of the input.
    public var sortsRows = false

    /// The default phase codes.
    public static let defaultPhases: [String: TouchPhase] = [
      "0": .down, "1": .up, "2": .move, "3": .cancel, "5": .down, "6": .up,
      "down": .down, "move": .move, "up": .up, "cancel": .cancel,
    ]

    /// Creates a mapping of the required columns.
    public init(time: Int, phase: Int, x: Int, y: Int) {
      self.time = time
      self.phase = phase
      self.x = x
      self.y = y
    }
  }

  /// Units of a time column.
  public enum TimeUnit: String, Sendable, Hashable, CaseIterable {
    /// Seconds (`s`).
    case seconds = "s"
    /// Milliseconds (`ms`).
    case milliseconds = "ms"
    /// Microseconds (`us`).
    case microseconds = "us"
    /// Nanoseconds (`ns`).
    case nanoseconds = "ns"

    var perSecond: Double {
      switch self {
      case .seconds: 1
      case .milliseconds: 1e3
      case .microseconds: 1e6
      case .nanoseconds: 1e9
      }
    }
  }

  /// The mapping in use.
  public let mapping: Mapping
  private var strokes = _StrokeTracker()
  private var sessions = _StringInterner()
  private var seenFirstLine = false
  private var file = ""
  /// The unit in force: the mapping's, or once decided the data's.
  private var unit: TimeUnit?
  /// What the first rows say about the unit, until it is decided (or checked).
  private var evidence: _TimeUnitWitness? = _TimeUnitWitness()
  /// The rows held back until the unit is decided.
  private var heldBack: [_Sample] = []
  /// Whether the data failed to decide the unit: the rest of the input is not read.
  private var undecided = false

  /// Creates an importer.
  public init(_ mapping: Mapping) {
    self.mapping = mapping
    self.unit = mapping.timeUnit
  }

  /// The most rows ``Mapping/sortsRows`` sorts: 1,000,000 (about 100 MiB held in memory).
  public static let maximumSortedRows = 1_000_000

  /// The rows held for sorting (``Mapping/sortsRows``).
  private var sortBuffer: [_Sample] = []
  /// Whether the input had more rows than can be sorted: the rest is not read.
  private var sortOverflowed = false

  /// Rows read whose samples wait for the data to decide the time unit, or to be sorted.
  public var linesHeldBack: Int { heldBack.count + sortBuffer.count }

  /// The header row, once read (with ``Mapping/hasHeader``).
  public var headerLines: Int { mapping.hasHeader && seenFirstLine ? 1 : 0 }

  /// Reads one row: a touch sample, through the import policy.
  public mutating func decode(
    _ line: UnsafeRawBufferPointer, line lineNumber: Int, file: String,
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
    self.file = file
    defer { seenFirstLine = true }
    if mapping.hasHeader && !seenFirstLine { return }
    let fields = _Fields(line, delimiter: mapping.delimiter)
    func field(_ column: Int, _ name: String) throws(TraceError) -> Range<Int> {
      guard let range = fields.range(ofColumn: column) else {
        throw TraceError(
          file: file, line: lineNumber, column: 1, expected: "column \(column) (\(name))",
          found: "\(fields.count) columns")
      }
      return range
    }
    func number(_ column: Int, _ name: String) throws(TraceError) -> Double {
      let range = try field(column, name)
      guard let value = _parseDecimal(UnsafeRawBufferPointer(rebasing: line[range])) else {
        throw TraceError(
          file: file, line: lineNumber, column: _characterColumn(line, range.lowerBound),
          expected: "a number for \(name) (column \(column))",
          found: _excerpt(line, range))
      }
      return value
    }
    if undecided || sortOverflowed { return }
    let timeRange = try field(mapping.time, "the time")
    let time = try number(mapping.time, "the time")
    let phaseRange = try field(mapping.phase, "the phase")
    let phaseText = String(
      decoding: UnsafeRawBufferPointer(rebasing: line[phaseRange]), as: UTF8.self)
    guard let phase = mapping.phases[phaseText] else {
      throw TraceError(
        file: file, line: lineNumber, column: _characterColumn(line, phaseRange.lowerBound),
        expected: "a phase (\(mapping.phases.keys.sorted().joined(separator: ", ")))",
        found: _excerpt(line, phaseRange))
    }
    let x = try number(mapping.x, "x")
    let y = try number(mapping.y, "y")
    let id =
      try mapping.id.map { (column) throws(TraceError) in
        TouchID.number(try number(column, "the id"))
      } ?? .number(1)
    var session: String?
    if let column = mapping.session {
      let range = try field(column, "the session")
      session = sessions.intern(UnsafeRawBufferPointer(rebasing: line[range]))
    }
    let sample = _Sample(
      phase: phase, id: id, x: x, y: y, time: time, session: session, line: lineNumber,
      timeColumn: _characterColumn(line, timeRange.lowerBound))
    if evidence != nil { witness(sample, event: event, note: note) }
    if mapping.sortsRows {
      guard sortBuffer.count < Self.maximumSortedRows else {
        sortOverflowed = true
        sortBuffer = []
        throw TraceError(
          file: file, line: lineNumber, column: 1,
          expected:
            "at most \(Self.maximumSortedRows) rows with --sort (sort the file by session and time"
            + " beforehand, or split it)",
          found: "more")
      }
      sortBuffer.append(sample)
      return
    }
    if let unit {
      if heldBack.isEmpty {
        pass(sample, unit: unit, event: event, note: note)
      } else {
        heldBack.append(sample)
        flush(event: event, note: note)
      }
    } else {
      heldBack.append(sample)
      if let decided = try decide(atEnd: false, note: note) {
        unit = decided
        flush(event: event, note: note)
      }
    }
  }

  /// Closes the strokes the recording left open, after deciding the unit of rows still held
  /// back.
  ///
  /// - Throws: ``TraceError`` when the data do not decide the unit.
  public mutating func finish(
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    if !sortBuffer.isEmpty {
      if unit == nil {
        do {
          heldBack = sortBuffer
          unit = try decide(atEnd: true, note: note)
          heldBack = []
        } catch {
          sortBuffer = []
          throw error
        }
      }
      // By session (the default session first, names by their bytes), then time, then line.
      var rows = sortBuffer
      sortBuffer = []
      rows.sort { a, b in
        if a.session != b.session {
          guard let first = a.session else { return true }
          guard let second = b.session else { return false }
          return first.utf8.lexicographicallyPrecedes(second.utf8)
        }
        return a.time != b.time ? a.time < b.time : a.line < b.line
      }
      for sample in rows { pass(sample, unit: unit!, event: event, note: note) }
    }
    if unit == nil && !heldBack.isEmpty && !undecided {
      unit = try decide(atEnd: true, note: note)
      flush(event: event, note: note)
    }
    if let given = mapping.timeUnit, let witness = evidence, let found = witness.evidence.unit,
      found != given
    {
      note(
        ImportNote(
          file: file, line: witness.firstLine,
          message:
            "warning: --time-unit \(given.rawValue), but the times look like \(found.name) (\(witness.evidence))"
        ))
    }
    evidence = nil
    strokes.finish(file: file, event: event, note: note)
  }

  private mutating func pass(
    _ sample: _Sample, unit: TimeUnit, event: (PageControlEvent) -> Void,
    note: (ImportNote) -> Void
  ) {
    strokes.touch(
      sample.phase, id: sample.id, x: sample.x, y: sample.y, time: sample.time / unit.perSecond,
      session: sample.session, file: file, line: sample.line, event: event, note: note)
  }

  private mutating func flush(event: (PageControlEvent) -> Void, note: (ImportNote) -> Void) {
    guard let unit else { return }
    let rows = heldBack
    heldBack = []
    for sample in rows { pass(sample, unit: unit, event: event, note: note) }
  }

  /// Adds a row to the evidence; with a unit given, warns once if the evidence contradicts it.
  private mutating func witness(
    _ sample: _Sample, event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) {
    evidence!.add(sample)
    guard let given = mapping.timeUnit else { return }
    guard evidence!.isEnough else { return }
    let found = evidence!.evidence
    if let unit = found.unit, unit != given {
      note(
        ImportNote(
          file: file, line: evidence!.firstLine,
          message:
            "warning: --time-unit \(given.rawValue), but the times look like \(unit.name) (\(found))"
        ))
    }
    evidence = nil
  }

  /// The unit the evidence decides, once there is enough of it (or `atEnd`), said in a note.
  ///
  /// - Throws: ``TraceError`` at the first row's time when the evidence does not decide.
  private mutating func decide(atEnd: Bool, note: (ImportNote) -> Void) throws(TraceError)
    -> TimeUnit?
  {
    guard let witness = evidence, atEnd || witness.isEnough || heldBack.count >= 10_000 else {
      return nil
    }
    evidence = nil
    let found = witness.evidence
    guard let unit = found.unit else {
      undecided = true
      heldBack = []
      throw TraceError(
        file: file, line: witness.firstLine, column: witness.firstColumn,
        expected: "times whose unit the data decide (give --time-unit s, ms, us or ns)",
        found: "\(found), which no unit makes a sampling rate of 1 to 200 ms")
    }
    note(
      ImportNote(
        file: file, line: witness.firstLine,
        message: "times read as \(unit.name): \(found) (--time-unit chooses)"))
    return unit
  }
}

/// A row read, before its time is scaled to seconds.
struct _Sample {
  var phase: TouchPhase
  var id: TouchID
  var x: Double
  var y: Double
  var time: Double
  var session: String?
  var line: Int
  var timeColumn: Int
}

/// Gathers what the first rows say about their time unit: the gaps between one finger's
/// consecutive samples (a `down` starts a stroke), per session and finger.
struct _TimeUnitWitness {
  private var last: [_FingerKey: Double] = [:]
  private var gaps: [Double] = []
  private var first: Double?
  private(set) var firstLine = 0
  private(set) var firstColumn = 1
  private var rows = 0

  /// Enough to decide: 64 gaps, or 10,000 rows.
  var isEnough: Bool { gaps.count >= 64 || rows >= 10_000 }

  mutating func add(_ sample: _Sample) {
    rows += 1
    if first == nil {
      firstLine = sample.line
      firstColumn = sample.timeColumn
    }
    if first == nil || sample.time < first! { first = sample.time }
    let key = _FingerKey(session: sample.session.map(_UTF8Name.init), id: sample.id)
    if sample.phase != .down, let previous = last[key], sample.time > previous {
      gaps.append(sample.time - previous)
    }
    last[key] = sample.phase == .up || sample.phase == .cancel ? nil : sample.time
  }

  var evidence: TimeUnitEvidence { TimeUnitEvidence(gaps: gaps, firstTime: first) }
}

struct _FingerKey: Hashable {
  var session: _UTF8Name?
  var id: TouchID
}

/// The fields of one CSV line, found by scanning for delimiters outside quotes.
struct _Fields {
  let line: UnsafeRawBufferPointer
  let delimiter: UInt8

  init(_ line: UnsafeRawBufferPointer, delimiter: UInt8) {
    self.line = line
    self.delimiter = delimiter
  }

  /// The number of fields.
  var count: Int {
    var columns = 1
    var quoted = false
    for byte in line {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if byte == delimiter && !quoted { columns += 1 }
    }
    return columns
  }

  /// The byte range of a 1-based column, without surrounding spaces and quotes.
  func range(ofColumn column: Int) -> Range<Int>? {
    var current = 1
    var start = 0
    var quoted = false
    for index in 0...line.count {
      let atEnd = index == line.count
      if !atEnd && line[index] == UInt8(ascii: "\"") { quoted.toggle() }
      guard atEnd || (line[index] == delimiter && !quoted) else { continue }
      if current == column {
        var lower = start
        var upper = index
        while lower < upper
          && (line[lower] == UInt8(ascii: " ") || line[lower] == UInt8(ascii: "\""))
        { lower += 1 }
        while upper > lower
          && (line[upper - 1] == UInt8(ascii: " ") || line[upper - 1] == UInt8(ascii: "\"")
            || line[upper - 1] == UInt8(ascii: "\r"))
        { upper -= 1 }
        return lower..<upper
      }
      current += 1
      start = index + 1
    }
    return nil
  }
}

/// A finite decimal number (as `strtod` reads it, the whole field), or `nil`.
func _parseDecimal(_ bytes: UnsafeRawBufferPointer) -> Double? {
  guard !bytes.isEmpty, bytes.count < 64 else { return nil }
  return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
    for i in 0..<bytes.count { buffer[i] = CChar(bitPattern: bytes[i]) }
    buffer[bytes.count] = 0
    var end: UnsafeMutablePointer<CChar>?
    let value = _System.parseDouble(buffer.baseAddress!, end: &end)
    guard let end, end - buffer.baseAddress! == bytes.count, value.isFinite else { return nil }
    return value
  }
}

/// A short excerpt of a field for error messages.
func _excerpt(_ line: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
  range.isEmpty
    ? "an empty field"
    : "\""
      + String(decoding: UnsafeRawBufferPointer(rebasing: line[range.prefix(32)]), as: UTF8.self)
      + "\""
}
