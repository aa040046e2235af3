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
}
