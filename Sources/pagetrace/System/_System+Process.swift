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

  /// Removes the file at `path` if the process is ended by a signal it can catch (an
  /// interrupt, a termination, a broken pipe, a crash or an allocation failure's abort: every
  /// signal of ``fatalSignals``), then ends by that signal as it would have; `nil` forgets the
  /// path. `slot` tells the files apart: 0 is the command's output, 1 a second output (a
  /// sweep's chart).
  static func removeOnSignals(_ path: SystemPath?, slot: Int = 0) {
    let new = path.map { path in
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: path.bytes.count + 1)
      for (index, byte) in path.bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
      copy[path.bytes.count] = 0
      return copy
    }
    let old = slot == 0 ? _outputToRemove : _chartToRemove
    if slot == 0 { _outputToRemove = new } else { _chartToRemove = new }
    old?.deallocate()
    if path != nil { _installHandlers() }
  }

  /// The signals that end the process and that it can catch: the handler removes the
  /// temporary outputs first (``removeOnSignals(_:slot:)``). `SIGXFSZ` is not among them: it
  /// is ignored (``ignoreFileSizeLimitSignal()``), so a write past the limit fails as a full
  /// disk does (exit 74).
  static let fatalSignals: [Int32] = [
    SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV, SIGUSR2,
    SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGVTALRM, SIGPROF, SIGSYS,
  ]

  /// Ignores `SIGXFSZ`, which the system sends a process that writes past its file-size limit
  /// (`ulimit -f`) and which would end it with no message and a temporary file cut
  /// mid-record: ignored, the write fails with `EFBIG`, an ordinary write failure (exit 74, the
  /// output kept as `FILE.partial` ending at a record). Called first thing in `main`.
  static func ignoreFileSizeLimitSignal() {
    _ = signal(SIGXFSZ, SIG_IGN)
  }

  /// Runs `body` with the signals of ``removeOnSignals(_:slot:)`` that come from outside held
  /// back: one that comes while a temporary file is created and registered is delivered after,
  /// when its handler removes the file (not before, which would leave it behind).
  static func holdingSignals<Value: ~Copyable, Failure: Error>(
    _ body: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    var held = sigset_t()
    var old = sigset_t()
    sigemptyset(&held)
    for number in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM] {
      sigaddset(&held, number)
    }
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
    for number in fatalSignals {
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

/// The paths ``_System/removeOnSignals(_:slot:)`` removes, as C strings the handler can use:
/// plain pointers, so the handler makes no call that is not async-signal-safe.
nonisolated(unsafe) private var _outputToRemove: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var _chartToRemove: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var _handlersInstalled = false
/// Whether the handler erases standard error's line (1) or not (0).
nonisolated(unsafe) private var _erasesLine: sig_atomic_t = 0

/// Erases the progress line, removes the temporary outputs, then ends the process by the same
/// signal (only async-signal-safe calls: `write`, `unlink`, `signal`, `raise`). A signal of a
/// fault (`SIGSEGV`, an abort) is delivered again once the handler returns, now to its default
/// action, so the process ends as it would have.
private func _removeAndEnd(_ number: Int32) {
  if _erasesLine != 0 {
    // "\r", then ESC [ K: back to the line's start, erase to its end.
    let erase: (UInt8, UInt8, UInt8, UInt8) = (13, 27, 91, 75)
    withUnsafeBytes(of: erase) { _ = write(STDERR_FILENO, $0.baseAddress, 4) }
  }
  if let path = _outputToRemove { unlink(path) }
  if let path = _chartToRemove { unlink(path) }
  _ = signal(number, SIG_DFL)
  raise(number)
}
