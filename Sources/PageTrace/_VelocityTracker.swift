/// The axis velocity of a contact at lift-off (SPEC §3.2, D7).
///
/// Samples are the contact's `down` and `move` positions along the forward direction.
/// Velocity is the displacement between the last sample and the oldest sample no more than
/// ``window`` seconds before it (`last - t <= window`), over their time span; zero with one
/// sample, with a zero span, or when the finger rested more than ``restLimit`` before lifting.
///
/// Exact at any sampling rate: a sample is dropped only once it is more than ``window``
/// older than the latest one, since no later sample can bring it back into the window.
/// The ring grows when a window holds more samples than it has room for, so after the first
/// contacts of a session adding a sample allocates nothing.
struct _VelocityTracker: Sendable {
  static let window = 0.1
  static let restLimit = 0.04

  private var times: [Double] = []
  private var offsets: [Double] = []
  private var first = 0
  private var count = 0

  init() {}

  mutating func reset() {
    first = 0
    count = 0
  }

  private func index(_ i: Int) -> Int { (first + i) % times.count }

  mutating func add(time: Double, offset: Double) {
    while count > 0 && time - times[first] > Self.window {
      first = (first + 1) % times.count
      count -= 1
    }
    if count == times.count { grow() }
    let slot = index(count)
    times[slot] = time
    offsets[slot] = offset
    count += 1
  }

  /// Doubles the ring, keeping the samples in order from index 0.
  private mutating func grow() {
    let capacity = max(32, times.count * 2)
    var newTimes = [Double](repeating: 0, count: capacity)
    var newOffsets = [Double](repeating: 0, count: capacity)
    for i in 0..<count {
      newTimes[i] = times[index(i)]
      newOffsets[i] = offsets[index(i)]
    }
    times = newTimes
    offsets = newOffsets
    first = 0
  }

  /// The lift-off velocity for a release at `releaseTime`.
  func velocity(releaseTime: Double) -> Double {
    guard count > 0 else { return 0 }
    let last = index(count - 1)
    if releaseTime - times[last] > Self.restLimit { return 0 }
    // Every sample kept is within the window of the last one; the oldest is the first.
    let span = times[last] - times[first]
    return span > 0 ? (offsets[last] - offsets[first]) / span : 0
  }
}
