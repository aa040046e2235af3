import Dispatch
import PageTraceIO

/// One updating line on standard error while a long run goes on: only when standard error
/// is a terminal (never in pipes or CI logs), and only after the first second.
final class _ProgressLine: @unchecked Sendable {
  let progress = ReplayProgress()
  private let timer: DispatchSourceTimer?
  private let queue = DispatchQueue(label: "pagetrace.progress")
  private let start = _Platform.monotonicSeconds()
  private let baseBytes = _Platform.bytesRead()
  private let totalBytes: Int
  private var shown = false  // touched only on the timer's queue, then after it is cancelled

  /// Starts reporting for `files` (sizes of regular files give the percentage).
  init(files: [String]) {
    totalBytes = files.reduce(0) { total, file in
      total + (file == "-" ? 0 : _Platform.fileSize(file) ?? 0)
    }
    guard _Platform.isTerminal(_Platform.standardError) else {
      timer = nil
      return
    }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    self.timer = timer
    timer.schedule(deadline: .now() + 1, repeating: 0.5)
    timer.setEventHandler { [unowned self] in
      shown = true
      let line = ReplayProgress.line(
        bytes: _Platform.bytesRead() - baseBytes, totalBytes: totalBytes, events: progress.events,
        seconds: _Platform.monotonicSeconds() - start)
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
