/// The axis velocity of a contact at lift-off (docs/behaviour.md, "Velocity").
///
/// Samples are the contact's `down` and `move` positions along the forward direction.
/// Velocity is the displacement between the last sample and the oldest sample no more than
/// ``window`` seconds before it (`last - t <= window`), over their time span; zero with one
/// sample, with a zero span, or when the finger rested more than ``restLimit`` before lifting.
///
/// Exact at any sampling rate: a sample leaves the ring only once it is more than ``window``
/// older than a later one, since no later sample can bring it back into the window. Samples
/// are dropped lazily, when the ring is full, so adding one is usually a single store; and
/// ``velocity(releaseTime:)`` skips those the last sample put out of the window. Times never
/// decrease within a contact, so those are the oldest ones, and a sample put out by an
/// earlier one is put out by the last one too: what remains is exactly what dropping at
/// every sample would have kept. The ring grows when it is full of samples within the
/// window, so after the first contacts of a session adding a sample allocates nothing.
///
/// The ring is one buffer of `(time, offset)` pairs whose capacity is a power of two, so a
/// position wraps with a mask and each sample costs one uniqueness check.
package struct _VelocityTracker: Sendable {
  static let window = 0.1
  static let restLimit = 0.04

  struct Sample: Sendable {
    var time: Double
    var offset: Double
  }

  /// The ring; its count is 0 or a power of two.
  private var samples: [Sample] = []
  /// `samples.count - 1`: wraps a position into the ring.
  private var mask = -1
  private var first = 0
  private var count = 0

  package init() {}

  package mutating func reset() {
    first = 0
    count = 0
  }

  /// The ring position of the `i`-th sample kept, oldest first.
  private func slot(_ i: Int) -> Int { (first &+ i) & mask }

  package mutating func add(time: Double, offset: Double) {
    if count == samples.count { makeRoom(at: time) }
    // One uniqueness check and no bounds check: positions are masked.
    let position = slot(count)
    samples.withUnsafeMutableBufferPointer { ring in
      ring.baseAddress.unsafelyUnwrapped[position] = Sample(time: time, offset: offset)
    }
    count &+= 1  // at most the ring's capacity
  }

  /// Makes room in a full ring for a sample at `time`: drops the samples it puts out of the
  /// window, or, if none, grows the ring.
  ///
  /// Times never decrease within a contact, so the samples out of the window are the oldest
  /// ones, a prefix of the ring: bisection finds where it ends in 5 probes of a 32-sample ring
  /// instead of a test per dropped sample (most of them are dropped: about 5 instructions an
  /// event saved in the `Reducer` benchmark).
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
    var newSamples = [Sample](repeating: Sample(time: 0, offset: 0), count: capacity)
    for i in 0..<count { newSamples[i] = samples[slot(i)] }
    samples = newSamples
    mask = capacity - 1
    first = 0
  }

  /// The lift-off velocity for a release at `releaseTime`.
  package func velocity(releaseTime: Double) -> Double {
    guard count > 0 else { return 0 }
    let last = samples[slot(count - 1)]
    if releaseTime - last.time > Self.restLimit { return 0 }
    // The oldest sample within the window of the last; the last one itself at the latest.
    var oldestIndex = 0
    while last.time - samples[slot(oldestIndex)].time > Self.window { oldestIndex += 1 }
    let oldest = samples[slot(oldestIndex)]
    let span = last.time - oldest.time
    return span > 0 ? (last.offset - oldest.offset) / span : 0
  }
}
