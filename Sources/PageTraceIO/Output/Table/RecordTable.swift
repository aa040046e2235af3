import PageTrace

/// Records as rows of one table (`replay --format parquet`): the columns of
/// ``RecordTable/columns``, whatever the records, null where a record has no such field
/// (docs/behaviour/tables.md, "records").
///
/// A replay observer: hand it to a ``ReplayDriver`` for each input in turn, naming the input
/// with ``fileName``, and call ``finish()`` at the end.
///
/// ```swift
/// var table = RecordTable(
///   TableWriter(
///     columns: RecordTable.columns, format: .csv, descriptor: .standardOutput, name: "<stdout>"),
///   types: .all)
/// table.writeHeader()
/// table.fileName = "Traces/tap.jsonl"
/// _ = ReplayDriver().replay("Traces/tap.jsonl", observer: &table) { print($0) }
/// try table.finish()
/// ```
public struct RecordTable: ~Copyable {
  /// The columns: `t`, `type`, `session`, each type's fields, `file`, then the ordering key
  /// `line`, `index` (null unless ``writesKeys``).
  public static let columns: [TableColumn] = [
    TableColumn("t", .double), TableColumn("type", .string), TableColumn("session", .string),
    TableColumn("from", .integer), TableColumn("to", .integer),
    TableColumn("animated", .boolean), TableColumn("interaction", .string),
    TableColumn("cause", .string), TableColumn("state", .string),
    TableColumn("visible", .boolean), TableColumn("text", .string), TableColumn("page", .integer),
    TableColumn("file", .string), TableColumn("line", .integer), TableColumn("index", .integer),
  ]

  /// The column a table gains with ``writesWallClock`` (`replay --wall-clock`): `t` as an
  /// instant, read as seconds since 1970-01-01 UTC.
  public static let wallClockColumn = TableColumn("time", .timestamp)

  /// Where the rows go.
  private var writer: TableWriter
  /// The record types written; others are skipped.
  public var types: RecordTypes
  /// The input's name, in the `file` column (null when `nil`).
  public var fileName: String?
  /// Whether `line` and `index` hold each record's ordering key (`replay --emit-key`).
  public var writesKeys = false
  /// Whether each row ends with ``wallClockColumn``; the writer's columns must include it.
  public var writesWallClock = false
  /// The records written so far.
  public private(set) var recordCount = 0
  private var sessionNames: [String?] = []
  private var line = 0
  private var index = 0

  /// Records of `types` as rows of `writer`.
  public init(_ writer: consuming TableWriter, types: RecordTypes = .transition) {
    self.writer = writer
    self.types = types
  }

  /// Writes one record's row.
  public mutating func write(_ record: PageControlRecord) {
    write(record.content, time: record.time, session: record.session)
  }

  private mutating func write(
    _ content: PageControlRecord.Content, time: Double, session: String?
  ) {
    guard types.contains(content.type) else { return }
    recordCount += 1
    writer.append(.double(time))
    writer.append(.string(content.type.rawValue))
    writer.append(.string(session))
    if case .transition(let transition) = content {
      writer.append(.integer(transition.from))
      writer.append(.integer(transition.to))
      writer.append(.boolean(transition.animated))
      writer.append(.string(transition.interaction.rawValue))
      writer.append(.string(transition.cause.rawValue))
    } else {
      for _ in 0..<5 { writer.append(.null) }
    }
    if case .interaction(let state) = content {
      writer.append(.string(state.rawValue))
    } else {
      writer.append(.null)
    }
    if case .background(let visible) = content {
      writer.append(.boolean(visible))
    } else {
      writer.append(.null)
    }
    if case .announcement(let announcement) = content {
      writer.append(.string(announcement.text))
    } else {
      writer.append(.null)
    }
    if case .detail(let page) = content {
      writer.append(.integer(page))
    } else {
      writer.append(.null)
    }
    writer.append(.string(fileName))
    if writesKeys {
      writer.append(.integer(line))
      writer.append(.integer(index))
      index += 1
    } else {
      writer.append(.null)
      writer.append(.null)
    }
    if writesWallClock { writer.append(.timestamp(time)) }
    writer.endRow()
  }

  /// Writes what comes before the rows (CSV's header, Parquet's magic number); its length.
  @discardableResult
  public mutating func writeHeader() -> Int { writer.writeHeader() }

  /// Writes the last rows and what ends the table (Parquet's footer), then writes out.
  public mutating func finish() throws(FileError) { try writer.finish() }
}

extension RecordTable: ReplayObserver {
  /// `false`: the table takes records only.
  public static var observesEvents: Bool { false }
  /// The first write failure.
  public var outputFailure: FileError? { writer.failure }
  /// Remembers the session's name for its records (numbers are per input).
  public mutating func name(_ session: SessionID, _ name: String) {
    let number = session.index
    guard number > 0 else { return }
    if number == 1 { sessionNames.removeAll(keepingCapacity: true) }
    if sessionNames.count <= number {
      sessionNames += repeatElement(nil, count: number + 1 - sessionNames.count)
    }
    sessionNames[number] = name
  }
  /// Starts the ordering key of the line's records.
  public mutating func eventLine(_ line: Int) {
    self.line = line
    index = 0
  }
  /// Writes the record's row (if its type is selected).
  public mutating func observe(_ record: EngineRecord) {
    let number = record.session.index
    let session = number > 0 && number < sessionNames.count ? sessionNames[number] : nil
    write(record.content, time: record.time, session: session)
  }
}
