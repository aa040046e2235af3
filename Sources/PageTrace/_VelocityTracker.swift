/// The axis velocity of a contact at lift-off (docs/behaviour/scrubbing.md, "Velocity").
///
/// Samples are the contact's `down` and `move` positions along the forward direction.
/// Velocity is the displacement between the last sample and the oldest sample no more than
/// ``window`` seconds before it (`last - t <= window`), over their time span; zero with one
/// sample, with a zero span, or when the finger rested more than ``restLimit`` before lifting.
///
/// Exact at any sampling rate: a sample leaves the tracker only once it is more than
/// ``window`` older than a later one, since no later sample can bring it back into the window.
/// Samples are dropped lazily, when the storage is full, so adding one is usually a single
/// store; and ``velocity(releaseTime:)`` skips those the last sample put out of the window.
/// Times never decrease within a contact, so those are the oldest ones, and a sample put out
/// by an earlier one is put out by the last one too: what remains is exactly what dropping at
/// every sample would have kept.
///
/// The samples are kept in place, in a ring of ``inlineCapacity`` pairs stored in the tracker
/// itself: adding one is a store through no reference, so there is no uniqueness check of a
/// buffer (Benchmarks/HISTORY-2026-11.md, "Issue 24, second round: the reducer"). 32 samples
/// cover the window at up to about 300 samples a second (a 120 Hz touch screen puts 13 in it,
/// a 240 Hz one 25).
/// Faster input is exact too: when the ring is full of samples within the window, the
/// contact's samples move to ``spill``, an array that grows as needed, and stay there until
/// the next ``reset()``; the array's storage is kept, so after the first such contact of a
/// session adding a sample allocates nothing. The ring makes a control 512 bytes larger.
package struct _VelocityTracker: Sendable {
  static let window = 0.1
  static let restLimit = 0.04

  struct Sample: Sendable {
    var time: Double
    var offset: Double
  }

  /// The ring's capacity, a power of two (so a position wraps with a mask).
  static let inlineCapacity = 32

  /// The in-place ring: ``inlineCapacity`` samples, laid out contiguously (a homogeneous tuple).
  private var ring: Ring = (
    _zero, _zero, _zero, _zero, _zero, _zero, _zero, _zero,
    _zero, _zero, _zero, _zero, _zero, _zero, _zero, _zero,
    _zero, _zero, _zero, _zero, _zero, _zero, _zero, _zero,
    _zero, _zero, _zero, _zero, _zero, _zero, _zero, _zero
  )
  private static let _zero = Sample(time: 0, offset: 0)
  /// The ring position of the oldest sample kept.
  private var first = 0
  /// The samples in the ring; ``inlineCapacity`` while the samples are in ``spill``, so that
  /// ``add(time:offset:)`` takes its out-of-line path for them.
  private var count = 0
  /// Whether this contact's samples are in ``spill`` rather than the ring.
  private var isSpilled = false
  /// The samples, oldest first, of a contact that sampled too fast for the ring.
  private var spill: [Sample] = []

  package init() {}

  package mutating func reset() {
    first = 0
    count = 0
    isSpilled = false
  }

  /// The ring position of the `i`-th sample kept, oldest first.
  private func slot(_ i: Int) -> Int { (first &+ i) & (Self.inlineCapacity &- 1) }

  private typealias Ring = (
    Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample,
    Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample,
    Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample,
    Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample
  )

  /// Runs `body` on the ring as a buffer of samples (static, so that `body` may read the
  /// tracker's other properties).
  @inline(__always)
  private static func withSamples<R>(
    in ring: inout Ring, _ body: (UnsafeMutablePointer<Sample>) -> R
  ) -> R {
    withUnsafeMutablePointer(to: &ring) {
      $0.withMemoryRebound(to: Sample.self, capacity: inlineCapacity, body)
    }
  }

  /// Whether ``add(time:offset:)`` stores into the ring without making room first.
  var hasRoom: Bool { count != Self.inlineCapacity }

  @inline(__always)
  package mutating func add(time: Double, offset: Double) {
    guard count != Self.inlineCapacity else { return addToFullRing(time: time, offset: offset) }
    let position = slot(count)
    Self.withSamples(in: &ring) { $0[position] = Sample(time: time, offset: offset) }
    count &+= 1  // below the ring's capacity
  }

  /// ``add(time:offset:)`` when the ring is full or the samples are spilled.
  @inline(never)
  private mutating func addToFullRing(time: Double, offset: Double) {
    if !isSpilled { makeRoom(at: time) }
    if isSpilled {
      // Lazily as in the ring: drop what `time` puts out of the window only when the
      // array would otherwise grow.
      if spill.count == spill.capacity {
        let stale = Self.staleCount(count: spill.count, at: time) { spill[$0].time }
        spill.removeFirst(stale)
      }
      spill.append(Sample(time: time, offset: offset))
      return
    }
    let position = slot(count)
    Self.withSamples(in: &ring) { $0[position] = Sample(time: time, offset: offset) }
    count &+= 1
  }

  /// How many of `count` samples, oldest first with times `time(i)`, a sample at `time` puts
  /// out of the window.
  ///
  /// Times never decrease within a contact, so those samples are a prefix: bisection finds
  /// where it ends in 4 probes of a full ring instead of a test per dropped sample (most of
  /// them are dropped).
  @inline(__always)
  private static func staleCount(count: Int, at time: Double, _ timeAt: (Int) -> Double) -> Int {
    // Samples [0, low) are out of the window, [high, count) are in.
    var (low, high) = (0, count)
    while low < high {
      let middle = (low &+ high) >> 1
      if time - timeAt(middle) > window {
        low = middle &+ 1
      } else {
        high = middle
      }
    }
    return low
  }

  /// Makes room in the full ring for a sample at `time`: drops the samples it puts out of the
  /// window, or, if none, moves the samples to ``spill``.
  private mutating func makeRoom(at time: Double) {
    let first = self.first
    let stale = Self.withSamples(in: &ring) { ring in
      Self.staleCount(count: count, at: time) {
        ring[(first &+ $0) & (Self.inlineCapacity &- 1)].time
      }
    }
    if stale > 0 {
      self.first = slot(stale)
      count &-= stale
      return
    }
    spill.removeAll(keepingCapacity: true)
    Self.withSamples(in: &ring) { ring in
      for i in 0..<count { spill.append(ring[(first &+ i) & (Self.inlineCapacity &- 1)]) }
    }
    isSpilled = true  // `count` stays at the ring's capacity
  }

  /// The samples kept, oldest first, as `time, offset` pairs, and whether they are in
  /// ``spill``: for the tests that hold the reducer's fast paths to its general path.
  var _keptSamples: (pairs: [Double], isSpilled: Bool) {
    var ring = self.ring
    let samples =
      isSpilled
      ? spill
      : Self.withSamples(in: &ring) { ring in (0..<count).map { ring[slot($0)] } }
    return (samples.flatMap { [$0.time, $0.offset] }, isSpilled)
  }

  /// The lift-off velocity for a release at `releaseTime`.
  package func velocity(releaseTime: Double) -> Double {
    var tracker = self
    return tracker.velocityInPlace(releaseTime: releaseTime)
  }

  /// ``velocity(releaseTime:)`` without copying the tracker: `mutating` only so that the ring
  /// is read at its address (it changes nothing), without a copy of the 512-byte ring at every
  /// release.
  package mutating func velocityInPlace(releaseTime: Double) -> Double {
    if isSpilled {
      return spill.withUnsafeBufferPointer { samples in
        Self.velocity(count: samples.count, releaseTime: releaseTime) { samples[$0] }
      }
    }
    let (first, count) = (self.first, self.count)
    return Self.withSamples(in: &ring) { ring in
      Self.velocity(count: count, releaseTime: releaseTime) {
        ring[(first &+ $0) & (Self.inlineCapacity &- 1)]
      }
    }
  }

  /// The lift-off velocity from `count` samples, oldest first (`sample(i)`).
  private static func velocity(
    count: Int, releaseTime: Double, _ sample: (Int) -> Sample
  ) -> Double {
    guard count > 0 else { return 0 }
    let last = sample(count - 1)
    if releaseTime - last.time > restLimit { return 0 }
    // The oldest sample within the window of the last; the last one itself at the latest.
    var oldestIndex = 0
    while last.time - sample(oldestIndex).time > window { oldestIndex += 1 }
    let oldest = sample(oldestIndex)
    let span = last.time - oldest.time
    return span > 0 ? (last.offset - oldest.offset) / span : 0
  }
}
