import Foundation
import Testing

/// `Examples/LiveLoop` (README, "Embedding the engine live"): the engine's clock drives a live
/// loop, and what it writes is what replay writes.
@Suite struct LiveLoopExampleTests {
  static let binary = executable.deletingLastPathComponent().appendingPathComponent("live-loop")

  /// Every single-session trace played back live (50 times faster than recorded) writes
  /// replay's records byte for byte: records that fell due between events came from the clock,
  /// at the same times. (`sessions.jsonl` has several sessions: on one shared clock a session's
  /// work due after its last event is written as other sessions go on, which replay never
  /// writes; ClockTests checks that case.)
  @Test(arguments: scenarioTraces.filter { !$0.hasSuffix("/sessions.jsonl") })
  func livePlaybackWritesWhatReplayWrites(trace: String) throws {
    let input = try Data(contentsOf: URL(fileURLWithPath: trace))
    let live = try runProgram(Self.binary.path, ["--speed", "50"], input: input)
    #expect(live.status == 0, "\(live.stderr)")
    let replay = try pagetrace(["replay", "--emit", "all", trace])
    #expect(replay.status == 0)
    #expect(live.stdout == replay.stdout)
  }

  /// A held finger and then nothing: replay writes nothing after the last event, but the live
  /// loop's clock begins the scrub at down + scrubDelay (docs/behaviour/time.md, "Due work"), with
  /// the input still open and no event to carry it.
  @Test func theClockWritesWithoutAnEvent() throws {
    let folder = try scratch()
    let trace = folder.appendingPathComponent("held.jsonl")
    try """
    {"pagetrace":1,"pages":8,"control":{"x":0,"y":780,"width":390,"height":30}}
    {"t":1.0,"touch":"down","id":1,"x":139,"y":795}

    """.write(to: trace, atomically: true, encoding: .utf8)
    let replay = try pagetrace(["replay", "--emit", "all", trace.path])
    #expect(replay.stdout == "")
    // The input stays open two seconds after the down: the scrub begins 0.15 s after it.
    let run = try shell(
      "{ cat \(shellQuoted(trace.path)); sleep 2; } | \(shellQuoted(Self.binary.path))",
      in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      String(decoding: run.stdout, as: UTF8.self)
        == """
        {"t":1.15,"type":"interaction","state":"continuous"}
        {"t":1.15,"type":"background","visible":true}

        """)
  }
}
