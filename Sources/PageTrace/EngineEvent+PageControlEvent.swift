extension EngineEvent {
  /// The fast form of a friendly event: its session is `session`, and a string touch id gets
  /// its number from `touchNames`.
  package init(_ event: PageControlEvent, session: SessionID, touchNames: inout _NameTable) {
    self.init(time: event.time, session: session, Action(event.action, touchNames: &touchNames))
  }
}

extension EngineEvent.Action {
  /// The fast form of a friendly action, numbering a string touch id in `touchNames`.
  package init(_ action: PageControlEvent.Action, touchNames: inout _NameTable) {
    switch action {
    case .touch(let phase, let id, let x, let y):
      let key: TouchKey =
        switch id {
        case .number(let value): .number(value)
        case .string(let name): .name(touchNames.number(for: name))
        }
      self = .touch(phase, id: key, x: x, y: y)
    case .pointer(let phase, let x, let y): self = .pointer(phase, x: x, y: y)
    case .key(let key): self = .key(key)
    case .focus(let focused): self = .focus(focused)
    case .accessibility(let action): self = .accessibility(action)
    case .set(let change): self = .set(change)
    }
  }
}

extension PageControlEvent {
  /// The friendly form of a fast event, given its session's name and the names of its string
  /// touch ids.
  package init(_ event: EngineEvent, session: String?, touchNames: _NameTable) {
    let action: Action
    switch event.action {
    case .touch(let phase, let key, let x, let y):
      let id: TouchID =
        switch key {
        case .number(let value): .number(value)
        case .name(let number): .string(touchNames.name(number))
        }
      action = .touch(phase, id: id, x: x, y: y)
    case .pointer(let phase, let x, let y): action = .pointer(phase, x: x, y: y)
    case .key(let key): action = .key(key)
    case .focus(let focused): action = .focus(focused)
    case .accessibility(let accessibility): action = .accessibility(accessibility)
    case .set(let change): action = .set(change)
    }
    self.init(time: event.time, session: session, action)
  }
}
