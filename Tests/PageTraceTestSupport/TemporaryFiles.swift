#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A temporary file path (the file exists, empty); removed by the caller with `unlink`.
package func temporaryPath() -> String {
  var template = Array("/tmp/pagetrace-test-XXXXXX".utf8CString)
  let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
  precondition(descriptor >= 0)
  close(descriptor)
  return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A temporary file holding the given bytes; removed by the caller with `unlink`.
package func temporaryFile(_ bytes: [UInt8]) -> String {
  let path = temporaryPath()
  let descriptor = open(path, O_WRONLY | O_TRUNC)
  precondition(descriptor >= 0)
  writeAll(descriptor, bytes)
  close(descriptor)
  return path
}

/// Writes every byte to a descriptor, however many calls it takes.
package func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
  bytes.withUnsafeBytes { raw in
    var written = 0
    while written < raw.count {
      let result = write(descriptor, raw.baseAddress! + written, raw.count - written)
      precondition(result > 0)
      written += result
    }
  }
}

/// Every byte a descriptor gives until end of input.
package func readBytes(_ descriptor: Int32) -> [UInt8] {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
    precondition(count >= 0)
    if count == 0 { return bytes }
    bytes += chunk[..<count]
  }
}

/// Everything a descriptor gives until end of input, as text.
package func readToEnd(_ descriptor: Int32) -> String {
  String(decoding: readBytes(descriptor), as: UTF8.self)
}

/// The whole contents of a file.
package func contents(of path: String) -> [UInt8] {
  let descriptor = open(path, O_RDONLY)
  precondition(descriptor >= 0)
  defer { close(descriptor) }
  return readBytes(descriptor)
}
