import Dispatch
import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One updating line on standard error while a long run goes on: only when standard error
/// is a terminal (never in pipes or CI logs), and only after the first second.
final class _ProgressLine: @unchecked Sendable {
  let progress = ReplayProgress()
  private let timer: DispatchSourceTimer?
  private let queue = DispatchQueue(label: "pagetrace.progress")
  private let start = _monotonicSeconds()
  private let baseBytes = _bytesRead()
  private let totalBytes: Int
  private var shown = false  // touched only on the timer's queue, then after it is cancelled

  /// Starts reporting for `files` (sizes of regular files give the percentage).
  init(files: [String]) {
    totalBytes = files.reduce(0) { total, file in
      var info = stat()
      return file != "-" && stat(file, &info) == 0 ? total + Int(info.st_size) : total
    }
    guard isatty(STDERR_FILENO) == 1 else {
      timer = nil
      return
    }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    self.timer = timer
    timer.schedule(deadline: .now() + 1, repeating: 0.5)
    timer.setEventHandler { [unowned self] in
      shown = true
      let line = ReplayProgress.line(
        bytes: _bytesRead() - baseBytes, totalBytes: totalBytes, events: progress.events,
        seconds: _monotonicSeconds() - start)
      _standardError.write("\r" + line + "\u{1B}[K")
    }
    timer.resume()
  }

  /// Stops and erases the line.
  func finish() {
    guard let timer else { return }
    timer.cancel()
    queue.sync {}  // the handler is not running any more
    if shown { _standardError.write("\r\u{1B}[K") }
  }
}

func _monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// Bytes this process has read so far (`rchar` of /proc/self/io; 0 where unavailable).
func _bytesRead() -> Int {
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
