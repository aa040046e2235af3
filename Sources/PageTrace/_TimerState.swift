/// The auto-advance timer's count (docs/behaviour.md, "Timer").
enum _TimerState: Sendable, Hashable {
  /// No `progress` configured.
  case off
  /// Configured; starts at the session's first event.
  case notStarted
  /// Fires at `due`.
  case running(due: Double)
  /// A scrub is in progress; `remaining` is left when it ends.
  case paused(remaining: Double)
  /// Stopped at the last page (or with fewer than two pages) until the page changes.
  case stopped

  /// When the timer fires: `due` while running, `infinity` otherwise.
  var due: Double {
    if case .running(let due) = self { due } else { .infinity }
  }

  /// Any page change restarts the count; during a scrub it stays paused.
  mutating func pageChanged(at t: Double, duration: Double, paused: Bool) {
    switch self {
    case .off, .notStarted: break
    case .running, .paused, .stopped:
      self = paused ? .paused(remaining: duration) : .running(due: t + duration)
    }
  }

  /// A stopped timer starts a fresh count (paused during a scrub); a running one goes on.
  mutating func restartIfStopped(at t: Double, duration: Double, paused: Bool) {
    if case .stopped = self {
      self = paused ? .paused(remaining: duration) : .running(due: t + duration)
    }
  }

  mutating func pause(at t: Double) {
    if case .running(let due) = self { self = .paused(remaining: due - t) }
  }

  mutating func resume(at t: Double) {
    if case .paused(let remaining) = self { self = .running(due: t + remaining) }
  }
}

extension PageControl {
  func duration(ofPage page: Int) -> Double {
    configuration.progress?.duration(ofPage: page) ?? .infinity
  }

  /// Advances one page, wraps to 0, or stops at the last page.
  mutating func timerFired(at t: Double, _ emit: (EngineRecord) -> Void) {
    let wraps = configuration.progress?.resetsToInitialPageAfterEnd ?? false
    if pageCount >= 2 && currentPage < lastPage {
      discreteChange(to: currentPage + 1, cause: .timer, at: t, emit)
    } else if pageCount >= 2 && wraps {
      discreteChange(to: 0, cause: .timer, at: t, emit)
    } else {
      timer = .stopped
    }
    // At times so large that `t + duration == t` the timer would fire again at this same
    // instant, forever: it stops instead.
    if case .running(let due) = timer, due <= t { timer = .stopped }
  }
}
