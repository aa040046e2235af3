import PageTrace
import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pagetrace convert IN -o OUT`: JSON Lines to binary or back, losslessly. The input's
/// format is sniffed from its content; the output is the other one unless `--to` says.
enum ConvertCommand {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        name: "output", short: "o", value: "file",
        help: "Write to <file> instead of standard output."
      ),
      OptionSpec(
        name: "to", value: "jsonl|binary",
        help: "Output format. (default: the other format than the input's)"),
      OptionSpec(name: "help", short: "h", help: "Show help information."),
    ] + ImportFlags.specs

  static var help: String {
    _help(
      overview:
        "Convert a trace between JSON Lines and the binary format (docs/binary-format.md), losslessly. The input format is recognised from its content, not its name.",
      usage: "pagetrace convert <file> [-o <file>] [--to jsonl|binary]",
      arguments: [("<file>", "The trace to convert; '-' is standard input.")],
      sections: [("OPTIONS", specs)])
  }

  static func run(_ arguments: ArraySlice<String>) throws(CommandFailure) -> ExitStatus {
    let options = try CommandLineArguments(arguments, specs: specs)
    if options.has("help") {
      _standardOutput.write(help)
      return .success
    }
    guard options.positionals.count <= 1 else {
      throw CommandFailure(status: .usage, message: "convert takes one input file")
    }
    let input = options.positionals.first ?? "-"
    let importer = try ImportFlags.importer(from: options)
    var reader = try _TraceInput.open(input, importer: importer)
    let format =
      try options.value("to").map(TraceFormat.init(option:))
      ?? (reader.format == .binary ? .jsonLines : .binary)
    let output = try ReplayCommand.openOutput(options.value("output"))
    defer { if output.descriptor != STDOUT_FILENO { close(output.descriptor) } }
    do {
      switch format {
      case .jsonLines:
        var writer = EventWriter(descriptor: output.descriptor, name: output.name)
        try copy(from: &reader) {
          writer.writeHeader($0)
        } event: {
          writer.write($0)
        }
        try writer.flush()
      case .binary:
        var writer = BinaryTraceWriter(descriptor: output.descriptor, name: output.name)
        try copy(from: &reader) {
          writer.writeHeader($0)
        } event: {
          writer.write($0)
        }
        try writer.flush()
      }
    } catch let error as TraceError {
      throw CommandFailure(status: .dataError, message: error.description, isLocated: true)
    } catch let error as FileError {
      let status: ExitStatus = error.kind == .writeFailed ? .ioError : .noInput
      throw CommandFailure(status: status, message: error.description)
    } catch {
      throw CommandFailure(status: .ioError, message: "\(error)")
    }
    return .success
  }

  /// Hands every header and event of the input to the writer's closures, in order.
  static func copy(
    from reader: inout TraceReader, header: (ConfigurationPatch) -> Void,
    event: (PageControlEvent) -> Void
  ) throws {
    while let item = try reader.next() {
      switch item {
      case .blank: continue
      case .note(let note): _standardError.write(note.description + "\n")
      case .header(let patch): header(patch)
      case .event(let value, _): event(value)
      }
    }
  }
}
