import PageTrace

/// Reads a trace in either format from a file, pipe or standard input, one item at a time.
///
/// The format is found by sniffing the content, never the name: the first bytes are read
/// once, and if they are the magic `PGTRACE\0` the input is a binary trace
/// (``BinaryTraceReader``), otherwise JSON Lines (``LineReader`` and ``TraceDecoder``). The
/// bytes read to decide are handed to that reader, so nothing is read twice and standard
/// input works. An input shorter than the magic is JSON Lines.
///
/// Content that starts with the gzip magic bytes `1F 8B` is decompressed on the way, streaming
/// (with fixed buffers), and the decompressed content is sniffed the same way: gzip-compressed
/// JSON Lines and binary traces read like the plain ones, with the lines, columns and records
/// of the decompressed trace (``isGzip``). Several gzip members one after another read as one.
/// A damaged gzip stream (bad data, a wrong checksum, cut short, bytes after a member) is a
/// ``TraceError`` naming the byte offset in the compressed input, after every item before the
/// damage; the trace then ends.
///
/// Both formats give the same items: the header's configuration, events with their line (in
/// JSON Lines) or record number (binary), and blank lines (JSON Lines only). Errors are
/// ``TraceError``s: JSON Lines errors keep their exact line and column; binary errors name the
/// record as the line, column 1. After an error the reader can go on (`--on-error skip`): with
/// the next line, or with the next record unless the binary trace is damaged beyond it (then
/// ``next()`` returns `nil`).
///
/// Open an input by its name with ``init(opening:importer:name:chunkSize:maximumLineLength:)-(String,_,_,_,_)``
/// (`-` is standard input, the one meaning it has everywhere), or read a descriptor the
/// program opened with ``init(descriptor:name:importer:chunkSize:maximumLineLength:)``. With
/// an importer, a recording in another format (CSV, `getevent`, Pointer Events) is read
/// instead of a trace. The type's other parts: finding inputs (``displayName(of:)-(String)``,
/// ``checkReadable(_:)-(String)``, ``traceFiles(inDirectory:)-(String)``).
///
/// ```swift
/// var reader = try TraceReader(opening: "trace")   // JSON Lines or binary; "-" is standard input
/// while let item = try reader.next() {
///   switch item {
///   case .blank: break
///   case .header(let patch): header = patch
///   case .note(let note): print(note)            // only with an importer
///   case .event(let event, _):
///     do { try engine.handle(event) { writer.write($0) } } catch {
///       throw reader.error(for: error)
///     }
///   case .note(let note): print(note)  // an importer's repair or drop
///   }
/// }
/// ```
public struct TraceReader: ~Copyable {
  /// The name used in errors: the path, or `<stdin>`.
  public let name: String
  /// The format found in the content.
  public let format: TraceFormat
  /// Whether the content is gzip-compressed (it starts with the magic bytes `1F 8B`): it is
  /// then decompressed on the way, and lines, columns and records are those of the
  /// decompressed trace.
  public let isGzip: Bool
  /// The line (JSON Lines) or record (binary) of the item last handed out or reported.
  public internal(set) var lineNumber = 0

  @usableFromInline var lines: LineReader?
  @usableFromInline var decoder: TraceDecoder
  var binary: BinaryTraceReader?
  /// With ``_decodeInParallel(threads:chunkSize:)``: the lines, decoded ahead on other
  /// threads (``lines`` is then theirs).
  var chunks: _ChunkedLines?
  /// With ``chunks``: where the reader is in the chunk it reads.
  var chunk = _ChunkCursor()
  /// The bytes of the last JSON line handed out, valid until the next read.
  @usableFromInline var lastLine = UnsafeRawBufferPointer(start: nil, count: 0)
  /// Events of sessions outside this shard may be passed over without decoding
  /// (``TraceItemKind/otherShard``): JSON Lines event lines whose session can be read
  /// without decoding them (the session name found by a scan of the line). Other lines are
  /// decoded, and whoever replays checks their session.
  public var shard: TraceReplay.Shard?
  /// With an importer (`--from csv` …), text lines go through it instead of the decoder.
  var importer: (any LineImporter)?
  /// Whether an importer reads the lines (set with it): a plain flag, so the hot path never
  /// copies the existential to find out.
  var imports = false
  var imported: [TraceItem] = []
  var importedIndex = 0
  var importFinished = false
  /// How the lines handed to the importer were used.
  var importTally = _ImportTally()

  /// Whether an importer reads the lines (`--from csv` …).
  public var isImporting: Bool { imports }

  /// Header lines the importer read (a CSV header row).
  var importedHeaderLines: Int { importer?.headerLines ?? 0 }

  /// Opens an input by the name a user gives: a path, or `-` for standard input (named
  /// ``LineReader/standardInputName``, `<stdin>`; a file named `-` is `./-`), read as a trace
  /// or, with `importer`, as a recording in another format. A file is closed when the reader
  /// goes away; standard input is not. The first chunk is read here, to find the format.
  ///
  /// ```swift
  /// // Compiled, not run: the files are examples.
  /// var trace = try TraceReader(opening: "trace.jsonl.gz")
  /// var piped = try TraceReader(opening: "-")  // standard input
  /// var recording = try TraceReader(
  ///   opening: "touches.csv", importer: CSVImporter(.init(time: 1, phase: 2, x: 3, y: 4)))
  /// ```
  ///
  /// - Parameters:
  ///   - file: A path, or `-` for standard input.
  ///   - importer: Reads a recording in another format (CSV, `getevent`, Pointer Events)
  ///     line by line instead of a trace.
  ///   - name: The name used in errors and records instead of the path or `<stdin>`
  ///     (`replay --name`); errors opening the file still name its path.
  ///   - chunkSize: Bytes per read, at least 1.
  ///   - maximumLineLength: The longest line accepted, and the longest string of a binary
  ///     trace, in bytes (`--max-line-length`).
  /// - Throws: ``FileError`` if the input cannot be opened (``FileError/isOpenFailure``) or its
  ///   first chunk cannot be read.
  public init(
    opening file: String, importer: (any LineImporter)? = nil, name: String? = nil,
    chunkSize: Int = LineReader.defaultChunkSize,
    maximumLineLength: Int = LineReader.defaultMaximumLineLength
  ) throws(FileError) {
    try self.init(
      opening: SystemPath(file), importer: importer, name: name, chunkSize: chunkSize,
      maximumLineLength: maximumLineLength)
  }

  /// Opens an input named by its bytes, `-` for standard input
  /// (``init(opening:importer:name:chunkSize:maximumLineLength:)-(String,_,_,_,_)``); it is
  /// named in errors and records as ``SystemPath/description`` shows it.
  ///
  /// ```swift
  /// // Compiled, not run: the file is an example.
  /// let path = SystemPath(bytes: Array("caf".utf8) + [0xE9] + Array(".jsonl".utf8))
  /// var reader = try TraceReader(opening: path)  // named caf\xE9.jsonl in errors
  /// ```
  public init(
    opening file: SystemPath, importer: (any LineImporter)? = nil, name: String? = nil,
    chunkSize: Int = LineReader.defaultChunkSize,
    maximumLineLength: Int = LineReader.defaultMaximumLineLength
  ) throws(FileError) {
    if file == .standardStream {
      try self.init(
        reading: _System.standardInput, owned: false,
        name: name ?? LineReader.standardInputName, chunkSize: chunkSize,
        maximumLineLength: maximumLineLength)
    } else {
      let descriptor = try _System.openForReading(file)
      try self.init(
        reading: descriptor, owned: true, name: name ?? file.description, chunkSize: chunkSize,
        maximumLineLength: maximumLineLength)
    }
    if let importer {
      self.importer = importer
      imports = true
    }
  }

  /// Reads from a descriptor the program opened and keeps (the reader never closes it): a
  /// pipe, a socket, a file opened its own way. The first chunk is read here, to find the
  /// format.
  ///
  /// ```swift
  /// var reader = try TraceReader(descriptor: .standardInput, name: "<stdin>")
  /// ```
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor, read from where it stands.
  ///   - name: The name used in errors and records.
  ///   - importer: Reads a recording in another format instead of a trace.
  ///   - chunkSize: Bytes per read, at least 1.
  ///   - maximumLineLength: The longest line accepted in JSON Lines, and the longest string
  ///     accepted in a binary trace, in bytes.
  /// - Throws: ``FileError`` (``FileError/Kind/readFailed``) if reading fails.
  public init(
    descriptor: SystemDescriptor, name: String, importer: (any LineImporter)? = nil,
    chunkSize: Int = LineReader.defaultChunkSize,
    maximumLineLength: Int = LineReader.defaultMaximumLineLength
  ) throws(FileError) {
    try self.init(
      reading: descriptor.rawValue, owned: false, name: name, chunkSize: chunkSize,
      maximumLineLength: maximumLineLength)
    if let importer {
      self.importer = importer
      imports = true
    }
  }

  /// Returns the next item, or `nil` at the end of the trace.
  ///
  /// The friendly form of ``next(into:)``: events come as ``PageTrace/PageControlEvent``s, with
  /// their
  /// session names and string touch ids.
  ///
  /// - Throws: ``TraceError`` for bad content (the reader can go on with the next line or
  ///   record), or ``FileError`` (``FileError/Kind/readFailed``) if reading fails.
  public mutating func next() throws -> TraceItem? {
    var event = EngineEvent(time: 0, .focus(false))
    var read = try next(into: &event)
    while read == .otherShard { read = try next(into: &event) }
    guard let kind = read else { return nil }
    switch kind {
    case .blank: return .blank
    case .header: return .header(header!)
    case .note: return .note(note!)
    case .otherShard: preconditionFailure("passed over above")
    case .event:
      let friendly = PageControlEvent(
        event, session: name(of: event.session), touchNames: touchNames)
      return .event(friendly, line: lineNumber)
    }
  }

  /// Reads the next item, decoding an event straight into `event`; `nil` at the end of the
  /// trace. The fast path of the replay loop: nothing is allocated or retained per event.
  ///
  /// After ``TraceItemKind/header`` the configuration is ``header``, after
  /// ``TraceItemKind/note`` the note is ``note``; the line is ``lineNumber``. Sessions are
  /// numbered in order of first appearance (``name(of:)-(SessionID)``).
  ///
  /// - Throws: ``TraceError`` for bad content (the reader can go on with the next line or
  ///   record), or ``FileError`` (``FileError/Kind/readFailed``) if reading fails.
  public mutating func next(into event: inout EngineEvent) throws -> TraceItemKind? {
    if imports { return try nextImported(into: &event) }
    if chunks != nil { return try nextFromChunks(into: &event) }
    switch format {
    // The record number comes back with the item: one look into the optional reader (a call)
    // instead of two. A binary trace always has its reader (TraceReader+Sniffing.swift).
    case .binary:
      return try binary!.nextRecord(into: &event, recordNumber: &lineNumber)
    case .jsonLines:
      lastLine = UnsafeRawBufferPointer(start: nil, count: 0)
      defer { lineNumber = fromLines { $0.lineNumber } ?? 0 }
      guard let line = try lines?.next() ?? nil else { return nil }
      lastLine = line.bytes
      if let shard, decoder.hasSeenContent, shard.membership(ofLine: line.bytes) == false {
        return .otherShard
      }
      return try decoder.decode(line.bytes, lineNumber: line.number, into: &event)
    }
  }

  /// The next line of a text input as it is, without decoding it (for ``RecordingInspector``):
  /// its bytes, copied, and its number; `nil` at the end, or at once for a binary trace.
  ///
  /// - Throws: ``TraceError`` for a line over the length limit (the reader goes on after it),
  ///   ``FileError`` if reading fails.
  package mutating func _nextTextLine() throws -> (bytes: [UInt8], number: Int)? {
    guard format == .jsonLines, let line = try lines?.next() ?? nil else { return nil }
    lineNumber = line.number
    return (Array(line.bytes), line.number)
  }

  /// The configuration of the trace's header, once read.
  public var header: ConfigurationPatch? {
    !imports ? fromBinary { $0.header } ?? decoder.header : decoder.header
  }

  /// The note of the last ``TraceItemKind/note``.
  public var note: ImportNote? {
    !imports ? fromBinary { $0.note } ?? importedNote : importedNote
  }
  var importedNote: ImportNote?

  /// The name of a session of this input: `nil` for ``PageTrace/SessionID/defaultSession``.
  public func name(of session: SessionID) -> String? {
    session.rawValue == 0 ? nil : sessionNames.name(session.rawValue)
  }

  /// How many named sessions the reader has met: their numbers run from 1 to this.
  public var namedSessionCount: Int { sessionNames.count }

  /// The highest number of a string touch id the reader has given: numbers run from 1 to
  /// this. The number of an id whose touches have all ended is given again to a new id
  /// (``reusedTouchNumber``).
  public var namedTouchCount: Int { touchNames.count }

  /// The number of the string touch id of the last event if it was given a number another id
  /// had before (its touches over), else 0: the new name of a number ``namedTouchCount``
  /// does not announce.
  public var reusedTouchNumber: Int32 {
    !imports && format == .binary
      ? fromBinary { $0.reusedTouchNumber } ?? 0 : decoder.reusedTouchNumber
  }

  /// The name of a string touch id of this input.
  public func name(of touch: TouchKey) -> String? {
    if case .name(let number) = touch { touchNames.name(number) } else { nil }
  }

  /// Forgets the session numbered last, which the engine refused (one session too many):
  /// the next new name takes its number, so refused sessions leave nothing behind
  /// (docs/behaviour/trace-format.md, "Sessions").
  package mutating func forgetNewestSession() {
    if !imports && format == .binary {
      binary?.forgetNewestSession()
    } else {
      let number = Int32(decoder.sessionNames.count)
      decoder.forgetNewestSession()
      chunks?.forgetSession(number)
    }
  }

  /// Takes back the `down` of the event just read, which the replay refused (one finger too
  /// many down, docs/behaviour/limits.md): a string id held by no other finger is freed.
  mutating func forgetTouchDown(_ event: EngineEvent) {
    guard event._stringTouchNumber > 0 else { return }
    if !imports && format == .binary {
      binary?.forgetTouchDown(event)
    } else {
      decoder.touchTracker.forgetDown(event)
    }
  }

  private var sessionNames: _NameTable {
    !imports ? fromBinary { $0.sessionNames } ?? decoder.sessionNames : decoder.sessionNames
  }

  private var touchNames: _NameTable {
    !imports ? fromBinary { $0.touchNames } ?? decoder.touchNames : decoder.touchNames
  }

  /// A value of the line reader, `nil` for a binary trace.
  func fromLines<Value>(_ body: (borrowing LineReader) -> Value?) -> Value? {
    switch lines {
    case .some(let reader): body(reader)
    case .none: nil
    }
  }

  /// A value of the binary reader, `nil` for JSON Lines.
  private func fromBinary<Value>(_ body: (borrowing BinaryTraceReader) -> Value?) -> Value? {
    switch binary {
    case .some(let reader): body(reader)
    case .none: nil
    }
  }

  /// The bytes of the last JSON Lines line read (empty for other formats), valid until the
  /// next read.
  @usableFromInline var lastLineBytes: UnsafeRawBufferPointer { lastLine }

  /// The data error for an event of a line that was passed over without decoding (another
  /// shard's), found by decoding the line again.
  @usableFromInline func errorDecodingAgain(for error: PageControlError) -> TraceError {
    TraceError(error, file: name, line: lineNumber, bytes: lastLine)
  }

  /// The data error for an event of the last item that the engine rejected.
  ///
  /// In JSON Lines it points at the offending value of the line (as
  /// ``TraceError/init(_:file:line:bytes:)``); in a binary trace at the record, column 1.
  public func error(for error: PageControlError) -> TraceError {
    TraceError(
      error, file: name, line: lineNumber, bytes: lastLine,
      offsets: imports
        ? _ValueOffsets() : chunks == nil ? decoder.valueOffsets : _offsetsDecodingAgain)
  }

}
