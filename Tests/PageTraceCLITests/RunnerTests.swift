import Foundation
import Testing

/// The test runner's own guard: a child that hangs is killed and fails its test.
@Suite struct RunnerTests {
  @Test func aHungChildIsKilledAndReported() throws {
    do {
      _ = try runProgram("/bin/sleep", ["30"], timeout: 0.5)
      Issue.record("a 30 s sleep ended within its 0.5 s timeout")
    } catch let error as ProgramTimedOut {
      #expect(error.description.contains("ran over 0.5 s and was killed"))
    }
  }

  @Test func aQuickChildIsWaitedFor() throws {
    let run = try runProgram("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"], timeout: 30)
    #expect(run.status == 3)
    #expect(run.stdout == "out\n" && run.stderr == "err\n")
  }
}
