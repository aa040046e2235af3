import PageTrace
import PageTraceIO
import PageTraceImport

/// `pagetrace inspect [FILE...]`: what each input is, and a command line that reads it
/// (docs/behaviour/inspect-convert-generate.md, "Inspection").
enum InspectCommand: Command {
  static let name = "inspect"
  static let summary = "Tell what an input is and how to read it: format, columns, time unit."

  /// Its own options, before those it shares with other commands.
  private static let ownOptions: [OptionSpec] = [
    OptionSpec(
      name: .format, value: "text|jsonl", choices: ["text", "jsonl"],
      help: "text (default) or jsonl: one JSON object per input (json is the same)."),
    OptionSpec(
      name: .all,
      help:
        "Count through each input whole, in bounded memory (default: the first \(RecordingInspector.defaultLineLimit) lines); the format is told from those lines either way."
    ),
    .helpOption,
  ]

  static let overview =
    "Tell what each input is: a PageTrace trace or configuration, CSV, an Android getevent capture or W3C Pointer Events, from its content, never its name. For CSV: the delimiter, the header row, and each column with sample values and the role it seems to play (t, phase, x, y, id, session). The unit of the times with its evidence, the sessions, touches and time span, and a command line that reads the input."

  static let usage = ["pagetrace inspect [<options>] [<file> ...]"]

  static let arguments: [(name: String, meaning: String)] = [
    (
      "<file>",
      "Inputs: files, directories (every file, whatever its name, in name order), or '-' (also none) for standard input. gzip is read through."
    )
  ]

  static var optionGroups: [OptionGroup] {
    [.options(ownOptions)]
  }

  static var notes: String {
    """
    An input in no known format, or one that cannot be read as it is (no column for a
    role, times that do not tell their unit), makes the status 65 after every input is
    inspected.
    """
  }

  static let exitStatuses = _exitStatuses(
    success: "every input is in a known format", output: false)

  static func run(_ options: CommandLineArguments) throws(CommandFailure) -> ExitStatus {
    let json = try _isJSONFormat(options)
    var files: [String] = []
    for file in options.positionals.isEmpty ? ["-"] : options.positionals {
      if TraceReader.isDirectory(file) {
        // Every regular file, whatever its name: inspect tells what files are.
        let listing: DirectoryListing
        do {
          listing = try TraceReader.traceFiles(
            inDirectory: SystemPath(file), selecting: .everyFile)
        } catch {
          throw CommandFailure(status: .noInput, message: error.description)
        }
        for path in listing.files {
          guard let name = path.string else {
            throw CommandFailure(
              status: .noInput, message: "\(file): the file name \(path) is not UTF-8")
          }
          files.append(name)
        }
      } else {
        files.append(file)
      }
    }
    if _System.standardInputWasClosed && files.contains("-") {
      let error = FileError(
        .openFailed, path: LineReader.standardInputName, code: _System.badDescriptor,
        message: "standard input is closed; give a file, or redirect standard input")
      throw CommandFailure(status: .noInput, message: error.description)
    }
    let limit = options.has(.all) ? nil : RecordingInspector.defaultLineLimit
    var status = ExitStatus.success
    for file in files {
      let found: RecordingInspection
      do {
        found = try RecordingInspector.inspect(path: file, lineLimit: limit)
      } catch {
        throw CommandFailure(status: .noInput, message: error.description)
      }
      try _standardOutput.writeChecked(json ? jsonLine(found) : text(found))
      if found.format == .unknown || found.command == nil { status = .dataError }
    }
    return status
  }

  // MARK: Text

  static func text(_ found: RecordingInspection) -> String {
    var lines: [String] = []
    var title = "\(found.file): \(found.format.name)"
    if found.isGzip { title += ", gzip-compressed" }
    if let kind = found.kind { title += ": \(kind)" }
    lines.append(title)
    if found.format != .configuration && found.linesRead > 0 {
      let unit = found.format == .binary ? "records" : "lines"
      let extent =
        found.isComplete
        ? " (the whole input)"
        : found.format == .unknown
          ? " (the start, enough to tell)" : " (the start; --all reads everything)"
      lines.append("  read: \(found.linesRead) \(unit)" + extent)
    }
    if let layout = found.csv {
      lines.append(
        "  layout: delimiter \(quoted(layout.delimiterArgument)), "
          + (layout.hasHeader ? "a header row" : "no header row")
          + ", \(layout.columns.count) columns" + (layout.decimalComma ? ", decimal comma" : ""))
      let named = layout.columns.contains { $0.name != nil }
      lines.append(
        "    column  " + (named ? "name".padding(14) : "") + "role".padding(8)
          + "samples".padding(30) + "note")
      for column in layout.columns {
        var row = "    " + String(column.number).padding(8)
        if named { row += (column.name ?? "").padding(14) }
        row += (column.role?.rawValue ?? "").padding(8)
        row += column.samples.joined(separator: ", ").padding(30)
        row += column.note ?? ""
        lines.append(String(row.reversed().drop { $0 == " " }.reversed()))
      }
      if let phases = layout.phasesText { lines.append("  phases: \(phases)") }
      if !layout.missing.isEmpty {
        lines.append("  missing values: \(layout.missing.joined(separator: ", ")) (--missing)")
      }
    }
    if let unit = found.timeUnit {
      var line = "  time unit: \(unit.name)"
      if let evidence = found.timeUnitEvidence { line += " (\(evidence))" }
      lines.append(line)
    } else if let evidence = found.timeUnitEvidence {
      lines.append("  time unit: undecided (\(evidence))")
    }
    if let configuration = found.configuration {
      let text = String(decoding: configuration.jsonBytes(), as: UTF8.self)
      lines.append("  configuration: \(text)")
    }
    if found.format != .configuration && found.format != .unknown {
      var holds = "  holds: \(plural(found.events, "event")), "
      holds += (found.hasMoreSessions ? "more than " : "") + plural(found.sessionCount, "session")
      if found.sessionCount > 0 {
        let names = found.sessions.map { $0.map { JSONText.string($0) } ?? "unnamed" }
        holds += " (" + names.joined(separator: ", ")
        holds += found.sessionCount > names.count ? ", …)" : ")"
      }
      holds += ", \(plural(found.touches, "touch")) down"
      if let span = found.timeSpan {
        holds +=
          ", from \(JSONText.number(span.lowerBound)) s to \(JSONText.number(span.upperBound)) s"
      }
      lines.append(holds)
    }
    for problem in found.problems { lines.append("  problem: \(problem)") }
    if let command = found.command {
      lines.append("  command: \(command.map(_shellWord).joined(separator: " "))")
      if found.command?.contains("--from") == true {
        lines.append("  content mode: no control; pages unbounded (give --pages to bound them)")
      }
      for (name, arguments) in found.commands where arguments != command {
        lines.append("  \(name): \(arguments.map(_shellWord).joined(separator: " "))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func plural(_ count: Int, _ word: String) -> String {
    "\(count) \(word)\(count == 1 ? "" : word.hasSuffix("h") ? "es" : "s")"
  }

  static func quoted(_ text: String) -> String {
    text == "tab" || text == "space" ? text : "'\(text)'"
  }

  // MARK: JSON

  static func jsonLine(_ found: RecordingInspection) -> String {
    var fields: [String] = [
      "\"file\":\(JSONText.string(found.file))",
      "\"format\":\(JSONText.string(found.format.rawValue))",
      "\"gzip\":\(found.isGzip)",
    ]
    if let kind = found.kind { fields.append("\"kind\":\(JSONText.string(kind))") }
    fields.append("\"linesRead\":\(found.linesRead)")
    fields.append("\"complete\":\(found.isComplete)")
    if let layout = found.csv {
      let columns = layout.columns.map { column in
        var parts = ["\"column\":\(column.number)"]
        if let name = column.name { parts.append("\"name\":\(JSONText.string(name))") }
        parts.append(
          "\"samples\":[" + column.samples.map(JSONText.string).joined(separator: ",") + "]")
        if let role = column.role { parts.append("\"role\":\(JSONText.string(role.rawValue))") }
        if let note = column.note { parts.append("\"note\":\(JSONText.string(note))") }
        return "{" + parts.joined(separator: ",") + "}"
      }
      fields.append(
        "\"csv\":{\"delimiter\":\(JSONText.string(String(UnicodeScalar(layout.delimiter))))"
          + ",\"header\":\(layout.hasHeader),\"decimalComma\":\(layout.decimalComma)"
          + (layout.phasesText.map { ",\"phases\":\(JSONText.string($0))" } ?? "")
          + (layout.missing.isEmpty
            ? ""
            : ",\"missing\":[" + layout.missing.map(JSONText.string).joined(separator: ",") + "]")
          + (layout.mapping.map { ",\"columnsArgument\":\(JSONText.string($0.columnsArgument))" }
            ?? "")
          + ",\"columns\":[\(columns.joined(separator: ","))]}")
    }
    if let unit = found.timeUnit {
      fields.append("\"timeUnit\":\(JSONText.string(unit.rawValue))")
    }
    if let evidence = found.timeUnitEvidence {
      var parts: [String] = []
      if let gap = evidence.medianGap { parts.append("\"medianGap\":\(JSONText.number(gap))") }
      parts.append("\"gaps\":\(evidence.sampleGaps)")
      if let first = evidence.firstTime { parts.append("\"firstTime\":\(JSONText.number(first))") }
      parts.append("\"text\":\(JSONText.string(evidence.description))")
      fields.append("\"timeUnitEvidence\":{\(parts.joined(separator: ","))}")
    }
    if let configuration = found.configuration {
      fields.append(
        "\"configuration\":" + String(decoding: configuration.jsonBytes(), as: UTF8.self))
    }
    if found.format != .configuration && found.format != .unknown {
      fields.append("\"events\":\(found.events)")
      fields.append("\"sessions\":\(found.sessionCount)")
      if found.hasMoreSessions { fields.append("\"moreSessions\":true") }
      fields.append(
        "\"sessionNames\":["
          + found.sessions.map { $0.map(JSONText.string) ?? "null" }.joined(separator: ",") + "]")
      fields.append("\"touches\":\(found.touches)")
      if let span = found.timeSpan {
        fields.append(
          "\"timeSpan\":[\(JSONText.number(span.lowerBound)),\(JSONText.number(span.upperBound))]")
      }
    }
    fields.append(
      "\"problems\":[" + found.problems.map(JSONText.string).joined(separator: ",") + "]")
    if let command = found.command {
      fields.append(
        "\"command\":[" + command.map(JSONText.string).joined(separator: ",") + "]")
      fields.append(
        "\"commandLine\":\(JSONText.string(command.map(_shellWord).joined(separator: " ")))")
      let commands = found.commands.map { name, arguments in
        JSONText.string(name) + ":"
          + JSONText.string(arguments.map(_shellWord).joined(separator: " "))
      }
      fields.append("\"commands\":{" + commands.joined(separator: ",") + "}")
    }
    return "{" + fields.joined(separator: ",") + "}\n"
  }
}
