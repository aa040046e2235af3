import PageTraceGenerator

// The tests draw from the generator's SplitMix64, so that a failure reproduces from its seed.
extension SplitMix64 {
  /// A number in `0..<bound` (modulo bias is no matter here).
  mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
