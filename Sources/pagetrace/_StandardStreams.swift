#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unbuffered text output to a file descriptor, for help and diagnostics.
struct _TextStream {
  let descriptor: Int32

  func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}

let _standardOutput = _TextStream(descriptor: 1)
let _standardError = _TextStream(descriptor: 2)
