import PageTrace

extension ConfigurationPatch {
  /// The canonical JSON text of the patch: one line, no newline.
  ///
  /// It is the header line of a JSON Lines trace (docs/behaviour/, "Header" and "Configuration
  /// precedence") and the configuration of a binary trace, and it is also a valid `--config` file:
  /// `{"pagetrace":1` followed by the keys that are set, in the order of docs/behaviour/configuration.md,
  /// "Configuration keys" and then "Interaction constants". Frames are
  /// `{"x":…,"y":…,"width":…,"height":…}`; `progress` is
  /// `{"duration":…,"pageDurations":{…},"resetsToInitialPageAfterEnd":…}` with its pages in
  /// increasing order (`pageDurations` only when not empty); `direction` is written `ltr`, never
  /// `natural`; `profile` is a built-in profile's name, or for any other ``PageTrace/Profile`` (a
  /// custom one, or a built-in one with changed flags or constants) the profile object of
  /// docs/behaviour/profiles.md, "Custom profiles". Numbers are in their shortest round-tripping form,
  /// so parsing the text with ``init(json:file:line:)-(UnsafeRawBufferPointer,_,_)`` gives back
  /// an equal patch, whatever its profile. A non-finite number, which JSON cannot hold, is
  /// written `null` and makes the text unreadable.
  ///
  /// ```swift
  /// var patch = ConfigurationPatch()
  /// patch.pages = 8
  /// patch.control = Rect(x: 0, y: 780, width: 390, height: 30)
  /// String(decoding: patch.jsonBytes(), as: UTF8.self)
  /// // {"pagetrace":1,"pages":8,"control":{"x":0,"y":780,"width":390,"height":30}}
  /// ```
  public func jsonBytes() -> [UInt8] {
    var buffer = _OutputBuffer(capacity: 256)
    buffer.appendConfiguration(self)
    return Array(UnsafeRawBufferPointer(start: buffer.start, count: buffer.count))
  }
}

extension _OutputBuffer {
  /// The most bytes ``appendConfiguration(_:)`` writes for a patch.
  static func maximumConfigurationLength(_ patch: ConfigurationPatch) -> Int {
    // 29 keys of at most 24 bytes with a number each, two frames, the progress object; the
    // profile object and the image names reserve their own room.
    4096 + (patch.progress?.pageDurations.count ?? 0) * (2 * maximumNumberLength + 8)
      + (patch.profile.map(maximumProfileLength) ?? 0)
      + (patch.indicatorImages ?? [:]).reduce(0) { total, image in
        total + maximumJSONStringLength(utf8Count: image.key.utf8.count)
          + maximumJSONStringLength(utf8Count: image.value.utf8.count) + 1
      }
  }

  /// Appends the canonical JSON object of a patch (see ``ConfigurationPatch/jsonBytes()``).
  mutating func appendConfiguration(_ patch: ConfigurationPatch) {
    reserve(Self.maximumConfigurationLength(patch))
    append("{\"pagetrace\":1")
    if let profile = patch.profile {
      append(",\"profile\":")
      appendProfile(profile)
    }
    if let pages = patch.pages {
      append(",\"pages\":")
      appendInteger(pages)
    }
    if let current = patch.current {
      append(",\"current\":")
      appendInteger(current)
    }
    if let control = patch.control {
      append(",\"control\":")
      appendRect(control)
    } else if patch.withoutControl == true {
      append(",\"control\":null")
    }
    if let container = patch.container {
      append(",\"container\":")
      appendRect(container)
    }
    if let direction = patch.direction {
      append(",\"direction\":")
      appendJSONString(direction.rawValue)
    }
    if let style = patch.style {
      append(",\"style\":")
      appendJSONString(style.rawValue)
    }
    appendBool(",\"continuous\":", patch.continuous)
    appendBool(",\"hidesForSinglePage\":", patch.hidesForSinglePage)
    appendBool(",\"enabled\":", patch.enabled)
    appendNumber(",\"pitch\":", patch.pitch)
    appendNumber(",\"padding\":", patch.padding)
    appendNumber(",\"fps\":", patch.fps)
    appendBool(",\"voiceOver\":", patch.voiceOver)
    if let progress = patch.progress {
      append(",\"progress\":{\"duration\":")
      appendNumber(progress.duration)
      if !progress.pageDurations.isEmpty {
        append(",\"pageDurations\":{")
        for (index, page) in progress.pageDurations.keys.sorted().enumerated() {
          if index > 0 { append(_ASCII.comma) }
          append(_ASCII.quote)
          appendInteger(page)
          append("\":")
          appendNumber(progress.pageDurations[page]!)
        }
        append(_ASCII.rightBrace)
      }
      append(
        progress.resetsToInitialPageAfterEnd
          ? ",\"resetsToInitialPageAfterEnd\":true}" : ",\"resetsToInitialPageAfterEnd\":false}")
    }
    if let placement = patch.placement {
      append(",\"placement\":")
      appendJSONString(placement.rawValue)
    }
    if let images = patch.indicatorImages {
      append(",\"indicatorImages\":{")
      for (index, key) in images.keys.sorted().enumerated() {
        if index > 0 { append(",") }
        appendJSONString(key)
        append(":")
        appendJSONString(images[key]!)
      }
      append("}")
    }
    appendNumber(",\"scrubDelay\":", patch.scrubDelay)
    appendNumber(",\"scrubTravel\":", patch.scrubTravel)
    appendNumber(",\"followUpWindow\":", patch.followUpWindow)
    appendNumber(",\"followUpRadius\":", patch.followUpRadius)
    appendNumber(",\"animationDuration\":", patch.animationDuration)
    appendNumber(",\"flickVelocity\":", patch.flickVelocity)
    appendNumber(",\"edgeStepRate\":", patch.edgeStepRate)
    appendNumber(",\"jogBase\":", patch.jogBase)
    appendNumber(",\"jogMaxRate\":", patch.jogMaxRate)
    appendNumber(",\"rubberBand\":", patch.rubberBand)
    appendNumber(",\"swipeDistance\":", patch.swipeDistance)
    appendNumber(",\"swipeVelocity\":", patch.swipeVelocity)
    append(_ASCII.rightBrace)
  }

  private mutating func appendRect(_ rect: Rect) {
    append("{\"x\":")
    appendNumber(rect.x)
    append(",\"y\":")
    appendNumber(rect.y)
    append(",\"width\":")
    appendNumber(rect.width)
    append(",\"height\":")
    appendNumber(rect.height)
    append(_ASCII.rightBrace)
  }

  private mutating func appendBool(_ key: StaticString, _ value: Bool?) {
    guard let value else { return }
    append(key)
    append(value ? "true" : "false")
  }

  private mutating func appendNumber(_ key: StaticString, _ value: Double?) {
    guard let value else { return }
    append(key)
    appendNumber(value)
  }
}
