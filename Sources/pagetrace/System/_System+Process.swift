import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The process-wide calls of the command-line tool, which the libraries never make: its exit,
// its standard descriptors, the signals that remove a temporary output, and the progress
// line's terminal, clock and counters.

extension _System {
  /// Standard error's descriptor.
  static let standardError: Int32 = STDERR_FILENO
  /// `errno`'s value for a descriptor that is not open.
  static let badDescriptor: Int32 = EBADF

  /// Ends the process with `status`.
  static func exit(_ status: Int32) -> Never { _exitProcess(status) }

  /// Whether standard input was closed when the process started (before
  /// ``guardStandardDescriptors()`` put `/dev/null` there): reading it is then an error.
  nonisolated(unsafe) private(set) static var standardInputWasClosed = false

  /// Opens `/dev/null` onto each of descriptors 0, 1 and 2 that the process was started
  /// without, as daemons and coreutils do, so that no file the tool opens later (a temporary
  /// output, an input) gets one of their numbers and is read or written as a standard stream
  /// (docs/behaviour/commands.md, "Standard streams"). It is opened the other way round (standard
  /// input for writing, the others for reading), so that using the stream still fails as on a
  /// closed descriptor (`EBADF`): nothing is read from a closed standard input, and writing to
  /// a closed standard output is still a write error. Called first thing in `main`.
  static func guardStandardDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      guard fcntl(descriptor, F_GETFD) == -1 && errno == EBADF else { continue }
      if descriptor == STDIN_FILENO { standardInputWasClosed = true }
      // The lowest free number is `descriptor` itself: 0, 1 and 2 are taken in order.
      let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
      if opened >= 0 && opened != descriptor {
        _ = dup2(opened, descriptor)
        close(opened)
      }
    }
  }

  /// Writes all of `text`, unbuffered, through ``writeAll(_:from:count:name:)``: 0, or the
  /// `errno` of the write that failed (diagnostics ignore it).
  @discardableResult
  static func writeAll(_ descriptor: Int32, _ text: String) -> Int32 {
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return 0 }
      do throws(FileError) {
        try writeAll(descriptor, from: base, count: bytes.count, name: "")
        return 0
      } catch {
        return error.code
      }
    }
  }

  /// Removes the file at `path` if the process is ended by `SIGINT`, `SIGTERM`, `SIGHUP` or
  /// `SIGPIPE` (then ends by that signal as it would have); `nil` forgets the path.
  static func removeOnSignals(_ path: SystemPath?) {
    let old = _pathToRemove
    _pathToRemove = path.map { path in
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: path.bytes.count + 1)
      for (index, byte) in path.bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
      copy[path.bytes.count] = 0
      return copy
    }
    old?.deallocate()
    if path != nil { _installHandlers() }
  }

  /// Runs `body` with the signals of ``removeOnSignals(_:)`` held back: one that comes while a
  /// temporary file is created and registered is delivered after, when its handler removes
  /// the file (not before, which would leave it behind).
  static func holdingSignals<Value: ~Copyable, Failure: Error>(
    _ body: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    var held = sigset_t()
    var old = sigset_t()
    sigemptyset(&held)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&held, number) }
    pthread_sigmask(SIG_BLOCK, &held, &old)
    defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
    return try body()
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

  /// The length of a C string.
  static func length(_ text: UnsafePointer<CChar>) -> Int { strlen(text) }

  /// Whether a descriptor is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// The size of a file, if `stat` can tell.
  static func fileSize(_ path: SystemPath) -> Int? { identity(ofPath: path)?.size }

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
    let read = buffer.withUnsafeMutableBytes {
      try? Self.read(descriptor, into: $0.baseAddress!, count: $0.count, name: "/proc/self/io")
    }
    guard let count = read, count > 0 else { return 0 }
    let text = String(decoding: buffer[..<count], as: UTF8.self)
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }) else {
      return 0
    }
    return Int(line.dropFirst(6).trimmingPrefix(" ")) ?? 0
  }
}

private func _exitProcess(_ status: Int32) -> Never { exit(status) }

/// The path ``_System/removeOnSignals(_:)`` removes, as a C string the handler can use.
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
