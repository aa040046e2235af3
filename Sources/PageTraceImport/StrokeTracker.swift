import PageTrace
import PageTraceIO

/// The import policy shared by every ``LineImporter``: keeps each session's time from going
/// backwards and every stroke well formed, reporting each repair as an ``ImportNote``.
///
/// - A sample earlier than its session's latest event is skipped (noted).
/// - A `down` for an id that is still down first closes the old stroke with a `cancel`.
/// - A `move` or `up` for an id that is not down is skipped (noted).
/// - A `down` while ``maximumFingersDown`` fingers are down (in all sessions) first closes
///   the stroke that went down longest ago with a `cancel` (noted), so that a recording whose
///   fingers never lift takes bounded memory.
/// - At the end, strokes still down are closed with a `cancel` at their session's latest
///   time (noted).
///
/// Sessions and string ids are told apart by their bytes (docs/behaviour/trace-format.md, "Sessions").
struct _StrokeTracker: Sendable {
  /// The most fingers down at once in one recording, all sessions together: 1,024, far more
  /// than any screen reports (docs/behaviour/trace-format.md, "Recordings in other formats").
  static let maximumFingersDown = 1024

  private struct Key: Hashable, Sendable {
    var session: _UTF8Name?
    var id: TouchID
  }

  private var lastTime: [_UTF8Name?: Double] = [:]
  private var open: [Key: Int] = [:]  // the line where the stroke went down
  /// The fingers in the order they went down, with their down lines; entries of fingers
  /// that have lifted since (or went down again) are passed over, and dropped when the list
  /// is rebuilt from ``open``.
  private var order: [(key: Key, line: Int)] = []
  private var orderStart = 0

  /// Hands on a touch sample after applying the policy.
  mutating func touch(
    _ phase: TouchPhase, id: TouchID, x: Double, y: Double, time: Double, session: String?,
    file: String, line: Int, event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) {
    let name = session.map(_UTF8Name.init)
    let previous = lastTime[name] ?? -.infinity
    if time < previous {
      note(
        ImportNote(
          file: file, line: line, kind: .sampleDropped,
          reason: "time went backwards: sample skipped",
          message: "time went backwards (\(time) after \(previous)): sample skipped"))
      return
    }
    let key = Key(session: name, id: id)
    switch phase {
    case .down:
      if let since = open[key] {
        note(
          ImportNote(
            file: file, line: line, kind: .eventAdded,
            reason: "a touch went down again without going up: the earlier stroke is cancelled",
            message:
              "touch \(id) went down again without going up (down at line \(since)): the earlier stroke is cancelled"
          ))
        event(
          PageControlEvent(time: time, session: session, .touch(.cancel, id: id, x: nil, y: nil)))
      } else if open.count >= Self.maximumFingersDown {
        cancelOldest(at: time, file: file, line: line, event: event, note: note)
      }
      open[key] = line
      remember(key, line)
    case .move:
      guard open[key] != nil else {
        note(
          ImportNote(
            file: file, line: line, kind: .sampleDropped,
            reason: "move of a touch that is not down: skipped",
            message: "move of touch \(id), which is not down: skipped"))
        return
      }
    case .up, .cancel:
      guard open.removeValue(forKey: key) != nil else {
        note(
          ImportNote(
            file: file, line: line, kind: .sampleDropped,
            reason: "\(phase) of a touch that is not down: skipped",
            message: "\(phase) of touch \(id), which is not down: skipped"))
        return
      }
    }
    lastTime[name] = time
    event(
      PageControlEvent(
        time: time, session: session,
        .touch(phase, id: id, x: phase == .cancel ? nil : x, y: phase == .cancel ? nil : y)))
  }

  /// Hands on a non-touch event (a pointer event) after the time check.
  mutating func other(
    _ action: PageControlEvent.Action, time: Double, session: String?, file: String, line: Int,
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) {
    let name = session.map(_UTF8Name.init)
    let previous = lastTime[name] ?? -.infinity
    if time < previous {
      note(
        ImportNote(
          file: file, line: line, kind: .sampleDropped,
          reason: "time went backwards: sample skipped",
          message: "time went backwards (\(time) after \(previous)): sample skipped"))
      return
    }
    lastTime[name] = time
    event(PageControlEvent(time: time, session: session, action))
  }

  /// Notes a finger that went down, in order.
  private mutating func remember(_ key: Key, _ line: Int) {
    if order.count - orderStart > 2 * open.count + 64 {
      // Mostly lifted fingers: keep the ones down, in the order they went down.
      order = open.map { (key: $0.key, line: $0.value) }.sorted { $0.line < $1.line }
      orderStart = 0
    } else if orderStart > 4096 && orderStart * 2 > order.count {
      order.removeFirst(orderStart)
      orderStart = 0
    }
    order.append((key, line))
  }

  /// Cancels the finger that went down longest ago, at its session's latest time, to make
  /// room for one more.
  private mutating func cancelOldest(
    at time: Double, file: String, line: Int, event: (PageControlEvent) -> Void,
    note: (ImportNote) -> Void
  ) {
    while orderStart < order.count {
      let (key, since) = order[orderStart]
      orderStart += 1
      guard open[key] == since else { continue }  // lifted, or down again later
      open[key] = nil
      let at = lastTime[key.session] ?? time  // its session's latest time: never backwards
      note(
        ImportNote(
          file: file, line: line, kind: .eventAdded,
          reason:
            "more than \(Self.maximumFingersDown) fingers down at once: the oldest is cancelled",
          message:
            "more than \(Self.maximumFingersDown) fingers down at once: touch \(key.id) (down at line \(since)) is cancelled"
        ))
      event(
        PageControlEvent(
          time: at, session: key.session?.string, .touch(.cancel, id: key.id, x: nil, y: nil)))
      return
    }
  }

  /// Closes every stroke still down, in the order they went down.
  mutating func finish(file: String, event: (PageControlEvent) -> Void, note: (ImportNote) -> Void)
  {
    for (key, line) in open.sorted(by: { $0.value < $1.value }) {
      let time = lastTime[key.session] ?? 0
      note(
        ImportNote(
          file: file, line: line, kind: .eventAdded,
          reason: "a touch never went up: cancelled at the end",
          message: "touch \(key.id) never went up: cancelled at the end (t = \(time))"))
      event(
        PageControlEvent(
          time: time, session: key.session?.string, .touch(.cancel, id: key.id, x: nil, y: nil)))
    }
    open.removeAll()
    order.removeAll()
    orderStart = 0
  }
}
