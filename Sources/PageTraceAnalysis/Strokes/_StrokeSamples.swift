import PageTrace

/// The samples of one stroke for its release velocity along either axis: the engine's
/// velocity rule (`_VelocityTracker`, docs/behaviour/scrubbing.md "Velocity") over one ring of
/// `(time, x, y)` where ``StrokeClassifier`` kept two trackers of `(time, offset)`, one per
/// axis.
///
/// Both trackers saw the same times, so they dropped and kept the same samples; one ring
/// keeps exactly what they kept, and the velocity along an axis is the same division of the
/// same doubles. One ring costs one store a sample where two cost two. A test feeds both forms
/// the same samples and compares every velocity.
///
/// As in `_VelocityTracker`, the samples are kept in place, in a ring of ``inlineCapacity`` samples
/// stored in the value itself: adding one is a store through no reference. The ring was an array,
/// and each store checked the uniqueness of its buffer first (a call into the runtime, with the
/// registers it clobbers saved around it). 32 samples cover the window at up to about 300 samples a
/// second; when the ring is full of samples within the window, the stroke's samples move to
/// ``spill``, an array that grows as needed, until the next ``reset()`` (its storage is kept). The
/// ring makes a stroke's state 768 bytes larger; ``StrokeClassifier`` moves a state only when
/// several fingers are down at once.
struct _StrokeSamples: Sendable {
  /// `_VelocityTracker.window`: a sample counts if it is at most this many seconds older
  /// than the last.
  static let window = 0.1
  /// `_VelocityTracker.restLimit`: a finger that rested longer than this before lifting
  /// has no velocity.
  static let restLimit = 0.04

  struct Sample: Sendable {
    var time: Double
    var x: Double
    var y: Double
  }

  /// The ring's capacity, a power of two (so a position wraps with a mask).
  static let inlineCapacity = 32

  private typealias Ring = (
    Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample,
    Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample,
    Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample,
    Sample, Sample, Sample, Sample, Sample, Sample, Sample, Sample
  )
  private static let _zero = Sample(time: 0, x: 0, y: 0)

  /// The in-place ring: ``inlineCapacity`` samples, laid out contiguously (a homogeneous
  /// tuple).
  private var ring: Ring = (
    _zero, _zero, _zero, _zero, _zero, _zero, _zero, _zero,
    _zero, _zero, _zero, _zero, _zero, _zero, _zero, _zero,
    _zero, _zero, _zero, _zero, _zero, _zero, _zero, _zero,
    _zero, _zero, _zero, _zero, _zero, _zero, _zero, _zero
  )
  /// The ring position of the oldest sample kept.
  private var first = 0
  /// The samples in the ring; ``inlineCapacity`` while the samples are in ``spill``, so that
  /// ``add(time:x:y:)`` takes its out-of-line path for them.
  private var count = 0
  /// Whether this stroke's samples are in ``spill`` rather than the ring.
  private var isSpilled = false
  /// The samples, oldest first, of a stroke that sampled too fast for the ring.
  private var spill: [Sample] = []

  init() {}

  mutating func reset() {
    first = 0
    count = 0
    isSpilled = false
  }

  /// The ring position of the `i`-th sample kept, oldest first.
  private func slot(_ i: Int) -> Int { (first &+ i) & (Self.inlineCapacity &- 1) }

  /// Runs `body` on the ring as a buffer of samples (static, so that `body` may read the
  /// other properties).
  @inline(__always)
  private static func withSamples<R>(
    in ring: inout Ring, _ body: (UnsafeMutablePointer<Sample>) -> R
  ) -> R {
    withUnsafeMutablePointer(to: &ring) {
      $0.withMemoryRebound(to: Sample.self, capacity: inlineCapacity, body)
    }
  }

  @inline(__always)
  mutating func add(time: Double, x: Double, y: Double) {
    guard count != Self.inlineCapacity else { return addToFullRing(time: time, x: x, y: y) }
    let position = slot(count)
    Self.withSamples(in: &ring) { $0[position] = Sample(time: time, x: x, y: y) }
    count &+= 1  // below the ring's capacity
  }

  /// ``add(time:x:y:)`` when the ring is full or the samples are spilled.
  @inline(never)
  private mutating func addToFullRing(time: Double, x: Double, y: Double) {
    if !isSpilled { makeRoom(at: time) }
    if isSpilled {
      // Lazily as in the ring: drop what `time` puts out of the window only when the array
      // would otherwise grow.
      if spill.count == spill.capacity {
        let stale = Self.staleCount(count: spill.count, at: time) { spill[$0].time }
        spill.removeFirst(stale)
      }
      spill.append(Sample(time: time, x: x, y: y))
      return
    }
    let position = slot(count)
    Self.withSamples(in: &ring) { $0[position] = Sample(time: time, x: x, y: y) }
    count &+= 1
  }

  /// How many of `count` samples, oldest first with times `time(i)`, a sample at `time` puts
  /// out of the window: a prefix, since times never decrease within a stroke, found by
  /// bisection.
  ///
  /// The engine tracker's `_VelocityTracker.staleCount`, written again: calling that one
  /// (made `@inlinable package`) cost `classify` and `stats` more.
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
    let (first, count) = (self.first, self.count)
    let stale = Self.withSamples(in: &ring) { ring in
      Self.staleCount(count: count, at: time) {
        ring[(first &+ $0) & (Self.inlineCapacity &- 1)].time
      }
    }
    if stale > 0 {
      self.first = slot(stale)
      self.count &-= stale
      return
    }
    spill.removeAll(keepingCapacity: true)
    Self.withSamples(in: &ring) { ring in
      for i in 0..<count { spill.append(ring[(first &+ i) & (Self.inlineCapacity &- 1)]) }
    }
    isSpilled = true  // `count` stays at the ring's capacity
  }

  /// The lift-off velocity along `axis` for a release at `releaseTime`.
  func velocity(releaseTime: Double, along axis: StrokeClassifier.Axis) -> Double {
    var samples = self
    return samples.velocityInPlace(releaseTime: releaseTime, along: axis)
  }

  /// ``velocity(releaseTime:along:)`` without copying the ring: `mutating` only so that the
  /// ring is read at its address (it changes nothing).
  mutating func velocityInPlace(
    releaseTime: Double, along axis: StrokeClassifier.Axis
  ) -> Double {
    if isSpilled {
      return spill.withUnsafeBufferPointer { samples in
        Self.velocity(count: samples.count, releaseTime: releaseTime, along: axis) {
          samples[$0]
        }
      }
    }
    let (first, count) = (self.first, self.count)
    return Self.withSamples(in: &ring) { ring in
      Self.velocity(count: count, releaseTime: releaseTime, along: axis) {
        ring[(first &+ $0) & (Self.inlineCapacity &- 1)]
      }
    }
  }

  /// The lift-off velocity along `axis` from `count` samples, oldest first (`sample(i)`).
  private static func velocity(
    count: Int, releaseTime: Double, along axis: StrokeClassifier.Axis,
    _ sample: (Int) -> Sample
  ) -> Double {
    guard count > 0 else { return 0 }
    let last = sample(count - 1)
    if releaseTime - last.time > restLimit { return 0 }
    // The oldest sample within the window of the last; the last one itself at the latest.
    var oldestIndex = 0
    while last.time - sample(oldestIndex).time > window { oldestIndex += 1 }
    let oldest = sample(oldestIndex)
    let span = last.time - oldest.time
    guard span > 0 else { return 0 }
    return axis == .x ? (last.x - oldest.x) / span : (last.y - oldest.y) / span
  }
}
