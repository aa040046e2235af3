import Foundation
import Testing

/// Whether the tests run under CI (`CI=true`). There a test is never skipped for want of a
/// program: CI installs every program the tests need (`.ci/run`), so a missing one fails.
let runsUnderCI = ProcessInfo.processInfo.environment["CI"] == "true"

/// The trait of a test that runs `program`: skipped where the program is not installed, except
/// under CI, where the test runs and fails at ``requiredProgram(_:)``.
func needsProgram(_ program: String) -> ConditionTrait {
  .enabled(
    if: runsUnderCI || programPath(program) != nil,
    "\(program) is not installed (under CI=true this is a failure)")
}

/// The path of a program a test needs: a failure if it is not installed.
func requiredProgram(_ name: String) throws -> String {
  try #require(programPath(name), "\(name) is not installed (.ci/run installs it)")
}

/// A Python that imports `modules` (comma-separated, from PyPI): the one the environment
/// variable `variable` names (.ci/run sets it, having installed them in a venv), else
/// `.build/ci-python`'s, else `python3` on the path; `nil` when none does.
func python(importing modules: String, named variable: String) -> String? {
  let candidates: [String?] = [
    ProcessInfo.processInfo.environment[variable],
    repository.appendingPathComponent(".build/ci-python/bin/python3").path, programPath("python3"),
  ]
  for case let path? in candidates where FileManager.default.isExecutableFile(atPath: path) {
    if let run = try? runProgram(path, ["-c", "import \(modules)"]), run.status == 0 {
      return path
    }
  }
  return nil
}
