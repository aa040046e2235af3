// The README's "Embedding the engine" example, compiled and run by the tests.
import PageTrace
import PageTraceIO

// A phone: 8 pages, the control near the bottom, the paged content above it.
var configuration = PageControlConfiguration(
  pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))
configuration.container = Rect(x: 0, y: 0, width: 390, height: 844)
configuration.constants.scrubDelay = 0.2  // every constant can be overridden

// Events, in time order: a tap right of the first dot, then a swipe left on the content.
let events = [
  PageControlEvent(time: 0.00, .touch(.down, id: 1, x: 200, y: 795)),
  PageControlEvent(time: 0.05, .touch(.up, id: 1, x: 200, y: 795)),
  PageControlEvent(time: 1.00, .touch(.down, id: 2, x: 300, y: 400)),
  PageControlEvent(time: 1.08, .touch(.move, id: 2, x: 230, y: 402)),
  PageControlEvent(time: 1.10, .touch(.up, id: 2, x: 200, y: 404)),
]

// One engine replays every session; `handle` calls back with each record, allocating nothing.
var engine = try PageControlEngine(configuration)
for event in events {
  try engine.handle(event) { record in
    if case .transition(let change) = record.content {
      print(record.time, change.from, "→", change.to, change.cause, change.animated)
    }
  }
}
// 0.05 0 → 1 tap true
// 1.1 1 → 2 swipe true

// Or collect the records of a fresh engine (for tests and scripts).
var fresh = try PageControlEngine(configuration)
let records = try fresh.records(for: events)
print(records.count, "records")  // 5 records: 2 transitions, 3 interaction-state changes

// Trace files: PageTraceIO reads JSON Lines or binary traces and replays them through the
// same loop as `pagetrace replay`; an observer sees the configuration, events and records.
struct TransitionPrinter: ReplayObserver {
  mutating func observe(_ record: EngineRecord) {  // sessions are numbers here; no strings
    if case .transition(let change) = record.content {
      print(record.time, change.from, "→", change.to, change.cause, change.animated)
    }
  }
}

if CommandLine.arguments.count > 1 {
  var reader = try TraceReader(opening: CommandLine.arguments[1])  // "-" is standard input
  var printer = TransitionPrinter()
  let outcome = TraceReplay(TraceReplay.Options()).run(&reader, observer: &printer) {
    print($0)  // diagnostics: importer notes, skipped lines
  }
  if let failure = outcome.failure { print("stopped:", failure) }
}
