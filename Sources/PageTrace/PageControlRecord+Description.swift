// Descriptions for people: what `print(record)` shows.

extension PageTransition: CustomStringConvertible {
  /// The pages, the cause and whether it animates, e.g. `0 → 1 (tap, animated)` or
  /// `3 → 4 (scrub)`. The interaction state is left out: its own records show it.
  public var description: String {
    "\(from) → \(to) (\(cause.rawValue)\(animated ? ", animated" : ""))"
  }
}

extension PageControlRecord.Content: CustomStringConvertible {
  /// The kind of record and what it says, e.g. `transition 0 → 1 (tap, animated)`,
  /// `interaction discrete`, `background visible`, `announcement "Page 2 of 8"`,
  /// `detail of page 3`.
  public var description: String {
    switch self {
    case .transition(let transition): "transition \(transition)"
    case .interaction(let state): "interaction \(state.rawValue)"
    case .background(let visible): visible ? "background visible" : "background hidden"
    case .announcement(let announcement): "announcement \"\(announcement.text)\""
    case .detail(let page): "detail of page \(page)"
    }
  }
}

extension PageControlRecord: CustomStringConvertible {
  /// What happened, when, and in which named session: e.g.
  /// `transition 0 → 1 (tap, animated) at 0.05` or
  /// `interaction none at 0.35 in session "phone-7"`.
  ///
  /// ```swift
  /// try engine.handle(PageControlEvent(time: 0.05, .touch(.up, id: 1, x: 187, y: 795))) {
  ///   print($0)  // transition 0 → 1 (tap, animated) at 0.05
  /// }
  /// ```
  public var description: String {
    let place = session.map { " in session \"\($0)\"" } ?? ""
    return "\(content) at \(time)\(place)"
  }
}

extension EngineRecord: CustomStringConvertible {
  /// As ``PageControlRecord/description``, with the session by its number (none for the
  /// default session): e.g. `transition 0 → 1 (tap, animated) at 0.05 in session 2`.
  public var description: String {
    let place = session == .defaultSession ? "" : " in session \(session.rawValue)"
    return "\(content) at \(time)\(place)"
  }
}
