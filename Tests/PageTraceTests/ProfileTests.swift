import PageTraceTestSupport
import Testing

@testable import PageTrace

func detail(_ t: Double, _ page: Int) -> PageControlRecord {
  PageControlRecord(time: t, .detail(page: page))
}

/// docs/behaviour/profiles.md, "Profiles" and "Profile comparison": `legacy`, the iPhone page indicator and
/// iOS 7–13 page control.
@Suite struct LegacyProfileTests {
  func legacy(pages: Int = 8, current: Int = 0) -> PageControlConfiguration {
    phone(pages: pages, current: current) { $0.profile = .legacy }
  }

  @Test func anyPressEndingInsideIsATapByTheDotRule() throws {
    // Held a second and dragged 161 pt: a tap at its up point 300, after page 0's dot.
    let events = [down(0, 139), move(0.5, 250), move(0.9, 300), up(1, 300)]
    #expect(try replay(legacy(), events) == [transition(1, 0, 1, .tap), interaction(1, .discrete)])
    // Ending outside the control: nothing.
    #expect(try replay(legacy(), [down(0, 139), up(1, 300, 700)]).isEmpty)
    // The dead zone is pitch/2 around the current dot, inclusive.
    #expect(try replay(legacy(), tap(0, 147)).isEmpty)
  }

  @Test func thereIsNoTwoPageToggle() throws {
    // Two dots at 187 and 203. Before page 0: nothing (the toggle would go to 1).
    #expect(try replay(legacy(pages: 2), tap(0, 100)).isEmpty)
    // After page 1's dot on page 1: nothing (no wrap, no toggle back to 0).
    let events = tap(0, 300) + tap(2, 300)
    #expect(try transitions(legacy(pages: 2), events) == [transition(0.05, 0, 1, .tap)])
  }

  @Test func thereIsNoFollowUpTap() throws {
    // uikit would follow up to page 2; here 160 is in page 1's dead zone (155 ± 8).
    #expect(
      try transitions(legacy(), tap(0, 160) + tap(0.5, 160)) == [transition(0.05, 0, 1, .tap)])
  }

  @Test func thereIsNoScrubPointerOrContentSwipe() throws {
    let events =
      [down(0, 187), idle(0.5), move(0.6, 250), cancel(0.7)]
      + [pointer(.down, 1, 235), pointer(.up, 1.05, 235)]
      + [down(2, 300, 400), move(2.01, 250, 400), up(2.02, 240, 400)]
    #expect(try replay(legacy(), events).isEmpty)
  }

  @Test func contentTouchesAreNeverTrackedAndBlockNothing() throws {
    let events = [down(0, 300, 400, id: 5)] + tap(0.1, 300)
    #expect(try transitions(legacy(), events) == [transition(0.1 + 0.05, 0, 1, .tap)])
  }

  @Test func dotsThatDoNotFitAreClippedNotWindowed() throws {
    // 30 pages in 120 pt: all 30 dots centred at 60, page p at 60 + (p - 14.5) * 16, so page
    // 0's dot is at -172, outside the frame. A tap at x 10 is after it: next page.
    let narrow = { (profile: Profile) in
      var configuration = PageControlConfiguration(
        pages: 30, control: Rect(x: 0, y: 780, width: 120, height: 30))
      configuration.profile = profile
      return configuration
    }
    var engine = try PageControlEngine(narrow(.legacy))
    #expect(
      try engine.records(for: tap(0, 10) + tap(1, 10)).filter { $0.type == .transition }.count == 2)
    let layout = engine.control(forSession: nil)!.layout
    #expect(layout.isClipped && !layout.isWindowed && layout.visibleCount == 30)
    #expect(layout.centre(ofPage: 0) == -172)
    // uikit windows the same dots: page 0 is at 28, so x 10 is before it: nothing.
    #expect(try replay(narrow(.uikit), tap(0, 10)).isEmpty)
  }
}

/// docs/behaviour/profiles.md, "Profiles" and "Profile comparison": `fiori`, SAP Fiori for iOS.
@Suite struct FioriProfileTests {
  func fiori(pages: Int = 8, current: Int = 0) -> PageControlConfiguration {
    phone(pages: pages, current: current) { $0.profile = .fiori }
  }

  @Test func aTapOnTheControlOpensTheCurrentPagesDetails() throws {
    #expect(try replay(fiori(current: 3), tap(0, 300)) == [detail(0.05, 3)])
    // Any duration: a one-second press that travelled 10 pt is still a tap.
    #expect(try replay(fiori(), [down(0, 187), move(0.5, 197), up(1, 197)]) == [detail(1, 0)])
    #expect(try replay(fiori(pages: 0), tap(0, 300)).isEmpty)
  }

  @Test func aSwipeOnTheControlTurnsOnePage() throws {
    // 40 pt left in 0.02 s: velocity (270 - 300) / 0.01 = -3000, with the finger's travel.
    let events = [down(0, 300), move(0.01, 270), up(0.02, 260)]
    #expect(
      try replay(fiori(), events) == [transition(0.02, 0, 1, .swipe), interaction(0.02, .discrete)])
    // At the first page a swipe right cannot move and writes nothing (not a detail either).
    let right = [down(0, 100), move(0.01, 130), up(0.02, 140)]
    #expect(try replay(fiori(), right).isEmpty)
  }

  @Test func aSlowDragOnTheControlIsNeitherSwipeNorTap() throws {
    // 20 pt over a second, rested: not a swipe, travel 20 ≥ 16: not a tap.
    #expect(try replay(fiori(), [down(0, 187), move(1, 207), up(1.5, 207)]).isEmpty)
  }

  @Test func theContentSwipesAndTapsToo() throws {
    let swipe = [
      down(0, 300, 400), move(0.01, 280, 400), move(0.02, 250, 400), up(0.025, 240, 400),
    ]
    #expect(try transitions(fiori(), swipe) == [transition(0.025, 0, 1, .swipe)])
    #expect(try replay(fiori(current: 5), tap(0, 200, 400)) == [detail(0.05, 5)])
  }

  @Test func thereIsNoScrubNorPointer() throws {
    let events = [
      down(0, 187), idle(0.5), cancel(0.6), pointer(.down, 1, 235), pointer(.up, 1.05, 235),
    ]
    #expect(try replay(fiori(), events).isEmpty)
  }
}

/// docs/behaviour/profiles.md, "Profiles" and "Profile comparison": `android`, ViewPager2 with TabLayout
/// dots.
@Suite struct AndroidProfileTests {
  func android(pages: Int = 8, current: Int = 0) -> PageControlConfiguration {
    phone(pages: pages, current: current) { $0.profile = .android }
  }

  @Test func aTapOnADotJumpsThere() throws {
    #expect(
      try replay(android(), tap(0, 235)) == [
        transition(0.05, 0, 6, .tap), interaction(0.05, .discrete),
      ])
    // Exactly between pages 0 and 1: the earlier page.
    #expect(try transitions(android(current: 3), tap(0, 147)) == [transition(0.05, 3, 0, .tap)])
    // Off every slot, or on the current one: nothing.
    #expect(try replay(android(), tap(0, 50)).isEmpty)
    #expect(try replay(android(), tap(0, 139)).isEmpty)
  }

  @Test func aLongPressIsStillATapButADragDoesNothing() throws {
    #expect(try transitions(android(), [down(0, 230), up(1, 235)]) == [transition(1, 0, 6, .tap)])
    #expect(
      try replay(android(), [down(0, 139), move(0.05, 171), move(0.5, 235), up(1, 235)]).isEmpty)
  }

  @Test func contentSwipesAsInUIKitAndThePointerIsIgnored() throws {
    let swipe = [
      down(0, 300, 400), move(0.01, 280, 400), move(0.02, 250, 400), up(0.025, 240, 400),
    ]
    #expect(try transitions(android(), swipe) == [transition(0.025, 0, 1, .swipe)])
    #expect(try replay(android(), [pointer(.down, 0, 235), pointer(.up, 0.05, 235)]).isEmpty)
  }

  @Test func accessibilityAndKeysWorkInEveryProfile() throws {
    for profile in Profile.builtIn {
      let configuration = phone { $0.profile = profile }
      let events = [a11y(0, .scrollForward), focus(1), key(2, .right)]
      #expect(
        try transitions(configuration, events) == [
          transition(0, 0, 1, .accessibility), transition(2, 1, 2, .key),
        ], "\(profile.name)")
    }
  }
}

/// Profiles are data: new behaviour comes from flags, not rule code.
@Suite struct ProfileDataTests {
  @Test func builtInProfilesAreFoundByName() {
    #expect(Profile.builtIn.map(\.name) == ["uikit", "legacy", "fiori", "android"])
    #expect(Profile.named("fiori") == .fiori)
    #expect(Profile.named("material") == nil)
  }

  @Test func constantsLiveInTheProfileAndCanBeOverridden() throws {
    var configuration = phone()
    configuration.profile = .android
    configuration.constants.scrubTravel = 40
    #expect(configuration.profile.constants.scrubTravel == 40)
    // With scrubTravel 40 a 30 pt press is an android tap at its up point (page 6).
    #expect(
      try transitions(configuration, [down(0, 205), up(0.1, 235)]) == [transition(0.1, 0, 6, .tap)])
  }

  @Test func aCustomProfileCombinesRecognizers() throws {
    // Android dots that also scrub, with no new rule code.
    var profile = Profile.android
    profile.name = "android-scrub"
    profile.controlScrub = true
    let events = [down(0, 187), move(0.01, 203), move(0.02, 219), up(0.3, 219)]
    #expect(
      try transitions(phone { $0.profile = profile }, events) == [transition(0.02, 0, 1, .scrub)])
    #expect(try transitions(phone { $0.profile = .android }, events).isEmpty)
  }
}
