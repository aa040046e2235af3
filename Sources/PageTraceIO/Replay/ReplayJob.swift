import PageTrace

/// One input for ``ReplayDriver/run(_:to:name:format:report:)`` to replay: the input, and
/// how it is replayed — its options (configuration, error policy) and what watches it, any
/// ``ReplayObserver``, made for the output the job is given.
///
/// On several workers each job writes to a temporary file of its own, whose bytes reach the
/// output in input order; what PageTrace's writers (``RecordWriter``, ``TextWriter`` and the
/// others) write to it on the job's thread is held in memory instead, up to 64 MiB for the
/// whole run, and written out by the caller's thread as it comes for the job first in order.
/// One after the other, each job writes to the output itself. Either way
/// ``run(with:writingTo:name:report:)`` makes the observer for the output it is given,
/// replays the input through ``ReplayDriver/replay(_:name:options:observer:report:)``, and
/// writes out what the observer still holds.
///
/// ```swift
/// struct Transitions: ReplayJob {
///   var input: SystemPath
///   var options = TraceReplay.Options()
///   func run(
///     with driver: ReplayDriver, writingTo output: SystemDescriptor, name: String,
///     report: (ReplayProblem) -> Void
///   ) -> ReplayDriver.Outcome {
///     var writer = RecordWriter(descriptor: output, name: name)
///     var outcome = driver.replay(input, options: options, observer: &writer, report: report)
///     outcome.summary.records = writer.recordCount
///     do { try writer.flush() } catch { outcome.failure = .output(error) }
///     return outcome
///   }
/// }
/// var options = ReplayDriver.Options()
/// options.jobs = 2
/// let jobs = ["a.jsonl", "b.jsonl"].map { Transitions(input: SystemPath($0)) }
/// let summary = try ReplayDriver(options).run(jobs, to: .standardOutput) { print($0) }
/// ```
public protocol ReplayJob: Sendable {
  /// The input, ``SystemPath/standardStream`` (`-`) for standard input.
  var input: SystemPath { get }
  /// Replays ``input`` through `driver` (``ReplayDriver/replay(_:name:options:observer:report:)``)
  /// into an observer that writes to `output`, passing `report` on, then writes out what the
  /// observer still holds (also after a failure). Called once, on the thread that replays
  /// the job.
  ///
  /// - Parameters:
  ///   - driver: The driver: how inputs are opened.
  ///   - output: Where the job writes, open for writing (not to be closed).
  ///   - name: The output's name in errors.
  ///   - report: Called with each problem, in order.
  /// - Returns: The replay's outcome, with what the observer counts added to its summary
  ///   (``ReplaySummary/records``) and a write failure of `output` as its failure
  ///   (``ReplayFailure/output(_:)``), which outweighs the replay's own.
  func run(
    with driver: ReplayDriver, writingTo output: SystemDescriptor, name: String,
    report: (ReplayProblem) -> Void
  ) -> ReplayDriver.Outcome
}
