import PageTrace

/// Writes records as JSON Lines or CSV (docs/behaviour.md, "Output records", "Key order" and
/// "CSV output") through a reusable buffer.
///
/// Keys come in a fixed order: `t`, `type`, `session` (when present), the fields of the
/// record's type (`from`, `to`, `animated`, `interaction`, `cause` for a transition; `state`;
/// `visible`; `text`; `page`), then `file` when ``fileName`` is set (multi-file replay, or
/// `--name`), and last `line`, `index` when ``writesKeys`` is set (`--emit-key`).
/// Numbers are written in their shortest round-tripping form; nothing is allocated per record.
///
/// In ``RecordFormat/csv`` the keys are columns, in the same order: every record is a row of
/// the same columns (``csvColumns(types:file:keys:)``), with an empty cell for a field its type
/// lacks. ``writeHeader()`` writes the header row; call it once, before the first record,
/// after setting ``types``, ``fileName`` and ``writesKeys``, and keep them so afterwards
/// (``fileName`` may change, but not between set and `nil`).
///
/// Records go to the descriptor when the buffer passes ``threshold`` bytes and on ``flush()``.
/// ``write(_:)`` never throws, so it can be called from the engine's `emit` closure: the
/// first write failure is kept in ``failure`` (later records are dropped) and thrown by
/// ``flush()``. Call ``flush()`` before the writer goes away: dropping it does not write.
/// A broken pipe (``FileError/isBrokenPipe``) surfaces only if the process ignores `SIGPIPE`.
///
/// ```swift
/// var writer = RecordWriter(descriptor: STDOUT_FILENO, types: .all)
/// try engine.handle(event) { writer.write($0) }
/// try writer.flush()
/// // {"t":0.5,"type":"transition","from":0,"to":1,"animated":true,...,"cause":"tap"}
///
/// var table = RecordWriter(descriptor: STDOUT_FILENO, format: .csv)
/// table.writeHeader()
/// try engine.handle(event) { table.write($0) }
/// try table.flush()
/// // t,type,session,from,to,animated,interaction,cause
/// // 0.5,transition,,0,1,true,discrete,tap
/// ```
public struct RecordWriter: ~Copyable {
  /// The default flush threshold: 64 KiB.
  public static let defaultThreshold = 64 << 10

  /// The descriptor written to; the writer never closes it.
  public let descriptor: Int32
  /// The name of the output in errors, e.g. `<stdout>`.
  public let name: String
  /// JSON Lines or CSV.
  public let format: RecordFormat
  /// The record types written; others are skipped.
  public var types: RecordTypes
  /// The buffered size at which records are written out.
  public let threshold: Int
  /// The input file name added to every record as `"file"`, or `nil` for none.
  public var fileName: String? {
    didSet { fileSuffix = fileName.map { Self.fileSuffix(for: $0, format: format) } ?? [] }
  }
  /// The first write failure, after which records are dropped.
  public private(set) var failure: FileError?
  /// The number of records accepted by ``types`` so far.
  public private(set) var recordCount = 0

  private var buffer: _OutputBuffer
  /// `,"file":"NAME"` (in CSV: `,NAME`), encoded once.
  private var fileSuffix: [UInt8] = []
  /// Whether each record ends with its ordering key, `"line":L,"index":K`: the input line of
  /// the event whose handling wrote it (``ReplayObserver/eventLine(_:)``) and its position
  /// among that line's written records, from 0. Sorting records by (file, line, index)
  /// rebuilds the order of a single replay from any split of its input by session
  /// (`replay --emit-key`).
  public var writesKeys = false
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
  ///   - descriptor: An open descriptor, e.g. `STDOUT_FILENO`.
  ///   - name: The name used in errors.
  ///   - format: JSON Lines (the default) or CSV.
  ///   - types: The record types to write; the default is transitions only (docs/behaviour.md,
  ///     "Choosing records").
  ///   - threshold: The buffered size at which records are written out.
  public init(
    descriptor: Int32, name: String = "<stdout>", format: RecordFormat = .jsonLines,
    types: RecordTypes = .transition, threshold: Int = defaultThreshold
  ) {
    self.descriptor = descriptor
    self.name = name
    self.format = format
    self.types = types
    self.threshold = max(threshold, 1)
    self.buffer = _OutputBuffer(capacity: self.threshold + 512)
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
  /// (none for ``SessionID/defaultSession``).
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

  /// Names a session for the ``EngineRecord``s that follow. Numbers are per input: naming
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
    case .csv: appendCSV(content, time: time, session: session)
    }
    if buffer.count >= threshold { writeOut() }
  }

  /// Appends one record as a JSON object and a newline.
  private mutating func appendJSON(
    _ content: PageControlRecord.Content, time: Double, session: UnsafeRawBufferPointer
  ) {
    buffer.reserve(256 + session.count + fileSuffix.count)
    buffer.append("{\"t\":")
    buffer.appendNumber(time)
    switch content {
    case .transition(let transition):
      buffer.append(",\"type\":\"transition\"")
      buffer.append(session)
      buffer.append(",\"from\":")
      buffer.appendInteger(transition.from)
      buffer.append(",\"to\":")
      buffer.appendInteger(transition.to)
      buffer.append(transition.animated ? ",\"animated\":true" : ",\"animated\":false")
      buffer.append(",\"interaction\":")
      appendInteraction(transition.interaction)
      buffer.append(",\"cause\":")
      appendCause(transition.cause)
    case .interaction(let state):
      buffer.append(",\"type\":\"interaction\"")
      buffer.append(session)
      buffer.append(",\"state\":")
      appendInteraction(state)
    case .background(let visible):
      buffer.append(",\"type\":\"background\"")
      buffer.append(session)
      buffer.append(visible ? ",\"visible\":true" : ",\"visible\":false")
    case .announcement(let announcement):
      buffer.append(",\"type\":\"announcement\"")
      buffer.append(session)
      buffer.append(",\"text\":\"Page ")
      buffer.appendInteger(announcement.page + 1)
      buffer.append(" of ")
      buffer.appendInteger(announcement.pageCount)
      buffer.append(_ASCII.quote)
    case .detail(let page):
      buffer.append(",\"type\":\"detail\"")
      buffer.append(session)
      buffer.append(",\"page\":")
      buffer.appendInteger(page)
    }
    if !fileSuffix.isEmpty { fileSuffix.withUnsafeBytes { buffer.append($0) } }
    if writesKeys {
      buffer.append(",\"line\":")
      buffer.appendInteger(keyLine)
      buffer.append(",\"index\":")
      buffer.appendInteger(keyIndex)
      keyIndex += 1
    }
    buffer.append("}\n")
  }

  /// Appends one record as a CSV row and a newline: a cell for every column of
  /// ``csvColumns(types:file:keys:)``, empty for the fields of the other selected types.
  private mutating func appendCSV(
    _ content: PageControlRecord.Content, time: Double, session: UnsafeRawBufferPointer
  ) {
    buffer.reserve(256 + session.count + fileSuffix.count)
    buffer.appendNumber(time)
    switch content {
    case .transition: buffer.append(",transition,")
    case .interaction: buffer.append(",interaction,")
    case .background: buffer.append(",background,")
    case .announcement: buffer.append(",announcement,")
    case .detail: buffer.append(",detail,")
    }
    buffer.append(session)
    if types.contains(.transition) {
      if case .transition(let transition) = content {
        buffer.append(_ASCII.comma)
        buffer.appendInteger(transition.from)
        buffer.append(_ASCII.comma)
        buffer.appendInteger(transition.to)
        buffer.append(transition.animated ? ",true," : ",false,")
        buffer.append(Self.word(transition.interaction))
        buffer.append(_ASCII.comma)
        buffer.append(Self.word(transition.cause))
      } else {
        buffer.append(",,,,,")
      }
    }
    if types.contains(.interaction) {
      buffer.append(_ASCII.comma)
      if case .interaction(let state) = content { buffer.append(Self.word(state)) }
    }
    if types.contains(.background) {
      buffer.append(_ASCII.comma)
      if case .background(let visible) = content { buffer.append(visible ? "true" : "false") }
    }
    if types.contains(.announcement) {
      buffer.append(_ASCII.comma)
      if case .announcement(let announcement) = content {
        buffer.append("Page ")
        buffer.appendInteger(announcement.page + 1)
        buffer.append(" of ")
        buffer.appendInteger(announcement.pageCount)
      }
    }
    if types.contains(.detail) {
      buffer.append(_ASCII.comma)
      if case .detail(let page) = content { buffer.appendInteger(page) }
    }
    if !fileSuffix.isEmpty { fileSuffix.withUnsafeBytes { buffer.append($0) } }
    if writesKeys {
      buffer.append(_ASCII.comma)
      buffer.appendInteger(keyLine)
      buffer.append(_ASCII.comma)
      buffer.appendInteger(keyIndex)
      keyIndex += 1
    }
    buffer.append(_ASCII.newline)
  }

  /// The CSV columns of records of `types` (docs/behaviour.md, "CSV output"): `t`, `type`,
  /// `session`, the fields of each of the types in the order of docs/behaviour.md, "Record
  /// types", then `file` when `file` and `line`, `index` when `keys`: the keys the JSON
  /// records could carry, in their order.
  ///
  /// ```swift
  /// RecordWriter.csvColumns(types: [.transition, .detail], file: true, keys: false)
  /// // ["t", "type", "session", "from", "to", "animated", "interaction", "cause", "page", "file"]
  /// ```
  public static func csvColumns(types: RecordTypes, file: Bool, keys: Bool) -> [String] {
    var columns = ["t", "type", "session"]
    for type in RecordType.allCases where types.contains(type) {
      switch type {
      case .transition: columns += ["from", "to", "animated", "interaction", "cause"]
      case .interaction: columns.append("state")
      case .background: columns.append("visible")
      case .announcement: columns.append("text")
      case .detail: columns.append("page")
      }
    }
    if file { columns.append("file") }
    if keys { columns += ["line", "index"] }
    return columns
  }

  /// In ``RecordFormat/csv``, appends the header row: the names of
  /// ``csvColumns(types:file:keys:)`` for ``types``, with `file` when ``fileName`` is set and
  /// `line`, `index` when ``writesKeys`` is. Nothing in JSON Lines, which has no header.
  public mutating func writeHeader() {
    guard format == .csv, failure == nil else { return }
    var row = Self.csvHeaderRow(types: types, file: fileName != nil, keys: writesKeys)
    buffer.reserve(row.utf8.count)
    row.withUTF8 { buffer.append(UnsafeRawBufferPointer($0)) }
  }

  /// The CSV header row of ``csvColumns(types:file:keys:)``, its line end included.
  public static func csvHeaderRow(types: RecordTypes, file: Bool, keys: Bool) -> String {
    csvColumns(types: types, file: file, keys: keys).map(CSVText.field).joined(separator: ",")
      + "\n"
  }

  /// Writes out everything buffered.
  ///
  /// - Throws: The first ``FileError`` met by this or an earlier write.
  public mutating func flush() throws(FileError) {
    writeOut()
    if let failure { throw failure }
  }

  private mutating func writeOut() {
    buffer.drain(to: descriptor, name: name, failure: &failure)
  }

  private mutating func appendInteraction(_ state: InteractionState) {
    switch state {
    case .none: buffer.append("\"none\"")
    case .discrete: buffer.append("\"discrete\"")
    case .continuous: buffer.append("\"continuous\"")
    }
  }

  private mutating func appendCause(_ cause: TransitionCause) {
    switch cause {
    case .tap: buffer.append("\"tap\"")
    case .scrub: buffer.append("\"scrub\"")
    case .jog: buffer.append("\"jog\"")
    case .flick: buffer.append("\"flick\"")
    case .pointer: buffer.append("\"pointer\"")
    case .swipe: buffer.append("\"swipe\"")
    case .key: buffer.append("\"key\"")
    case .accessibility: buffer.append("\"accessibility\"")
    case .timer: buffer.append("\"timer\"")
    case .program: buffer.append("\"program\"")
    }
  }

  private static func word(_ state: InteractionState) -> StaticString {
    switch state {
    case .none: "none"
    case .discrete: "discrete"
    case .continuous: "continuous"
    }
  }

  private static func word(_ cause: TransitionCause) -> StaticString {
    switch cause {
    case .tap: "tap"
    case .scrub: "scrub"
    case .jog: "jog"
    case .flick: "flick"
    case .pointer: "pointer"
    case .swipe: "swipe"
    case .key: "key"
    case .accessibility: "accessibility"
    case .timer: "timer"
    case .program: "program"
    }
  }

  private static func fileSuffix(for name: String, format: RecordFormat) -> [UInt8] {
    var suffix = _OutputBuffer(
      capacity: 16 + _OutputBuffer.maximumJSONStringLength(utf8Count: name.utf8.count))
    switch format {
    case .jsonLines:
      suffix.append(",\"file\":")
      suffix.appendJSONString(name)
    case .csv:
      suffix.append(_ASCII.comma)
      suffix.appendCSVField(name)
    }
    return Array(UnsafeRawBufferPointer(start: suffix.start, count: suffix.count))
  }

  /// A session's `,"session":"NAME"` field, or in CSV its cell.
  private static func sessionField(_ name: String, format: RecordFormat) -> _OutputBuffer {
    var field = _OutputBuffer(
      capacity: 16 + _OutputBuffer.maximumJSONStringLength(utf8Count: name.utf8.count))
    switch format {
    case .jsonLines:
      field.append(",\"session\":")
      field.appendJSONString(name)
    case .csv:
      field.appendCSVField(name)
    }
    return field
  }
}
