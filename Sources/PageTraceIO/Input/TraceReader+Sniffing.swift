/// Format sniffing: a reader's first bytes say gzip (`1F 8B`), binary (`PGTRACE\0`) or JSON
/// Lines, and are handed to the reader of that format, so nothing is read twice and standard
/// input works (``TraceReader``).
extension TraceReader {
  /// Reads `descriptor` (closed when the reader goes away if `owned`): reads its first bytes
  /// to find the format, through gzip if they are its magic.
  init(
    reading descriptor: Int32, owned: Bool, name: String, chunkSize: Int, maximumLineLength: Int
  ) throws(FileError) {
    precondition(chunkSize >= 1 && maximumLineLength >= 1, "sizes must be at least 1")
    let magic = BinaryTraceReader.magic
    let capacity = max(chunkSize, magic.count)
    let prefix = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    // A binary reader takes the buffer over (no copy of the first chunk); otherwise it goes.
    var prefixAdopted = false
    defer { if !prefixAdopted { prefix.deallocate() } }
    // The raw bytes: gzip (`1F 8B`), binary, or JSON Lines.
    var sniffed: (count: Int, atEnd: Bool)
    do {
      sniffed = try Self.sniff(
        into: prefix, capacity: capacity, chunkSize: chunkSize,
        magics: [_ByteSource.gzipMagic, magic]
      ) { buffer, count throws(FileError) in
        try _System.read(descriptor, into: buffer, count: count, name: name)
      }
    } catch {
      if owned { _System.close(descriptor) }
      throw error
    }
    let isGzip =
      sniffed.count >= 2 && Self.starts(prefix, sniffed.count, with: _ByteSource.gzipMagic)
    let source: _ByteSource
    if isGzip {
      // The compressed bytes read so far start the stream; the content is sniffed again, as
      // it comes out of it.
      let gzip = _GzipStream(
        prefix: UnsafeRawBufferPointer(start: prefix, count: sniffed.count),
        prefixEndsInput: sniffed.atEnd, chunkSize: chunkSize)
      source = _ByteSource(descriptor: descriptor, owned: owned, name: name, gzip: gzip)
      var damaged = false
      sniffed = try Self.sniff(
        into: prefix, capacity: capacity, chunkSize: chunkSize, magics: [magic]
      ) { buffer, count throws(FileError) in
        do {
          return try gzip.read(into: buffer, count: count, from: descriptor, name: name)
        } catch let error as FileError {
          throw error
        } catch {
          // Damage is thrown again by the first read of the trace, which gives it its line.
          if let damage = error as? _GzipDamage { gzip.keep(damage) }
          damaged = true
          return 0
        }
      }
      if damaged { sniffed.atEnd = false }
    } else {
      source = _ByteSource(descriptor: descriptor, owned: owned, name: name)
    }
    let count = sniffed.count
    let isBinary = count >= magic.count && Self.starts(prefix, count, with: magic)
    let bytes = UnsafeRawBufferPointer(start: prefix, count: count)
    self.name = name
    self.isGzip = isGzip
    self.decoder = TraceDecoder(file: name)
    if isBinary {
      self.format = .binary
      self.lines = nil
      self.binary = BinaryTraceReader(
        source: source, chunkSize: chunkSize, maximumStringLength: maximumLineLength,
        adopting: prefix, capacity: capacity, count: count, prefixEndsInput: sniffed.atEnd)
      prefixAdopted = true
    } else {
      self.format = .jsonLines
      self.lines = LineReader(
        source: source, chunkSize: chunkSize, maximumLineLength: maximumLineLength,
        prefix: bytes, prefixEndsInput: sniffed.atEnd)
      self.binary = nil
    }
  }

  /// Whether the `count` bytes at `bytes` start with `magic`.
  private static func starts(_ bytes: UnsafeRawPointer, _ count: Int, with magic: [UInt8]) -> Bool {
    count >= magic.count
      && (0..<magic.count).allSatisfy {
        bytes.load(fromByteOffset: $0, as: UInt8.self) == magic[$0]
      }
  }

  /// Reads the first bytes of an input into `prefix` with `read` until each of `magics` is
  /// complete or ruled out, so that a short first line typed on a terminal is not held back.
  private static func sniff(
    into prefix: UnsafeMutableRawPointer, capacity: Int, chunkSize: Int, magics: [[UInt8]],
    read: (UnsafeMutableRawPointer, Int) throws(FileError) -> Int
  ) throws(FileError) -> (count: Int, atEnd: Bool) {
    var count = 0
    func undecided() -> Bool {
      magics.contains { magic in
        count < magic.count
          && (0..<count).allSatisfy { prefix.load(fromByteOffset: $0, as: UInt8.self) == magic[$0] }
      }
    }
    while undecided() {
      let read = try read(prefix + count, min(chunkSize, capacity - count))
      if read == 0 { return (count, true) }
      count += read
    }
    return (count, false)
  }

}
