import PageTrace
import PageTraceAnalysis
import PageTraceIO

extension FuzzReplay {
  /// Runs `input` again through `StrokeClassifier.classify` (what `pagetrace classify` runs),
  /// whose events take the replay loop (`ReplayLoop`, with its fast path for plain events)
  /// compiled for the classifier's observer rather than for the one ``run(_:base:keepEvents:)``
  /// watches with: the same configuration decides the same events, so it must not fail and
  /// must account for every line or record as the replay did (`replayed`, the same
  /// ``ReplaySummary``). Traps otherwise.
  public static func checkClassifyLoop(
    _ input: ScratchFile, name: String, sizes: (chunkSize: Int, maximumLineLength: Int),
    replayed: ReplaySummary
  ) {
    input.rewind()
    var options = TraceReplay.Options()
    options.defaults = phone()
    options.skipsBadLines = true
    do {
      var reader = try TraceReader(
        descriptor: SystemDescriptor(rawValue: input.descriptor), name: name,
        chunkSize: sizes.chunkSize, maximumLineLength: sizes.maximumLineLength)
      let outcome = StrokeClassifier.classify(&reader, options: options) { _ in }
      if let failure = outcome.failure { fatalError("classify failed on the input: \(failure)") }
      guard outcome.summary == replayed else {
        fatalError("classify's loop counted \(outcome.summary), the replay loop \(replayed)")
      }
    } catch {
      fatalError("TraceReader(descriptor:) failed on an in-memory file: \(error)")
    }
  }
}
