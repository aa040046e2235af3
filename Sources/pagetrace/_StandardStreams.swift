/// Unbuffered text output to a file descriptor, for help and diagnostics.
struct _TextStream {
  let descriptor: Int32

  func write(_ text: String) { _Platform.writeAll(descriptor, text) }
}

let _standardOutput = _TextStream(descriptor: _Platform.standardOutput)
let _standardError = _TextStream(descriptor: _Platform.standardError)
