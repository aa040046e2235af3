import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one measured run of `pagetrace` did: its exit status and its peak resident memory.
struct MeasuredRun {
  var status: Int32
  /// The child's own peak resident set, in bytes.
  var peakBytes: Int
  var stderr: String

  var peakMegabytes: Double { Double(peakBytes) / 1_048_576 }
}

/// Runs `pagetrace` with `arguments` (paths in them absolute), standard input from /dev/null,
/// standard output to /dev/null, standard error kept only if asked, and reads the child's
/// peak resident memory from the kernel. Memory only, never time.
///
/// On Linux the peak is the child's `VmHWM` (the high-water mark of its resident set, which
/// only grows), read from `/proc/PID/status` every few milliseconds until it exits: the
/// `ru_maxrss` of `wait4` or `getrusage(RUSAGE_CHILDREN)` cannot be used, because the kernel
/// carries the parent's own peak into a child over `exec`, so every child of this test
/// process (hundreds of megabytes) would report at least that. Elsewhere `wait4`'s figure.
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
  var peak = 0
  #if os(Linux)
    while true {
      let waited = wait4(pid, &status, WNOHANG, &usage)
      if waited == pid { break }
      if waited < 0 && errno != EINTR { break }
      peak = max(peak, _highWaterMark(of: pid))
      usleep(2_000)
    }
  #else
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    peak = Int(usage.ru_maxrss)  // bytes on Darwin
  #endif
  let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return MeasuredRun(
    status: exit, peakBytes: peak,
    stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
}

/// `VmHWM` of a running process, in bytes; 0 if it cannot be read (it has just exited).
private func _highWaterMark(of pid: pid_t) -> Int {
  let descriptor = open("/proc/\(pid)/status", O_RDONLY)
  guard descriptor >= 0 else { return 0 }
  defer { close(descriptor) }
  var bytes = [UInt8](repeating: 0, count: 4096)
  let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
  guard count > 0 else { return 0 }
  let text = String(decoding: bytes[..<count], as: UTF8.self)
  guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = Int(line.dropFirst(6).filter { $0.isNumber })
  else { return 0 }
  return kilobytes * 1024
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
