import PageTrace
import _PageTraceNumbers

/// Turns the lines of one trace into blank lines, its header and events (docs/behaviour/trace-format.md,
/// "Lines", "Header" and "JSON strictness").
///
/// One decoder reads one input: it remembers whether a non-blank line was seen, since only
/// the first one may be the header. It numbers session names
/// (``PageTrace/SessionID``) and string touch ids (``PageTrace/TouchKey``) in order of
/// first appearance, so decoding straight into an ``PageTrace/EngineEvent`` allocates
/// nothing once a name has been seen.
///
/// Rules: every event has a finite number `t` and exactly one kind key among `touch`,
/// `pointer`, `key`, `focus`, `a11y` and `set`, with a known value; touches need `id` (a number
/// or a string) and `x`, `y` (only `id` for `cancel`); pointer events need `x`, `y`; `session`
/// is an optional string. Unknown keys are ignored, but their values must still be valid JSON
/// with finite numbers. A known key given twice is an error.
///
/// ```swift
/// var reader = try LineReader(path: "trace.jsonl")
/// var decoder = TraceDecoder(file: reader.name)
/// while let line = try reader.next() {
///   if case .event(let event, _) = try decoder.decode(line) { print(event.time) }
/// }
/// ```
public struct TraceDecoder: Sendable {
  /// The most UTF-8 bytes of a session name or a string touch id, escapes decoded: 4096
  /// (4 KiB). A longer one is a data error at its opening quote, so that no input can make
  /// the tables of names grow by more than this per name (docs/behaviour/limits.md, "Limits").
  public static let maximumNameLength = 4096

  /// The name of the input in errors: a path, or `<stdin>`.
  public let file: String
  /// Whether a non-blank line was decoded (or failed to decode); later headers are errors.
  public internal(set) var hasSeenContent = false

  /// The session names met so far; session `n` is number `n`.
  package internal(set) var sessionNames = _NameTable()
  /// Forgets the session numbered last: the next new name takes its number.
  package mutating func forgetNewestSession() { sessionNames.removeLast() }
  /// The string touch ids of touches that have not ended, and of the last line: an id's
  /// number is given back once no session has that finger down (``_TouchNameTracker``).
  package internal(set) var touchNames = _NameTable()
  /// Which string ids are down in which sessions, to free their numbers when touches end.
  var touchTracker = _TouchNameTracker()
  /// The number code's tables, kept here so that each line reads them without a call.
  let numberTables = NumberTables.shared
  /// Where the values of the last event's `t`, `session`, `x` and `y` start, so that an error
  /// the engine finds later points at its value without scanning the line again.
  var valueOffsets = _ValueOffsets()
  /// The configuration of the last line decoded as the header.
  package private(set) var header: ConfigurationPatch?

  /// Creates a decoder for one input.
  public init(file: String) {
    self.file = file
  }

  /// Decodes a line handed out by a ``LineReader``.
  public mutating func decode(_ line: LineReader.Line) throws(TraceError) -> TraceItem {
    try decode(line.bytes, lineNumber: line.number)
  }

  /// Decodes one line (without its line terminator).
  ///
  /// - Throws: ``TraceError`` naming the line and column of the first problem.
  public mutating func decode(
    _ line: UnsafeRawBufferPointer, lineNumber: Int
  ) throws(TraceError) -> TraceItem {
    var event = EngineEvent(time: 0, .focus(false))
    switch try decode(line, lineNumber: lineNumber, into: &event) {
    case .blank, .note, .otherShard: return .blank  // the decoder makes neither of the last two
    case .header: return .header(header!)
    case .event:
      let session = event.session.rawValue == 0 ? nil : sessionNames.name(event.session.rawValue)
      return .event(
        PageControlEvent(event, session: session, touchNames: touchNames), line: lineNumber)
    }
  }

  /// Decodes one line (without its line terminator), an event straight into `event`: the
  /// fast path of ``TraceReader/next(into:)``. A header's configuration is then ``header``.
  ///
  /// - Throws: ``TraceError`` naming the line and column of the first problem.
  ///
  /// (`@usableFromInline`: called, out of line, by ``TraceReader/_nextPlainLine(into:)``.)
  @usableFromInline
  package mutating func decode(
    _ line: UnsafeRawBufferPointer, lineNumber: Int, into event: inout EngineEvent
  ) throws(TraceError) -> TraceItemKind {
    touchTracker.beginLine(&touchNames)
    // Past the first line, most lines are touch or pointer events of the common shape.
    if hasSeenContent && _decodeCommonEvent(line, into: &event) {
      touchTracker.endLine(event, &touchNames)
      return .event
    }
    // A line that fails after naming a string id is seen to by the next `beginLine`.
    let kind = try _decodeInFull(line, lineNumber: lineNumber, into: &event)
    if kind == .event { touchTracker.endLine(event, &touchNames) }
    return kind
  }

  /// Decodes a line of the middle of a trace for a worker of a parallel replay
  /// (``_LineChunk``): as ``decode(_:lineNumber:into:)`` after the first line, but string
  /// touch ids keep their numbers (the serial stage numbers them again, freeing and reusing
  /// numbers as this decoder would), and a header is an error.
  package mutating func _decodeUntracked(
    _ line: UnsafeRawBufferPointer, lineNumber: Int, into event: inout EngineEvent
  ) throws(TraceError) -> TraceItemKind {
    if _decodeCommonEvent(line, into: &event) { return .event }
    return try _decodeInFull(line, lineNumber: lineNumber, into: &event)
  }

  /// The number of the string touch id that the last line gave a number another id had
  /// before (0 if none): observers must learn its new name.
  /// (`@usableFromInline`, out of line, for the loop compiled in other modules.)
  @usableFromInline
  package var reusedTouchNumber: Int32 { touchTracker.reusedNumber }

  /// ``decode(_:lineNumber:into:)`` without the common-shape shortcut: every line the full
  /// way, as the differential test of the shortcut needs.
  mutating func _decodeInFull(
    _ line: UnsafeRawBufferPointer, lineNumber: Int, into event: inout EngineEvent
  ) throws(TraceError) -> TraceItemKind {
    var scanner = _JSONScanner(line, file: file, line: lineNumber)
    if scanner.isAtEndAfterWhitespace() { return .blank }
    if !hasSeenContent {
      hasSeenContent = true
      if Self.hasHeaderKey(scanner) {
        let patch = try ConfigurationPatch._parse(&scanner, isHeader: true)
        try scanner.expectEnd()
        header = patch
        return .header
      }
    }
    try decodeEvent(&scanner, into: &event)
    return .event
  }

  /// The fast form of an event an importer made, numbering its names here.
  package mutating func number(_ event: PageControlEvent) -> EngineEvent {
    touchTracker.beginLine(&touchNames)
    let fast = EventNumbering.number(event, sessionNames: &sessionNames, touchNames: &touchNames)
    touchTracker.endLine(fast, &touchNames)
    return fast
  }

  /// Whether the line's object has a top-level `"pagetrace"` key before any syntax error.
  ///
  /// Errors are left to the real parse, so that a line reports the same error whether or not
  /// it is the first one.
  private static func hasHeaderKey(_ scanner: _JSONScanner) -> Bool {
    var probe = scanner
    var isFirst = true
    do {
      try probe.beginObject(expected: "a JSON object")
      while let key = try probe.nextKey(isFirst: &isFirst) {
        if probe.withBytes(of: key, { _matches($0, "pagetrace") }) { return true }
        try probe.skipValue(depth: 1)
      }
    } catch {
      return false
    }
    return false
  }

  // MARK: Events

  /// A field whose type depends on the event kind, checked once the whole line is read.
  private enum _Field {
    case absent
    case number(Double)
    /// A string, by its number in ``touchNames``.
    case string(Int32)
    /// Neither a number nor a string, at this offset.
    case other(offset: Int)
  }

  /// The event kind and its value, with where its key was.
  private enum _Kind {
    case touch(TouchPhase)
    case pointer(PointerPhase)
    case key(Key)
    case focus(Bool)
    case accessibility(AccessibilityAction)
    case set(ProgrammaticChange)
  }

  private mutating func decodeEvent(
    _ scanner: inout _JSONScanner, into event: inout EngineEvent
  ) throws(TraceError) {
    try scanner.beginObject(expected: "a JSON object")
    var time: Double?
    var kind: _Kind?
    var kindKey: _StringToken?
    var id = _Field.absent
    var x = _Field.absent
    var y = _Field.absent
    var session = SessionID.defaultSession
    var seen: UInt16 = 0
    var isFirst = true
    var unknownKey: _StringToken?  // the first, named when a required key is missing
    valueOffsets = _ValueOffsets()
    while let token = try scanner.nextKey(isFirst: &isFirst) {
      let key = scanner.withBytes(of: token, _EventKey.init)
      valueOffsets.note(key, at: scanner.position)
      if key != .unknown { try scanner.noteKey(token, index: key.rawValue, in: &seen) }
      if key.isKind, let kindKey {
        throw scanner.error(
          at: token.offset,
          expected: "exactly one of the keys touch, pointer, key, focus, a11y or set",
          found: "\(scanner.excerpt(at: token.offset)) after \(scanner.excerpt(at: kindKey.offset))"
        )
      }
      switch key {
      case .t:
        time = try scanner.readNumber(expected: "a number for \"t\"").value
      case .touch:
        kind = .touch(
          try scanner.readWord(
            expected: "down, move, up or cancel for \"touch\"", _Vocabulary.touchPhase))
      case .id:
        id = try readField(&scanner, allowsString: true)
      case .x:
        x = try readField(&scanner, allowsString: false)
      case .y:
        y = try readField(&scanner, allowsString: false)
      case .session:
        let value = try scanner.readString(expected: "a string for \"session\"")
        try Self.checkLength(of: value, in: scanner, "session name")
        session = SessionID(scanner.withBytes(of: value) { sessionNames.number(forUTF8: $0) })
      case .pointer:
        kind = .pointer(
          try scanner.readWord(
            expected: "hover, down, move or up for \"pointer\"", _Vocabulary.pointerPhase))
      case .key:
        kind = .key(
          try scanner.readWord(
            expected: "tab, left, right, up, down, space, home or end for \"key\"",
            _Vocabulary.key))
      case .focus:
        kind = .focus(
          try scanner.readWord(expected: "control or none for \"focus\"", _Vocabulary.focus))
      case .a11y:
        kind = .accessibility(
          try scanner.readWord(
            expected:
              "increment, decrement, activate, scrollForward or scrollBackward for \"a11y\"",
            _Vocabulary.accessibilityAction))
      case .set:
        kind = .set(try decodeChange(&scanner))
      case .pagetrace:
        throw scanner.error(
          at: token.offset, expected: "an event (a header may only be the first line)")
      case .unknown:
        if unknownKey == nil { unknownKey = token }
        try scanner.skipValue(depth: 1)
      }
      if key.isKind { kindKey = token }
    }
    try scanner.expectEnd()

    // A required key that is missing may be misspelt: an unknown key (ignored, as any) is
    // then named, at its column.
    func missing(_ expected: String) -> TraceError {
      guard let unknownKey else {
        return TraceError(
          file: scanner.file, line: scanner.firstLine, column: 1, expected: expected,
          found: "none")
      }
      return scanner.error(
        at: unknownKey.offset, expected: expected,
        found: "none (\(scanner.excerpt(at: unknownKey.offset)) is not a key of events)")
    }
    guard let time else { throw missing("the key \"t\" (the event time)") }
    guard let kind else {
      throw missing("one of the keys touch, pointer, key, focus, a11y or set")
    }
    let action: EngineEvent.Action
    switch kind {
    case .touch(let phase):
      let touchID: TouchKey
      switch id {
      case .absent: throw missing("the key \"id\" on a touch event")
      case .number(let value): touchID = .number(value)
      case .string(let number): touchID = .name(number)
      case .other(let offset):
        throw scanner.error(at: offset, expected: "a number or a string for \"id\"")
      }
      let required = phase != .cancel
      action = .touch(
        phase, id: touchID,
        x: try Self.coordinate(x, "x", on: "touch", required: required, scanner, missing),
        y: try Self.coordinate(y, "y", on: "touch", required: required, scanner, missing))
    case .pointer(let phase):
      action = .pointer(
        phase, x: try Self.coordinate(x, "x", on: "pointer", required: true, scanner, missing)!,
        y: try Self.coordinate(y, "y", on: "pointer", required: true, scanner, missing)!)
    case .key(let key): action = .key(key)
    case .focus(let isOnControl): action = .focus(isOnControl)
    case .accessibility(let accessibilityAction): action = .accessibility(accessibilityAction)
    case .set(let change): action = .set(change)
    }
    event = EngineEvent(time: time, session: session, action)
  }

  /// Throws unless a session name or string id is at most ``maximumNameLength`` bytes.
  @inline(__always)
  private static func checkLength(
    of token: _StringToken, in scanner: borrowing _JSONScanner, _ what: StaticString
  ) throws(TraceError) {
    guard token.end - token.start > maximumNameLength else { return }  // decoded ≤ raw
    try _checkDecodedLength(of: token, in: scanner, what)
  }

  @inline(never)
  private static func _checkDecodedLength(
    of token: _StringToken, in scanner: borrowing _JSONScanner, _ what: StaticString
  ) throws(TraceError) {
    let length = token.hasEscapes ? scanner.withBytes(of: token) { $0.count } : 0
    guard !token.hasEscapes || length > maximumNameLength else { return }
    let bytes = token.hasEscapes ? length : token.end - token.start
    throw scanner.error(
      at: token.offset, expected: "a \(what) of at most \(maximumNameLength) bytes",
      found: "\(bytes) bytes: " + scanner.excerpt(at: token.offset))
  }

  /// Reads `id`, `x` or `y`, whose required type is known only once the kind is.
  private mutating func readField(
    _ scanner: inout _JSONScanner, allowsString: Bool
  ) throws(TraceError) -> _Field {
    switch scanner.current ?? 0 {
    case _ASCII.minus, _ASCII.zero..._ASCII.nine:
      return .number(try scanner.scanNumber().value)
    case _ASCII.quote where allowsString:
      let token = try scanner.scanString()
      try Self.checkLength(of: token, in: scanner, "string touch id")
      return .string(scanner.withBytes(of: token) { touchNames.number(forUTF8: $0) })
    default:
      let offset = scanner.position
      try scanner.skipValue(depth: 1)
      return .other(offset: offset)
    }
  }

  /// A coordinate of a touch or pointer event: `nil` only when absent and not required.
  /// `missing` makes the error of a required key that is absent.
  private static func coordinate(
    _ field: _Field, _ name: StaticString, on kind: StaticString, required: Bool,
    _ scanner: _JSONScanner, _ missing: (String) -> TraceError
  ) throws(TraceError) -> Double? {
    switch field {
    case .absent:
      guard required else { return nil }
      throw missing("the key \"\(name)\" on a \(kind) event")
    case .number(let value):
      return value
    case .other(let offset):
      throw scanner.error(at: offset, expected: "a number for \"\(name)\"")
    case .string:
      preconditionFailure("coordinates are read without strings")
    }
  }

  // MARK: Programmatic changes

  /// `set`: an object with optional `current`, `pages`, `enabled`, `continuous`, `style`.
  private func decodeChange(_ scanner: inout _JSONScanner) throws(TraceError)
    -> ProgrammaticChange
  {
    try scanner.beginObject(expected: "an object for \"set\"")
    var change = ProgrammaticChange()
    var seen: UInt8 = 0
    var isFirst = true
    while let token = try scanner.nextKey(isFirst: &isFirst) {
      let key = scanner.withBytes(of: token, _SetKey.init)
      if key != .unknown { try scanner.noteKey(token, index: key.rawValue, in: &seen) }
      switch key {
      case .current:
        change.current = try scanner.readInteger(for: "set.current")
      case .pages:
        change.pages = try scanner.readInteger(for: "set.pages", minimum: 0)
      case .enabled:
        change.enabled = try scanner.readBool(expected: "true or false for \"set.enabled\"")
      case .continuous:
        change.continuous = try scanner.readBool(expected: "true or false for \"set.continuous\"")
      case .style:
        change.style = try scanner.readWord(
          expected: "automatic, prominent or minimal for \"set.style\"", _Vocabulary.style)
      case .unknown:
        try scanner.skipValue(depth: 2)
      }
    }
    return change
  }
}

/// The keys of an event line.
private enum _EventKey: Int {
  case t, touch, id, x, y, session, pointer, key, focus, a11y, set, pagetrace, unknown

  /// Matched by length, then by the first byte, then checked in full: a key costs a switch
  /// and one comparison.
  init(_ bytes: UnsafeRawBufferPointer) {
    guard let first = bytes.first else {
      self = .unknown
      return
    }
    let candidate: (key: _EventKey, word: StaticString) =
      switch (bytes.count, first) {
      case (1, UInt8(ascii: "t")): (.t, "t")
      case (1, UInt8(ascii: "x")): (.x, "x")
      case (1, UInt8(ascii: "y")): (.y, "y")
      case (2, _): (.id, "id")
      case (3, UInt8(ascii: "k")): (.key, "key")
      case (3, _): (.set, "set")
      case (4, _): (.a11y, "a11y")
      case (5, UInt8(ascii: "t")): (.touch, "touch")
      case (5, _): (.focus, "focus")
      case (7, UInt8(ascii: "s")): (.session, "session")
      case (7, _): (.pointer, "pointer")
      case (9, _): (.pagetrace, "pagetrace")
      default: (.unknown, "")
      }
    self = bytes.count == 1 || _matches(bytes, candidate.word) ? candidate.key : .unknown
  }

  /// Whether the key names the kind of the event.
  var isKind: Bool {
    switch self {
    case .touch, .pointer, .key, .focus, .a11y, .set: true
    default: false
    }
  }
}

/// The keys of a `set` object.
private enum _SetKey: Int {
  case current, pages, enabled, continuous, style, unknown

  init(_ bytes: UnsafeRawBufferPointer) {
    self =
      if _matches(bytes, "current") { .current } else if _matches(bytes, "pages") {
        .pages
      } else if _matches(bytes, "enabled") { .enabled } else if _matches(bytes, "continuous") {
        .continuous
      } else if _matches(bytes, "style") { .style } else { .unknown }
  }
}

/// The byte offsets of an event line's values that engine errors point at; -1 if absent.
struct _ValueOffsets: Sendable, Equatable {
  var t = -1
  var session = -1
  var x = -1
  var y = -1

  @inline(__always)
  fileprivate mutating func note(_ key: _EventKey, at offset: Int) {
    switch key {
    case .t: t = offset
    case .session: session = offset
    case .x: x = offset
    case .y: y = offset
    default: break
    }
  }

  /// The offset of the value of `field` (`t`, `session`, `x`, `y`), if the line had it.
  func offset(of field: String) -> Int? {
    let offset =
      switch field {
      case "t": t
      case "session": session
      case "x": x
      case "y": y
      default: -1
      }
    return offset >= 0 ? offset : nil
  }
}

extension PageControlEvent {
  /// The string touch id of a touch event, if it has one.
  var touchName: String? {
    if case .touch(_, .string(let name), _, _) = action { name } else { nil }
  }
}
