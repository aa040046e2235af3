import PageTrace
import PageTraceIO
import PageTraceImport

/// `--from FORMAT` and the options of each importer, shared by `replay`, `convert` and
/// `classify`.
enum ImportFlags {
  static let specs: [OptionSpec] = [
    OptionSpec(
      name: .from, value: "format", choices: ["trace", "csv", "getevent", "pointer-events"],
      help:
        "Input format: trace (JSON Lines or binary, the default), csv, getevent, pointer-events."),
    OptionSpec(
      name: .columns, value: "map",
      help:
        "csv: columns by 1-based number or header name, e.g. t=4,phase=5,x=7,y=8,id=6,session=2 or t=Timestamp,phase=Action,x=X,y=Y (t, phase, x, y required)."
    ),
    OptionSpec(
      name: .timeUnit, value: "auto|s|ms|us|ns",
      choices: ["auto"] + CSVImporter.TimeUnit.allCases.map(\.rawValue),
      help:
        "csv: unit of the time column; auto decides it from the sample gaps and says so. A unit that makes samples or strokes no touch screen makes is refused. (default: auto)"
    ),
    OptionSpec(
      name: .timeUnitAsGiven,
      help: "csv: read the times in the --time-unit given even when the data say it is wrong."),
    OptionSpec(
      name: .phaseMap, value: "map",
      help:
        "csv: phase codes, e.g. 0=down,1=up,2=move. (default: Android MotionEvent codes and words)"),
    OptionSpec(
      name: .delimiter, value: "char",
      help:
        "csv: field separator: one character, 'tab', or 'space' (runs of spaces and tabs). (default: ,)"
    ),
    OptionSpec(
      name: .decimalComma, help: "csv: numbers are written with a decimal comma (12,5 for 12.5)."),
    OptionSpec(
      name: .missing, value: "value",
      help:
        "csv: a field value that means no value (e.g. -420); rows with it in a column used are dropped and counted. Repeatable, or a comma list."
    ),
    OptionSpec(name: .header, help: "csv: the first line names the columns."),
    OptionSpec(
      name: .sort,
      help:
        "csv: sort the rows by session and time in memory before importing (up to 1,000,000 rows)."
    ),
    OptionSpec(
      name: .scale, value: "f|fx,fy",
      help:
        "getevent: points per raw device unit, e.g. 0.3333 for a 1080-unit panel shown 360 pt wide."
    ),
    OptionSpec(
      name: .screen, value: "w,h",
      help:
        "getevent: the screen's size in points; raw units map through the axis ranges of getevent -lp put before the capture."
    ),
  ]

  /// The format each importer option belongs to, in the order of ``specs``.
  static let formatOfOption: [(option: OptionName, format: String)] = [
    (.columns, "csv"), (.timeUnit, "csv"), (.timeUnitAsGiven, "csv"), (.phaseMap, "csv"),
    (.delimiter, "csv"), (.decimalComma, "csv"), (.missing, "csv"), (.header, "csv"),
    (.sort, "csv"), (.scale, "getevent"), (.screen, "getevent"),
  ]

  /// The importer the flags describe, or `nil` for PageTrace's own formats.
  /// - Throws: A usage error for an unknown format, a bad importer option, or an option of
  ///   another format's importer (which would otherwise be ignored without a word).
  static func importer(from options: CommandLineArguments) throws(CommandFailure) -> (
    any LineImporter
  )? {
    let format = options[.from] ?? "trace"
    let known = ["trace", "jsonl", "binary", "csv", "getevent", "pointer-events"]
    for (option, owner) in formatOfOption
    where known.contains(format) && options.has(option) && format != owner {
      throw CommandFailure(
        status: .usage,
        message:
          "'--\(option.rawValue)' is an option of '--from \(owner)', not of '--from \(format)'")
    }
    switch format {
    case "trace", "jsonl", "binary":
      return nil
    case "csv":
      let mapping = try csvMapping(options)
      try checkColumnNames(mapping, options)
      return CSVImporter(mapping)
    case "getevent":
      if let size = options[.screen] {
        // A scale and a screen size are two ways to say the same thing: one is read.
        guard !options.has(.scale) else {
          throw CommandFailure(
            status: .usage, message: "'--screen' and '--scale' cannot be given together")
        }
        let (width, height) = try screen(size)
        return GeteventImporter(screenWidth: width, screenHeight: height)
      }
      let (x, y) = try scale(options[.scale] ?? "1")
      return GeteventImporter(scaleX: x, scaleY: y)
    case "pointer-events":
      return PointerEventsImporter()
    case let other:
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--from': unknown format '\(other)'"
          + _didYouMean(other, in: ["trace", "csv", "getevent", "pointer-events"]))
    }
  }

  static func csvMapping(_ options: CommandLineArguments) throws(CommandFailure)
    -> CSVImporter.Mapping
  {
    func usage(_ message: String) -> CommandFailure {
      CommandFailure(status: .usage, message: message)
    }
    guard let columns = options[.columns] else {
      throw usage("--from csv needs '--columns t=N,phase=N,x=N,y=N'")
    }
    var found: [String: CSVImporter.Mapping.Column] = [:]
    for pair in columns.split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      let names = ["t", "phase", "x", "y", "id", "session"]
      // A number is a column number (from 1); anything else is a name in the header row.
      guard parts.count == 2, names.contains(String(parts[0])),
        Int(parts[1]).map({ $0 >= 1 }) ?? !parts[1].allSatisfy(\.isNumber)
      else {
        let guess =
          parts.count == 2 && !names.contains(String(parts[0]))
          ? _suggestion(for: parts[0], in: names) : nil
        throw usage(
          "invalid value for '--columns': expected NAME=COLUMN (t, phase, x, y, id, session; columns by number from 1, or by header name), found '\(pair)'"
            + (guess.map { "; did you mean '\($0)=\(parts[1])'?" } ?? ""))
      }
      found[String(parts[0])] = Int(parts[1]).map { .number($0) } ?? .name(String(parts[1]))
    }
    guard let t = found["t"], let phase = found["phase"], let x = found["x"], let y = found["y"]
    else {
      throw usage("'--columns' must name t, phase, x and y")
    }
    var mapping = CSVImporter.Mapping(time: t, phase: phase, x: x, y: y)
    mapping.id = found["id"]
    mapping.session = found["session"]
    if let unit = options[.timeUnit], unit != "auto" {
      guard let parsed = CSVImporter.TimeUnit(rawValue: unit) else {
        throw usage(
          "invalid value for '--time-unit': expected auto, s, ms, us or ns, found '\(unit)'"
            + _didYouMean(unit, in: ["auto"] + CSVImporter.TimeUnit.allCases.map(\.rawValue)))
      }
      mapping.timeUnit = parsed
    }
    if options.has(.timeUnitAsGiven) {
      guard mapping.timeUnit != nil else {
        throw usage("'--time-unit-as-given' needs '--time-unit s, ms, us or ns'")
      }
      mapping.timeUnitAsGiven = true
    }
    if let map = options[.phaseMap] {
      // An empty map, or an empty entry, would leave every row without a phase.
      guard !map.isEmpty else {
        throw usage(
          "invalid value for '--phase-map': expected CODE=down|move|up|cancel, found ''")
      }
      var phases: [String: TouchPhase] = [:]
      for pair in map.split(separator: ",", omittingEmptySubsequences: false) {
        let parts = pair.split(separator: "=")
        guard parts.count == 2, let phase = TouchPhase(rawValue: String(parts[1])) else {
          let guess =
            parts.count == 2
            ? _suggestion(for: parts[1], in: ["down", "move", "up", "cancel"]) : nil
          throw usage(
            "invalid value for '--phase-map': expected CODE=down|move|up|cancel, found '\(pair)'"
              + (guess.map { "; did you mean '\(parts[0])=\($0)'?" } ?? ""))
        }
        phases[String(parts[0])] = phase
      }
      mapping.phases = phases
    }
    if let delimiter = options[.delimiter] {
      let named = ["tab": "\t", "space": " "]
      let bytes = Array((named[delimiter] ?? delimiter).utf8)
      guard bytes.count == 1 else {
        throw usage(
          "invalid value for '--delimiter': expected one character, 'tab' or 'space', found '\(delimiter)'"
            + _didYouMean(delimiter, in: ["tab", "space"]))
      }
      // The quote encloses fields and line breaks end rows: neither can separate fields.
      guard ![UInt8(ascii: "\""), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[0]) else {
        throw usage(
          "invalid value for '--delimiter': expected a character other than '\"', a line feed or a carriage return, found '\(delimiter)'"
        )
      }
      mapping.delimiter = bytes[0]
    }
    mapping.decimalComma = options.has(.decimalComma)
    for value in options.values(.missing) {
      let values = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard !values.contains(where: \.isEmpty) else {
        throw usage("invalid value for '--missing': expected VALUE[,VALUE…], found '\(value)'")
      }
      mapping.missing += values
    }
    // Columns by name are looked up in the header row: the first line is one.
    mapping.hasHeader = options.has(.header) || mapping.namesColumns
    mapping.sortsRows = options.has(.sort)
    return mapping
  }

  /// Columns given by name that the header row of an input file named on the command line
  /// lacks are a usage error, listing the header's names; inputs not read here (standard
  /// input, the files of a directory) are checked by the importer at their header row.
  static func checkColumnNames(
    _ mapping: CSVImporter.Mapping, _ options: CommandLineArguments
  ) throws(CommandFailure) {
    guard mapping.namesColumns else { return }
    for path in options.positionalPaths {
      guard path != .standardStream, !TraceReader.isDirectory(path),
        var reader = try? TraceReader(opening: path)
      else { continue }
      var first: [UInt8]?
      while let line = try? reader._nextTextLine() {
        if !line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
          first = line.bytes
          break
        }
      }
      guard let line = first else { continue }
      let header = line.withUnsafeBytes { CSVImporter.headerFields($0, mapping: mapping) }
      do {
        _ = try mapping.resolved(header: header)
      } catch {
        throw CommandFailure(
          status: .usage, message: "invalid value for '--columns': \(path): \(error)")
      }
    }
  }

  static func scale(_ text: String) throws(CommandFailure) -> (Double, Double) {
    let parts = text.split(separator: ",").map { Double(String($0)) }
    guard (1...2).contains(parts.count), parts.allSatisfy({ $0 != nil && $0!.isFinite && $0! > 0 })
    else {
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--scale': expected F or FX,FY (> 0), found '\(text)'")
    }
    return (parts[0]!, parts.last!!)
  }

  /// `--screen W,H`: the screen's width and height in points.
  static func screen(_ text: String) throws(CommandFailure) -> (Double, Double) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      Double(String($0))
    }
    guard parts.count == 2, parts.allSatisfy({ $0 != nil && $0!.isFinite && $0! > 0 }) else {
      throw CommandFailure(
        status: .usage,
        message: "invalid value for '--screen': expected W,H in points (> 0), found '\(text)'")
    }
    return (parts[0]!, parts[1]!)
  }
}
