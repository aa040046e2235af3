import PageTrace

/// The samples of one stroke for its release velocity along either axis: the engine's
/// velocity rule (`_VelocityTracker`, docs/behaviour.md "Velocity") over one ring of
/// `(time, x, y)` where ``StrokeClassifier`` kept two trackers of `(time, offset)`, one per
/// axis.
///
/// Both trackers saw the same times, so they dropped and kept the same samples; one ring
/// keeps exactly what they kept, and the velocity along an axis is the same division of the
/// same doubles. One ring costs one uniqueness check and one store a sample where two cost
/// two of each (about 45 instructions a move). A test feeds both forms the same samples and
/// compares every velocity.
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

  /// The ring; its count is 0 or a power of two.
  private var samples: [Sample] = []
  /// `samples.count - 1`: wraps a position into the ring.
  private var mask = -1
  private var first = 0
  private var count = 0

  init() {}

  mutating func reset() {
    first = 0
    count = 0
  }

  /// The ring position of the `i`-th sample kept, oldest first.
  private func slot(_ i: Int) -> Int { (first &+ i) & mask }

  @inline(__always)
  mutating func add(time: Double, x: Double, y: Double) {
    if count == samples.count { makeRoom(at: time) }
    // One uniqueness check and no bounds check: positions are masked.
    let position = slot(count)
    samples.withUnsafeMutableBufferPointer { ring in
      ring.baseAddress.unsafelyUnwrapped[position] = Sample(time: time, x: x, y: y)
    }
    count &+= 1  // at most the ring's capacity
  }

  /// Makes room in a full ring for a sample at `time`: drops the samples it puts out of the
  /// window (a prefix: times never decrease within a stroke), or, if none, grows the ring.
  @inline(never)
  private mutating func makeRoom(at time: Double) {
    let (first, mask) = (self.first, self.mask)
    // Samples [0, low) are out of the window, [high, count) are in.
    var (low, high) = (0, count)
    samples.withUnsafeBufferPointer { ring in
      let base = ring.baseAddress.unsafelyUnwrapped  // positions are masked
      while low < high {
        let middle = (low &+ high) >> 1
        if time - base[(first &+ middle) & mask].time > Self.window {
          low = middle &+ 1
        } else {
          high = middle
        }
      }
    }
    self.first = (first &+ low) & mask
    count &-= low
    if count == samples.count { grow() }
  }

  /// Doubles the ring, keeping the samples in order from index 0.
  private mutating func grow() {
    let capacity = max(32, samples.count * 2)
    var newSamples = [Sample](repeating: Sample(time: 0, x: 0, y: 0), count: capacity)
    for i in 0..<count { newSamples[i] = samples[slot(i)] }
    samples = newSamples
    mask = capacity - 1
    first = 0
  }

  /// The lift-off velocity along `axis` for a release at `releaseTime`.
  func velocity(releaseTime: Double, along axis: StrokeClassifier.Axis) -> Double {
    guard count > 0 else { return 0 }
    let last = samples[slot(count - 1)]
    if releaseTime - last.time > Self.restLimit { return 0 }
    // The oldest sample within the window of the last; the last one itself at the latest.
    var oldestIndex = 0
    while last.time - samples[slot(oldestIndex)].time > Self.window { oldestIndex += 1 }
    let oldest = samples[slot(oldestIndex)]
    let span = last.time - oldest.time
    guard span > 0 else { return 0 }
    return axis == .x ? (last.x - oldest.x) / span : (last.y - oldest.y) / span
  }
}
