import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one measured run of `pagetrace` did: its exit status and its peak resident memory.
struct MeasuredRun {
  var status: Int32
  /// The child's own peak resident set, in bytes (`ru_maxrss` of `wait4`).
  var peakBytes: Int
  var stderr: String

  var peakMegabytes: Double { Double(peakBytes) / 1_048_576 }
}

/// Runs `pagetrace` with `arguments` (paths in them absolute), standard input from /dev/null, standard
/// output to /dev/null, standard error kept only if asked, and reads the child's peak resident memory from the kernel.
///
/// The child is spawned and waited for here with `wait4`, whose resource usage is that one
/// child's: `getrusage(RUSAGE_CHILDREN)` would mix in the children of every test running at
/// the same time. Memory only, never time.
func measuredPagetrace(
  _ arguments: [String], in directory: URL, keepingErrors: Bool = false
) throws -> MeasuredRun {
  let errURL = directory.appendingPathComponent("measured-stderr-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: errURL) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(
    &actions, 2, keepingErrors ? errURL.path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
  guard spawned == 0 else {
    throw CocoaError(.fileReadUnknown, userInfo: ["posix_spawn": spawned])
  }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
  let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  #if canImport(Darwin)
    let bytes = Int(usage.ru_maxrss)  // bytes on Darwin
  #else
    let bytes = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
  #endif
  return MeasuredRun(
    status: exit, peakBytes: bytes,
    stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
}

/// Writes `count` lines made by `line` (each without its newline) after `first`, in chunks.
func writeLines(
  to url: URL, first: String, count: Int, _ line: (Int, inout [UInt8]) -> Void
) throws {
  FileManager.default.createFile(atPath: url.path, contents: nil)
  let handle = try FileHandle(forWritingTo: url)
  defer { try? handle.close() }
  var buffer: [UInt8] = Array(first.utf8) + [0x0A]
  buffer.reserveCapacity(1 << 20)
  for index in 0..<count {
    line(index, &buffer)
    buffer.append(0x0A)
    if buffer.count >= 1 << 20 {
      try handle.write(contentsOf: buffer)
      buffer.removeAll(keepingCapacity: true)
    }
  }
  try handle.write(contentsOf: buffer)
}
