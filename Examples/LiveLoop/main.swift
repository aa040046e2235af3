// A live loop (README, "Embedding the engine live"; docs/behaviour/time.md, "Live use: the clock").
//
// Reads trace events from standard input as they arrive and writes each record as it happens,
// flushed at once. Between events it sleeps until the engine's next due time, so a held
// finger's scrub begins, scrub steps, the discrete reset and the timer come out on time, with
// no event to carry them. Event times are the trace's own: an event that arrives early (a
// whole file piped in) waits until its time, so a recorded trace plays back live.
//
//   live-loop [--speed N] < Traces/scrub.jsonl
//
// `--speed N` plays N times faster than real time. The first line may be a configuration
// header; without one the control is a phone's (8 pages at the bottom of a 390 × 844 screen).
// At the end of input it stops, as replay does: nothing is due after the last event.

import PageTrace
import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Seconds on the monotonic clock.
func monotonicNow() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func fail(_ message: String) -> Never {
  var text = "live-loop: \(message)\n"
  text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  exit(1)
}

/// The loop's state: the engine (made at the first event, from the header if there is one), the
/// writer, and the clock.
struct LiveLoop: ~Copyable {
  let speed: Double
  var configuration: PageControlConfiguration
  var engine: PageControlEngine?
  /// Each event's records (and each advance's) go out at once: `.perEvent` writes at `endEvent()`.
  var writer = RecordWriter(descriptor: .standardOutput, types: .all, flush: .perEvent)
  var decoder = TraceDecoder(file: "<stdin>")
  /// The trace time when the first event arrived, and the wall clock then.
  var clockStart: (trace: Double, wall: Double)?

  init(speed: Double) {
    self.speed = speed
    configuration = PageControlConfiguration(
      pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))
    configuration.container = Rect(x: 0, y: 0, width: 390, height: 844)
  }

  /// The trace's time now, by the wall clock; `nil` before the first event.
  func traceNow() -> Double? {
    clockStart.map { $0.trace + (monotonicNow() - $0.wall) * speed }
  }

  /// Writes every record due by now on the live clock, but none after `limit` (the time of
  /// an event already read: the engine's time must not pass it).
  ///
  /// It advances to each due time in turn rather than to "now", so that the engine's time
  /// stays at the latest record: an event read a moment later, stamped a little before now
  /// but after that record, is still in order.
  mutating func runTheClock(limit: Double = .infinity) throws {
    guard let now = traceNow() else { return }
    while let due = engine?.nextDueTime, due <= min(now, limit) {
      try engine!.advance(to: due) { writer.write($0) }
    }
    writer.endEvent()
  }

  /// Waits until the event's time on the clock (running the clock meanwhile), then handles it.
  mutating func handle(_ event: PageControlEvent) throws {
    if engine == nil { engine = try PageControlEngine(configuration) }
    if clockStart == nil { clockStart = (event.time, monotonicNow()) }
    while let now = traceNow(), now < event.time {
      let wake = min(event.time, engine!.nextDueTime ?? event.time)
      if wake > now { sleep(seconds: (wake - now) / speed) }
      try runTheClock(limit: event.time)
    }
    try engine!.handle(event) { writer.write($0) }
    writer.endEvent()
  }

  /// How long `poll` may wait for input: until the next due time, or for ever.
  func pollTimeout() -> Int32 {
    guard let now = traceNow(), let due = engine?.nextDueTime else { return -1 }
    return Int32(min(max((due - now) / speed * 1000, 0).rounded(.up), 60_000))
  }

  /// Lines come in as they arrive; `poll` wakes the loop for input or for the next due time.
  mutating func run() throws {
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var lineNumber = 0
    while true {
      var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      if poll(&input, 1, pollTimeout()) == 0 {
        try runTheClock()
        continue
      }
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      pending += chunk[..<count]
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        lineNumber += 1
        let line = lineNumber
        let item = try pending[..<newline].withUnsafeBytes { bytes in
          try decoder.decode(bytes, lineNumber: line)
        }
        pending.removeSubrange(...newline)
        switch item {
        case .header(let patch) where engine == nil:
          configuration = try patch.resolve(file: "<stdin>", line: lineNumber)
        case .event(let event, _):
          try handle(event)
        case .header, .blank, .note:
          break
        }
      }
    }
    try writer.flush()
  }
}

func sleep(seconds: Double) {
  var pause = timespec(
    tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
  nanosleep(&pause, nil)
}

var speed = 1.0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  guard argument == "--speed", let value = arguments.popFirst().flatMap(Double.init), value > 0
  else { fail("usage: live-loop [--speed N] < trace.jsonl") }
  speed = value
}
var loop = LiveLoop(speed: speed)
do {
  try loop.run()
} catch {
  try? loop.writer.flush()
  fail("\(error)")
}
