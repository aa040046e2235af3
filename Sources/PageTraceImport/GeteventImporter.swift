import PageTrace
import PageTraceIO

/// Imports an Android `getevent -lt` capture of a touch screen: multi-touch protocol B (slots
/// and tracking ids), protocol A (contacts between `SYN_MT_REPORT`s) or a single-touch device.
///
/// Event lines look like
/// `[   12345.678901] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001`:
/// a timestamp in seconds in brackets, an optional device path (absent when `getevent` watches
/// one device), the type, the code and the value in hexadecimal (`DOWN` and `UP` for keys).
/// Types, codes and key values may also be given as hexadecimal numbers (`0003 0039`), as
/// `getevent -t` without `-l` prints them. A capture without the timestamps (plain `getevent`)
/// is refused: its strokes would have no times.
///
/// The lines up to each `EV_SYN SYN_REPORT` make a frame, read as a whole and stamped with the
/// report's time. What the frame holds says how the device speaks, as Android's InputReader
/// tells its multi-touch and single-touch devices apart:
///
/// - **Protocol B** (`ABS_MT_SLOT`, `ABS_MT_TRACKING_ID`, no `SYN_MT_REPORT`): a slot holds a
///   contact from a tracking id to the tracking id `ffffffff`; the tracking id is the
///   ``PageTrace/TouchID``. The kernel sends only the values that changed, so a slot keeps its
///   coordinates from one contact to the next, and a new contact whose slot never had both an
///   X and a Y waits (noted) until they arrive. A slot whose position moves before any
///   tracking id was seen for it holds a contact that was down when the capture began: it gets
///   a synthetic id and goes down at its first complete position (counted in a note).
/// - **Protocol A** (`SYN_MT_REPORT` after each contact): every frame lists all the contacts
///   down. Contacts with `ABS_MT_TRACKING_ID` are followed by it; the others are matched to
///   the nearest contact of the previous frame (greedy: the closest pair first, then the
///   closest of the rest, by raw distance, with no limit), and the ones left over went down.
///   A contact missing from a frame has lifted (`up` at its last position); a frame with no
///   contact (`SYN_MT_REPORT` alone, or `SYN_REPORT` alone after `BTN_TOUCH UP`) lifts all.
/// - **Single touch** (no `ABS_MT_*` ever): `ABS_X` and `ABS_Y` place the one contact;
///   `BTN_TOUCH` puts it down and lifts it, or `BTN_TOOL_FINGER` on a device without
///   `BTN_TOUCH`, or `ABS_PRESSURE` (0 is up) on a device with neither. Each contact gets a
///   synthetic id.
///
/// Synthetic ids are negative (-1, -2, … in the order they are given): the kernel's tracking
/// ids are never negative, so the two cannot collide.
///
/// Within a frame the `up`s come first (at the contacts' last positions), then the `down`s
/// and `move`s contact by contact. Other codes (`ABS_MT_PRESSURE`, `MSC_TIMESTAMP`, other
/// keys…) are ignored. After `SYN_DROPPED` (noted), lines are ignored up to and including the
/// next `SYN_REPORT`, as the kernel documentation asks.
///
/// A capture of several devices (lines with a `/dev/input/eventN:` column) is read from the
/// touch screen: the first device whose frames make a contact. The events of the others are
/// counted in a note naming the device chosen (with its `name:` when an `add device` block
/// gives it).
///
/// Raw units become points by a scale (``init(scaleX:scaleY:session:)``), or through the
/// device's axis ranges to a screen size (``init(screenWidth:screenHeight:session:)``) as
/// Android maps them: `x = (raw - min) × width / (max - min + 1)`. The ranges come from the
/// device blocks `getevent -lp` (or `-p`, or `add device` with `-i`) prints, prepended to the
/// capture; lines of device descriptions are otherwise ignored.
///
/// Touch samples go through the shared import policy (see ``PageTraceIO/LineImporter``): a
/// report whose time goes backwards is noted and its changes are kept for the next report,
/// and contacts still down at the end are cancelled.
///
/// ```swift
/// // A 1080 × 2340 panel shown at 360 × 780 points.
/// var importer = GeteventImporter(scaleX: 1.0 / 3, scaleY: 1.0 / 3)
/// // The same, from the ranges of a capture recorded after `getevent -lp`.
/// var mapped = GeteventImporter(screenWidth: 360, screenHeight: 780)
/// ```
public struct GeteventImporter: LineImporter {
  /// Points per raw device unit along x (1 with a screen size).
  public let scaleX: Double
  /// Points per raw device unit along y (1 with a screen size).
  public let scaleY: Double
  /// The screen's width in points that the x axis's range maps to, or `nil` when raw units
  /// are scaled by ``scaleX``.
  public let screenWidth: Double?
  /// The screen's height in points that the y axis's range maps to, or `nil` when raw units
  /// are scaled by ``scaleY``.
  public let screenHeight: Double?
  /// The session of every event.
  public let session: String?

  /// The largest slot number accepted.
  public static let maximumSlot = 1023
  /// The most events one frame (the lines of a device up to its `SYN_REPORT`) may hold: a
  /// frame is read as a whole, and this keeps the memory it takes bounded.
  public static let maximumFrameEvents = 65_536
  /// The most contacts read from one protocol A frame (more are noted and ignored): matching
  /// them to the previous frame's compares every pair.
  public static let maximumContactsPerFrame = 64

  var _tracker = _StrokeTracker()
  var _devices: [_GeteventDevice] = []
  /// The devices described by `add device` blocks, in order.
  var _descriptions: [_GeteventDescription] = []
  /// The block that indented lines describe, and the latest block begun.
  var _describing: Int?
  var _latestDescription: Int?
  /// The touch screen: the first device that made a touch event.
  var _chosen: Int?
  /// The time of the latest event handed on (the stroke tracker's time for `session`).
  var _lastTime = -Double.infinity
  /// The next synthetic id (see the type's documentation).
  var _nextSyntheticID: Int32 = -1
  /// Protocol B contacts that were down when the capture began, and the line of the first.
  var _contactsInProgress = 0
  var _firstContactInProgressLine = 0
  /// Notes given once.
  var _noted = _GeteventNoted()
  /// The input's name, for the notes of ``finish(event:note:)``.
  var _file = ""

  /// Creates an importer that converts raw device coordinates to points by a scale.
  ///
  /// Points are raw units × scale: a panel 1080 units wide shown 360 points wide has
  /// `scaleX` 1/3. Android reports the panel's range with `getevent -lp` (the `max` of
  /// `ABS_MT_POSITION_X`), and the screen's size in points is its size in pixels divided by
  /// the display density.
  ///
  /// - Parameters:
  ///   - scaleX: Points per raw unit along x; finite.
  ///   - scaleY: Points per raw unit along y; finite.
  ///   - session: The session of every event; `nil` is the default session.
  public init(scaleX: Double, scaleY: Double, session: String? = nil) {
    precondition(scaleX.isFinite && scaleY.isFinite, "scales must be finite")
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.screenWidth = nil
    self.screenHeight = nil
    self.session = session
  }

  /// Creates an importer that maps each axis's range, as the capture's device blocks give it,
  /// onto a screen of the given size in points.
  ///
  /// A raw x becomes `(x - min) × screenWidth / (max - min + 1)` points, as Android maps
  /// touches to the display; likewise y. The ranges are those `getevent -lp` prints (its
  /// output put before the capture): `ABS_MT_POSITION_X` and `_Y` for multi-touch devices,
  /// `ABS_X` and `ABS_Y` for single-touch ones.
  ///
  /// - Parameters:
  ///   - screenWidth: The screen's width in points; finite and positive.
  ///   - screenHeight: The screen's height in points; finite and positive.
  ///   - session: The session of every event; `nil` is the default session.
  public init(screenWidth: Double, screenHeight: Double, session: String? = nil) {
    precondition(
      screenWidth.isFinite && screenHeight.isFinite && screenWidth > 0 && screenHeight > 0,
      "screen sizes must be finite and positive")
    self.scaleX = 1
    self.scaleY = 1
    self.screenWidth = screenWidth
    self.screenHeight = screenHeight
    self.session = session
  }

  /// Decodes one line of the capture (without its terminator).
  ///
  /// - Throws: ``TraceError`` at the column of the token that cannot be read: a timestamp, a
  ///   missing code or value, a value that is not hexadecimal, a slot out of range, a frame
  ///   longer than ``maximumFrameEvents``, an event line without a timestamp, or a line that
  ///   is neither an event nor a device description; at a screen size's first touch event
  ///   when the device's ranges are not known.
  public mutating func decode(
    _ line: UnsafeRawBufferPointer, line number: Int, file: String,
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    self._file = file
    var scanner = _JSONScanner(line, file: file, line: number)
    scanner.skipWhitespace()
    guard let first = scanner.current else { return }
    guard first == _ASCII.leftBracket else {
      // Indented lines describe a device (`  name: "…"`, axis ranges); `getevent` also
      // announces devices.
      if scanner.position > 0 {
        _describe(line)
        return
      }
      if _hasPrefix(line, "add device") {
        _beginDescription(line)
        return
      }
      if _hasPrefix(line, "remove device") || _hasPrefix(line, "could not") { return }
      var probe = scanner
      if Self._isEventWithoutTime(&probe) {
        throw TraceError(
          file: file, line: number, column: 1,
          expected: "a time in brackets on each event (record the capture with getevent -lt)",
          found: "an event without one: the capture has no times")
      }
      throw scanner.error(
        at: scanner.position, expected: "'[' and a timestamp in seconds (getevent -lt)")
    }
    scanner.position += 1
    let time = try Self.timestamp(&scanner)
    _describing = nil

    var field = scanner._nextField()
    var deviceName = scanner.bytes(from: 0, to: 0)
    if field.count > 1 && scanner.byte(at: field.upperBound - 1) == _ASCII.colon {
      deviceName = scanner.bytes(from: field.lowerBound, to: field.upperBound - 1)
      field = scanner._nextField()
    }
    guard !field.isEmpty else {
      throw scanner.error(at: field.lowerBound, expected: "an event type such as EV_ABS")
    }
    let type = _GeteventType(scanner.bytes(from: field.lowerBound, to: field.upperBound))
    let device = deviceIndex(deviceName)
    _devices[device].eventLines += 1
    guard type != .other else { return }

    let codeField = scanner._nextField()
    guard !codeField.isEmpty else {
      throw scanner.error(
        at: codeField.lowerBound,
        expected: type == .abs
          ? "an event code such as ABS_MT_SLOT"
          : type == .key ? "an event code such as BTN_TOUCH" : "an event code such as SYN_REPORT")
    }
    let code = scanner.bytes(from: codeField.lowerBound, to: codeField.upperBound)
    let keyCode = type == .key ? _GeteventCode(key: code) : nil
    // Keys other than the touch's own (`KEY_VOLUMEDOWN DOWN`) are not read further.
    guard type != .key || keyCode != nil else { return }
    let valueField = scanner._nextField()
    let valueBytes = scanner.bytes(from: valueField.lowerBound, to: valueField.upperBound)
    guard let value = type == .key ? _keyValue(valueBytes) : _hexValue(valueBytes) else {
      throw scanner.error(
        at: valueField.lowerBound,
        expected: type == .key
          ? "a key value: DOWN, UP or 1 to 8 hexadecimal digits"
          : "a value of 1 to 8 hexadecimal digits",
        found: scanner._excerpt(of: valueField))
    }
    let isRelevant = _chosen == nil || _chosen == device

    if type == .syn {
      // `getevent -r` appends the event rate to reports: the rest of the line is not read.
      switch _SynCode(code) {
      case .report:
        if _devices[device].isDropping {
          _devices[device].isDropping = false
        } else if isRelevant {
          try _endFrame(device, time: time, file: file, line: number, event: event, note: note)
        }
        _devices[device].frame.removeAll(keepingCapacity: true)
        _devices[device].frameStart = nil
      case .dropped:
        _devices[device].isDropping = true
        _devices[device].frame.removeAll(keepingCapacity: true)
        _devices[device].frameStart = nil
        if isRelevant {
          note(
            ImportNote(
              file: file, line: number,
              message:
                "SYN_DROPPED: the kernel lost events; lines are ignored up to the next SYN_REPORT"
            ))
        }
      case .multiTouchReport:
        if isRelevant && !_devices[device].isDropping {
          try _append(.mtReport, 0, device: device, scanner: scanner, line: number)
        }
      case .other:
        break
      }
      return
    }

    let trailing = scanner._nextField()
    guard trailing.isEmpty else {
      throw scanner.error(
        at: trailing.lowerBound, expected: "the end of the line",
        found: scanner._excerpt(of: trailing))
    }
    guard let item = keyCode ?? _GeteventCode(abs: code) else { return }
    if item == .slot && !(0...Self.maximumSlot).contains(Int(value)) {
      throw scanner.error(
        at: valueField.lowerBound, expected: "a slot from 0 to \(Self.maximumSlot)",
        found: scanner._excerpt(of: valueField))
    }
    guard isRelevant && !_devices[device].isDropping else { return }
    try _append(item, value, device: device, scanner: scanner, line: number)
  }

  /// Cancels the contacts still down, notes the changes of an unfinished frame, and says
  /// which device was read when there were others.
  public mutating func finish(
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) {
    for index in _devices.indices where _chosen == nil || _chosen == index {
      if let line = _devices[index].frameStart {
        note(
          ImportNote(
            file: _file, line: line,
            message:
              "the capture ends inside a frame (no SYN_REPORT after this line): its changes are dropped"
          ))
        _devices[index].frameStart = nil
        _devices[index].frame.removeAll()
      }
    }
    if _contactsInProgress > 0 {
      let count = _contactsInProgress
      note(
        ImportNote(
          file: _file, line: _firstContactInProgressLine,
          message:
            "\(count) \(count == 1 ? "touch was" : "touches were") already down when the capture began (positions before any ABS_MT_TRACKING_ID): given synthetic negative ids"
        ))
    }
    _noteOtherDevices(note: note)
    _tracker.finish(file: _file, event: event, note: note)
  }

  // MARK: Frames

  /// Adds an event to a device's frame.
  private mutating func _append(
    _ code: _GeteventCode, _ value: Int32, device: Int, scanner: _JSONScanner, line: Int
  ) throws(TraceError) {
    guard _devices[device].frame.count < Self.maximumFrameEvents else {
      throw TraceError(
        file: scanner.file, line: line, column: 1,
        expected: "a SYN_REPORT within \(Self.maximumFrameEvents) events of a device",
        found: "more")
    }
    if _devices[device].frameStart == nil { _devices[device].frameStart = line }
    _devices[device].frame.append(_GeteventItem(code: code, value: value, line: line))
  }

  /// Reads a device's frame at its `SYN_REPORT`, by the protocol the device speaks.
  private mutating func _endFrame(
    _ device: Int, time: Double, file: String, line: Int,
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    var hasContactReport = false
    var hasMultiTouch = false
    var hasSingleTouch = false
    for item in _devices[device].frame {
      switch item.code {
      case .mtReport: hasContactReport = true
      case .slot, .trackingID, .mtX, .mtY: hasMultiTouch = true
      case .x, .y, .pressure, .btnTouch, .btnToolFinger: hasSingleTouch = true
      }
    }
    let items = _devices[device].frame
    if hasContactReport || _devices[device].protocol == .a {
      _devices[device].protocol = .a
      try _protocolAFrame(
        items, device: device, time: time, file: file, line: line, event: event, note: note)
    } else if hasMultiTouch || _devices[device].protocol == .b {
      _devices[device].protocol = .b
      _applySlotEvents(items, device: device, file: file, note: note)
      try _reportSlots(device, time: time, file: file, line: line, event: event, note: note)
    } else if hasSingleTouch || _devices[device].protocol == .single {
      _devices[device].protocol = .single
      try _singleTouchFrame(
        items, device: device, time: time, file: file, line: line, event: event, note: note)
    }
  }

  /// A new synthetic id (see the type's documentation).
  mutating func _syntheticID() -> Int32 {
    let id = _nextSyntheticID
    if _nextSyntheticID > Int32.min { _nextSyntheticID -= 1 }
    return id
  }

  /// Notes a frame whose time goes backwards, which is skipped (its state is kept for the
  /// next frame), in the words of the stroke tracker.
  func _noteBackwards(time: Double, file: String, line: Int, note: (ImportNote) -> Void) {
    note(
      ImportNote(
        file: file, line: line, kind: .sampleDropped,
        reason: "time went backwards: sample skipped",
        message: "time went backwards (\(time) after \(_lastTime)): sample skipped"))
  }

  /// Hands a touch sample in raw units to the stroke tracker, in points; the first device to
  /// send one becomes the touch screen.
  mutating func _send(
    _ phase: TouchPhase, _ contact: Int32, _ x: Int32, _ y: Int32, device: Int, time: Double,
    file: String, line: Int, event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    if _chosen == nil { _chosen = device }
    let (pointX, pointY) = try _points(x, y, device: device, file: file, line: line)
    var handedOn = false
    _tracker.touch(
      phase, id: .number(Double(contact)), x: pointX, y: pointY,
      time: time, session: session, file: file, line: line,
      event: { sample in
        handedOn = true
        event(sample)
      }, note: note)
    if handedOn { _lastTime = time }
  }

  // MARK: Reading

  /// Reads the timestamp after `[`, and the `]`.
  private static func timestamp(_ scanner: inout _JSONScanner) throws(TraceError) -> Double {
    scanner.skipWhitespace()
    let start = scanner.position
    // `[%8ld.%06ld]` pads with spaces, but a zero-padded stamp reads the same.
    while scanner.position + 1 < scanner.count && scanner.byte(at: scanner.position) == _ASCII.zero
      && _ASCII.isDigit(scanner.byte(at: scanner.position + 1))
    {
      scanner.position += 1
    }
    guard let byte = scanner.current, _ASCII.isDigit(byte) else {
      throw scanner.error(at: start, expected: "a timestamp in seconds")
    }
    let time: Double
    do {
      time = try scanner.scanNumber().value
    } catch {
      throw scanner.error(at: start, expected: "a timestamp in seconds")
    }
    scanner.skipWhitespace()
    guard scanner.current == _ASCII.rightBracket else {
      throw scanner.error(at: scanner.position, expected: "']' after the timestamp")
    }
    scanner.position += 1
    return time
  }

  /// Whether a line is an event as plain `getevent` prints it, without a time:
  /// `[/dev/input/eventN:] TYPE CODE VALUE` with a type such as `EV_ABS` or `0003`.
  private static func _isEventWithoutTime(_ scanner: inout _JSONScanner) -> Bool {
    var field = scanner._nextField()
    if field.count > 1 && scanner.byte(at: field.upperBound - 1) == _ASCII.colon {
      field = scanner._nextField()
    }
    let type = scanner.bytes(from: field.lowerBound, to: field.upperBound)
    let isType = _hasPrefix(type, "EV_") || (type.count == 4 && _hexValue(type) != nil)
    return isType && !scanner._nextField().isEmpty && !scanner._nextField().isEmpty
  }

  /// The index of a device's state, added at its first event.
  private mutating func deviceIndex(_ name: UnsafeRawBufferPointer) -> Int {
    for index in _devices.indices where _devices[index].name.utf8.elementsEqual(name) {
      return index
    }
    _devices.append(_GeteventDevice(name: String(decoding: name, as: UTF8.self)))
    return _devices.count - 1
  }
}

/// The state of one input device.
struct _GeteventDevice: Sendable {
  /// How a device speaks, from the first frame that tells.
  enum TouchProtocol: Sendable { case a, b, single }

  /// Its path, empty when the capture has no device column.
  var name: String
  var `protocol`: TouchProtocol?
  /// The event lines of the device.
  var eventLines = 0
  /// The events since the last report, and the line of the first.
  var frame: [_GeteventItem] = []
  var frameStart: Int?
  /// Between `SYN_DROPPED` and the next `SYN_REPORT`.
  var isDropping = false
  /// How raw units become points, once known.
  var mapping: _GeteventMapping?
  /// Protocol B: the slots, and the slot that `ABS_MT_*` lines change (slot 0 at first).
  var slots = [_GeteventSlot()]
  var slot = 0
  /// Protocol A: the contacts handed on at the previous frame.
  var contacts: [_GeteventContact] = []
  /// Single touch: the one contact.
  var single = _GeteventSingleTouch()
}

/// One event of a frame that the importer reads.
struct _GeteventItem: Sendable {
  var code: _GeteventCode
  var value: Int32
  var line: Int
}

/// The codes the importer reads, of every protocol.
enum _GeteventCode: Sendable, Equatable {
  case slot, trackingID, mtX, mtY, mtReport
  case x, y, pressure, btnTouch, btnToolFinger

  /// An `EV_ABS` code, by label or number.
  init?(abs word: UnsafeRawBufferPointer) {
    if _matches(word, "ABS_MT_POSITION_X") {
      self = .mtX
    } else if _matches(word, "ABS_MT_POSITION_Y") {
      self = .mtY
    } else if _matches(word, "ABS_MT_SLOT") {
      self = .slot
    } else if _matches(word, "ABS_MT_TRACKING_ID") {
      self = .trackingID
    } else if _matches(word, "ABS_X") {
      self = .x
    } else if _matches(word, "ABS_Y") {
      self = .y
    } else if _matches(word, "ABS_PRESSURE") {
      self = .pressure
    } else {
      switch _hexValue(word) {
      case 0x35: self = .mtX
      case 0x36: self = .mtY
      case 0x2F: self = .slot
      case 0x39: self = .trackingID
      case 0x00: self = .x
      case 0x01: self = .y
      case 0x18: self = .pressure
      default: return nil
      }
    }
  }

  /// An `EV_KEY` code, by label or number.
  init?(key word: UnsafeRawBufferPointer) {
    if _matches(word, "BTN_TOUCH") {
      self = .btnTouch
    } else if _matches(word, "BTN_TOOL_FINGER") {
      self = .btnToolFinger
    } else {
      switch _hexValue(word) {
      case 0x14A: self = .btnTouch
      case 0x145: self = .btnToolFinger
      default: return nil
      }
    }
  }
}

/// Notes the importer gives once per capture.
struct _GeteventNoted: Sendable {
  var contactWithoutPosition = false
  var tooManyContacts = false
  var positionWithoutTouch = false
}

private enum _GeteventType {
  case abs, syn, key, other

  init(_ word: UnsafeRawBufferPointer) {
    if _matches(word, "EV_ABS") {
      self = .abs
    } else if _matches(word, "EV_SYN") {
      self = .syn
    } else if _matches(word, "EV_KEY") {
      self = .key
    } else {
      switch _hexValue(word) {
      case 3: self = .abs
      case 0: self = .syn
      case 1: self = .key
      default: self = .other
      }
    }
  }
}

private enum _SynCode {
  case report, multiTouchReport, dropped, other

  init(_ word: UnsafeRawBufferPointer) {
    if _matches(word, "SYN_REPORT") {
      self = .report
    } else if _matches(word, "SYN_MT_REPORT") {
      self = .multiTouchReport
    } else if _matches(word, "SYN_DROPPED") {
      self = .dropped
    } else {
      switch _hexValue(word) {
      case 0: self = .report
      case 2: self = .multiTouchReport
      case 3: self = .dropped
      default: self = .other
      }
    }
  }
}

/// 1 to 8 hexadecimal digits as a 32-bit two's complement value (`ffffffff` is -1).
func _hexValue(_ word: UnsafeRawBufferPointer) -> Int32? {
  guard (1...8).contains(word.count) else { return nil }
  var value: UInt32 = 0
  for byte in word {
    guard let digit = _ASCII.hexValue(byte) else { return nil }
    value = value << 4 | digit
  }
  return Int32(bitPattern: value)
}

/// A key's value as `getevent -l` prints it (`UP`, `DOWN`, `REPEAT`) or in hexadecimal.
private func _keyValue(_ word: UnsafeRawBufferPointer) -> Int32? {
  if _matches(word, "DOWN") { return 1 }
  if _matches(word, "UP") { return 0 }
  if _matches(word, "REPEAT") { return 2 }
  return _hexValue(word)
}

/// Whether the bytes start with the given ASCII text.
func _hasPrefix(_ bytes: UnsafeRawBufferPointer, _ prefix: StaticString) -> Bool {
  let count = prefix.utf8CodeUnitCount
  guard bytes.count >= count else { return false }
  return _matches(UnsafeRawBufferPointer(rebasing: bytes[..<count]), prefix)
}

extension _JSONScanner {
  /// Skips blanks and returns the run of non-blank bytes that follows (empty at the end).
  fileprivate mutating func _nextField() -> Range<Int> {
    skipWhitespace()
    let start = position
    while position < count && !_ASCII.isWhitespace(byte(at: position)) { position += 1 }
    return start..<position
  }

  /// The text of a field for an error, or "the end of the line".
  fileprivate func _excerpt(of field: Range<Int>) -> String {
    field.isEmpty ? "the end of the line" : excerpt(from: field.lowerBound, to: field.upperBound)
  }
}
