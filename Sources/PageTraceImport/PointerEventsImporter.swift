import PageTrace
import PageTraceIO

/// Imports W3C Pointer Events logged as JSON Lines, one event object per line:
/// `{"type":"pointerdown","pointerId":1,"pointerType":"touch","timeStamp":1234.5,"clientX":100,"clientY":200}`.
///
/// - `type`: `pointerdown`, `pointermove`, `pointerup` and `pointercancel` are imported;
///   every other type (`pointerover`, `pointerenter`, `pointerleave`, `pointerout`,
///   `gotpointercapture`, `pointerrawupdate`, `click`…) is ignored.
/// - `timeStamp` is in milliseconds; events are stamped in seconds (`timeStamp / 1000`).
/// - `pointerType` `touch` and `pen` become touch events whose id is `pointerId`; a pen's
///   `pointermove` while it is not down is a hover and is ignored. `mouse` becomes pointer
///   events (`down`, `move`, `up`: a move with no button down is a hover, which the engine
///   tells apart); a mouse `pointercancel` is ignored and noted. Any other `pointerType` is
///   noted and the event skipped.
/// - `clientX`, `clientY` are the coordinates in points (a touch `pointercancel` may omit them).
/// - `coalesced` (or `coalescedEvents`): an optional array of objects with their own
///   `timeStamp`, `clientX` and `clientY`. A `pointermove` with coalesced samples becomes one
///   move per sample, in order, then one at the event's own coordinates unless they equal the
///   last sample's. On other types the array is read and ignored.
/// - `session`: an optional string, the event's session (else the importer's).
///
/// Required: `type` on every line; `pointerType` and `timeStamp` on imported types;
/// `pointerId` on touch and pen events; `clientX` and `clientY` except on a `pointercancel`.
/// Unknown keys are ignored but must be valid JSON; a known key given twice, a missing or
/// wrongly typed field is a ``PageTraceIO/TraceError`` at its column (column 1 for a missing key, the
/// sample's `{` for a key missing in a coalesced sample). Blank lines are ignored.
///
/// Touch samples go through the shared import policy (see ``PageTraceIO/LineImporter``); pointer events
/// get its time check.
public struct PointerEventsImporter: LineImporter {
  /// The session of events whose line has no `session` key.
  public let session: String?

  private var tracker = _StrokeTracker()
  private var sessions = _StringInterner()
  /// The coalesced samples of the line being read (the storage is reused).
  private var samples: [_PointerSample] = []
  /// The pens in contact, by session and `pointerId`.
  private var pensDown: [_PenKey] = []
  /// The input's name, for the notes of ``finish(event:note:)``.
  private var lastFile = ""

  /// Creates an importer.
  ///
  /// - Parameter session: The session of events whose line has no `session` key; `nil` is
  ///   the default session.
  public init(session: String? = nil) {
    self.session = session
  }

  /// Decodes one line (without its terminator).
  ///
  /// - Throws: ``PageTraceIO/TraceError`` naming the line and column of the first problem.
  public mutating func decode(
    _ line: UnsafeRawBufferPointer, line number: Int, file: String,
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    lastFile = file
    var scanner = _JSONScanner(line, file: file, line: number)
    if scanner.isAtEndAfterWhitespace() { return }
    try scanner.beginObject(expected: "a JSON object")

    var type: _PointerEventType?
    var pointerType: _PointerType?
    var pointerTypeToken: _StringToken?
    var pointerID: Double?
    var time: Double?
    var x: Double?
    var y: Double?
    var lineSession: String?
    var seen: UInt8 = 0
    samples.removeAll(keepingCapacity: true)
    var isFirst = true
    while let token = try scanner.nextKey(isFirst: &isFirst) {
      let key = scanner.withBytes(of: token, _PointerKey.init)
      if key == .coalesced {
        try scanner.noteKey(
          token, index: key.rawValue, in: &seen,
          expected: "one of coalesced or coalescedEvents, once")
      } else if key != .unknown {
        try scanner.noteKey(token, index: key.rawValue, in: &seen)
      }
      switch key {
      case .type:
        let value = try scanner.readString(expected: "a string for \"type\"")
        type = scanner.withBytes(of: value, _PointerEventType.init)
      case .pointerType:
        let value = try scanner.readString(expected: "a string for \"pointerType\"")
        pointerType = scanner.withBytes(of: value, _PointerType.init)
        pointerTypeToken = value
      case .pointerId:
        pointerID = try scanner.readNumber(expected: "a number for \"pointerId\"").value
      case .timeStamp:
        time = try scanner.readNumber(expected: "a number for \"timeStamp\"").value / 1000
      case .clientX:
        x = try scanner.readNumber(expected: "a number for \"clientX\"").value
      case .clientY:
        y = try scanner.readNumber(expected: "a number for \"clientY\"").value
      case .session:
        let value = try scanner.readString(expected: "a string for \"session\"")
        lineSession = scanner.withBytes(of: value) { sessions.intern($0) }
      case .coalesced:
        try readSamples(&scanner, key: token)
      case .unknown:
        try scanner.skipValue(depth: 1)
      }
    }
    try scanner.expectEnd()

    func missing(_ key: String) -> TraceError {
      TraceError(
        file: file, line: number, column: 1, expected: "the key \"\(key)\"", found: "none")
    }
    guard let type else { throw missing("type") }
    guard type != .ignored else { return }
    guard let pointerType, let pointerTypeToken else { throw missing("pointerType") }
    let session = lineSession ?? self.session
    if pointerType == .other {
      let name = scanner.excerpt(at: pointerTypeToken.offset)
      note(
        ImportNote(
          file: file, line: number,
          message: "\(type.name) of pointerType \(name), neither touch, pen nor mouse: skipped"))
      return
    }
    if pointerType == .mouse && type == .cancel {
      note(ImportNote(file: file, line: number, message: "pointercancel of the mouse: ignored"))
      return
    }
    guard let time else { throw missing("timeStamp") }
    if type != .cancel {
      guard x != nil else { throw missing("clientX") }
      guard y != nil else { throw missing("clientY") }
    }
    let moves = type == .move ? samples.count : 0
    // The event's own coordinates, unless the last coalesced sample already has them.
    let repeatsLast = moves > 0 && samples[moves - 1].x == x && samples[moves - 1].y == y

    if pointerType == .mouse {
      let phase: PointerPhase = type == .down ? .down : type == .up ? .up : .move
      for sample in samples[..<moves] {
        tracker.other(
          .pointer(.move, x: sample.x, y: sample.y), time: sample.time, session: session,
          file: file, line: number, event: event, note: note)
      }
      if !repeatsLast {
        tracker.other(
          .pointer(phase, x: x!, y: y!), time: time, session: session, file: file, line: number,
          event: event, note: note)
      }
      return
    }

    guard let pointerID else { throw missing("pointerId") }
    let id = TouchID.number(pointerID)
    if pointerType == .pen {
      let pen = _PenKey(session: session, id: pointerID)
      switch type {
      case .down:
        if !pensDown.contains(pen) { pensDown.append(pen) }
      case .move:
        guard pensDown.contains(pen) else { return }  // hovering
      case .up, .cancel:
        pensDown.removeAll { $0 == pen }
      case .ignored:
        break
      }
    }
    let phase: TouchPhase =
      switch type {
      case .down: .down
      case .up: .up
      case .cancel: .cancel
      case .move, .ignored: .move
      }
    for sample in samples[..<moves] {
      tracker.touch(
        .move, id: id, x: sample.x, y: sample.y, time: sample.time, session: session, file: file,
        line: number, event: event, note: note)
    }
    if !repeatsLast {
      tracker.touch(
        phase, id: id, x: x ?? 0, y: y ?? 0, time: time, session: session, file: file,
        line: number, event: event, note: note)
    }
  }

  /// Cancels the touches still down.
  public mutating func finish(event: (PageControlEvent) -> Void, note: (ImportNote) -> Void) {
    tracker.finish(file: lastFile, event: event, note: note)
    pensDown.removeAll()
  }

  /// Reads the array of coalesced samples into `samples`.
  private mutating func readSamples(
    _ scanner: inout _JSONScanner, key: _StringToken
  ) throws(TraceError) {
    let name = scanner.excerpt(at: key.offset)
    guard scanner.current == _ASCII.leftBracket else {
      throw scanner.error(at: scanner.position, expected: "an array of objects for \(name)")
    }
    scanner.position += 1
    scanner.skipWhitespace()
    if scanner.current == _ASCII.rightBracket {
      scanner.position += 1
      return
    }
    while true {
      scanner.skipWhitespace()
      let objectOffset = scanner.position
      try scanner.beginObject(expected: "an object for each sample in \(name)")
      var time: Double?
      var x: Double?
      var y: Double?
      var isFirst = true
      while let token = try scanner.nextKey(isFirst: &isFirst) {
        let key = scanner.withBytes(of: token, _PointerKey.init)
        let isKnown = key == .timeStamp || key == .clientX || key == .clientY
        if isKnown && (key == .timeStamp ? time : key == .clientX ? x : y) != nil {
          throw scanner.repeatedKey(token)
        }
        switch key {
        case .timeStamp:
          time = try scanner.readNumber(expected: "a number for \"timeStamp\"").value / 1000
        case .clientX:
          x = try scanner.readNumber(expected: "a number for \"clientX\"").value
        case .clientY:
          y = try scanner.readNumber(expected: "a number for \"clientY\"").value
        default:
          try scanner.skipValue(depth: 3)
        }
      }
      func missing(_ key: String) -> TraceError {
        scanner.error(
          at: objectOffset, expected: "the key \"\(key)\" in each sample of \(name)", found: "none")
      }
      guard let time else { throw missing("timeStamp") }
      guard let x else { throw missing("clientX") }
      guard let y else { throw missing("clientY") }
      samples.append(_PointerSample(time: time, x: x, y: y))
      scanner.skipWhitespace()
      switch scanner.current {
      case _ASCII.comma:
        scanner.position += 1
      case _ASCII.rightBracket:
        scanner.position += 1
        return
      default:
        throw scanner.error(at: scanner.position, expected: "',' or ']'")
      }
    }
  }
}

/// A coalesced sample, in seconds and points.
private struct _PointerSample: Sendable {
  var time: Double
  var x: Double
  var y: Double
}

private struct _PenKey: Sendable, Equatable {
  var session: String?
  var id: Double
}

/// The keys of a Pointer Events line.
private enum _PointerKey: Int {
  case type, pointerType, pointerId, timeStamp, clientX, clientY, session, coalesced, unknown

  init(_ bytes: UnsafeRawBufferPointer) {
    self =
      if _matches(bytes, "clientX") {
        .clientX
      } else if _matches(bytes, "clientY") {
        .clientY
      } else if _matches(bytes, "timeStamp") {
        .timeStamp
      } else if _matches(bytes, "type") {
        .type
      } else if _matches(bytes, "pointerId") {
        .pointerId
      } else if _matches(bytes, "pointerType") {
        .pointerType
      } else if _matches(bytes, "coalesced") || _matches(bytes, "coalescedEvents") {
        .coalesced
      } else if _matches(bytes, "session") {
        .session
      } else {
        .unknown
      }
  }
}

/// The event types imported; every other one is `ignored`.
private enum _PointerEventType {
  case down, move, up, cancel, ignored

  init(_ bytes: UnsafeRawBufferPointer) {
    self =
      if _matches(bytes, "pointermove") {
        .move
      } else if _matches(bytes, "pointerdown") {
        .down
      } else if _matches(bytes, "pointerup") {
        .up
      } else if _matches(bytes, "pointercancel") {
        .cancel
      } else {
        .ignored
      }
  }

  var name: String {
    switch self {
    case .down: "pointerdown"
    case .move: "pointermove"
    case .up: "pointerup"
    case .cancel: "pointercancel"
    case .ignored: "an ignored type"
    }
  }
}

private enum _PointerType {
  case touch, pen, mouse, other

  init(_ bytes: UnsafeRawBufferPointer) {
    self =
      if _matches(bytes, "touch") {
        .touch
      } else if _matches(bytes, "mouse") {
        .mouse
      } else if _matches(bytes, "pen") {
        .pen
      } else {
        .other
      }
  }
}
