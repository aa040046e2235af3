import Foundation
import Testing

/// `pagetrace inspect` on getevent captures: the device and protocol found, the scaling
/// proposed, and captures without times (docs/behaviour/inspect-convert-generate.md,
/// "Inspection").
@Suite struct GeteventInspectTests {
  func inspect(_ text: String) throws -> NSDictionary {
    let directory = try scratch()
    try write(text, to: "capture.txt", in: directory)
    let run = try pagetrace(["inspect", "--format", "json", "capture.txt"], in: directory)
    return try #require(run.records.first)
  }

  /// Protocol A, no device block: `--scale 1` is proposed, as before.
  @Test func withoutRangesScaleIsProposed() throws {
    let found = try inspect(
      """
      [ 1.0] /dev/input/event1: EV_ABS ABS_MT_POSITION_X 00000010
      [ 1.0] /dev/input/event1: EV_ABS ABS_MT_POSITION_Y 00000020
      [ 1.0] /dev/input/event1: EV_SYN SYN_MT_REPORT 00000000
      [ 1.0] /dev/input/event1: EV_SYN SYN_REPORT 00000000

      """)
    #expect(found["format"] as? String == "getevent")
    let problems = found["problems"] as? [String] ?? []
    #expect(problems.contains("touch screen: /dev/input/event1, multi-touch protocol A"))
    #expect(
      found["command"] as? [String] == [
        "pagetrace", "classify", "--from", "getevent", "--scale", "1", "capture.txt",
      ])
  }

  /// With the ranges, `--screen WIDTH,HEIGHT` is proposed, with a line saying what to put.
  @Test func withRangesScreenIsProposed() throws {
    let found = try inspect(
      """
      add device 1: /dev/input/event2
        name:     "sec_touchscreen"
        events:
          ABS (0003): 0035  : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                      0036  : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
      [ 1.0] 0003 0039 00000001
      [ 1.0] 0003 0035 00000010
      [ 1.0] 0003 0036 00000020
      [ 1.0] 0000 0000 00000000

      """)
    let problems = found["problems"] as? [String] ?? []
    #expect(
      problems.contains(
        "touch screen: the capture's one device (\"sec_touchscreen\"), multi-touch protocol B"))
    #expect(problems.contains { $0.contains("screen's size in points for WIDTH,HEIGHT") })
    #expect(
      found["command"] as? [String] == [
        "pagetrace", "classify", "--from", "getevent", "--screen", "WIDTH,HEIGHT", "capture.txt",
      ])
  }

  /// Plain `getevent` (no times) is told as a getevent capture that cannot be read, and why.
  @Test func withoutTimesTheInspectionSaysSo() throws {
    let found = try inspect(
      """
      add device 1: /dev/input/event2
        name:     "sec_touchscreen"
      /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000001
      /dev/input/event2: EV_SYN       SYN_REPORT           00000000

      """)
    #expect(found["format"] as? String == "getevent")
    #expect(found["command"] == nil)
    #expect(
      found["problems"] as? [String] == [
        "capture.txt:3:1: expected a time in brackets on each event (record the capture with getevent -lt), found an event without one: the capture has no times"
      ])
  }

  /// A numeric capture without a device column nor times is not taken for text of no format.
  @Test func numericEventsWithoutTimesAreGetevent() throws {
    let found = try inspect("0003 0035 00000010\n0000 0000 00000000\n")
    #expect(found["format"] as? String == "getevent")
  }
}
