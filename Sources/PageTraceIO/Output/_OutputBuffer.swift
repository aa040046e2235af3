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
    guard failure == nil, count > 0 else { return }
    if let held = _HeldOutput.current, held.file == descriptor,
      held.hold(start, count: count)
    {
      return
    }
    do {
      try _System.writeAll(descriptor, from: start, count: count, name: name)
    } catch {
      failure = error
    }
  }

  /// Makes room for `extra` more bytes, growing the buffer if needed. Inlined, so that the
  /// test writers make before every record or event is not a call (about 15 instructions a
  /// record); the growing is.
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

  /// The most bytes ``appendInteger(_:)`` or ``appendNumber(_:)`` writes: also the room
  /// ``_ShortestDigits/write(_:to:)`` may use, ``_ShortestDigits/scratchLength``.
  static let maximumNumberLength = 32

  /// Appends an integer in decimal.
  ///
  /// One digit, the common case (page numbers), is one store, inline; longer numbers take the
  /// loops, out of line (the call cost 13 instructions for each page number of a transition).
  @inline(__always)
  mutating func appendInteger(_ value: Int) {
    count &+= Self.writeInteger(value, at: start + count)
  }

  /// Appends a double as the shortest decimal text that reads back as the same double.
  ///
  /// Whole numbers up to 2^53 in magnitude, ±2^53 included, print as integers without a
  /// fraction (`3`, `-0`, `9007199254740992`); every double with a larger magnitude is whole
  /// and prints in exponent form with its shortest digits (`9.007199254740994e+15`, `1e+16`).
  /// Other values print as the standard library's `description` of `Double` prints them
  /// (`0.1`, `1e-05`, `5e-324`), written by PageTrace's own printer, ``_ShortestDigits``,
  /// straight into the buffer: nothing is allocated, and the tests and CI check the text
  /// against `description` on the hard cases and on 10^7 random doubles. Non-finite values,
  /// which JSON cannot hold, print as `null` (docs/behaviour.md, "Numbers").
  mutating func appendNumber(_ value: Double) {
    _ = appendNumberCountingDecimals(value)
  }

  /// ``appendNumber(_:)``, returning the number of decimals written: what
  /// ``JSONText/decimalPlaces(of:)`` gives for the value (0 for `null`, which is not a number).
  @inline(__always)
  mutating func appendNumberCountingDecimals(_ value: Double) -> Int {
    let written = Self.writeNumber(value, at: start + count)
    count &+= written.length  // within the room reserved for a number
    return written.decimals
  }

  /// Writes ``appendNumber(_:)``'s text of `value` at `at`, which has room for
  /// ``maximumNumberLength`` bytes, and returns its length and its decimals
  /// (``appendNumberCountingDecimals(_:)``).
  ///
  /// The common number, a finite non-whole value from 2^-12 to 2^48 in magnitude that is not a
  /// power of two (91,158 of `classify`'s 108,405 numbers on the benchmark trace), takes
  /// ``_ShortestDigits/_writeCommon(_:to:)``, tested on the bit pattern alone; every other
  /// value takes the general path, out of line (see ``writeNumberInGeneral(_:at:)``).
  @inline(__always)
  static func writeNumber(
    _ value: Double, at: UnsafeMutableRawPointer
  ) -> (length: Int, decimals: Int) {
    // With the biased exponent from 1011 to 1070 (q = biased - 1075 from -64 to -5), the value
    // is whole when its lowest -q bits of significand (the implicit bit included) are zero: a
    // shift left by 64 + q keeps exactly those.
    let bits = value.bitPattern
    let biased = Int(truncatingIfNeeded: bits &>> 52) & 0x7FF
    if UInt(bitPattern: biased &- 1011) < 60, bits & (1 &<< 52 &- 1) != 0,
      (bits | 1 &<< 52) &<< UInt64(truncatingIfNeeded: biased &- 1011) != 0
    {
      return _ShortestDigits._writeCommon(value, to: at)
    }
    return writeNumberInGeneral(value, at: at)
  }

  /// ``writeNumber(_:at:)`` for the values its fast path leaves: whole numbers, zeros,
  /// non-finite values, powers of two, and magnitudes below 2^-12 or from 2^48 on.
  ///
  /// Out of line: inlined, its code made every number keep more registers.
  @inline(never)
  static func writeNumberInGeneral(
    _ value: Double, at: UnsafeMutableRawPointer
  ) -> (length: Int, decimals: Int) {
    guard value.isFinite else {
      at.storeBytes(of: UInt32(0x6C6C_756E).littleEndian, as: UInt32.self)  // "null"
      return (4, 0)
    }
    // Whole if converting to an integer and back gives the value again: an exact test within
    // ±2^53, and unlike `rounded(.towardZero)` not a call to `trunc` (about 10 instructions a
    // number).
    if value.magnitude <= 0x1p53 {
      let whole = Int(value)
      if Double(whole) == value {
        if whole == 0 && value.sign == .minus {
          at.storeBytes(of: UInt16(0x302D).littleEndian, as: UInt16.self)  // "-0"
          return (2, 0)
        }
        return (writeInteger(whole, at: at), 0)
      }
    }
    return _ShortestDigits._write(value, to: at)
  }

  /// Writes ``appendInteger(_:)``'s text of `value` at `at` and returns its length.
  @inline(__always)
  static func writeInteger(_ value: Int, at: UnsafeMutableRawPointer) -> Int {
    if UInt(bitPattern: value) < 10 {
      at.storeBytes(of: _ASCII.zero &+ UInt8(truncatingIfNeeded: value), as: UInt8.self)
      return 1
    }
    return writeLongInteger(value, at: at)
  }

  /// ``writeInteger(_:at:)`` of a value that is not one digit.
  @inline(never)
  static func writeLongInteger(_ value: Int, at: UnsafeMutableRawPointer) -> Int {
    var length = 0
    if value < 0 {
      at.storeBytes(of: _ASCII.minus, as: UInt8.self)
      length = 1
    }
    var magnitude = value.magnitude
    var digits = 1
    var scale: UInt = 1
    while magnitude / scale >= 10 {
      scale *= 10
      digits += 1
    }
    length += digits
    var index = length
    repeat {
      index -= 1
      at.storeBytes(of: _ASCII.zero + UInt8(magnitude % 10), toByteOffset: index, as: UInt8.self)
      magnitude /= 10
    } while magnitude > 0
    return length
  }
}

@inline(__always)
private func _hexDigit(_ value: UInt8) -> UInt8 {
  value < 10 ? _ASCII.zero + value : 0x61 + value - 10
}
