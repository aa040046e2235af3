import PageTrace

/// The import policy shared by every ``LineImporter``: keeps each session's time from going
/// backwards and every stroke well formed, reporting each repair as an ``ImportNote``.
///
/// - A sample earlier than its session's latest event is skipped (noted).
/// - A `down` for an id that is still down first closes the old stroke with a `cancel`.
/// - A `move` or `up` for an id that is not down is skipped (noted).
/// - At the end, strokes still down are closed with a `cancel` at their session's latest
///   time (noted).
struct _StrokeTracker: Sendable {
  private struct Key: Hashable, Sendable {
    var session: String?
    var id: TouchID
  }

  private var lastTime: [String?: Double] = [:]
  private var open: [Key: Int] = [:]  // the line where the stroke went down

  /// Hands on a touch sample after applying the policy.
  mutating func touch(
    _ phase: TouchPhase, id: TouchID, x: Double, y: Double, time: Double, session: String?,
    file: String, line: Int, event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) {
    let previous = lastTime[session] ?? -.infinity
    if time < previous {
      note(
        ImportNote(
          file: file, line: line,
          message: "time went backwards (\(time) after \(previous)): sample skipped"))
      return
    }
    let key = Key(session: session, id: id)
    switch phase {
    case .down:
      if let since = open[key] {
        note(
          ImportNote(
            file: file, line: line,
            message:
              "touch \(id) went down again without going up (down at line \(since)): the earlier stroke is cancelled"
          ))
        event(
          PageControlEvent(time: time, session: session, .touch(.cancel, id: id, x: nil, y: nil)))
      }
      open[key] = line
    case .move:
      guard open[key] != nil else {
        note(
          ImportNote(
            file: file, line: line, message: "move of touch \(id), which is not down: skipped"))
        return
      }
    case .up, .cancel:
      guard open.removeValue(forKey: key) != nil else {
        note(
          ImportNote(
            file: file, line: line, message: "\(phase) of touch \(id), which is not down: skipped"))
        return
      }
    }
    lastTime[session] = time
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
    let previous = lastTime[session] ?? -.infinity
    if time < previous {
      note(
        ImportNote(
          file: file, line: line,
          message: "time went backwards (\(time) after \(previous)): sample skipped"))
      return
    }
    lastTime[session] = time
    event(PageControlEvent(time: time, session: session, action))
  }

  /// Closes every stroke still down, in the order they went down.
  mutating func finish(file: String, event: (PageControlEvent) -> Void, note: (ImportNote) -> Void)
  {
    for (key, line) in open.sorted(by: { $0.value < $1.value }) {
      let time = lastTime[key.session] ?? 0
      note(
        ImportNote(
          file: file, line: line,
          message: "touch \(key.id) never went up: cancelled at the end (t = \(time))"))
      event(
        PageControlEvent(
          time: time, session: key.session, .touch(.cancel, id: key.id, x: nil, y: nil)))
    }
    open.removeAll()
  }
}
