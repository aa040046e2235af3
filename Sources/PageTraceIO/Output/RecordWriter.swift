import PageTrace

/// Writes records as JSON Lines or CSV (docs/behaviour/output.md, "Output records", "Key order" and
/// "CSV output") through a reusable buffer.
///
/// Keys come in a fixed order: `t`, `type`, `session` (when present), the fields of the
/// record's type (`from`, `to`, `animated`, `interaction`, `cause` for a transition; `state`;
/// `visible`; `text`; `page`), then `file` when ``fileName`` is set (multi-file replay, or
/// `--name`), and last `line`, `index` when ``writesKeys`` is set (`--emit-key`).
/// Numbers are written in their shortest round-tripping form; nothing is allocated per record.
///
/// In ``TableFormat/csv`` every row has the same columns (``csvColumns``, docs/behaviour/tables.md),
/// whatever ``types``, ``fileName`` and ``writesKeys``: an empty cell for a field the record
/// lacks, for `file` without ``fileName`` and for `line`, `index` without ``writesKeys``.
/// ``writeHeader()`` writes the header row; call it once, before the first record.
///
/// Records go to the descriptor as ``flushPolicy`` says (by default when the buffer passes
/// 64 KiB; ``FlushPolicy/perEvent`` at each ``endEvent()``, ``FlushPolicy/perRecord`` after
/// each record) and on ``flush()``. `write(_:)` never throws, so it can be
/// called from the engine's `emit` closure: the
/// first write failure is kept in ``failure`` (later records are dropped) and thrown by
/// ``flush()``. Call ``flush()`` before the writer goes away: dropping it does not write.
/// A broken pipe (``FileError/isBrokenPipe``) surfaces only if the process ignores `SIGPIPE`.
///
/// ```swift
/// var writer = RecordWriter(descriptor: .standardOutput, types: .all)
/// try engine.handle(event) { writer.write($0) }
/// try writer.flush()
/// // {"t":0.5,"type":"transition","from":0,"to":1,"animated":true,...,"cause":"tap"}
///
/// var live = RecordWriter(descriptor: .standardOutput, flush: .perEvent)
/// try engine.handle(event) { live.write($0) }
/// live.endEvent()  // the event's records are written out now
///
/// var table = RecordWriter(descriptor: .standardOutput, format: .csv)
/// table.writeHeader()
/// try engine.handle(event) { table.write($0) }
/// try table.flush()
/// // t,type,session,from,to,animated,interaction,cause,state,visible,text,page,file,line,index
/// // 0.5,transition,,0,1,true,discrete,tap,,,,,,,
/// ```
public struct RecordWriter: ~Copyable {
  /// The descriptor written to; the writer never closes it.
  public let descriptor: SystemDescriptor
  /// The name of the output in errors, e.g. `<stdout>`.
  public let name: String
  /// JSON Lines or CSV.
  public let format: TableFormat
  /// The record types written; others are skipped.
  public var types: RecordTypes
  /// When records are written out.
  public let flushPolicy: FlushPolicy
  /// The buffered size at which records are written out (``FlushPolicy/threshold``).
  public var threshold: Int { flushPolicy.threshold }
  /// The input file name added to every record as `"file"`, or `nil` for none.
  public var fileName: String? {
    didSet {
      fileSuffix = fileName.map { Self.fileSuffix(for: $0, format: format) } ?? Self.noFile(format)
    }
  }
  /// The first write failure, after which records are dropped.
  public private(set) var failure: FileError?
  /// The number of records accepted by ``types`` so far.
  public private(set) var recordCount = 0

  private var buffer: _OutputBuffer
  /// The text of the time written last, copied for the next record of the same time.
  private var lastTime = _RepeatedNumber()
  /// The texts of the words: in JSON Lines `,"type":"transition"`, `,"interaction":"none"`,
  /// `,"cause":"tap"`, `,"state":"none"`; in CSV `,transition,` and the bare words.
  private let typeTexts: _WordTexts<RecordType>
  private let interactionTexts: _WordTexts<InteractionState>
  private let causeTexts: _WordTexts<TransitionCause>
  private let stateTexts: _WordTexts<InteractionState>
  /// The room a record of each type takes, its session and file fields aside.
  let reservation: _RecordReservation
  /// The room reserved before each record, its session and file fields aside: that of the
  /// longest type, one constant (what each record then takes is checked against its own
  /// type's in debug builds), and a word's slot (``_WordTexts``).
  private let reserved: Int
  /// `,"file":"NAME"` (in CSV: `,NAME`), encoded once.
  private var fileSuffix: [UInt8] = []
  /// Whether each record ends with its ordering key, `"line":L,"index":K`: the input line of
  /// the event whose handling wrote it (``ReplayObserver/eventLine(_:)``) and its position
  /// among that line's written records, from 0. Sorting records by (file, line, index)
  /// rebuilds the order of a single replay from any split of its input by session
  /// (`replay --emit-key`).
  public var writesKeys = false
  /// In CSV, whether each row ends with a `time` cell: `t` as an ISO 8601 instant, read as
  /// seconds since 1970-01-01 UTC (`replay --wall-clock`); ``writeHeader()`` names it.
  public var writesWallClock = false
  private var keyLine = 0
  private var keyIndex = 0

  /// Starts the keys of the records of input line `line`.
  @inline(__always)
  mutating func startKeys(line: Int) {
    keyLine = line
    keyIndex = 0
  }
  /// The `,"session":"NAME"` fields of the named sessions (in CSV: their cells), encoded once
  /// each, one after the other; `sessionFields[n]` is where session `n`'s lies.
  private var sessionText: [UInt8] = []
  private var sessionFields: [(start: Int, end: Int)] = []

  /// Creates a writer.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor, e.g. ``SystemDescriptor/standardOutput``.
  ///   - name: The name used in errors.
  ///   - format: JSON Lines (the default) or CSV.
  ///   - types: The record types to write; the default is transitions only (docs/behaviour/output.md,
  ///     "Choosing records").
  ///   - flush: When records are written out: when 64 KiB are buffered (the default), at the
  ///     end of each event (``endEvent()``), or after each record.
  ///
  /// ```swift
  /// var writer = RecordWriter(descriptor: .standardOutput, types: .all, flush: .perEvent)
  /// ```
  public init(
    descriptor: SystemDescriptor, name: String = "<stdout>", format: TableFormat = .jsonLines,
    types: RecordTypes = .transition, flush: FlushPolicy = .buffered
  ) {
    self.descriptor = descriptor
    self.name = name
    self.format = format
    self.types = types
    self.flushPolicy = flush
    precondition(format != .parquet, "RecordWriter writes JSON Lines and CSV; RecordTable, Parquet")
    self.buffer = _OutputBuffer(capacity: flush.threshold + 512)
    switch format {
    case .jsonLines:
      typeTexts = _WordTexts(prefix: _RecordJSONText.type, suffix: _RecordJSONText.quote)
      interactionTexts = _WordTexts(
        prefix: _RecordJSONText.interaction, suffix: _RecordJSONText.quote)
      causeTexts = _WordTexts(prefix: _RecordJSONText.cause, suffix: _RecordJSONText.quote)
      stateTexts = _WordTexts(prefix: _RecordJSONText.state, suffix: _RecordJSONText.quote)
    case .csv, .parquet:
      typeTexts = _WordTexts(prefix: _RecordCSVText.comma, suffix: _RecordCSVText.comma)
      interactionTexts = _WordTexts()
      causeTexts = _WordTexts()
      stateTexts = _WordTexts()
    }
    let words = _RecordReservation.Words(
      type: typeTexts.maximumLength, interaction: interactionTexts.maximumLength,
      cause: causeTexts.maximumLength, state: stateTexts.maximumLength)
    reservation = format == .csv ? .csv(words) : .jsonLines(words)
    fileSuffix = Self.noFile(format)
    reserved =
      (RecordType.allCases.lazy.map { [reservation] in reservation[$0] }.max() ?? 0)
      + _Reservation.wordSlot
  }

  /// Appends a record if its type is selected, writing the buffer out past ``threshold``.
  public mutating func write(_ record: PageControlRecord) {
    guard types.contains(record.type), failure == nil else { return }
    guard let session = record.session else {
      return append(
        record.content, time: record.time, session: UnsafeRawBufferPointer(start: nil, count: 0))
    }
    let field = Self.sessionField(session, format: format)
    append(
      record.content, time: record.time,
      session: UnsafeRawBufferPointer(start: field.start, count: field.count))
  }

  /// Appends a record of the engine's fast form, its session named by ``setName(_:of:)``
  /// (none for ``PageTrace/SessionID/defaultSession``).
  public mutating func write(_ record: EngineRecord) {
    guard types.contains(record.content.type), failure == nil else { return }
    let index = record.session.index
    guard index > 0, index < sessionFields.count else {
      return append(
        record.content, time: record.time, session: UnsafeRawBufferPointer(start: nil, count: 0))
    }
    let span = sessionFields[index]
    sessionText.withUnsafeBytes { text in
      append(
        record.content, time: record.time,
        session: UnsafeRawBufferPointer(rebasing: text[span.start..<span.end]))
    }
  }

  /// Names a session for the ``PageTrace/EngineRecord``s that follow. Numbers are per input: naming
  /// session 1 starts a new input's names.
  public mutating func setName(_ name: String, of session: SessionID) {
    let index = session.index
    guard index > 0 else { return }
    if index == 1 {
      sessionText.removeAll(keepingCapacity: true)
      sessionFields.removeAll(keepingCapacity: true)
    }
    // A number named again is the newest one, whose session the engine refused: its old
    // text is the last, and goes (so that refused sessions take no room).
    if index < sessionFields.count && sessionFields[index].end == sessionText.count {
      sessionText.removeSubrange(sessionFields[index].start...)
    }
    let field = Self.sessionField(name, format: format)
    let start = sessionText.count
    sessionText.append(
      contentsOf: UnsafeRawBufferPointer(start: field.start, count: field.count))
    if sessionFields.count <= index {
      sessionFields.append(
        contentsOf: repeatElement((start: 0, end: 0), count: index + 1 - sessionFields.count))
    }
    sessionFields[index] = (start, sessionText.count)
  }

  /// Appends one record whose `,"session":…` field (or nothing) is `session` (in CSV: the
  /// session's cell, empty for none).
  @inline(__always)
  private mutating func append(
    _ content: PageControlRecord.Content, time: Double, session: UnsafeRawBufferPointer
  ) {
    recordCount += 1
    switch format {
    case .jsonLines: appendJSON(content, time: time, session: session)
    case .csv, .parquet: appendCSV(content, time: time, session: session)
    }
    if buffer.count >= threshold { writeOut() }
  }

  /// Appends one record as a JSON object and a newline. Inlined into `write`, which spares a
  /// frame a record.
  @inline(__always)
  private mutating func appendJSON(
    _ content: PageControlRecord.Content, time: Double, session: UnsafeRawBufferPointer
  ) {
    buffer.reserve(reserved + session.count + fileSuffix.count)
    let start = buffer.count
    buffer.append(_RecordJSONText.time)
    lastTime.append(time, to: &buffer)
    typeTexts.append(content.type, to: &buffer)
    buffer.append(session)
    switch content {
    case .transition(let transition):
      buffer.append(_RecordJSONText.from)
      buffer.appendInteger(transition.from)
      buffer.append(_RecordJSONText.to)
      buffer.appendInteger(transition.to)
      // One literal in each branch: a copy of known length is a few stores, where the choice
      // of literal made it a call to `memcpy`.
      if transition.animated {
        buffer.append(_RecordJSONText.animatedTrue)
      } else {
        buffer.append(_RecordJSONText.animatedFalse)
      }
      interactionTexts.append(transition.interaction, to: &buffer)
      causeTexts.append(transition.cause, to: &buffer)
    case .interaction(let state):
      stateTexts.append(state, to: &buffer)
    case .background(let visible):
      if visible {
        buffer.append(_RecordJSONText.visibleTrue)
      } else {
        buffer.append(_RecordJSONText.visibleFalse)
      }
    case .announcement(let announcement):
      buffer.append(_RecordJSONText.text)
      buffer.appendInteger(announcement.page + 1)
      if let pageCount = announcement.pageCount {
        buffer.append(_RecordJSONText.of)
        buffer.appendInteger(pageCount)
      }
      buffer.append(_ASCII.quote)
    case .detail(let page):
      buffer.append(_RecordJSONText.page)
      buffer.appendInteger(page)
    }
    appendEnd(
      line: _RecordJSONText.line, index: _RecordJSONText.index, end: _RecordJSONText.end,
      of: content.type, time: time, from: start, session: session.count)
  }

  /// Appends one record as a CSV row and a newline: a cell for every column of
  /// ``csvColumns``, empty for the fields of the other types.
  private mutating func appendCSV(
    _ content: PageControlRecord.Content, time: Double, session: UnsafeRawBufferPointer
  ) {
    buffer.reserve(reserved + session.count + fileSuffix.count)
    let start = buffer.count
    lastTime.append(time, to: &buffer)
    typeTexts.append(content.type, to: &buffer)
    buffer.append(session)
    if case .transition(let transition) = content {
      buffer.append(_ASCII.comma)
      buffer.appendInteger(transition.from)
      buffer.append(_ASCII.comma)
      buffer.appendInteger(transition.to)
      buffer.append(
        transition.animated ? _RecordCSVText.animatedTrue : _RecordCSVText.animatedFalse)
      interactionTexts.append(transition.interaction, to: &buffer)
      buffer.append(_ASCII.comma)
      causeTexts.append(transition.cause, to: &buffer)
    } else {
      buffer.append(_RecordCSVText.noTransition)
    }
    buffer.append(_ASCII.comma)
    if case .interaction(let state) = content { stateTexts.append(state, to: &buffer) }
    buffer.append(_ASCII.comma)
    if case .background(let visible) = content {
      buffer.append(visible ? _RecordCSVText.true : _RecordCSVText.false)
    }
    buffer.append(_ASCII.comma)
    if case .announcement(let announcement) = content {
      buffer.append(_RecordCSVText.page)
      buffer.appendInteger(announcement.page + 1)
      if let pageCount = announcement.pageCount {
        buffer.append(_RecordCSVText.of)
        buffer.appendInteger(pageCount)
      }
    }
    buffer.append(_ASCII.comma)
    if case .detail(let page) = content { buffer.appendInteger(page) }
    appendEnd(
      line: _RecordCSVText.comma, index: _RecordCSVText.comma, end: _RecordCSVText.newline,
      of: content.type, time: time, from: start, session: session.count)
  }

  /// Ends a record: the file field, the ordering key when ``writesKeys`` (each number after
  /// its key, `line` or `index`), and `end`; then checks, in debug builds, that the record
  /// begun at `start` fits its type's reservation.
  @inline(__always)
  private mutating func appendEnd(
    line: StaticString, index: StaticString, end: StaticString, of type: RecordType,
    time: Double, from start: Int, session: Int
  ) {
    if !fileSuffix.isEmpty { fileSuffix.withUnsafeBytes { buffer.append($0) } }
    if !writesKeys {
      if format == .csv { buffer.append(_RecordCSVText.noKey) }
    } else {
      buffer.append(line)
      buffer.appendInteger(keyLine)
      buffer.append(index)
      buffer.appendInteger(keyIndex)
      keyIndex += 1
    }
    if writesWallClock && format == .csv {
      buffer.append(_ASCII.comma)
      buffer.appendISO8601(time)
    }
    buffer.append(end)
    assert(
      buffer.count - start <= reservation[type] + session + fileSuffix.count,
      "a record longer than its reservation")
  }

  /// The CSV columns (docs/behaviour/tables.md, "records"): ``RecordTable/columns``, the
  /// same whatever the records and options: `t`, `type`, `session`, the fields of every type,
  /// `file`, `line`, `index`.
  public static let csvColumns = RecordTable.columns.map(\.name)

  /// In ``TableFormat/csv``, appends the header row, ``csvHeaderRow(wallClock:)``. Nothing in
  /// JSON Lines, which has no header.
  public mutating func writeHeader() {
    guard format == .csv, failure == nil else { return }
    var row = Self.csvHeaderRow(wallClock: writesWallClock)
    buffer.reserve(row.utf8.count)
    row.withUTF8 { buffer.append(UnsafeRawBufferPointer($0)) }
  }

  /// The CSV header row, its line end included; `time` last when `wallClock`
  /// (``writesWallClock``).
  public static func csvHeaderRow(wallClock: Bool = false) -> String {
    TableWriter.csvHeader(
      RecordTable.columns + (wallClock ? [RecordTable.wallClockColumn] : []))
  }

  /// Ends the records of one input event: under ``FlushPolicy/perEvent`` writes out
  /// everything buffered (nothing when no record was), under other policies does nothing.
  /// Never throws, like `write(_:)`: a failure is kept in ``failure``.
  ///
  /// The replay loop calls it after each event the engine accepts
  /// (``ReplayObserver/endEvent()``); a loop of its own calls it after `handle`:
  ///
  /// ```swift
  /// try engine.handle(event) { writer.write($0) }
  /// writer.endEvent()
  /// ```
  @inline(__always)
  public mutating func endEvent() {
    if flushPolicy.writesEachEvent { writeOut() }
  }

  /// Writes out everything buffered.
  ///
  /// - Throws: The first ``FileError`` met by this or an earlier write.
  public mutating func flush() throws(FileError) {
    writeOut()
    if let failure { throw failure }
  }

  private mutating func writeOut() {
    buffer.drain(to: descriptor.rawValue, name: name, failure: &failure)
  }

  private static func fileSuffix(for name: String, format: TableFormat) -> [UInt8] {
    var suffix = _OutputBuffer(
      capacity: 16 + _OutputBuffer.maximumJSONStringLength(utf8Count: name.utf8.count))
    switch format {
    case .jsonLines:
      suffix.append(",\"file\":")
      suffix.appendJSONString(name)
    case .csv, .parquet:
      suffix.append(_ASCII.comma)
      suffix.appendCSVField(name)
    }
    return Array(UnsafeRawBufferPointer(start: suffix.start, count: suffix.count))
  }

  /// What a record without a file name ends with: nothing in JSON Lines, an empty `file`
  /// cell in CSV.
  private static func noFile(_ format: TableFormat) -> [UInt8] {
    format == .csv ? [_ASCII.comma] : []
  }

  /// A session's `,"session":"NAME"` field, or in CSV its cell.
  private static func sessionField(_ name: String, format: TableFormat) -> _OutputBuffer {
    var field = _OutputBuffer(
      capacity: 16 + _OutputBuffer.maximumJSONStringLength(utf8Count: name.utf8.count))
    switch format {
    case .jsonLines:
      field.append(",\"session\":")
      field.appendJSONString(name)
    case .csv, .parquet:
      field.appendCSVField(name)
    }
    return field
  }
}

/// The fixed texts of a JSON Lines record, each spelled once: written by ``RecordWriter`` and
/// counted by ``_RecordReservation``.
private enum _RecordJSONText {
  static var time: StaticString { "{\"t\":" }
  static var type: StaticString { ",\"type\":\"" }
  static var from: StaticString { ",\"from\":" }
  static var to: StaticString { ",\"to\":" }
  static var animatedTrue: StaticString { ",\"animated\":true" }
  static var animatedFalse: StaticString { ",\"animated\":false" }
  static var interaction: StaticString { ",\"interaction\":\"" }
  static var cause: StaticString { ",\"cause\":\"" }
  static var state: StaticString { ",\"state\":\"" }
  static var quote: StaticString { "\"" }
  static var visibleTrue: StaticString { ",\"visible\":true" }
  static var visibleFalse: StaticString { ",\"visible\":false" }
  static var text: StaticString { ",\"text\":\"Page " }
  static var of: StaticString { " of " }
  static var page: StaticString { ",\"page\":" }
  static var line: StaticString { ",\"line\":" }
  static var index: StaticString { ",\"index\":" }
  static var end: StaticString { "}\n" }
}

/// The fixed texts of a CSV row, each spelled once: written by ``RecordWriter`` and counted by
/// ``_RecordReservation``.
private enum _RecordCSVText {
  static var comma: StaticString { "," }
  static var newline: StaticString { "\n" }
  static var animatedTrue: StaticString { ",true," }
  static var animatedFalse: StaticString { ",false," }
  /// The empty `line` and `index` cells of a record without its ordering key.
  static var noKey: StaticString { ",," }
  /// The five empty cells of a transition's fields.
  static var noTransition: StaticString { ",,,,," }
  static var `true`: StaticString { "true" }
  static var `false`: StaticString { "false" }
  static var page: StaticString { "Page " }
  static var of: StaticString { " of " }
}

/// The most bytes ``RecordWriter`` writes for a record of each type, apart from its session
/// and file fields (reserved by their own lengths): a constant per type, the sum of its fixed
/// texts and of each field at its widest (``_Reservation``, and the longest text of each word),
/// the ordering key included.
struct _RecordReservation {
  var transition: Int
  var interaction: Int
  var background: Int
  var announcement: Int
  var detail: Int

  /// The longest text of each word the writer writes (``_WordTexts/maximumLength``).
  struct Words {
    var type: Int
    var interaction: Int
    var cause: Int
    var state: Int
  }

  subscript(type: RecordType) -> Int {
    switch type {
    case .transition: transition
    case .interaction: interaction
    case .background: background
    case .announcement: announcement
    case .detail: detail
    }
  }

  /// JSON Lines: `{"t":…,"type":"…"`, the type's fields, the ordering key, `}` and a newline.
  static func jsonLines(_ words: Words) -> _RecordReservation {
    typealias R = _Reservation
    let number = R.number
    let common =
      R.text(_RecordJSONText.time) + number + words.type + R.text(_RecordJSONText.line) + number
      + R.text(_RecordJSONText.index) + number + R.text(_RecordJSONText.end)
    let animated = max(R.text(_RecordJSONText.animatedTrue), R.text(_RecordJSONText.animatedFalse))
    let visible = max(R.text(_RecordJSONText.visibleTrue), R.text(_RecordJSONText.visibleFalse))
    return _RecordReservation(
      transition: common + R.text(_RecordJSONText.from) + number + R.text(_RecordJSONText.to)
        + number + animated + words.interaction + words.cause,
      interaction: common + words.state,
      background: common + visible,
      announcement: common + R.text(_RecordJSONText.text, _RecordJSONText.of) + 2 * number
        + R.text(_RecordJSONText.quote),
      detail: common + R.text(_RecordJSONText.page) + number)
  }

  /// CSV: every row has a cell for each column of every selected type, so each type takes the
  /// room of a row with every type's cells at their widest, the ordering key and a newline.
  static func csv(_ words: Words) -> _RecordReservation {
    typealias R = _Reservation
    let number = R.number
    let comma = R.text(_RecordCSVText.comma)
    let animated = max(R.text(_RecordCSVText.animatedTrue), R.text(_RecordCSVText.animatedFalse))
    let transition =
      comma + number + comma + number + animated + words.interaction + comma + words.cause
    let cells =
      max(transition, R.text(_RecordCSVText.noTransition)) + comma + words.state + comma
      + max(R.text(_RecordCSVText.true), R.text(_RecordCSVText.false)) + comma
      + R.text(_RecordCSVText.page, _RecordCSVText.of) + 2 * number + comma + number
    // … the key, and the `time` cell of `--wall-clock`.
    let row =
      number + words.type + cells + comma + number + comma + number + comma
      + TableValue.iso8601Length + R.text(_RecordCSVText.newline)
    return _RecordReservation(
      transition: row, interaction: row, background: row, announcement: row, detail: row)
  }
}
