import PageTrace
import PageTraceIO

/// Reads the start of an input and tells what it is: `pagetrace inspect` (docs/behaviour/inspect-convert-generate.md,
/// "Inspection").
///
/// The format is found from the content, never the name: gzip and the binary trace by their
/// magic bytes, a configuration by its shape, JSON Lines traces and Pointer Events by the keys of
/// their first object, getevent by its bracketed timestamps, CSV by a delimiter that splits
/// every line into the same number of fields. Files of other kinds (PNG, JPEG, GIF, PDF, ZIP,
/// SQLite, executables) are named. For CSV each column gets a role from its values (see
/// ``CSVLayout``), and the unit of the times is read from the data (``TimeUnitEvidence``).
/// What an input holds (events, sessions, touches, time span) is counted by reading it the way
/// the suggested command would.
///
/// ```swift
/// let found = try RecordingInspector.inspect(path: "Traces/examples/touches.csv")
/// found.command?.joined(separator: " ")
/// // pagetrace classify --from csv --columns t=4,phase=5,x=7,y=8,session=3 --time-unit ms …
/// ```
public enum RecordingInspector {
  /// The lines (records) read by default: the first 10,000.
  public static let defaultLineLimit = 10_000
  /// The most bytes of text kept for inspection, whatever the line limit: 8 MiB.
  public static let byteLimit = 8 << 20

  /// Inspects the input at `path` (`-` for standard input).
  ///
  /// - Parameters:
  ///   - path: The input: a path, or `-` for standard input.
  ///   - lineLimit: The lines (records) to read; `nil` reads everything, telling the format
  ///     from the first ``defaultLineLimit`` lines (at most ``byteLimit`` bytes of them) and
  ///     counting on through the rest without keeping it: memory does not grow with the input.
  /// - Throws: ``PageTraceIO/FileError`` if the input cannot be opened or read.
  public static func inspect(
    path: String, lineLimit: Int? = defaultLineLimit
  ) throws(FileError) -> RecordingInspection {
    let name = TraceReader.displayName(of: path)
    if path != "-", !TraceReader.isDirectory(path) {
      do throws(TraceError) {
        if let patch = try ConfigurationPatch(ifConfigurationFile: path) {
          var found = RecordingInspection(file: name, format: .configuration)
          found.configuration = patch
          found.isComplete = true
          found.command = ["pagetrace", "replay", "--config", path, "TRACE"]
          return found
        }
      } catch {
        var found = RecordingInspection(file: name, format: .configuration)
        found.problems.append(error.description)
        found.isComplete = true
        return found
      }
    }
    var reader = try TraceReader(opening: path)
    let limit = lineLimit ?? .max
    if reader.format == .binary {
      var found = RecordingInspection(file: name, format: .binary)
      found.isGzip = reader.isGzip
      var tally = _Tally()
      found.isComplete = _readItems(&reader, limit: limit, into: &tally, &found)
      tally.finish(&found)
      found.command = ["pagetrace", "replay", path]
      return found
    }
    // The format is told from a sample of bounded size; reading everything only counts on
    // through the rest, line by line, so memory never grows with the input.
    var lines: [(bytes: [UInt8], number: Int)] = []
    var kept = 0
    while lines.count < min(limit, defaultLineLimit) && kept <= byteLimit {
      do {
        guard let line = try reader._nextTextLine() else { break }
        kept += line.bytes.count
        lines.append(line)
      } catch let error as FileError {
        throw error
      } catch {
        // A line over the length limit: no format of text has such lines.
        var found = RecordingInspection(file: name, format: .unknown)
        found.isGzip = reader.isGzip
        found.kind = "binary data or text without line breaks"
        found.problems.append("\(error)")
        found.linesRead = lines.count + 1
        return found
      }
    }
    var next = Result { try reader._nextTextLine() }
    let isSampleComplete = if case .success(nil) = next { true } else { false }
    var linesRead = lines.count
    var restIsComplete = isSampleComplete
    var found = _inspect(text: lines, name: name, path: path) { problems in
      // The rest, read only with no line limit, and only by the formats that count events.
      guard lineLimit == nil, !restIsComplete else { return nil }
      while true {
        switch next {
        case .success(let line?):
          linesRead = line.number
          next = Result { try reader._nextTextLine() }
          return line
        case .success(nil):
          restIsComplete = true
          return nil
        case .failure(let error as FileError):
          if problems.count < 3 { problems.append("\(error)") }
          return nil
        case .failure(let error):
          // A line over the length limit, skipped by the reader.
          if problems.count < 3 { problems.append("\(error)") }
          linesRead = reader.lineNumber
          next = Result { try reader._nextTextLine() }
        }
      }
    }
    if !isSampleComplete && lines.allSatisfy({ _isBlank($0.bytes) }) {
      found.kind = "blank lines, as far as read"
    }
    found.isGzip = reader.isGzip
    found.linesRead = linesRead
    found.isComplete = restIsComplete
    return found
  }

  /// Reads the items of a trace reader (JSON Lines or binary) into `tally`; whether the input
  /// ended within `limit`.
  private static func _readItems(
    _ reader: inout TraceReader, limit: Int, into tally: inout _Tally,
    _ found: inout RecordingInspection
  ) -> Bool {
    while found.linesRead < limit {
      do {
        guard let item = try reader.next() else { return true }
        found.linesRead = reader.lineNumber
        switch item {
        case .blank, .note: break
        case .header(let patch): found.configuration = patch
        case .event(let event, _):
          if !tally.add(event) { reader.forgetNewestSession() }
        }
      } catch {
        found.linesRead = reader.lineNumber
        if found.problems.count < 3 { found.problems.append("\(error)") }
        if error is FileError { return false }
      }
    }
    return false
  }

  /// Inspects lines of text.
  ///
  /// `rest` hands out the lines after them, if they are to be counted too, then `nil`; it may
  /// add a problem (a line too long, a read that failed).
  static func _inspect(
    text lines: [(bytes: [UInt8], number: Int)], name: String, path: String,
    rest: _Rest = { _ in nil }
  ) -> RecordingInspection {
    guard let first = lines.first(where: { !_isBlank($0.bytes) }) else {
      var found = RecordingInspection(file: name, format: .unknown)
      found.kind = "an empty input"
      return found
    }
    if let kind = _knownBinaryKind(first.bytes) {
      var found = RecordingInspection(file: name, format: .unknown)
      found.kind = kind
      return found
    }
    if first.bytes.first == UInt8(ascii: "{") {
      let keys = _topLevelKeys(first.bytes)
      if keys.contains("pagetrace") || keys.contains("t") {
        return _inspectTrace(lines, name: name, path: path, rest: rest)
      }
      if keys.contains("pointerType") || keys.contains("pointerId")
        || (keys.contains("type") && keys.contains("timeStamp"))
      {
        return _inspectImported(
          lines, name: name, format: .pointerEvents, importer: PointerEventsImporter(),
          command: ["pagetrace", "classify", "--from", "pointer-events", path], rest: rest)
      }
      var found = RecordingInspection(file: name, format: .unknown)
      found.kind = "JSON objects that are neither trace events nor Pointer Events"
      return found
    }
    if _isGeteventLine(first.bytes) {
      // With the axis ranges, `--screen` maps to points, but only the user knows the size.
      let survey = GeteventImporter._survey(lines)
      let scaling = survey.hasRanges ? ["--screen", "WIDTH,HEIGHT"] : ["--scale", "1"]
      var found = _inspectImported(
        lines, name: name, format: .getevent, importer: GeteventImporter(scaleX: 1, scaleY: 1),
        command: ["pagetrace", "classify", "--from", "getevent"] + scaling + [path], rest: rest)
      if survey.hasNoTimes {
        // Every event line is refused alike: the first says it, and no command reads it.
        found.problems = Array(found.problems.prefix(1))
        found.command = nil
        return found
      }
      found.timeUnit = .seconds
      if let line = survey.deviceLine { found.problems.append(line) }
      found.problems.append(
        survey.hasRanges
          ? "coordinates are raw device units: put the screen's size in points for WIDTH,HEIGHT in --screen (the capture gives the axis ranges), or give --scale"
          : "coordinates are raw device units: give --scale (points per unit) for points, or record the axis ranges with getevent -lp before the capture for --screen"
      )
      return found
    }
    if let layout = _CSVSniffer(lines) {
      return layout.inspection(name: name, path: path, rest: rest)
    }
    var found = RecordingInspection(file: name, format: .unknown)
    found.kind =
      first.bytes.contains { $0 < 0x09 || $0 == 0x7F } ? "binary data" : "text in no known format"
    return found
  }

  private static func _inspectTrace(
    _ lines: [(bytes: [UInt8], number: Int)], name: String, path: String, rest: _Rest
  ) -> RecordingInspection {
    var found = RecordingInspection(file: name, format: .jsonLines)
    found.timeUnit = .seconds
    var decoder = TraceDecoder(file: name)
    var tally = _Tally()
    func count(_ line: (bytes: [UInt8], number: Int)) {
      do {
        let item = try line.bytes.withUnsafeBytes { bytes in
          try decoder.decode(bytes, lineNumber: line.number)
        }
        switch item {
        case .header(let patch): found.configuration = patch
        case .event(let event, _):
          // A session past those counted leaves its name behind in neither table.
          if !tally.add(event) { decoder.forgetNewestSession() }
        case .blank, .note: break
        }
      } catch {
        if found.problems.count < 3 { found.problems.append("\(error)") }
      }
    }
    for line in lines { count(line) }
    while let line = rest(&found.problems) { count(line) }
    tally.finish(&found)
    found.command = ["pagetrace", "replay", path]
    return found
  }

  /// Runs an importer over the lines, counting what it makes and what it drops.
  static func _inspectImported<Importer: LineImporter>(
    _ lines: [(bytes: [UInt8], number: Int)], name: String,
    format: RecordingInspection.Format, importer: Importer, command: [String],
    rest: _Rest = { _ in nil }
  ) -> RecordingInspection {
    var found = RecordingInspection(file: name, format: format)
    if format == .pointerEvents { found.timeUnit = .milliseconds }
    var importer = importer
    var tally = _Tally()
    var notes = 0
    var firstNote: String?
    func count(_ line: (bytes: [UInt8], number: Int)) {
      do {
        try line.bytes.withUnsafeBytes { bytes in
          try importer.decode(
            bytes, line: line.number, file: name, event: { tally.add($0) },
            note: { note in
              notes += 1
              if firstNote == nil { firstNote = note.description }
            })
        }
      } catch {
        if found.problems.count < 3 { found.problems.append("\(error)") }
      }
    }
    for line in lines { count(line) }
    while let line = rest(&found.problems) { count(line) }
    do {
      try importer.finish(event: { tally.add($0) }, note: { _ in notes += 1 })
    } catch {
      found.problems.append("\(error)")
    }
    if notes > 0, let firstNote {
      found.problems.append(
        "\(notes) \(notes == 1 ? "sample" : "samples") repaired or dropped, the first: \(firstNote)"
      )
    }
    tally.finish(&found)
    found.command = command
    return found
  }
}

/// The lines of an input after its sample, handed out one by one, then `nil`; the argument
/// takes a problem met on the way (a line too long, a read that failed).
typealias _Rest = (inout [String]) -> (bytes: [UInt8], number: Int)?

/// Counts what events hold: sessions (up to ``RecordingInspection/maximumSessionsCounted``),
/// touches that went down, times.
struct _Tally {
  var events = 0
  var sessions: [String?] = []
  var sessionSet: Set<_UTF8Name?> = []
  var touches = 0
  var first = Double.infinity
  var last = -Double.infinity
  var low = (x: Double.infinity, y: Double.infinity)
  var high = (x: -Double.infinity, y: -Double.infinity)

  /// Whether more sessions were seen than counted.
  var hasMoreSessions = false

  /// Counts `event`; `false` if its session is new and past those counted.
  @discardableResult
  mutating func add(_ event: PageControlEvent) -> Bool {
    events += 1
    var isCounted = true
    let session = event.session.map(_UTF8Name.init)
    if sessionSet.count < RecordingInspection.maximumSessionsCounted {
      if sessionSet.insert(session).inserted
        && sessions.count < RecordingInspection.maximumSessionsListed
      {
        sessions.append(event.session)
      }
    } else if !sessionSet.contains(session) {
      hasMoreSessions = true
      isCounted = false
    }
    switch event.action {
    case .touch(.down, _, _, _), .pointer(.down, _, _): touches += 1
    default: break
    }
    switch event.action {
    case .touch(_, _, let x?, let y?), .pointer(_, let x, let y):
      low = (min(low.x, x), min(low.y, y))
      high = (max(high.x, x), max(high.y, y))
    default: break
    }
    first = min(first, event.time)
    last = max(last, event.time)
    return isCounted
  }

  func finish(_ found: inout RecordingInspection) {
    found.events = events
    found.sessions = sessions
    found.sessionCount = sessionSet.count
    found.hasMoreSessions = hasMoreSessions
    found.touches = touches
    found.timeSpan = events > 0 ? first...last : nil
    found.extent =
      low.x <= high.x
      ? Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y) : nil
  }
}

func _isBlank(_ bytes: [UInt8]) -> Bool {
  bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
}

/// What a file that is no recording is, from its first bytes.
func _knownBinaryKind(_ bytes: [UInt8]) -> String? {
  let kinds: [([UInt8], String)] = [
    ([0x89, 0x50, 0x4E, 0x47], "a PNG image"),
    ([0xFF, 0xD8, 0xFF], "a JPEG image"),
    (Array("GIF8".utf8), "a GIF image"),
    (Array("%PDF".utf8), "a PDF document"),
    ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive (an .xlsx or .docx file is one too)"),
    (Array("SQLite format 3".utf8), "an SQLite database"),
    ([0x7F, 0x45, 0x4C, 0x46], "an ELF executable"),
    ([0xFF, 0xFE], "UTF-16 text (PageTrace reads UTF-8)"),
    ([0xFE, 0xFF], "UTF-16 text (PageTrace reads UTF-8)"),
    ([0x28, 0xB5, 0x2F, 0xFD], "Zstandard-compressed data"),
    ([0xFD, 0x37, 0x7A, 0x58, 0x5A], "XZ-compressed data"),
    ([0x42, 0x5A, 0x68], "bzip2-compressed data"),
  ]
  return kinds.first { bytes.starts(with: $0.0) }?.1
}

/// The keys of the JSON object at the start of a line (empty if it is not one).
func _topLevelKeys(_ bytes: [UInt8]) -> Set<String> {
  bytes.withUnsafeBytes { raw in
    var scanner = _JSONScanner(raw, file: "", line: 1, isWholeFile: false)
    var keys: Set<String> = []
    do throws(TraceError) {
      try scanner.beginObject(expected: "an object")
      var isFirst = true
      while let token = try scanner.nextKey(isFirst: &isFirst) {
        keys.insert(scanner.withBytes(of: token) { String(decoding: $0, as: UTF8.self) })
        try scanner.skipValue(depth: 1)
      }
    } catch {}
    return keys
  }
}

/// Whether a line is one `getevent` prints: `[   12345.678901] …` with an event, a device
/// line (`add device 1: /dev/input/event2`), or an event without a time as plain `getevent`
/// prints it (`/dev/input/event2: 0003 0035 00000384`, `EV_ABS ABS_MT_POSITION_X 00000384`),
/// which the importer refuses and the inspection says why.
func _isGeteventLine(_ bytes: [UInt8]) -> Bool {
  let text = String(decoding: bytes.prefix(200), as: UTF8.self)
  if text.hasPrefix("add device ") || text.hasPrefix("could not get driver version") {
    return true
  }
  guard text.hasPrefix("["), let close = text.firstIndex(of: "]") else {
    return _isGeteventEventWithoutTime(text)
  }
  let stamp = text[text.index(after: text.startIndex)..<close].trimmingPrefixSpaces()
  return !stamp.isEmpty && stamp.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
}

/// `[/dev/…:] TYPE CODE VALUE`: a type `EV_…` or 4 hexadecimal digits, a code (a label or 4
/// digits), a value of 8 hexadecimal digits or a key's `DOWN`, `UP`, `REPEAT`.
private func _isGeteventEventWithoutTime(_ text: String) -> Bool {
  var words = text.split(separator: " ")
  if let device = words.first, device.hasPrefix("/dev/"), device.hasSuffix(":") {
    words.removeFirst()
  }
  guard words.count == 3 else { return false }
  func isHex(_ word: Substring, _ count: Int) -> Bool {
    word.count == count && word.allSatisfy { $0.isHexDigit }
  }
  let isType =
    (words[0].hasPrefix("EV_") && words[0].allSatisfy { $0.isUppercase || $0 == "_" })
    || isHex(words[0], 4)
  let isCode =
    isHex(words[1], 4)
    || words[1].allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }
  let isValue = isHex(words[2], 8) || ["DOWN", "UP", "REPEAT"].contains(words[2])
  return isType && isCode && isValue
}

extension Substring {
  fileprivate func trimmingPrefixSpaces() -> Substring { drop { $0 == " " } }
}

extension RecordingInspector {
  /// One line for a trace that could not be read from its first line on, when the input looks
  /// like another format (docs/behaviour/inspect-convert-generate.md, "Inspection"): `this looks like CSV with a header
  /// row; try --from csv --header (pagetrace inspect FILE shows the columns)`. `nil` when the
  /// error is past the input's first line of content, or the input is a trace after all
  /// (standard input, already read, is not looked at again).
  public static func hint(for error: TraceError) -> String? {
    let path = error.file
    guard path != LineReader.standardInputName,
      let found = try? inspect(path: path, lineLimit: 50)
    else { return nil }
    let inspect = "pagetrace inspect \(_shellWord(path))"
    switch found.format {
    case .jsonLines, .binary, .configuration:
      return nil
    case .unknown:
      guard let kind = found.kind, error.line <= 1 else { return nil }
      return "this looks like \(kind), not a trace (\(inspect) tells more)"
    case .csv:
      guard error.line <= 1 + (found.csv?.hasHeader == true ? 1 : 0) else { return nil }
      let header = found.csv?.hasHeader == true
      // The layout's own options too: without them --from csv reads the file wrong again.
      var options = header ? " --header" : ""
      if let layout = found.csv, layout.delimiter != UInt8(ascii: ",") {
        options += " --delimiter \(_shellWord(layout.delimiterArgument))"
      }
      if found.csv?.decimalComma == true { options += " --decimal-comma" }
      return "this looks like CSV\(header ? " with a header row" : ""); try --from csv"
        + options + " (\(inspect) shows the columns)"
    case .getevent:
      return "this looks like an Android getevent capture; try --from getevent (\(inspect))"
    case .pointerEvents:
      guard error.line <= 1 else { return nil }
      return "this looks like W3C Pointer Events; try --from pointer-events (\(inspect))"
    }
  }
}

/// A word as a POSIX shell reads it: as it is when it needs no quoting, else in single quotes.
package func _shellWord(_ word: String) -> String {
  let plain = word.unicodeScalars.allSatisfy {
    ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
      || "_./=,:+-@%".unicodeScalars.contains($0)
  }
  return plain && !word.isEmpty
    ? word
    : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
      + "'"
}
