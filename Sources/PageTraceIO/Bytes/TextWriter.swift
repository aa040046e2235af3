/// Buffered text to a descriptor, for output that is not records: the first write failure is
/// kept (later text is dropped) and thrown by ``flush()``, named as the output is.
///
/// ```swift
/// var writer = TextWriter(descriptor: output.descriptor, name: output.name)
/// writer.write("{\"kind\":\"tap\"}\n")
/// try writer.flush()
/// ```
public struct TextWriter: ~Copyable {
  /// The buffered size at which text is written out: 64 KiB.
  public static let threshold = 64 << 10
  /// The descriptor written to; the writer never closes it.
  public let descriptor: Int32
  /// The output's name in errors, e.g. `<stdout>`.
  public let name: String
  /// The first write failure, after which text is dropped.
  public private(set) var failure: FileError?
  private var buffer = _OutputBuffer(capacity: threshold + 512)

  /// Creates a writer.
  public init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  /// Appends text, writing the buffer out past ``threshold``.
  public mutating func write(_ text: String) {
    guard failure == nil else { return }
    var text = text
    text.withUTF8 { bytes in
      buffer.reserve(bytes.count)
      buffer.append(UnsafeRawBufferPointer(bytes))
    }
    if buffer.count >= Self.threshold {
      buffer.drain(to: descriptor, name: name, failure: &failure)
    }
  }

  /// Writes out everything buffered.
  ///
  /// - Throws: The first ``FileError`` met by this or an earlier write.
  public mutating func flush() throws(FileError) {
    buffer.drain(to: descriptor, name: name, failure: &failure)
    if let failure { throw failure }
  }
}
