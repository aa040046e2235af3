/// A small, fast, deterministic random number generator (Steele, Lea and Flood's SplitMix64):
/// the same seed gives the same sequence on every platform and toolchain.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let roll = Double.random(in: 0..<1, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from a seed.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A double in `range`, from 53 random bits (independent of the standard library's
  /// algorithm, so traces are identical across Swift versions).
  mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    let unit = Double(next() >> 11) * 0x1.0p-53
    return range.lowerBound + unit * (range.upperBound - range.lowerBound)
  }

  /// An integer in `range`, by multiply-shift (bias below 2^-32 for small ranges).
  mutating func integer(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int((next() >> 32) * span >> 32)
  }

  /// Whether an event of probability `p` happens.
  mutating func chance(_ p: Double) -> Bool { uniform(0...1) < p }
}
