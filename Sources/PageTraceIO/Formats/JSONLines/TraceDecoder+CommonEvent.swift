import PageTrace

extension TraceDecoder {
  /// Decodes the common shape of an event line in one pass, or returns `false` having changed
  /// nothing, for the full decoder to read the line again.
  ///
  /// The common shape is an object of touch or pointer events as recorders write them:
  /// the keys `t`, `touch` or `pointer`, `id`, `x`, `y` and `session` in any order, numbers for
  /// `t`, `x` and `y`, a number or a string for `id`, and strings of printable ASCII without
  /// escapes. Anything else — another kind of event, an unknown key, an escape, a non-ASCII
  /// byte, a key given twice, a missing key, any syntax error — returns `false`, so every error
  /// and every rare case is the full decoder's, and its messages are the only ones.
  ///
  /// Whatever it accepts, it decodes exactly as the full decoder would (a differential test
  /// holds both to that): the same event, the same value offsets for engine errors, and the
  /// same session and touch-id numbers. Names are numbered only once the line is known to be
  /// good, so a line handed back leaves both name tables as they were.
  ///
  /// Lines in the usual key order are read without the loop over keys
  /// (``_decodeUsualEvent(_:into:)``).
  mutating func _decodeCommonEvent(
    _ line: UnsafeRawBufferPointer, into event: inout EngineEvent
  ) -> Bool {
    if _decodeUsualEvent(line, into: &event) { return true }
    return _decodeCommonEventInAnyOrder(line, into: &event)
  }

  /// ``_decodeCommonEvent(_:into:)`` with the keys in any order.
  @inline(never)
  mutating func _decodeCommonEventInAnyOrder(
    _ line: UnsafeRawBufferPointer, into event: inout EngineEvent
  ) -> Bool {
    // Errors are never reported from here, so the scanner needs no file name (and the empty
    // literal costs no reference counting).
    var scanner = _JSONScanner(line, file: "", line: 0)
    var offsets = _ValueOffsets()
    var seen: UInt8 = 0
    var time = 0.0
    var isPointer = false
    var touchPhase = TouchPhase.move
    var pointerPhase = PointerPhase.move
    var idNumber = 0.0
    var idName: Range<Int>?
    var x = 0.0
    var y = 0.0
    var sessionName: Range<Int>?
    scanner.skipWhitespace()
    guard scanner.take(_ASCII.leftBrace) else { return false }
    scanner.skipWhitespace()
    if scanner.take(_ASCII.rightBrace) { return false }
    while true {
      guard let key = scanner._commonKey() else { return false }
      guard seen & key.bit == 0 else { return false }
      seen |= key.bit
      let valueStart = scanner.position
      switch key {
      case .t:
        offsets.t = valueStart
        guard let value = scanner._commonNumber() else { return false }
        time = value
      case .x:
        offsets.x = valueStart
        guard let value = scanner._commonNumber() else { return false }
        x = value
      case .y:
        offsets.y = valueStart
        guard let value = scanner._commonNumber() else { return false }
        y = value
      case .id:
        if scanner.current == _ASCII.quote {
          guard let name = scanner._plainString() else { return false }
          idName = name
        } else {
          guard let value = scanner._commonNumber() else { return false }
          idNumber = value
        }
      case .session:
        offsets.session = valueStart
        guard let name = scanner._plainString() else { return false }
        sessionName = name
      case .touch:
        guard let phase = scanner._touchPhase() else { return false }
        touchPhase = phase
      case .pointer:
        guard let word = scanner._plainString(),
          let phase = _Vocabulary.pointerPhase(scanner.bytes(word))
        else { return false }
        pointerPhase = phase
        isPointer = true
      }
      // Most lines have no whitespace: `,` or `}` right after the value.
      if scanner.take(_ASCII.comma) {
        scanner._skipSpace()
        continue
      }
      if scanner.take(_ASCII.rightBrace) { break }
      scanner.skipWhitespace()
      if scanner.take(_ASCII.comma) {
        scanner._skipSpace()
        continue
      }
      guard scanner.take(_ASCII.rightBrace) else { return false }
      break
    }
    guard scanner.isAtEndAfterWhitespace() else { return false }
    // Exactly one kind, a time, and the coordinates the kind needs (a touch `cancel` needs
    // none; the full decoder also takes it without them).
    let kind = seen & (_CommonKey.touch.bit | _CommonKey.pointer.bit)
    guard seen & _CommonKey.t.bit != 0, kind != 0,
      kind != _CommonKey.touch.bit | _CommonKey.pointer.bit
    else { return false }
    let hasPoint =
      seen & (_CommonKey.x.bit | _CommonKey.y.bit) == _CommonKey.x.bit | _CommonKey.y.bit
    let action: EngineEvent.Action
    if isPointer {
      guard hasPoint else { return false }
      action = .pointer(pointerPhase, x: x, y: y)
    } else {
      guard seen & _CommonKey.id.bit != 0, hasPoint || touchPhase == .cancel else {
        return false
      }
      // A cancel's lone `x` or `y` is still read by the full decoder; keep it the same.
      let hasX = seen & _CommonKey.x.bit != 0
      let hasY = seen & _CommonKey.y.bit != 0
      action = .touch(
        touchPhase, id: .number(idNumber), x: hasX ? x : nil, y: hasY ? y : nil)
    }
    // Names beyond 4 KiB are the full decoder's to report.
    if (sessionName?.count ?? 0) > TraceDecoder.maximumNameLength
      || (idName?.count ?? 0) > TraceDecoder.maximumNameLength
    {
      return false
    }
    // The line is good: number its names, in the order the full decoder would (the two
    // tables are independent, so only each one's own order matters).
    var session = SessionID.defaultSession
    if let sessionName {
      session = SessionID(sessionNames.number(forUTF8: scanner.bytes(sessionName)))
    }
    var resolved = action
    if let idName {
      let number = touchNames.number(forUTF8: scanner.bytes(idName))
      if case .touch(let phase, _, let x, let y) = action {
        resolved = .touch(phase, id: .name(number), x: x, y: y)
      }
    }
    valueOffsets = offsets
    event = EngineEvent(time: time, session: session, resolved)
    return true
  }
}

/// Words of the common shape with their closing quote, as the little-endian integers of their
/// bytes: `t"` is the bytes 0x74 0x22, so 0x2274. A test checks each against its text.
enum _PackedWord {
  static let t: UInt64 = 0x2274  // t"
  static let x: UInt64 = 0x2278  // x"
  static let y: UInt64 = 0x2279  // y"
  static let id: UInt64 = 0x22_6469  // id"
  static let touch: UInt64 = 0x2268_6375_6F74  // touch"
  static let session: UInt64 = 0x226E_6F69_7373_6573  // session"
  static let pointer: UInt64 = 0x2272_6574_6E69_6F70  // pointer"
  static let move: UInt64 = 0x22_6576_6F6D  // move"
  static let down: UInt64 = 0x22_6E77_6F64  // down"
  static let up: UInt64 = 0x22_7075  // up"
  static let cancel: UInt64 = 0x22_6C65_636E_6163  // cancel"
}

/// The keys of the common event shape, each with its bit in a set of keys seen.
private enum _CommonKey: UInt8 {
  case t, x, y, id, session, touch, pointer

  var bit: UInt8 { 1 << rawValue }
}

extension _JSONScanner {
  /// Consumes `byte` if it is next.
  @inline(__always)
  fileprivate mutating func take(_ byte: UInt8) -> Bool {
    guard position < count, self.byte(at: position) == byte else { return false }
    position += 1
    return true
  }

  /// The bytes of a range of offsets.
  @inline(__always)
  fileprivate func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
    bytes(from: range.lowerBound, to: range.upperBound)
  }

  /// A string of printable ASCII without escapes at ``position``: the range of its contents.
  @inline(__always)
  fileprivate mutating func _plainString() -> Range<Int>? {
    guard take(_ASCII.quote) else { return nil }
    let start = position
    while position < count {
      let byte = byte(at: position)
      if byte == _ASCII.quote {
        position += 1
        return start..<position - 1
      }
      // Control bytes, the backslash and anything beyond ASCII are the full decoder's.
      guard byte >= 0x20 && byte < 0x80 && byte != _ASCII.backslash else { return nil }
      position += 1
    }
    return nil
  }

  /// Skips whitespace, testing one byte when there is none (as in most lines).
  @inline(__always)
  fileprivate mutating func _skipSpace() {
    if position < count && byte(at: position) <= _ASCII.space { skipWhitespace() }
  }

  /// A key of the common shape at ``position`` with its `:` and the whitespace around it,
  /// or `nil` for any other key.
  @inline(__always)
  fileprivate mutating func _commonKey() -> _CommonKey? {
    guard let key = _commonKeyName() else { return nil }
    if position < count && byte(at: position) == _ASCII.colon {
      position += 1
    } else {
      skipWhitespace()
      guard take(_ASCII.colon) else { return nil }
    }
    _skipSpace()
    return key
  }

  /// The quoted name of a key of the common shape at ``position``, or `nil` for any other.
  ///
  /// The eight bytes after the opening quote are compared at once with each key and its
  /// closing quote (``_PackedWord``); near the end of a line, byte by byte.
  @inline(__always)
  private mutating func _commonKeyName() -> _CommonKey? {
    guard position + 9 <= count, byte(at: position) == _ASCII.quote else {
      return _commonKeyByBytes()
    }
    let word = eightBytes(at: position + 1)
    let key: _CommonKey
    let length: Int
    switch word & 0xFFFF {
    case _PackedWord.t: (key, length) = (.t, 1)
    case _PackedWord.x: (key, length) = (.x, 1)
    case _PackedWord.y: (key, length) = (.y, 1)
    default:
      if word & 0xFF_FFFF == _PackedWord.id {
        (key, length) = (.id, 2)
      } else if word & 0xFFFF_FFFF_FFFF == _PackedWord.touch {
        (key, length) = (.touch, 5)
      } else if word == _PackedWord.session {
        (key, length) = (.session, 7)
      } else if word == _PackedWord.pointer {
        (key, length) = (.pointer, 7)
      } else {
        return nil
      }
    }
    position += length + 2
    return key
  }

  /// ``_commonKeyName()`` byte by byte.
  private mutating func _commonKeyByBytes() -> _CommonKey? {
    guard let range = _plainString() else { return nil }
    let word = bytes(range)
    switch word.count {
    case 1:
      switch word[0] {
      case UInt8(ascii: "t"): return .t
      case UInt8(ascii: "x"): return .x
      case UInt8(ascii: "y"): return .y
      default: return nil
      }
    case 2: return _matches(word, "id") ? .id : nil
    case 5: return _matches(word, "touch") ? .touch : nil
    case 7:
      if _matches(word, "session") { return .session }
      return _matches(word, "pointer") ? .pointer : nil
    default: return nil
    }
  }

  /// The phase of a touch at ``position`` (a string), or `nil`.
  @inline(__always)
  fileprivate mutating func _touchPhase() -> TouchPhase? {
    if position + 9 <= count && byte(at: position) == _ASCII.quote {
      let word = eightBytes(at: position + 1)
      let phase: TouchPhase
      let length: Int
      if word & 0xFF_FFFF_FFFF == _PackedWord.move {
        (phase, length) = (.move, 4)
      } else if word & 0xFF_FFFF_FFFF == _PackedWord.down {
        (phase, length) = (.down, 4)
      } else if word & 0xFF_FFFF == _PackedWord.up {
        (phase, length) = (.up, 2)
      } else if word & 0xFF_FFFF_FFFF_FFFF == _PackedWord.cancel {
        (phase, length) = (.cancel, 6)
      } else {
        return nil
      }
      position += length + 2
      return phase
    }
    guard let word = _plainString() else { return nil }
    return _Vocabulary.touchPhase(bytes(word))
  }

  /// A number at ``position``, or `nil` if the value is not one or is not valid.
  @inline(__always)
  fileprivate mutating func _commonNumber() -> Double? {
    guard let byte = current, byte == _ASCII.minus || _ASCII.isDigit(byte) else { return nil }
    do {
      return try scanNumber().value
    } catch {
      return nil
    }
  }
}
