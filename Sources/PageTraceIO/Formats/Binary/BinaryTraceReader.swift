import PageTrace

/// Reads a binary trace (`docs/binary-format.md`) from a file, pipe or standard input, in
/// fixed-size chunks, with bounded memory.
///
/// ``next()`` hands out the header's configuration (if the file has one), then the events,
/// each with its record number. Every byte sequence gives events or a ``TraceError``, never a
/// trap: the reader accepts exactly the events ``TraceDecoder`` accepts (finite numbers, known
/// codes, coordinates on touches other than `cancel`, integers within ±2^53) and checks that
/// every unused field and padding byte is zero, so each event has one encoding.
///
/// Errors name the file, the record number as the line and column 1: record *n* is the 40
/// bytes at offset `40 × (n − 1)`, the file header being record 1. An error in an event record
/// skips that record: the next call goes on with the following one (`--on-error skip`). Any
/// other error (the file header, a string entry, a truncated file, the end marker, a failed
/// read) ends the trace: later calls return `nil`.
///
/// A version 2 file ends with an end marker holding the number of event records and a
/// checksum of every byte before it. The reader checks both, and that nothing follows the
/// marker: input that ends without it (cut on a record boundary or inside a record), a wrong
/// count or checksum, or data after it are data errors, reported after the events read so far.
/// A version 1 file has no end marker and still reads as before, but the first item handed
/// out is a ``TraceItem/note(_:)`` warning that a cut cannot be detected in it.
///
/// Memory is bounded: the buffer starts at ``chunkSize`` bytes and grows only to hold the
/// file header or one string whole (at most ``maximumHeaderLength`` and
/// ``maximumStringLength`` bytes); the string table holds at most ``maximumStringCount``
/// strings and ``maximumStringTableSize`` bytes. Each string is decoded once, when its entry
/// is read; after that, reading an event allocates nothing.
///
/// ```swift
/// var reader = try BinaryTraceReader(path: "trace.pgtrace")
/// while let item = try reader.next() {
///   if case .event(let event, let record) = item { print(record, event.time) }
/// }
/// ```
public struct BinaryTraceReader: ~Copyable {
  /// The first 8 bytes of every binary trace: `PGTRACE` and a zero byte.
  public static let magic: [UInt8] = [0x50, 0x47, 0x54, 0x52, 0x41, 0x43, 0x45, 0x00]
  /// The format version ``BinaryTraceWriter`` writes, the newest this reader reads: 2, with
  /// an end marker.
  public static let version: UInt16 = 2
  /// The oldest format version this reader reads: 1, without an end marker.
  public static let oldestVersion: UInt16 = 1
  /// The size of every record, in bytes.
  public static let recordSize = 40
  /// The longest configuration accepted in the file header: 1 MiB, as a `--config` file.
  public static let maximumHeaderLength = ConfigurationPatch.defaultMaximumFileSize
  /// The most strings the table may hold: indices run from 1 to 65,536.
  public static let maximumStringCount = 1 << 16
  /// The most bytes the strings of the table may hold together: 16 MiB.
  public static let maximumStringTableSize = 16 << 20
  /// The default chunk size: 1 MiB.
  public static let defaultChunkSize = 1 << 20
  /// The default longest string: 1 MiB, as the longest line of a JSON Lines trace.
  public static let defaultMaximumStringLength = 1 << 20

  /// The name used in errors: the path, or `<stdin>`.
  public let name: String
  /// The number of bytes asked of the system per read.
  public let chunkSize: Int
  /// The longest string accepted in the string table, in bytes; at most
  /// ``maximumStringTableSize``.
  public let maximumStringLength: Int
  /// The number of the record last handed out or reported; 0 before the first.
  public private(set) var recordNumber = 0
  /// The format version of the input, from its file header; 0 until the header is read.
  public private(set) var formatVersion: UInt16 = 0

  private enum _State {
    /// Before the file header.
    case header
    /// After the warning note of a version 1 file, before its header's configuration.
    case headerAfterNote
    case records
    case finished
  }

  private let source: _ByteSource
  private var buffer: UnsafeMutableRawPointer
  private var capacity: Int
  /// The offset of the first byte not consumed.
  private var start = 0
  /// The end of the bytes read so far.
  private var end = 0
  private var atEndOfInput = false
  private var state = _State.header
  /// The number of whole records consumed.
  private var consumedRecords = 0
  /// The string table, and the numbers of the names events use.
  private var names = _BinaryStrings()
  /// The session names met in events; session `n` is number `n`.
  package var sessionNames: _NameTable { names.sessionNames }
  /// Forgets the session numbered last (``TraceReader/forgetNewestSession()``).
  mutating func forgetNewestSession() { names.forgetNewestSession() }
  /// Takes back a refused `down` (``TraceReader/forgetTouchDown(_:)``).
  mutating func forgetTouchDown(_ event: EngineEvent) { names.forgetDown(event) }
  /// The number of the last event's string id if it was a freed one given to a new id, else
  /// 0 (``TraceReader/reusedTouchNumber``).
  @usableFromInline package var reusedTouchNumber: Int32 { names.reusedTouchNumber }
  /// The string touch ids met in events.
  package var touchNames: _NameTable { names.touchNames }
  /// The header's configuration, once read.
  public private(set) var header: ConfigurationPatch?
  /// The warning of a version 1 file, once handed out.
  public private(set) var note: ImportNote?
  /// The number of event records consumed (valid or not), for the end marker.
  private var eventRecords: UInt64 = 0
  /// The checksum of every byte consumed, for the end marker.
  private var checksum = _BinaryChecksum()

  /// Reads from a descriptor the caller owns (it is not closed), e.g. standard input.
  ///
  /// - Parameters:
  ///   - descriptor: An open file descriptor.
  ///   - name: The name used in errors.
  ///   - chunkSize: Bytes per read, at least 1.
  ///   - maximumStringLength: The longest string accepted, in bytes (at most
  ///     ``maximumStringTableSize``).
  public init(
    descriptor: Int32, name: String, chunkSize: Int = defaultChunkSize,
    maximumStringLength: Int = defaultMaximumStringLength
  ) {
    self.init(
      source: _ByteSource(descriptor: descriptor, owned: false, name: name),
      chunkSize: chunkSize, maximumStringLength: maximumStringLength,
      prefix: UnsafeRawBufferPointer(start: nil, count: 0),
      prefixEndsInput: false)
  }

  /// Opens a file for reading; the descriptor is closed when the reader goes away.
  ///
  /// - Throws: ``FileError`` with kind ``FileError/Kind/notFound``,
  ///   ``FileError/Kind/isDirectory``, ``FileError/Kind/notReadable`` or
  ///   ``FileError/Kind/openFailed``.
  public init(
    path: String, chunkSize: Int = defaultChunkSize,
    maximumStringLength: Int = defaultMaximumStringLength
  ) throws(FileError) {
    let descriptor = try _System.openForReading(SystemPath(path))
    self.init(
      source: _ByteSource(descriptor: descriptor, owned: true, name: path),
      chunkSize: chunkSize, maximumStringLength: maximumStringLength,
      prefix: UnsafeRawBufferPointer(start: nil, count: 0),
      prefixEndsInput: false)
  }

  /// Reads from a source after `prefix`, the bytes already read from it (the format sniffing
  /// of ``TraceReader``, which may decompress gzip on the way); `prefixEndsInput` when the
  /// source reported its end.
  init(
    source: consuming _ByteSource, chunkSize: Int, maximumStringLength: Int,
    prefix: UnsafeRawBufferPointer, prefixEndsInput: Bool
  ) {
    precondition(chunkSize >= 1 && maximumStringLength >= 0, "invalid sizes")
    self.name = source.name
    self.source = source
    self.chunkSize = chunkSize
    self.maximumStringLength = min(maximumStringLength, Self.maximumStringTableSize)
    self.capacity = max(chunkSize, Self.recordSize, prefix.count)
    self.buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    if let source = prefix.baseAddress, !prefix.isEmpty {
      buffer.copyMemory(from: source, byteCount: prefix.count)
    }
    self.end = prefix.count
    self.atEndOfInput = prefixEndsInput
  }

  /// Reads from a source after the first `count` bytes of `buffer`, the bytes already read
  /// from it, taking the buffer over (it must come from `UnsafeMutableRawPointer.allocate`;
  /// the reader deallocates it): the format sniffing of ``TraceReader`` hands over its first
  /// chunk so, rather than have it copied (a `memcpy` of 1 MiB a process).
  init(
    source: consuming _ByteSource, chunkSize: Int, maximumStringLength: Int,
    adopting buffer: UnsafeMutableRawPointer, capacity: Int, count: Int, prefixEndsInput: Bool
  ) {
    precondition(chunkSize >= 1 && maximumStringLength >= 0, "invalid sizes")
    precondition(count >= 0 && count <= capacity, "invalid sizes")
    self.name = source.name
    self.source = source
    self.chunkSize = chunkSize
    self.maximumStringLength = min(maximumStringLength, Self.maximumStringTableSize)
    self.capacity = capacity
    self.buffer = buffer
    self.end = count
    self.atEndOfInput = prefixEndsInput
  }

  deinit {
    buffer.deallocate()
  }

  /// Returns the header (first, if the file has a configuration), then the next event, or
  /// `nil` at the end of the trace. For a version 1 file, a warning note comes first.
  ///
  /// - Throws: ``TraceError`` for bad content, or ``FileError``
  ///   (``FileError/Kind/readFailed``) if reading fails.
  public mutating func next() throws -> TraceItem? {
    var event = EngineEvent(time: 0, .focus(false))
    guard let kind = try next(into: &event) else { return nil }
    switch kind {
    case .blank: return .blank
    case .header: return .header(header!)
    case .note: return .note(note!)
    case .otherShard: preconditionFailure("a binary trace is read whole")
    case .event:
      let session = event.session.rawValue == 0 ? nil : sessionNames.name(event.session.rawValue)
      return .event(
        PageControlEvent(event, session: session, touchNames: touchNames), line: recordNumber)
    }
  }

  /// Reads the header, the note or the next event, decoding an event straight into `event`;
  /// `nil` at the end of the trace (see ``TraceReader/next(into:)``).
  ///
  /// - Throws: ``TraceError`` for bad content, or ``FileError``
  ///   (``FileError/Kind/readFailed``) if reading fails.
  public mutating func next(into event: inout EngineEvent) throws -> TraceItemKind? {
    if nextCommonTouch(into: &event) { return .event }
    return try nextInGeneral(into: &event)
  }

  /// ``next(into:)``, then the record number into `line`, even when it throws: the form
  /// ``TraceReader`` and the replay loop call, so that they look into their optional reader once
  /// an event (each look is a call). Its hot path is inlined into the caller's loop: as a call,
  /// it cost the replay loop a frame, and `event` and the line passed through memory.
  @usableFromInline @inline(__always)
  mutating func next(
    into event: inout EngineEvent, recordNumber line: inout Int
  ) throws -> TraceItemKind? {
    if nextCommonTouch(into: &event) {
      line = recordNumber
      return .event
    }
    defer { line = recordNumber }
    return try nextInGeneral(into: &event)
  }

  /// ``next(into:recordNumber:)`` out of line, for ``TraceReader/next(into:)``: the replay
  /// loop reads a binary trace without it, and inlined there it made the loop of JSON Lines
  /// (the same function) dearer.
  @inline(never)
  mutating func nextRecord(
    into event: inout EngineEvent, recordNumber line: inout Int
  ) throws -> TraceItemKind? {
    try next(into: &event, recordNumber: &line)
  }

  /// The hot path of ``next(into:)``, taken by nearly every record of a trace: a whole record
  /// in the buffer that is a valid touch at a point with a numeric id, in a session already
  /// numbered, decoded into `event`; `false`, with nothing consumed, for anything else. It does
  /// what the general path does for such a record (the same record number, checksum, counts
  /// and name tracking), without its calls: `fill`, the end-marker and string-entry tests,
  /// and `decodeEvent`'s checks and large frame (Benchmarks/HISTORY-2026-11.md, "Issue 24,
  /// second round: the binary hot path and the replay loop"). Anything else, valid or not,
  /// goes the general way, which reports every error as before.
  @inline(__always)
  private mutating func nextCommonTouch(into event: inout EngineEvent) -> Bool {
    guard state == .records, end - start >= Self.recordSize else { return false }
    let record = UnsafeRawPointer(buffer + start)
    guard Self.decodeCommonTouch(record, into: &event, names: names) else { return false }
    consumeCommon(record)
    return true
  }

  /// Consumes a record decoded by a fast path, doing what the general path does for it: the
  /// record number, checksum and counts, and the name tracking.
  @inline(__always)
  private mutating func consumeCommon(_ record: UnsafeRawPointer) {
    recordNumber = consumedRecords + 1
    checksum.add(record: record)
    start += Self.recordSize
    consumedRecords += 1
    eventRecords += 1
    names.beginEvent()
    // No `names.endEvent(event)`: it follows a string touch id the event looked up, and this
    // one looked up no name (`beginEvent` leaves `lastNumber` at 0, which makes `endEvent`
    // return at once). Called, it copied the 65-byte event into an optional on the stack
    // before its test.
    assert(names.touchNames.lastNumber == 0, "a name looked up on the fast path")
  }

  /// Decodes into `event` a record that is a valid touch at a point with a numeric id, in the
  /// default session or one whose string index is already numbered; `false`, with `event`
  /// untouched, for any other record (which ``decodeEvent(_:into:names:)`` then decodes or
  /// reports). Straight into `event`: returning an optional event cost a copy of it through
  /// the stack.
  @inline(__always)
  private static func decodeCommonTouch(
    _ record: UnsafeRawPointer, into event: inout EngineEvent, names: borrowing _BinaryStrings
  ) -> Bool {
    // Kind, code, flags and extra in one load: touch (1), phase 0 to 3, x and y present (3),
    // no extra (0).
    let fixed = record._uint32(at: _BinaryRecord.kindOffset)
    guard fixed & 0xFFFF_FCFF == 0x0003_0001,
      let phase = _BinaryRecord.touchPhase(UInt8(truncatingIfNeeded: fixed >> 8))
    else { return false }
    let time = Double(bitPattern: record._uint64(at: 0))
    let x = Double(bitPattern: record._uint64(at: _BinaryRecord.xOffset))
    let y = Double(bitPattern: record._uint64(at: _BinaryRecord.yOffset))
    let id = Double(bitPattern: record._uint64(at: _BinaryRecord.idOffset))
    guard time.isFinite && x.isFinite && y.isFinite && id.isFinite else { return false }
    guard let session = names.numberedSession(of: record) else { return false }
    event = EngineEvent(
      time: time, session: session, .touch(phase, id: .number(id), x: x, y: y))
    return true
  }

  /// The second fast path, at the start of the general one: a record that is a valid pointer
  /// event (kind 2, phase 0 to 3, x and y present and finite, no extra, id 0) or a valid key
  /// (kind 3, key 0 to 7, every other field 0), with a finite time, in the default session or
  /// one already numbered, decoded into `event`; `false`, with `event` untouched, for any other
  /// record: about 2 % of the records of a generated trace, each far dearer on the general
  /// path. Kept out of the touch's path inlined in the replay loop, which it made dearer for
  /// every event there (Benchmarks/HISTORY-2026-11.md, "Issue 24, third round: the binary hot
  /// path (reader, record writer, start-up)").
  @inline(__always)
  private static func decodePointerOrKey(
    _ record: UnsafeRawPointer, into event: inout EngineEvent, names: borrowing _BinaryStrings
  ) -> Bool {
    let fixed = record._uint32(at: _BinaryRecord.kindOffset)
    let time = Double(bitPattern: record._uint64(at: 0))
    let xBits = record._uint64(at: _BinaryRecord.xOffset)
    let yBits = record._uint64(at: _BinaryRecord.yOffset)
    let idBits = record._uint64(at: _BinaryRecord.idOffset)
    let code = UInt8(truncatingIfNeeded: fixed >> 8)
    guard time.isFinite else { return false }
    let action: EngineEvent.Action
    if fixed & 0xFFFF_FCFF == 0x0003_0002 {
      // Pointer (2), phase 0 to 3, x and y present (3), no extra.
      let x = Double(bitPattern: xBits)
      let y = Double(bitPattern: yBits)
      guard idBits == 0, x.isFinite && y.isFinite, let phase = _BinaryRecord.pointerPhase(code)
      else { return false }
      action = .pointer(phase, x: x, y: y)
    } else if fixed & 0xFFFF_F8FF == 0x0000_0003 {
      // Key (3), key 0 to 7, no flags, no extra.
      guard xBits | yBits | idBits == 0, let key = _BinaryRecord.key(code) else { return false }
      action = .key(key)
    } else {
      return false
    }
    guard let session = names.numberedSession(of: record) else { return false }
    event = EngineEvent(time: time, session: session, action)
    return true
  }

  /// The general path of ``next(into:)``: every kind of record, and every error (after the
  /// second fast path, ``decodePointerOrKey(_:into:names:)``).
  private mutating func nextInGeneral(into event: inout EngineEvent) throws -> TraceItemKind? {
    if state == .records, end - start >= Self.recordSize {
      let record = UnsafeRawPointer(buffer + start)
      if Self.decodePointerOrKey(record, into: &event, names: names) {
        consumeCommon(record)
        return .event
      }
    }
    switch state {
    case .records:
      break
    case .finished:
      return nil
    case .header, .headerAfterNote:
      if let item = try nextBeforeRecords() { return item }
    }
    let record: UnsafeRawPointer
    do {
      while true {
        recordNumber = consumedRecords + 1
        guard try fill(Self.recordSize) else {
          state = .finished
          let left = end - start
          if left > 0 {
            throw failure(
              "a complete record of \(Self.recordSize) bytes",
              "the end of the file after \(left) byte\(left == 1 ? "" : "s")")
          }
          guard formatVersion == 1 else {
            throw failure(
              "the end marker (the trace was cut short?)",
              "the end of the input after record \(consumedRecords)")
          }
          return nil
        }
        let next = UnsafeRawPointer(buffer + start)
        let kind = next._byte(at: _BinaryRecord.kindOffset)
        if kind == _BinaryEndMarker.kind && formatVersion >= 2 {
          state = .finished
          try readEndMarker(next)
          return nil
        }
        if kind != _BinaryRecord.stringEntry {
          record = next
          break
        }
        try readStringEntry(next)
      }
    } catch {
      state = .finished
      throw error
    }
    // The record stays in the buffer until the next read.
    checksum.add(record: record)
    start += Self.recordSize
    consumedRecords += 1
    eventRecords += 1
    names.beginEvent()
    do {
      try Self.decodeEvent(record, into: &event, names: &names)
      names.endEvent(event)
      return .event
    } catch {
      names.endEvent(nil)
      throw failure(error.expected, error.found)
    }
  }

  /// The items before the first record: the warning note of a version 1 file, and the
  /// header's configuration; `nil` when none is left. Kept out of ``next()``, its hot path.
  @inline(never)
  private mutating func nextBeforeRecords() throws -> TraceItemKind? {
    if state == .headerAfterNote {
      state = .records
      return header == nil ? nil : .header
    }
    do {
      header = try readHeader()
      if formatVersion == 1 {
        state = .headerAfterNote
        note = ImportNote(
          file: name, line: 1,
          message:
            "binary trace format version 1 has no end marker, so a cut cannot be detected;"
            + " convert it again (pagetrace convert --to binary) to get version 2")
        return .note
      }
      state = .records
      return header == nil ? nil : .header
    } catch {
      state = .finished
      throw error
    }
  }

  // MARK: Buffer

  /// Makes `count` bytes available from ``start``; `false` if the input ends first.
  ///
  /// - Throws: ``FileError`` if reading fails; ``TraceError`` at the current record for a
  ///   damaged gzip stream.
  private mutating func fill(_ count: Int) throws -> Bool {
    while end - start < count {
      if atEndOfInput { return false }
      let available = end - start
      if capacity < count {
        let newCapacity = max(count, min(capacity * 2, count + chunkSize))
        let newBuffer = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        if available > 0 { newBuffer.copyMemory(from: buffer + start, byteCount: available) }
        buffer.deallocate()
        buffer = newBuffer
        capacity = newCapacity
        start = 0
        end = available
      } else if start > 0 && (capacity - start < count || capacity - end < chunkSize) {
        if available > 0 { _System.move(buffer, from: buffer + start, count: available) }
        start = 0
        end = available
      }
      let read: Int
      do {
        read = try source.read(into: buffer + end, count: min(chunkSize, capacity - end))
      } catch let damage as _GzipDamage {
        throw failure(damage.expected, damage.found)
      }
      if read == 0 { atEndOfInput = true } else { end += read }
    }
    return true
  }

  // MARK: Header

  /// Reads the file header: magic, version, flags and configuration (`nil` when absent).
  private mutating func readHeader() throws -> ConfigurationPatch? {
    recordNumber = 1
    let fixed = _BinaryRecord.headerSize
    let isComplete = try fill(fixed)
    let header = UnsafeRawPointer(buffer + start)
    let available = end - start
    for index in 0..<min(8, available) where header._byte(at: index) != Self.magic[index] {
      throw failure(
        "the magic bytes PGTRACE\\0 of a binary trace",
        _hex(UnsafeRawBufferPointer(start: header, count: min(8, available))))
    }
    guard isComplete else {
      throw failure(
        "a binary trace header of \(fixed) bytes",
        available == 0 ? "an empty file" : "the end of the file after \(available) bytes")
    }
    let version = header._uint16(at: 8)
    guard version >= Self.oldestVersion && version <= Self.version else {
      throw failure(
        "the binary trace format version \(Self.oldestVersion) or \(Self.version)",
        "version \(version)")
    }
    let flags = header._uint16(at: 10)
    guard flags == 0 else { throw failure("the header flags 0", "0x\(_hex(flags))") }
    let length = Int(header._uint32(at: 12))
    guard length <= Self.maximumHeaderLength else {
      throw failure(
        "a header configuration of at most \(Self.maximumHeaderLength) bytes", "\(length) bytes")
    }
    let total = _BinaryRecord.padded(fixed + length)
    guard try fill(total) else {
      throw failure(
        "a header of \(total) bytes (a configuration of \(length) bytes, padded)",
        "the end of the file after \(end - start) bytes")
    }
    let bytes = UnsafeRawPointer(buffer + start)
    for offset in fixed + length..<total where bytes._byte(at: offset) != 0 {
      throw failure(
        "zero padding after the header configuration", "a byte \(bytes._byte(at: offset))")
    }
    var patch: ConfigurationPatch?
    if length > 0 {
      do {
        patch = try ConfigurationPatch(
          json: UnsafeRawBufferPointer(start: bytes + fixed, count: length), file: name)
      } catch {
        let position =
          error.line == 1 ? "column \(error.column)" : "line \(error.line), column \(error.column)"
        throw failure(
          "\(error.expected) in the header configuration (at \(position) of its JSON)",
          error.found)
      }
    }
    checksum.add(bytes, count: total)
    start += total
    consumedRecords += total / Self.recordSize
    formatVersion = version
    return patch
  }

  // MARK: String table

  /// Reads a string entry at ``start`` and its bytes into the table.
  private mutating func readStringEntry(_ entry: UnsafeRawPointer) throws {
    let isClean =
      entry._uint64(at: 0) == 0 && entry._byte(at: _BinaryRecord.codeOffset) == 0
      && entry._byte(at: _BinaryRecord.flagsOffset) == 0
      && entry._byte(at: _BinaryRecord.extraOffset) == 0
      && entry._uint64(at: _BinaryRecord.yOffset) == 0
      && entry._uint64(at: _BinaryRecord.idOffset) == 0
    guard isClean else {
      throw failure("zero in the unused fields of a string entry", "a non-zero byte")
    }
    let index = Int(entry._uint32(at: _BinaryRecord.sessionOffset))
    let highest = min(names.strings.count + 1, Self.maximumStringCount)
    guard index >= 1 && index <= highest else {
      throw failure("a string index from 1 to \(highest) in a string entry", "\(index)")
    }
    let declared = entry._uint64(at: _BinaryRecord.xOffset)
    guard declared <= UInt64(maximumStringLength) else {
      throw failure("a string of at most \(maximumStringLength) bytes", "\(declared) bytes")
    }
    let length = Int(declared)
    let total = Self.recordSize + _BinaryRecord.padded(length)
    guard try fill(total) else {
      throw failure(
        "\(_BinaryRecord.padded(length)) bytes of string data after the string entry",
        "the end of the file after \(end - start - Self.recordSize) bytes")
    }
    let bytes = UnsafeRawPointer(buffer + start + Self.recordSize)
    for offset in length..<_BinaryRecord.padded(length) where bytes._byte(at: offset) != 0 {
      throw failure("zero padding after a string", "a byte \(bytes._byte(at: offset))")
    }
    guard
      let string = String(
        validating: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    else { throw failure("a string in UTF-8", "invalid UTF-8") }
    let old = index <= names.strings.count ? names.strings[index - 1].utf8.count : 0
    guard names.byteCount - old + length <= Self.maximumStringTableSize else {
      throw failure(
        "a string table of at most \(Self.maximumStringTableSize) bytes", "a larger one")
    }
    names.define(index, string)
    // The buffer may have moved since `entry` was taken: hash from `start`.
    checksum.add(UnsafeRawPointer(buffer + start), count: total)
    start += total
    consumedRecords += total / Self.recordSize
  }

  // MARK: End marker

  /// Checks the end marker at ``start`` against the records read, and that the input ends
  /// after it.
  private mutating func readEndMarker(_ marker: UnsafeRawPointer) throws {
    guard _BinaryEndMarker.hasMarkerLayout(marker) else {
      throw failure(
        "an end marker (the tag PGTEND\\0\\0, kind 255, zero reserved bytes)",
        "a record of kind 255 with the bytes "
          + _hex(UnsafeRawBufferPointer(start: marker, count: 16)) + " …")
    }
    let count = marker._uint64(at: _BinaryEndMarker.countOffset)
    guard count == eventRecords else {
      throw failure(
        "\(count) event record\(count == 1 ? "" : "s") (the count of the end marker)",
        "\(eventRecords) before it (records were lost or added?)")
    }
    let expected = marker._uint64(at: _BinaryEndMarker.checksumOffset)
    guard expected == checksum.value else {
      throw failure(
        "the checksum \(_hex64(expected)) of the end marker",
        "\(_hex64(checksum.value)) over records 1 to \(consumedRecords) (the trace was changed?)")
    }
    start += Self.recordSize
    consumedRecords += 1
    _ = try fill(8)
    let left = end - start
    guard left == 0 else {
      recordNumber = consumedRecords + 1
      let shown = UnsafeRawBufferPointer(start: buffer + start, count: min(left, 8))
      throw failure(
        "the end of the input after the end marker (record \(consumedRecords))",
        "more data: \(_hex(shown))\(left > 8 || !atEndOfInput ? " …" : "")")
    }
  }

  // MARK: Events

  /// What is wrong with an event record; ``next()`` makes it a ``TraceError``.
  struct _Problem: Error {
    var expected: String
    var found: String
    init(_ expected: String, _ found: String) {
      self.expected = expected
      self.found = found
    }
  }

  /// Decodes an event record into `event`, numbering the names it uses. Static, so that the
  /// reader (larger than what the compiler passes without a copy) is not copied for every
  /// event.
  private static func decodeEvent(
    _ record: UnsafeRawPointer, into event: inout EngineEvent, names: inout _BinaryStrings
  ) throws(_Problem) {
    let kind = record._byte(at: _BinaryRecord.kindOffset)
    let time = Double(bitPattern: record._uint64(at: 0))
    let code = record._byte(at: _BinaryRecord.codeOffset)
    let flags = record._byte(at: _BinaryRecord.flagsOffset)
    let extra = record._byte(at: _BinaryRecord.extraOffset)
    let sessionIndex = record._uint32(at: _BinaryRecord.sessionOffset)
    let xBits = record._uint64(at: _BinaryRecord.xOffset)
    let yBits = record._uint64(at: _BinaryRecord.yOffset)
    let idBits = record._uint64(at: _BinaryRecord.idOffset)

    // The common record, a touch at a point with a numeric id, takes one test of its fixed
    // fields; anything else, valid or not, goes through every check (which would find the
    // same first error: the time and the session are checked first there too).
    if kind == _BinaryRecord.touch && flags == _BinaryRecord.hasX | _BinaryRecord.hasY
      && extra == 0, let phase = _BinaryRecord.touchPhase(code)
    {
      let x = Double(bitPattern: xBits)
      let y = Double(bitPattern: yBits)
      let id = Double(bitPattern: idBits)
      if time.isFinite && x.isFinite && y.isFinite && id.isFinite {
        let session =
          sessionIndex == 0 ? .defaultSession : SessionID(try names.session(Int(sessionIndex)))
        event = EngineEvent(
          time: time, session: session, .touch(phase, id: .number(id), x: x, y: y))
        return
      }
    }
    guard kind <= _BinaryRecord.set else {
      throw _Problem("a record kind from 0 to 6", "\(kind)")
    }
    guard time.isFinite else { throw _Problem("a finite number for \"t\"", "\(time)") }
    let session =
      sessionIndex == 0 ? .defaultSession : SessionID(try names.session(Int(sessionIndex)))

    func unused(_ bits: UInt64, _ field: StaticString, _ kindName: StaticString)
      throws(_Problem)
    {
      if bits != 0 {
        throw _Problem("0 in the unused field \(field) of \(kindName) record", "\(bits)")
      }
    }
    func coordinate(_ bits: UInt64, _ isPresent: Bool, _ field: StaticString) throws(_Problem)
      -> Double?
    {
      guard isPresent else {
        if bits != 0 { throw _Problem("0 for the absent \"\(field)\"", "\(bits)") }
        return nil
      }
      let value = Double(bitPattern: bits)
      guard value.isFinite else { throw _Problem("a finite number for \"\(field)\"", "\(value)") }
      return value
    }

    let action: EngineEvent.Action
    switch kind {
    case _BinaryRecord.touch:
      guard let phase = _BinaryRecord.touchPhase(code) else {
        throw _Problem("a touch phase from 0 to 3 (down, move, up, cancel)", "\(code)")
      }
      guard flags & ~(_BinaryRecord.hasX | _BinaryRecord.hasY | _BinaryRecord.idIsString) == 0
      else { throw _Problem("touch flags within 0x07", "0x\(_hex(flags))") }
      try unused(UInt64(extra), "extra", "a touch")
      let x = try coordinate(xBits, flags & _BinaryRecord.hasX != 0, "x")
      let y = try coordinate(yBits, flags & _BinaryRecord.hasY != 0, "y")
      if phase != .cancel {
        if x == nil { throw _Problem("the field \"x\" on a touch event", "none") }
        if y == nil { throw _Problem("the field \"y\" on a touch event", "none") }
      }
      let id: TouchKey
      if flags & _BinaryRecord.idIsString != 0 {
        id = .name(try names.touch(idBits))
      } else {
        let value = Double(bitPattern: idBits)
        guard value.isFinite else { throw _Problem("a finite number for \"id\"", "\(value)") }
        id = .number(value)
      }
      action = .touch(phase, id: id, x: x, y: y)
    case _BinaryRecord.pointer:
      guard let phase = _BinaryRecord.pointerPhase(code) else {
        throw _Problem("a pointer phase from 0 to 3 (hover, down, move, up)", "\(code)")
      }
      guard flags == _BinaryRecord.hasX | _BinaryRecord.hasY else {
        throw _Problem("pointer flags 0x03 (x and y present)", "0x\(_hex(flags))")
      }
      try unused(UInt64(extra), "extra", "a pointer")
      try unused(idBits, "id", "a pointer")
      action = .pointer(
        phase, x: try coordinate(xBits, true, "x")!, y: try coordinate(yBits, true, "y")!)
    case _BinaryRecord.key, _BinaryRecord.focus, _BinaryRecord.accessibility:
      let name: StaticString
      switch kind {
      case _BinaryRecord.key:
        guard let key = _BinaryRecord.key(code) else {
          throw _Problem(
            "a key from 0 to 7 (tab, left, right, up, down, space, home, end)", "\(code)")
        }
        action = .key(key)
        name = "a key"
      case _BinaryRecord.focus:
        guard code <= 1 else { throw _Problem("a focus from 0 to 1 (none, control)", "\(code)") }
        action = .focus(code == 1)
        name = "a focus"
      default:
        guard let accessibilityAction = _BinaryRecord.accessibilityAction(code) else {
          throw _Problem(
            "an accessibility action from 0 to 4 (increment, decrement, activate, "
              + "scrollForward, scrollBackward)", "\(code)")
        }
        action = .accessibility(accessibilityAction)
        name = "an a11y"
      }
      try unused(UInt64(flags), "flags", name)
      try unused(UInt64(extra), "extra", name)
      try unused(xBits, "x", name)
      try unused(yBits, "y", name)
      try unused(idBits, "id", name)
    case _BinaryRecord.set:
      try unused(UInt64(code), "code", "a set")
      let known: UInt8 =
        _BinaryRecord.hasCurrent | _BinaryRecord.hasPages | _BinaryRecord.hasEnabled
        | _BinaryRecord.enabledValue | _BinaryRecord.hasContinuous | _BinaryRecord.continuousValue
      guard flags & ~known == 0,
        flags & _BinaryRecord.enabledValue == 0 || flags & _BinaryRecord.hasEnabled != 0,
        flags & _BinaryRecord.continuousValue == 0 || flags & _BinaryRecord.hasContinuous != 0
      else {
        throw _Problem("set flags within 0x3F, values only with their fields", "0x\(_hex(flags))")
      }
      guard let style = _BinaryRecord.style(extra) else {
        throw _Problem("a style from 0 to 3 (none, automatic, prominent, minimal)", "\(extra)")
      }
      try unused(idBits, "id", "a set")
      let limit = Int64(_NumberToken.integerLimit)
      var change = ProgrammaticChange(style: style)
      if flags & _BinaryRecord.hasCurrent != 0 {
        let current = Int64(bitPattern: xBits)
        guard -limit <= current && current <= limit else {
          throw _Problem("an integer from -2^53 to 2^53 for \"set.current\"", "\(current)")
        }
        change.current = Int(current)
      } else {
        try unused(xBits, "current", "a set")
      }
      if flags & _BinaryRecord.hasPages != 0 {
        let pages = Int64(bitPattern: yBits)
        guard 0 <= pages && pages <= limit else {
          throw _Problem("an integer from 0 to 2^53 for \"set.pages\"", "\(pages)")
        }
        change.pages = Int(pages)
      } else {
        try unused(yBits, "pages", "a set")
      }
      if flags & _BinaryRecord.hasEnabled != 0 {
        change.enabled = flags & _BinaryRecord.enabledValue != 0
      }
      if flags & _BinaryRecord.hasContinuous != 0 {
        change.continuous = flags & _BinaryRecord.continuousValue != 0
      }
      action = .set(change)
    default:
      // Kind 0, the string entry, is handled before; the guard above excludes the rest.
      throw _Problem("a record kind from 0 to 6", "\(kind)")
    }
    event = EngineEvent(time: time, session: session, action)
  }

  /// A data error at the current record, column 1.
  private func failure(_ expected: String, _ found: String) -> TraceError {
    TraceError(file: name, line: recordNumber, column: 1, expected: expected, found: found)
  }
}

/// Two hexadecimal digits per byte, e.g. `50 47 54 00`.
func _hex(_ bytes: UnsafeRawBufferPointer) -> String {
  bytes.isEmpty ? "none" : bytes.map { _hex($0) }.joined(separator: " ")
}

/// A 64-bit value as `0x` and 16 upper-case hexadecimal digits.
func _hex64(_ value: UInt64) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
}

/// An unsigned integer in upper-case hexadecimal, two digits at least.
func _hex(_ value: some FixedWidthInteger & UnsignedInteger) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return digits.count < 2 ? "0" + digits : digits
}

/// The string table of a binary trace, and the numbers of the names its events use.
///
/// Entries may be redefined, so an index is not a name: each index remembers the number of
/// its string as a session and as a touch id once an event has used it so (0 before), and
/// forgets them when it is redefined. Events then find their numbers with one array read.
struct _BinaryStrings {
  /// Index 1 is element 0.
  private(set) var strings: [String] = []
  /// The total UTF-8 size of ``strings``.
  private(set) var byteCount = 0
  private var sessionNumbers: [Int32] = []
  private var touchNumbers: [Int32] = []
  /// The string index whose session was numbered last, 0 if forgotten.
  private var newestSessionIndex = 0
  private(set) var sessionNames = _NameTable()
  private(set) var touchNames = _NameTable()
  /// Frees the numbers of string ids whose touches have ended, as the JSON Lines decoder does.
  private var touchTracker = _TouchNameTracker()
  /// By touch number − 1: how many times it was freed. A string index's cached number is
  /// good only while the number's count is the one cached with it (``touchGenerations``):
  /// the same string may stand at several indices.
  private var numberGenerations: [UInt32] = []
  /// By string index − 1: the freeing count of its cached touch number.
  private var touchGenerations: [UInt32] = []

  var reusedTouchNumber: Int32 { touchTracker.reusedNumber }

  /// Frees the number the last event left: every index caching it must look again.
  @inline(__always)
  mutating func beginEvent() {
    let freed = touchTracker.beginLine(&touchNames)
    if freed > 0 && Int(freed) <= numberGenerations.count {
      numberGenerations[Int(freed) - 1] &+= 1
    }
  }

  /// Follows an event's string id down or up (`nil`: a bad record).
  @inline(__always)
  mutating func endEvent(_ event: EngineEvent?) { touchTracker.endLine(event, &touchNames) }

  /// Takes back a refused `down` (``TraceReader/forgetTouchDown(_:)``).
  mutating func forgetDown(_ event: EngineEvent) { touchTracker.forgetDown(event) }

  /// Defines (or redefines) the string at an index from 1 to `strings.count + 1`.
  mutating func define(_ index: Int, _ string: String) {
    if index <= strings.count {
      byteCount -= strings[index - 1].utf8.count
      strings[index - 1] = string
      sessionNumbers[index - 1] = 0
      touchNumbers[index - 1] = 0
    } else {
      strings.append(string)
      sessionNumbers.append(0)
      touchNumbers.append(0)
      touchGenerations.append(0)
    }
    byteCount += string.utf8.count
  }

  /// The session number of the string at an index if an event has already numbered it, else
  /// 0 (also for an index out of range); nothing is checked or numbered.
  @inline(__always)
  func numberedSession(_ index: Int) -> Int32 {
    index <= sessionNumbers.count ? sessionNumbers[index - 1] : 0
  }

  /// The session of a record for the fast paths: the default session for index 0, else the
  /// session its string already numbers; `nil` for one not numbered yet (the general path
  /// numbers it).
  @inline(__always)
  func numberedSession(of record: UnsafeRawPointer) -> SessionID? {
    let index = record._uint32(at: _BinaryRecord.sessionOffset)
    guard index != 0 else { return SessionID(0) }  // the default session, not a global read
    let number = numberedSession(Int(index))
    return number == 0 ? nil : SessionID(number)
  }

  /// The session number of the string at an index.
  mutating func session(_ index: Int) throws(BinaryTraceReader._Problem) -> Int32 {
    try check(UInt64(index), "session")
    if sessionNumbers[index - 1] == 0 {
      try checkLength(index, "session name")
      let known = sessionNames.count
      sessionNumbers[index - 1] = sessionNames.number(for: strings[index - 1])
      if sessionNames.count > known { newestSessionIndex = index }
    }
    return sessionNumbers[index - 1]
  }

  /// Forgets the session numbered last, and the string index that stood for it.
  mutating func forgetNewestSession() {
    let newest = Int32(sessionNames.count)
    sessionNames.removeLast()
    if newestSessionIndex > 0 && newestSessionIndex <= sessionNumbers.count
      && sessionNumbers[newestSessionIndex - 1] == newest
    {
      sessionNumbers[newestSessionIndex - 1] = 0
    }
    newestSessionIndex = 0
  }

  /// The touch-id number of the string at an index.
  mutating func touch(_ bits: UInt64) throws(BinaryTraceReader._Problem) -> Int32 {
    try check(bits, "id")
    let index = Int(bits)
    if touchNumbers[index - 1] != 0
      && touchGenerations[index - 1] != numberGenerations[Int(touchNumbers[index - 1]) - 1]
    {
      touchNumbers[index - 1] = 0  // its number was freed since
    }
    defer { touchNames.lastNumber = touchNumbers[index - 1] }  // what the tracker follows
    if touchNumbers[index - 1] == 0 {
      try checkLength(index, "string touch id")
      let number = touchNames.number(for: strings[index - 1])
      touchNumbers[index - 1] = number
      if Int(number) > numberGenerations.count {
        numberGenerations.append(
          contentsOf: repeatElement(0, count: Int(number) - numberGenerations.count))
      }
      touchGenerations[index - 1] = numberGenerations[Int(number) - 1]
    } else {
      touchNames.noteKnownNumber(touchNumbers[index - 1])  // no number given again
    }
    return touchNumbers[index - 1]
  }

  /// Throws unless the string at an index fits ``TraceDecoder/maximumNameLength``, as in
  /// JSON Lines.
  private func checkLength(_ index: Int, _ what: StaticString) throws(BinaryTraceReader._Problem) {
    let length = strings[index - 1].utf8.count
    guard length > TraceDecoder.maximumNameLength else { return }
    throw BinaryTraceReader._Problem(
      "a \(what) of at most \(TraceDecoder.maximumNameLength) bytes", "\(length) bytes")
  }

  private func check(_ index: UInt64, _ field: StaticString) throws(BinaryTraceReader._Problem) {
    guard index >= 1 && index <= UInt64(strings.count) else {
      let range = strings.isEmpty ? "none defined yet" : "1 to \(strings.count)"
      throw BinaryTraceReader._Problem(
        "a defined string index (\(range)) for \"\(field)\"", "\(index)")
    }
  }
}
