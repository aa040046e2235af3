import PageTrace
import PageTraceIO

/// A grid of configurations to replay inputs under, and what `sweep` counts under each
/// (docs/behaviour/what-if.md, "Sweeps"): the varied keys (``Axis``), every combination of
/// their values, each as a ``PageTraceIO/ConfigurationPatch`` laid over the inputs' configuration, and the
/// figures of each combination's replay as ``metrics``.
///
/// ```swift
/// let sweep = try Sweep(axes: [Sweep.Axis(parsing: "scrubDelay=0.1:0.3:0.1")])
/// let figures = sweep.replay("Traces/scrub.jsonl", driver: ReplayDriver()) { print($0) }.figures
/// let rows = sweep.rows(totals: figures ?? [])
/// print(Sweep.table(sweep.axes, rows, byFile: false))
/// ```
public struct Sweep: Sendable {
  /// The most combinations of one sweep.
  public static let limit = 10_000

  /// The varied keys, the first varying slowest.
  public let axes: [Axis]
  /// Every combination of value indices, in grid order.
  public let combinations: [[Int]]

  /// A sweep over `axes`.
  ///
  /// - Throws: ``Problem`` if a key is varied twice or the grid is over ``limit``.
  public init(axes: [Axis]) throws(Problem) {
    var keys: Set<String> = []
    for axis in axes where !keys.insert(axis.key).inserted {
      throw Problem(message: "invalid value for '--vary': '\(axis.key)' is varied twice")
    }
    var size = 1
    for axis in axes {
      let (product, overflow) = size.multipliedReportingOverflow(by: axis.values.count)
      size = overflow ? Int.max : product
    }
    if size > Self.limit {
      let factors = axes.map { "\($0.values.count)" }.joined(separator: " × ")
      throw Problem(
        message:
          "the grid has \(size == .max ? "too many" : "\(size)") combinations (\(factors)), more than the limit of \(Self.limit); vary fewer keys or fewer values"
      )
    }
    self.axes = axes
    combinations = Self.grid(axes)
  }

  /// What is wrong with a sweep as asked for, in words for its user.
  public struct Problem: Error, Sendable {
    /// What is wrong, as `pagetrace sweep` says it.
    public var message: String
  }

  /// What ``replay(_:driver:options:memoryBudget:report:)`` did with one input.
  public struct Replayed: Sendable {
    /// The replay's lines, events and failure (of the last pass: every whole pass reads the
    /// same input).
    public var outcome: ReplayDriver.Outcome
    /// Each combination's figures, in grid order; `nil` when the input could not be opened,
    /// the replay failed, or the budget could not be kept (``overBudget``).
    public var figures: [TraceStatistics]?
    /// The replays of the input: 1 when every combination fitted in the budget at once.
    public var passes: Int
    /// Why the budget could not be kept: the grid needed more passes over an input that
    /// cannot be read again (standard input, a pipe).
    public var overBudget: Problem? = nil
  }

  /// The memory a sweep's combinations may take at once by default: 256 MiB.
  public static let defaultMemoryBudget = 256 << 20

  /// What one combination takes while an input is replayed, before its sessions: its
  /// engine, its statistics and its share of the fan-out, measured (Benchmarks/RESULTS.md,
  /// "Memory").
  public static let bytesPerCombination = 12 << 10
  /// What each session of the input adds to each combination: its engine's control and its
  /// statistics' state, measured with ``bytesPerCombination``.
  public static let bytesPerSession = 2 << 10

  /// What each combination keeps for the whole sweep, measured: its patch, its place in the
  /// grid and its figures once its replay is finished. The budget holds room for every
  /// combination's from the start.
  public static let bytesPerResult = 4 << 10

  /// The memory that `combinations` replaying an input of `sessions` sessions take, as the
  /// sweep reckons it.
  public static func estimatedBytes(combinations: Int, sessions: Int) -> Int {
    combinations * (bytesPerCombination + sessions * bytesPerSession)
  }

  /// Replays `input` through `driver` once under every combination, decoding it once
  /// (``PageTraceIO/FanOutReplay``), each combination's figures those of `stats` under it.
  ///
  /// The combinations replayed at once take at most `memoryBudget` bytes
  /// (``estimatedBytes(combinations:sessions:)``), less the room kept for every
  /// combination's figures (``bytesPerResult``): when the whole grid would take more, a
  /// regular file is replayed in several passes, each under as many combinations as fit. How
  /// many fit depends on the sessions, which only reading tells: a pass that outgrows the
  /// budget stops, and is replayed again under fewer. One combination is always replayed,
  /// whatever it takes (as `stats` would). An input that cannot be read again (standard
  /// input) is replayed once, and a grid that outgrows the budget there ends the replay with
  /// ``Replayed/overBudget``. Problems go to `report` once each: a later pass leaves out as
  /// many as the passes before it reported.
  public func replay(
    _ input: SystemPath, driver: ReplayDriver, options: TraceReplay.Options = .init(),
    memoryBudget: Int = Sweep.defaultMemoryBudget, report: (ReplayProblem) -> Void
  ) -> Replayed {
    let variants = self.variants
    let canReadAgain =
      input != .standardStream && _System.identity(ofPath: input)?.isRegular == true
    var figures: [TraceStatistics] = []
    figures.reserveCapacity(combinations.count)
    // The figures of every combination are kept to the end; the replays have the rest.
    let replayBudget = max(1 << 20, memoryBudget - combinations.count * Self.bytesPerResult)
    var perPass = max(1, replayBudget / Self.estimatedBytes(combinations: 1, sessions: 0))
    var passes = 0
    var reported = 0  // problems reported by the passes so far
    var outcome = ReplayDriver.Outcome()
    var options = options
    while figures.count < combinations.count {
      let group = figures.count..<min(combinations.count, figures.count + perPass)
      let statistics = SweepStatistics(configurations: group.count)
      if group.count > 1 { statistics.memoryBudget = replayBudget }
      var observers = statistics.observers
      var seen = 0
      outcome = driver.replay(
        input, options: options, variants: Array(variants[group]), observers: &observers,
        afterEvent: statistics.follow
      ) { problem in
        seen += 1
        if seen > reported { report(problem) }
      }
      reported = max(reported, seen)
      passes += 1
      options.progress = nil  // the progress line counts the first pass
      guard outcome.replay != nil, outcome.failure == nil else {
        return Replayed(outcome: outcome, figures: nil, passes: passes)
      }
      if outcome.replay!.endedEarly {
        guard canReadAgain else {
          let name = input == .standardStream ? "standard input" : input.description
          let problem = Problem(
            message:
              "the sweep of \(combinations.count) combinations over \(name) outgrew --memory \(Self.mebibytes(memoryBudget)) MiB by its session \(statistics.sessionsSeen) (each session takes \(Self.bytesPerSession >> 10) KiB in each combination), and \(name) cannot be read again in passes: give a file instead, raise --memory, or vary fewer values"
          )
          return Replayed(outcome: outcome, figures: nil, passes: passes, overBudget: problem)
        }
        let fits =
          replayBudget / Self.estimatedBytes(combinations: 1, sessions: statistics.sessionsSeen)
        perPass = max(1, min(group.count / 2, fits))
        continue
      }
      for var figure in statistics.statistics(observers) {
        figure._releaseReplayState()
        figures.append(figure)
      }
    }
    return Replayed(outcome: outcome, figures: figures, passes: passes)
  }

  /// Bytes as whole MiB, rounded up, as messages give them.
  public static func mebibytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }

  /// The rows of a sweep in grid order: one per combination of the `totals` (each
  /// combination's figures over every input), or with `perFile` (each input's name and each
  /// combination's ``values(_:)`` on it), each combination's inputs in order.
  public func rows(
    totals: [TraceStatistics], perFile: [(name: String, values: [[Double?]])]? = nil
  ) -> [Row] {
    var rows: [Row] = []
    for index in combinations.indices {
      if let perFile {
        for (name, values) in perFile {
          rows.append(Row(file: name, combination: combinations[index], values: values[index]))
        }
      } else {
        rows.append(
          Row(file: nil, combination: combinations[index], values: Self.values(totals[index])))
      }
    }
    return rows
  }

  /// The value of each of ``metrics`` in `statistics`, in order: what a row keeps of them
  /// (about 300 bytes, where the figures take kilobytes).
  public static func values(_ statistics: TraceStatistics) -> [Double?] {
    metrics.map { $0.value(statistics) }
  }

  /// What a sweep by file keeps of each row until the end, where rows are written in grid
  /// order: the metrics' values and the array's header, in bytes.
  public static let bytesPerFileRow = 320

  /// Each combination as the patch laid over the inputs' configuration.
  public var variants: [ConfigurationPatch] {
    combinations.map { combination in
      var patch = ConfigurationPatch()
      for (axis, index) in zip(axes, combination) { patch.merge(axis.values[index].patch) }
      return patch
    }
  }

  /// The configuration keys that vary: every numeric, boolean or named key.
  public static var varyingKeys: [ConfigurationKey] {
    ConfigurationKey.all.filter { key in
      switch key.kind {
      case .number, .bool, .string: true
      case .frame, .progress: false
      }
    }
  }

  /// One varied key: its values as written in rows and as JSON, and each as a patch.
  public struct Axis: Sendable {
    /// The configuration key.
    public var key: String
    /// Its values: as written in rows, as JSON, and as a patch of the key.
    public var values: [(text: String, json: String, patch: ConfigurationPatch)] = []
    /// Whether the values are numbers (a chart's axis is then to scale).
    public var isNumeric: Bool
    /// Whether the values are `true` and `false`.
    public var isBoolean = false

    /// The key's column in a table: a double, a boolean or a string.
    public var column: TableColumn {
      TableColumn(key, isNumeric ? .double : isBoolean ? .boolean : .string)
    }

    /// The cell of value `index`.
    public func value(_ index: Int) -> TableValue {
      let value = values[index]
      if isNumeric { return .double(Double(value.json)) }
      if isBoolean { return .boolean(value.text == "true") }
      return .string(value.text)
    }
  }

  /// One row of results: a combination (and, by file, an input), and its figures.
  public struct Row: Sendable {
    /// The input's name, in a sweep by file.
    public var file: String?
    /// The index of each axis's value, in axis order.
    public var combination: [Int]
    /// The value of each of ``Sweep/metrics`` under the combination, in order (`nil` where
    /// there is none, such as a mean without scrubs).
    public var values: [Double?]
  }

  /// Every combination of value indices, the first axis varying slowest (the last fastest):
  /// the grid in row order.
  static func grid(_ axes: [Axis]) -> [[Int]] {
    var combinations: [[Int]] = [[]]
    for axis in axes {
      combinations = combinations.flatMap { prefix in axis.values.indices.map { prefix + [$0] } }
    }
    return combinations
  }

}

extension Sweep.Axis {
  /// Reads one `KEY=START:STOP:STEP` (a decimal range, stop included) or `KEY=V1,V2,…`.
  ///
  /// - Throws: ``Sweep/Problem`` naming what is wrong.
  public init(parsing text: String) throws(Sweep.Problem) {
    func failure(_ message: String) -> Sweep.Problem {
      Sweep.Problem(message: "invalid value for '--vary \(text)': \(message)")
    }
    guard let equals = text.firstIndex(of: "=") else {
      throw failure("expected KEY=START:STOP:STEP or KEY=V1,V2,...")
    }
    let name = String(text[..<equals])
    let list = String(text[text.index(after: equals)...])
    let keys = Sweep.varyingKeys
    guard let entry = keys.first(where: { $0.name == name || $0.flag == name }) else {
      let known = keys.map(\.name)
      let suggestion = _suggestion(for: name, in: known + keys.map(\.flag))
        .map { flag in keys.first { $0.flag == flag }?.name ?? flag }
      throw failure(
        "unknown configuration key '\(name)'"
          + (suggestion.map { "; did you mean '\($0)'?" }
            ?? "; keys that vary: \(known.joined(separator: ", "))"))
    }
    var axis = Sweep.Axis(key: entry.name, isNumeric: entry.kind == .number)
    axis.isBoolean = entry.kind == .bool
    let texts: [String]
    if entry.kind == .number, list.contains(":") {
      texts = try Self.range(list, failure)
    } else {
      texts = _listItems(list).map(String.init)
    }
    if texts.isEmpty || texts == [""] { throw failure("no values") }
    for value in texts {
      if value.isEmpty { throw failure("an empty value") }
      // A string is quoted; a number goes through the one number writer, as every number
      // the tool writes (`0.10` is 0.1, `1e0` is 1, `-0.0` is -0.0); a boolean is as given.
      let json =
        switch entry.kind {
        case .string: JSONText.string(value)
        case .number: Double(value).map(JSONText.number) ?? value
        default: value
        }
      let object = "{\"\(entry.name)\":\(json)}"
      let patch: ConfigurationPatch
      do {
        patch = try ConfigurationPatch(json: object, file: "--vary")
      } catch {
        throw failure(
          "'\(value)' is not a valid \(entry.name): expected \(error.expected)"
            + (entry.choices.map { _didYouMean(value, in: $0) } ?? ""))
      }
      if axis.values.contains(where: { $0.text == value }) {
        throw failure("'\(value)' is given twice")
      }
      axis.values.append((value, json, patch))
    }
    self = axis
  }

  /// The values of `START:STOP:STEP`: START + i × STEP while not past STOP, computed exactly in
  /// decimal and written with the most decimals any of the three has.
  static func range(
    _ text: String, _ failure: (String) -> Sweep.Problem
  ) throws(Sweep.Problem) -> [String] {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      throw failure("expected a range START:STOP:STEP, found '\(text)'")
    }
    var parsed: [(digits: Int, decimals: Int)] = []
    for part in parts {
      guard let number = decimal(part) else {
        throw failure("expected a decimal number in the range, found '\(part)'")
      }
      parsed.append(number)
    }
    let decimals = parsed.map(\.decimals).max()!
    func scaled(_ number: (digits: Int, decimals: Int)) -> Int {
      var value = number.digits
      for _ in number.decimals..<decimals { value *= 10 }
      return value
    }
    let (start, stop, step) = (scaled(parsed[0]), scaled(parsed[1]), scaled(parsed[2]))
    guard step != 0 else { throw failure("the step is 0") }
    guard step > 0 ? start <= stop : start >= stop else {
      throw failure(
        "the range is empty: \(parts[0]) to \(parts[1]) by \(parts[2]) takes no value")
    }
    let count = (stop - start) / step + 1
    guard count <= Sweep.limit else {
      throw failure(
        "the range has \(count) values, more than the limit of \(Sweep.limit) combinations")
    }
    return (0..<count).map { index in format(start + index * step, decimals: decimals) }
  }

  /// `-12.50` as (-1250, 2); `nil` unless an optional minus, digits, and optionally a point
  /// and digits (at most 15 significant digits).
  static func decimal(_ text: Substring) -> (digits: Int, decimals: Int)? {
    var digits = 0
    var decimals = 0
    var seenPoint = false
    var count = 0
    let negative = text.hasPrefix("-")
    for character in negative ? text.dropFirst() : text {
      if character == ".", !seenPoint {
        seenPoint = true
        continue
      }
      guard let digit = character.wholeNumberValue, character.isASCII else { return nil }
      count += 1
      if count > 15 { return nil }
      digits = digits * 10 + digit
      if seenPoint { decimals += 1 }
    }
    guard count > 0 else { return nil }
    return (negative ? -digits : digits, decimals)
  }

  /// A scaled integer written with `decimals` decimals: (150, 2) is `1.50`.
  static func format(_ value: Int, decimals: Int) -> String {
    guard decimals > 0 else { return "\(value)" }
    var text = "\(value.magnitude)"
    if text.count <= decimals {
      text = String(repeating: "0", count: decimals + 1 - text.count) + text
    }
    text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
    return (value < 0 ? "-" : "") + text
  }
}

extension Sweep {
  /// One column of a row: its name, unit and value (the metrics of `stats`' tables).
  public typealias Metric = StatisticsTable.Metric

  /// The columns after the varied values, in order: those of `stats`' tables that a
  /// what-if compares (docs/behaviour/what-if.md).
  public static let metrics: [Metric] = {
    let names =
      StrokeClassifier.Kind.allCases.map { "strokes" + StatisticsTable.capitalized($0.rawValue) }
      + ["transitions"]
      + TransitionCause.allCases.map { "transitions" + StatisticsTable.capitalized($0.rawValue) }
      + ["scrubs", "pagesPerScrubMean", "pagesPerScrubMax", "announcements", "meanTimeOnPage"]
    return names.map { name in StatisticsTable.metrics.first { $0.name == name }! }
  }()

  /// A metric's value as written in CSV and JSON: a whole number, or the shortest decimal.
  public static func text(_ metric: Metric, _ value: Double?) -> String? {
    guard let value else { return nil }
    return metric.isCount ? "\(Int(value))" : JSONText.number(value)
  }

  // MARK: Formats

  /// The columns of a table of rows: the varied keys, `file` by file, the metrics.
  public static func columns(_ axes: [Axis], byFile: Bool) -> [TableColumn] {
    axes.map(\.column) + (byFile ? [TableColumn("file", .string)] : []) + metrics.map(\.column)
  }

  /// A row's cells, in the order of ``columns(_:byFile:)``.
  public static func cells(_ axes: [Axis], _ row: Row) -> [TableValue] {
    zip(axes, row.combination).map { $0.value($1) } + (row.file.map { [.string($0)] } ?? [])
      + zip(metrics, row.values).map { StatisticsTable.value($0, $1) }
  }

  /// Aligned columns: the varied values (and file) left-aligned, the metrics right-aligned
  /// (means with two decimals, `—` for none), under a header row of the column names.
  public static func table(
    _ axes: [Axis], _ rows: [Row],
    byFile: Bool
  ) -> String {
    var text = ""
    table(axes, rows, byFile: byFile) { text += $0 }
    return text
  }

  /// ``table(_:_:byFile:)`` a line at a time (each with its line end), to `write`: the cells
  /// are made twice (once to measure the columns, once to write them) rather than held, so a
  /// table of a hundred thousand rows by file takes no more than its rows.
  public static func table(
    _ axes: [Axis], _ rows: [Row], byFile: Bool, write: (String) -> Void
  ) {
    let header = axes.map(\.key) + (byFile ? ["file"] : []) + metrics.map(\.name)
    let left = axes.count + (byFile ? 1 : 0)
    func cells(_ row: Row) -> [String] {
      var line = zip(axes, row.combination).map { $0.values[$1].text }
      if let file = row.file { line.append(file) }
      line += zip(metrics, row.values).map { metric, value in
        guard let value else { return "—" }
        return metric.isCount ? "\(Int(value))" : StatisticsText.twoDecimals(value)
      }
      return line
    }
    var widths = header.map(\.count)
    for row in rows {
      for (column, cell) in cells(row).enumerated() {
        widths[column] = max(widths[column], cell.count)
      }
    }
    func line(_ cells: [String]) -> String {
      var text = cells.indices.map { column in
        let pad = String(repeating: " ", count: widths[column] - cells[column].count)
        return column < left ? cells[column] + pad : pad + cells[column]
      }.joined(separator: "  ")
      while text.last == " " { text.removeLast() }
      return text + "\n"
    }
    write(line(header))
    for row in rows { write(line(cells(row))) }
  }
}
