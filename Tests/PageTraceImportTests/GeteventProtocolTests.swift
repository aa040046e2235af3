import PageTrace
import PageTraceIO
import PageTraceImport
import Testing

/// Captures written by hand after the kernel's multi-touch protocol document: protocol A
/// frames, protocol B captures that begin during a touch, single-touch devices. Coordinates
/// are raw units at scale 1; the expected events are counted by hand in the comments.
@Suite struct GeteventProtocolTests {
  static let unit = GeteventImporter(scaleX: 1, scaleY: 1)

  /// Two fingers dragging right together, protocol A without tracking ids: each frame lists
  /// both contacts (in a different order in the second frame), then an empty frame lifts them.
  @Test func twoFingerDragWithoutTrackingIDs() throws {
    let text = """
      [ 1.000] EV_ABS ABS_MT_TOUCH_MAJOR 00000004
      [ 1.000] EV_ABS ABS_MT_POSITION_X 00000064
      [ 1.000] EV_ABS ABS_MT_POSITION_Y 000001f4
      [ 1.000] EV_SYN SYN_MT_REPORT 00000000
      [ 1.000] EV_ABS ABS_MT_TOUCH_MAJOR 00000004
      [ 1.000] EV_ABS ABS_MT_POSITION_X 00000258
      [ 1.000] EV_ABS ABS_MT_POSITION_Y 000001f4
      [ 1.000] EV_SYN SYN_MT_REPORT 00000000
      [ 1.000] EV_KEY BTN_TOUCH DOWN
      [ 1.000] EV_SYN SYN_REPORT 00000000
      [ 1.016] EV_ABS ABS_MT_POSITION_X 0000026c
      [ 1.016] EV_ABS ABS_MT_POSITION_Y 000001f4
      [ 1.016] EV_SYN SYN_MT_REPORT 00000000
      [ 1.016] EV_ABS ABS_MT_POSITION_X 00000078
      [ 1.016] EV_ABS ABS_MT_POSITION_Y 000001f4
      [ 1.016] EV_SYN SYN_MT_REPORT 00000000
      [ 1.016] EV_SYN SYN_REPORT 00000000
      [ 1.032] EV_ABS ABS_MT_POSITION_X 0000008c
      [ 1.032] EV_ABS ABS_MT_POSITION_Y 000001f4
      [ 1.032] EV_SYN SYN_MT_REPORT 00000000
      [ 1.032] EV_ABS ABS_MT_POSITION_X 00000280
      [ 1.032] EV_ABS ABS_MT_POSITION_Y 000001f4
      [ 1.032] EV_SYN SYN_MT_REPORT 00000000
      [ 1.032] EV_SYN SYN_REPORT 00000000
      [ 1.048] EV_SYN SYN_MT_REPORT 00000000
      [ 1.048] EV_KEY BTN_TOUCH UP
      [ 1.048] EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(Self.unit, text)
    #expect(imported.notes == [])
    // By hand: frame 1 puts (100, 500) and (600, 500) down as -1 and -2. Frame 2 lists
    // (620, 500) first: it is 20 from -2 and 520 from -1, so -2 moves, then -1 to (120, 500).
    // Frame 3: both move 20 more. Frame 4 has no contact: both lift where they were.
    // 2 downs, 4 moves, 2 ups; no cancel, no move longer than 20.
    #expect(
      imported.events == [
        touchEvent(1, .down, -1, 100, 500), touchEvent(1, .down, -2, 600, 500),
        touchEvent(1.016, .move, -2, 620, 500), touchEvent(1.016, .move, -1, 120, 500),
        touchEvent(1.032, .move, -1, 140, 500), touchEvent(1.032, .move, -2, 640, 500),
        touchEvent(1.048, .up, -1, 140, 500), touchEvent(1.048, .up, -2, 640, 500),
      ])
  }

  /// Three fingers, protocol A without tracking ids; the middle one lifts in the third
  /// frame; the last frame is a `SYN_REPORT` alone after `BTN_TOUCH UP`.
  @Test func oneOfThreeContactsLiftsMidWay() throws {
    var lines: [String] = []
    func frame(_ time: String, _ contacts: [(Int, Int)], key: String? = nil) {
      for (x, y) in contacts {
        lines.append("[ \(time)] EV_ABS ABS_MT_POSITION_X \(String(x, radix: 16))")
        lines.append("[ \(time)] EV_ABS ABS_MT_POSITION_Y \(String(y, radix: 16))")
        lines.append("[ \(time)] EV_SYN SYN_MT_REPORT 00000000")
      }
      if let key { lines.append("[ \(time)] EV_KEY BTN_TOUCH \(key)") }
      lines.append("[ \(time)] EV_SYN SYN_REPORT 00000000")
    }
    frame("2.00", [(100, 100), (500, 100), (900, 100)], key: "DOWN")
    frame("2.01", [(110, 100), (510, 100), (910, 100)])
    frame("2.02", [(120, 100), (920, 100)])
    lines.append("[ 2.03] EV_KEY BTN_TOUCH UP")
    lines.append("[ 2.03] EV_SYN SYN_REPORT 00000000")
    let imported = try importing(Self.unit, lines.joined(separator: "\n"))
    #expect(imported.notes == [])
    // By hand: 3 downs; 3 moves of 10; in frame 3 the closest pairs are the outer fingers
    // (10 each), so the middle one (-2) lifts at (510, 100) and the others move; frame 4
    // lifts the two left. 3 + 3 + 1 + 2 + 2 = 11 events.
    #expect(
      imported.events == [
        touchEvent(2, .down, -1, 100, 100), touchEvent(2, .down, -2, 500, 100),
        touchEvent(2, .down, -3, 900, 100),
        touchEvent(2.01, .move, -1, 110, 100), touchEvent(2.01, .move, -2, 510, 100),
        touchEvent(2.01, .move, -3, 910, 100),
        touchEvent(2.02, .up, -2, 510, 100),
        touchEvent(2.02, .move, -1, 120, 100), touchEvent(2.02, .move, -3, 920, 100),
        touchEvent(2.03, .up, -1, 120, 100), touchEvent(2.03, .up, -3, 920, 100),
      ])
  }

  /// Protocol A with tracking ids: contacts are followed by id even when the nearest
  /// contact of the previous frame is another one (the fingers cross).
  @Test func trackingIDsAreFollowedInProtocolA() throws {
    let text = """
      [ 3.00] EV_ABS ABS_MT_TRACKING_ID 00000005
      [ 3.00] EV_ABS ABS_MT_POSITION_X 00000064
      [ 3.00] EV_ABS ABS_MT_POSITION_Y 00000064
      [ 3.00] EV_SYN SYN_MT_REPORT 00000000
      [ 3.00] EV_ABS ABS_MT_TRACKING_ID 00000006
      [ 3.00] EV_ABS ABS_MT_POSITION_X 000000c8
      [ 3.00] EV_ABS ABS_MT_POSITION_Y 00000064
      [ 3.00] EV_SYN SYN_MT_REPORT 00000000
      [ 3.00] EV_SYN SYN_REPORT 00000000
      [ 3.01] EV_ABS ABS_MT_TRACKING_ID 00000005
      [ 3.01] EV_ABS ABS_MT_POSITION_X 000000be
      [ 3.01] EV_ABS ABS_MT_POSITION_Y 00000064
      [ 3.01] EV_SYN SYN_MT_REPORT 00000000
      [ 3.01] EV_ABS ABS_MT_TRACKING_ID 00000006
      [ 3.01] EV_ABS ABS_MT_POSITION_X 0000006e
      [ 3.01] EV_ABS ABS_MT_POSITION_Y 00000064
      [ 3.01] EV_SYN SYN_MT_REPORT 00000000
      [ 3.01] EV_SYN SYN_REPORT 00000000
      [ 3.02] EV_ABS ABS_MT_TRACKING_ID 00000006
      [ 3.02] EV_ABS ABS_MT_POSITION_X 00000078
      [ 3.02] EV_ABS ABS_MT_POSITION_Y 00000064
      [ 3.02] EV_SYN SYN_MT_REPORT 00000000
      [ 3.02] EV_SYN SYN_REPORT 00000000
      [ 3.03] EV_SYN SYN_MT_REPORT 00000000
      [ 3.03] EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(Self.unit, text)
    #expect(imported.notes == [])
    // By hand: 5 at (100, 100), 6 at (200, 100); they cross to 190 and 110 (by distance 5
    // would have become 6); 5 lifts at 190 while 6 moves to 120; the empty frame lifts 6.
    #expect(
      imported.events == [
        touchEvent(3, .down, 5, 100, 100), touchEvent(3, .down, 6, 200, 100),
        touchEvent(3.01, .move, 5, 190, 100), touchEvent(3.01, .move, 6, 110, 100),
        touchEvent(3.02, .up, 5, 190, 100), touchEvent(3.02, .move, 6, 120, 100),
        touchEvent(3.03, .up, 6, 120, 100),
      ])
  }

  /// A protocol B capture that begins while two fingers are down: their slots move without
  /// a tracking id ever seen for them.
  @Test func protocolBCaptureBeginningMidContact() throws {
    let text = """
      [ 5.000] EV_ABS ABS_MT_POSITION_X 00000190
      [ 5.000] EV_ABS ABS_MT_POSITION_Y 00000258
      [ 5.000] EV_SYN SYN_REPORT 00000000
      [ 5.010] EV_ABS ABS_MT_POSITION_X 000001a4
      [ 5.010] EV_ABS ABS_MT_SLOT 00000001
      [ 5.010] EV_ABS ABS_MT_POSITION_Y 00000064
      [ 5.010] EV_SYN SYN_REPORT 00000000
      [ 5.020] EV_ABS ABS_MT_POSITION_X 00000032
      [ 5.020] EV_SYN SYN_REPORT 00000000
      [ 5.030] EV_ABS ABS_MT_SLOT 00000000
      [ 5.030] EV_ABS ABS_MT_TRACKING_ID ffffffff
      [ 5.030] EV_ABS ABS_MT_SLOT 00000001
      [ 5.030] EV_ABS ABS_MT_TRACKING_ID ffffffff
      [ 5.030] EV_SYN SYN_REPORT 00000000
      [ 5.040] EV_ABS ABS_MT_SLOT 00000000
      [ 5.040] EV_ABS ABS_MT_TRACKING_ID 0000000c
      [ 5.040] EV_ABS ABS_MT_POSITION_X 00000064
      [ 5.040] EV_SYN SYN_REPORT 00000000
      [ 5.050] EV_ABS ABS_MT_TRACKING_ID ffffffff
      [ 5.050] EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(Self.unit, text, file: "mid.txt")
    // By hand: slot 0 is a finger already down (-1) at (400, 600), moving to 420; slot 1
    // (-2) has only a Y at 5.01 and goes down at 5.02 at (50, 100); both lift at 5.03 where
    // they were; then a real contact, 12, takes slot 0 at (100, 600) (its Y kept) and
    // lifts. 7 events, no cancel.
    #expect(
      imported.events == [
        touchEvent(5, .down, -1, 400, 600), touchEvent(5.01, .move, -1, 420, 600),
        touchEvent(5.02, .down, -2, 50, 100),
        touchEvent(5.03, .up, -1, 420, 600), touchEvent(5.03, .up, -2, 50, 100),
        touchEvent(5.04, .down, 12, 100, 600), touchEvent(5.05, .up, 12, 100, 600),
      ])
    #expect(
      imported.notes.map(\.description) == [
        "mid.txt:7: note: touch -2 in slot 1 has no ABS_MT_POSITION_X yet: it goes down when its position is known",
        "mid.txt:3: note: 2 touches were already down when the capture began (positions before any ABS_MT_TRACKING_ID): given synthetic negative ids",
      ])
  }

  /// A single-touch device with BTN_TOUCH: two taps, the second keeping the first's Y.
  @Test func singleTouchWithButton() throws {
    let text = """
      [ 1.000] EV_ABS ABS_X 00000064
      [ 1.000] EV_ABS ABS_Y 000000c8
      [ 1.000] EV_ABS ABS_PRESSURE 00000020
      [ 1.000] EV_KEY BTN_TOUCH DOWN
      [ 1.000] EV_KEY BTN_TOOL_FINGER DOWN
      [ 1.000] EV_SYN SYN_REPORT 00000000
      [ 1.010] EV_ABS ABS_X 0000006e
      [ 1.010] EV_SYN SYN_REPORT 00000000
      [ 1.020] EV_ABS ABS_PRESSURE 00000000
      [ 1.020] EV_KEY BTN_TOUCH UP
      [ 1.020] EV_KEY BTN_TOOL_FINGER UP
      [ 1.020] EV_SYN SYN_REPORT 00000000
      [ 2.000] EV_ABS ABS_X 0000012c
      [ 2.000] EV_KEY BTN_TOUCH DOWN
      [ 2.000] EV_SYN SYN_REPORT 00000000
      [ 2.010] EV_KEY BTN_TOUCH UP
      [ 2.010] EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(Self.unit, text)
    #expect(imported.notes == [])
    // By hand: -1 down at (100, 200), moves to 110, lifts; -2 down at (300, 200), lifts.
    #expect(
      imported.events == [
        touchEvent(1, .down, -1, 100, 200), touchEvent(1.01, .move, -1, 110, 200),
        touchEvent(1.02, .up, -1, 110, 200),
        touchEvent(2, .down, -2, 300, 200), touchEvent(2.01, .up, -2, 300, 200),
      ])
  }

  /// Without BTN_TOUCH, the pressure says whether the finger is down (hexadecimal form).
  @Test func singleTouchByPressure() throws {
    let text = """
      [ 3.0] 0003 0000 00000010
      [ 3.0] 0003 0001 00000020
      [ 3.0] 0003 0018 00000040
      [ 3.0] 0000 0000 00000000
      [ 3.1] 0003 0001 00000022
      [ 3.1] 0003 0018 0000003f
      [ 3.1] 0000 0000 00000000
      [ 3.2] 0003 0018 00000000
      [ 3.2] 0000 0000 00000000
      """
    let imported = try importing(Self.unit, text)
    #expect(imported.notes == [])
    // By hand: down at (16, 32), move to (16, 34), up at pressure 0.
    #expect(
      imported.events == [
        touchEvent(3, .down, -1, 16, 32), touchEvent(3.1, .move, -1, 16, 34),
        touchEvent(3.2, .up, -1, 16, 34),
      ])
  }

  /// Without BTN_TOUCH, BTN_TOOL_FINGER says it (hexadecimal form).
  @Test func singleTouchByToolFinger() throws {
    let text = """
      [ 4.0] 0003 0000 00000001
      [ 4.0] 0003 0001 00000002
      [ 4.0] 0001 0145 00000001
      [ 4.0] 0000 0000 00000000
      [ 4.1] 0001 0145 00000000
      [ 4.1] 0000 0000 00000000
      """
    let imported = try importing(Self.unit, text)
    #expect(imported.events == [touchEvent(4, .down, -1, 1, 2), touchEvent(4.1, .up, -1, 1, 2)])
  }

  /// Positions alone do not say whether a finger is down: noted, nothing made.
  @Test func singleTouchPositionsWithoutATouchSignal() throws {
    let text = """
      [ 4.0] EV_ABS ABS_X 00000001
      [ 4.0] EV_ABS ABS_Y 00000002
      [ 4.0] EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(Self.unit, text)
    #expect(imported.events == [])
    #expect(imported.notes.map(\.line) == [3])
  }

  /// A multi-touch device's legacy ABS_X and BTN_TOUCH are not read as a second contact.
  @Test func multiTouchDevicesIgnoreTheirSingleTouchAxes() throws {
    let text = """
      [ 6.0] EV_ABS ABS_MT_TRACKING_ID 00000001
      [ 6.0] EV_ABS ABS_MT_POSITION_X 0000000a
      [ 6.0] EV_ABS ABS_MT_POSITION_Y 00000014
      [ 6.0] EV_KEY BTN_TOUCH DOWN
      [ 6.0] EV_ABS ABS_X 0000000a
      [ 6.0] EV_ABS ABS_Y 00000014
      [ 6.0] EV_SYN SYN_REPORT 00000000
      [ 6.1] EV_ABS ABS_MT_TRACKING_ID ffffffff
      [ 6.1] EV_KEY BTN_TOUCH UP
      [ 6.1] EV_SYN SYN_REPORT 00000000
      [ 6.2] EV_ABS ABS_X 0000000b
      [ 6.2] EV_KEY BTN_TOUCH DOWN
      [ 6.2] EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(Self.unit, text)
    // By hand: one stroke of 1; the last frame (no ABS_MT_*) is of a protocol B device: nothing.
    #expect(imported.events == [touchEvent(6, .down, 1, 10, 20), touchEvent(6.1, .up, 1, 10, 20)])
    #expect(imported.notes == [])
  }

  /// A protocol A frame whose time goes backwards is skipped whole (noted); the next frame
  /// says again where the contact is.
  @Test func protocolAFrameGoingBackwardsIsSkipped() throws {
    let text = """
      [ 1.0] EV_ABS ABS_MT_POSITION_X 0000000a
      [ 1.0] EV_ABS ABS_MT_POSITION_Y 0000000a
      [ 1.0] EV_SYN SYN_MT_REPORT 00000000
      [ 1.0] EV_SYN SYN_REPORT 00000000
      [ 0.5] EV_ABS ABS_MT_POSITION_X 00000014
      [ 0.5] EV_ABS ABS_MT_POSITION_Y 0000000a
      [ 0.5] EV_SYN SYN_MT_REPORT 00000000
      [ 0.5] EV_SYN SYN_REPORT 00000000
      [ 1.1] EV_ABS ABS_MT_POSITION_X 0000001e
      [ 1.1] EV_ABS ABS_MT_POSITION_Y 0000000a
      [ 1.1] EV_SYN SYN_MT_REPORT 00000000
      [ 1.1] EV_SYN SYN_REPORT 00000000
      [ 1.2] EV_SYN SYN_MT_REPORT 00000000
      [ 1.2] EV_SYN SYN_REPORT 00000000
      """
    let imported = try importing(Self.unit, text)
    // By hand: down at (10, 10); the frame at 0.5 (line 8) is skipped; move to 30; up.
    #expect(
      imported.events == [
        touchEvent(1, .down, -1, 10, 10), touchEvent(1.1, .move, -1, 30, 10),
        touchEvent(1.2, .up, -1, 30, 10),
      ])
    #expect(
      imported.notes.map(\.description) == [
        "capture.txt:8: note: time went backwards (0.5 after 1.0): sample skipped"
      ])
  }
}
