import PageTrace
import PageTraceIO

/// Reads touch recordings from CSV with a column mapping: research datasets such as
/// Touchalytics (`--columns t=4,phase=5,x=7,y=8,session=3 --time-unit ms`).
///
/// Columns are 1-based, or named by the header row (``Mapping/Column``). Only touches are read
/// (one per row); without an `id` column every row belongs to finger 1. Fields may be quoted
/// with `"`; surrounding spaces and a CR at the end of the line are ignored. The delimiter may
/// be runs of spaces (``Mapping/delimiter``), numbers may have a decimal comma
/// (``Mapping/decimalComma``), and rows with a value that stands for none are dropped and
/// noted (``Mapping/missing``). A row that does not fit the mapping but would with every
/// column shifted by one (columns counted from 0) is an error that gives the shifted mapping.
///
/// Without a ``Mapping/timeUnit`` the unit is decided from the data (docs/behaviour/trace-format.md, "Time
/// units of recordings"): the rows are held back until 64 gaps between one finger's samples
/// are seen (or 10,000 rows, or the end), the unit is chosen and said in a note, and the rows
/// go on. Where the data do not decide, the import stops with an error that asks for the unit.
/// A unit given that makes samples or strokes no touch screen produces
/// (``TimeUnitEvidence/implausibility(in:)``) stops the import with an error naming the unit
/// that fits, unless ``Mapping/timeUnitAsGiven``; one the data only contradict gets a warning.
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
    /// A column, by its 1-based number or by its name in the header row.
    ///
    /// A name is looked up in the header row when the importer reads it: exactly first, then
    /// ignoring ASCII case. A mapping that names a column reads the first line as the header
    /// whatever ``Mapping/hasHeader`` says.
    public enum Column: Sendable, Hashable, ExpressibleByIntegerLiteral,
      ExpressibleByStringLiteral, CustomStringConvertible
    {
      /// The 1-based column number.
      case number(Int)
      /// The column whose header field is this name.
      case name(String)

      /// A column by number: `mapping.session = 3`.
      public init(integerLiteral value: Int) { self = .number(value) }
      /// A column by name: `mapping.session = "Session"`.
      public init(stringLiteral value: String) { self = .name(value) }

      /// As `--columns` takes it: `4` or `Timestamp`.
      public var description: String {
        switch self {
        case .number(let number): "\(number)"
        case .name(let name): name
        }
      }
    }

    /// The time column.
    public var time: Column
    /// The phase column, read through ``phases``.
    public var phase: Column
    /// The x column, in points.
    public var x: Column
    /// The y column, in points.
    public var y: Column
    /// The finger id column, if any.
    public var id: Column?
    /// The session column, if any.
    public var session: Column?
    /// The unit of the time column; `nil` (the default): decided from the data.
    public var timeUnit: TimeUnit?
    /// Whether a ``timeUnit`` given is used even when the data say it is wrong
    /// (`--time-unit-as-given`): without it a unit that makes samples or strokes no touch
    /// screen produces (``TimeUnitEvidence/acceptedGap``,
    /// ``TimeUnitEvidence/longestMedianStroke``) stops the import with an error.
    public var timeUnitAsGiven = false
    /// Phase codes: by default ``defaultPhases``, also in any ASCII case (`DOWN`, `Began`).
    /// A map of your own is matched exactly first, then ignoring ASCII case.
    public var phases: [String: TouchPhase] = Mapping.defaultPhases
    /// The field separator (one byte): `,` by default. A space stands for runs of spaces and
    /// tabs (a whitespace-separated log): fields are separated by one or more of them, and
    /// spaces before the first field are ignored.
    public var delimiter: UInt8 = UInt8(ascii: ",")
    /// Whether numbers are written with a decimal comma (`12,5` for 12.5), as in German or
    /// French spreadsheets: a comma in a number field reads as the decimal point. With `,` as
    /// the delimiter, such numbers must be quoted.
    public var decimalComma = false
    /// Field values that mean "no value" (`-420`, `NA`): a row whose time, phase, x, y, id or
    /// session field is one of them is dropped and noted (``PageTraceIO/ImportNote/Kind/sampleDropped``).
    /// A value that is a number also matches the same number written otherwise (`-420.0`).
    public var missing: [String] = []
    /// Whether the first line names the columns.
    public var hasHeader = false
    /// Whether the rows are sorted by session and time before they are imported (`--sort`):
    /// all of them are held in memory, up to ``CSVImporter/maximumSortedRows``, and imported
    /// at the end of the input.
    public var sortsRows = false

    /// The default phase codes, matched ignoring ASCII case: Android's `MotionEvent` actions
    /// as numbers (0 down, 1 up, 2 move, 3 cancel, 5/6 pointer down/up) and as names
    /// (`ACTION_DOWN` …, `ACTION_POINTER_DOWN`/`UP`); `down`, `move`, `up`, `cancel`; `held`
    /// (a move); iOS's `began`, `moved`, `stationary`, `ended`, `cancelled` (`canceled`);
    /// DOM touch events (`touchstart`, `touchmove`, `touchend`, `touchcancel`), `touchdown`
    /// and `touchup`; Pointer Events (`pointerdown`, `pointermove`, `pointerup`,
    /// `pointercancel`).
    public static let defaultPhases: [String: TouchPhase] = [
      "0": .down, "1": .up, "2": .move, "3": .cancel, "5": .down, "6": .up,
      "down": .down, "move": .move, "up": .up, "cancel": .cancel, "held": .move,
      "action_down": .down, "action_move": .move, "action_up": .up, "action_cancel": .cancel,
      "action_pointer_down": .down, "action_pointer_up": .up,
      "began": .down, "moved": .move, "stationary": .move, "ended": .up,
      "cancelled": .cancel, "canceled": .cancel,
      "touchstart": .down, "touchmove": .move, "touchend": .up, "touchcancel": .cancel,
      "touchdown": .down, "touchup": .up,
      "pointerdown": .down, "pointermove": .move, "pointerup": .up, "pointercancel": .cancel,
    ]

    /// Creates a mapping of the required columns, by number.
    public init(time: Int, phase: Int, x: Int, y: Int) {
      self.init(time: .number(time), phase: .number(phase), x: .number(x), y: .number(y))
    }

    /// Creates a mapping of the required columns, by number or by name.
    public init(time: Column, phase: Column, x: Column, y: Column) {
      self.time = time
      self.phase = phase
      self.x = x
      self.y = y
    }

    /// Whether a column is given by name: the first line is then the header.
    public var namesColumns: Bool {
      [time, phase, x, y, id, session].contains {
        if case .name? = $0 { true } else { false }
      }
    }

    /// The mapping with every column by number, its names looked up in a header row's
    /// fields: exactly first, then ignoring ASCII case.
    ///
    /// - Throws: ``UnknownColumn`` for a name that is not in the header.
    public func resolved(header: [String]) throws(UnknownColumn) -> Mapping {
      func resolve(_ column: Column?) throws(UnknownColumn) -> Column? {
        guard case .name(let name)? = column else { return column }
        if let index = header.firstIndex(of: name) { return .number(index + 1) }
        let lowered = _asciiLowercased(name)
        if let index = header.firstIndex(where: { _asciiLowercased($0) == lowered }) {
          return .number(index + 1)
        }
        throw UnknownColumn(name: name, header: header)
      }
      var mapping = self
      mapping.time = try resolve(time)!
      mapping.phase = try resolve(phase)!
      mapping.x = try resolve(x)!
      mapping.y = try resolve(y)!
      mapping.id = try resolve(id)
      mapping.session = try resolve(session)
      return mapping
    }
  }

  /// A column named in a ``Mapping`` that the header row does not have.
  public struct UnknownColumn: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name looked for.
    public var name: String
    /// The header row's names.
    public var header: [String]

    /// The header name closest to ``name``, if one is close enough to be a typo.
    public var suggestion: String? { _suggestion(for: name, in: header) }

    /// `no column named "Tme" (the header has Time, X, Y); did you mean 'Time'?`
    public var description: String {
      "no column named \"\(name)\" (the header has \(header.joined(separator: ", ")))"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
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
  /// The columns by 1-based number; `nil` until the header row gives the names their numbers.
  private var columns: _Columns?
  /// The phase codes with their ASCII-case variants, so that most rows match exactly.
  private let phaseTable: [String: TouchPhase]
  /// ``Mapping/missing`` as bytes and as numbers, compared without allocating.
  private let missingBytes: [[UInt8]]
  private let missingNumbers: [Double]
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
  /// Whether the data failed to decide the unit, or refused the unit given: the rest of the
  /// input is not read.
  private var undecided = false

  /// Creates an importer.
  public init(_ mapping: Mapping) {
    self.mapping = mapping
    self.unit = mapping.timeUnit
    self.columns = mapping.namesColumns ? nil : _Columns(mapping)
    self.readsHeader = mapping.hasHeader || mapping.namesColumns
    var table = mapping.phases
    for (code, phase) in mapping.phases {
      let lower = _asciiLowercased(code)
      let upper = String(
        decoding: lower.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
      let capital = String(upper.prefix(1)) + lower.dropFirst()
      for variant in [lower, upper, capital] where table[variant] == nil { table[variant] = phase }
    }
    self.phaseTable = table
    self.missingBytes = mapping.missing.map { Array($0.utf8) }
    self.missingNumbers = mapping.missing.compactMap { text in
      var text = text
      return text.withUTF8 { _parseDecimal(UnsafeRawBufferPointer($0)) }
    }
  }

  /// The reason (``PageTraceIO/ImportNote/reason``) of the notes of rows dropped for a
  /// ``Mapping/missing`` value: rows the user asked to drop, which do not count as the
  /// importer failing to read them.
  public static let missingValueReason = "a field holds a --missing value: row dropped"

  /// The most rows ``Mapping/sortsRows`` sorts: 1,000,000 (about 100 MiB held in memory).
  public static let maximumSortedRows = 1_000_000

  /// The rows held for sorting (``Mapping/sortsRows``).
  private var sortBuffer: [_Sample] = []
  /// Whether the input had more rows than can be sorted: the rest is not read.
  private var sortOverflowed = false

  /// Whether the first line is the header: ``Mapping/hasHeader``, or columns given by name
  /// (decided once: asking the mapping builds an array, and this is asked on every row).
  private let readsHeader: Bool

  /// Rows read whose samples wait for the data to decide the time unit, or to be sorted.
  public var linesHeldBack: Int { heldBack.count + sortBuffer.count }

  /// The header row, once read (with ``Mapping/hasHeader``, or columns by name).
  public var headerLines: Int { readsHeader && seenFirstLine ? 1 : 0 }

  /// Reads one row: a touch sample, through the import policy.
  public mutating func decode(
    _ line: UnsafeRawBufferPointer, line lineNumber: Int, file: String,
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    if line.allSatisfy({
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
    }) {
      return
    }
    self.file = file
    let isHeader = readsHeader && !seenFirstLine
    seenFirstLine = true
    if isHeader {
      if columns == nil { try readHeader(line, line: lineNumber) }
      return
    }
    guard let columns else { return }
    let fields = _Fields(line, delimiter: mapping.delimiter)
    func field(_ column: Int, _ name: String) throws(TraceError) -> Range<Int> {
      guard let range = fields.range(ofColumn: column) else {
        throw TraceError(
          file: file, line: lineNumber, column: 1, expected: "column \(column) (\(name))",
          found: "\(fields.count) columns" + shiftHint(fields))
      }
      return range
    }
    func number(_ range: Range<Int>, _ column: Int, _ name: String) throws(TraceError) -> Double {
      guard
        let value = _parseDecimal(
          UnsafeRawBufferPointer(rebasing: line[range]), decimalComma: mapping.decimalComma)
      else {
        throw TraceError(
          file: file, line: lineNumber, column: _characterColumn(line, range.lowerBound),
          expected: "a number for \(name) (column \(column))",
          found: _excerpt(line, range) + numberHint(line, range) + shiftHint(fields))
      }
      return value
    }
    if undecided || sortOverflowed { return }
    let timeRange = try field(columns.time, "the time")
    let phaseRange = try field(columns.phase, "the phase")
    let xRange = try field(columns.x, "x")
    let yRange = try field(columns.y, "y")
    let idRange = try columns.id.map { (column) throws(TraceError) in try field(column, "the id") }
    let sessionRange = try columns.session.map { (column) throws(TraceError) in
      try field(column, "the session")
    }
    if !missingBytes.isEmpty {
      // Field by field, without an array: the check runs on every row.
      func missing(_ range: Range<Int>?, _ name: String) -> Bool {
        guard let range, isMissing(UnsafeRawBufferPointer(rebasing: line[range])) else {
          return false
        }
        note(
          ImportNote(
            file: file, line: lineNumber, kind: .sampleDropped,
            reason: Self.missingValueReason,
            message: "\(name) is \(_excerpt(line, range)), a --missing value: row dropped"))
        return true
      }
      if missing(timeRange, "the time") || missing(phaseRange, "the phase")
        || missing(xRange, "x") || missing(yRange, "y") || missing(idRange, "the id")
        || missing(sessionRange, "the session")
      {
        return
      }
    }
    let time = try number(timeRange, columns.time, "the time")
    guard let phase = phase(UnsafeRawBufferPointer(rebasing: line[phaseRange])) else {
      throw TraceError(
        file: file, line: lineNumber, column: _characterColumn(line, phaseRange.lowerBound),
        expected: "a phase (\(phaseList) or --phase-map)",
        found: _excerpt(line, phaseRange) + shiftHint(fields))
    }
    let x = try number(xRange, columns.x, "x")
    let y = try number(yRange, columns.y, "y")
    let id =
      try idRange.map { (range) throws(TraceError) in
        TouchID.number(try number(range, columns.id!, "the id"))
      } ?? .number(1)
    let session = sessionRange.map { sessions.intern(UnsafeRawBufferPointer(rebasing: line[$0])) }
    let sample = _Sample(
      phase: phase, id: id, x: x, y: y, time: time, session: session, line: lineNumber,
      timeColumn: _characterColumn(line, timeRange.lowerBound))
    if evidence != nil { try witness(sample, event: event, note: note) }
    if undecided { return }
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

  /// The fields of a header row, split as the mapping splits rows.
  public static func headerFields(_ line: UnsafeRawBufferPointer, mapping: Mapping) -> [String] {
    let fields = _Fields(line, delimiter: mapping.delimiter)
    let count = fields.count
    guard count > 0 else { return [] }
    return (1...count).map { column in
      fields.range(ofColumn: column).map {
        String(decoding: UnsafeRawBufferPointer(rebasing: line[$0]), as: UTF8.self)
      } ?? ""
    }
  }

  /// Looks the names of the mapping up in the header row.
  private mutating func readHeader(_ line: UnsafeRawBufferPointer, line lineNumber: Int)
    throws(TraceError)
  {
    let header = Self.headerFields(line, mapping: mapping)
    do {
      columns = _Columns(try mapping.resolved(header: header))
    } catch {
      undecided = true
      throw TraceError(
        file: file, line: lineNumber, column: 1,
        expected: "a header row with the columns named in --columns", found: error.description)
    }
  }

  /// The phase of a field: exactly as coded, else ignoring ASCII case.
  private func phase(_ bytes: UnsafeRawBufferPointer) -> TouchPhase? {
    if let phase = phaseTable[String(decoding: bytes, as: UTF8.self)] { return phase }
    return phaseTable[
      String(
        decoding: bytes.lazy.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)]
  }

  /// The phase codes for an error message: the mapping's own, or a summary of the defaults.
  private var phaseList: String {
    mapping.phases == Mapping.defaultPhases
      ? "0-3, 5, 6, down/move/up/cancel, ACTION_DOWN …, began …, touchstart …, pointerdown …"
      : mapping.phases.keys.sorted().joined(separator: ", ")
  }

  /// Whether a field is one of ``Mapping/missing``: the same bytes, or the same number.
  private func isMissing(_ bytes: UnsafeRawBufferPointer) -> Bool {
    for sentinel in missingBytes where sentinel.elementsEqual(bytes) { return true }
    guard !missingNumbers.isEmpty,
      let value = _parseDecimal(bytes, decimalComma: mapping.decimalComma)
    else { return false }
    return missingNumbers.contains(value)
  }

  /// For a field that is not a number but would be with a decimal comma: a word about
  /// ``Mapping/decimalComma``.
  private func numberHint(_ line: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
    let bytes = UnsafeRawBufferPointer(rebasing: line[range])
    guard !mapping.decimalComma, bytes.contains(UInt8(ascii: ",")),
      _parseDecimal(bytes, decimalComma: true) != nil
    else { return "" }
    return " (a decimal comma: --decimal-comma reads it)"
  }

  /// For a row that does not fit the mapping but fits it with every column one to the left
  /// or right (columns counted from 0, or one column too many): the shifted mapping. Only on
  /// the error path, so it may take its time.
  private func shiftHint(_ fields: _Fields) -> String {
    guard !mapping.namesColumns, let columns else { return "" }
    let line = fields.line
    for shift in [1, -1] {
      var shifted = mapping
      func move(_ column: Int) -> Int { column + shift }
      let numbers = [columns.time, columns.x, columns.y] + (columns.id.map { [$0] } ?? [])
      let all = numbers + [columns.phase] + (columns.session.map { [$0] } ?? [])
      guard all.allSatisfy({ move($0) >= 1 }) else { continue }
      let fits =
        numbers.allSatisfy { column in
          fields.range(ofColumn: move(column)).map {
            _parseDecimal(
              UnsafeRawBufferPointer(rebasing: line[$0]), decimalComma: mapping.decimalComma)
              != nil
          } ?? false
        }
        && fields.range(ofColumn: move(columns.phase)).map {
          phase(UnsafeRawBufferPointer(rebasing: line[$0])) != nil
        } ?? false
        && columns.session.map { fields.range(ofColumn: move($0)) != nil } ?? true
      guard fits else { continue }
      shifted.time = .number(move(columns.time))
      shifted.phase = .number(move(columns.phase))
      shifted.x = .number(move(columns.x))
      shifted.y = .number(move(columns.y))
      shifted.id = columns.id.map { .number(move($0)) }
      shifted.session = columns.session.map { .number(move($0)) }
      return
        " (columns are counted from 1; this row fits --columns \(shifted.columnsArgument))"
    }
    return ""
  }

  /// Closes the strokes the recording left open, after deciding the unit of rows still held
  /// back.
  ///
  /// - Throws: ``TraceError`` when the data do not decide the unit.
  public mutating func finish(
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    // A unit given is checked before the rows sorted are handed on.
    if mapping.timeUnit != nil, let witness = evidence {
      evidence = nil
      try check(witness, note: note)
    }
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

  /// Adds a row to the evidence; with a unit given, checks it once there is enough.
  private mutating func witness(
    _ sample: _Sample, event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    evidence!.add(sample)
    guard mapping.timeUnit != nil, evidence!.isEnough else { return }
    let witness = evidence!
    evidence = nil
    try check(witness, note: note)
  }

  /// Checks the unit given against the evidence: refused (unless
  /// ``Mapping/timeUnitAsGiven``) when it makes samples or strokes no touch screen produces,
  /// a warning when only another unit's gaps are more plausible.
  private mutating func check(_ witness: _TimeUnitWitness, note: (ImportNote) -> Void)
    throws(TraceError)
  {
    guard let given = mapping.timeUnit else { return }
    let found = witness.evidence
    if let reason = found.implausibility(in: given) {
      if !mapping.timeUnitAsGiven {
        undecided = true
        heldBack = []
        sortBuffer = []
        let fits = found.unit.map { "the times fit --time-unit \($0.rawValue)" } ?? "no unit fits"
        throw TraceError(
          file: file, line: witness.firstLine, column: witness.firstColumn,
          expected:
            "times that --time-unit \(given.rawValue) makes a touch screen's (samples 0.5 ms to 0.5 s apart, strokes under 60 s)",
          found:
            "\(reason) (\(found)); \(fits) (--time-unit-as-given reads them as \(given.rawValue) anyway)"
        )
      }
      note(
        ImportNote(
          file: file, line: witness.firstLine,
          message:
            "warning: --time-unit \(given.rawValue) read as given, though it makes \(reason) (\(found))"
        ))
      return
    }
    if let unit = found.unit, unit != given {
      note(
        ImportNote(
          file: file, line: witness.firstLine,
          message:
            "warning: --time-unit \(given.rawValue), but the times look like \(unit.name) (\(found))"
        ))
    }
  }

  /// The unit the evidence decides, once there is enough of it (or `atEnd`), said in a note.
  ///
  /// - Throws: ``TraceError`` at the first row's time when the evidence does not decide, or
  ///   when the unit decided makes strokes no touch screen produces.
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
    if let reason = found.implausibility(in: unit) {
      undecided = true
      heldBack = []
      throw TraceError(
        file: file, line: witness.firstLine, column: witness.firstColumn,
        expected:
          "times whose unit the data decide (give --time-unit s, ms, us or ns, with --time-unit-as-given)",
        found: "\(found): read as \(unit.name) they make \(reason)")
    }
    note(
      ImportNote(
        file: file, line: witness.firstLine,
        message: "times read as \(unit.name): \(found) (--time-unit chooses)"))
    return unit
  }
}

/// The columns of a mapping by 1-based number.
struct _Columns: Sendable {
  var time: Int
  var phase: Int
  var x: Int
  var y: Int
  var id: Int?
  var session: Int?

  /// The numbers of a mapping whose columns are all given by number.
  init(_ mapping: CSVImporter.Mapping) {
    func number(_ column: CSVImporter.Mapping.Column) -> Int {
      guard case .number(let number) = column else { preconditionFailure("a column by name") }
      return number
    }
    time = number(mapping.time)
    phase = number(mapping.phase)
    x = number(mapping.x)
    y = number(mapping.y)
    id = mapping.id.map(number)
    session = mapping.session.map(number)
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
  /// When each finger's open stroke went down, and the durations of strokes that ended.
  private var downAt: [_FingerKey: Double] = [:]
  private var durations: [Double] = []
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
    let ends = sample.phase == .up || sample.phase == .cancel
    last[key] = ends ? nil : sample.time
    if sample.phase == .down {
      downAt[key] = sample.time
    } else if ends, let start = downAt.removeValue(forKey: key), sample.time >= start {
      durations.append(sample.time - start)
    }
  }

  var evidence: TimeUnitEvidence {
    TimeUnitEvidence(gaps: gaps, firstTime: first, strokeDurations: durations)
  }
}

struct _FingerKey: Hashable {
  var session: _UTF8Name?
  var id: TouchID
}

/// The fields of one CSV line, found by scanning for delimiters outside quotes. A space as
/// the delimiter stands for runs of spaces and tabs, with those before the first field and
/// after the last ignored.
struct _Fields {
  let line: UnsafeRawBufferPointer
  let delimiter: UInt8

  init(_ line: UnsafeRawBufferPointer, delimiter: UInt8) {
    self.line = line
    self.delimiter = delimiter
  }

  /// Whether fields are separated by runs of white space.
  private var isWhitespace: Bool { delimiter == UInt8(ascii: " ") }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  /// The number of fields.
  var count: Int {
    var columns = 0
    _ = scan { _, _ in
      columns += 1
      return false
    }
    return columns
  }

  /// Calls `body` with each field's bounds and 1-based number, until it returns `true`.
  private func scan(_ body: (Range<Int>, Int) -> Bool) -> Bool {
    var current = 1
    var quoted = false
    if isWhitespace {
      var index = 0
      while index < line.count {
        while index < line.count && Self.isBlank(line[index]) { index += 1 }
        guard index < line.count else { break }
        let start = index
        while index < line.count && (quoted || !Self.isBlank(line[index])) {
          if line[index] == UInt8(ascii: "\"") { quoted.toggle() }
          index += 1
        }
        if body(start..<index, current) { return true }
        current += 1
      }
      return false
    }
    var start = 0
    for index in 0...line.count {
      let atEnd = index == line.count
      if !atEnd && line[index] == UInt8(ascii: "\"") { quoted.toggle() }
      guard atEnd || (line[index] == delimiter && !quoted) else { continue }
      if body(start..<index, current) { return true }
      current += 1
      start = index + 1
    }
    return false
  }

  /// The byte range of a 1-based column, without surrounding spaces and quotes.
  func range(ofColumn column: Int) -> Range<Int>? {
    var found: Range<Int>?
    _ = scan { bounds, number in
      guard number == column else { return false }
      var lower = bounds.lowerBound
      var upper = bounds.upperBound
      while lower < upper
        && (line[lower] == UInt8(ascii: " ") || line[lower] == UInt8(ascii: "\""))
      { lower += 1 }
      while upper > lower
        && (line[upper - 1] == UInt8(ascii: " ") || line[upper - 1] == UInt8(ascii: "\"")
          || line[upper - 1] == UInt8(ascii: "\r"))
      { upper -= 1 }
      found = lower..<upper
      return true
    }
    return found
  }
}

/// A finite decimal number (as `strtod` reads it, the whole field), or `nil`; with
/// `decimalComma`, a comma reads as the decimal point (`12,5` is 12.5).
func _parseDecimal(_ bytes: UnsafeRawBufferPointer, decimalComma: Bool = false) -> Double? {
  guard !bytes.isEmpty, bytes.count < 64 else { return nil }
  return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
    for i in 0..<bytes.count {
      let byte = decimalComma && bytes[i] == UInt8(ascii: ",") ? UInt8(ascii: ".") : bytes[i]
      buffer[i] = CChar(bitPattern: byte)
    }
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
