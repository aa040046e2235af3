import PageTraceIO

/// Reader sizes picked from one byte of the input, so that some inputs are read in tiny chunks
/// (lines and records split across reads) or with a tiny line or string limit.
public enum Chunking {
  /// `(chunkSize, maximumLineLength)` by `selector % 8`. Entry 3 is `{` (0x7B), the first byte
  /// of most JSON traces, so the seeds replay in one read (64 KiB rather than the default
  /// 1 MiB, which costs time to allocate under ASan) with the default line limit; space, tab,
  /// newline and carriage return (0, 1, 2, 5) keep a JSON trace valid and pick small chunks.
  static let table: [(chunkSize: Int, maximumLineLength: Int)] = [
    (1, LineReader.defaultMaximumLineLength),  // ' ' 0x20
    (2, 100),  // '\t' 0x09
    (3, LineReader.defaultMaximumLineLength),  // '\n' 0x0A
    (64 << 10, LineReader.defaultMaximumLineLength),  // '{' 0x7B
    (7, 40),
    (16, LineReader.defaultMaximumLineLength),  // '\r' 0x0D
    (64, 200),
    (4096, LineReader.defaultMaximumLineLength),
  ]

  /// The sizes for a selector byte or number.
  public static func sizes(_ selector: Int) -> (chunkSize: Int, maximumLineLength: Int) {
    table[selector & 7]
  }
}
