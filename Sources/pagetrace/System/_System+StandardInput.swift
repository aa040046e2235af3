import Dispatch
import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Standard input read ahead and put back, for the command-line tool's `lint`, which must look
// at standard input before it knows how to read it.

extension _System {
  /// Reads standard input until it ends or `limit` bytes have come: the bytes, and whether
  /// it ended.
  /// - Throws: ``FileError`` (`readFailed`, as `name`) if a read fails, e.g. standard input
  ///   is a directory: nothing read is worth anything then, not even as the start of a trace.
  static func readStandardInput(
    upTo limit: Int, name: String
  ) throws(FileError) -> (bytes: [UInt8], ended: Bool) {
    var bytes = [UInt8](repeating: 0, count: limit)
    var count = 0
    while count < limit {
      let result = bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(FileError) in
          try read(
            standardInput, into: buffer.baseAddress! + count, count: limit - count, name: name)
        }
      }
      let got = try result.get()
      if got == 0 { return (Array(bytes[..<count]), true) }
      count += got
    }
    return (bytes, false)
  }

  /// Puts `prefix` back in front of standard input: from now on, standard input reads
  /// `prefix`, then (unless it had `ended`) the rest of what it held. A pipe fed by a
  /// background thread stands in for it, so nothing is held but `prefix` and one buffer.
  static func unreadStandardInput(_ prefix: [UInt8], ended: Bool) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    let original = ended ? -1 : dup(STDIN_FILENO)
    dup2(ends[0], STDIN_FILENO)
    close(ends[0])
    let writeEnd = ends[1]
    DispatchQueue.global().async {
      func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return (try? _System.writeAll(writeEnd, from: base, count: bytes.count, name: "")) != nil
      }
      var going = prefix.withUnsafeBytes(writeAll)
      if original >= 0 {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while going {
          let count = buffer.withUnsafeMutableBytes {
            try? _System.read(original, into: $0.baseAddress!, count: $0.count, name: "")
          }
          guard let count, count > 0 else { break }
          going = buffer.withUnsafeBytes {
            writeAll(UnsafeRawBufferPointer(rebasing: $0.prefix(count)))
          }
        }
        close(original)
      }
      close(writeEnd)
    }
  }
}
