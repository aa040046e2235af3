import PageTrace
import PageTraceGenerator
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 22: configuration ↔ patch ↔ JSON without loss, for every profile and constant.
@Suite struct ConfigurationRoundTripTests {
  static let control = Rect(x: 0, y: 780, width: 390, height: 30)

  func text(_ patch: ConfigurationPatch) -> String {
    String(decoding: patch.jsonBytes(), as: UTF8.self)
  }

  func parse(_ text: String) throws(TraceError) -> ConfigurationPatch {
    try ConfigurationPatch(json: Array(text.utf8), file: "h.json")
  }

  // MARK: Worked by hand

  /// The bug of the issue: a profile's changed constant was dropped (0.5 came back as 0.15).
  @Test func aProfilesChangedConstantSurvives() throws {
    var profile = Profile.uikit
    profile.constants.scrubDelay = 0.5
    var patch = ConfigurationPatch()
    patch.profile = profile
    #expect(text(patch) == #"{"pagetrace":1,"profile":{"name":"uikit","scrubDelay":0.5}}"#)
    let back = try parse(text(patch))
    #expect(back == patch)
    #expect(back.profile?.constants.scrubDelay == 0.5)
    patch.pages = 8
    patch.control = Self.control
    #expect(try parse(text(patch)).resolve().constants.scrubDelay == 0.5)
  }

  /// The same through a configuration: the constant becomes a key of its own.
  @Test func aConfigurationsConstantsBecomeKeys() throws {
    var configuration = PageControlConfiguration(pages: 8, control: Self.control)
    configuration.constants.scrubDelay = 0.5
    let patch = ConfigurationPatch(configuration)
    #expect(
      text(patch)
        == #"{"pagetrace":1,"profile":"uikit","pages":8,"current":0,"#
        + #""control":{"x":0,"y":780,"width":390,"height":30},"direction":"ltr","#
        + #""style":"automatic","continuous":true,"hidesForSinglePage":false,"enabled":true,"#
        + #""pitch":16,"fps":120,"voiceOver":false,"placement":"content","indicatorImages":{},"#
        + #""scrubDelay":0.5,"scrubTravel":16,"followUpWindow":0.75,"followUpRadius":8,"#
        + #""animationDuration":0.3,"flickVelocity":800,"edgeStepRate":8,"jogBase":1.6,"#
        + #""jogMaxRate":13,"rubberBand":20,"swipeDistance":25,"swipeVelocity":400}"#)
    #expect(try patch.resolve() == configuration)
    #expect(try parse(text(patch)).resolve() == configuration)
  }

  /// A custom profile is written against the built-in it differs least from, and read back.
  @Test func aCustomProfileIsWrittenAsAnObject() throws {
    var custom = Profile.android
    custom.name = "android-scrub"
    custom.controlScrub = true
    var patch = ConfigurationPatch()
    patch.profile = custom
    #expect(
      text(patch)
        == #"{"pagetrace":1,"profile":{"name":"android-scrub","base":"android","controlScrub":true}}"#
    )
    #expect(try parse(text(patch)) == patch)

    // Against uikit: only the tap rule kind changes, then both of dotSide's options.
    var legacyLike = Profile.uikit
    legacyLike.name = "mine"
    legacyLike.controlTap = .dotSide(twoPageToggle: false, followUp: true)
    legacyLike.constants.jogBase = 2
    patch.profile = legacyLike
    #expect(
      text(patch)
        == #"{"pagetrace":1,"profile":{"name":"mine","base":"uikit","twoPageToggle":false,"#
        + #""jogBase":2}}"#)
    #expect(try parse(text(patch)) == patch)

    // From fiori (showDetail) to dotSide: the kind and both options are written.
    var fioriTaps = Profile.fiori
    fioriTaps.controlTap = .dotSide(twoPageToggle: true, followUp: false)
    patch.profile = fioriTaps
    #expect(
      text(patch)
        == #"{"pagetrace":1,"profile":{"name":"fiori","controlTap":"dotSide","#
        + #""twoPageToggle":true,"followUp":false}}"#)
    #expect(try parse(text(patch)) == patch)

    var silent = Profile.legacy
    silent.controlTap = nil
    patch.profile = silent
    #expect(text(patch) == #"{"pagetrace":1,"profile":{"name":"legacy","controlTap":"none"}}"#)
    #expect(try parse(text(patch)) == patch)
  }

  @Test func profileObjectsAreReadFromTheirBase() throws {
    let patch = try parse(
      #"{"profile": {"base": "legacy", "name": "x", "twoPageToggle": true, "windowing": true, "#
        + #""swipeVelocity": 100}}"#)
    var expected = Profile.legacy
    expected.name = "x"
    expected.controlTap = .dotSide(twoPageToggle: true, followUp: false)  // legacy: false, false
    expected.windowing = true
    expected.constants.swipeVelocity = 100
    #expect(patch.profile == expected)
    // A built-in name alone still reads as that profile; a name is its own base.
    #expect(try parse(#"{"profile":"fiori"}"#).profile == .fiori)
    #expect(try parse(#"{"profile":{"name":"fiori"}}"#).profile == .fiori)
  }

  @Test func badProfileObjects() {
    func error(_ text: String) -> String? {
      do {
        _ = try parse(text)
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      error(#"{"profile":{"base":"uikit"}}"#)
        == #"h.json:1:12: expected the key "name" in "profile", found none"#)
    #expect(
      error(#"{"profile":{"name":"mine"}}"#)
        == #"h.json:1:12: expected the key "base" (the built-in profile to start from) in "#
        + #""profile", found none"#)
    #expect(
      error(#"{"profile":{"name":"a","base":"material"}}"#)
        == #"h.json:1:31: expected a built-in profile (uikit, legacy, fiori, android) for "#
        + #""profile.base", found "material""#)
    #expect(
      error(#"{"profile":{"name":"android","followUp":true}}"#)
        == #"h.json:1:41: expected "twoPageToggle" and "followUp" only with the tap rule "#
        + #"dotSide, found a profile whose controlTap is jumpToSlot"#)
    #expect(
      error(#"{"profile":{"name":"uikit","scrubDelya":1}}"#)
        == #"h.json:1:28: expected a key of a profile object in "profile", found the unknown "#
        + #"key "scrubDelya" (did you mean "scrubDelay"?)"#)
    #expect(
      error(#"{"profile":{"name":"uikit","jogBase":0}}"#)
        == #"h.json:1:38: expected a number > 0 for "profile.jogBase", found 0"#)
    #expect(
      error(#"{"profile":{"name":"uikit","name":"x"}}"#)
        == #"h.json:1:28: expected each key once, found "name" again"#)
    #expect(
      error(#"{"profile":{"name":"uikit","controlTap":"swipe"}}"#)
        == #"h.json:1:41: expected none, dotSide, jumpToSlot or showDetail for "#
        + #""profile.controlTap", found "swipe""#)
    // Neither a string nor an object: the error of before.
    #expect(
      error(#"{"profile":3}"#)
        == #"h.json:1:12: expected a profile (uikit, legacy, fiori, android) for "profile", "#
        + #"found 3"#)
  }

  /// Long names and image names are reserved for (no write past the buffer).
  @Test func longNamesAreWrittenWhole() throws {
    var patch = ConfigurationPatch()
    var custom = Profile.uikit
    custom.name = String(repeating: "\u{1}", count: 3000)  // 6 bytes each once escaped
    patch.profile = custom
    patch.indicatorImages = ["default": String(repeating: "\"", count: 5000)]
    let written = text(patch)
    // `{"pagetrace":1`, `,"profile":{"name":` + the name + `,"base":"uikit"}`,
    // `,"indicatorImages":{"default":` + the image name + `}`, `}`.
    #expect(
      written.utf8.count
        == 14 + (11 + 8 + 2 + 6 * 3000 + 15 + 1) + (20 + 9 + 1 + 2 + 2 * 5000 + 1) + 1)
    #expect(try parse(written) == patch)
  }

  // MARK: Library entry points

  @Test func resolveWithoutAFileToBlame() {
    var patch = ConfigurationPatch()
    #expect(throws: PageControlError.missingField("pages")) { try patch.resolve() }
    patch.pages = 3
    #expect(throws: PageControlError.missingField("control")) { try patch.resolve() }
    patch.control = Self.control
    patch.fps = 0
    #expect(throws: PageControlError.invalidConfiguration("fps")) { try patch.resolve() }
    do {
      _ = try ConfigurationPatch().resolve()
    } catch {
      #expect(error.description == "expected the field pages, found none")
      #expect(!error.description.contains("--config"))
    }
  }

  @Test func textEntryPoints() throws {
    let json = #"{"pages": 8, "control": {"x": 0, "y": 780, "width": 390, "height": 30}}"#
    var expected = ConfigurationPatch()
    expected.pages = 8
    expected.control = Self.control
    #expect(try ConfigurationPatch(json: json) == expected)
    let bytes = Array(json.utf8)
    #expect(try ConfigurationPatch(json: bytes) == expected)
    #expect(try ConfigurationPatch(json: bytes.span) == expected)
    #expect(throws: TraceError.self) { try ConfigurationPatch(json: "{\"pages\": -1}") }
    do {
      _ = try ConfigurationPatch(json: "{\n\"pitch\": 0}", file: "x.json", line: 4)
    } catch {
      #expect(error.description == #"x.json:5:10: expected a number > 0 for "pitch", found 0"#)
    }
  }

  @Test func readingFileThrowsTypedErrors() throws {
    let good = temporaryFile(Array(#"{"pages": 2}"#.utf8))
    let bad = temporaryFile(Array("{\n \"pages\": true}".utf8))
    defer {
      unlink(good)
      unlink(bad)
    }
    #expect(try ConfigurationPatch(readingFile: good).pages == 2)
    do {
      _ = try ConfigurationPatch(readingFile: bad)
      Issue.record("no error")
    } catch {
      guard case .invalid(let error) = error else {
        Issue.record("not a data error: \(error)")
        return
      }
      #expect(error.line == 2 && error.column == 11)
    }
    do {
      _ = try ConfigurationPatch(readingFile: "/nonexistent/phone.json")
      Issue.record("no error")
    } catch {
      #expect(
        error == .unreadable(FileError(.notFound, path: "/nonexistent/phone.json", code: ENOENT)))
      #expect(error.description == "/nonexistent/phone.json: No such file or directory")
    }
    do {
      _ = try ConfigurationPatch(readingFile: good, maximumSize: 5)
      Issue.record("no error")
    } catch {
      guard case .invalid(let error) = error else {
        Issue.record("not a data error: \(error)")
        return
      }
      #expect(error.expected == "a configuration file of at most 5 bytes")
    }
  }

  @Test func decoderTextEntryPoints() throws {
    let line = #"{"t": 0.5, "touch": "down", "id": 1, "x": 20, "y": 795}"#
    var decoder = TraceDecoder(file: "<live>")
    guard case .event(let event, line: 1) = try decoder.decode(line, lineNumber: 1) else {
      Issue.record("not an event")
      return
    }
    #expect(event == PageControlEvent(time: 0.5, .touch(.down, id: 1, x: 20, y: 795)))
    let next = Array(#"{"t": 0.6, "touch": "up", "id": 1, "x": 20, "y": 795}"#.utf8)
    guard case .event(let up, line: 2) = try decoder.decode(next, lineNumber: 2),
      case .event(let again, line: 3) = try decoder.decode(next.span, lineNumber: 3)
    else {
      Issue.record("not events")
      return
    }
    #expect(up == PageControlEvent(time: 0.6, .touch(.up, id: 1, x: 20, y: 795)))
    #expect(again == up)
    do {
      _ = try decoder.decode(#"{"t": "soon"}"#, lineNumber: 9)
      Issue.record("no error")
    } catch {
      #expect(error.description == #"<live>:9:7: expected a number for "t", found "soon""#)
    }
  }

  /// A replay under a configuration made in code ignores the header.
  @Test func replayUnderAConfiguration() throws {
    // The header says 2 pages; the configuration has 8, starting on page 3.
    let trace = """
      {"pagetrace":1,"pages":2,"control":{"x":0,"y":780,"width":390,"height":30}}
      {"t":0,"touch":"down","id":1,"x":300,"y":795}
      {"t":0.05,"touch":"up","id":1,"x":300,"y":795}
      """
    let path = temporaryFile(Array(trace.utf8))
    defer { unlink(path) }
    var configuration = PageControlConfiguration(pages: 8, control: Self.control)
    configuration.current = 3
    struct Transitions: ReplayObserver {
      var pages: [Int] = []
      var begun: PageControlConfiguration?
      mutating func begin(_ configuration: PageControlConfiguration) { begun = configuration }
      mutating func observe(_ record: EngineRecord) {
        if case .transition(let transition) = record.content { pages.append(transition.to) }
      }
    }
    var observer = Transitions()
    var reader = try TraceReader(opening: path)
    let outcome = TraceReplay(.init(configuration: configuration)).run(
      &reader, observer: &observer
    ) { Issue.record("reported \($0)") }
    #expect(outcome.failure == nil)
    #expect(observer.begun == configuration)
    // A tap right of the current dot (x 300 > the centre of dot 3) goes to page 4.
    #expect(observer.pages == [4])
  }

  // MARK: Properties

  /// A number a key may hold: mostly whole or short decimals, sometimes any bits in range.
  static func number(_ random: inout SplitMix64, positive: Bool) -> Double {
    switch random.next(below: 4) {
    case 0: return Double(random.next(below: 1000) + (positive ? 1 : 0))
    case 1: return Double(random.next(below: 100_000) + 1) / 1000
    case 2: return Double(random.next() >> 11) * 0x1p-53 * 1e6 + (positive ? 1e-300 : 0)
    default: return Double(random.next() >> 11) * 0x1p-53 + (positive ? 0x1p-60 : 0)
    }
  }

  static func rect(_ random: inout SplitMix64) -> Rect {
    Rect(
      x: number(&random, positive: false) - 500, y: number(&random, positive: false),
      width: number(&random, positive: false), height: number(&random, positive: false))
  }

  static func string(_ random: inout SplitMix64) -> String {
    let alphabet = Array("ab\"\\\n\u{1}é😀 .-_".unicodeScalars)
    var text = ""
    for _ in 0..<random.next(below: 8) {
      text.unicodeScalars.append(alphabet[random.next(below: alphabet.count)])
    }
    return text
  }

  static func constants(_ random: inout SplitMix64) -> InteractionConstants {
    var constants = InteractionConstants()
    for (_, path, positive) in _ProfileKey.constants where random.next(below: 2) == 0 {
      constants[keyPath: path] = number(&random, positive: positive)
    }
    return constants
  }

  static func profile(_ random: inout SplitMix64) -> Profile {
    var profile = Profile.builtIn[random.next(below: Profile.builtIn.count)]
    if random.next(below: 3) == 0 { return profile }
    if random.next(below: 2) == 0 { profile.name = string(&random) }
    if random.next(below: 2) == 0 {
      let rules: [Profile.TapRule?] = [
        nil, .jumpToSlot, .showDetail,
        .dotSide(twoPageToggle: random.next(below: 2) == 0, followUp: random.next(below: 2) == 0),
      ]
      profile.controlTap = rules[random.next(below: rules.count)]
    }
    for (_, path) in _ProfileKey.flags where random.next(below: 3) == 0 {
      profile[keyPath: path].toggle()
    }
    profile.constants = constants(&random)
    return profile
  }

  static func patch(_ random: inout SplitMix64) -> ConfigurationPatch {
    var patch = ConfigurationPatch()
    func maybe() -> Bool { random.next(below: 2) == 0 }
    if maybe() { patch.profile = profile(&random) }
    if maybe() { patch.pages = random.next(below: PageControlConfiguration.maximumPages + 1) }
    if maybe() { patch.current = random.next(below: 2000) - 1000 }
    if maybe() { patch.control = rect(&random) }
    if maybe() { patch.container = rect(&random) }
    if maybe() {
      patch.direction =
        [.leftToRight, .rightToLeft, .topToBottom, .bottomToTop][
          random.next(below: 4)]
    }
    if maybe() { patch.style = [.automatic, .prominent, .minimal][random.next(below: 3)] }
    if maybe() { patch.continuous = maybe() }
    if maybe() { patch.hidesForSinglePage = maybe() }
    if maybe() { patch.enabled = maybe() }
    if maybe() { patch.pitch = number(&random, positive: true) }
    if maybe() { patch.padding = number(&random, positive: false) }
    if maybe() { patch.fps = number(&random, positive: true) }
    if maybe() { patch.voiceOver = maybe() }
    if maybe() {
      var durations: [Int: Double] = [:]
      for _ in 0..<random.next(below: 4) {
        durations[random.next(below: 100)] =
          TimerProgress.minimumDuration + number(&random, positive: false)
      }
      patch.progress = TimerProgress(
        duration: TimerProgress.minimumDuration + number(&random, positive: false),
        pageDurations: durations, resetsToInitialPageAfterEnd: maybe())
    }
    if maybe() { patch.placement = maybe() ? .content : .header }
    if maybe() {
      var images: [String: String] = [:]
      for _ in 0..<random.next(below: 3) { images[string(&random)] = string(&random) }
      patch.indicatorImages = images
    }
    for (_, path, positive) in _ProfileKey.constants where maybe() {
      let key: WritableKeyPath<ConfigurationPatch, Double?>
      switch path {
      case \.scrubDelay: key = \.scrubDelay
      case \.scrubTravel: key = \.scrubTravel
      case \.followUpWindow: key = \.followUpWindow
      case \.followUpRadius: key = \.followUpRadius
      case \.animationDuration: key = \.animationDuration
      case \.flickVelocity: key = \.flickVelocity
      case \.edgeStepRate: key = \.edgeStepRate
      case \.jogBase: key = \.jogBase
      case \.jogMaxRate: key = \.jogMaxRate
      case \.rubberBand: key = \.rubberBand
      case \.swipeDistance: key = \.swipeDistance
      default: key = \.swipeVelocity
      }
      patch[keyPath: key] = number(&random, positive: positive)
    }
    return patch
  }

  @Test func everyPatchReadsBackEqual() throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("ConfigurationRoundTripTests.everyPatchReadsBackEqual seed \(seed)")
    var random = SplitMix64(seed: seed)
    for index in 0..<3000 {
      let patch = Self.patch(&random)
      let written = text(patch)
      let back = try parse(written)
      #expect(back == patch, "seed \(seed), patch \(index): \(written)")
      #expect(text(back) == written, "seed \(seed), patch \(index)")
      if back != patch { return }
    }
  }

  @Test func everyConfigurationReadsBackEqual() throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("ConfigurationRoundTripTests.everyConfigurationReadsBackEqual seed \(seed)")
    var random = SplitMix64(seed: seed)
    for index in 0..<3000 {
      var configuration = PageControlConfiguration(
        pages: random.next(below: 100), control: Self.rect(&random))
      var patch = Self.patch(&random)
      patch.pages = nil
      patch.control = nil
      configuration = try ConfigurationPatch(configuration).merging(patch).resolve()
      configuration.profile = Self.profile(&random)
      let full = ConfigurationPatch(configuration)
      #expect(try full.resolve() == configuration, "seed \(seed), configuration \(index)")
      let written = text(full)
      let back = try parse(written).resolve()
      #expect(back == configuration, "seed \(seed), configuration \(index): \(written)")
      if back != configuration { return }
    }
  }
}
