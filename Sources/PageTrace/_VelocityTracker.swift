/// The axis velocity of a contact at lift-off (SPEC §3.2, D7), in fixed memory.
///
/// Samples are the contact's `down` and `move` positions along the forward direction.
/// Velocity is the displacement between the last sample and the oldest sample no more than
/// `window` seconds before it, over their time span; zero with one sample, with a zero
/// span, or when the finger rested more than `restLimit` before lifting.
///
/// The most recent ``capacity`` samples are kept: exact for inputs sampled up to
/// `capacity / window` = 320 Hz; denser input measures over a shorter span.
struct _VelocityTracker: Sendable, Hashable {
  static let capacity = 32
  static let window = 0.1
  static let restLimit = 0.04

  private var times = _Ring()
  private var offsets = _Ring()
  private var first = 0
  private var count = 0

  init() {}

  mutating func reset() {
    first = 0
    count = 0
  }

  mutating func add(time: Double, offset: Double) {
    var slot = first + count
    if count == Self.capacity {
      first = (first + 1) % Self.capacity
      slot = first + count - 1
    } else {
      count += 1
    }
    times[slot % Self.capacity] = time
    offsets[slot % Self.capacity] = offset
  }

  /// The lift-off velocity for a release at `releaseTime`.
  func velocity(releaseTime: Double) -> Double {
    guard count > 0 else { return 0 }
    let last = (first + count - 1) % Self.capacity
    let lastTime = times[last]
    if releaseTime - lastTime > Self.restLimit { return 0 }
    var oldest = last
    for i in 0..<count {
      let index = (first + i) % Self.capacity
      if times[index] >= lastTime - Self.window {
        oldest = index
        break
      }
    }
    let span = lastTime - times[oldest]
    return span > 0 ? (offsets[last] - offsets[oldest]) / span : 0
  }
}

/// Thirty-two doubles stored inline, so a tracker never allocates.
struct _Ring: Sendable, Hashable {
  private var storage:
    (
      Double, Double, Double, Double, Double, Double, Double, Double,
      Double, Double, Double, Double, Double, Double, Double, Double,
      Double, Double, Double, Double, Double, Double, Double, Double,
      Double, Double, Double, Double, Double, Double, Double, Double
    ) = (
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )

  subscript(index: Int) -> Double {
    get {
      precondition(index >= 0 && index < 32)
      return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: index * 8, as: Double.self) }
    }
    set {
      precondition(index >= 0 && index < 32)
      withUnsafeMutableBytes(of: &storage) {
        $0.storeBytes(of: newValue, toByteOffset: index * 8, as: Double.self)
      }
    }
  }

  static func == (a: _Ring, b: _Ring) -> Bool {
    (0..<32).allSatisfy { a[$0] == b[$0] }
  }

  func hash(into hasher: inout Hasher) {
    for i in 0..<32 { hasher.combine(self[i]) }
  }
}
