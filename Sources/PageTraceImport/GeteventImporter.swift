import PageTrace
import PageTraceIO

/// Imports an Android `getevent -lt` capture of a touch screen that speaks the Linux
/// multi-touch protocol B (slots and tracking ids).
///
/// Event lines look like
/// `[   12345.678901] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001`:
/// a timestamp in seconds in brackets, an optional device path (absent when `getevent` watches
/// one device), the type, the code and the value in hexadecimal. Types and codes may also be
/// given as hexadecimal numbers (`0003 0039`), as `getevent -t` without `-l` prints them.
///
/// - `ABS_MT_SLOT` selects the slot that later lines change (slot 0 at first);
///   `ABS_MT_TRACKING_ID` puts a new contact in it (the id becomes the ``PageTrace/TouchID``), and
///   a
///   negative value (`ffffffff`) lifts the contact; `ABS_MT_POSITION_X` and `_Y` move it.
/// - At each `EV_SYN SYN_REPORT`, every slot that changed since the previous report yields a
///   touch event stamped with the report's time: first the `up`s of contacts that ended (at
///   their last position), then, slot by slot, the `down`s of new contacts and the `move`s of
///   contacts whose position changed.
/// - A slot keeps its coordinates from one contact to the next, because the kernel does not
///   repeat a value that did not change. A new contact in a slot that never had both an X and
///   a Y waits (noted) until they arrive.
/// - Every other event type (`EV_KEY BTN_TOUCH DOWN`, `EV_MSC`…) and every other code
///   (`ABS_MT_PRESSURE`…) is ignored, as are `SYN_CONFIG`, `SYN_MT_REPORT` (protocol A,
///   noted once) and the lines `getevent` prints about devices (`add device 1: …`, the
///   indented `  name: "…"`). After `SYN_DROPPED` (noted), lines are ignored up to and
///   including the next `SYN_REPORT`, as the kernel documentation asks.
/// - Each device path has its own slots; the touch ids are the tracking ids as they are.
///
/// Touch samples go through the shared import policy (see ``PageTraceIO/LineImporter``): a report whose
/// time goes backwards is noted and its changes are kept for the next report, and contacts
/// still down at the end are cancelled.
///
/// ```swift
/// // A 1080 × 2340 panel shown at 360 × 780 points.
/// var importer = GeteventImporter(scaleX: 1.0 / 3, scaleY: 1.0 / 3)
/// ```
public struct GeteventImporter: LineImporter {
  /// Points per raw device unit along x.
  public let scaleX: Double
  /// Points per raw device unit along y.
  public let scaleY: Double
  /// The session of every event.
  public let session: String?

  /// The largest slot number accepted.
  public static let maximumSlot = 1023

  private var tracker = _StrokeTracker()
  private var devices: [_GeteventDevice] = []
  /// The time of the latest event handed on (the stroke tracker's time for `session`).
  private var lastTime = -Double.infinity
  private var notedProtocolA = false
  /// The input's name, for the notes of ``finish(event:note:)``.
  private var file = ""

  /// Creates an importer that converts raw device coordinates to points.
  ///
  /// Points are raw units × scale: a panel 1080 units wide shown 360 points wide has
  /// `scaleX` 1/3. Android reports the panel's range with `getevent -p` (the `max` of
  /// `ABS_MT_POSITION_X`, `0035`), and the screen's size in points is its size in pixels
  /// divided by the display density.
  ///
  /// - Parameters:
  ///   - scaleX: Points per raw unit along x; finite.
  ///   - scaleY: Points per raw unit along y; finite.
  ///   - session: The session of every event; `nil` is the default session.
  public init(scaleX: Double, scaleY: Double, session: String? = nil) {
    precondition(scaleX.isFinite && scaleY.isFinite, "scales must be finite")
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.session = session
  }

  /// Decodes one line of the capture (without its terminator).
  ///
  /// - Throws: ``TraceError`` at the column of the token that cannot be read: a timestamp, a
  ///   missing code or value, a value that is not hexadecimal, a slot out of range, or a line
  ///   that is neither an event nor a device description.
  public mutating func decode(
    _ line: UnsafeRawBufferPointer, line number: Int, file: String,
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    self.file = file
    var scanner = _JSONScanner(line, file: file, line: number)
    scanner.skipWhitespace()
    guard let first = scanner.current else { return }
    guard first == _ASCII.leftBracket else {
      // Indented lines describe a device (`  name: "…"`); `getevent` also announces devices.
      if scanner.position > 0 || _hasPrefix(line, "add device") || _hasPrefix(line, "remove device")
        || _hasPrefix(line, "could not")
      {
        return
      }
      throw scanner.error(
        at: scanner.position, expected: "'[' and a timestamp in seconds (getevent -lt)")
    }
    scanner.position += 1
    let time = try Self.timestamp(&scanner)

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
    guard type != .other else { return }

    let codeField = scanner._nextField()
    guard !codeField.isEmpty else {
      throw scanner.error(
        at: codeField.lowerBound,
        expected: type == .abs
          ? "an event code such as ABS_MT_SLOT" : "an event code such as SYN_REPORT")
    }
    let code = scanner.bytes(from: codeField.lowerBound, to: codeField.upperBound)
    let valueField = scanner._nextField()
    guard
      let value = _hexValue(scanner.bytes(from: valueField.lowerBound, to: valueField.upperBound))
    else {
      throw scanner.error(
        at: valueField.lowerBound, expected: "a value of 1 to 8 hexadecimal digits",
        found: scanner._excerpt(of: valueField))
    }

    let device = deviceIndex(deviceName)
    if type == .syn {
      // `getevent -r` appends the event rate to reports: the rest of the line is not read.
      switch _SynCode(code) {
      case .report:
        if devices[device].isDropping {
          devices[device].isDropping = false
        } else {
          report(device, time: time, file: file, line: number, event: event, note: note)
        }
        devices[device].frameStart = nil
      case .dropped:
        devices[device].isDropping = true
        note(
          ImportNote(
            file: file, line: number,
            message:
              "SYN_DROPPED: the kernel lost events; lines are ignored up to the next SYN_REPORT"))
      case .multiTouchReport:
        if !notedProtocolA {
          notedProtocolA = true
          note(
            ImportNote(
              file: file, line: number,
              message: "SYN_MT_REPORT (multi-touch protocol A) is not supported: ignored"))
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
    let absCode = _AbsCode(code)
    if absCode == .slot && !(0...Self.maximumSlot).contains(Int(value)) {
      throw scanner.error(
        at: valueField.lowerBound, expected: "a slot from 0 to \(Self.maximumSlot)",
        found: scanner._excerpt(of: valueField))
    }
    guard !devices[device].isDropping else { return }
    switch absCode {
    case .slot:
      devices[device].select(slot: Int(value))
    case .trackingID:
      let contact = value < 0 ? nil : value
      let slot = devices[device].slot
      let current = devices[device].slots[slot]
      guard contact != current.contact else { return }
      if let waiting = current.contact, current.shown != waiting, current.notedWaiting {
        note(
          ImportNote(
            file: file, line: number, kind: .sampleDropped,
            reason: "a touch ended before its position was known: dropped",
            message: "touch \(waiting) ended before its position was known: dropped"))
      }
      devices[device].slots[slot].contact = contact
      devices[device].slots[slot].notedWaiting = false
      if contact != nil { devices[device].slots[slot].notedOrphan = false }
      devices[device].markChanged(line: number)
    case .positionX, .positionY:
      let slot = devices[device].slot
      if absCode == .positionX {
        devices[device].slots[slot].x = value
      } else {
        devices[device].slots[slot].y = value
      }
      devices[device].slots[slot].hasMoved = true
      devices[device].markChanged(line: number)
    case .other:
      break
    }
  }

  /// Cancels the contacts still down, and notes the changes of an unfinished frame.
  public mutating func finish(
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) {
    for index in devices.indices {
      if let line = devices[index].frameStart {
        note(
          ImportNote(
            file: file, line: line,
            message:
              "the capture ends inside a frame (no SYN_REPORT after this line): its changes are dropped"
          ))
        devices[index].frameStart = nil
      }
    }
    tracker.finish(file: file, event: event, note: note)
  }

  // MARK: Reports

  /// Hands on the changes of a device's slots since its previous report.
  private mutating func report(
    _ device: Int, time: Double, file: String, line: Int,
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) {
    // Every sample of a report has its time: the tracker takes all of them or none. When it
    // takes none, the slots stay changed and the next report hands them on.
    let isAccepted = time >= lastTime
    let slotCount = devices[device].slots.count
    // Contacts that ended, or were replaced by a new contact in their slot.
    for index in 0..<slotCount where devices[device].slots[index].isChanged {
      let slot = devices[device].slots[index]
      if slot.contact == nil && slot.shown == nil && slot.hasMoved && !slot.notedOrphan {
        devices[device].slots[index].notedOrphan = true
        note(
          ImportNote(
            file: file, line: line,
            message:
              "slot \(index) moved but holds no contact (did the capture begin during a touch?): ignored until a tracking id"
          ))
      }
      if isAccepted { devices[device].slots[index].hasMoved = false }
      guard let shown = slot.shown, shown != slot.contact else { continue }
      let x = slot.contact == nil ? slot.x ?? slot.shownX : slot.shownX
      let y = slot.contact == nil ? slot.y ?? slot.shownY : slot.shownY
      send(.up, shown, x, y, time: time, file: file, line: line, event: event, note: note)
      if isAccepted { devices[device].slots[index].shown = nil }
    }
    // New contacts, and contacts that moved.
    for index in 0..<slotCount where devices[device].slots[index].isChanged {
      let slot = devices[device].slots[index]
      guard let contact = slot.contact else {
        if isAccepted { devices[device].slots[index].isChanged = false }
        continue
      }
      guard let x = slot.x, let y = slot.y else {
        if !slot.notedWaiting {
          devices[device].slots[index].notedWaiting = true
          note(
            ImportNote(
              file: file, line: line,
              message:
                "touch \(contact) in slot \(index) has no \(slot.x == nil ? "ABS_MT_POSITION_X" : "ABS_MT_POSITION_Y") yet: it goes down when its position is known"
            ))
        }
        continue  // stays changed: retried at the next report
      }
      if slot.shown != contact {
        send(.down, contact, x, y, time: time, file: file, line: line, event: event, note: note)
      } else if x != slot.shownX || y != slot.shownY {
        send(.move, contact, x, y, time: time, file: file, line: line, event: event, note: note)
      }
      if isAccepted {
        devices[device].slots[index].shown = contact
        devices[device].slots[index].shownX = x
        devices[device].slots[index].shownY = y
        devices[device].slots[index].isChanged = false
      }
    }
  }

  /// Hands a touch sample in raw units to the stroke tracker.
  private mutating func send(
    _ phase: TouchPhase, _ contact: Int32, _ x: Int32, _ y: Int32, time: Double, file: String,
    line: Int, event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) {
    var handedOn = false
    tracker.touch(
      phase, id: .number(Double(contact)), x: Double(x) * scaleX, y: Double(y) * scaleY,
      time: time, session: session, file: file, line: line,
      event: { sample in
        handedOn = true
        event(sample)
      }, note: note)
    if handedOn { lastTime = time }
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

  /// The index of a device's state, added at its first event.
  private mutating func deviceIndex(_ name: UnsafeRawBufferPointer) -> Int {
    for index in devices.indices where devices[index].name.utf8.elementsEqual(name) {
      return index
    }
    devices.append(_GeteventDevice(name: String(decoding: name, as: UTF8.self)))
    return devices.count - 1
  }
}

/// The multi-touch state of one input device.
private struct _GeteventDevice: Sendable {
  var name: String
  var slots = [_GeteventSlot()]
  /// The slot that `ABS_MT_*` lines change.
  var slot = 0
  /// Between `SYN_DROPPED` and the next `SYN_REPORT`.
  var isDropping = false
  /// The line of the first change since the last report.
  var frameStart: Int?

  mutating func select(slot: Int) {
    if slot >= slots.count {
      slots.append(contentsOf: repeatElement(_GeteventSlot(), count: slot + 1 - slots.count))
    }
    self.slot = slot
  }

  mutating func markChanged(line: Int) {
    slots[slot].isChanged = true
    if frameStart == nil { frameStart = line }
  }
}

/// One multi-touch slot: what the kernel says it holds, and what was handed on.
private struct _GeteventSlot: Sendable {
  /// The tracking id of the contact in the slot, `nil` when it is empty.
  var contact: Int32?
  /// The latest coordinates, kept across contacts (the kernel only sends changes).
  var x: Int32?
  var y: Int32?
  /// The contact handed on as down, and its latest position handed on.
  var shown: Int32?
  var shownX: Int32 = 0
  var shownY: Int32 = 0
  /// Whether a line changed the slot since its last report.
  var isChanged = false
  /// Whether a line changed its coordinates since its last report.
  var hasMoved = false
  /// Whether the current contact's missing position was noted.
  var notedWaiting = false
  /// Whether a position without a contact was noted.
  var notedOrphan = false
}

private enum _GeteventType {
  case abs, syn, other

  init(_ word: UnsafeRawBufferPointer) {
    if _matches(word, "EV_ABS") {
      self = .abs
    } else if _matches(word, "EV_SYN") {
      self = .syn
    } else {
      switch _hexValue(word) {
      case 3: self = .abs
      case 0: self = .syn
      default: self = .other
      }
    }
  }
}

private enum _AbsCode {
  case slot, trackingID, positionX, positionY, other

  init(_ word: UnsafeRawBufferPointer) {
    if _matches(word, "ABS_MT_POSITION_X") {
      self = .positionX
    } else if _matches(word, "ABS_MT_POSITION_Y") {
      self = .positionY
    } else if _matches(word, "ABS_MT_SLOT") {
      self = .slot
    } else if _matches(word, "ABS_MT_TRACKING_ID") {
      self = .trackingID
    } else {
      switch _hexValue(word) {
      case 0x35: self = .positionX
      case 0x36: self = .positionY
      case 0x2F: self = .slot
      case 0x39: self = .trackingID
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
private func _hexValue(_ word: UnsafeRawBufferPointer) -> Int32? {
  guard (1...8).contains(word.count) else { return nil }
  var value: UInt32 = 0
  for byte in word {
    guard let digit = _ASCII.hexValue(byte) else { return nil }
    value = value << 4 | digit
  }
  return Int32(bitPattern: value)
}

/// Whether the bytes start with the given ASCII text.
private func _hasPrefix(_ bytes: UnsafeRawBufferPointer, _ prefix: StaticString) -> Bool {
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
