import Foundation

/// What a shell script run by ``shell(_:in:timeout:)`` did.
struct ShellRun {
  var status: Int32
  /// Whether the script was still running at its deadline (then killed).
  var timedOut: Bool
  var stdout: Data
  var stderr: String
}

/// Runs `script` with `/bin/sh -c` in `directory`, with `$P` set to the built `pagetrace`,
/// standard input from `/dev/null`; a script still running after `timeout` seconds is killed
/// (with its children) and reported as timed out.
func shell(_ script: String, in directory: URL, timeout: Double = 60) throws -> ShellRun {
  let streams = try scratch()
  defer { try? FileManager.default.removeItem(at: streams) }
  let outURL = streams.appendingPathComponent("stdout")
  let errURL = streams.appendingPathComponent("stderr")
  FileManager.default.createFile(atPath: outURL.path, contents: nil)
  FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", script]
  process.currentDirectoryURL = directory
  var environment = ProcessInfo.processInfo.environment
  environment["P"] = executable.path
  process.environment = environment
  process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
  process.standardOutput = try FileHandle(forWritingTo: outURL)
  process.standardError = try FileHandle(forWritingTo: errURL)
  try process.run()
  let deadline = Date().addingTimeInterval(timeout)
  var timedOut = false
  while process.isRunning {
    if Date() > deadline {
      timedOut = true
      _killChildren(of: process.processIdentifier)
      kill(process.processIdentifier, SIGKILL)
      break
    }
    usleep(20_000)
  }
  process.waitUntilExit()
  return ShellRun(
    status: process.terminationStatus, timedOut: timedOut,
    stdout: try Data(contentsOf: outURL),
    stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// Kills (SIGKILL) the children of process `parent`, found in /proc.
private func _killChildren(of parent: Int32) {
  guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return }
  for entry in entries {
    guard let pid = Int32(entry),
      let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { continue }
    // After "pid (name) ": the state, then the parent's id.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    if fields.count > 1, Int32(fields[1]) == parent { kill(pid, SIGKILL) }
  }
}

/// Quotes `text` for a shell script: between single quotes.
func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
