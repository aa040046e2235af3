import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace sweep [FILE...] --vary KEY=START:STOP:STEP | KEY=V1,V2,…`: replays every input
/// once per combination of the varied configuration values, decoding each input once
/// (``FanOutReplay``), and writes one row of outcome counts per combination
/// (docs/behaviour.md, "Sweeps").
extension OptionName {
  static let vary = OptionName("vary")
  static let byFile = OptionName("by-file")
  static let chart = OptionName("chart")
  static let metric = OptionName("metric")
}

enum SweepCommand: _Command {
  static let name = "sweep"
  static let summary =
    "Replay traces under a grid of configurations, decoding each once, and count."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .vary, value: "key=start:stop:step|key=v1,v2,...",
      help:
        "A configuration key and its values: a decimal range (stop included) or a list. Repeat for a grid of every combination; the first --vary varies slowest."
    ),
    OptionSpec(
      name: .format, value: "table|csv|jsonl", choices: ["table", "csv", "jsonl"],
      help:
        "table: aligned columns (default, whatever the output); csv: a header row, then one row per combination; jsonl (or json): one JSON object per combination."
    ),
    OptionSpec(
      name: .output, short: "o", value: "file",
      help: "Write to <file> instead of standard output (replaced only on success)."),
    OptionSpec(
      name: .byFile, help: "One row per combination and input file, not one per combination."),
    OptionSpec(
      name: .chart, value: "file",
      help:
        "Also draw an SVG chart: the metrics against the one varied key (lines), or a heat map of the first metric over two varied keys."
    ),
    OptionSpec(
      name: .metric, value: "name",
      help:
        "A column to chart (repeatable); see METRICS. (default: the strokes by class with one varied key, strokes.tap with two)"
    ),
    .helpOption,
  ]

  static let overview =
    "Replay traces under every combination of varied configuration values, decoding each input once, and count what happened under each: transitions by cause, scrubs, pages per scrub, strokes by class, announcements, mean time on page."

  static let usage = [
    "pagetrace sweep --vary <key=values> [--vary <key=values> ...] [<options>] [<file> ...]"
  ]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "Traces or recordings (--from): files, directories, or '-' (also none) for standard input, read once."
    )
  ]

  static var optionGroups: [_OptionGroup] {
    [
      .options(ownOptions + InputFlags.specs), .otherFormats,
      .configuration("CONFIGURATION (as for replay; --vary is laid over it)"),
    ]
  }

  static var notes: String {
    """
    KEYS:
    Any number, boolean or named value of the configuration: \
    \(varyingKeys.map(\.key).joined(separator: ", ")). A value is checked as in --config.

    METRICS:
    \(metrics.map(\.name).joined(separator: ", ")).

    LIMITS:
    At most \(limit) combinations. Single-threaded: one decode feeds every combination.
    """
  }

  static let exitStatuses = _exitStatuses()

  /// The most combinations of one sweep (docs/behaviour.md, "Sweeps").
  static let limit = 10_000

  /// The configuration keys `--vary` takes, with their kinds: every numeric, boolean or named
  /// key of the configuration flags.
  static var varyingKeys: [(key: String, flag: String, kind: ConfigurationFlags.Kind)] {
    ConfigurationFlags.table.compactMap { entry in
      switch entry.kind {
      case .number, .bool, .string: (entry.key, entry.flag, entry.kind)
      case .frame, .progress: nil
      }
    }
  }

  /// One varied key: its values as written in rows and as JSON, and each as a patch.
  struct Axis {
    var key: String
    var values: [(text: String, json: String, patch: ConfigurationPatch)] = []
    /// Whether the values are numbers (a chart's axis is then to scale).
    var isNumeric: Bool
  }

  // MARK: Running

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    var format = options[.format] ?? "table"
    if format == "json" { format = "jsonl" }
    guard ["table", "csv", "jsonl"].contains(format) else {
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--format': expected table, csv or jsonl, found '\(format)'"
          + _didYouMean(format, in: ["table", "csv", "jsonl"]))
    }
    var axes: [Axis] = []
    for value in options.values(.vary) {
      let axis = try Self.axis(value)
      if axes.contains(where: { $0.key == axis.key }) {
        throw CommandFailure(
          status: .usage, message: "invalid value for '--vary': '\(axis.key)' is varied twice")
      }
      axes.append(axis)
    }
    var size = 1
    for axis in axes {
      let (product, overflow) = size.multipliedReportingOverflow(by: axis.values.count)
      size = overflow ? Int.max : product
    }
    if size > limit {
      let factors = axes.map { "\($0.values.count)" }.joined(separator: " × ")
      throw CommandFailure(
        status: .usage,
        message:
          "the grid has \(size == .max ? "too many" : "\(size)") combinations (\(factors)), more than the limit of \(limit); vary fewer keys or fewer values"
      )
    }
    let metricNames = options.values(.metric)
    for name in metricNames where !metrics.contains(where: { $0.name == name }) {
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--metric': unknown metric '\(name)'"
          + _didYouMean(name, in: metrics.map(\.name)))
    }
    let chart = options.path(.chart)
    if chart != nil && !(1...2).contains(axes.count) {
      throw CommandFailure(
        status: .usage,
        message: "--chart draws one or two varied keys; found \(axes.count)")
    }
    let combinations = grid(axes)
    let variants = combinations.map { combination in
      var patch = ConfigurationPatch()
      for (axis, index) in zip(axes, combination) { patch.merge(axis.values[index].patch) }
      return patch
    }
    let inputs = try InputFlags.inputs(from: options)
    if let chart { try _refuseOutputAmongInputs(chart, inputs: inputs.files + inputs.otherFiles) }
    var run = try _CommandRun(inputs, output: options.path(.output))
    let byFile = options.has(.byFile)
    var rows: [(file: String?, combination: [Int], statistics: TraceStatistics)] = []
    var totals: [TraceStatistics]?
    var perFile: [(name: String, figures: [TraceStatistics])] = []
    for file in inputs.files {
      var reader: TraceReader
      do {
        reader = try TraceReader(
          opening: file, importer: inputs.importer, maximumLineLength: inputs.maximumLineLength)
      } catch {
        run.unreadable(error)
        if run.hasFailed { break }
        continue
      }
      var replayOptions = inputs.replay
      replayOptions.progress = run.progress?.progress
      let sweep = SweepStatistics(configurations: variants.count)
      var observers = sweep.observers
      let outcome = FanOutReplay(replayOptions, variants: variants).run(
        &reader, observers: &observers, afterEvent: sweep.follow
      ) {
        _standardError.write($0._standardErrorLine + "\n")
      }
      run.summary.add(outcome.summary)
      if let stop = outcome.failure { run.fail(CommandFailure(stop)) }
      if run.hasFailed { break }
      let figures = sweep.statistics(observers)
      if byFile { perFile.append((TraceReader.displayName(of: file), figures)) }
      if totals == nil {
        totals = figures
      } else {
        for index in figures.indices { totals![index].merge(figures[index]) }
      }
    }
    let figures = totals ?? Array(repeating: TraceStatistics(), count: combinations.count)
    // Grid order; with --by-file, each combination's files in input order.
    for index in combinations.indices {
      if byFile {
        for (name, fileFigures) in perFile {
          rows.append((name, combinations[index], fileFigures[index]))
        }
      } else {
        rows.append((nil, combinations[index], figures[index]))
      }
    }
    if !run.hasFailed {
      switch format {
      case "csv":
        let header = csvHeader(axes, byFile: byFile)
        run.output.preambleSize = header.utf8.count
        run.output.write(header)
        for row in rows { run.output.write(csvRow(axes, row)) }
      case "jsonl":
        for row in rows { run.output.write(jsonRow(axes, row)) }
      default:
        run.output.write(table(axes, rows, byFile: byFile))
      }
      if let chart {
        let chosen =
          metricNames.isEmpty
          ? (axes.count == 1
            ? StrokeClassifier.Kind.allCases.map { "strokes.\($0.rawValue)" } : ["strokes.tap"])
          : metricNames
        var drawing = _SweepChart(
          axes: axes, metrics: chosen.map { name in metrics.first { $0.name == name }! },
          rows: combinations.indices.map { (combinations[$0], figures[$0]) },
          inputs: inputs.files.map { TraceReader.displayName(of: $0) })
        let svg = drawing.render()
        try writeChart(svg, to: chart, inputs: inputs.files + inputs.otherFiles)
      }
    }
    return try run.finish()
  }

  /// Writes the chart through the one output sink: replaced only when complete.
  static func writeChart(
    _ svg: String, to path: SystemPath, inputs: [SystemPath]
  ) throws(CommandFailure) {
    var output: OutputFile
    do {
      output = try OutputFile(path: path, inputs: inputs)
    } catch {
      switch error {
      case .sameAsInput: throw CommandFailure(status: .usage, message: error.description)
      case .cannotCreate: throw CommandFailure(status: .cannotCreate, message: error.description)
      }
    }
    output.write(svg)
    do { try output.commit() } catch {
      throw CommandFailure(status: .ioError, message: error.description)
    }
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

  // MARK: --vary

  /// Reads one `--vary KEY=START:STOP:STEP` or `--vary KEY=V1,V2,…`.
  static func axis(_ text: String) throws(CommandFailure) -> Axis {
    func failure(_ message: String) -> CommandFailure {
      CommandFailure(status: .usage, message: "invalid value for '--vary \(text)': \(message)")
    }
    guard let equals = text.firstIndex(of: "=") else {
      throw failure("expected KEY=START:STOP:STEP or KEY=V1,V2,...")
    }
    let name = String(text[..<equals])
    let list = String(text[text.index(after: equals)...])
    let keys = varyingKeys
    guard let entry = keys.first(where: { $0.key == name || $0.flag == name }) else {
      let known = keys.map(\.key)
      let suggestion = _suggestion(for: name, in: known + keys.map(\.flag))
        .map { flag in keys.first { $0.flag == flag }?.key ?? flag }
      throw failure(
        "unknown configuration key '\(name)'"
          + (suggestion.map { "; did you mean '\($0)'?" }
            ?? "; keys that vary: \(known.joined(separator: ", "))"))
    }
    var axis = Axis(key: entry.key, isNumeric: entry.kind == .number)
    let texts: [String]
    if entry.kind == .number, list.contains(":") {
      texts = try range(list, failure)
    } else {
      texts = _listItems(list).map(String.init)
    }
    if texts.isEmpty || texts == [""] { throw failure("no values") }
    for value in texts {
      if value.isEmpty { throw failure("an empty value") }
      let json = entry.kind == .string ? JSONText.string(value) : value
      let object = "{\"\(entry.key)\":\(json)}"
      let patch: ConfigurationPatch
      do {
        patch = try ConfigurationPatch(json: object, file: "--vary")
      } catch {
        throw failure(
          "'\(value)' is not a valid \(entry.key): expected \(error.expected)"
            + (ConfigurationFlags.choices[entry.flag].map { _didYouMean(value, in: $0) } ?? ""))
      }
      if axis.values.contains(where: { $0.text == value }) {
        throw failure("'\(value)' is given twice")
      }
      axis.values.append((value, json, patch))
    }
    return axis
  }

  /// The values of `START:STOP:STEP`: START + i × STEP while not past STOP, computed exactly in
  /// decimal and written with the most decimals any of the three has.
  static func range(
    _ text: String, _ failure: (String) -> CommandFailure
  ) throws(CommandFailure) -> [String] {
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
    guard count <= limit else {
      throw failure("the range has \(count) values, more than the limit of \(limit) combinations")
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

  // MARK: Metrics

  /// One column of a row: its name, unit and value.
  struct Metric: Sendable {
    var name: String
    /// The unit for a chart's axis, e.g. `strokes`, `s`.
    var unit: String
    /// The value, `nil` when there is none (a mean without scrubs).
    var value: @Sendable (TraceStatistics) -> Double?
    /// Whether it is a count (written without decimals).
    var isCount = true
  }

  /// The columns after the varied values, in order.
  static let metrics: [Metric] =
    StrokeClassifier.Kind.allCases.map { kind in
      Metric(name: "strokes.\(kind.rawValue)", unit: "strokes") { Double($0.strokes[kind] ?? 0) }
    }
    + [Metric(name: "transitions", unit: "transitions") { Double($0.transitions) }]
    + TransitionCause.allCases.map { cause in
      Metric(name: "transitionsByCause.\(cause.rawValue)", unit: "transitions") {
        Double($0.transitionsByCause[cause] ?? 0)
      }
    }
    + [
      Metric(name: "scrubs", unit: "scrubs") { Double($0.scrubs) },
      Metric(
        name: "pagesPerScrub.mean", unit: "pages", value: { $0.scrubSummary.mean },
        isCount: false),
      Metric(name: "pagesPerScrub.max", unit: "pages") { $0.scrubSummary.max.map(Double.init) },
      Metric(name: "announcements", unit: "announcements") { Double($0.announcements) },
      Metric(name: "meanTimeOnPage", unit: "s", value: meanTimeOnPage, isCount: false),
    ]

  /// The seconds on every page visited over the pages visited (``TraceStatistics/timeOnPage``,
  /// as `stats` sums it), rounded to the precision of the trace's times; `nil` when no page
  /// was visited.
  static func meanTimeOnPage(_ statistics: TraceStatistics) -> Double? {
    let time = statistics.pageTimeSummary(longest: 0)
    guard time.pages > 0 else { return nil }
    return JSONText.rounded(
      time.seconds / Double(time.pages), toPrecisionOf: statistics.largestTime)
  }

  /// A metric's value as written in CSV and JSON: a whole number, or the shortest decimal.
  static func text(_ metric: Metric, _ statistics: TraceStatistics) -> String? {
    guard let value = metric.value(statistics) else { return nil }
    return metric.isCount ? "\(Int(value))" : JSONText.number(value)
  }

  // MARK: Formats

  static func csvHeader(_ axes: [Axis], byFile: Bool) -> String {
    let names = axes.map(\.key) + (byFile ? ["file"] : []) + metrics.map(\.name)
    return names.map { CSVText.field($0) }.joined(separator: ",") + "\n"
  }

  static func csvRow(
    _ axes: [Axis], _ row: (file: String?, combination: [Int], statistics: TraceStatistics)
  ) -> String {
    var fields = zip(axes, row.combination).map { CSVText.field($0.values[$1].text) }
    if let file = row.file { fields.append(CSVText.field(file)) }
    fields += metrics.map { text($0, row.statistics) ?? "" }
    return fields.joined(separator: ",") + "\n"
  }

  static func jsonRow(
    _ axes: [Axis], _ row: (file: String?, combination: [Int], statistics: TraceStatistics)
  ) -> String {
    let vary = zip(axes, row.combination).map { axis, index in
      "\(JSONText.string(axis.key)):\(axis.values[index].json)"
    }
    var members = ["\"vary\":{\(vary.joined(separator: ","))}"]
    if let file = row.file { members.append("\"file\":\(JSONText.string(file))") }
    members += metrics.map { "\(JSONText.string($0.name)):\(text($0, row.statistics) ?? "null")" }
    return "{" + members.joined(separator: ",") + "}\n"
  }

  /// Aligned columns: the varied values (and file) left-aligned, the metrics right-aligned
  /// (means with two decimals, `—` for none), under a header row of the column names.
  static func table(
    _ axes: [Axis], _ rows: [(file: String?, combination: [Int], statistics: TraceStatistics)],
    byFile: Bool
  ) -> String {
    let header = axes.map(\.key) + (byFile ? ["file"] : []) + metrics.map(\.name)
    let left = axes.count + (byFile ? 1 : 0)
    var cells = [header]
    for row in rows {
      var line = zip(axes, row.combination).map { $0.values[$1].text }
      if let file = row.file { line.append(file) }
      line += metrics.map { metric in
        guard let value = metric.value(row.statistics) else { return "—" }
        return metric.isCount ? "\(Int(value))" : StatisticsText.twoDecimals(value)
      }
      cells.append(line)
    }
    let widths = header.indices.map { column in cells.map { $0[column].count }.max()! }
    return cells.map { line in
      var text = line.indices.map { column in
        let pad = String(repeating: " ", count: widths[column] - line[column].count)
        return column < left ? line[column] + pad : pad + line[column]
      }.joined(separator: "  ")
      while text.last == " " { text.removeLast() }
      return text
    }.joined(separator: "\n") + "\n"
  }
}
