import PageTraceGenerator

/// The random numbers of a test: the generator's SplitMix64 (checked against the reference
/// outputs in `TraceGeneratorTests`), with its seed printed, so that a failure can be rerun.
struct SeededRandom {
  private var generator: SplitMix64

  /// A generator seeded with `seed`, printed with the name of the suite that uses it.
  init(seed: UInt64, for suite: String) {
    generator = SplitMix64(seed: seed)
    print("\(suite) seed \(seed)")
  }

  /// A generator of a random seed, printed with the name of the suite that uses it.
  init(for suite: String) {
    self.init(seed: UInt64.random(in: 0...UInt64.max), for: suite)
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 { generator.next() }

  /// An integer from 0 to `n` − 1.
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

  /// A double from 0 up to 1, from 53 random bits.
  mutating func unit() -> Double { Double(next() >> 11) / 0x1p53 }
}
