import PageTrace
import PageTraceIO
import PageTraceImport
import Testing

@Suite struct GeteventImporterTests {
  /// A 1080-unit-wide panel shown 360 points wide.
  static let third = 1.0 / 3
  static func pt(_ raw: Double) -> Double { raw * third }

  /// Two fingers on a multi-device capture: slot switching, a report changing both slots,
  /// lifts with ffffffff, keys and other axes ignored.
  static let twoFingers = """
    add device 1: /dev/input/event4
      name:     "gpio-keys"
    add device 2: /dev/input/event2
      name:     "sec_touchscreen"
    [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000007
    [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000384
    [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000004b0
    [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_TOUCH_MAJOR   00000005
    [     100.000000] /dev/input/event2: EV_KEY       BTN_TOUCH            DOWN
    [     100.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [     100.016000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000366
    [     100.016000] /dev/input/event2: EV_MSC       MSC_TIMESTAMP        00003e80
    [     100.016000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [     100.032000] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001
    [     100.032000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000008
    [     100.032000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000012c
    [     100.032000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000258
    [     100.032000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [     100.048000] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000000
    [     100.048000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000004b3
    [     100.048000] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001
    [     100.048000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000015e
    [     100.048000] /dev/input/event2: EV_ABS       ABS_MT_PRESSURE      0000002a
    [     100.048000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [     100.056000] /dev/input/event4: EV_KEY       KEY_VOLUMEDOWN       DOWN
    [     100.056000] /dev/input/event4: EV_SYN       SYN_REPORT           00000000
    [     100.064000] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000000
    [     100.064000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [     100.064000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [     100.072000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [     100.080000] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001
    [     100.080000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [     100.080000] /dev/input/event2: EV_KEY       BTN_TOUCH            UP
    [     100.080000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    """

  @Test func twoFingerCapture() throws {
    let imported = try importing(
      GeteventImporter(scaleX: Self.third, scaleY: Self.third), Self.twoFingers)
    // The touch screen is event2; event4's two lines (a key and its report) are counted.
    #expect(
      imported.notes.map(\.message) == [
        "touches read from /dev/input/event2 (\"sec_touchscreen\"), the first device with touches; 2 events of 1 other device (/dev/input/event4) ignored"
      ])
    #expect(
      imported.events == [
        touchEvent(100, .down, 7, Self.pt(900), Self.pt(1200)),
        touchEvent(100.016, .move, 7, Self.pt(870), Self.pt(1200)),
        touchEvent(100.032, .down, 8, Self.pt(300), Self.pt(600)),
        touchEvent(100.048, .move, 7, Self.pt(870), Self.pt(1203)),
        touchEvent(100.048, .move, 8, Self.pt(350), Self.pt(600)),
        touchEvent(100.064, .up, 7, Self.pt(870), Self.pt(1203)),
        touchEvent(100.08, .up, 8, Self.pt(350), Self.pt(600)),
      ])
  }

  @Test func scaleConvertsRawUnitsToPoints() throws {
    let text = """
      [       1.000000] EV_ABS       ABS_MT_TRACKING_ID   00000001
      [       1.000000] EV_ABS       ABS_MT_POSITION_X    00000438
      [       1.000000] EV_ABS       ABS_MT_POSITION_Y    00000924
      [       1.000000] EV_SYN       SYN_REPORT           00000000
      [       1.010000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
      [       1.010000] EV_SYN       SYN_REPORT           00000000
      """
    let imported = try importing(
      GeteventImporter(scaleX: 0.5, scaleY: 0.25, session: "phone"), text)
    #expect(
      imported.events == [
        touchEvent(1, .down, 1, 540, 585, session: "phone"),
        touchEvent(1.01, .up, 1, 540, 585, session: "phone"),
      ])
  }

  /// `getevent -t` without `-l` prints types and codes as numbers.
  @Test func numericTypesAndCodes() throws {
    let text = """
      [   5.000000] /dev/input/event2: 0003 0039 0000002a
      [   5.000000] /dev/input/event2: 0003 0035 00000010
      [   5.000000] /dev/input/event2: 0003 0036 00000020
      [   5.000000] /dev/input/event2: 0001 014a 00000001
      [   5.000000] /dev/input/event2: 0000 0000 00000000
      [   5.100000] /dev/input/event2: 0003 0039 ffffffff
      [   5.100000] /dev/input/event2: 0000 0000 00000000
      """
    let imported = try importing(GeteventImporter(scaleX: 1, scaleY: 1), text)
    #expect(
      imported.events == [touchEvent(5, .down, 42, 16, 32), touchEvent(5.1, .up, 42, 16, 32)])
  }

  /// The kernel sends only values that changed: a new contact inherits its slot's coordinates.
  @Test func newContactKeepsTheSlotsCoordinates() throws {
    let text = """
      [ 1.0] EV_ABS ABS_MT_TRACKING_ID 00000001
      [ 1.0] EV_ABS ABS_MT_POSITION_X 00000064
      [ 1.0] EV_ABS ABS_MT_POSITION_Y 000000c8
      [ 1.0] EV_SYN SYN_REPORT 00000000
      [ 1.1] EV_ABS ABS_MT_TRACKING_ID ffffffff
      [ 1.1] EV_SYN SYN_REPORT 00000000
      [ 2.0] EV_ABS ABS_MT_TRACKING_ID 00000002
      [ 2.0] EV_ABS ABS_MT_POSITION_Y 000000d2
      [ 2.0] EV_SYN SYN_REPORT 00000000
      [ 2.1] EV_ABS ABS_MT_TRACKING_ID 00000003
      [ 2.1] EV_ABS ABS_MT_POSITION_X 0000006e
      [ 2.1] EV_SYN SYN_REPORT 00000000
      [ 2.2] EV_ABS ABS_MT_TRACKING_ID ffffffff
      [ 2.2] EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(GeteventImporter(scaleX: 1, scaleY: 1), text)
    #expect(imported.notes == [])
    #expect(
      imported.events == [
        touchEvent(1, .down, 1, 100, 200), touchEvent(1.1, .up, 1, 100, 200),
        touchEvent(2, .down, 2, 100, 210),
        // A new tracking id in the slot ends the previous contact.
        touchEvent(2.1, .up, 2, 100, 210), touchEvent(2.1, .down, 3, 110, 210),
        touchEvent(2.2, .up, 3, 110, 210),
      ])
  }

  @Test func contactWithoutPositionWaitsForIt() throws {
    let text = """
      [ 3.0] EV_ABS ABS_MT_TRACKING_ID 00000005
      [ 3.0] EV_ABS ABS_MT_POSITION_X 00000064
      [ 3.0] EV_SYN SYN_REPORT 00000000
      [ 3.1] EV_SYN SYN_REPORT 00000000
      [ 3.2] EV_ABS ABS_MT_POSITION_Y 00000032
      [ 3.2] EV_SYN SYN_REPORT 00000000
      [ 3.3] EV_ABS ABS_MT_TRACKING_ID ffffffff
      [ 3.3] EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(GeteventImporter(scaleX: 1, scaleY: 1), text)
    #expect(
      imported.events == [touchEvent(3.2, .down, 5, 100, 50), touchEvent(3.3, .up, 5, 100, 50)])
    #expect(imported.notes.count == 1)
    #expect(imported.notes.first?.line == 3)
    #expect(imported.notes.first?.message.contains("ABS_MT_POSITION_Y") == true)
  }

  @Test func timestampGoingBackwardsIsNotedAndSkipped() throws {
    let text = """
      [  10.000000] EV_ABS ABS_MT_TRACKING_ID 00000001
      [  10.000000] EV_ABS ABS_MT_POSITION_X 00000064
      [  10.000000] EV_ABS ABS_MT_POSITION_Y 00000064
      [  10.000000] EV_SYN SYN_REPORT 00000000
      [  10.016000] EV_ABS ABS_MT_POSITION_X 0000006e
      [  10.016000] EV_SYN SYN_REPORT 00000000
      [   9.500000] EV_ABS ABS_MT_POSITION_X 00000078
      [   9.500000] EV_SYN SYN_REPORT 00000000
      [  10.032000] EV_ABS ABS_MT_POSITION_Y 00000082
      [  10.032000] EV_SYN SYN_REPORT 00000000
      [  10.048000] EV_ABS ABS_MT_TRACKING_ID ffffffff
      [  10.048000] EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(GeteventImporter(scaleX: 1, scaleY: 1), text, file: "back.txt")
    #expect(
      imported.events == [
        touchEvent(10, .down, 1, 100, 100),
        touchEvent(10.016, .move, 1, 110, 100),
        // The skipped report's change arrives with the next report.
        touchEvent(10.032, .move, 1, 120, 130),
        touchEvent(10.048, .up, 1, 120, 130),
      ])
    #expect(
      imported.notes.map(\.description) == [
        "back.txt:8: note: time went backwards (9.5 after 10.016): sample skipped"
      ])
  }

  @Test func contactThatNeverLiftsIsCancelledAtTheEnd() throws {
    let text = """
      [  20.000000] /dev/input/event2: EV_ABS ABS_MT_TRACKING_ID 00000010
      [  20.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000064
      [  20.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_Y 00000064
      [  20.000000] /dev/input/event2: EV_SYN SYN_REPORT 00000000
      [  20.010000] /dev/input/event2: EV_ABS ABS_MT_SLOT 00000001
      [  20.010000] /dev/input/event2: EV_ABS ABS_MT_TRACKING_ID 00000011
      [  20.010000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 000000c8
      [  20.010000] /dev/input/event2: EV_ABS ABS_MT_POSITION_Y 000000c8
      [  20.010000] /dev/input/event2: EV_SYN SYN_REPORT 00000000
      [  20.020000] /dev/input/event2: EV_ABS ABS_MT_TRACKING_ID ffffffff
      [  20.020000] /dev/input/event2: EV_SYN SYN_REPORT 00000000
      [  20.030000] /dev/input/event2: EV_ABS ABS_MT_SLOT 00000000
      [  20.030000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 0000006e
      [  20.030000] /dev/input/event2: EV_SYN SYN_REPORT 00000000
      [  20.040000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000078
      """
    let imported = try importing(GeteventImporter(scaleX: 1, scaleY: 1), text, file: "cut.txt")
    #expect(
      imported.events == [
        touchEvent(20, .down, 16, 100, 100),
        touchEvent(20.01, .down, 17, 200, 200),
        touchEvent(20.02, .up, 17, 200, 200),
        touchEvent(20.03, .move, 16, 110, 100),
        touchEvent(20.03, .cancel, 16, nil, nil),
      ])
    #expect(
      imported.notes.map(\.description) == [
        "cut.txt:15: note: the capture ends inside a frame (no SYN_REPORT after this line): its changes are dropped",
        "cut.txt:4: note: touch 16 never went up: cancelled at the end (t = 20.03)",
      ])
  }

  @Test func droppedEventsAreSkippedToTheNextReport() throws {
    let text = """
      [ 1.0] EV_ABS ABS_MT_TRACKING_ID 00000001
      [ 1.0] EV_ABS ABS_MT_POSITION_X 00000001
      [ 1.0] EV_ABS ABS_MT_POSITION_Y 00000002
      [ 1.0] EV_SYN SYN_REPORT 00000000
      [ 1.1] EV_SYN SYN_DROPPED 00000000
      [ 1.1] EV_ABS ABS_MT_POSITION_X 00000063
      [ 1.1] EV_SYN SYN_REPORT 00000000
      [ 1.2] EV_ABS ABS_MT_POSITION_Y 00000003
      [ 1.2] EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(GeteventImporter(scaleX: 1, scaleY: 1), text)
    #expect(
      imported.events == [
        touchEvent(1, .down, 1, 1, 2), touchEvent(1.2, .move, 1, 1, 3),
        touchEvent(1.2, .cancel, 1, nil, nil),
      ])
    #expect(imported.notes.map(\.line) == [5, 4])
  }

  /// A slot that moves after its contact lifted holds no contact: noted once, ignored.
  @Test func positionsAfterALiftAreNotedOnce() throws {
    let text = """
      [ 1.0] EV_ABS ABS_MT_TRACKING_ID 00000001
      [ 1.0] EV_ABS ABS_MT_POSITION_X 00000001
      [ 1.0] EV_ABS ABS_MT_POSITION_Y 00000001
      [ 1.0] EV_SYN SYN_REPORT 00000000
      [ 1.1] EV_ABS ABS_MT_TRACKING_ID ffffffff
      [ 1.1] EV_SYN SYN_REPORT 00000000
      [ 1.2] EV_ABS ABS_MT_POSITION_X 00000002
      [ 1.2] EV_SYN SYN_REPORT 00000000
      [ 1.3] EV_ABS ABS_MT_POSITION_X 00000003
      [ 1.3] EV_SYN SYN_REPORT 00000000
      [ 1.4] EV_ABS ABS_MT_TRACKING_ID 00000004
      [ 1.4] EV_ABS ABS_MT_POSITION_Y 00000009
      [ 1.4] EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(GeteventImporter(scaleX: 1, scaleY: 1), text)
    #expect(imported.notes.map(\.line) == [8, 13])  // the orphan move once; the cancel at the end
    #expect(imported.notes.first?.message.contains("holds no contact") == true)
    #expect(
      imported.events == [
        touchEvent(1, .down, 1, 1, 1), touchEvent(1.1, .up, 1, 1, 1),
        touchEvent(1.4, .down, 4, 3, 9), touchEvent(1.4, .cancel, 4, nil, nil),
      ])
  }

  @Test(arguments: [
    (
      "[   100.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000zz84",
      "0000zz84", "expected a value of 1 to 8 hexadecimal digits, found 0000zz84"
    ),
    (
      "[   100.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    123456789",
      "123456789", "expected a value of 1 to 8 hexadecimal digits, found 123456789"
    ),
    (
      "[   1oo.000000] EV_ABS ABS_MT_SLOT 00000001", "1oo",
      "expected a timestamp in seconds, found 1oo.000000"
    ),
    ("[ ] EV_ABS ABS_MT_SLOT 00000001", "]", "expected a timestamp in seconds, found ']'"),
    (
      "[  12.5 EV_ABS ABS_MT_SLOT 00000001", "EV_ABS",
      "expected ']' after the timestamp, found EV_ABS"
    ),
    (
      "/dev/input/event2: EV_ABS ABS_MT_SLOT 00000001", "/dev",
      "expected a time in brackets on each event (record the capture with getevent -lt), found an event without one: the capture has no times"
    ),
    (
      "/dev/input/event2 is gone", "/dev",
      "expected '[' and a timestamp in seconds (getevent -lt), found '/'"
    ),
    (
      "[  12.5] EV_ABS ABS_MT_SLOT 00000800", "00000800",
      "expected a slot from 0 to 1023, found 00000800"
    ),
    (
      "[  12.5] EV_ABS ABS_MT_SLOT 00000001 extra", "extra",
      "expected the end of the line, found extra"
    ),
    (
      "[  12.5] /dev/input/event2:", "",
      "expected an event type such as EV_ABS, found the end of the line"
    ),
    (
      "[  12.5] EV_SYN", "",
      "expected an event code such as SYN_REPORT, found the end of the line"
    ),
    (
      "[  12.5] EV_ABS ABS_MT_SLOT", "",
      "expected a value of 1 to 8 hexadecimal digits, found the end of the line"
    ),
  ])
  func badLines(line: String, token: String, message: String) {
    let text = "add device 2: /dev/input/event2\n" + line
    let error = importError(GeteventImporter(scaleX: 1, scaleY: 1), text)
    let expectedColumn =
      token.isEmpty ? line.unicodeScalars.count + 1 : characterColumn(of: token, in: line)
    #expect(error?.description == "capture.txt:2:\(expectedColumn): \(message)")
  }

  @Test func columnsCountCharacters() {
    let line = "[ 1.0] /dev/input/écran: EV_ABS ABS_MT_SLOT 0x1"
    let error = importError(GeteventImporter(scaleX: 1, scaleY: 1), line)
    #expect(error?.column == 45)
    #expect(error?.line == 1)
  }

  @Test func blankAndDeviceLinesAreIgnored() throws {
    let text = """

      add device 1: /dev/input/event2
        bus:      0000
        name:     "touch"
      could not get driver version for /dev/input/mouse0, Not a typewriter
      remove device 1: /dev/input/event2
      [ 1.0] EV_KEY BTN_TOUCH DOWN
      [ 1.0] EV_SYN SYN_REPORT 00000000 rate 120

      """
    let imported = try importing(GeteventImporter(scaleX: 1, scaleY: 1), text)
    #expect(imported.events == [])
    #expect(imported.notes == [])
  }

  /// A swipe from right to left across a full-screen container turns the page.
  @Test func swipeReplaysThroughTheEngine() throws {
    // 1080 × 2340 panel, 360 × 780 points.
    var lines = [
      "add device 2: /dev/input/event2",
      "[ 50.000000] /dev/input/event2: EV_ABS ABS_MT_TRACKING_ID 00000021",
      "[ 50.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000384",  // 900 → 300 pt
      "[ 50.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_Y 000004b0",  // 1200 → 400 pt
      "[ 50.000000] /dev/input/event2: EV_SYN SYN_REPORT 00000000",
    ]
    for step in 1...6 {
      let time = 50 + Double(step) * 0.016
      let raw = 900 - step * 100
      lines.append(
        "[ \(time)] /dev/input/event2: EV_ABS ABS_MT_POSITION_X \(String(raw, radix: 16))")
      lines.append("[ \(time)] /dev/input/event2: EV_SYN SYN_REPORT 00000000")
    }
    lines.append("[ 50.1] /dev/input/event2: EV_ABS ABS_MT_TRACKING_ID ffffffff")
    lines.append("[ 50.1] /dev/input/event2: EV_SYN SYN_REPORT 00000000")
    let imported = try importing(
      GeteventImporter(scaleX: Self.third, scaleY: Self.third), lines.joined(separator: "\n"))
    #expect(imported.notes == [])
    #expect(imported.events.count == 8)

    var configuration = PageControlConfiguration(
      pages: 5, control: Rect(x: 0, y: 740, width: 360, height: 30))
    configuration.container = Rect(x: 0, y: 0, width: 360, height: 780)
    var engine = try PageControlEngine(configuration)
    let transitions = try engine.records(for: imported.events).compactMap { record in
      if case .transition(let transition) = record.content { return (record.time, transition) }
      return nil
    }
    #expect(transitions.count == 1)
    #expect(transitions.first?.0 == 50.1)
    #expect(transitions.first?.1.from == 0)
    #expect(transitions.first?.1.to == 1)
    #expect(transitions.first?.1.cause == .swipe)
  }
}
