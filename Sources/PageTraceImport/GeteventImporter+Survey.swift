import PageTrace
import PageTraceIO

/// What `pagetrace inspect` says of a capture beyond its events: the device read, how it
/// speaks, whether it has times and axis ranges.
struct _GeteventSurvey: Sendable {
  /// Whether an event line without a time refused the capture.
  var hasNoTimes = false
  /// The touch screen, its `name:` and protocol, when a device made touches.
  var device: String?
  var name: String?
  var touchProtocol: _GeteventDevice.TouchProtocol?
  /// Whether the capture gives the ranges of the axes the touch screen uses.
  var hasRanges = false

  /// One line on the device read: `touch screen: /dev/input/event2 ("sec_touchscreen"),
  /// multi-touch protocol B`.
  var deviceLine: String? {
    guard let touchProtocol else { return nil }
    let path = device.map { $0.isEmpty ? "the capture's one device" : $0 } ?? ""
    let words =
      switch touchProtocol {
      case .a: "multi-touch protocol A"
      case .b: "multi-touch protocol B"
      case .single: "single touch"
      }
    return "touch screen: \(path)\(name.map { " (\"\($0)\")" } ?? ""), \(words)"
  }
}

extension GeteventImporter {
  /// Reads the lines as the importer does and tells what it found.
  static func _survey(_ lines: [(bytes: [UInt8], number: Int)]) -> _GeteventSurvey {
    var importer = GeteventImporter(scaleX: 1, scaleY: 1)
    var survey = _GeteventSurvey()
    for line in lines {
      do {
        try line.bytes.withUnsafeBytes { bytes in
          try importer.decode(bytes, line: line.number, file: "", event: { _ in }, note: { _ in })
        }
      } catch {
        if (error as? TraceError)?.found.hasSuffix("the capture has no times") == true {
          survey.hasNoTimes = true
          return survey
        }
      }
    }
    guard let chosen = importer._chosen else { return survey }
    let device = importer._devices[chosen]
    let description = importer._description(of: chosen)
    survey.device = device.name
    survey.name = description?.name
    survey.touchProtocol = device.protocol
    survey.hasRanges =
      device.protocol == .single
      ? description?.x != nil && description?.y != nil
      : description?.mtX != nil && description?.mtY != nil
    return survey
  }
}
