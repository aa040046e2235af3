import PageTrace
import PageTraceIO

/// Single-touch devices: `ABS_X`, `ABS_Y`, and `BTN_TOUCH`, `BTN_TOOL_FINGER` or
/// `ABS_PRESSURE` for whether the finger is down.
extension GeteventImporter {
  /// Applies a frame to the device's one contact and hands on its down, move or up.
  mutating func _singleTouchFrame(
    _ items: [_GeteventItem], device: Int, time: Double, file: String, line: Int,
    event: (PageControlEvent) -> Void, note: (ImportNote) -> Void
  ) throws(TraceError) {
    var state = _devices[device].single
    for item in items {
      switch item.code {
      case .x: state.x = item.value
      case .y: state.y = item.value
      case .btnTouch: state.touch = item.value != 0
      case .btnToolFinger: state.tool = item.value != 0
      case .pressure: state.pressure = item.value
      default: break
      }
    }
    // As Android reads them: BTN_TOUCH when the device sends it; else a finger in range; else
    // a pressure above 0.
    let isDown: Bool
    if let touch = state.touch {
      isDown = touch
    } else if let tool = state.tool {
      isDown = tool
    } else if let pressure = state.pressure {
      isDown = pressure > 0
    } else {
      if (state.x != nil || state.y != nil) && !_noted.positionWithoutTouch {
        _noted.positionWithoutTouch = true
        note(
          ImportNote(
            file: file, line: line,
            message:
              "ABS_X and ABS_Y without BTN_TOUCH, BTN_TOOL_FINGER or ABS_PRESSURE: no touch is read until one of them comes"
          ))
      }
      isDown = false
    }
    defer { _devices[device].single = state }
    let phase: TouchPhase
    switch (state.shown, isDown) {
    case (nil, true):
      guard state.x != nil && state.y != nil else { return }  // down when its position is known
      phase = .down
    case (.some, true):
      guard state.x != state.shownX || state.y != state.shownY else { return }
      phase = .move
    case (.some, false):
      phase = .up
    case (nil, false):
      return
    }
    guard time >= _lastTime else {
      // Skipped: the state is kept, and the next frame hands on what changed.
      _noteBackwards(time: time, file: file, line: line, note: note)
      return
    }
    let x = state.x ?? state.shownX ?? 0
    let y = state.y ?? state.shownY ?? 0
    let touch = phase == .down ? _syntheticID() : state.shown!
    try _send(
      phase, touch, x, y, device: device, time: time, file: file, line: line, event: event,
      note: note)
    state.shown = phase == .up ? nil : touch
    state.shownX = x
    state.shownY = y
  }
}

/// The one contact of a single-touch device: what the kernel says, and what was handed on.
struct _GeteventSingleTouch: Sendable {
  /// The latest values; `nil` until the device sends them.
  var x: Int32?
  var y: Int32?
  var touch: Bool?
  var tool: Bool?
  var pressure: Int32?
  /// The contact handed on as down, and its latest position handed on.
  var shown: Int32?
  var shownX: Int32?
  var shownY: Int32?
}
