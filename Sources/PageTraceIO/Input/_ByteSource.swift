/// Where a reader's bytes come from: a descriptor, read as it is or, when its content starts
/// with the gzip magic bytes `1F 8B`, decompressed on the way (``_GzipStream``). Readers see
/// the same bytes either way, so lines, records, columns and limits are those of the
/// decompressed text.
struct _ByteSource: ~Copyable {
  /// The gzip magic bytes.
  static let gzipMagic: [UInt8] = [0x1F, 0x8B]

  let descriptor: Int32
  private let ownsDescriptor: Bool
  /// The name used in errors: the path, or `<stdin>`.
  let name: String
  private let gzip: _GzipStream?

  /// Reads `descriptor` as it is, or through `gzip`; an `owned` descriptor is closed when the
  /// source goes away.
  init(descriptor: Int32, owned: Bool, name: String, gzip: _GzipStream? = nil) {
    self.descriptor = descriptor
    self.ownsDescriptor = owned
    self.name = name
    self.gzip = gzip
  }

  deinit {
    if ownsDescriptor { _System.close(descriptor) }
  }

  /// Whether the content is decompressed on the way.
  var isGzip: Bool { gzip != nil }

  /// Reads up to `count` bytes (at least 1); returns 0 only at the end of the input.
  ///
  /// - Throws: ``FileError`` (``FileError/Kind/readFailed``) if reading fails, or
  ///   ``_GzipDamage`` when a gzip stream is damaged (it then ends).
  func read(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
    if let gzip {
      return try gzip.read(into: buffer, count: count, from: descriptor, name: name)
    }
    return try _System.read(descriptor, into: buffer, count: count, name: name)
  }

  /// Keeps damage found while sniffing the format, to be thrown by the next read.
  func keep(_ damage: _GzipDamage) { gzip?.keep(damage) }
}
