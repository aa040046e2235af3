/// The auto-advance timer's count (docs/behaviour/timer.md, "Timer").
///
/// A struct with the due time stored rather than an enum with it as a payload: every event
/// compares its time with ``due`` (the fast path of ``PageControl/handle(_:emit:)-(EngineEvent,_)``
/// and every due-time check), and reading a stored double there is a load where the enum
/// needed a switch on its case first (Benchmarks/HISTORY-2026-11.md, "Issue 24: the reducer").
struct _TimerState: Sendable, Hashable {
  enum Phase: Sendable, Hashable {
    /// No `progress` configured.
    case off
    /// Configured; starts at the session's first event.
    case notStarted
    /// Fires at ``due``.
    case running
    /// A scrub is in progress; ``remaining`` is left when it ends.
    case paused
    /// Stopped at the last page (or with fewer than two pages) until the page changes.
    case stopped
  }

  private(set) var phase: Phase
  /// When the timer fires: the due time while running, `infinity` otherwise.
  private(set) var due: Double
  /// What is left of the count while paused; 0 otherwise.
  private var remaining: Double

  private init(_ phase: Phase, due: Double = .infinity, remaining: Double = 0) {
    self.phase = phase
    self.due = due
    self.remaining = remaining
  }

  static let off = _TimerState(.off)
  static let notStarted = _TimerState(.notStarted)
  static let stopped = _TimerState(.stopped)
  static func running(due: Double) -> _TimerState { _TimerState(.running, due: due) }
  static func paused(remaining: Double) -> _TimerState {
    _TimerState(.paused, remaining: remaining)
  }

  /// Any page change restarts the count; during a scrub it stays paused.
  mutating func pageChanged(at t: Double, duration: Double, paused: Bool) {
    switch phase {
    case .off, .notStarted: break
    case .running, .paused, .stopped:
      self = paused ? .paused(remaining: duration) : .running(due: t + duration)
    }
  }

  /// A stopped timer starts a fresh count (paused during a scrub); a running one goes on.
  mutating func restartIfStopped(at t: Double, duration: Double, paused: Bool) {
    if phase == .stopped {
      self = paused ? .paused(remaining: duration) : .running(due: t + duration)
    }
  }

  mutating func pause(at t: Double) {
    if phase == .running { self = .paused(remaining: due - t) }
  }

  mutating func resume(at t: Double) {
    if phase == .paused { self = .running(due: t + remaining) }
  }
}

extension PageControl {
  func duration(ofPage page: Int) -> Double {
    configuration.progress?.duration(ofPage: page) ?? .infinity
  }

  /// Advances one page, wraps to 0, or stops at the last page.
  mutating func timerFired(at t: Double, _ emit: (EngineRecord) -> Void) {
    let wraps = configuration.progress?.resetsToInitialPageAfterEnd ?? false
    // An unbounded index always has a next page.
    if (pageCount ?? 2) >= 2 && currentPage < lastPage {
      discreteChange(to: currentPage + 1, cause: .timer, at: t, emit)
    } else if (pageCount ?? 0) >= 2 && wraps {
      discreteChange(to: 0, cause: .timer, at: t, emit)
    } else {
      timer = .stopped
    }
    // At times so large that `t + duration == t` the timer would fire again at this same
    // instant, forever: it stops instead.
    if timer.phase == .running, timer.due <= t { timer = .stopped }
  }
}
