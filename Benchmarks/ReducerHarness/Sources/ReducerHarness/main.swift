// The reducer alone, for instruction counts and behaviour checks (Benchmarks/RESULTS.md,
// "Instructions per event", and Benchmarks/HISTORY-2026-11.md, "Issue 24: the reducer";
// Benchmarks/reducer-instructions.sh runs it under callgrind).
//
//   reducer-harness count    200,000 generated events (seed 1), one session, through
//                            `runReducer` (count it with
//                            `valgrind --tool=callgrind --toggle-collect='*runReducer*'`)
//   reducer-harness count3   the same with 3 sessions
//   reducer-harness countbuf the one-session loop over the array's buffer (`buffer[i]`)
//   reducer-harness time     nanoseconds an event over 1,000,000 events, best of 15 passes
//   reducer-harness size     MemoryLayout<PageControl>.size and .stride
//   reducer-harness hash     a hash of every record and every `handle` result or error, for
//                            six generated traces and 16 other configurations, each also with
//                            one event in 50 corrupted: it must not change when the reducer
//                            is only made faster (compare the output of two trees)
import PageTrace
import PageTraceGenerator

/// The loop of the `Reducer` benchmark: every event through the engine, counting records.
/// Out of line, so that callgrind counts it alone (`--toggle-collect='*runReducer*'`).
@inline(never)
func runReducer(_ input: [EngineEvent], _ engine: inout PageControlEngine) throws -> Int {
  var records = 0
  for event in input { try engine.handle(event) { (_: EngineRecord) in records &+= 1 } }
  return records
}

/// The same loop over the array's buffer (`buffer[i]`), as a reader that decodes into memory
/// hands events over. Out of line, as ``runReducer(_:_:)``.
@inline(never)
func runReducerBuffer(_ input: [EngineEvent], _ engine: inout PageControlEngine) throws -> Int {
  var records = 0
  try input.withUnsafeBufferPointer { buffer in
    for i in buffer.indices {
      try engine.handle(buffer[i]) { (_: EngineRecord) in records &+= 1 }
    }
  }
  return records
}

func events(count: Int, seed: UInt64, sessions: Int = 1, pages: Int? = nil) -> (
  [EngineEvent], PageControlConfiguration
) {
  let generator =
    if let pages {
      TraceGenerator(.init(events: count, seed: seed, sessions: sessions, pages: pages))
    } else {
      TraceGenerator(.init(events: count, seed: seed, sessions: sessions))
    }
  var numbering = EventNumbering()
  return (generator.map { numbering.number($0) }, generator.configuration)
}

/// FNV-1a of a line.
func fnv(_ h: inout UInt64, _ s: String) {
  for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
  h = (h ^ 10) &* 0x100_0000_01b3
}

func hashRun(_ events: [EngineEvent], _ engine: inout PageControlEngine) -> String {
  var h: UInt64 = 0xcbf2_9ce4_8422_2325
  var n = 0
  for event in events {
    do {
      let used = try engine.handle(event) { (r: EngineRecord) in
        fnv(&h, r.description)
        n += 1
      }
      fnv(&h, used ? "T" : "F")
    } catch { fnv(&h, "E \(error)") }
  }
  return "\(n) \(String(h, radix: 16))"
}

/// Corrupts one event in 50: times set back, forward or non-finite, coordinates non-finite or
/// missing, other or invalid finger ids, other phases.
func corrupt(_ events: inout [EngineEvent], seed: UInt64) {
  var rng = SplitMix64(seed: seed &* 77)
  for i in events.indices where rng.next() % 50 == 0 {
    var e = events[i]
    switch rng.next() % 10 {
    case 0: e.time -= Double(rng.next() % 100) / 1000
    case 1:
      if case .touch(let p, let id, _, let y) = e.action {
        e.action = .touch(p, id: id, x: .nan, y: y)
      }
    case 2:
      if case .touch(let p, let id, let x, _) = e.action {
        e.action = .touch(p, id: id, x: x, y: .infinity)
      }
    case 3:
      if case .touch(let p, _, let x, let y) = e.action {
        e.action = .touch(p, id: .number(Double(rng.next() % 3)), x: x, y: y)
      }
    case 4:
      if case .touch(_, let id, let x, let y) = e.action {
        e.action = .touch([.down, .up, .cancel, .move][Int(rng.next() % 4)], id: id, x: x, y: y)
      }
    case 5:
      if case .touch(let p, _, let x, let y) = e.action {
        e.action = .touch(p, id: .number(.nan), x: x, y: y)
      }
    case 6: e.time += Double(rng.next() % 200) / 1000
    case 7:
      if case .touch(let p, let id, _, _) = e.action {
        e.action = .touch(p, id: id, x: nil, y: nil)
      }
    case 8:
      if case .touch(let p, _, let x, let y) = e.action {
        e.action = .touch(p, id: .name(Int32(rng.next() % 2)), x: x, y: y)
      }
    default: e.time = [Double.nan, .infinity, -.infinity, -1e300][Int(rng.next() % 4)]
    }
    events[i] = e
  }
}

func hashAll() throws {
  for (sessions, pages, seed) in [
    (1, 8, 1), (2, 2, 2), (3, 30, 3), (4, 8, 4), (5, 2, 5), (1, 30, 6),
  ]
    as [(Int, Int, UInt64)]
  {
    for perturb in [false, true] {
      var (input, configuration) = events(
        count: 100_000, seed: seed, sessions: sessions, pages: pages)
      if perturb { corrupt(&input, seed: seed) }
      var engine = try PageControlEngine(configuration)
      print(sessions, pages, seed, perturb, hashRun(input, &engine))
    }
  }
  // The same events against other configurations (profiles, directions, the timer, flags), so
  // that the paths the generator's default control never takes are hashed too.
  var variants: [(String, (inout PageControlConfiguration) -> Void)] = []
  for profile in Profile.builtIn { variants.append((profile.name, { $0.profile = profile })) }
  variants += [
    ("rtl", { $0.direction = .rightToLeft }),
    (
      "btt",
      {
        $0.direction = .bottomToTop
        $0.control = Rect(x: 180, y: 0, width: 30, height: 844)
      }
    ),
    (
      "ttb",
      {
        $0.direction = .topToBottom
        $0.control = Rect(x: 180, y: 0, width: 30, height: 844)
      }
    ),
    ("timer", { $0.progress = TimerProgress(duration: 0.7, pageDurations: [2: 0.3]) }),
    (
      "timer-wrap",
      { $0.progress = TimerProgress(duration: 0.05, resetsToInitialPageAfterEnd: true) }
    ),
    ("discrete", { $0.continuous = false }),
    (
      "voiceover-prominent",
      {
        $0.voiceOver = true
        $0.style = .prominent
      }
    ),
    (
      "minimal-fps30",
      {
        $0.style = .minimal
        $0.fps = 30
      }
    ),
    (
      "android-windowed-timer",
      {
        $0.profile = .android
        $0.pages = 40
        $0.progress = TimerProgress(duration: 0.2)
      }
    ),
    ("disabled", { $0.enabled = false }),
    (
      "one-page-hidden",
      {
        $0.pages = 1
        $0.hidesForSinglePage = true
      }
    ),
    ("no-container", { $0.container = nil }),
  ]
  for (name, change) in variants {
    for perturb in [false, true] {
      var (input, configuration) = events(count: 40_000, seed: 9, sessions: 2, pages: 12)
      if perturb { corrupt(&input, seed: 9) }
      change(&configuration)
      var engine = try PageControlEngine(configuration)
      print(name, perturb, hashRun(input, &engine))
    }
  }
}

let mode = CommandLine.arguments.dropFirst().first ?? "hash"
switch mode {
case "count", "count3", "countbuf":
  let (input, configuration) = events(
    count: 200_000, seed: 1, sessions: mode == "count3" ? 3 : 1)
  var engine = try PageControlEngine(configuration)
  print(
    mode == "countbuf"
      ? try runReducerBuffer(input, &engine) : try runReducer(input, &engine))
case "time":
  let (input, configuration) = events(count: 1_000_000, seed: 1)
  var best = Double.infinity
  for _ in 0..<15 {
    var engine = try PageControlEngine(configuration)
    let clock = ContinuousClock()
    let start = clock.now
    let records = try runReducer(input, &engine)
    let elapsed = clock.now - start
    precondition(records > 0)
    let ns =
      Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    best = min(best, ns / 1e6)
  }
  print(best)
case "size":
  print(MemoryLayout<PageControl>.size, MemoryLayout<PageControl>.stride)
case "hash":
  try hashAll()
default:
  print("usage: reducer-harness [count | count3 | countbuf | time | size | hash]")
}
