import PageTrace
import _PageTraceNumbers

extension TraceDecoder {
  /// Decodes a touch line in the key order recorders and `pagetrace generate` write, or
  /// returns `false` having changed nothing, for ``_decodeCommonEvent(_:into:)`` to read the
  /// line in any order.
  ///
  /// The usual line is exactly `{"t":T,"touch":"P","id":I,"x":X,"y":Y}`, or with
  /// `"session":"S",` before `"id"`, without whitespace: `T`, `X` and `Y` numbers of the
  /// common shape (``DecimalText/commonDecimal(at:)``), `I` such a number or a string, `P` a
  /// touch phase, and strings of printable ASCII without escapes. Its text between the values
  /// is compared eight bytes at a time with the words it must be (``_UsualText``), and each
  /// number is read straight into its value, where the loop of the common shape finds each
  /// key, checks it was not seen, and reads numbers through the scanner
  /// (Benchmarks/HISTORY-2026-11.md, "Issue 24, second round: the JSON Lines decoder").
  ///
  /// Whatever it accepts, it decodes exactly as ``_decodeCommonEvent(_:into:)`` (and so the
  /// full decoder) would: the same event, value offsets and names (a differential test holds
  /// it to that).
  @inline(__always)
  mutating func _decodeUsualEvent(
    _ line: UnsafeRawBufferPointer, into event: inout EngineEvent
  ) -> Bool {
    // The shortest usual line, `{"t":0,"touch":"up","id":0,"x":0,"y":0}`, has 39 bytes. Every
    // word below is read at an offset where the bytes before it matched: within the line, or
    // through its last eight bytes (``DecimalText/eightBytes(at:)``).
    guard line.count >= 39 else { return false }
    let text = DecimalText(line, tables: numberTables)
    guard text.eightBytes(at: 0) & 0xFF_FFFF_FFFF == _UsualText.openingT else { return false }
    // The 32 bytes after `{"t":-` are within the 39, and each number's text is followed by a
    // `,` or `}` checked below: the number reader checks neither.
    let time = text.commonValue(at: 5, isWithin: true, isFollowed: true)
    var position = time.end
    guard position >= 0, text.eightBytes(at: position) == _UsualText.touch,
      text.eightBytes(at: position &+ 8) & 0xFFFF == _UsualText.colonQuote
    else { return false }
    position &+= 10
    let word = text.eightBytes(at: position)
    let phase: TouchPhase
    if word & 0xFF_FFFF_FFFF == _PackedWord.move {
      (phase, position) = (.move, position &+ 5)
    } else if word & 0xFF_FFFF_FFFF == _PackedWord.down {
      (phase, position) = (.down, position &+ 5)
    } else if word & 0xFF_FFFF == _PackedWord.up {
      (phase, position) = (.up, position &+ 3)
    } else if word & 0xFF_FFFF_FFFF_FFFF == _PackedWord.cancel {
      (phase, position) = (.cancel, position &+ 7)
    } else {
      return false
    }
    var sessionStart = -1
    var sessionEnd = -1
    if text.eightBytes(at: position) == _UsualText.sessio {
      guard text.eightBytes(at: position &+ 8) & 0xFFFF_FFFF == _UsualText.nColonQuote else {
        return false
      }
      sessionStart = position &+ 11
      sessionEnd = text.plainStringEnd(from: sessionStart &+ 1)
      guard sessionEnd >= 0 else { return false }
      position = sessionEnd &+ 1
    }
    guard text.eightBytes(at: position) & 0xFFFF_FFFF_FFFF == _UsualText.id else {
      return false
    }
    position &+= 6
    var idNumber = 0.0
    var idStart = -1
    var idEnd = -1
    if position < text.count && text.byte(at: position) == _ASCII.quote {
      idStart = position
      idEnd = text.plainStringEnd(from: position &+ 1)
      guard idEnd >= 0 else { return false }
      position = idEnd &+ 1
    } else {
      guard position &+ 1 < text.count else { return false }
      // Most ids are one digit: read without the number reader.
      let digit = text.byte(at: position) &- _ASCII.zero
      if digit < 10 && text.byte(at: position &+ 1) == _ASCII.comma {
        (idNumber, position) = (Double(digit), position &+ 1)
      } else {
        let id = text.commonValue(at: position, isFollowed: true)
        guard id.end >= 0 else { return false }
        (idNumber, position) = (id.value, id.end)
      }
    }
    guard text.eightBytes(at: position) & 0xFF_FFFF_FFFF == _UsualText.x else { return false }
    let xStart = position &+ 5
    guard xStart < text.count else { return false }
    let x = text.commonValue(at: xStart, isFollowed: true)
    guard x.end >= 0, text.eightBytes(at: x.end) & 0xFF_FFFF_FFFF == _UsualText.y else {
      return false
    }
    let yStart = x.end &+ 5
    guard yStart < text.count else { return false }
    let y = text.commonValue(at: yStart, isFollowed: true)
    // The line ends at the `}`; whitespace after it is the loop's.
    guard y.end == text.count &- 1, text.byte(at: y.end) == _ASCII.rightBrace else {
      return false
    }
    // Names beyond 4 KiB are the full decoder's to report (the range holds the quotes).
    if sessionEnd &- sessionStart > TraceDecoder.maximumNameLength &+ 1
      || idEnd &- idStart > TraceDecoder.maximumNameLength &+ 1
    {
      return false
    }
    // The line is good: number its names (the two tables are independent).
    // `SessionID.defaultSession` (0) without the call to its global's accessor.
    var session = SessionID(0)
    if sessionStart >= 0 {
      session = SessionID(
        sessionNames.number(forUTF8: text.bytes(from: sessionStart &+ 1, to: sessionEnd)))
    }
    var id = TouchKey.number(idNumber)
    if idStart >= 0 {
      id = .name(touchNames.number(forUTF8: text.bytes(from: idStart &+ 1, to: idEnd)))
    }
    valueOffsets = _ValueOffsets(t: 5, session: sessionStart, x: xStart, y: yStart)
    event = EngineEvent(
      time: time.value, session: session, .touch(phase, id: id, x: x.value, y: y.value))
    return true
  }
}

/// The text between the values of a usual line (``TraceDecoder/_decodeUsualEvent(_:into:)``)
/// as the little-endian integers of its bytes, the first byte lowest. A test checks each
/// against its text.
enum _UsualText {
  static let openingT: UInt64 = 0x3A_2274_227B  // {"t":
  static let touch: UInt64 = 0x2268_6375_6F74_222C  // ,"touch"
  static let colonQuote: UInt64 = 0x223A  // :"
  static let sessio: UInt64 = 0x6F69_7373_6573_222C  // ,"sessio
  static let nColonQuote: UInt64 = 0x223A_226E  // n":"
  static let id: UInt64 = 0x3A22_6469_222C  // ,"id":
  static let x: UInt64 = 0x3A_2278_222C  // ,"x":
  static let y: UInt64 = 0x3A_2279_222C  // ,"y":
}

extension DecimalText {
  /// The offset of the closing quote of a string of printable ASCII without escapes whose
  /// contents start at `start`, or -1 for any other string (the common loop's and the full
  /// decoder's).
  @inline(__always)
  func plainStringEnd(from start: Int) -> Int {
    var position = start
    while position < count {
      let byte = byte(at: position)
      if byte == _ASCII.quote { return position }
      // Control bytes, the backslash and anything beyond ASCII are the full decoder's.
      guard byte >= 0x20 && byte < 0x80 && byte != _ASCII.backslash else { return -1 }
      position &+= 1
    }
    return -1
  }

  /// The bytes between two offsets.
  @inline(__always)
  func bytes(from start: Int, to end: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base + start, count: end &- start)
  }
}
