import _PageTraceZlib

/// gzip (RFC 1952) in one call, for Parquet's GZIP codec: zlib's deflate over the whole page.
enum _Gzip {
  /// `bytes` compressed at zlib's fastest level (the default level made files 3 % smaller and
  /// took a tenth longer to write), or `nil` if zlib fails (it does not, short of memory, for
  /// input it is given whole).
  static func compress(_ bytes: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard _pagetrace_deflate_init_gzip(&stream, Z_BEST_SPEED) == Z_OK else { return nil }
    defer { deflateEnd(&stream) }
    // deflateBound counts the gzip wrapper of a stream begun as gzip; 18 bytes to spare.
    let capacity = Int(deflateBound(&stream, UInt(bytes.count))) + 18
    var output = [UInt8](repeating: 0, count: capacity)
    let status = bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = UInt32(input.count)
        stream.next_out = out.baseAddress
        stream.avail_out = UInt32(out.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    output.removeLast(Int(stream.avail_out))
    return output
  }
}
