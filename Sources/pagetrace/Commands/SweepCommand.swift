import PageTrace
import PageTraceAnalysis
import PageTraceIO

/// `pagetrace sweep [FILE...] --vary KEY=START:STOP:STEP | KEY=V1,V2,…`: replays every input
/// once per combination of the varied configuration values, decoding each input once
/// (``Sweep``), and writes one row of outcome counts per combination
/// (docs/behaviour/what-if.md, "Sweeps").
extension OptionName {
  static let vary = OptionName("vary")
  static let byFile = OptionName("by-file")
  static let chart = OptionName("chart")
  static let metric = OptionName("metric")
  static let memory = OptionName("memory")
}

enum SweepCommand: Command {
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
      name: .format, value: "table|jsonl|csv|parquet", choices: TableFormat.choices(text: "table"),
      help:
        "table: aligned columns (default, whatever the output); jsonl (or json), csv, parquet: one row per combination, a column per varied key and per metric (docs/behaviour/tables.md)."
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
      name: .memory, value: "size",
      help:
        "The memory the combinations may take at once, in MiB or with K, M or G: past it a file is replayed in several passes, fewer combinations each. (default: 256M)"
    ),
    OptionSpec(
      name: .metric, value: "name",
      help:
        "A column to chart (repeatable); see METRICS. (default: the strokes by class with one varied key, strokesTap with two)"
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

  static var optionGroups: [OptionGroup] {
    [
      .options(ownOptions + InputFlags.specs), .otherFormats,
      .configuration("CONFIGURATION (as for replay; --vary is laid over it)"),
    ]
  }

  static var notes: String {
    """
    KEYS:
    Any number, boolean or named value of the configuration: \
    \(Sweep.varyingKeys.map(\.name).joined(separator: ", ")). A value is checked as in --config.

    METRICS:
    \(Sweep.metrics.map(\.name).joined(separator: ", ")).

    LIMITS:
    At most \(Sweep.limit) combinations. Single-threaded: one decode feeds every combination. \
    The combinations replayed at once take at most --memory (about \(Sweep.bytesPerCombination >> 10) KiB \
    each and \(Sweep.bytesPerSession >> 10) KiB per session of the input): past it a file is read again, in \
    passes; standard input cannot be, and the run ends with 64.
    """
  }

  static let exitStatuses = _exitStatuses()

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    let format = try TableFormat.parse(options, text: "table")
    let sweep = try grid(options)
    let axes = sweep.axes
    let metricNames = options.values(.metric)
    for name in metricNames where !Sweep.metrics.contains(where: { $0.name == name }) {
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--metric': unknown metric '\(name)'"
          + _didYouMean(name, in: Sweep.metrics.map(\.name)))
    }
    let chart = options.path(.chart)
    if chart != nil && !(1...2).contains(axes.count) {
      throw CommandFailure(
        status: .usage,
        message: "--chart draws one or two varied keys; found \(axes.count)")
    }
    let memoryBudget = try memory(options[.memory])
    let inputs = try InputFlags.inputs(from: options)
    if let chart {
      try _refuseOutputAmongInputs(chart, inputs: inputs.files + inputs.otherFiles)
      try refuseSameFile(chart: chart, output: options.path(.output) ?? .standardStream)
    }
    let byFile = options.has(.byFile)
    // A sweep by file keeps a row per combination and file until the end (the rows are in
    // grid order): refused before reading when they would not fit.
    let heldRows = byFile ? sweep.combinations.count * inputs.files.count : 0
    if heldRows * Sweep.bytesPerFileRow > memoryBudget {
      throw CommandFailure(
        status: .usage,
        message:
          "--by-file keeps a row for each of the \(sweep.combinations.count) combinations and \(inputs.files.count) files until the end: \(heldRows) rows, about \(Sweep.mebibytes(heldRows * Sweep.bytesPerFileRow)) MiB, more than --memory \(Sweep.mebibytes(memoryBudget)) MiB; raise --memory, or sweep fewer files or values"
      )
    }
    var run = try CommandRun(inputs, output: options.path(.output))
    var perFile: [(name: String, values: [[Double?]])] = []
    let figures = run.totals(of: inputs.files, under: sweep, memoryBudget: memoryBudget) {
      file, figures in
      if byFile { perFile.append((TraceReader.displayName(of: file), figures.map(Sweep.values))) }
    }
    let rows = sweep.rows(totals: figures, perFile: byFile ? perFile : nil)
    if !run.hasFailed {
      if let format {
        var table = TableWriter(
          columns: Sweep.columns(axes, byFile: byFile), format: format,
          descriptor: run.output.descriptor, name: run.output.name)
        run.output.preambleSize = table.writeHeader()
        for row in rows { table.write(Sweep.cells(axes, row)) }
        do { try table.finish() } catch {
          run.fail(CommandFailure(status: .ioError, message: error.description))
        }
      } else {
        Sweep.table(axes, rows, byFile: byFile) { run.output.write($0) }
      }
      if let chart {
        let chosen =
          metricNames.isEmpty
          ? (axes.count == 1
            ? StrokeClassifier.Kind.allCases.map {
              "strokes" + StatisticsTable.capitalized($0.rawValue)
            }
            : ["strokesTap"])
          : metricNames
        var drawing = SweepChart(
          axes: axes, metrics: chosen.map { name in Sweep.metrics.first { $0.name == name }! },
          rows: sweep.combinations.indices.map { (sweep.combinations[$0], figures[$0]) },
          inputs: inputs.files.map { TraceReader.displayName(of: $0) })
        let svg = drawing.render()
        try writeChart(svg, to: chart, inputs: inputs.files + inputs.otherFiles)
      }
    }
    return try run.finish()
  }

  /// The grid of the `--vary` options, or a usage error naming what is wrong.
  static func grid(_ options: CommandLineArguments) throws(CommandFailure) -> Sweep {
    do throws(Sweep.Problem) {
      return try Sweep(
        axes: options.values(.vary).map { (text) throws(Sweep.Problem) in
          try Sweep.Axis(parsing: text)
        })
    } catch {
      throw CommandFailure(status: .usage, message: error.message)
    }
  }

  /// The bytes of `--memory SIZE`: MiB, or a number with K, M or G (powers of 1,024), at
  /// least 1 MiB; ``Sweep/defaultMemoryBudget`` when not given.
  static func memory(_ text: String?) throws(CommandFailure) -> Int {
    guard let text else { return Sweep.defaultMemoryBudget }
    var digits = Substring(text)
    var unit = 1 << 20
    switch digits.last {
    case "K", "k": unit = 1 << 10
    case "M", "m": unit = 1 << 20
    case "G", "g": unit = 1 << 30
    default: break
    }
    if digits.last.map({ !$0.isNumber }) == true { digits = digits.dropLast() }
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count <= 12,
      let number = Int(digits), case let bytes = number * unit, bytes >= 1 << 20
    else {
      throw CommandFailure(
        status: .usage,
        message:
          "invalid value for '--memory': expected a size of at least 1M, in MiB or with K, M or G (256M, 1G), found '\(text)'"
      )
    }
    return bytes
  }

  /// Refuses a chart written where the table goes: one would overwrite the other.
  static func refuseSameFile(chart: SystemPath, output: SystemPath) throws(CommandFailure) {
    var same = chart == output
    if !same, chart != .standardStream, output != .standardStream {
      do { try OutputFile.checkNotAnInput(chart, inputs: [output]) } catch { same = true }
    }
    guard same else { return }
    let name = chart == .standardStream ? "standard output" : chart.description
    throw CommandFailure(
      status: .usage,
      message: "--chart and the output are the same file (\(name)); write the chart to another file"
    )
  }

  /// Writes the chart through the one output sink: replaced only when complete, and removed
  /// if a signal ends the run meanwhile.
  static func writeChart(
    _ svg: String, to path: SystemPath, inputs: [SystemPath]
  ) throws(CommandFailure) {
    var output: OutputFile
    defer { _System.removeOnSignals(nil, slot: 1) }
    do {
      output = try _System.holdingSignals { () throws(OutputFile.OpenError) -> OutputFile in
        let output = try OutputFile(path: path, inputs: inputs)
        _System.removeOnSignals(output.temporaryPath, slot: 1)
        return output
      }
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
}

extension CommandRun {
  /// Replays `file` under every combination of `sweep` within `memoryBudget` (in passes when
  /// it needs them, and saying so): each combination's figures, or `nil` when the input
  /// could not be read or the run failed (an input that outgrew the budget and cannot be
  /// read again ends the run with 64).
  mutating func replay(
    _ file: SystemPath, under sweep: Sweep, memoryBudget: Int
  ) -> [TraceStatistics]? {
    var figures: [TraceStatistics]?
    var overBudget: Sweep.Problem?
    let quiet = inputs.quiet
    replay(file) { driver, options, report in
      let replayed = sweep.replay(
        file, driver: driver, options: options, memoryBudget: memoryBudget, report: report)
      figures = replayed.figures
      overBudget = replayed.overBudget
      if replayed.passes > 1 && !quiet {
        _standardError.write(
          "pagetrace: note: \(TraceReader.displayName(of: file)): read in \(replayed.passes) passes, to keep the combinations within --memory \(Sweep.mebibytes(memoryBudget)) MiB\n"
        )
      }
      return replayed.outcome
    }
    if let overBudget { fail(CommandFailure(status: .usage, message: overBudget.message)) }
    return hasFailed ? nil : figures
  }

  /// Each combination's figures over every input of `files` replayed under `sweep`
  /// (``replay(_:under:memoryBudget:)``), added up; `eachFile` sees each input's own. Inputs
  /// that cannot be read are skipped (as the run's options say); a failure stops there.
  mutating func totals(
    of files: [SystemPath], under sweep: Sweep, memoryBudget: Int,
    eachFile: (SystemPath, [TraceStatistics]) -> Void = { _, _ in }
  ) -> [TraceStatistics] {
    var totals: [TraceStatistics]?
    for file in files {
      let figures = replay(file, under: sweep, memoryBudget: memoryBudget)
      if hasFailed { break }
      guard let figures else { continue }  // unreadable, skipped
      eachFile(file, figures)
      if totals == nil {
        totals = figures
      } else {
        for index in figures.indices { totals![index].merge(figures[index]) }
      }
    }
    return totals ?? Array(repeating: TraceStatistics(), count: sweep.combinations.count)
  }
}
