import _PageTraceZlib

/// gzip (RFC 1952) in one call, for Parquet's GZIP codec: zlib's deflate over the whole page.
enum _Gzip {
  /// `bytes` compressed at zlib's default level, or `nil` if zlib fails (it does not, short of
  /// memory, for input it is given whole).
  static func compress(_ bytes: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard _pagetrace_deflate_init_gzip(&stream, 1) == Z_OK else { return nil }
    defer { deflateEnd(&stream) }
    // deflateBound leaves out the gzip wrapper's 18 bytes (zlib.h).
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
