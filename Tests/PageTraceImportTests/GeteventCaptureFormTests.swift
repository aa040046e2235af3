import PageTrace
import PageTraceIO
import PageTraceImport
import Testing

/// The forms `getevent` prints a capture in (`-l` labels or numbers, a device column or
/// not, a time column or not), several devices in one capture, and the axis ranges of its
/// device blocks.
@Suite struct GeteventCaptureFormTests {
  /// An event as `getevent -l` labels it: time, type, code, value.
  typealias Event = (time: String, type: String, code: String, value: String)

  /// The numbers of the labels, from the kernel's input-event-codes.h.
  static let numbers: [String: String] = [
    "EV_SYN": "0000", "EV_KEY": "0001", "EV_ABS": "0003",
    "SYN_REPORT": "0000", "SYN_MT_REPORT": "0002",
    "BTN_TOUCH": "014a", "BTN_TOOL_FINGER": "0145",
    "ABS_X": "0000", "ABS_Y": "0001", "ABS_PRESSURE": "0018",
    "ABS_MT_SLOT": "002f", "ABS_MT_TOUCH_MAJOR": "0030", "ABS_MT_POSITION_X": "0035",
    "ABS_MT_POSITION_Y": "0036", "ABS_MT_TRACKING_ID": "0039",
    "DOWN": "00000001", "UP": "00000000",
  ]

  /// The capture's lines in one form.
  static func capture(
    _ events: [Event], labelled: Bool, device: Bool, times: Bool = true
  ) -> String {
    events.map { event in
      let words = [event.type, event.code, event.value].map {
        labelled ? $0 : numbers[$0] ?? $0
      }
      return (times ? "[ \(event.time)] " : "") + (device ? "/dev/input/event2: " : "")
        + words.joined(separator: " ")
    }.joined(separator: "\n")
  }

  /// Protocol B: one finger down at (16, 32), moved to 48, lifted.
  static let protocolB: [Event] = [
    ("1.00", "EV_ABS", "ABS_MT_TRACKING_ID", "0000002a"),
    ("1.00", "EV_ABS", "ABS_MT_POSITION_X", "00000010"),
    ("1.00", "EV_ABS", "ABS_MT_POSITION_Y", "00000020"),
    ("1.00", "EV_KEY", "BTN_TOUCH", "DOWN"),
    ("1.00", "EV_SYN", "SYN_REPORT", "00000000"),
    ("1.01", "EV_ABS", "ABS_MT_POSITION_X", "00000030"),
    ("1.01", "EV_SYN", "SYN_REPORT", "00000000"),
    ("1.02", "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"),
    ("1.02", "EV_KEY", "BTN_TOUCH", "UP"),
    ("1.02", "EV_SYN", "SYN_REPORT", "00000000"),
  ]
  /// Protocol A: the same finger, without tracking id; an empty frame lifts it.
  static let protocolA: [Event] = [
    ("1.00", "EV_ABS", "ABS_MT_POSITION_X", "00000010"),
    ("1.00", "EV_ABS", "ABS_MT_POSITION_Y", "00000020"),
    ("1.00", "EV_SYN", "SYN_MT_REPORT", "00000000"),
    ("1.00", "EV_SYN", "SYN_REPORT", "00000000"),
    ("1.01", "EV_ABS", "ABS_MT_POSITION_X", "00000030"),
    ("1.01", "EV_ABS", "ABS_MT_POSITION_Y", "00000020"),
    ("1.01", "EV_SYN", "SYN_MT_REPORT", "00000000"),
    ("1.01", "EV_SYN", "SYN_REPORT", "00000000"),
    ("1.02", "EV_SYN", "SYN_MT_REPORT", "00000000"),
    ("1.02", "EV_SYN", "SYN_REPORT", "00000000"),
  ]
  /// Single touch: the same finger by ABS_X, ABS_Y and BTN_TOUCH.
  static let singleTouch: [Event] = [
    ("1.00", "EV_ABS", "ABS_X", "00000010"),
    ("1.00", "EV_ABS", "ABS_Y", "00000020"),
    ("1.00", "EV_KEY", "BTN_TOUCH", "DOWN"),
    ("1.00", "EV_SYN", "SYN_REPORT", "00000000"),
    ("1.01", "EV_ABS", "ABS_X", "00000030"),
    ("1.01", "EV_SYN", "SYN_REPORT", "00000000"),
    ("1.02", "EV_KEY", "BTN_TOUCH", "UP"),
    ("1.02", "EV_SYN", "SYN_REPORT", "00000000"),
  ]

  static let forms = [(true, true), (true, false), (false, true), (false, false)]

  /// Every protocol in every form with times: one stroke, down, move, up (by hand: the
  /// finger's id is its tracking id 42 in protocol B, the first synthetic id, -1, otherwise).
  @Test(arguments: [0, 1, 2], forms)
  func everyFormReadsTheSame(capture index: Int, form: (labelled: Bool, device: Bool)) throws {
    let events = [Self.protocolB, Self.protocolA, Self.singleTouch][index]
    let id: Double = index == 0 ? 42 : -1
    let text = Self.capture(events, labelled: form.labelled, device: form.device)
    let imported = try importing(GeteventImporter(scaleX: 1, scaleY: 1), text)
    #expect(imported.notes == [])
    #expect(
      imported.events == [
        touchEvent(1, .down, id, 16, 32), touchEvent(1.01, .move, id, 48, 32),
        touchEvent(1.02, .up, id, 48, 32),
      ])
  }

  /// Without the time column, every form is refused at its first event line, after the
  /// device block `getevent` prints first.
  @Test(arguments: [0, 1, 2], forms)
  func capturesWithoutTimesAreRefused(capture index: Int, form: (labelled: Bool, device: Bool)) {
    let events = [Self.protocolB, Self.protocolA, Self.singleTouch][index]
    let text =
      "add device 1: /dev/input/event2\n  name:     \"touch\"\n"
      + Self.capture(events, labelled: form.labelled, device: form.device, times: false)
    let error = importError(GeteventImporter(scaleX: 1, scaleY: 1), text)
    #expect(
      error?.description
        == "capture.txt:3:1: expected a time in brackets on each event (record the capture with getevent -lt), found an event without one: the capture has no times"
    )
  }

  // MARK: Several devices

  /// Keys on event4 first, the touch screen event2, then a second touch device, event3,
  /// whose touches are not read.
  @Test func theFirstDeviceWithTouchesIsRead() throws {
    let text = """
      add device 1: /dev/input/event4
        name:     "gpio-keys"
      add device 2: /dev/input/event3
        name:     "stylus"
      add device 3: /dev/input/event2
        name:     "sec_touchscreen"
      [ 1.00] /dev/input/event4: EV_KEY KEY_POWER DOWN
      [ 1.00] /dev/input/event4: EV_SYN SYN_REPORT 00000000
      [ 1.10] /dev/input/event2: EV_ABS ABS_MT_TRACKING_ID 00000001
      [ 1.10] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000010
      [ 1.10] /dev/input/event2: EV_ABS ABS_MT_POSITION_Y 00000020
      [ 1.10] /dev/input/event2: EV_SYN SYN_REPORT 00000000
      [ 1.11] /dev/input/event3: EV_ABS ABS_MT_TRACKING_ID 00000001
      [ 1.11] /dev/input/event3: EV_ABS ABS_MT_POSITION_X 00000500
      [ 1.11] /dev/input/event3: EV_ABS ABS_MT_POSITION_Y 00000500
      [ 1.11] /dev/input/event3: EV_SYN SYN_REPORT 00000000
      [ 1.12] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000011
      [ 1.12] /dev/input/event2: EV_SYN SYN_REPORT 00000000
      [ 1.13] /dev/input/event3: EV_ABS ABS_MT_TRACKING_ID ffffffff
      [ 1.13] /dev/input/event3: EV_SYN SYN_REPORT 00000000
      [ 1.14] /dev/input/event2: EV_ABS ABS_MT_TRACKING_ID ffffffff
      [ 1.14] /dev/input/event2: EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(GeteventImporter(scaleX: 1, scaleY: 1), text)
    // By hand: event2's stroke only; event4 has 2 event lines and event3 has 6.
    #expect(
      imported.events == [
        touchEvent(1.1, .down, 1, 16, 32), touchEvent(1.12, .move, 1, 17, 32),
        touchEvent(1.14, .up, 1, 17, 32),
      ])
    #expect(
      imported.notes.map(\.message) == [
        "touches read from /dev/input/event2 (\"sec_touchscreen\"), the first device with touches; 8 events of 2 other devices (/dev/input/event4, /dev/input/event3) ignored"
      ])
  }

  // MARK: Ranges

  /// `getevent -lp` output before the capture: the touch screen's X runs 0…1079 and Y
  /// 0…2339, on a 360 × 780 point screen (3 units a point).
  static let labelledRanges = """
    add device 1: /dev/input/event4
      name:     "gpio-keys"
      events:
        KEY (0001): KEY_VOLUMEDOWN        KEY_VOLUMEUP          KEY_POWER
    add device 2: /dev/input/event2
      bus:      0000
      vendor    0000
      product   0000
      version   0000
      name:     "sec_touchscreen"
      location: "sec_touchscreen/input1"
      id:       ""
      version:  1.0.1
      events:
        KEY (0001): BTN_TOUCH
        ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                    ABS_MT_TOUCH_MAJOR    : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
                    ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                    ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
                    ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
      input props:
        INPUT_PROP_DIRECT
    """

  /// The same in numbers (`getevent -p`), with X from 100 to 1179.
  static let numericRanges = """
    add device 2: /dev/input/event2
      name:     "sec_touchscreen"
      events:
        KEY (0001): 014a
        ABS (0003): 002f  : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                    0035  : value 0, min 100, max 1179, fuzz 0, flat 0, resolution 0
                    0036  : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
                    0039  : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
      input props:
        INPUT_PROP_DIRECT
    """

  static func tap(x: String, y: String, device: Bool) -> String {
    let column = device ? "/dev/input/event2: " : ""
    return """
      [ 1.0] \(column)EV_ABS ABS_MT_TRACKING_ID 00000001
      [ 1.0] \(column)EV_ABS ABS_MT_POSITION_X \(x)
      [ 1.0] \(column)EV_ABS ABS_MT_POSITION_Y \(y)
      [ 1.0] \(column)EV_SYN SYN_REPORT 00000000
      [ 1.1] \(column)EV_ABS ABS_MT_TRACKING_ID ffffffff
      [ 1.1] \(column)EV_SYN SYN_REPORT 00000000
      """
  }

  /// By hand: x = 540 × 360 / 1080 = 180, y = 1170 × 780 / 2340 = 390.
  @Test(arguments: [true, false]) func labelledRangesMapToTheScreen(device: Bool) throws {
    let text = Self.labelledRanges + "\n" + Self.tap(x: "0000021c", y: "00000492", device: device)
    let imported = try importing(GeteventImporter(screenWidth: 360, screenHeight: 780), text)
    #expect(
      imported.events == [touchEvent(1, .down, 1, 180, 390), touchEvent(1.1, .up, 1, 180, 390)])
  }

  /// By hand: x = (640 - 100) × 360 / 1080 = 180; y = 0.
  @Test func numericRangesWithAMinimum() throws {
    let text = Self.numericRanges + "\n" + Self.tap(x: "00000280", y: "00000000", device: true)
    let imported = try importing(GeteventImporter(screenWidth: 360, screenHeight: 780), text)
    #expect(imported.events == [touchEvent(1, .down, 1, 180, 0), touchEvent(1.1, .up, 1, 180, 0)])
  }

  /// `getevent -lt` announces the device again, without its ranges, after the `-lp` block.
  @Test func rangesSurviveTheCapturesOwnDeviceLines() throws {
    let text =
      Self.labelledRanges + "\nadd device 1: /dev/input/event4\n  name:     \"gpio-keys\""
      + "\nadd device 2: /dev/input/event2\n  name:     \"sec_touchscreen\"\n"
      + Self.tap(x: "0000021c", y: "00000492", device: true)
    let imported = try importing(GeteventImporter(screenWidth: 360, screenHeight: 780), text)
    // By hand, as above: (180, 390).
    #expect(
      imported.events == [touchEvent(1, .down, 1, 180, 390), touchEvent(1.1, .up, 1, 180, 390)])
  }

  /// A single-touch device maps by ABS_X and ABS_Y. By hand: 2048 × 1024 / 4096 = 512 and
  /// 1024 × 600 / 2048 = 300.
  @Test func singleTouchRanges() throws {
    let text = """
      add device 1: /dev/input/event1
        name:     "resistive"
        events:
          KEY (0001): 014a
          ABS (0003): 0000  : value 0, min 0, max 4095, fuzz 0, flat 0, resolution 0
                      0001  : value 0, min 0, max 2047, fuzz 0, flat 0, resolution 0
                      0018  : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
      [ 2.0] 0003 0000 00000800
      [ 2.0] 0003 0001 00000400
      [ 2.0] 0001 014a 00000001
      [ 2.0] 0000 0000 00000000
      [ 2.1] 0001 014a 00000000
      [ 2.1] 0000 0000 00000000
      """
    let imported = try importing(GeteventImporter(screenWidth: 1024, screenHeight: 600), text)
    #expect(
      imported.events == [touchEvent(2, .down, -1, 512, 300), touchEvent(2.1, .up, -1, 512, 300)])
  }

  /// A screen size without ranges is refused at the first touch event (its SYN_REPORT).
  @Test func screenWithoutRangesIsRefused() {
    let text = "add device 2: /dev/input/event2\n" + Self.tap(x: "1", y: "2", device: true)
    let error = importError(GeteventImporter(screenWidth: 360, screenHeight: 780), text)
    #expect(error?.line == 5)
    #expect(error?.column == 1)
    #expect(
      error?.description
        == "capture.txt:5:1: expected the ranges of ABS_MT_POSITION_X and ABS_MT_POSITION_Y to map touches to the screen (record them with getevent -lp before the capture, or give a scale: --scale), found no range of ABS_MT_POSITION_X for /dev/input/event2"
    )
  }

  /// The ranges of another device do not serve: only event4 is described here.
  @Test func rangesOfAnotherDeviceDoNotServe() {
    let text = """
      add device 1: /dev/input/event4
        events:
          ABS (0003): 0035  : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                      0036  : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
      """ + "\n" + Self.tap(x: "1", y: "2", device: true)
    let error = importError(GeteventImporter(screenWidth: 360, screenHeight: 780), text)
    #expect(error?.line == 8)
    #expect(error?.found == "no range of ABS_MT_POSITION_X for /dev/input/event2")
  }

  /// With a scale, the ranges are not needed and not used.
  @Test func scaleIgnoresTheRanges() throws {
    let text = Self.numericRanges + "\n" + Self.tap(x: "00000280", y: "00000000", device: true)
    let imported = try importing(GeteventImporter(scaleX: 0.5, scaleY: 0.5), text)
    #expect(imported.events.first == touchEvent(1, .down, 1, 320, 0))
  }
}
