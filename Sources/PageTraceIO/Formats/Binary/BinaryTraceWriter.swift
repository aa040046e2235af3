import PageTrace

/// Writes a trace in the binary format (`docs/binary-format.md`) through a reusable buffer.
///
/// The file starts with the magic `PGTRACE\0`, the version, and the configuration as the
/// canonical JSON of ``ConfigurationPatch/jsonBytes()`` (or none); then every event is one
/// fixed-size 40-byte little-endian record. Session names and string touch ids go into a
/// string table written as the trace goes: each string is defined by an entry record (and its
/// UTF-8 bytes, padded to whole records) just before its first use, then referred to by index.
/// Nothing is ever seeked back to, so the output may be a pipe.
///
/// The table holds at most ``stringCapacity`` strings and
/// ``BinaryTraceReader/maximumStringTableSize`` bytes, so that readers need bounded memory;
/// when full, the least recently used string's index is redefined. Encoding is exact: times,
/// coordinates and numeric ids keep their bits (`-0.0`, subnormals), `set` integers are 64-bit.
/// Events are written as given: an event ``TraceDecoder`` would never produce (a non-finite
/// number, a touch other than `cancel` without coordinates, an integer beyond ±2^53) is
/// encoded faithfully and rejected by the reader.
///
/// The file ends with an end marker (format version 2): the number of events and a checksum
/// of every byte before it, kept as the records are written (15 integer operations per
/// record, no allocation), so that readers can tell a complete trace from one cut short or
/// damaged.
///
/// Like ``RecordWriter``, nothing is allocated per event once a trace's strings are known;
/// records go to the descriptor as ``flushPolicy`` says (by default when the buffer passes
/// 64 KiB; after each event under ``FlushPolicy/perEvent`` and ``FlushPolicy/perRecord``), on
/// ``flush()`` and at the end; the first write failure is kept in ``failure`` and thrown by ``flush()``
/// and ``finish()``. Call ``finish()`` at the end: it writes the end marker (once), and the
/// file header of a trace without events. ``flush()`` alone leaves a file without the
/// marker, which readers report as cut short.
///
/// ```swift
/// var output = try OutputFile(path: "trace.pgtrace", inputs: [])
/// var writer = BinaryTraceWriter(descriptor: output.descriptor, name: output.name)
/// writer.writeHeader(patch)                 // optional; at most once, first
/// for event in events { writer.write(event) }
/// try writer.finish()                       // the end marker; nothing may follow
/// try output.commit()
/// ```
public struct BinaryTraceWriter: ~Copyable {
  /// The default number of strings the table holds before indices are reused: 4096.
  public static let defaultStringCapacity = 4096

  /// The descriptor written to; the writer never closes it.
  public let descriptor: SystemDescriptor
  /// The name of the output in errors.
  public let name: String
  /// When records are written out.
  public let flushPolicy: FlushPolicy
  /// The buffered size at which records are written out: 1 (every event) under
  /// ``FlushPolicy/perEvent``.
  public let threshold: Int
  /// The most strings defined at once, from 2 to ``BinaryTraceReader/maximumStringCount``.
  public let stringCapacity: Int
  /// The first write failure, after which records are dropped.
  public private(set) var failure: FileError?
  /// The number of events written so far.
  public private(set) var eventCount = 0
  /// Whether the trace is finished: its end marker is written (``finish()``).
  public private(set) var isFinished = false

  private var buffer: _OutputBuffer
  /// Whether the file header (magic, version, configuration) has been written.
  public private(set) var hasHeader = false
  /// The checksum of every byte appended so far, for the end marker.
  private var checksum = _BinaryChecksum()
  /// The string at each index (index 1 is element 0), as the reader's table holds it.
  private var strings: [String] = []
  /// The index of each string in ``strings`` (one of them, if a string is there twice), by
  /// its UTF-8 bytes: canonically equivalent names (`"é"`, `"e\u{301}"`) are two strings.
  private var indices: [_UTF8Name: UInt32] = [:]
  /// The order in which indices are reused once the table is full; ``clock`` counts the
  /// events, the time of each use.
  private var recency = _StringRecency()
  private var clock: UInt64 = 0
  /// The total UTF-8 size of ``strings``.
  private var tableSize = 0

  /// Creates a writer; nothing is written before the first event, header or flush.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor.
  ///   - name: The name used in errors.
  ///   - flush: When records are written out: when 64 KiB are buffered (the default), or after
  ///     each event (``FlushPolicy/perEvent`` and ``FlushPolicy/perRecord`` alike).
  ///   - stringCapacity: The most strings defined at once (clamped to the format's limits).
  ///
  /// ```swift
  /// var writer = BinaryTraceWriter(descriptor: .standardOutput, flush: .perEvent)
  /// ```
  public init(
    descriptor: SystemDescriptor, name: String = "<stdout>", flush: FlushPolicy = .buffered,
    stringCapacity: Int = defaultStringCapacity
  ) {
    self.descriptor = descriptor
    self.name = name
    self.flushPolicy = flush
    self.threshold = flush.writesEachEvent ? 1 : flush.threshold
    self.stringCapacity = min(max(stringCapacity, 2), BinaryTraceReader.maximumStringCount)
    self.buffer = _OutputBuffer(capacity: self.threshold + 512)
  }

  /// Writes the file header with this configuration.
  ///
  /// Without a call, the file header says "no configuration" (as a JSON Lines trace without a
  /// header line).
  ///
  /// - Precondition: Nothing was written yet (and the trace is not finished).
  public mutating func writeHeader(_ patch: ConfigurationPatch) {
    precondition(!hasHeader, "the header must come first, and only once")
    appendFileHeader(patch)
  }

  /// Appends one event (and the string entries it needs first).
  ///
  /// - Precondition: The trace is not finished (``finish()`` was not called).
  public mutating func write(_ event: PageControlEvent) {
    precondition(!isFinished, "the trace is finished: nothing may be written after its end")
    if !hasHeader { appendFileHeader(nil) }
    guard failure == nil else { return }
    eventCount += 1
    clock += 1
    // Strings first: their entries must come before the record that uses them.
    var session: UInt32 = 0
    if let name = event.session { session = intern(name, keeping: 0) }
    var stringID: UInt32 = 0
    if case .touch(_, .string(let id), _, _) = event.action {
      stringID = intern(id, keeping: session)
    }
    let kind: UInt8
    var code: UInt8 = 0
    var flags: UInt8 = 0
    var extra: UInt8 = 0
    var xBits: UInt64 = 0
    var yBits: UInt64 = 0
    var idBits: UInt64 = 0
    switch event.action {
    case .touch(let phase, let id, let x, let y):
      kind = _BinaryRecord.touch
      code = _BinaryRecord.code(of: phase)
      if let x {
        flags |= _BinaryRecord.hasX
        xBits = x.bitPattern
      }
      if let y {
        flags |= _BinaryRecord.hasY
        yBits = y.bitPattern
      }
      switch id {
      case .number(let value):
        idBits = value.bitPattern
      case .string:
        flags |= _BinaryRecord.idIsString
        idBits = UInt64(stringID)
      }
    case .pointer(let phase, let x, let y):
      kind = _BinaryRecord.pointer
      code = _BinaryRecord.code(of: phase)
      flags = _BinaryRecord.hasX | _BinaryRecord.hasY
      xBits = x.bitPattern
      yBits = y.bitPattern
    case .key(let key):
      kind = _BinaryRecord.key
      code = _BinaryRecord.code(of: key)
    case .focus(let isOnControl):
      kind = _BinaryRecord.focus
      code = isOnControl ? 1 : 0
    case .accessibility(let action):
      kind = _BinaryRecord.accessibility
      code = _BinaryRecord.code(of: action)
    case .set(let change):
      kind = _BinaryRecord.set
      if let current = change.current {
        flags |= _BinaryRecord.hasCurrent
        xBits = UInt64(bitPattern: Int64(current))
      }
      if let pages = change.pages {
        flags |= _BinaryRecord.hasPages
        yBits = UInt64(bitPattern: Int64(pages))
      }
      if let enabled = change.enabled {
        flags |= _BinaryRecord.hasEnabled | (enabled ? _BinaryRecord.enabledValue : 0)
      }
      if let continuous = change.continuous {
        flags |= _BinaryRecord.hasContinuous | (continuous ? _BinaryRecord.continuousValue : 0)
      }
      extra = _BinaryRecord.extra(of: change.style)
    }
    // Bytes 8 to 15: kind, code, flags, extra, session.
    let fields =
      UInt64(kind) | UInt64(code) << 8 | UInt64(flags) << 16 | UInt64(extra) << 24
      | UInt64(session) << 32
    let timeBits = event.time.bitPattern
    buffer.reserve(_BinaryRecord.size)
    let record = buffer.start + buffer.count
    record._store(timeBits, at: 0)
    record._store(fields, at: _BinaryRecord.kindOffset)
    record._store(xBits, at: _BinaryRecord.xOffset)
    record._store(yBits, at: _BinaryRecord.yOffset)
    record._store(idBits, at: _BinaryRecord.idOffset)
    checksum.add(timeBits, fields, xBits, yBits, idBits)
    buffer.count += _BinaryRecord.size
    if buffer.count >= threshold { writeOut() }
  }

  /// Ends the trace: writes the end marker (the number of events and the checksum of every
  /// byte before it; docs/binary-format.md), then everything buffered. The file header is
  /// written first if nothing was written yet.
  ///
  /// The marker is written once: later calls only report the failure, if any. Nothing may be
  /// written after this call.
  ///
  /// - Throws: The first ``FileError`` met by this or an earlier write.
  public mutating func finish() throws(FileError) {
    if !isFinished {
      if !hasHeader { appendFileHeader(nil) }
      isFinished = true
      buffer.reserve(_BinaryRecord.size)
      _BinaryEndMarker.store(
        count: UInt64(eventCount), checksum: checksum.value, at: buffer.start + buffer.count)
      buffer.count += _BinaryRecord.size
    }
    writeOut()
    if let failure { throw failure }
  }

  /// Writes out everything buffered (and the file header, if nothing was written yet),
  /// without ending the trace: more events may follow.
  ///
  /// A file left at this point has no end marker, so readers report it as cut short: this is
  /// how a trace whose writing failed part way should stay. Call ``finish()`` at the end.
  ///
  /// - Throws: The first ``FileError`` met by this or an earlier write.
  public mutating func flush() throws(FileError) {
    if !hasHeader { appendFileHeader(nil) }
    writeOut()
    if let failure { throw failure }
  }

  // MARK: Header

  private mutating func appendFileHeader(_ patch: ConfigurationPatch?) {
    hasHeader = true
    let json = patch?.jsonBytes() ?? []
    let total = _BinaryRecord.padded(_BinaryRecord.headerSize + json.count)
    buffer.reserve(total)
    let start = buffer.start + buffer.count
    start.initializeMemory(as: UInt8.self, repeating: 0, count: total)
    BinaryTraceReader.magic.withUnsafeBytes {
      start.copyMemory(from: $0.baseAddress!, byteCount: 8)
    }
    start._store(BinaryTraceReader.version, at: 8)
    start._store(UInt16(0), at: 10)
    start._store(UInt32(json.count), at: 12)
    json.withUnsafeBytes { bytes in
      if let source = bytes.baseAddress, !bytes.isEmpty {
        (start + _BinaryRecord.headerSize).copyMemory(from: source, byteCount: bytes.count)
      }
    }
    checksum.add(start, count: total)
    buffer.count += total
    if buffer.count >= threshold { writeOut() }
  }

  // MARK: String table

  /// The index of a string, defining it first (in an entry before the event's record) if
  /// needed; never evicts the index `kept`, which the event being written uses too.
  private mutating func intern(_ string: String, keeping kept: UInt32) -> UInt32 {
    if let index = indices[_UTF8Name(string)] {
      recency.use(Int(index) - 1, at: clock)
      return index
    }
    let length = string.utf8.count
    let index: UInt32
    if strings.count < stringCapacity
      && tableSize + length <= BinaryTraceReader.maximumStringTableSize
    {
      strings.append("")
      recency.append()
      index = UInt32(strings.count)
    } else {
      index = leastRecentlyUsed(excluding: kept, 0)
    }
    // Empty other strings first, until the new one fits: the reader's table never holds more
    // than the limit (a string too large for the table alone is written, and the reader
    // reports it).
    let replaced = strings[Int(index) - 1].utf8.count
    while tableSize - replaced + length > BinaryTraceReader.maximumStringTableSize {
      let victim = leastRecentlyUsed(excluding: kept, index, nonEmpty: true)
      guard victim != 0 else { break }
      define("", at: victim)
    }
    define(string, at: index)
    return index
  }

  /// The index used longest ago (of two used by one event, the lower), other than the two
  /// given (0: none) and, with `nonEmpty`, other than an empty string's; 0 if there is none
  /// (docs/binary-format.md, "String table").
  private func leastRecentlyUsed(
    excluding first: UInt32, _ second: UInt32, nonEmpty: Bool = false
  ) -> UInt32 {
    let position = recency.leastRecent(excluding: Int(first) - 1, Int(second) - 1) {
      !nonEmpty || !strings[$0].isEmpty
    }
    return position.map { UInt32($0 + 1) } ?? 0
  }

  /// Writes the entry that sets an index to a string, and records it.
  private mutating func define(_ string: String, at index: UInt32) {
    let position = Int(index) - 1
    let old = strings[position]
    if indices[_UTF8Name(old)] == index { indices[_UTF8Name(old)] = nil }
    tableSize += string.utf8.count - old.utf8.count
    strings[position] = string
    recency.use(position, at: clock)
    if indices[_UTF8Name(string)] == nil { indices[_UTF8Name(string)] = index }

    let length = string.utf8.count
    let total = _BinaryRecord.size + _BinaryRecord.padded(length)
    buffer.reserve(total + _BinaryRecord.size)
    let entry = buffer.start + buffer.count
    entry.initializeMemory(as: UInt8.self, repeating: 0, count: total)
    entry._store(_BinaryRecord.stringEntry, at: _BinaryRecord.kindOffset)
    entry._store(index, at: _BinaryRecord.sessionOffset)
    entry._store(UInt64(length), at: _BinaryRecord.xOffset)
    var copy = string
    copy.withUTF8 { utf8 in
      if let source = utf8.baseAddress, length > 0 {
        (entry + _BinaryRecord.size).copyMemory(from: source, byteCount: length)
      }
    }
    checksum.add(entry, count: total)
    buffer.count += total
  }

  private mutating func writeOut() {
    buffer.drain(to: descriptor.rawValue, name: name, failure: &failure)
  }
}
