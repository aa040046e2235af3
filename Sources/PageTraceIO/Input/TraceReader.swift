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
/// ```swift
/// var reader = try TraceReader(path: "trace")   // JSON Lines or binary
/// while let item = try reader.next() {
///   switch item {
///   case .blank: break
///   case .header(let patch): header = patch
///   case .event(let event, _):
///     do { try engine.handle(event) { writer.write($0) } } catch {
///       throw reader.error(for: error)
///     }
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
  public private(set) var lineNumber = 0

  private var lines: LineReader?
  private var decoder: TraceDecoder
  private var binary: BinaryTraceReader?
  /// The bytes of the last JSON line handed out, valid until the next read.
  private var lastLine = UnsafeRawBufferPointer(start: nil, count: 0)
  /// Events of sessions outside this shard may be passed over without decoding
  /// (``TraceItemKind/otherShard``): JSON Lines event lines whose session can be read
  /// without decoding them (``TraceReplay/Shard/membership(ofLine:)``). Other lines are
  /// decoded, and whoever replays checks their session.
  public var shard: TraceReplay.Shard?
  /// With an importer (`--from csv` …), text lines go through it instead of the decoder.
  private var importer: (any LineImporter)?
  /// Whether an importer reads the lines (set with it): a plain flag, so the hot path never
  /// copies the existential to find out.
  private var imports = false
  private var imported: [TraceItem] = []
  private var importedIndex = 0
  private var importFinished = false
  /// How the lines handed to the importer were used.
  private(set) var importTally = _ImportTally()

  /// Whether an importer reads the lines (`--from csv` …).
  public var isImporting: Bool { imports }

  /// Header lines the importer read (a CSV header row).
  var importedHeaderLines: Int { importer?.headerLines ?? 0 }

  /// Reads from a descriptor the caller owns (it is not closed), e.g. standard input.
  ///
  /// The first chunk is read here, to find the format.
  ///
  /// - Parameters:
  ///   - descriptor: An open file descriptor.
  ///   - name: The name used in errors.
  ///   - chunkSize: Bytes per read, at least 1.
  ///   - maximumLineLength: The longest line accepted in JSON Lines, and the longest string
  ///     accepted in a binary trace, in bytes.
  /// - Throws: ``FileError`` (``FileError/Kind/readFailed``) if reading fails.
  public init(
    descriptor: Int32, name: String, chunkSize: Int = LineReader.defaultChunkSize,
    maximumLineLength: Int = LineReader.defaultMaximumLineLength
  ) throws(FileError) {
    try self.init(
      descriptor: descriptor, owned: false, name: name, chunkSize: chunkSize,
      maximumLineLength: maximumLineLength)
  }

  /// Opens a file for reading; the descriptor is closed when the reader goes away.
  ///
  /// - Throws: ``FileError`` if the file cannot be opened (``FileError/isOpenFailure``) or
  ///   its first chunk cannot be read.
  public init(
    path: String, chunkSize: Int = LineReader.defaultChunkSize,
    maximumLineLength: Int = LineReader.defaultMaximumLineLength
  ) throws(FileError) {
    let descriptor = try _System.openForReading(SystemPath(path))
    try self.init(
      descriptor: descriptor, owned: true, name: path, chunkSize: chunkSize,
      maximumLineLength: maximumLineLength)
  }

  /// A reader of standard input, named `<stdin>`.
  public static func standardInput(
    chunkSize: Int = LineReader.defaultChunkSize,
    maximumLineLength: Int = LineReader.defaultMaximumLineLength
  ) throws(FileError) -> TraceReader {
    try TraceReader(
      descriptor: _System.standardInput, name: LineReader.standardInputName, chunkSize: chunkSize,
      maximumLineLength: maximumLineLength)
  }

  private init(
    descriptor: Int32, owned: Bool, name: String, chunkSize: Int, maximumLineLength: Int
  ) throws(FileError) {
    precondition(chunkSize >= 1 && maximumLineLength >= 1, "sizes must be at least 1")
    let magic = BinaryTraceReader.magic
    let capacity = max(chunkSize, magic.count)
    let prefix = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    defer { prefix.deallocate() }
    // The raw bytes: gzip (`1F 8B`), binary, or JSON Lines.
    var sniffed: (count: Int, atEnd: Bool)
    do {
      sniffed = try Self.sniff(
        into: prefix, capacity: capacity, chunkSize: chunkSize,
        magics: [_ByteSource.gzipMagic, magic]
      ) { buffer, count throws(FileError) in
        try _System.read(descriptor, into: buffer, count: count, name: name)
      }
    } catch {
      if owned { _System.close(descriptor) }
      throw error
    }
    let isGzip =
      sniffed.count >= 2 && Self.starts(prefix, sniffed.count, with: _ByteSource.gzipMagic)
    let source: _ByteSource
    if isGzip {
      // The compressed bytes read so far start the stream; the content is sniffed again, as
      // it comes out of it.
      let gzip = _GzipStream(
        prefix: UnsafeRawBufferPointer(start: prefix, count: sniffed.count),
        prefixEndsInput: sniffed.atEnd, chunkSize: chunkSize)
      source = _ByteSource(descriptor: descriptor, owned: owned, name: name, gzip: gzip)
      var damaged = false
      sniffed = try Self.sniff(
        into: prefix, capacity: capacity, chunkSize: chunkSize, magics: [magic]
      ) { buffer, count throws(FileError) in
        do {
          return try gzip.read(into: buffer, count: count, from: descriptor, name: name)
        } catch let error as FileError {
          throw error
        } catch {
          // Damage is thrown again by the first read of the trace, which gives it its line.
          if let damage = error as? _GzipDamage { gzip.keep(damage) }
          damaged = true
          return 0
        }
      }
      if damaged { sniffed.atEnd = false }
    } else {
      source = _ByteSource(descriptor: descriptor, owned: owned, name: name)
    }
    let count = sniffed.count
    let isBinary = count >= magic.count && Self.starts(prefix, count, with: magic)
    let bytes = UnsafeRawBufferPointer(start: prefix, count: count)
    self.name = name
    self.isGzip = isGzip
    self.decoder = TraceDecoder(file: name)
    if isBinary {
      self.format = .binary
      self.lines = nil
      self.binary = BinaryTraceReader(
        source: source, chunkSize: chunkSize, maximumStringLength: maximumLineLength,
        prefix: bytes, prefixEndsInput: sniffed.atEnd)
    } else {
      self.format = .jsonLines
      self.lines = LineReader(
        source: source, chunkSize: chunkSize, maximumLineLength: maximumLineLength,
        prefix: bytes, prefixEndsInput: sniffed.atEnd)
      self.binary = nil
    }
  }

  /// Whether the `count` bytes at `bytes` start with `magic`.
  private static func starts(_ bytes: UnsafeRawPointer, _ count: Int, with magic: [UInt8]) -> Bool {
    count >= magic.count
      && (0..<magic.count).allSatisfy {
        bytes.load(fromByteOffset: $0, as: UInt8.self) == magic[$0]
      }
  }

  /// Reads the first bytes of an input into `prefix` with `read` until each of `magics` is
  /// complete or ruled out, so that a short first line typed on a terminal is not held back.
  private static func sniff(
    into prefix: UnsafeMutableRawPointer, capacity: Int, chunkSize: Int, magics: [[UInt8]],
    read: (UnsafeMutableRawPointer, Int) throws(FileError) -> Int
  ) throws(FileError) -> (count: Int, atEnd: Bool) {
    var count = 0
    func undecided() -> Bool {
      magics.contains { magic in
        count < magic.count
          && (0..<count).allSatisfy { prefix.load(fromByteOffset: $0, as: UInt8.self) == magic[$0] }
      }
    }
    while undecided() {
      let read = try read(prefix + count, min(chunkSize, capacity - count))
      if read == 0 { return (count, true) }
      count += read
    }
    return (count, false)
  }

  /// Returns the next item, or `nil` at the end of the trace.
  ///
  /// The friendly form of ``next(into:)``: events come as ``PageControlEvent``s, with their
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
  /// numbered in order of first appearance (``name(of:)``).
  ///
  /// - Throws: ``TraceError`` for bad content (the reader can go on with the next line or
  ///   record), or ``FileError`` (``FileError/Kind/readFailed``) if reading fails.
  public mutating func next(into event: inout EngineEvent) throws -> TraceItemKind? {
    if imports { return try nextImported(into: &event) }
    switch format {
    // The line numbers are read by borrowing: `binary?.recordNumber` would copy the reader.
    case .binary:
      defer { lineNumber = fromBinary { $0.recordNumber } ?? 0 }
      return try binary?.next(into: &event) ?? nil
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
  private var importedNote: ImportNote?

  /// The name of a session of this input: `nil` for ``SessionID/defaultSession``.
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
  /// (docs/behaviour.md, "Sessions").
  mutating func forgetNewestSession() {
    if !imports && format == .binary {
      binary?.forgetNewestSession()
    } else {
      decoder.sessionNames.removeLast()
    }
  }

  /// Tells an observer the session names and string touch ids met after the first
  /// `sessionsFrom` and `touchesFrom`.
  func announceNames<Observer: ReplayObserver & ~Copyable>(
    sessionsFrom: Int, touchesFrom: Int, to observer: inout Observer
  ) {
    let sessions = sessionNames
    for number in sessionsFrom..<sessions.count {
      observer.name(SessionID(Int32(number + 1)), sessions.names[number])
    }
    let touches = touchNames
    for number in touchesFrom..<touches.count {
      observer.name(TouchKey.name(Int32(number + 1)), touches.names[number])
    }
  }

  private var sessionNames: _NameTable {
    !imports ? fromBinary { $0.sessionNames } ?? decoder.sessionNames : decoder.sessionNames
  }

  private var touchNames: _NameTable {
    !imports ? fromBinary { $0.touchNames } ?? decoder.touchNames : decoder.touchNames
  }

  /// A value of the line reader, `nil` for a binary trace.
  private func fromLines<Value>(_ body: (borrowing LineReader) -> Value?) -> Value? {
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
  var lastLineBytes: UnsafeRawBufferPointer { lastLine }

  /// The data error for an event of a line that was passed over without decoding (another
  /// shard's), found by decoding the line again.
  func errorDecodingAgain(for error: PageControlError) -> TraceError {
    TraceError(error, file: name, line: lineNumber, bytes: lastLine)
  }

  /// The data error for an event of the last item that the engine rejected.
  ///
  /// In JSON Lines it points at the offending value of the line (as
  /// ``TraceError/init(_:file:line:bytes:)``); in a binary trace at the record, column 1.
  public func error(for error: PageControlError) -> TraceError {
    TraceError(
      error, file: name, line: lineNumber, bytes: lastLine,
      offsets: !imports ? decoder.valueOffsets : _ValueOffsets())
  }

  /// How an input is named in records and messages: its path, or `<stdin>` for `-`.
  public static func displayName(of file: String) -> String {
    file == "-" ? LineReader.standardInputName : file
  }

  /// How an input is named in records and messages: its path as
  /// ``SystemPath/description`` shows it, or `<stdin>` for `-`.
  public static func displayName(of file: SystemPath) -> String {
    file == .standardStream ? LineReader.standardInputName : file.description
  }

  /// Checks, without reading it, that an input can be opened: `-` (standard input) always
  /// can.
  ///
  /// - Throws: ``FileError`` saying why it cannot (missing, a directory, not readable).
  public static func checkReadable(_ file: String) throws(FileError) {
    try checkReadable(SystemPath(file))
  }

  /// Checks, without reading it, that an input named by its bytes can be opened
  /// (``checkReadable(_:)-(String)``).
  public static func checkReadable(_ file: SystemPath) throws(FileError) {
    guard file != .standardStream else { return }
    if let error = _System.errorOpening(file) { throw error }
  }

  /// Whether an input names a directory (links followed); `-` never does.
  public static func isDirectory(_ file: String) -> Bool { isDirectory(SystemPath(file)) }

  /// Whether an input named by its bytes names a directory (links followed); `-` never does.
  public static func isDirectory(_ file: SystemPath) -> Bool {
    file != .standardStream && _System.identity(ofPath: file)?.isDirectory == true
  }

  /// The trace files of a directory, as paths (`DIR/NAME`), in the byte order of their names:
  /// every regular file (or link to one) that ``TraceFileSelection/traces`` chooses, that is
  /// whose name ends in `.jsonl`, `.pgtrace` or `.ptrace`, or one of those and `.gz`. Nothing
  /// below it is read: subdirectories, FIFOs and devices are left out, like hidden files and
  /// `NAME.partial` files (what a failed run kept of its output).
  ///
  /// - Throws: ``FileError`` if the directory cannot be listed, or
  ///   (``FileError/Kind/openFailed``) if it holds no trace file, or (`EILSEQ`) if the name
  ///   of one is not UTF-8 (``traceFiles(inDirectory:)-(SystemPath)`` reads those).
  public static func traceFiles(inDirectory directory: String) throws(FileError) -> [String] {
    try traceFiles(inDirectory: SystemPath(directory)).map { (file) throws(FileError) in
      guard let path = file.string else {
        throw FileError(
          .readFailed, path: directory, code: _System.illegalByteSequence,
          message: "the file name \(file) is not UTF-8")
      }
      return path
    }
  }

  /// The trace files of a directory named by its bytes, as paths (`DIR/NAME`) of bytes, so
  /// that every name, UTF-8 or not, can be opened (``traceFiles(inDirectory:)-(String)``).
  public static func traceFiles(
    inDirectory directory: SystemPath
  ) throws(FileError) -> [SystemPath] {
    try traceFiles(inDirectory: directory, selecting: .traces).files
  }

  /// The files of a directory that `selection` chooses, as paths (`DIR/NAME`) of bytes in the
  /// byte order of their names, and the names of the other regular files (or links to one).
  /// Nothing below it is read: subdirectories, FIFOs and devices are neither, like hidden
  /// files.
  ///
  /// - Throws: ``FileError`` if the directory cannot be listed, or
  ///   (``FileError/Kind/openFailed``) if `selection` chooses none of its files; the message
  ///   says what was looked for and names the files left out.
  public static func traceFiles(
    inDirectory directory: SystemPath, selecting selection: TraceFileSelection
  ) throws(FileError) -> DirectoryListing {
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    let names = try _System.directoryEntries(directory)
      .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    var listing = DirectoryListing(files: [], leftOut: [])
    for name in names where _System.identity(ofPath: folder + name)?.isRegular == true {
      if selection.selects(name) {
        listing.files.append(folder + name)
      } else {
        listing.leftOut.append(name)
      }
    }
    guard !listing.files.isEmpty else {
      var message = "the directory holds no trace files (\(selection.description))"
      if let others = listing.leftOutSummary() {
        message += "; \(others); choose files with --glob PATTERN"
      }
      throw FileError(.openFailed, path: directory.description, code: 0, message: message)
    }
    return listing
  }

  /// Opens an input by the name a user gives: a path, or `-` for standard input (named
  /// ``LineReader/standardInputName``, `<stdin>`), read as a trace or, with `importer`, as a
  /// recording in another format.
  ///
  /// - Parameters:
  ///   - name: The name used in errors instead of the path or `<stdin>` (`replay --name`);
  ///     errors opening the file still name its path.
  ///   - maximumLineLength: The longest line accepted, and the longest string of a binary
  ///     trace (`--max-line-length`).
  /// - Throws: ``FileError`` if the input cannot be opened or its first chunk read.
  public init(
    opening file: String, importer: (any LineImporter)? = nil, name: String? = nil,
    maximumLineLength: Int = LineReader.defaultMaximumLineLength
  ) throws(FileError) {
    try self.init(
      opening: SystemPath(file), importer: importer, name: name,
      maximumLineLength: maximumLineLength)
  }

  /// Opens an input named by its bytes (``init(opening:importer:name:maximumLineLength:)-(String,_,_,_)``);
  /// it is named in errors and records as ``SystemPath/description`` shows it.
  public init(
    opening file: SystemPath, importer: (any LineImporter)? = nil, name: String? = nil,
    maximumLineLength: Int = LineReader.defaultMaximumLineLength
  ) throws(FileError) {
    if file == .standardStream {
      try self.init(
        descriptor: _System.standardInput, owned: false,
        name: name ?? LineReader.standardInputName, chunkSize: LineReader.defaultChunkSize,
        maximumLineLength: maximumLineLength)
    } else {
      let descriptor = try _System.openForReading(file)
      try self.init(
        descriptor: descriptor, owned: true, name: name ?? file.description,
        chunkSize: LineReader.defaultChunkSize, maximumLineLength: maximumLineLength)
    }
    if let importer {
      self.importer = importer
      imports = true
    }
  }

  /// Reads a recording in another format, line by line, through `importer`.
  public init(path: String, importer: any LineImporter) throws(FileError) {
    try self.init(path: path)
    self.importer = importer
    imports = true
  }

  /// Reads standard input through `importer`.
  public static func standardInput(importer: any LineImporter) throws(FileError) -> TraceReader {
    var reader = try standardInput()
    reader.importer = importer
    reader.imports = true
    return reader
  }

  private mutating func nextImported(into event: inout EngineEvent) throws -> TraceItemKind? {
    guard let item = try nextImported() else { return nil }
    switch item {
    case .blank, .header: preconditionFailure("importers make events and notes only")
    case .note(let note):
      importedNote = note
      return .note
    case .event(let imported, let line):
      // An importer's names obey the same bound as a trace's (docs/behaviour.md, "Limits").
      func check(_ name: String?, _ what: StaticString) throws(TraceError) {
        guard let length = name?.utf8.count, length > TraceDecoder.maximumNameLength else { return }
        throw TraceError(
          file: self.name, line: line, column: 1,
          expected: "a \(what) of at most \(TraceDecoder.maximumNameLength) bytes",
          found: "\(length) bytes")
      }
      try check(imported.session, "session name")
      try check(imported.touchName, "string touch id")
      event = decoder.number(imported)
      return .event
    }
  }

  /// Counts a note of the importer for the accounting of its line.
  private static func count(_ note: ImportNote, added: inout Int, drops: inout [String]) {
    switch note.kind {
    case .eventAdded: added += 1
    case .sampleDropped: drops.append(note.reason)
    case .information: break
    }
  }

  private mutating func nextImported() throws -> TraceItem? {
    guard format == .jsonLines else {
      guard !importFinished else { return nil }
      importFinished = true  // reported once; the input then ends (no skip loop can spin)
      throw TraceError(
        file: name, line: 1, column: 1, expected: "a text recording for the importer",
        found: "a binary trace")
    }
    var importer = self.importer.take()!
    var items = imported
    defer {
      self.importer = importer
      imported = items
    }
    while importedIndex == items.count {
      items.removeAll(keepingCapacity: true)
      importedIndex = 0
      if importFinished { return nil }
      lastLine = UnsafeRawBufferPointer(start: nil, count: 0)
      guard let line = try lines?.next() ?? nil else {
        importFinished = true
        let last = lineNumber
        let heldBefore = importer.linesHeldBack
        var made = 0
        var added = 0
        var drops: [String] = []
        do {
          try importer.finish {
            made += 1
            items.append(.event($0, line: last))
          } note: {
            Self.count($0, added: &added, drops: &drops)
            items.append(.note($0))
          }
        } catch {
          // The replay counts one line skipped as bad; the other rows held back are lost.
          importTally.lose(heldBefore - importer.linesHeldBack - 1)
          throw error
        }
        importTally.conclude(
          lines: heldBefore - importer.linesHeldBack, blank: false, made: made, added: added,
          drops: drops)
        continue
      }
      lastLine = line.bytes
      lineNumber = line.number
      let heldBefore = importer.linesHeldBack
      var made = 0
      var added = 0
      var drops: [String] = []
      do {
        try importer.decode(line.bytes, line: line.number, file: name) {
          made += 1
          items.append(.event($0, line: line.number))
        } note: {
          Self.count($0, added: &added, drops: &drops)
          items.append(.note($0))
        }
      } catch {
        // The replay counts this line as skipped; rows held back with it are lost.
        importTally.lose(heldBefore - importer.linesHeldBack)
        throw error
      }
      importTally.conclude(
        lines: 1 + heldBefore - importer.linesHeldBack,
        blank: line.bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }, made: made,
        added: added, drops: drops)
    }
    importedIndex += 1
    return items[importedIndex - 1]
  }
}
