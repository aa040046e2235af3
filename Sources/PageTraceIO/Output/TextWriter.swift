/// Buffered text to a descriptor, for output that is not records: the first write failure is
/// kept (later text is dropped) and thrown by ``flush()``, named as the output is.
///
/// ```swift
/// var writer = TextWriter(descriptor: output.descriptor, name: output.name)
/// writer.write("{\"kind\":\"tap\"}\n")
/// try writer.flush()
/// ```
public struct TextWriter: ~Copyable {
  /// The buffered size at which text is written out: 64 KiB.
  public static let threshold = 64 << 10
  /// The descriptor written to; the writer never closes it.
  public let descriptor: SystemDescriptor
  /// The output's name in errors, e.g. `<stdout>`.
  public let name: String
  /// The first write failure, after which text is dropped.
  public private(set) var failure: FileError?
  private var buffer = _OutputBuffer(capacity: threshold + 512)

  /// Whether a write failed, tested without copying the failure: `failure == nil` copies the
  /// `FileError` (its strings retained and released) on its cold path, which made every
  /// append keep more callee-saved registers.
  @inline(__always)
  private var hasFailed: Bool {
    if case .some = failure { return true }
    return false
  }

  /// Creates a writer.
  public init(descriptor: SystemDescriptor, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  /// Appends text, writing the buffer out past ``threshold``.
  public mutating func write(_ text: String) {
    appendText(text)
    drainIfFull()
  }

  /// Appends bytes (a Parquet file's pages), writing the buffer out past ``threshold``; a
  /// run of at least ``threshold`` bytes is written straight after what is buffered, not
  /// copied (a row group's megabytes would stay as the buffer's capacity).
  public mutating func write(_ bytes: [UInt8]) {
    guard !hasFailed else { return }
    guard bytes.count >= Self.threshold else {
      bytes.withUnsafeBytes { bytes in
        buffer.reserve(bytes.count)
        buffer.append(bytes)
      }
      return drainIfFull()
    }
    buffer.drain(to: descriptor.rawValue, name: name, failure: &failure)
    bytes.withUnsafeBytes {
      _OutputBuffer.write($0, to: descriptor.rawValue, name: name, failure: &failure)
    }
  }

  /// Appends text as part of a line, like ``append(_:)-(StaticString)``: written out only by
  /// ``endLine()`` or a later ``write(_:)-(String)``.
  public mutating func appendText(_ text: String) {
    guard !hasFailed else { return }
    var text = text
    text.withUTF8 { bytes in
      buffer.reserve(bytes.count)
      buffer.append(UnsafeRawBufferPointer(bytes))
    }
  }

  /// Appends an integer in decimal, as part of a line.
  public mutating func appendInteger(_ value: Int) {
    guard !hasFailed else { return }
    buffer.reserve(_OutputBuffer.maximumNumberLength)
    buffer.appendInteger(value)
  }

  /// Appends seconds since 1970 as ISO 8601 text (``TableValue/iso8601(_:)``), nothing for a
  /// time outside the years 1 to 9999, as part of a line; returns whether it wrote any.
  @discardableResult
  public mutating func appendISO8601(_ seconds: Double) -> Bool {
    guard !hasFailed else { return false }
    buffer.reserve(TableValue.iso8601Length)
    let before = buffer.count
    buffer.appendISO8601(seconds)
    return buffer.count > before
  }

  /// Appends ASCII text known at compile time, as part of a line: the buffer is written out
  /// only by ``endLine()`` and ``write(_:)-(String)``, so whole lines reach the output and a reader of
  /// both standard output and standard error sees them uncut.
  ///
  /// The text is copied with a few word-sized loads and stores (`_LineRoom._copy`), not
  /// `memmove`: a line of `classify` takes some 25 such appends of 1 to 40 bytes, and each was
  /// a call through the PLT, with `reserve` out of line.
  public mutating func append(_ text: StaticString) {
    guard !hasFailed else { return }
    let length = text.utf8CodeUnitCount
    // The rare growth out of line, so that the usual append calls nothing and keeps no
    // callee-saved registers.
    guard length <= buffer.available else { return _appendGrowing(text) }
    _LineRoom._copy(
      UnsafeRawPointer(text.utf8Start), count: length, to: buffer.start + buffer.count)
    buffer.count &+= length  // within the capacity checked
  }

  /// ``append(_:)-(StaticString)`` when the buffer must grow first.
  @inline(never)
  private mutating func _appendGrowing(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    buffer.reserve(length)
    _LineRoom._copy(
      UnsafeRawPointer(text.utf8Start), count: length, to: buffer.start + buffer.count)
    buffer.count &+= length  // within the capacity just reserved
  }

  /// Ends a line written in parts, writing the buffer out past ``threshold``.
  public mutating func endLine() {
    guard !hasFailed else { return }
    buffer.reserve(1)
    buffer.append(_ASCII.newline)
    drainIfFull()
  }

  /// Room for a line of at most `length` bytes, written without a check per part, or `nil`
  /// after a write failure (the line is then dropped, as every later text is); the line ends
  /// with ``endLine(_:)``. The buffer may grow here, once a line.
  package mutating func beginLine(atMost length: Int) -> _LineRoom? {
    guard !hasFailed else { return nil }
    buffer.reserve(length &+ 1)  // and the line end
    let position = buffer.start + buffer.count
    return _LineRoom(position: position, limit: position + length)
  }

  /// Ends a line begun by ``beginLine(atMost:)``: what was written into its room, and the line
  /// end; the buffer is written out past ``threshold``.
  package mutating func endLine(_ line: _LineRoom) {
    assert(line.position <= line.limit, "a line ran past the room reserved for it")
    line.position.storeBytes(of: _ASCII.newline, as: UInt8.self)
    buffer.count = line.position + 1 - buffer.start
    drainIfFull()
  }

  /// Appends a number as JSON text, as ``JSONText/number(_:)-(Double)`` writes it, without
  /// making a `String` of it; part of a line, like ``append(_:)``.
  public mutating func appendJSONNumber(_ value: Double) {
    guard !hasFailed else { return }
    buffer.reserve(_OutputBuffer.maximumNumberLength)
    buffer.appendNumber(value)
  }

  /// ``appendJSONNumber(_:)``, returning the number of decimals of the text written, as
  /// ``JSONText/decimalPlaces(of:)`` counts them (0 for a value that is not finite), so that
  /// a line that prints the operands of a difference before it need not count their decimals
  /// again (``JSONText/difference(_:_:decimals:)``).
  package mutating func appendJSONNumberCountingDecimals(_ value: Double) -> Int {
    guard !hasFailed else { return JSONText.decimalPlaces(of: value) }
    buffer.reserve(_OutputBuffer.maximumNumberLength)
    return buffer.appendNumberCountingDecimals(value)
  }

  /// Appends a string as a JSON string literal, as ``JSONText/string(_:)`` writes it; part
  /// of a line, like ``append(_:)``.
  public mutating func appendJSONString(_ value: String) {
    guard !hasFailed else { return }
    buffer.reserve(_OutputBuffer.maximumJSONStringLength(utf8Count: value.utf8.count))
    buffer.appendJSONString(value)
  }

  /// Appends a string as one CSV field, as ``CSVText/field(_:)`` writes it (quoted only when
  /// it holds a comma, a double quote or a line break, or is empty); part of a line, like
  /// ``append(_:)``.
  public mutating func appendCSVField(_ value: String) {
    guard !hasFailed else { return }
    buffer.reserve(_OutputBuffer.maximumCSVFieldLength(utf8Count: value.utf8.count))
    buffer.appendCSVField(value)
  }

  private mutating func drainIfFull() {
    if buffer.count >= Self.threshold {
      buffer.drain(to: descriptor.rawValue, name: name, failure: &failure)
    }
  }

  /// Writes out everything buffered.
  ///
  /// - Throws: The first ``FileError`` met by this or an earlier write.
  public mutating func flush() throws(FileError) {
    buffer.drain(to: descriptor.rawValue, name: name, failure: &failure)
    if let failure { throw failure }
  }
}
