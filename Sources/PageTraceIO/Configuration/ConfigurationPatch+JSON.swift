import PageTrace

extension ConfigurationPatch {
  /// The longest `--config` file read: 1 MiB.
  public static let defaultMaximumFileSize = 1 << 20

  /// Parses one JSON object of configuration keys, e.g. the contents of a `--config` file.
  ///
  /// The keys are those of docs/behaviour/configuration.md, "Configuration keys" plus "Interaction constants". A
  /// `"pagetrace"` key is allowed (with the value 1) but not needed; an unknown key, here or in
  /// `control`, `container` or `progress`, is an error at the key that names the closest known
  /// one (a misspelling such as `"scrubDelya"` must not leave the default in force); a leading
  /// byte order mark is skipped. Values are checked here, so errors point at them.
  ///
  /// ```swift
  /// let text = #"{"pages": 8, "control": {"x": 0, "y": 780, "width": 390, "height": 30}}"#
  /// let patch = try Array(text.utf8).withUnsafeBytes { bytes in
  ///   try ConfigurationPatch(json: bytes, file: "phone.json")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - json: The UTF-8 text, possibly over several lines.
  ///   - file: The name used in errors.
  ///   - line: The line number of the first byte.
  public init(json: UnsafeRawBufferPointer, file: String, line: Int = 1) throws(TraceError) {
    var scanner = _JSONScanner(
      _withoutByteOrderMark(json), file: file, line: line, isWholeFile: true)
    self = try Self._parse(&scanner, isHeader: false)
    try scanner.expectEnd()
  }

  /// Reads and parses a configuration file (a `--config` file), with a typed error.
  ///
  /// ```swift
  /// let patch = try ConfigurationPatch(readingFile: "phone.json")
  /// let configuration = try patch.resolve()
  /// ```
  ///
  /// - Throws: ``ConfigurationFileError/unreadable(_:)`` if the file cannot be opened or read,
  ///   ``ConfigurationFileError/invalid(_:)`` for bad content or a file larger than
  ///   `maximumSize` bytes.
  public init(
    readingFile path: String, maximumSize: Int = defaultMaximumFileSize
  ) throws(ConfigurationFileError) {
    try self.init(readingFile: SystemPath(path), maximumSize: maximumSize)
  }

  /// Reads and parses a configuration file named by its bytes; errors name it as
  /// ``SystemPath/description`` shows it.
  ///
  /// - Throws: As ``init(readingFile:maximumSize:)-(String,_)``.
  public init(
    readingFile path: SystemPath, maximumSize: Int = defaultMaximumFileSize
  ) throws(ConfigurationFileError) {
    let name = path.description
    let bytes: [UInt8]?
    do {
      bytes = try _System.readAll(path, limit: maximumSize)
    } catch {
      throw .unreadable(error)
    }
    guard let bytes else {
      throw .invalid(
        TraceError(
          file: name, line: 1, column: 1,
          expected: "a configuration file of at most \(maximumSize) bytes",
          found: "a larger file"))
    }
    do {
      self = try ConfigurationPatch(json: bytes, file: name)
    } catch {
      throw .invalid(error)
    }
  }

  /// Parses `json` as a configuration when it has a configuration's shape: one JSON object,
  /// over any number of lines, without a `"t"` key. No trace has that shape (it is events,
  /// each with `"t"`, after at most a header line), so `lint` tells configurations from traces
  /// by it, and a configuration with a bad value gets that value's error.
  ///
  /// - Returns: `nil` when the text is not shaped as a configuration.
  /// - Throws: ``TraceError`` for a configuration-shaped text with a bad key or value.
  public init?(ifConfiguration json: UnsafeRawBufferPointer, file: String) throws(TraceError) {
    guard Self._isConfigurationShaped(json) else { return nil }
    try self.init(json: json, file: file)
  }

  /// The file at `path` as a configuration (``init(ifConfiguration:file:)``), or `nil` when
  /// it is not shaped as one, is larger than `maximumSize` bytes, or cannot be read (the
  /// trace reader then says why).
  public init?(
    ifConfigurationFile path: String, maximumSize: Int = defaultMaximumFileSize
  ) throws(TraceError) {
    try self.init(ifConfigurationFile: SystemPath(path), maximumSize: maximumSize)
  }

  /// The file at `path`, named by its bytes, as a configuration
  /// (``init(ifConfigurationFile:maximumSize:)-(String,_)``).
  public init?(
    ifConfigurationFile path: SystemPath, maximumSize: Int = defaultMaximumFileSize
  ) throws(TraceError) {
    guard let bytes = try? _System.readAll(path, limit: maximumSize) else { return nil }
    let name = path.description
    let parsed = bytes.withUnsafeBytes { json in
      Result { () throws(TraceError) in try ConfigurationPatch(ifConfiguration: json, file: name) }
    }
    guard let patch = try parsed.get() else { return nil }
    self = patch
  }

  static func _isConfigurationShaped(_ json: UnsafeRawBufferPointer) -> Bool {
    var scanner = _JSONScanner(_withoutByteOrderMark(json), file: "", line: 1, isWholeFile: true)
    do throws(TraceError) {
      try scanner.beginObject(expected: "an object")
      var isFirst = true
      while let token = try scanner.nextKey(isFirst: &isFirst) {
        if scanner.withBytes(of: token, { $0.elementsEqual("t".utf8) }) { return false }
        try scanner.skipValue(depth: 1)
      }
      try scanner.expectEnd()
      return true
    } catch {
      return false
    }
  }

  /// Parses the object at the scanner's position: a header line (`isHeader`, where
  /// `"pagetrace": 1` is required) or a configuration file.
  static func _parse(
    _ scanner: inout _JSONScanner, isHeader: Bool
  ) throws(TraceError) -> ConfigurationPatch {
    var patch = ConfigurationPatch()
    let objectOffset = scanner.position
    try scanner.beginObject(expected: "a JSON object of configuration keys")
    var seen = Set<_ConfigurationKey>()
    var isFirst = true
    while let token = try scanner.nextKey(isFirst: &isFirst) {
      let name = scanner.withBytes(of: token) { String(decoding: $0, as: UTF8.self) }
      guard let key = _ConfigurationKey(rawValue: name) else {
        throw scanner._unknownKey(
          token, name, of: "a configuration key", _ConfigurationKey.allCases.map(\.rawValue))
      }
      guard seen.insert(key).inserted else { throw scanner.repeatedKey(token) }
      try patch._parseValue(of: key, &scanner)
    }
    if isHeader && !seen.contains(.pagetrace) {
      throw scanner.error(at: objectOffset, expected: "the key \"pagetrace\"", found: "none")
    }
    return patch
  }

  private mutating func _parseValue(
    of key: _ConfigurationKey, _ scanner: inout _JSONScanner
  ) throws(TraceError) {
    let name = key.rawValue
    switch key {
    case .pagetrace:
      let expected = "the format version 1 for \"pagetrace\""
      let version = try scanner.readNumber(expected: expected)
      if version.value != 1 { throw scanner.error(at: version.start, expected: expected) }
    case .profile:
      profile = try Self._parseProfile(&scanner)
    case .pages:
      pages = try scanner.readInteger(
        for: name, minimum: 0, maximum: PageControlConfiguration.maximumPages)
    case .current: current = try scanner.readInteger(for: name)
    case .control:
      // `null` asks for content mode: no control (docs/behaviour/pointer-and-content-swipe.md).
      if scanner.readNull() {
        withoutControl = true
      } else {
        control = try Self._parseRect(&scanner, name)
      }
    case .container: container = try Self._parseRect(&scanner, name)
    case .direction:
      direction = try scanner.readWord(
        expected: "ltr, rtl, ttb, btt or natural for \"direction\"", _Vocabulary.direction)
    case .style:
      style = try scanner.readWord(
        expected: "automatic, prominent or minimal for \"style\"", _Vocabulary.style)
    case .placement:
      placement = try scanner.readWord(
        expected: "content or header for \"placement\"", _Vocabulary.placement)
    case .indicatorImages:
      indicatorImages = try Self._parseImages(&scanner)
    case .continuous: continuous = try scanner.readBool(expected: "true or false for \"\(name)\"")
    case .hidesForSinglePage:
      hidesForSinglePage = try scanner.readBool(expected: "true or false for \"\(name)\"")
    case .enabled: enabled = try scanner.readBool(expected: "true or false for \"\(name)\"")
    case .voiceOver: voiceOver = try scanner.readBool(expected: "true or false for \"\(name)\"")
    case .pitch: pitch = try Self._parseNumber(&scanner, name, .positive)
    case .padding: padding = try Self._parseNumber(&scanner, name, .nonNegative)
    case .fps: fps = try Self._parseNumber(&scanner, name, .positive)
    case .progress: progress = try Self._parseProgress(&scanner)
    case .scrubDelay: scrubDelay = try Self._parseNumber(&scanner, name, .nonNegative)
    case .scrubTravel: scrubTravel = try Self._parseNumber(&scanner, name, .nonNegative)
    case .followUpWindow: followUpWindow = try Self._parseNumber(&scanner, name, .nonNegative)
    case .followUpRadius: followUpRadius = try Self._parseNumber(&scanner, name, .nonNegative)
    case .animationDuration:
      animationDuration = try Self._parseNumber(&scanner, name, .nonNegative)
    case .flickVelocity: flickVelocity = try Self._parseNumber(&scanner, name, .nonNegative)
    case .edgeStepRate: edgeStepRate = try Self._parseNumber(&scanner, name, .positive)
    case .jogBase: jogBase = try Self._parseNumber(&scanner, name, .positive)
    case .jogMaxRate: jogMaxRate = try Self._parseNumber(&scanner, name, .positive)
    case .rubberBand: rubberBand = try Self._parseNumber(&scanner, name, .nonNegative)
    case .swipeDistance: swipeDistance = try Self._parseNumber(&scanner, name, .nonNegative)
    case .swipeVelocity: swipeVelocity = try Self._parseNumber(&scanner, name, .nonNegative)
    }
  }

  /// The range a number must lie in.
  enum _Bound {
    case any, nonNegative, positive
    /// A timer duration: at least ``TimerProgress/minimumDuration``.
    case duration
  }

  static func _parseNumber(
    _ scanner: inout _JSONScanner, _ name: String, _ bound: _Bound
  ) throws(TraceError) -> Double {
    let expected: String
    switch bound {
    case .any: expected = "a number for \"\(name)\""
    case .nonNegative: expected = "a number >= 0 for \"\(name)\""
    case .positive: expected = "a number > 0 for \"\(name)\""
    case .duration: expected = "a number >= \(TimerProgress.minimumDuration) for \"\(name)\""
    }
    let number = try scanner.readNumber(expected: expected)
    let value = number.value
    let isValid: Bool
    switch bound {
    case .any: isValid = true
    case .nonNegative: isValid = value >= 0
    case .positive: isValid = value > 0
    case .duration: isValid = value >= TimerProgress.minimumDuration
    }
    if !isValid { throw scanner.error(at: number.start, expected: expected) }
    return value
  }

  /// `{x, y, width, height}`, all four required, sizes >= 0; no other key.
  private static func _parseRect(
    _ scanner: inout _JSONScanner, _ name: String
  ) throws(TraceError) -> Rect {
    let objectOffset = scanner.position
    try scanner.beginObject(expected: "an object {x, y, width, height} for \"\(name)\"")
    var values: [String: Double] = [:]
    var isFirst = true
    while let token = try scanner.nextKey(isFirst: &isFirst) {
      let key = scanner.withBytes(of: token) { String(decoding: $0, as: UTF8.self) }
      let bound: _Bound
      switch key {
      case "x", "y": bound = .any
      case "width", "height": bound = .nonNegative
      default:
        throw scanner._unknownKey(
          token, key, of: "x, y, width or height in \"\(name)\"", ["x", "y", "width", "height"])
      }
      if values[key] != nil { throw scanner.repeatedKey(token) }
      values[key] = try _parseNumber(&scanner, "\(name).\(key)", bound)
    }
    for key in ["x", "y", "width", "height"] where values[key] == nil {
      throw scanner.error(
        at: objectOffset, expected: "the key \"\(key)\" in \"\(name)\"", found: "none")
    }
    return Rect(
      x: values["x"]!, y: values["y"]!, width: values["width"]!, height: values["height"]!)
  }

  /// `{duration, pageDurations, resetsToInitialPageAfterEnd}`; `duration` is required; no other
  /// key.
  private static func _parseProgress(_ scanner: inout _JSONScanner) throws(TraceError)
    -> TimerProgress
  {
    let objectOffset = scanner.position
    try scanner.beginObject(
      expected: "an object {duration, pageDurations, resetsToInitialPageAfterEnd} for \"progress\"")
    var duration: Double?
    var pageDurations: [Int: Double]?
    var resets: Bool?
    var isFirst = true
    while let token = try scanner.nextKey(isFirst: &isFirst) {
      let key = scanner.withBytes(of: token) { String(decoding: $0, as: UTF8.self) }
      let isRepeated: Bool
      switch key {
      case "duration":
        isRepeated = duration != nil
        if !isRepeated { duration = try _parseNumber(&scanner, "progress.duration", .duration) }
      case "pageDurations":
        isRepeated = pageDurations != nil
        if !isRepeated { pageDurations = try _parsePageDurations(&scanner) }
      case "resetsToInitialPageAfterEnd":
        isRepeated = resets != nil
        if !isRepeated {
          resets = try scanner.readBool(
            expected: "true or false for \"progress.resetsToInitialPageAfterEnd\"")
        }
      default:
        throw scanner._unknownKey(
          token, key, of: "duration, pageDurations or resetsToInitialPageAfterEnd in \"progress\"",
          ["duration", "pageDurations", "resetsToInitialPageAfterEnd"])
      }
      if isRepeated { throw scanner.repeatedKey(token) }
    }
    guard let duration else {
      throw scanner.error(
        at: objectOffset, expected: "the key \"duration\" in \"progress\"", found: "none")
    }
    return TimerProgress(
      duration: duration, pageDurations: pageDurations ?? [:],
      resetsToInitialPageAfterEnd: resets ?? false)
  }

  /// `{"default": "dot", "3": "star"}`: image names by page or `default` (lint only).
  private static func _parseImages(_ scanner: inout _JSONScanner) throws(TraceError)
    -> [String: String]
  {
    try scanner.beginObject(expected: "an object of image names for \"indicatorImages\"")
    var images: [String: String] = [:]
    var isFirst = true
    while let token = try scanner.nextKey(isFirst: &isFirst) {
      let key = scanner.withBytes(of: token) { String(decoding: $0, as: UTF8.self) }
      let name = try scanner.readString(expected: "an image name for \"indicatorImages\"")
      images[key] = scanner.withBytes(of: name) { String(decoding: $0, as: UTF8.self) }
    }
    return images
  }

  /// `{"2": 5.0, …}`: 0-based page numbers (decimal, no leading zeros) to durations > 0.
  private static func _parsePageDurations(_ scanner: inout _JSONScanner) throws(TraceError)
    -> [Int: Double]
  {
    try scanner.beginObject(expected: "an object of page durations for \"pageDurations\"")
    var durations: [Int: Double] = [:]
    var isFirst = true
    while let token = try scanner.nextKey(isFirst: &isFirst) {
      let page = scanner.withBytes(of: token) { bytes -> Int? in
        guard !bytes.isEmpty, bytes.count <= 15, bytes.allSatisfy(_ASCII.isDigit),
          bytes[0] != _ASCII.zero || bytes.count == 1
        else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - _ASCII.zero) }
      }
      guard let page else {
        throw scanner.error(
          at: token.offset, expected: "a 0-based page number as a key of \"pageDurations\"")
      }
      if durations[page] != nil { throw scanner.repeatedKey(token, expected: "each page once") }
      durations[page] = try _parseNumber(&scanner, "pageDurations.\(page)", .duration)
    }
    return durations
  }
}

extension _JSONScanner {
  /// The error for `name`, a key at `token` that is not one of `known`: at the key, naming the
  /// closest known key when there is a likely one (docs/behaviour/configuration.md, "Configuration checks").
  func _unknownKey(
    _ token: _StringToken, _ name: String, of expected: String, _ known: [String]
  ) -> TraceError {
    let guess = _closest(to: name, in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
    return error(
      at: token.offset, expected: expected,
      found: "the unknown key \(excerpt(at: token.offset))\(guess)")
  }
}

/// Why `text` is not one whole, well-formed JSON value (`nil` when it is): for a flag whose
/// value is JSON (`--timer '{…}'`), so that a malformed value is called malformed.
package func _jsonValueError(_ text: String, name: String) -> TraceError? {
  var text = text
  return text.withUTF8 { bytes in
    var scanner = _JSONScanner(
      UnsafeRawBufferPointer(bytes), file: name, line: 1, isWholeFile: true)
    do throws(TraceError) {
      try scanner.skipValue(depth: 0)
      try scanner.expectEnd()
      return nil
    } catch {
      return error
    }
  }
}

/// `text` without a leading UTF-8 byte order mark.
private func _withoutByteOrderMark(_ text: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
  text.starts(with: [0xEF, 0xBB, 0xBF]) ? UnsafeRawBufferPointer(rebasing: text.dropFirst(3)) : text
}

/// The configuration keys, by their names in JSON.
enum _ConfigurationKey: String, CaseIterable, Sendable {
  case pagetrace, profile, pages, current, control, container, direction, style, continuous
  case hidesForSinglePage, enabled, pitch, padding, fps, voiceOver, progress, placement
  case indicatorImages
  case scrubDelay, scrubTravel, followUpWindow, followUpRadius, animationDuration, flickVelocity
  case edgeStepRate, jogBase, jogMaxRate, rubberBand, swipeDistance, swipeVelocity
}
