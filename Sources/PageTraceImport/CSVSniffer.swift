import PageTrace
import PageTraceIO

/// Finds the layout of CSV text and the role of each column from its values
/// (docs/behaviour/inspect-convert-generate.md, "Inspection"):
///
/// - the **delimiter** is the one of `,`, tab, `;` and `|` that splits (almost) every line into
///   the same number of fields, two or more (the most fields wins); failing those, runs of
///   spaces (a whitespace-separated log), when two columns hold numbers below the first line;
/// - a **decimal comma** is read when the delimiter is not `,` and some field is a number
///   with a comma for its point (`12,5`);
/// - a **header row** is a first row with a non-number in a column of numbers;
/// - named columns take their role from the name (`t`, `time`, `timestamp`; `phase`, `action`;
///   `x`, `clientX`; `id`, `pointerId`; `session` …);
/// - otherwise the **phase** is the column of phase codes (``CSVImporter/Mapping/defaultPhases``,
///   in any case, or words with down, move, up or cancel in them) that reads most like strokes
///   (down, moves, up) within the groups of some column (a finger id), the **time** the column of numbers that
///   most often grows from row to row, **x** and **y** the first two other columns of numbers
///   that spread over 10 units or more, and the **session** the column with the fewest values
///   under each of which the times grow, when they do not grow in file order already;
/// - a **missing-value marker** (for `--missing`) is a value of the time, x or y column that
///   comes at least twice and lies outside the other values: negative where they are all
///   zero or more, or farther from them than their own range is wide (`-420` among x of
///   0 to 360, `-1` among times since 1970).
struct _CSVSniffer {
  let delimiter: UInt8
  let decimalComma: Bool
  let hasHeader: Bool
  /// The data rows' fields (without quotes and surrounding spaces), with their line numbers.
  let rows: [(fields: [String], line: Int)]
  let header: [String]?
  let lines: [(bytes: [UInt8], number: Int)]
  let columnCount: Int

  init?(_ lines: [(bytes: [UInt8], number: Int)]) {
    let content = lines.filter { !_isBlank($0.bytes) }
    let probe = content.prefix(50)
    var best: (delimiter: UInt8, fields: Int)?
    for delimiter in [",", "\t", ";", "|", " "].map({ UInt8(ascii: UnicodeScalar($0)!) }) {
      // Runs of spaces only when no delimiter of its own splits the lines.
      if delimiter == UInt8(ascii: " ") && best != nil { break }
      let counts = probe.map { line in
        line.bytes.withUnsafeBytes { _Fields($0, delimiter: delimiter).count }
      }
      guard let first = counts.first else { return nil }
      let modal = Dictionary(counts.map { ($0, 1) }, uniquingKeysWith: +).max {
        $0.value < $1.value
      }!
      let consistent = modal.value * 10 >= counts.count * 9
      if modal.key >= 2 && consistent && modal.key >= (best?.fields ?? 0) && first >= 2 {
        best = (delimiter, modal.key)
      }
    }
    guard let best else { return nil }
    // Prose splits into words too: a whitespace-separated log has two columns of numbers.
    if best.delimiter == UInt8(ascii: " ") {
      let rows = content.dropFirst().prefix(50).map {
        Self.fields($0.bytes, delimiter: best.delimiter, count: best.fields)
      }
      let numeric = (0..<best.fields).filter { column in
        let numbers = rows.filter {
          Self.number($0[column], decimalComma: false) != nil
            || Self.number($0[column], decimalComma: true) != nil
        }.count
        return !rows.isEmpty && numbers * 10 >= rows.count * 9
      }
      guard numeric.count >= 2 else { return nil }
    }
    self.delimiter = best.delimiter
    self.columnCount = best.fields
    self.lines = lines
    let split = content.map { line in
      (fields: Self.fields(line.bytes, delimiter: best.delimiter, count: best.fields), line.number)
    }
    // A decimal comma: a field like 12,5 where the comma cannot be the delimiter.
    let decimalComma =
      best.delimiter != UInt8(ascii: ",")
      && split.contains { row in
        row.fields.contains { field in
          field.contains(",") && field.contains(where: \.isNumber)
            && Self.number(field, decimalComma: true) != nil
        }
      }
    self.decimalComma = decimalComma
    // A header: a first row with a non-number where the rows below have numbers.
    let rest = split.dropFirst()
    var header = false
    if let first = split.first, !rest.isEmpty {
      for column in 0..<best.fields {
        let numbers = rest.filter {
          Self.number($0.fields[column], decimalComma: decimalComma) != nil
        }.count
        if numbers * 10 >= rest.count * 9
          && Self.number(first.fields[column], decimalComma: decimalComma) == nil
          && !first.fields[column].isEmpty
        {
          header = true
        }
      }
    }
    self.hasHeader = header
    self.header = header ? split.first?.fields : nil
    self.rows = header ? Array(rest) : split
  }

  static func fields(_ bytes: [UInt8], delimiter: UInt8, count: Int) -> [String] {
    bytes.withUnsafeBytes { raw in
      let fields = _Fields(raw, delimiter: delimiter)
      return (1...count).map { column in
        fields.range(ofColumn: column).map {
          String(decoding: UnsafeRawBufferPointer(rebasing: raw[$0]), as: UTF8.self)
        } ?? ""
      }
    }
  }

  static func number(_ text: String, decimalComma: Bool) -> Double? {
    var text = text
    return text.withUTF8 { _parseDecimal(UnsafeRawBufferPointer($0), decimalComma: decimalComma) }
  }

  func number(_ text: String) -> Double? { Self.number(text, decimalComma: decimalComma) }

  // MARK: Roles

  /// A column's values as numbers (`nil` where a field is not one).
  func numbers(_ column: Int) -> [Double?] { rows.map { number($0.fields[column]) } }

  func isNumeric(_ column: Int) -> Bool {
    let values = numbers(column)
    return !values.isEmpty && values.filter { $0 != nil }.count * 100 >= values.count * 99
  }

  func distinct(_ column: Int) -> Int { Set(rows.map { $0.fields[column] }).count }

  /// A column's role by its header name.
  func namedRole(_ column: Int) -> CSVLayout.Role? {
    guard let name = header?[column] else { return nil }
    let key = String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    let names: [(CSVLayout.Role, Set<String>)] = [
      (
        .time,
        [
          "t", "time", "timestamp", "ts", "timems", "eventtime", "timestampms", "millis", "ms",
          "zeit", "zeitstempel", "temps", "tiempo",
        ]
      ),
      (
        .phase,
        [
          "phase", "action", "actiontype", "eventtype", "event", "type", "state", "aktion",
          "ereignis", "typ",
        ]
      ),
      (.x, ["x", "clientx", "posx", "xcoordinate", "rawx", "screenx", "pagex", "xpos"]),
      (.y, ["y", "clienty", "posy", "ycoordinate", "rawy", "screeny", "pagey", "ypos"]),
      (.id, ["id", "pointerid", "fingerid", "touchid", "finger", "pointer", "trackingid"]),
      (.session, ["session", "sessionid", "sitzung"]),
    ]
    return names.first { $0.1.contains(key) }?.0
  }

  /// The phases of a column's values: the default codes (in any ASCII case), or words that
  /// contain down, move, up or cancel (`pointer_down`); `nil` if a value is neither.
  func phases(_ column: Int) -> [String: TouchPhase]? {
    var map: [String: TouchPhase] = [:]
    for value in Set(rows.map { $0.fields[column] }) {
      let word = value.lowercased()
      if let phase = CSVImporter.Mapping.defaultPhases[word] {
        map[value] = phase
        continue
      }
      let phase: TouchPhase? =
        word.contains("down")
        ? .down
        : word.contains("move")
          ? .move
          : word.contains("up") ? .up : word.contains("cancel") ? .cancel : nil
      guard let phase, !word.isEmpty, !word.allSatisfy(\.isNumber) else { return nil }
      map[value] = phase
    }
    return map.values.contains(.down) && map.values.contains(.up) ? map : nil
  }

  /// Whether a phase map is what the importer reads by default (ignoring ASCII case).
  static func isDefault(_ map: [String: TouchPhase]) -> Bool {
    map.allSatisfy { CSVImporter.Mapping.defaultPhases[$0.key.lowercased()] == $0.value }
  }

  /// How often a column read as phases breaks the order down, moves, up, within the groups
  /// of another column (fingers interleave), or of none.
  func phaseViolations(_ column: Int, _ map: [String: TouchPhase], by group: Int? = nil) -> Int {
    var isDown: [String: Bool] = [:]
    var violations = 0
    for row in rows {
      let key = group.map { row.fields[$0] } ?? ""
      switch map[row.fields[column]] {
      case .down?:
        if isDown[key] == true { violations += 1 }
        isDown[key] = true
      case .move?: if isDown[key] != true { violations += 1 }
      case .up?, .cancel?:
        if isDown[key] != true { violations += 1 }
        isDown[key] = false
      case nil: violations += 1
      }
    }
    return violations
  }

  /// The fewest violations of the phase order over the groupings: none, or by each other
  /// column of 2 to 20 values (a finger id, a session).
  func leastPhaseViolations(_ column: Int, _ map: [String: TouchPhase]) -> Int {
    var least = phaseViolations(column, map)
    for other in 0..<columnCount where other != column && least > 0 {
      let count = distinct(other)
      guard (2...20).contains(count) else { continue }
      least = min(least, phaseViolations(column, map, by: other))
    }
    return least
  }

  /// A marker of missing values in a column of numbers: a value that comes at least twice and
  /// lies outside the others (negative where they are all zero or more, or farther from them
  /// than their range is wide).
  func missingMarker(_ column: Int) -> String? {
    let values = numbers(column).compactMap { $0 }
    guard values.count >= 4 else { return nil }
    var counts: [Double: Int] = [:]
    for value in values { counts[value, default: 0] += 1 }
    for candidate in [values.min()!, values.max()!] where counts[candidate]! >= 2 {
      let others = values.filter { $0 != candidate }
      guard let low = others.min(), let high = others.max() else { continue }
      let range = high - low
      let outside =
        (candidate < 0 && low >= 0 && candidate < low - range / 10)
        || candidate < low - max(range, 1)
        || candidate > high + max(range, 1)
      guard outside else { continue }
      return rows.lazy.map { $0.fields[column] }.first { self.number($0) == candidate }
    }
    return nil
  }

  /// How a column grows within each group (one group when `group` is `nil`): the share of
  /// rows whose value is not below the row before it in the group (what tells a time column),
  /// and how many rows fall below the latest (largest) value before them in the group (what an
  /// importer drops as going back in time).
  func growth(_ column: Int, by group: Int? = nil) -> (share: Double, decreases: Int) {
    let values = numbers(column)
    var previous: [String: Double] = [:]
    var latest: [String: Double] = [:]
    var steps = 0
    var grows = 0
    var decreases = 0
    for (index, value) in values.enumerated() {
      guard let value else { continue }
      let key = group.map { rows[index].fields[$0] } ?? ""
      if let before = previous[key] {
        steps += 1
        if value >= before { grows += 1 }
      }
      previous[key] = value
      if let largest = latest[key], value < largest {
        decreases += 1
      } else {
        latest[key] = value
      }
    }
    return (steps == 0 ? 0 : Double(grows) / Double(steps), decreases)
  }

  /// The roles found, by 0-based column.
  func roles() -> (
    roles: [Int: CSVLayout.Role], phases: [String: TouchPhase]?, notes: [Int: String]
  ) {
    var roles: [Int: CSVLayout.Role] = [:]
    var notes: [Int: String] = [:]
    let columns = Array(0..<columnCount)
    for column in columns {
      if let role = namedRole(column), !roles.values.contains(role) { roles[column] = role }
    }
    func has(_ role: CSVLayout.Role) -> Bool { roles.values.contains(role) }
    func free(_ column: Int) -> Bool { roles[column] == nil }

    // Phase.
    var phaseMap: [String: TouchPhase]?
    if let named = roles.first(where: { $0.value == .phase })?.key {
      phaseMap = phases(named)
      if phaseMap == nil { roles[named] = nil }
    }
    if !has(.phase) {
      let candidates = columns.filter(free).compactMap { column in
        phases(column).map {
          (column: column, map: $0, violations: leastPhaseViolations(column, $0))
        }
      }
      if let best = candidates.min(by: { $0.violations < $1.violations }),
        best.violations * 10 <= rows.count
      {
        roles[best.column] = .phase
        phaseMap = best.map
      }
    }
    // Time.
    if !has(.time) {
      let candidates = columns.filter {
        free($0) && isNumeric($0) && distinct($0) * 10 >= rows.count * 3
      }
      let scored = candidates.map { (column: $0, growth: growth($0).share, distinct: distinct($0)) }
      if let best = scored.max(by: {
        ($0.growth, $0.distinct) < ($1.growth, $1.distinct)
      }), best.growth >= 0.5 {
        roles[best.column] = .time
      }
    }
    // x and y.
    for role in [CSVLayout.Role.x, .y] where !has(role) {
      let candidate = columns.first { column in
        guard free(column), isNumeric(column), distinct(column) >= 3 else { return false }
        let values = numbers(column).compactMap { $0 }
        return (values.max() ?? 0) - (values.min() ?? 0) >= 10
      }
      if let candidate { roles[candidate] = role }
    }
    // Session: only when the times do not grow in file order.
    if let time = roles.first(where: { $0.value == .time })?.key {
      // A few times out of order (one in a thousand) are a recording's quirks, not its order.
      let tolerance = rows.count / 1000
      if let named = roles.first(where: { $0.value == .session })?.key {
        if growth(time, by: named).decreases <= tolerance {
          notes[named] = "each value's times increase"
        }
      } else if growth(time).decreases > tolerance {
        let candidates = columns.filter { column in
          let count = distinct(column)
          return free(column) && count >= 2 && count <= max(2, rows.count / 5)
            && growth(time, by: column).decreases <= tolerance
        }
        if let best = candidates.min(by: { distinct($0) < distinct($1) }) {
          roles[best] = .session
          notes[best] = "each value's times increase"
        }
      }
    }
    for column in columns where roles[column] == nil && distinct(column) == 1 {
      notes[column] = "constant"
    }
    if let phase = roles.first(where: { $0.value == .phase })?.key, let phaseMap {
      let order: [TouchPhase] = [.down, .move, .up, .cancel]
      notes[phase] = phaseMap.sorted {
        (order.firstIndex(of: $0.value)!, $0.key) < (order.firstIndex(of: $1.value)!, $1.key)
      }.map { "\($0.key)=\($0.value.rawValue)" }.joined(separator: " ")
    }
    return (roles, phaseMap, notes)
  }

  /// The times grouped by stroke (a down starts one), per session and finger, in the column's
  /// own unit.
  /// Rows with a missing-value marker in a column (`markers`, by 0-based column) are left out.
  func strokeTimes(
    time: Int, phase: Int?, map: [String: TouchPhase]?, groups: [Int], markers: [Int: String]
  ) -> [[Double]] {
    var open: [[String]: Int] = [:]
    var strokes: [[Double]] = []
    for row in rows where !markers.contains(where: { row.fields[$0.key] == $0.value }) {
      guard let value = number(row.fields[time]) else { continue }
      let key = groups.map { row.fields[$0] }
      let phaseValue = phase.flatMap { map?[row.fields[$0]] }
      if phaseValue == .down || open[key] == nil {
        open[key] = strokes.count
        strokes.append([])
      }
      strokes[open[key]!].append(value)
      if phaseValue == .up || phaseValue == .cancel { open[key] = nil }
    }
    return strokes
  }

  // MARK: The inspection

  func inspection(name: String, path: String, rest: _Rest) -> RecordingInspection {
    let (roles, phaseMap, notes) = roles()
    func column(_ role: CSVLayout.Role) -> Int? { roles.first { $0.value == role }?.key }
    // Markers of missing values in the columns of numbers used, for --missing.
    var markers: [Int: String] = [:]
    for role in [CSVLayout.Role.time, .x, .y] {
      if let index = column(role), let marker = missingMarker(index) { markers[index] = marker }
    }
    var evidence: TimeUnitEvidence?
    if let time = column(.time) {
      let strokes = strokeTimes(
        time: time, phase: column(.phase), map: phaseMap,
        groups: [column(.session), column(.id)].compactMap { $0 }, markers: markers)
      evidence = TimeUnitEvidence(timesByFinger: strokes)
      let durations = strokes.filter { $0.count >= 2 }.map { $0.last! - $0.first! }.sorted()
      evidence?.medianStrokeDuration = durations.isEmpty ? nil : durations[durations.count / 2]
      evidence?.strokes = durations.count
    }
    var layout = CSVLayout(
      delimiter: delimiter, hasHeader: hasHeader,
      columns: (0..<columnCount).map { index in
        var samples: [String] = []
        for row in rows where samples.count < 4 {
          let value = String(row.fields[index].prefix(24))
          if !samples.contains(value) { samples.append(value) }
        }
        var note = notes[index]
        if let marker = markers[index] {
          note = (note.map { "\($0); " } ?? "") + "\(marker) marks a missing value"
        }
        if roles[index] == .time, let evidence, evidence.unitByMagnitude != nil,
          let unit = evidence.unit
        {
          note = "\(unit.name) since 1970"
        }
        return CSVLayout.Column(
          number: index + 1, name: header?[index], samples: samples, role: roles[index],
          note: note)
      }, mapping: nil)
    layout.decimalComma = decimalComma
    layout.missing = Array(Set(markers.values)).sorted()
    if let phaseMap { layout.phases = phaseMap }

    var missing: [String] = []
    for role in [CSVLayout.Role.time, .phase, .x, .y] where column(role) == nil {
      missing.append(role.rawValue)
    }
    let unit = evidence?.unit
    var found: RecordingInspection
    if missing.isEmpty, let unit, let time = column(.time), let phase = column(.phase),
      let x = column(.x), let y = column(.y)
    {
      var mapping = CSVImporter.Mapping(time: time + 1, phase: phase + 1, x: x + 1, y: y + 1)
      mapping.id = column(.id).map { .number($0 + 1) }
      mapping.session = column(.session).map { .number($0 + 1) }
      mapping.timeUnit = unit
      mapping.delimiter = delimiter
      mapping.hasHeader = hasHeader
      mapping.decimalComma = decimalComma
      mapping.missing = layout.missing
      let isDefaultMap = phaseMap.map(Self.isDefault) ?? true
      if !isDefaultMap, let phaseMap { mapping.phases = phaseMap }
      layout.mapping = mapping
      var command = ["pagetrace", "classify", "--from", "csv"]
      if hasHeader { command.append("--header") }
      if delimiter != UInt8(ascii: ",") { command += ["--delimiter", layout.delimiterArgument] }
      if decimalComma { command.append("--decimal-comma") }
      command += ["--columns", mapping.columnsArgument]
      if !layout.missing.isEmpty {
        command += ["--missing", layout.missing.joined(separator: ",")]
      }
      if !isDefaultMap, let phaseMap {
        command += [
          "--phase-map",
          phaseMap.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.rawValue)" }.joined(
            separator: ","),
        ]
      }
      command += ["--time-unit", unit.rawValue, path]
      found = RecordingInspector._inspectImported(
        lines, name: name, format: .csv, importer: CSVImporter(mapping), command: command,
        rest: rest)
    } else {
      found = RecordingInspection(file: name, format: .csv)
      if !missing.isEmpty {
        found.problems.append(
          "no column looks like \(missing.joined(separator: ", ")): give them with --columns")
      } else {
        found.problems.append(
          "the times do not tell their unit (\(evidence.map { "\($0)" } ?? "no times")): give --time-unit"
        )
      }
    }
    found.csv = layout
    found.timeUnit = unit
    found.timeUnitEvidence = evidence
    return found
  }
}

extension CSVImporter.TimeUnit {
  /// In words: `seconds`, `milliseconds` ….
  public var name: String {
    switch self {
    case .seconds: "seconds"
    case .milliseconds: "milliseconds"
    case .microseconds: "microseconds"
    case .nanoseconds: "nanoseconds"
    }
  }
}

extension CSVImporter.Mapping {
  /// The mapping as `--columns` takes it: `t=4,phase=5,x=7,y=8,id=6,session=3`.
  public var columnsArgument: String {
    var parts = ["t=\(time)", "phase=\(phase)", "x=\(x)", "y=\(y)"]
    if let id { parts.append("id=\(id)") }
    if let session { parts.append("session=\(session)") }
    return parts.joined(separator: ",")
  }
}
