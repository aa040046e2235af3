import PageTrace
import PageTraceIO
import PageTraceImport

/// One run of a command over its inputs: every input checked before the output is created,
/// the output opened through the one sink (``OutputFile``), each input replayed by the one
/// driver (``ReplayDriver``, through the one loop, ``TraceReplay``), and the end of the run
/// turned into an exit status with nothing produced lost.
///
/// ```swift
/// var run = try CommandRun(inputs, output: options.path(.output))
/// for file in run.inputs.files {
///   var observer = Counter()
///   run.replay(file, observer: &observer)
///   if run.hasFailed { break }
/// }
/// return try run.finish()
/// ```
struct CommandRun: ~Copyable {
  let inputs: InputFlags.Inputs
  var output: OutputFile
  /// The counts of every input so far.
  var summary = ReplaySummary()
  /// Whether ``finish(success:)`` warns about an empty input (not `lint`, whose
  /// configuration files are read outside the replay and its counts).
  var warnsWhenEmpty = true
  /// The failure that ended the run, if any.
  private(set) var failure: CommandFailure?
  /// The progress line, unless `--quiet` or `--no-progress` (it shows only on a terminal).
  let progress: ProgressLine?

  /// Checks every input, then opens the output.
  ///
  /// - Throws: 66 for an input that cannot be opened (unless bad input is skipped), 64 when
  ///   the output is one of the inputs (a trace or `--config`), 73 when it cannot be created
  ///   (or is named by an empty path).
  init(_ inputs: InputFlags.Inputs, output path: SystemPath?) throws(CommandFailure) {
    if path?.isEmpty == true {
      throw CommandFailure(
        status: .cannotCreate,
        message: "'--output' is empty: give a file name, or '-' for standard output")
    }
    if !inputs.replay.skipsBadLines {
      for file in inputs.files {
        do { try TraceReader.checkReadable(file) } catch {
          throw CommandFailure(status: .noInput, message: error.description)
        }
      }
    }
    do {
      // Created and registered for removal with signals held: an interrupt in between would
      // leave the temporary file behind.
      output = try _System.holdingSignals { () throws(OutputFile.OpenError) -> OutputFile in
        let output = try OutputFile(path: path, inputs: inputs.files + inputs.otherFiles)
        _System.removeOnSignals(output.temporaryPath)
        return output
      }
    } catch {
      switch error {
      case .sameAsInput: throw CommandFailure(status: .usage, message: error.description)
      case .cannotCreate(let error) where error.isResourceShortage:
        throw CommandFailure(shortage: error)
      case .cannotCreate: throw CommandFailure(status: .cannotCreate, message: error.description)
      }
    }
    self.inputs = inputs
    summary.unreadableFiles = inputs.unreadableDirectories
    progress =
      inputs.showsProgress && !inputs.files.isEmpty ? ProgressLine(files: inputs.files) : nil
  }

  /// Whether an input ended the run.
  var hasFailed: Bool { failure != nil }

  /// The failure ``finish()`` ends the run with, before an import's problems: one already
  /// met, an unreadable input (66), or a skipped line under `--strict` (65).
  var endingFailure: CommandFailure? {
    if let failure { return failure }
    if summary.unreadableFiles > 0 {
      return CommandFailure(status: .noInput, message: "", isReported: true)
    }
    if summary.skippedLines > 0 && inputs.strict {
      return CommandFailure(status: .dataError, message: "", isReported: true)
    }
    return nil
  }

  /// Whether ``finish()`` will end the run with a failure; `--summary` is written only when not.
  var willFail: Bool { endingFailure != nil }

  /// An input that cannot be opened or read: reported and counted (the run ends with 66) when
  /// bad input is skipped, else the run's failure; a resource shortage (75) is never skipped.
  mutating func unreadable(_ error: FileError) {
    summary.unreadableFiles += 1
    if error.isResourceShortage {
      failure = CommandFailure(shortage: error)
    } else if inputs.replay.skipsBadLines {
      _standardError.write("pagetrace: error: \(error)\n")
    } else {
      failure = CommandFailure(status: .noInput, message: error.description)
    }
  }

  /// Opens one input and replays it through the one driver (``ReplayDriver``) into
  /// `observer`; diagnostics go to standard error as they happen. Returns the outcome, or
  /// `nil` if the input could not be opened (reported, and ending the run unless bad input is
  /// skipped).
  @discardableResult
  mutating func replay<Observer: ReplayObserver & ~Copyable>(
    _ file: SystemPath, options: TraceReplay.Options? = nil, observer: inout Observer
  ) -> TraceReplay.Outcome? {
    replay(file, options: options) { driver, options, report in
      driver.replay(file, options: options, observer: &observer, report: report)
    }
  }

  /// Replays one input by `body`, which hands the driver, the options (with the progress
  /// count) and the report of problems to a library's replay of it (a classification, a
  /// fan-out); as ``replay(_:options:observer:)`` otherwise.
  @discardableResult
  mutating func replay(
    _ file: SystemPath, options: TraceReplay.Options? = nil,
    _ body: (ReplayDriver, TraceReplay.Options, (ReplayProblem) -> Void) -> ReplayDriver.Outcome
  ) -> TraceReplay.Outcome? {
    var options = options ?? inputs.replay
    options.progress = progress?.progress
    let outcome = body(ReplayDriver(inputs.driver), options) {
      _standardError.write($0._standardErrorLine + "\n")
    }
    summary.add(outcome.summary)
    if let stop = outcome.failure { failure = CommandFailure(stop) }
    return outcome.replay
  }

  /// What is wrong with an imported run that read its input: more than 1% of its lines
  /// dropped, or no event made from lines that were not all blank or headers (docs/behaviour/trace-format.md, "Recordings in
  /// other formats"); `nil` when nothing is.
  static func importProblem(_ summary: ReplaySummary) -> (what: String, fix: String)? {
    guard summary.isImported else { return nil }
    // Rows dropped for a --missing value were asked to be: they are not the importer failing.
    let dropped =
      summary.droppedLineCount - (summary.droppedLines[CSVImporter.missingValueReason] ?? 0)
    let reasons = summary.droppedLines.sorted { $0.key < $1.key }
      .map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
    let backwards = summary.droppedLines.keys.contains { $0.hasPrefix("time went backwards") }
    let fix =
      (backwards
        ? "the times must increase within each session: give a session column under which they"
          + " do (pagetrace inspect FILE names one), or --sort (CSV) to sort the rows by session"
          + " and time"
        : "check the columns, the phase codes (--phase-map) and the id column"
          + " (pagetrace inspect FILE)") + "; --on-error skip accepts what is left"
    if dropped * 100 > summary.lines {
      let share = (Double(dropped) / Double(summary.lines) * 1000).rounded() / 10
      return (
        "the importer dropped \(dropped) of \(summary.lines) lines read (\(share)%, more than 1%):"
          + " \(reasons)",
        fix
      )
    }
    if summary.eventsFromLines + summary.eventsAdded == 0
      && summary.lines > summary.headers + summary.blankLines
    {
      var what = "the importer made no event from \(summary.lines) lines read"
      if dropped > 0 { what += " (dropped: \(reasons))" }
      return (
        what, dropped > 0 ? fix : "check --from and its options (pagetrace inspect FILE)"
      )
    }
    return nil
  }

  /// Ends the run because of `failure` (unless one already did).
  mutating func fail(_ failure: CommandFailure) {
    if self.failure == nil { self.failure = failure }
  }

  /// Ends the run: on success the output is committed (a write failure is exit 74, naming
  /// the output); after a failure, an output file keeps its old content and what was produced
  /// is kept beside it (`FILE.partial`), then the failure is thrown.
  ///
  /// - Throws: The failure, or 66 if an input was skipped as unreadable, or 65 with
  ///   `--strict` if a line was skipped (each already reported on standard error).
  consuming func finish(success: ExitStatus = .success) throws(CommandFailure) -> ExitStatus {
    progress?.finish()
    let summary = self.summary
    if summary.skippedLines > 0 && !inputs.quiet {
      let lines = summary.skippedLines == 1 ? "line" : "lines"
      _standardError.write("pagetrace: skipped \(summary.skippedLines) bad \(lines)\n")
    }
    defer { _System.removeOnSignals(nil) }
    var failure = endingFailure
    // An empty input is no error (it has no events: nothing to write), but rarely what was meant
    // (docs/behaviour/exit-statuses.md, "Empty input").
    if warnsWhenEmpty && failure == nil && summary.lines == 0 && !inputs.quiet {
      _standardError.write("pagetrace: warning: the input is empty: nothing was read\n")
    }
    if failure == nil, let problem = Self.importProblem(summary) {
      if inputs.replay.skipsBadLines {
        if !inputs.quiet { _standardError.write("pagetrace: note: \(problem.what)\n") }
      } else {
        failure = CommandFailure(
          status: .dataError, message: "\(problem.what); \(problem.fix)")
      }
    }
    if var failure {
      // Bad data at the start of an input read as a trace: say what it looks like instead.
      if let error = failure.dataError, inputs.importer == nil,
        let hint = RecordingInspector.hint(for: error)
      {
        failure.message += "\nhint: \(hint)"
      } else if let error = failure.dataError, error.found == "a longer line",
        inputs.maximumLineLength < InputFlags.maximumLineLengthLimit
      {
        failure.message +=
          "\nhint: --max-line-length BYTES reads longer lines (up to \(InputFlags.maximumLineLengthLimit))"
      }
      // A run that fails never replaces an output file; what it produced is kept beside it.
      let name = output.name
      let existed = output.existed
      if let kept = output.abandon() {
        let old = existed ? "\(name) is unchanged" : "\(name) was not created"
        failure.note = "\(old); what was written before the error is in \(kept)"
      }
      throw failure
    }
    do {
      try output.commit()
    } catch {
      throw CommandFailure(status: .ioError, message: error.description)
    }
    return success
  }
}

/// Refuses (64) an output that is one of `inputs` (docs/behaviour/commands.md, "Output files"), before
/// any of them is read.
func _refuseOutputAmongInputs(
  _ output: SystemPath?, inputs: [SystemPath]
) throws(CommandFailure) {
  do { try OutputFile.checkNotAnInput(output, inputs: inputs) } catch {
    throw CommandFailure(status: .usage, message: error.description)
  }
}

/// Refuses to write a binary trace to a terminal, as compressors do: its bytes would garble
/// the screen and help nobody. Standard output is the output when `-o` is absent or `-`.
///
/// - Throws: A usage error (64) naming the way out.
func _refuseBinaryOnATerminal(_ format: TraceFormat, output: String?) throws(CommandFailure) {
  guard format == .binary, output == nil || output == "-",
    _System.isTerminal(_System.standardOutput)
  else { return }
  throw CommandFailure(
    status: .usage,
    message:
      "refusing to write a binary trace to a terminal; give -o FILE or redirect standard output")
}

extension InputFlags.Inputs {
  /// How the driver opens the inputs: `--from` and its options, `--max-line-length`.
  var driver: ReplayDriver.Options {
    var options = ReplayDriver.Options()
    options.importer = importer
    options.maximumLineLength = maximumLineLength
    options.jobs = jobs
    return options
  }
}
