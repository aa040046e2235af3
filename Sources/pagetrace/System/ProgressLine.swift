import Dispatch
import PageTraceIO

/// One updating line on standard error while a long run goes on: only when standard error
/// is a terminal (never in pipes or CI logs), and only after the first second. It is cut to
/// the terminal's width (so it never wraps), and erased when the run ends or is interrupted.
final class ProgressLine: @unchecked Sendable {
  let progress = ReplayProgress()
  private let timer: DispatchSourceTimer?
  private let queue = DispatchQueue(label: "pagetrace.progress")
  private let start = _System.monotonicSeconds()
  private let baseBytes = _System.bytesRead()
  private let totalBytes: Int
  private var shown = false  // touched only on the timer's queue, then after it is cancelled

  /// Starts reporting for `files` (sizes of regular files give the percentage).
  init(files: [SystemPath]) {
    totalBytes = files.reduce(0) { total, file in
      total + (file == .standardStream ? 0 : _System.fileSize(file) ?? 0)
    }
    guard _System.isTerminal(_System.standardError) else {
      timer = nil
      return
    }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    self.timer = timer
    timer.schedule(deadline: .now() + 1, repeating: 0.5)
    timer.setEventHandler { [unowned self] in
      if !shown {
        shown = true
        _System.erasesLineOnSignals(true)
      }
      let line =
        "pagetrace: "
        + ReplayProgress.line(
          bytes: _System.bytesRead() - baseBytes, totalBytes: totalBytes, events: progress.events,
          seconds: _System.monotonicSeconds() - start)
      let width = _System.terminalWidth(_System.standardError) ?? 80
      _standardError.write("\r" + Self.cut(line, toWidth: width) + "\u{1B}[K")
    }
    timer.resume()
  }

  /// Stops and erases the line (again: nothing).
  func finish() {
    guard let timer else { return }
    timer.cancel()
    queue.sync {}  // the handler is not running any more
    if shown {
      shown = false
      _System.erasesLineOnSignals(false)
      _standardError.write("\r\u{1B}[K")
    }
  }

  /// `line` cut to fit in `width` columns with the cursor after it (one column spare, so a
  /// terminal that wraps at its last column never does), ending in `…` when cut.
  static func cut(_ line: String, toWidth width: Int) -> String {
    let room = max(width - 1, 1)
    guard line.count > room else { return line }
    return String(line.prefix(room - 1)) + "…"
  }
}
