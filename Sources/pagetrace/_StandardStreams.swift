import PageTraceIO

/// Unbuffered text output to a file descriptor, for help and diagnostics.
struct _TextStream {
  let descriptor: Int32

  /// Writes `text`, ignoring a failure (help and diagnostics).
  func write(_ text: String) { _Platform.writeAll(descriptor, text) }

  /// Writes `text`, for output that is the command's product (a manual, a completion script).
  /// - Throws: an I/O failure (74) naming the stream, if the write fails.
  func writeProduct(_ text: String, name: String) throws(CommandFailure) {
    let code = _Platform.writeAll(descriptor, text)
    guard code == 0 else {
      let error = FileError(.writeFailed, path: name, code: code)
      throw CommandFailure(status: .ioError, message: error.description)
    }
  }
}

let _standardOutput = _TextStream(descriptor: _Platform.standardOutput)
let _standardError = _TextStream(descriptor: _Platform.standardError)
