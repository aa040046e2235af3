import PageTrace

// The `"profile"` value (docs/behaviour/profiles.md, "Custom profiles"): a built-in profile's name, or an
// object that changes a built-in profile's flags and constants, so that every ``Profile`` has a
// JSON form and ``ConfigurationPatch/jsonBytes()`` reads back as an equal patch.

/// The keys of a profile object, in the order they are written.
enum _ProfileKey: String, CaseIterable, Sendable {
  case name, base, controlTap, twoPageToggle, followUp, tapsMayTravel, controlScrub
  case controlSwipe, contentSwipe, contentTapShowsDetail, pointerClick, windowing
  case scrubDelay, scrubTravel, followUpWindow, followUpRadius, animationDuration, flickVelocity
  case edgeStepRate, jogBase, jogMaxRate, rubberBand, swipeDistance, swipeVelocity

  /// The flags of ``Profile`` that are plain booleans.
  static var flags: [(_ProfileKey, WritableKeyPath<Profile, Bool>)] {
    [
      (.tapsMayTravel, \.tapsMayTravel), (.controlScrub, \.controlScrub),
      (.controlSwipe, \.controlSwipe), (.contentSwipe, \.contentSwipe),
      (.contentTapShowsDetail, \.contentTapShowsDetail), (.pointerClick, \.pointerClick),
      (.windowing, \.windowing),
    ]
  }

  /// The interaction constants, with whether they must be above 0 (else at least 0).
  static var constants: [(_ProfileKey, WritableKeyPath<InteractionConstants, Double>, Bool)] {
    [
      (.scrubDelay, \.scrubDelay, false), (.scrubTravel, \.scrubTravel, false),
      (.followUpWindow, \.followUpWindow, false), (.followUpRadius, \.followUpRadius, false),
      (.animationDuration, \.animationDuration, false), (.flickVelocity, \.flickVelocity, false),
      (.edgeStepRate, \.edgeStepRate, true), (.jogBase, \.jogBase, true),
      (.jogMaxRate, \.jogMaxRate, true), (.rubberBand, \.rubberBand, false),
      (.swipeDistance, \.swipeDistance, false), (.swipeVelocity, \.swipeVelocity, false),
    ]
  }
}

/// The word of a tap rule in a profile object (`"controlTap"`), `none` for no rule.
enum _TapWord: String, CaseIterable, Sendable {
  case none, dotSide, jumpToSlot, showDetail

  init(_ rule: Profile.TapRule?) {
    switch rule {
    case nil: self = .none
    case .dotSide: self = .dotSide
    case .jumpToSlot: self = .jumpToSlot
    case .showDetail: self = .showDetail
    }
  }
}

extension Profile {
  /// The built-in profile a profile object is written against: the built-in of the same
  /// name, else the built-in that differs from it in the fewest fields (the first such of
  /// ``Profile/builtIn``).
  var _base: Profile {
    if let named = Profile.named(name) { return named }
    var best = Profile.builtIn[0]
    var fewest = Int.max
    for candidate in Profile.builtIn {
      let count = _differences(from: candidate)
      if count < fewest { (best, fewest) = (candidate, count) }
    }
    return best
  }

  /// How many of the fields written in a profile object differ from `base`'s.
  private func _differences(from base: Profile) -> Int {
    var count = controlTap == base.controlTap ? 0 : 1
    for (_, path) in _ProfileKey.flags where self[keyPath: path] != base[keyPath: path] {
      count += 1
    }
    for (_, path, _) in _ProfileKey.constants
    where constants[keyPath: path] != base.constants[keyPath: path] {
      count += 1
    }
    return count
  }

  /// Whether the profile is a built-in one, unchanged (then written as its name alone).
  var _isBuiltIn: Bool { Profile.named(name) == self }
}

extension ConfigurationPatch {
  /// Parses the value of `"profile"`: a built-in name, or a profile object.
  static func _parseProfile(_ scanner: inout _JSONScanner) throws(TraceError) -> Profile {
    scanner.skipWhitespace()
    guard scanner.current == _ASCII.leftBrace else {
      return try scanner.readWord(
        expected: "a profile (uikit, legacy, fiori, android) for \"profile\"", _Vocabulary.profile)
    }
    let objectOffset = scanner.position
    try scanner.beginObject(expected: "a profile object for \"profile\"")
    var seen = Set<_ProfileKey>()
    var name: String?
    var base: Profile?
    var tap: (word: _TapWord, offset: Int)?
    var twoPageToggle: (value: Bool, offset: Int)?
    var followUp: (value: Bool, offset: Int)?
    var flags: [(WritableKeyPath<Profile, Bool>, Bool)] = []
    var constants: [(WritableKeyPath<InteractionConstants, Double>, Double)] = []
    var isFirst = true
    while let token = try scanner.nextKey(isFirst: &isFirst) {
      let text = scanner.withBytes(of: token) { String(decoding: $0, as: UTF8.self) }
      guard let key = _ProfileKey(rawValue: text) else {
        throw scanner._unknownKey(
          token, text, of: "a key of a profile object in \"profile\"",
          _ProfileKey.allCases.map(\.rawValue))
      }
      guard seen.insert(key).inserted else {
        throw scanner.error(
          at: token.offset, expected: "each key once",
          found: "\(scanner.excerpt(at: token.offset)) again")
      }
      let path = "profile.\(key.rawValue)"
      switch key {
      case .name:
        let value = try scanner.readString(expected: "a string for \"\(path)\"")
        name = scanner.withBytes(of: value) { String(decoding: $0, as: UTF8.self) }
      case .base:
        base = try scanner.readWord(
          expected: "a built-in profile (uikit, legacy, fiori, android) for \"\(path)\"",
          _Vocabulary.profile)
      case .controlTap:
        scanner.skipWhitespace()
        let offset = scanner.position
        let word = try scanner.readWord(
          expected: "none, dotSide, jumpToSlot or showDetail for \"\(path)\""
        ) { bytes in _TapWord.allCases.first { bytes.elementsEqual($0.rawValue.utf8) } }
        tap = (word, offset)
      case .twoPageToggle, .followUp:
        let offset = scanner.position
        let value = try scanner.readBool(expected: "true or false for \"\(path)\"")
        if key == .twoPageToggle {
          twoPageToggle = (value, offset)
        } else {
          followUp = (value, offset)
        }
      default:
        if let flag = _ProfileKey.flags.first(where: { $0.0 == key }) {
          flags.append((flag.1, try scanner.readBool(expected: "true or false for \"\(path)\"")))
        } else if let constant = _ProfileKey.constants.first(where: { $0.0 == key }) {
          let value = try _parseNumber(&scanner, path, constant.2 ? .positive : .nonNegative)
          constants.append((constant.1, value))
        }
      }
    }
    guard let name else {
      throw scanner.error(
        at: objectOffset, expected: "the key \"name\" in \"profile\"", found: "none")
    }
    guard var profile = base ?? Profile.named(name) else {
      throw scanner.error(
        at: objectOffset,
        expected: "the key \"base\" (the built-in profile to start from) in \"profile\"",
        found: "none")
    }
    profile.name = name
    if let tap {
      switch tap.word {
      case .none: profile.controlTap = nil
      case .jumpToSlot: profile.controlTap = .jumpToSlot
      case .showDetail: profile.controlTap = .showDetail
      case .dotSide:
        if case .dotSide = profile.controlTap {
        } else {
          profile.controlTap = .dotSide(twoPageToggle: false, followUp: false)
        }
      }
    }
    for option in [twoPageToggle, followUp] {
      guard let option else { continue }
      guard case .dotSide(let toggle, let follow) = profile.controlTap else {
        throw scanner.error(
          at: option.offset,
          expected: "\"twoPageToggle\" and \"followUp\" only with the tap rule dotSide",
          found: "a profile whose controlTap is \(_TapWord(profile.controlTap).rawValue)")
      }
      profile.controlTap = .dotSide(
        twoPageToggle: twoPageToggle?.value ?? toggle, followUp: followUp?.value ?? follow)
    }
    for (path, value) in flags { profile[keyPath: path] = value }
    for (path, value) in constants { profile.constants[keyPath: path] = value }
    return profile
  }
}

extension _OutputBuffer {
  /// The most bytes ``appendProfile(_:)`` writes.
  static func maximumProfileLength(_ profile: Profile) -> Int {
    // The name, `base`, `controlTap` and its options, seven flags, twelve constants.
    maximumJSONStringLength(utf8Count: profile.name.utf8.count)
      + 12 * (24 + maximumNumberLength) + 11 * 32 + 64
  }

  /// Appends the value of `"profile"`: a built-in profile's name, or the profile object that
  /// changes the built-in one it starts from (the one of its name, else `uikit`) in only the
  /// fields that differ, in the order of ``_ProfileKey``. The caller reserves
  /// ``maximumProfileLength(_:)`` bytes.
  mutating func appendProfile(_ profile: Profile) {
    if profile._isBuiltIn {
      appendJSONString(profile.name)
      return
    }
    let base = profile._base
    append("{\"name\":")
    appendJSONString(profile.name)
    if Profile.named(profile.name) == nil {
      append(",\"base\":")
      appendJSONString(base.name)
    }
    switch (profile.controlTap, base.controlTap) {
    case (.dotSide(let toggle, let follow), .dotSide(let baseToggle, let baseFollow)):
      if toggle != baseToggle {
        append(toggle ? ",\"twoPageToggle\":true" : ",\"twoPageToggle\":false")
      }
      if follow != baseFollow { append(follow ? ",\"followUp\":true" : ",\"followUp\":false") }
    case (.dotSide(let toggle, let follow), _):
      append(",\"controlTap\":\"dotSide\"")
      append(toggle ? ",\"twoPageToggle\":true" : ",\"twoPageToggle\":false")
      append(follow ? ",\"followUp\":true" : ",\"followUp\":false")
    case (let rule, let baseRule) where rule != baseRule:
      append(",\"controlTap\":")
      appendJSONString(_TapWord(rule).rawValue)
    default:
      break
    }
    for (key, path) in _ProfileKey.flags where profile[keyPath: path] != base[keyPath: path] {
      append(_ASCII.comma)
      appendJSONString(key.rawValue)
      append(profile[keyPath: path] ? ":true" : ":false")
    }
    for (key, path, _) in _ProfileKey.constants
    where profile.constants[keyPath: path] != base.constants[keyPath: path] {
      append(_ASCII.comma)
      appendJSONString(key.rawValue)
      append(_ASCII.colon)
      appendNumber(profile.constants[keyPath: path])
    }
    append(_ASCII.rightBrace)
  }
}
