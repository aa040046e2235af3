import Foundation
import Testing

/// `--from` through the executable: every importer feeds replay, convert and classify.
@Suite struct ImportTests {
  // A fast swipe to the left on a 1080 × 2340 panel shown at 360 × 780 pt (scale 1/3):
  // x 900 → 800 → 700 raw, i.e. 300 → 266.7 → 233.3 pt, in 20 ms.
  let getevent = """
    add device 1: /dev/input/event2
      name:     "touchscreen"
    [    1.000000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000001
    [    1.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000384
    [    1.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000004b0
    [    1.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [    1.010000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000320
    [    1.010000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [    1.020000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000002bc
    [    1.020000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [    1.025000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [    1.025000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000

    """
  let pointerEvents = """
    {"type":"pointerdown","pointerId":3,"pointerType":"touch","timeStamp":1000,"clientX":300,"clientY":400}
    {"type":"pointermove","pointerId":3,"pointerType":"touch","timeStamp":1020,"clientX":250,"clientY":400,"coalesced":[{"timeStamp":1010,"clientX":280,"clientY":400},{"timeStamp":1020,"clientX":250,"clientY":400}]}
    {"type":"pointerup","pointerId":3,"pointerType":"touch","timeStamp":1025,"clientX":240,"clientY":400}

    """
  let screen = ["--pages", "5", "--control", "0,740,360,30", "--container", "0,0,360,780"]

  @Test func geteventSwipesTurnThePage() throws {
    let directory = try scratch()
    try write(getevent, to: "capture.txt", in: directory)
    let from = ["--from", "getevent", "--scale", "0.3333333333333333"]
    let replay = try pagetrace(["replay"] + from + screen + ["capture.txt"], in: directory)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.records.map { $0["cause"] as? String } == ["swipe"])
    let strokes = try pagetrace(["classify"] + from + screen + ["capture.txt"], in: directory)
    #expect(strokes.records.map { $0["kind"] as? String } == ["swipe"])
    #expect(strokes.records.first?["axis"] as? String == "x")
    // Converted, the capture replays the same as a trace.
    _ = try pagetrace(["convert"] + from + ["capture.txt", "-o", "capture.ptrace"], in: directory)
    let again = try pagetrace(["replay"] + screen + ["capture.ptrace"], in: directory)
    #expect(again.stdout == replay.stdout)
  }

  @Test func pointerEventsSwipesTurnThePage() throws {
    let directory = try scratch()
    try write(pointerEvents, to: "log.jsonl", in: directory)
    let replay = try pagetrace(
      ["replay", "--from", "pointer-events"] + screen + ["--current", "2", "log.jsonl"],
      in: directory)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.records.map { $0["to"] as? Int } == [3])
    let strokes = try pagetrace(
      ["classify", "--from", "pointer-events"] + screen + ["log.jsonl"], in: directory)
    #expect(strokes.records.map { $0["kind"] as? String } == ["swipe"])
    #expect(strokes.records.first?["start"] as? Double == 1)
  }

  @Test func importErrorsAndNotesAreReported() throws {
    let directory = try scratch()
    try write(
      "1,1,3,1000,0,1,1,1\n1,1,3,990,2,1,2,2\n1,1,3,oops,1,1,3,3\n", to: "r.csv", in: directory)
    let run = try pagetrace(
      ["replay", "--from", "csv", "--columns", "t=4,phase=5,x=7,y=8", "--time-unit", "ms"] + screen
        + ["r.csv"],
      in: directory)
    #expect(run.status == 65)
    #expect(run.stderr.contains("r.csv:2: note: time went backwards"))
    #expect(run.stderr.contains("r.csv:3:7: expected a number for the time"))
    #expect(
      try pagetrace(["replay", "--from", "csvv"], in: directory).stderr.contains(
        "did you mean 'csv'?"))
    #expect(try pagetrace(["replay", "--from", "csv"], in: directory).status == 64)  // no --columns
  }

  /// `--screen` maps raw units through the ranges of `getevent -lp` put before the capture:
  /// the same swipe as ``geteventSwipesTurnThePage()`` on a panel of 0…1079 × 0…2339 units,
  /// 360 × 780 pt (by hand: x 900 → 300 pt, y 1200 → 400 pt), turns the page too.
  @Test func geteventScreenMapsThroughTheRanges() throws {
    let directory = try scratch()
    let ranges = """
      add device 1: /dev/input/event2
        name:     "touchscreen"
        events:
          ABS (0003): ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                      ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0

      """
    try write(ranges + getevent, to: "capture.txt", in: directory)
    let from = ["--from", "getevent", "--screen", "360,780"]
    let replay = try pagetrace(["replay"] + from + screen + ["capture.txt"], in: directory)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.records.map { $0["cause"] as? String } == ["swipe"])
    let converted = try pagetrace(
      ["convert"] + from + ["--to", "jsonl", "capture.txt"], in: directory)
    let first = converted.records.first { $0["touch"] as? String == "down" }
    #expect(first?["x"] as? Double == 300)
    #expect(first?["y"] as? Double == 400)

    // Without ranges, the capture is refused at its first touch (line 6, a SYN_REPORT).
    try write(getevent, to: "bare.txt", in: directory)
    let bare = try pagetrace(["replay"] + from + screen + ["bare.txt"], in: directory)
    #expect(bare.status == 65)
    #expect(bare.stderr.contains("bare.txt:6:1: expected the ranges of ABS_MT_POSITION_X"))
    #expect(bare.stderr.contains("getevent -lp"))

    let both = try pagetrace(
      ["replay", "--from", "getevent", "--screen", "360,780", "--scale", "1", "capture.txt"],
      in: directory)
    #expect(both.status == 64)
    #expect(both.stderr.contains("'--screen' and '--scale' cannot be given together"))
    let bad = try pagetrace(
      ["replay", "--from", "getevent", "--screen", "360", "capture.txt"], in: directory)
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("invalid value for '--screen': expected W,H in points"))
    let csv = try pagetrace(
      ["replay", "--from", "csv", "--screen", "360,780", "capture.txt"], in: directory)
    #expect(csv.stderr.contains("'--screen' is an option of '--from getevent'"))
  }

  /// A capture without times (plain `getevent -l`) is a data error at its first event line.
  @Test func geteventWithoutTimesIsRefused() throws {
    let directory = try scratch()
    let text = """
      add device 1: /dev/input/event2
        name:     "touchscreen"
      /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000001
      /dev/input/event2: EV_SYN       SYN_REPORT           00000000

      """
    try write(text, to: "plain.txt", in: directory)
    let run = try pagetrace(["replay", "--from", "getevent", "plain.txt"], in: directory)
    #expect(run.status == 65)
    #expect(
      run.stderr.contains(
        "plain.txt:3:1: expected a time in brackets on each event (record the capture with getevent -lt), found an event without one: the capture has no times"
      ))
  }
}
