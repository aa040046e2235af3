import PageTraceTestSupport
import Testing

@testable import PageTrace

/// docs/behaviour/, "Scrub target", "Edge stepping and jog" and "Set during a scrub": the scrub
/// arithmetic on raw coordinates, the edges as in "Inside a frame", and a `set` of `pages` during
/// a scrub. The four traces are those an independent model of the contract found the engine
/// getting wrong; their records are worked out by hand below.
@Suite struct ScrubArithmeticTests {
  /// `pages` grows during a scrub: the target is recomputed at the `set` from the finger's last
  /// position, and the step is due at the `set`, not at the next move.
  @Test func pagesGrowingDuringAScrubStepsAtTheSet() throws {
    var configuration = PageControlConfiguration(
      pages: 6, control: Rect(x: 32.32, y: 683.6, width: 139.06, height: 36.96))
    configuration.current = 4
    let events = [
      pointer(.down, 0, 125.85, 700),
      pointer(.move, 0.2, 160, 700),
      set(0.3, ProgrammaticChange(pages: 8)),
      pointer(.move, 0.4, 160, 700),
      pointer(.up, 0.5, 160, 700),
    ]
    // Held from 0: the scrub begins at 0.15, anchored at 125.85 and page 4. At 0.2 the finger is
    // (160 - 125.85) / 16 = 2.13 pitches on: target 4 + 2 = 6, clamped to the last page 5, so
    // one step 4 → 5. At 0.3 eight pages: target 6 again, unclamped; due at max(0.3, 0.2 + 1/120)
    // = 0.3. The move at 0.4 changes nothing; the up at 0.5 rests (no flick).
    #expect(
      try replay(configuration, events) == [
        interaction(0.15, .continuous), background(0.15, true),
        transition(0.2, 4, 5, .scrub),
        transition(0.3, 5, 6, .scrub),
        interaction(0.5, .none), background(0.5, false),
      ])
  }

  /// The anchor page lies beyond a range that a `set` shrank: `anchorPage + round(…)` is formed
  /// first and clamped after.
  @Test func anchorBeyondAShrunkRangeIsSummedBeforeClamping() throws {
    var configuration = PageControlConfiguration(
      pages: 9, control: Rect(x: 3.42, y: 635.49, width: 347.54, height: 37.44))
    configuration.current = 6
    configuration.style = .minimal  // no background records
    configuration.voiceOver = true
    let events = [
      down(0, 209.19, 650),
      move(0.2, 129.19, 650),
      set(0.3, ProgrammaticChange(pages: 2)),
      move(0.4, 110, 650),
      up(0.5, 110, 650),
    ]
    let frame = 1.0 / 120
    // Anchored at 209.19 and page 6 at 0.15. At 0.2: −80 / 16 = −5 pitches, target 1, five
    // steps one frame apart from 0.2. At 0.3 two pages: target 6 − 5 = 1 is in range, no step.
    // At 0.4: −99.19 / 16 = −6.2 → −6, and 6 − 6 = 0 (clamping the offset first gave 1).
    // The scrub ends on page 0, announced as "Page 1 of 2".
    #expect(
      try replay(configuration, events) == [
        interaction(0.15, .continuous),
        transition(0.2, 6, 5, .scrub),
        transition(0.2 + frame, 5, 4, .scrub),
        transition(0.2 + frame + frame, 4, 3, .scrub),
        transition(0.2 + frame + frame + frame, 3, 2, .scrub),
        transition(0.2 + frame + frame + frame + frame, 2, 1, .scrub),
        transition(0.4, 1, 0, .scrub),
        interaction(0.5, .none),
        spoken(0.5, 1, of: 2),
      ])
  }

  /// `pos − anchorPos` is the difference of the raw x values: 302.18 − 246.18 = 56 exactly,
  /// 3.5 pitches, which rounds away from zero to 4. (From the leading edge, 271.9 − 215.9 =
  /// 55.99999999999997 rounds to 3.)
  @Test func offsetIsTheDifferenceOfRawCoordinates() throws {
    #expect(302.18 - 246.18 == 56)  // the premise, in doubles
    var configuration = PageControlConfiguration(
      pages: 10, control: Rect(x: 30.28, y: 732.39, width: 301.63, height: 39.03))
    configuration.fps = 30
    let events = [down(0, 246.18, 750), move(0.2, 302.18, 750), up(0.5, 302.18, 750)]
    let frame = 1.0 / 30
    #expect(
      try replay(configuration, events) == [
        interaction(0.15, .continuous), background(0.15, true),
        transition(0.2, 0, 1, .scrub),
        transition(0.2 + frame, 1, 2, .scrub),
        transition(0.2 + frame + frame, 2, 3, .scrub),
        transition(0.2 + frame + frame + frame, 3, 4, .scrub),
        interaction(0.5, .none), background(0.5, false),
      ])
  }

  /// A finger exactly on the trailing edge is inside: 262.09 + 107.11 is 369.2 as one double sum,
  /// so there is no edge step (369.2 − 262.09 is a little more than 107.11).
  @Test func fingerOnTheTrailingEdgeIsInside() throws {
    #expect(262.09 + 107.11 == 369.2)  // the premise, in doubles
    #expect(369.2 - 262.09 > 107.11)
    var configuration = PageControlConfiguration(
      pages: 21, control: Rect(x: 262.09, y: 592.98, width: 107.11, height: 27.9))
    configuration.current = 2
    configuration.pitch = 17.88
    configuration.fps = 60
    let events = [down(0, 369.2, 603.77), up(0.2, 369.2, 603.77)]
    #expect(
      try replay(configuration, events) == [
        interaction(0.15, .continuous), background(0.15, true),
        interaction(0.2, .none), background(0.2, false),
      ])
  }
}

/// Random frames, directions, pitches and finger positions: where the finger is, the target and
/// the number of steps agree with a direct reading of the rules on raw coordinates
/// (docs/behaviour/, "Inside a frame", "Scrub target" and "Edge stepping and jog").
@Suite struct ScrubArithmeticPropertyTests {
  enum Place: Equatable { case inside, pastLeading, pastTrailing }

  /// The rules read directly: the raw coordinate on the axis against `x` and `x + width` (one
  /// double sum), mirrored for `rtl` and `btt`.
  static func place(_ px: Double, _ py: Double, in f: Rect, _ direction: LayoutDirection) -> Place {
    switch direction {
    case .leftToRight: px < f.x ? .pastLeading : px > f.x + f.width ? .pastTrailing : .inside
    case .rightToLeft: px > f.x + f.width ? .pastLeading : px < f.x ? .pastTrailing : .inside
    case .topToBottom: py < f.y ? .pastLeading : py > f.y + f.height ? .pastTrailing : .inside
    case .bottomToTop: py > f.y + f.height ? .pastLeading : py < f.y ? .pastTrailing : .inside
    }
  }

  /// `clamp(anchorPage + round((pos − anchorPos) / pitch))` with `pos − anchorPos` the raw
  /// difference, negated for `rtl` and `btt`, rounded by the standard library.
  static func target(
    from anchor: (x: Double, y: Double), to finger: (x: Double, y: Double), anchorPage: Int,
    pages: Int, pitch: Double, _ direction: LayoutDirection
  ) -> Int {
    let raw = direction.isVertical ? finger.y - anchor.y : finger.x - anchor.x
    let forward = direction == .rightToLeft || direction == .bottomToTop ? -raw : raw
    let moved = Int((forward / pitch).rounded(.toNearestOrAwayFromZero))
    return min(max(anchorPage + moved, 0), pages - 1)
  }

  @Test func placeTargetAndStepsFollowTheRawCoordinates() throws {
    let seed = UInt64.random(in: 1...UInt64.max)
    print("ScrubArithmeticPropertyTests seed \(seed)")
    var random = PropertyTests.Random(state: seed)
    var places: [Place: Int] = [:]
    for _ in 0..<20_000 {
      let frame = Rect(
        x: random.double(-100...400), y: random.double(-100...900),
        width: random.double(1...400), height: random.double(1...400))
      let direction = LayoutDirection.allCases[random.int(0...3)]
      var configuration = PageControlConfiguration(pages: random.int(1...40), control: frame)
      configuration.current = random.int(0...(configuration.pages! - 1))
      configuration.direction = direction
      configuration.pitch = random.double(2...40)
      configuration.fps = [30, 60, 120, 83.7][random.int(0...3)]

      // The anchor: anywhere inside, edges included; the finger: on an edge, a double beside
      // one, half a pitch from the anchor's dots, or anywhere.
      let anchor = (
        x: Self.along(frame.x, frame.width, &random), y: Self.along(frame.y, frame.height, &random)
      )
      let finger = (
        x: Self.sample(frame.x, frame.width, anchor.x, configuration.pitch, &random),
        y: Self.sample(frame.y, frame.height, anchor.y, configuration.pitch, &random)
      )
      let context =
        "seed \(seed) frame \(frame) \(direction) pitch \(configuration.pitch) pages "
        + "\(configuration.pages) current \(configuration.current) anchor \(anchor) finger \(finger)"

      var control = try PageControl(configuration)
      var steps = 0
      let count: (PageControlRecord) -> Void = { record in
        if case .transition = record.content { steps += 1 }
      }
      try control.handle(down(0, anchor.x, anchor.y), emit: count)
      try control.handle(idle(0.2), emit: count)  // held past scrubDelay: a scrub at the anchor
      try #require(control.isScrubbing, "\(context)")
      #expect(steps == 0, "\(context)")
      try control.handle(move(0.3, finger.x, finger.y), emit: count)

      let place = Self.place(finger.x, finger.y, in: frame, direction)
      places[place, default: 0] += 1
      let expected: Int
      switch place {
      case .inside:
        expected = Self.target(
          from: anchor, to: finger, anchorPage: configuration.current,
          pages: configuration.pages!, pitch: configuration.pitch, direction)
      case .pastLeading: expected = 0
      case .pastTrailing: expected = configuration.pages! - 1
      }
      #expect(control.scrub.isPastEdge == (place != .inside), "\(context)")
      #expect(control.scrub.target == expected, "\(context)")

      try control.handle(idle(10_000), emit: count)  // every step is due by now
      #expect(control.currentPage == expected, "\(context)")
      #expect(steps == abs(expected - configuration.current), "\(context)")
    }
    // Each place was drawn often (the edges included): the test is not vacuous.
    #expect(places.count == 3 && places.values.allSatisfy { $0 > 2_000 }, "\(places)")
  }

  /// A coordinate inside `[start, start + length]`: sometimes exactly on an edge.
  static func along(_ start: Double, _ length: Double, _ random: inout PropertyTests.Random)
    -> Double
  {
    switch random.int(0...5) {
    case 0: start
    case 1: start + length
    default: min(start + random.double(0...1) * length, start + length)
    }
  }

  /// A finger coordinate: on an edge, the next double beside one, an odd number of half pitches
  /// from the anchor, or anywhere around the frame.
  static func sample(
    _ start: Double, _ length: Double, _ anchor: Double, _ pitch: Double,
    _ random: inout PropertyTests.Random
  ) -> Double {
    let end = start + length
    switch random.int(0...7) {
    case 0: return start
    case 1: return end
    case 2: return [start.nextDown, start.nextUp, end.nextDown, end.nextUp][random.int(0...3)]
    case 3: return anchor + (Double(random.int(-12...12)) + 0.5) * pitch
    default: return random.double((start - 60)...(end + 60))
    }
  }
}
