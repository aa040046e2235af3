import PageTrace
import PageTraceIO

/// The devices `getevent` describes (`add device`, `getevent -p` and `-lp`), their axis
/// ranges, and how raw units become points.
extension GeteventImporter {
  /// Starts the description of a device: `add device 1: /dev/input/event2`.
  mutating func _beginDescription(_ line: UnsafeRawBufferPointer) {
    guard let colon = line.firstIndex(of: _ASCII.colon) else {
      _describing = nil
      return
    }
    let path = String(
      decoding: _trimmed(UnsafeRawBufferPointer(rebasing: line[(colon + 1)...])), as: UTF8.self)
    // `getevent -lt` announces again the devices that `getevent -lp` described before it,
    // without their ranges: a block adds to what an earlier one of the same path said.
    if let index = _descriptions.firstIndex(where: { $0.path == path }) {
      _describing = index
    } else {
      _descriptions.append(_GeteventDescription(path: path))
      _describing = _descriptions.count - 1
    }
    _latestDescription = _describing
  }

  /// Reads an indented line of a description: the device's `name:`, or an axis's range
  /// (`    ABS (0003): 0035  : value 0, min 0, max 1079, …`, continued by lines of one axis
  /// each; `ABS_MT_POSITION_X     : value 0, min 0, max 1079, …` with `-l`).
  mutating func _describe(_ line: UnsafeRawBufferPointer) {
    guard let index = _describing else { return }
    let text = _trimmed(line)
    if _hasPrefix(text, "name:") {
      guard let open = text.firstIndex(of: _ASCII.quote),
        let close = text.lastIndex(of: _ASCII.quote), close > open
      else { return }
      _descriptions[index].name = String(
        decoding: UnsafeRawBufferPointer(rebasing: text[(open + 1)..<close]), as: UTF8.self)
      return
    }
    guard let value = _find(text, ": value "), let min = _integer(after: ", min ", in: text),
      let max = _integer(after: ", max ", in: text)
    else { return }
    // The axis is the word before the colon: `0035` or `ABS_MT_POSITION_X`.
    var end = value
    while end > 0 && text[end - 1] == UInt8(ascii: " ") { end -= 1 }
    var start = end
    while start > 0 && !_ASCII.isWhitespace(text[start - 1]) { start -= 1 }
    guard let axis = _GeteventCode(abs: UnsafeRawBufferPointer(rebasing: text[start..<end])) else {
      return
    }
    let range = _GeteventRange(min: min, max: max)
    switch axis {
    case .x: _descriptions[index].x = range
    case .y: _descriptions[index].y = range
    case .mtX: _descriptions[index].mtX = range
    case .mtY: _descriptions[index].mtY = range
    default: break
    }
  }

  /// The description of a device: the blocks of its path, or, for a capture without a
  /// device column, the device described last.
  func _description(of device: Int) -> _GeteventDescription? {
    let name = _devices[device].name
    guard !name.isEmpty else { return _latestDescription.map { _descriptions[$0] } }
    return _descriptions.first { $0.path == name }
  }

  /// A raw position in points, by the scale or the device's ranges.
  ///
  /// - Throws: ``TraceError`` with a screen size when the device's ranges of the axes it
  ///   uses are not known (or empty).
  mutating func _points(
    _ x: Int32, _ y: Int32, device: Int, file: String, line: Int
  ) throws(TraceError) -> (Double, Double) {
    if _devices[device].mapping == nil {
      _devices[device].mapping = try _mapping(of: device, file: file, line: line)
    }
    let mapping = _devices[device].mapping!
    return (
      (Double(x) - mapping.originX) * mapping.scaleX,
      (Double(y) - mapping.originY) * mapping.scaleY
    )
  }

  private func _mapping(of device: Int, file: String, line: Int) throws(TraceError)
    -> _GeteventMapping
  {
    guard let width = screenWidth, let height = screenHeight else {
      return _GeteventMapping(originX: 0, scaleX: scaleX, originY: 0, scaleY: scaleY)
    }
    let isSingle = _devices[device].protocol == .single
    let names = isSingle ? ("ABS_X", "ABS_Y") : ("ABS_MT_POSITION_X", "ABS_MT_POSITION_Y")
    let description = _description(of: device)
    let rangeX = isSingle ? description?.x : description?.mtX
    let rangeY = isSingle ? description?.y : description?.mtY
    guard let rangeX, let rangeY, rangeX.max >= rangeX.min, rangeY.max >= rangeY.min else {
      let path = _devices[device].name.isEmpty ? "the device" : _devices[device].name
      let missing =
        rangeX == nil || rangeY == nil
        ? "no range of \(rangeX == nil ? names.0 : names.1) for \(path)"
        : "a range whose max is below its min for \(path)"
      throw TraceError(
        file: file, line: line, column: 1,
        expected:
          "the ranges of \(names.0) and \(names.1) to map touches to the screen (record them with getevent -lp before the capture, or give a scale: --scale)",
        found: missing)
    }
    return _GeteventMapping(
      originX: Double(rangeX.min), scaleX: width / (Double(rangeX.max) - Double(rangeX.min) + 1),
      originY: Double(rangeY.min), scaleY: height / (Double(rangeY.max) - Double(rangeY.min) + 1))
  }

  /// Notes the device read and the events of the others ignored, when there were others.
  func _noteOtherDevices(note: (ImportNote) -> Void) {
    guard let chosen = _chosen else { return }
    let others = _devices.indices.filter { $0 != chosen && _devices[$0].eventLines > 0 }
    guard !others.isEmpty else { return }
    let events = others.reduce(0) { $0 + _devices[$1].eventLines }
    let device = _devices[chosen].name
    let name = _description(of: chosen)?.name.map { " (\"\($0)\")" } ?? ""
    let listed = others.prefix(4).map { _devices[$0].name }.joined(separator: ", ")
    note(
      ImportNote(
        file: _file, line: 1,
        message:
          "touches read from \(device)\(name), the first device with touches; \(events) \(events == 1 ? "event" : "events") of \(others.count) other \(others.count == 1 ? "device" : "devices") (\(listed)\(others.count > 4 ? ", …" : "")) ignored"
      ))
  }
}

/// What an `add device` block says of a device.
struct _GeteventDescription: Sendable {
  var path: String
  var name: String?
  var x: _GeteventRange?
  var y: _GeteventRange?
  var mtX: _GeteventRange?
  var mtY: _GeteventRange?
}

/// An axis's range, in raw units, both ends included.
struct _GeteventRange: Sendable {
  var min: Int
  var max: Int
}

/// Points = (raw - origin) × scale, per axis.
struct _GeteventMapping: Sendable {
  var originX: Double
  var scaleX: Double
  var originY: Double
  var scaleY: Double
}

/// The bytes without leading and trailing blanks.
private func _trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
  var start = bytes.startIndex
  var end = bytes.endIndex
  while start < end && _ASCII.isWhitespace(bytes[start]) { start += 1 }
  while end > start && _ASCII.isWhitespace(bytes[end - 1]) { end -= 1 }
  return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
}

/// The offset of the first occurrence of `needle`.
private func _find(_ bytes: UnsafeRawBufferPointer, _ needle: StaticString) -> Int? {
  let count = needle.utf8CodeUnitCount
  guard bytes.count >= count else { return nil }
  for start in 0...(bytes.count - count)
  where _matches(UnsafeRawBufferPointer(rebasing: bytes[start..<start + count]), needle) {
    return start
  }
  return nil
}

/// The decimal integer after `label` (`, max 1079`), possibly negative.
private func _integer(after label: StaticString, in bytes: UnsafeRawBufferPointer) -> Int? {
  guard let at = _find(bytes, label) else { return nil }
  var index = at + label.utf8CodeUnitCount
  let isNegative = index < bytes.count && bytes[index] == _ASCII.minus
  if isNegative { index += 1 }
  var value = 0
  var digits = 0
  while index < bytes.count, _ASCII.isDigit(bytes[index]), digits < 12 {
    value = value * 10 + Int(bytes[index] - _ASCII.zero)
    digits += 1
    index += 1
  }
  return digits == 0 ? nil : isNegative ? -value : value
}
