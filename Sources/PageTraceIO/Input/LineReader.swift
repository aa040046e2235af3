/// Reads a file, pipe or standard input line by line, in fixed-size chunks, with bounded memory.
///
/// The public initialisers read the bytes as they are; a ``TraceReader`` hands it a
/// gzip-compressed input decompressed on the way, and then line numbers, columns and the line
/// limit are those of the decompressed text.
///
/// Each line is handed out as bytes that stay valid until the next call to ``next()``, with its
/// 1-based number. Lines end at `\n`; one trailing `\r` is removed, and a UTF-8 byte order mark
/// at the very start of the input is skipped. The last line needs no newline.
///
/// Memory is bounded whatever the size of the input: the buffer starts at ``chunkSize`` bytes
/// and grows only while a single line does not fit, up to ``maximumLineLength`` + 2 bytes (the
/// line, a `\r` and the newline). A longer line throws a ``TraceError`` naming its line number
/// as soon as the limit is passed; the rest of that line is then skipped without being kept in
/// memory, so the next call continues with the following line (`--on-error skip`).
///
/// ```swift
/// var reader = try LineReader(path: "session.jsonl")
/// while let line = try reader.next() {
///   let event = try decoder.decode(line.bytes, lineNumber: line.number)
/// }
/// ```
public struct LineReader: ~Copyable {
  /// One line of input, without its line terminator.
  ///
  /// `bytes` points into the reader's buffer: it is valid only until the next call to
  /// ``LineReader/next()`` and must not be kept.
  public struct Line {
    /// The bytes of the line, without `\n` or a trailing `\r`.
    public let bytes: UnsafeRawBufferPointer
    /// The 1-based line number.
    public let number: Int
  }

  /// The name used in errors: the path, or `<stdin>`.
  public let name: String
  /// The number of bytes asked of the system per read.
  public let chunkSize: Int
  /// The longest line accepted, in bytes, not counting the line terminator.
  public let maximumLineLength: Int
  /// The number of the last line handed out (or reported as too long); 0 before the first.
  public internal(set) var lineNumber = 0

  /// The default chunk size: 1 MiB.
  public static let defaultChunkSize = 1 << 20
  /// The default longest line: 1 MiB.
  public static let defaultMaximumLineLength = 1 << 20
  /// The name of standard input in errors.
  public static let standardInputName = "<stdin>"

  let source: _ByteSource
  var buffer: UnsafeMutableRawPointer
  var capacity: Int
  /// Where the line being assembled starts.
  var lineStart = 0
  /// Where the search for the next newline resumes; bytes before it hold none.
  var scanStart = 0
  /// The end of the bytes read so far.
  var end = 0
  var atEndOfInput = false
  /// Whether the rest of a too-long line is being discarded.
  var skipping = false

  /// Reads from a descriptor the caller owns (it is not closed), e.g. standard input.
  ///
  /// - Parameters:
  ///   - descriptor: An open file descriptor.
  ///   - name: The name used in errors.
  ///   - chunkSize: Bytes per read, at least 1.
  ///   - maximumLineLength: The longest line accepted, at least 1.
  public init(
    descriptor: Int32, name: String, chunkSize: Int = defaultChunkSize,
    maximumLineLength: Int = defaultMaximumLineLength
  ) {
    self.init(
      source: _ByteSource(descriptor: descriptor, owned: false, name: name),
      chunkSize: chunkSize, maximumLineLength: maximumLineLength)
  }

  /// Opens a file for reading; the descriptor is closed when the reader goes away.
  ///
  /// - Throws: ``FileError`` with kind ``FileError/Kind/notFound``,
  ///   ``FileError/Kind/isDirectory``, ``FileError/Kind/notReadable`` or
  ///   ``FileError/Kind/openFailed``.
  public init(
    path: String, chunkSize: Int = defaultChunkSize,
    maximumLineLength: Int = defaultMaximumLineLength
  ) throws(FileError) {
    let descriptor = try _System.openForReading(SystemPath(path))
    self.init(
      source: _ByteSource(descriptor: descriptor, owned: true, name: path),
      chunkSize: chunkSize, maximumLineLength: maximumLineLength)
  }

  /// A reader of standard input, named `<stdin>`.
  public static func standardInput(
    chunkSize: Int = defaultChunkSize, maximumLineLength: Int = defaultMaximumLineLength
  ) -> LineReader {
    LineReader(
      descriptor: _System.standardInput, name: standardInputName, chunkSize: chunkSize,
      maximumLineLength: maximumLineLength)
  }

  private init(source: consuming _ByteSource, chunkSize: Int, maximumLineLength: Int) {
    precondition(chunkSize >= 1 && maximumLineLength >= 1, "sizes must be at least 1")
    self.name = source.name
    self.source = source
    self.chunkSize = chunkSize
    self.maximumLineLength = maximumLineLength
    self.capacity = chunkSize
    self.buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
  }

  deinit {
    buffer.deallocate()
  }

  /// The largest the buffer ever becomes.
  private var maximumCapacity: Int { max(chunkSize, maximumLineLength + 2) }

  /// Returns the next line, or `nil` at the end of the input.
  ///
  /// - Throws: ``TraceError`` for a line longer than ``maximumLineLength`` (the reader can go
  ///   on with the next line) or a damaged gzip stream (the input then ends), or
  ///   ``FileError`` (``FileError/Kind/readFailed``) if reading fails.
  public mutating func next() throws -> Line? {
    while true {
      if scanStart < end,
        let newline = _System.find(0x0A, in: buffer + scanStart, count: end - scanStart)
      {
        let newlineIndex = buffer.distance(to: newline)
        let start = lineStart
        lineStart = newlineIndex + 1
        scanStart = lineStart
        if skipping {
          skipping = false
          continue
        }
        lineNumber += 1
        // Most lines are neither empty nor the first (which may start with a byte order
        // mark), end without `\r` and are within the limit: handed out here, without the
        // tests of `line(from:to:)`.
        if newlineIndex > start && lineNumber > 1 && newlineIndex - start <= maximumLineLength
          && buffer.load(fromByteOffset: newlineIndex - 1, as: UInt8.self) != 0x0D
        {
          return Line(
            bytes: UnsafeRawBufferPointer(start: buffer + start, count: newlineIndex - start),
            number: lineNumber)
        }
        return try line(from: start, to: newlineIndex)
      }
      scanStart = end
      if skipping {
        lineStart = 0
        scanStart = 0
        end = 0
      }
      if atEndOfInput {
        skipping = false
        guard lineStart < end else { return nil }
        let start = lineStart
        lineStart = end
        lineNumber += 1
        return try line(from: start, to: end)
      }
      let pending = end - lineStart
      if pending > maximumLineLength + 1 {
        lineNumber += 1
        skipping = true
        lineStart = 0
        scanStart = 0
        end = 0
        throw tooLong()
      }
      if lineStart > 0 {
        if pending > 0 { _System.move(buffer, from: buffer + lineStart, count: pending) }
        lineStart = 0
        scanStart = pending
        end = pending
      }
      if capacity - end < chunkSize && capacity < maximumCapacity {
        grow(to: min(maximumCapacity, max(capacity * 2, end + chunkSize)))
      }
      let count: Int
      do {
        count = try source.read(into: buffer + end, count: min(chunkSize, capacity - end))
      } catch let damage as _GzipDamage {
        throw cutShort(by: damage)
      }
      if count == 0 { atEndOfInput = true } else { end += count }
    }
  }

  /// The line between two buffer offsets, after removing a `\r` and a leading byte order mark.
  private func line(from start: Int, to stop: Int) throws(TraceError) -> Line {
    var start = start
    var stop = stop
    if stop > start && buffer.load(fromByteOffset: stop - 1, as: UInt8.self) == 0x0D {
      stop -= 1
    }
    if stop - start > maximumLineLength { throw tooLong() }
    if lineNumber == 1 && stop - start >= 3
      && buffer.load(fromByteOffset: start, as: UInt8.self)
        == 0xEF
      && buffer.load(fromByteOffset: start + 1, as: UInt8.self) == 0xBB
      && buffer.load(fromByteOffset: start + 2, as: UInt8.self) == 0xBF
    {
      start += 3
    }
    return Line(
      bytes: UnsafeRawBufferPointer(start: buffer + start, count: stop - start),
      number: lineNumber)
  }

  /// The data error for a damaged gzip stream, at the line it cuts short and the column after
  /// its last decompressed character. The input ends there: the partial line is dropped.
  private mutating func cutShort(by damage: _GzipDamage) -> TraceError {
    let partial = skipping ? 0 : end - lineStart
    let column = _characterColumn(
      UnsafeRawBufferPointer(start: buffer + lineStart, count: partial), partial)
    lineNumber += 1
    skipping = false
    lineStart = 0
    scanStart = 0
    end = 0
    atEndOfInput = true
    return TraceError(
      file: name, line: lineNumber, column: column, expected: damage.expected,
      found: damage.found)
  }

  func tooLong() -> TraceError {
    Self.lineTooLong(in: name, at: lineNumber, limit: maximumLineLength)
  }

  /// The error of line `number` of `file`, longer than `limit` bytes.
  static func lineTooLong(in file: String, at number: Int, limit: Int) -> TraceError {
    TraceError(
      file: file, line: number, column: 1, expected: "a line of at most \(limit) bytes",
      found: "a longer line")
  }

  /// Whether the input is a regular file (compressed or not), whose reads never wait.
  var _readsRegularFile: Bool { _System.identity(of: source.descriptor)?.isRegular ?? false }

  mutating func grow(to newCapacity: Int) {
    let newBuffer = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
    if end > 0 { newBuffer.copyMemory(from: buffer, byteCount: end) }
    buffer.deallocate()
    buffer = newBuffer
    capacity = newCapacity
  }
}

extension LineReader {
  /// Reads from a source after `prefix`, bytes already read from it (the format sniffing of
  /// ``TraceReader``); `prefixEndsInput` when the source reported its end.
  init(
    source: consuming _ByteSource, chunkSize: Int, maximumLineLength: Int,
    prefix: UnsafeRawBufferPointer, prefixEndsInput: Bool
  ) {
    self.init(source: source, chunkSize: chunkSize, maximumLineLength: maximumLineLength)
    if prefix.count > capacity { grow(to: prefix.count) }
    if let source = prefix.baseAddress, !prefix.isEmpty {
      buffer.copyMemory(from: source, byteCount: prefix.count)
    }
    end = prefix.count
    atEndOfInput = prefixEndsInput
  }
}
