#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The only file of the command-line tool that imports the C library (the library's own
// system calls are in PageTraceIO's Platform folder).

/// The few system calls the command-line tool makes itself: its exit, standard streams,
/// and the progress line's clock and counters.
enum _Platform {
  /// Standard output's descriptor.
  static let standardOutput: Int32 = STDOUT_FILENO
  /// Standard error's descriptor.
  static let standardError: Int32 = STDERR_FILENO

  /// Ends the process with `status`.
  static func exit(_ status: Int32) -> Never { _exitProcess(status) }

  /// Writes all of `text`, unbuffered, ignoring failures (for help and diagnostics).
  static func writeAll(_ descriptor: Int32, _ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  /// Removes the file at `path` if the process is ended by `SIGINT`, `SIGTERM`, `SIGHUP` or
  /// `SIGPIPE` (then ends by that signal as it would have); `nil` forgets the path.
  static func removeOnSignals(_ path: String?) {
    let old = _pathToRemove
    _pathToRemove = path.map { strdup($0) }
    if let old { free(old) }
    if path != nil { _installHandlers() }
  }

  /// Whether a signal that ends the process (as ``removeOnSignals(_:)``) first erases the
  /// current line of standard error: the progress line, so the shell prompt starts clean.
  static func erasesLineOnSignals(_ erases: Bool) {
    _erasesLine = erases ? 1 : 0
    if erases { _installHandlers() }
  }

  private static func _installHandlers() {
    guard !_handlersInstalled else { return }
    _handlersInstalled = true
    for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] {
      _ = signal(number, _removeAndEnd)
    }
  }

  /// The width of the terminal at `descriptor`, if it is one and says.
  static func terminalWidth(_ descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Whether a descriptor is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// The size of a file, if `stat` can tell.
  static func fileSize(_ path: String) -> Int? {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : nil
  }

  /// Seconds on a clock that never goes back.
  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
  }

  /// Bytes this process has read so far (`rchar` of /proc/self/io; 0 where unavailable).
  static func bytesRead() -> Int {
    let descriptor = open("/proc/self/io", O_RDONLY)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return 0 }
    let text = String(decoding: buffer[..<count], as: UTF8.self)
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }) else {
      return 0
    }
    return Int(line.dropFirst(6).trimmingPrefix(" ")) ?? 0
  }
}

private func _exitProcess(_ status: Int32) -> Never { exit(status) }

/// The path ``_Platform/removeOnSignals(_:)`` removes, as a C string the handler can use.
nonisolated(unsafe) private var _pathToRemove: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var _handlersInstalled = false
/// Whether the handler erases standard error's line (1) or not (0).
nonisolated(unsafe) private var _erasesLine: sig_atomic_t = 0

/// Erases the progress line, removes the temporary output, then ends the process by the same
/// signal (only async-signal-safe calls: `write`, `unlink`, `signal`, `raise`).
private func _removeAndEnd(_ number: Int32) {
  if _erasesLine != 0 {
    // "\r", then ESC [ K: back to the line's start, erase to its end.
    let erase: (UInt8, UInt8, UInt8, UInt8) = (13, 27, 91, 75)
    withUnsafeBytes(of: erase) { _ = write(STDERR_FILENO, $0.baseAddress, 4) }
  }
  if let path = _pathToRemove { unlink(path) }
  _ = signal(number, SIG_DFL)
  raise(number)
}
