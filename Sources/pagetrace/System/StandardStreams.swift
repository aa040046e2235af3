import PageTraceIO

/// Unbuffered text output to a file descriptor, for help, diagnostics and generated files.
struct TextStream {
  let descriptor: Int32
  /// The stream's name in messages, e.g. `<stdout>`.
  let name: String

  /// Writes `text`, ignoring a failure (diagnostics on standard error).
  func write(_ text: String) { _System.writeAll(descriptor, text) }

  /// Writes `text`, for output that is what the command was asked for (help, the version, a
  /// manual, a completion script).
  /// - Throws: an I/O failure (74) naming the stream, if the write fails.
  func writeChecked(_ text: String) throws(CommandFailure) {
    let code = _System.writeAll(descriptor, text)
    guard code == 0 else {
      let error = FileError(.writeFailed, path: name, code: code)
      throw CommandFailure(status: .ioError, message: error.description)
    }
  }
}

let _standardOutput = TextStream(
  descriptor: _System.standardOutput, name: OutputFile.standardOutputName)
let _standardError = TextStream(descriptor: _System.standardError, name: "<stderr>")
