import PageTrace
import PageTraceIO

/// Multi-touch protocol A: each frame lists every contact down, each ended by `SYN_MT_REPORT`.
extension GeteventImporter {
  /// Matches a frame's contacts to the previous frame's and hands on the ups, downs and moves.
  ///
  /// Contacts with a tracking id are followed by it. The others are matched greedily to the
  /// previous frame's contacts without one: the closest pair (by squared raw distance; ties
  /// to the earlier contacts) first, then the closest of the rest. Android's InputReader
  /// matches protocol A contacts by distance too; no limit is put on the distance, so a
  /// finger that lifts as another lands in the same frame reads as one finger jumping.
  mutating func _protocolAFrame(
    _ items: [_GeteventItem], device: Int, time: Double, file: String, line: Int,
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    var contacts = _protocolAContacts(items, file: file, line: line, note: note)
    let previous = _devices[device].contacts
    // What each new contact continues (an index into `previous`), if anything.
    var continues = [Int?](repeating: nil, count: contacts.count)
    var taken = [Bool](repeating: false, count: previous.count)
    for (j, contact) in contacts.enumerated() {
      guard let tracking = contact.tracking else { continue }
      if let i = previous.indices.first(where: { !taken[$0] && previous[$0].tracking == tracking })
      {
        continues[j] = i
        taken[i] = true
      }
    }
    var pairs: [(distance: Int64, i: Int, j: Int)] = []
    for (j, contact) in contacts.enumerated() where contact.tracking == nil {
      for (i, old) in previous.enumerated() where old.tracking == nil {
        let dx = Int64(contact.x) - Int64(old.x)
        let dy = Int64(contact.y) - Int64(old.y)
        pairs.append((dx * dx + dy * dy, i, j))
      }
    }
    pairs.sort { ($0.distance, $0.i, $0.j) < ($1.distance, $1.i, $1.j) }
    for pair in pairs where !taken[pair.i] && continues[pair.j] == nil {
      continues[pair.j] = pair.i
      taken[pair.i] = true
    }

    let lifts = previous.indices.filter { !taken[$0] }
    let changes = contacts.indices.filter { j in
      guard let i = continues[j] else { return true }
      return previous[i].x != contacts[j].x || previous[i].y != contacts[j].y
    }
    guard !lifts.isEmpty || !changes.isEmpty else { return }
    guard time >= _lastTime else {
      // The frame is skipped whole; the next one says again where every contact is.
      _noteBackwards(time: time, file: file, line: line, note: note)
      return
    }
    for i in lifts {
      try _send(
        .up, previous[i].touch, previous[i].x, previous[i].y, device: device, time: time,
        file: file, line: line, event: event, note: note)
    }
    for j in contacts.indices {
      if let i = continues[j] {
        contacts[j].touch = previous[i].touch
        if changes.contains(j) {
          try _send(
            .move, contacts[j].touch, contacts[j].x, contacts[j].y, device: device, time: time,
            file: file, line: line, event: event, note: note)
        }
      } else {
        contacts[j].touch = contacts[j].tracking ?? _syntheticID()
        try _send(
          .down, contacts[j].touch, contacts[j].x, contacts[j].y, device: device, time: time,
          file: file, line: line, event: event, note: note)
      }
    }
    _devices[device].contacts = contacts
  }

  /// The contacts of a protocol A frame, in order: the data before each `SYN_MT_REPORT` (and
  /// after the last one, which the kernel asks for but not every driver sends).
  private mutating func _protocolAContacts(
    _ items: [_GeteventItem], file: String, line: Int, note: (ImportNote) -> Void
  ) -> [_GeteventContact] {
    var contacts: [_GeteventContact] = []
    var tracking: Int32?
    var x: Int32?
    var y: Int32?
    var hasData = false
    var firstLine = line
    func close() {
      defer {
        (tracking, x, y, hasData) = (nil, nil, nil, false)
      }
      guard hasData else { return }
      guard let x, let y else {
        if !_noted.contactWithoutPosition {
          _noted.contactWithoutPosition = true
          note(
            ImportNote(
              file: file, line: firstLine,
              message:
                "a protocol A contact has no \(x == nil ? "ABS_MT_POSITION_X" : "ABS_MT_POSITION_Y"): ignored"
            ))
        }
        return
      }
      guard contacts.count < Self.maximumContactsPerFrame else {
        if !_noted.tooManyContacts {
          _noted.tooManyContacts = true
          note(
            ImportNote(
              file: file, line: firstLine,
              message:
                "more than \(Self.maximumContactsPerFrame) contacts in a frame: the rest are ignored"
            ))
        }
        return
      }
      contacts.append(_GeteventContact(touch: 0, tracking: tracking, x: x, y: y))
    }
    for item in items {
      switch item.code {
      case .trackingID:
        tracking = item.value < 0 ? nil : item.value
      case .mtX:
        x = item.value
      case .mtY:
        y = item.value
      case .mtReport:
        close()
        continue
      default:
        continue
      }
      if !hasData { firstLine = item.line }
      hasData = true
    }
    close()
    return contacts
  }
}

/// A protocol A contact: its touch id, its tracking id if the device gives one, its position.
struct _GeteventContact: Sendable {
  var touch: Int32
  var tracking: Int32?
  var x: Int32
  var y: Int32
}
