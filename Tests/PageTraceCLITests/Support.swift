import Foundation

/// What one run of the built `pagetrace` executable did.
struct Run {
  var status: Int32
  var stdout: String
  var stderr: String

  /// Standard output as JSON objects, one per line.
  var records: [NSDictionary] {
    stdout.split(separator: "\n").map {
      try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! NSDictionary
    }
  }
}

/// The repository root, found from this file's path.
let repository = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `pagetrace` executable built beside the test bundle.
let executable: URL = {
  let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  var directory = bundle.deletingLastPathComponent()
  // On Linux the runner sits in the products directory; on macOS inside the .xctest bundle.
  while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("pagetrace").path),
    directory.path != "/"
  {
    directory.deleteLastPathComponent()
  }
  return directory.appendingPathComponent("pagetrace")
}()

/// A scratch directory for one test.
func scratch() throws -> URL {
  let directory = scratchRoot.appendingPathComponent(UUID().uuidString)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

/// The folder of every scratch folder of this test process, removed when the process ends,
/// so that test runs leave nothing behind in the temporary directory.
let scratchRoot: URL = {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("pagetrace-tests-\(ProcessInfo.processInfo.processIdentifier)")
  try? FileManager.default.removeItem(at: root)  // a folder of an earlier process with this id
  try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  atexit { try? FileManager.default.removeItem(at: scratchRoot) }
  return root
}()

/// The paths of the scenario traces `Traces/*.jsonl`, in name order (their expected records are
/// in `Traces/expected/`, a folder of their own).
let scenarioTraces: [String] = {
  let folder = repository.appendingPathComponent("Traces")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".jsonl") }.sorted()
    .map { folder.appendingPathComponent($0).path }
}()

/// Runs `pagetrace` with arguments, in `directory`, with `input` on standard input; killed
/// after `timeout` seconds (longer only for the runs over inputs of hundreds of thousands of
/// lines, which a debug build on a busy machine takes a while to read).
func pagetrace(
  _ arguments: [String], in directory: URL? = nil, input: Data = Data(),
  timeout: Double = programTimeout
) throws -> Run {
  try runProgram(executable.path, arguments, in: directory, input: input, timeout: timeout)
}

/// Runs a program with arguments, in `directory` (a new scratch folder if `nil`), with `input`
/// on standard input. A program still running after `timeout` seconds is killed (`SIGKILL`)
/// and the run fails with ``ProgramTimedOut``: a hung child fails its test instead of hanging
/// the test run (a test's time limit cannot stop a thread blocked in a wait).
func runProgram(
  _ path: String, _ arguments: [String], in directory: URL? = nil, input: Data = Data(),
  timeout: Double = programTimeout
) throws -> Run {
  let work = try directory ?? scratch()
  // The streams go through files of their own folder, never the working directory (which
  // may be the repository, or shared by tests running at once).
  let streams = try scratch()
  defer { try? FileManager.default.removeItem(at: streams) }
  let inURL = streams.appendingPathComponent("stdin")
  let outURL = streams.appendingPathComponent("stdout")
  let errURL = streams.appendingPathComponent("stderr")
  try input.write(to: inURL)
  FileManager.default.createFile(atPath: outURL.path, contents: nil)
  FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  process.currentDirectoryURL = work
  process.standardInput = try FileHandle(forReadingFrom: inURL)
  process.standardOutput = try FileHandle(forWritingTo: outURL)
  process.standardError = try FileHandle(forWritingTo: errURL)
  try process.run()
  try waitForExit(process, within: timeout, what: "\(path) \(arguments)")
  return Run(
    status: process.terminationStatus,
    stdout: try String(contentsOf: outURL, encoding: .utf8),
    stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// How long ``runProgram(_:_:in:input:timeout:)`` lets a program run: below the one-minute time
/// limits of the slowest tests, and far above what any run takes on a loaded machine.
let programTimeout = 45.0

/// A program the tests ran did not end in time, and was killed.
struct ProgramTimedOut: Error, CustomStringConvertible {
  var description: String
}

/// Waits for a started process to end, at most `seconds`; then kills it (`SIGKILL`), waits for
/// it, and throws ``ProgramTimedOut``.
func waitForExit(_ process: Process, within seconds: Double, what: String) throws {
  let deadline = Date(timeIntervalSinceNow: seconds)
  var pause: UInt32 = 100  // microseconds, doubling to 20 ms: quick runs are seen quickly
  while process.isRunning {
    guard Date() < deadline else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw ProgramTimedOut(description: "\(what) ran over \(seconds) s and was killed")
    }
    usleep(pause)
    pause = min(pause * 2, 20_000)
  }
  process.waitUntilExit()
}

/// Writes `lines` (joined with newlines) to a file in `directory`.
@discardableResult
func write(_ text: String, to name: String, in directory: URL) throws -> URL {
  let url = directory.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url
}

let header =
  #"{"pagetrace":1,"pages":8,"control":{"x":0,"y":780,"width":390,"height":30},"container":{"x":0,"y":0,"width":390,"height":844}}"#

/// Two taps: 0 → 1 at 0.05 and 1 → 2 at 1.05 (page 1's dot is at 155; 300 is after it).
let twoTaps = [
  #"{"t":0,"touch":"down","id":1,"x":187,"y":795}"#,
  #"{"t":0.05,"touch":"up","id":1,"x":187,"y":795}"#,
  #"{"t":1,"touch":"down","id":1,"x":300,"y":795}"#,
  #"{"t":1.05,"touch":"up","id":1,"x":300,"y":795}"#,
]
