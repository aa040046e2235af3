import _PageTraceNumbers

/// A growable byte buffer that JSON text is appended to, reused from record to record.
///
/// Callers ``reserve(_:)`` room for a whole record first; the appending methods then write
/// without checks. Numbers are written in their shortest round-tripping form.
struct _OutputBuffer: ~Copyable {
  private(set) var start: UnsafeMutableRawPointer
  private(set) var capacity: Int
  /// The number of bytes written.
  var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    self.start = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
  }

  deinit { start.deallocate() }

  /// Room left after ``count``.
  var available: Int { capacity - count }

  /// Writes the buffered bytes to `descriptor` and empties the buffer. After a failure,
  /// kept in `failure`, nothing more is written.
  ///
  /// On a worker of a parallel run, bytes for the job's output are held in memory for the
  /// caller's thread to write instead (``_HeldOutput``).
  mutating func drain(to descriptor: Int32, name: String, failure: inout FileError?) {
    defer { count = 0 }
    guard count > 0 else { return }
    Self.write(
      UnsafeRawBufferPointer(start: start, count: count), to: descriptor, name: name,
      failure: &failure)
  }

  /// Writes `bytes` as ``drain(to:name:failure:)`` writes the buffer: held by a parallel
  /// run's job (``_HeldOutput``), or to the descriptor; nothing after a failure.
  static func write(
    _ bytes: UnsafeRawBufferPointer, to descriptor: Int32, name: String,
    failure: inout FileError?
  ) {
    guard failure == nil, let base = bytes.baseAddress, !bytes.isEmpty else { return }
    if let held = _HeldOutput.current, held.file == descriptor,
      held.hold(base, count: bytes.count)
    {
      return
    }
    do {
      try _System.writeAll(descriptor, from: base, count: bytes.count, name: name)
    } catch {
      failure = error
    }
  }

  /// Makes room for `extra` more bytes, growing the buffer if needed. Inlined, so that the
  /// test writers make before every record or event is not a call; the growing is.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if extra > available { grow(extra) }
  }

  /// Grows the buffer to room for `extra` more bytes.
  @inline(never)
  private mutating func grow(_ extra: Int) {
    let newCapacity = max(capacity * 2, count + extra)
    let newStart = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
    if count > 0 { newStart.copyMemory(from: start, byteCount: count) }
    start.deallocate()
    start = newStart
    capacity = newCapacity
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    start.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
    count += 1
  }

  /// Appends ASCII text known at compile time.
  @inline(__always)
  mutating func append(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    (start + count).copyMemory(from: text.utf8Start, byteCount: length)
    count += length
  }

  /// Appends a word of the trace format: the raw value of one of the engine's enums, the one
  /// spelling of each word (ASCII, and short enough to be held in the `String` itself, so
  /// nothing is allocated).
  @inline(__always)
  mutating func appendWord(_ word: String) {
    var word = word
    word.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends a word of the trace format (``appendWord(_:)``) as a JSON string.
  @inline(__always)
  mutating func appendQuotedWord(_ word: String) {
    append(_ASCII.quote)
    appendWord(word)
    append(_ASCII.quote)
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    (start + count).copyMemory(from: source, byteCount: bytes.count)
    count += bytes.count
  }

  /// The most bytes ``appendJSONString(_:)`` writes for a string of `utf8Count` bytes.
  static func maximumJSONStringLength(utf8Count: Int) -> Int { 2 + 6 * utf8Count }

  /// Appends a string as a JSON string literal: quotes, `\"`, `\\` and control characters
  /// escaped, everything else as UTF-8. Runs that need no escape are copied at once.
  mutating func appendJSONString(_ string: String) {
    count &+= Self.writeJSONString(string, at: start + count)
  }

  /// Writes ``appendJSONString(_:)``'s text of `string` at `at`, which has room for
  /// ``maximumJSONStringLength(utf8Count:)`` bytes, and returns its length: also what a line
  /// written into room reserved once (`_LineRoom`) appends.
  static func writeJSONString(_ string: String, at: UnsafeMutableRawPointer) -> Int {
    var end = at
    end.storeBytes(of: _ASCII.quote, as: UInt8.self)
    end += 1
    let copied: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
      end = writeEscaped(UnsafeRawBufferPointer(utf8), at: end)
    }
    if copied == nil {
      for byte in string.utf8 {
        withUnsafeBytes(of: byte) { end = writeEscaped($0, at: end) }
      }
    }
    end.storeBytes(of: _ASCII.quote, as: UInt8.self)
    return end + 1 - at
  }

  /// Writes UTF-8 bytes with the escapes of a JSON string (without the quotes) at `at`, and
  /// returns the end of what it wrote.
  private static func writeEscaped(
    _ bytes: UnsafeRawBufferPointer, at: UnsafeMutableRawPointer
  ) -> UnsafeMutableRawPointer {
    var end = at
    func copy(_ run: UnsafeRawBufferPointer) {
      guard let source = run.baseAddress, !run.isEmpty else { return }
      end.copyMemory(from: source, byteCount: run.count)
      end += run.count
    }
    func write(_ text: StaticString) {
      end.copyMemory(from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
      end += text.utf8CodeUnitCount
    }
    var runStart = 0
    for (index, byte) in bytes.enumerated()
    where byte < 0x20 || byte == _ASCII.quote || byte == _ASCII.backslash {
      copy(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
      runStart = index + 1
      switch byte {
      case _ASCII.quote: write("\\\"")
      case _ASCII.backslash: write("\\\\")
      case _ASCII.newline: write("\\n")
      case _ASCII.carriageReturn: write("\\r")
      case _ASCII.tab: write("\\t")
      case 0x08: write("\\b")
      case 0x0C: write("\\f")
      default:
        write("\\u00")
        end.storeBytes(of: _hexDigit(byte >> 4), as: UInt8.self)
        end.storeBytes(of: _hexDigit(byte & 0xF), toByteOffset: 1, as: UInt8.self)
        end += 2
      }
    }
    copy(UnsafeRawBufferPointer(rebasing: bytes[runStart...]))
    return end
  }

  /// The most bytes ``appendInteger(_:)`` or ``appendNumber(_:)`` writes: also the room the
  /// printer may use (`ShortestDigits.scratchLength`).
  static var maximumNumberLength: Int { ShortestDigits.scratchLength }

  /// Appends an integer in decimal.
  ///
  /// One digit, the common case (page numbers), is one store, inline, not a call; longer
  /// numbers take the loops, out of line.
  @inline(__always)
  mutating func appendInteger(_ value: Int) {
    count &+= ShortestDigits.writeInteger(value, at: start + count)
  }

  /// Appends seconds since 1970 as ISO 8601 text (``TableValue/iso8601(_:)``), nothing for a
  /// time outside years 1 to 9999; room for ``TableValue/iso8601Length`` bytes must be
  /// reserved.
  mutating func appendISO8601(_ seconds: Double) {
    count &+= TableValue.writeISO8601(seconds, at: start + count)
  }

  /// Appends a double as the shortest decimal text that reads back as the same double.
  ///
  /// Whole numbers up to 2^53 in magnitude, ±2^53 included, print as integers without a
  /// fraction (`3`, `-0`, `9007199254740992`); every double with a larger magnitude is whole
  /// and prints in exponent form with its shortest digits (`9.007199254740994e+15`, `1e+16`).
  /// Other values print as the standard library's `description` of `Double` prints them
  /// (`0.1`, `1e-05`, `5e-324`), written by PageTrace's own printer (`ShortestDigits`),
  /// straight into the buffer: nothing is allocated, and the tests and CI check the text
  /// against `description` on the hard cases and on 10^7 random doubles. Non-finite values,
  /// which JSON cannot hold, print as `null` (docs/behaviour/output.md, "Numbers").
  @inline(__always)
  mutating func appendNumber(_ value: Double) {
    _ = appendNumberCountingDecimals(value)
  }

  /// ``appendNumber(_:)``, returning the number of decimals written: what
  /// ``JSONText/decimalPlaces(of:)`` gives for the value (0 for `null`, which is not a number).
  @inline(__always)
  mutating func appendNumberCountingDecimals(_ value: Double) -> Int {
    let written = ShortestDigits.writeNumber(value, at: start + count)
    count &+= written.length  // within the room reserved for a number
    return written.decimals
  }
}

private func _hexDigit(_ value: UInt8) -> UInt8 {
  value < 10 ? _ASCII.zero + value : 0x61 + value - 10
}
