import PageTrace

/// Reads touch recordings from CSV with a column mapping: research datasets such as
/// Touchalytics (`--columns t=4,phase=5,x=7,y=8,session=3 --time-unit ms`).
///
/// Columns are 1-based. Only touches are read (one per row); without an `id` column every
/// row belongs to finger 1. Fields may be quoted with `"`; surrounding spaces are ignored.
///
/// ```swift
/// var mapping = CSVImporter.Mapping(time: 4, phase: 5, x: 7, y: 8)
/// mapping.session = 3
/// mapping.timeUnit = .milliseconds
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
    /// The unit of the time column.
    public var timeUnit: TimeUnit = .seconds
    /// Phase codes: by default Android's `MotionEvent` actions (0 down, 1 up, 2 move,
    /// 3 cancel, 5/6 pointer down/up) and the words `down`, `move`, `up`, `cancel`.
    public var phases: [String: TouchPhase] = Mapping.defaultPhases
    /// The field separator (one byte): `,` by default.
    public var delimiter: UInt8 = UInt8(ascii: ",")
    /// Whether the first line names the columns.
    public var hasHeader = false

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

  /// Creates an importer.
  public init(_ mapping: Mapping) { self.mapping = mapping }

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
    let time = try number(mapping.time, "the time") / mapping.timeUnit.perSecond
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
    strokes.touch(
      phase, id: id, x: x, y: y, time: time, session: session, file: file, line: lineNumber,
      event: event, note: note)
  }

  /// Closes the strokes the recording left open.
  public mutating func finish(event: (PageControlEvent) -> Void, note: (ImportNote) -> Void) {
    strokes.finish(file: file, event: event, note: note)
  }
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
