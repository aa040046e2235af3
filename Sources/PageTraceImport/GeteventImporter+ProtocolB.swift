import PageTrace
import PageTraceIO

/// Multi-touch protocol B: slots that hold contacts from one tracking id to the next.
extension GeteventImporter {
  /// Applies a frame's slot events to the device's slots, in order.
  mutating func _applySlotEvents(
    _ items: [_GeteventItem], device: Int, file: String, note: (ImportNote) -> Void
  ) {
    for item in items {
      switch item.code {
      case .slot:
        _devices[device].select(slot: Int(item.value))
      case .trackingID:
        let contact = item.value < 0 ? nil : item.value
        let slot = _devices[device].slot
        _devices[device].slots[slot].hasTrackingID = true
        let current = _devices[device].slots[slot]
        guard contact != current.contact else { continue }
        if let waiting = current.contact, current.shown != waiting, current.notedWaiting {
          note(
            ImportNote(
              file: file, line: item.line, kind: .sampleDropped,
              reason: "a touch ended before its position was known: dropped",
              message: "touch \(waiting) ended before its position was known: dropped"))
        }
        _devices[device].slots[slot].contact = contact
        _devices[device].slots[slot].notedWaiting = false
        if contact != nil { _devices[device].slots[slot].notedOrphan = false }
        _devices[device].slots[slot].isChanged = true
      case .mtX, .mtY:
        let slot = _devices[device].slot
        // A position before any tracking id: the finger was down when the capture began.
        if !_devices[device].slots[slot].hasTrackingID {
          _devices[device].slots[slot].hasTrackingID = true
          _devices[device].slots[slot].contact = _syntheticID()
        }
        if item.code == .mtX {
          _devices[device].slots[slot].x = item.value
        } else {
          _devices[device].slots[slot].y = item.value
        }
        _devices[device].slots[slot].hasMoved = true
        _devices[device].slots[slot].isChanged = true
      default:
        break
      }
    }
  }

  /// Hands on the changes of a device's slots since its previous report.
  mutating func _reportSlots(
    _ device: Int, time: Double, file: String, line: Int,
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    // Every sample of a report has its time: the tracker takes all of them or none. When it
    // takes none, the slots stay changed and the next report hands them on.
    let isAccepted = time >= _lastTime
    let slotCount = _devices[device].slots.count
    // Contacts that ended, or were replaced by a new contact in their slot.
    for index in 0..<slotCount where _devices[device].slots[index].isChanged {
      let slot = _devices[device].slots[index]
      if slot.contact == nil && slot.shown == nil && slot.hasMoved && !slot.notedOrphan {
        _devices[device].slots[index].notedOrphan = true
        note(
          ImportNote(
            file: file, line: line,
            message:
              "slot \(index) moved but holds no contact since its tracking id ffffffff: ignored until a tracking id"
          ))
      }
      if isAccepted { _devices[device].slots[index].hasMoved = false }
      guard let shown = slot.shown, shown != slot.contact else { continue }
      let x = slot.contact == nil ? slot.x ?? slot.shownX : slot.shownX
      let y = slot.contact == nil ? slot.y ?? slot.shownY : slot.shownY
      try _send(
        .up, shown, x, y, device: device, time: time, file: file, line: line, event: event,
        note: note)
      if isAccepted { _devices[device].slots[index].shown = nil }
    }
    // New contacts, and contacts that moved.
    for index in 0..<slotCount where _devices[device].slots[index].isChanged {
      let slot = _devices[device].slots[index]
      guard let contact = slot.contact else {
        if isAccepted { _devices[device].slots[index].isChanged = false }
        continue
      }
      guard let x = slot.x, let y = slot.y else {
        if !slot.notedWaiting {
          _devices[device].slots[index].notedWaiting = true
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
        try _send(
          .down, contact, x, y, device: device, time: time, file: file, line: line,
          event: event, note: note)
        if isAccepted && contact < 0 {
          if _contactsInProgress == 0 { _firstContactInProgressLine = line }
          _contactsInProgress += 1
        }
      } else if x != slot.shownX || y != slot.shownY {
        try _send(
          .move, contact, x, y, device: device, time: time, file: file, line: line,
          event: event, note: note)
      }
      if isAccepted {
        _devices[device].slots[index].shown = contact
        _devices[device].slots[index].shownX = x
        _devices[device].slots[index].shownY = y
        _devices[device].slots[index].isChanged = false
      }
    }
  }
}

extension _GeteventDevice {
  mutating func select(slot: Int) {
    if slot >= slots.count {
      slots.append(contentsOf: repeatElement(_GeteventSlot(), count: slot + 1 - slots.count))
    }
    self.slot = slot
  }
}

/// One multi-touch slot: what the kernel says it holds, and what was handed on.
struct _GeteventSlot: Sendable {
  /// The tracking id of the contact in the slot (negative: synthetic), `nil` when it is empty.
  var contact: Int32?
  /// Whether a tracking id was seen for the slot (or a synthetic one given).
  var hasTrackingID = false
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
