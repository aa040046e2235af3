import PageTrace
import PageTraceAnalysis
import PageTraceGenerator
import PageTraceIO
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ``SweepStatistics`` (one classifier for every configuration of a sweep) against the
/// reference: a ``TraceStatistics`` per configuration, with its own classifier, fed what that
/// configuration's own replay shows it.
@Suite struct SweepStatisticsTests {
  /// Configurations that classify strokes differently: the hold, the travel, the swipe rule
  /// (with and without a container), another profile.
  static let variants: [ConfigurationPatch] = [
    #"{"scrubDelay":0.05}"#, #"{"scrubDelay":0.6}"#, #"{"scrubTravel":3}"#,
    #"{"scrubTravel":60}"#, #"{"swipeDistance":5,"swipeVelocity":50}"#,
    #"{"container":{"x":0,"y":0,"width":120,"height":300}}"#, #"{"profile":"android"}"#,
  ].map { try! ConfigurationPatch(json: $0) }

  /// What `pagetrace stats` watches: statistics that classify their own strokes.
  struct OwnStatistics: ReplayObserver {
    var statistics: TraceStatistics?
    mutating func begin(_ configuration: PageControlConfiguration) {
      statistics = TraceStatistics(configuration)
    }
    mutating func willHandle(_ event: EngineEvent) { statistics!.observe(event) }
    mutating func observe(_ record: EngineRecord) { statistics!.observe(record) }
  }

  /// The figures a reader can compare, as text.
  static func figures(_ s: TraceStatistics) -> String {
    let strokes = StrokeClassifier.Kind.allCases.map { "\($0.rawValue) \(s.strokes[$0] ?? 0)" }
    let causes = s.transitionsByCause.sorted { $0.key.rawValue < $1.key.rawValue }
      .map { "\($0.key.rawValue) \($0.value)" }
    let pages = s.timeOnPage.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    return """
      events \(s.events) strokes \(strokes) transitions \(causes) animated \(s.animated) \
      scrubs \(s.scrubs) pages \(s.scrubSummary.pages) max \(String(describing: s.scrubSummary.max)) \
      peak \(s.peakPagesPerSecond) announcements \(s.announcements) time \(pages)
      """
  }

  static let traces: [String] = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    let folder = parts.joined(separator: "/") + "/Traces"
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasSuffix(".jsonl") { names.append(folder + "/" + name) }
    }
    return names.sorted()
  }()

  @Test func theTracesAreFound() { #expect(Self.traces.count >= 10) }

  @Test(arguments: traces)
  func everyConfigurationCountsWhatItsOwnStatisticsDo(_ path: String) throws {
    var reader = try TraceReader(opening: path)
    let sweep = SweepStatistics(configurations: Self.variants.count)
    var observers = sweep.observers
    let outcome = FanOutReplay(TraceReplay.Options(), variants: Self.variants).run(
      &reader, observers: &observers, afterEvent: sweep.follow
    ) { _ in }
    let swept = sweep.statistics(observers)
    var strokes = 0
    for (index, variant) in Self.variants.enumerated() {
      var options = TraceReplay.Options()
      options.overrides = variant
      var own = OwnStatistics()
      var plain = try TraceReader(opening: path)
      let expected = TraceReplay(options).run(&plain, observer: &own) { _ in }
      #expect((outcome.failure == nil) == (expected.failure == nil), "\(path)")
      var reference = own.statistics ?? TraceStatistics()
      reference.finish()
      #expect(Self.figures(swept[index]) == Self.figures(reference), "\(path), variant \(index)")
      strokes += reference.strokes.values.reduce(0, +)
    }
    if path.hasSuffix("/scrub.jsonl") { #expect(strokes > 0) }
  }

  /// A configuration whose engine rejects an event the others take leaves the shared
  /// classifier with its state before that event: its strokes are those of statistics fed the
  /// events it took. Rejections are drawn at random (seed printed), several per stroke.
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func aConfigurationThatRejectsAnEventFollowsItsOwnEvents(_ seed: UInt64) throws {
    print("SweepStatisticsTests seed \(seed)")
    let configurations = try Self.variants.map {
      try ConfigurationPatch(
        json: #"{"pages":8,"control":{"x":0,"y":780,"width":390,"height":30}}"#
      ).merging($0).resolve()
    }
    let sweep = SweepStatistics(configurations: configurations.count)
    var observers = sweep.observers
    var references = configurations.map { TraceStatistics($0) }
    for k in configurations.indices { observers[k].begin(configurations[k]) }
    var random = SplitMix64(seed: seed)
    var rejections = 0
    let generator = TraceGenerator(.init(events: 4000, seed: seed, sessions: 2))
    for event in generator.engineEvents {
      var rejectedBy: [Int] = []
      for k in configurations.indices where random.next() % 40 == 0 { rejectedBy.append(k) }
      rejections += rejectedBy.count
      for k in configurations.indices where !rejectedBy.contains(k) {
        observers[k].willHandle(event)
        references[k].observe(event)
      }
      sweep.follow(event, rejectedBy: rejectedBy)
    }
    #expect(rejections > 100)
    let swept = sweep.statistics(observers)
    for k in configurations.indices {
      references[k].finish()
      #expect(swept[k].strokes == references[k].strokes, "seed \(seed), configuration \(k)")
      #expect(swept[k].events == references[k].events)
    }
    #expect(swept.contains { $0.strokes.values.reduce(0, +) > 20 })
  }
}
