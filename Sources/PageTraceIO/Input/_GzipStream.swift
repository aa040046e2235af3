import _PageTraceZlib

// The only file of PageTraceIO that calls zlib.

/// Why the bytes of a gzip stream cannot be decompressed: the words of a ``TraceError``, which
/// the reader completes with its line (or record) and column.
struct _GzipDamage: Error, Sendable {
  /// What was expected, e.g. `the rest of the gzip stream`.
  var expected: String
  /// What was found, naming the byte offset in the compressed input.
  var found: String
}

/// Decompresses a gzip stream read from a descriptor, streaming, with fixed buffers: the
/// compressed input is read `chunkSize` bytes at a time, and zlib keeps its 32 KiB window.
///
/// Several members one after the other (`cat a.gz b.gz`) read as one stream, as `gzip -d`
/// reads them. Anything else is damage: data zlib rejects (a bad header, a bad block, a
/// wrong checksum or length), an input that ends inside a member, or bytes after a member that
/// do not start another one. The damage is reported once, after every byte decompressed
/// before it; the stream then ends.
final class _GzipStream {
  private let stream: UnsafeMutablePointer<z_stream>
  private let input: UnsafeMutablePointer<UInt8>
  private let inputCapacity: Int
  /// The compressed bytes handed to zlib so far, counted from the start of the input.
  private var fed = 0
  private var inputEnded = false
  /// A member ended; the next byte starts another one or the input must end.
  private var betweenMembers = false
  private var finished = false
  /// Damage found after some bytes were decompressed: thrown by the next read.
  private var pending: _GzipDamage?

  /// Starts a stream whose first compressed bytes, `prefix`, were already read (to find the
  /// gzip magic); `prefixEndsInput` when the descriptor reported its end.
  init(prefix: UnsafeRawBufferPointer, prefixEndsInput: Bool, chunkSize: Int) {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    inputCapacity = max(chunkSize, prefix.count, 1)
    input = .allocate(capacity: inputCapacity)
    if let base = prefix.baseAddress, !prefix.isEmpty {
      UnsafeMutableRawPointer(input).copyMemory(from: base, byteCount: prefix.count)
    }
    stream.pointee.next_in = input
    stream.pointee.avail_in = UInt32(prefix.count)
    fed = prefix.count
    inputEnded = prefixEndsInput
    if _pagetrace_inflate_init_gzip(stream) != Z_OK {
      finished = true
      pending = _GzipDamage(
        expected: "a gzip stream zlib can start", found: "zlib failing to start")
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deinitialize(count: 1)
    stream.deallocate()
    input.deallocate()
  }

  /// Keeps damage found while the format was being sniffed, to report at the first read.
  func keep(_ damage: _GzipDamage) { pending = damage }

  /// The offset in the compressed input of the first byte zlib has not consumed.
  private var offset: Int { fed - Int(stream.pointee.avail_in) }

  /// Decompresses up to `count` bytes (at least 1) into `buffer`; returns 0 only at the end
  /// of the stream.
  ///
  /// - Throws: ``FileError`` if reading the descriptor fails, ``_GzipDamage`` for damage.
  func read(
    into buffer: UnsafeMutableRawPointer, count: Int, from descriptor: Int32, name: String
  ) throws -> Int {
    if let damage = pending {
      pending = nil
      finished = true
      throw damage
    }
    while !finished {
      if stream.pointee.avail_in == 0 && !inputEnded {
        let read = try _System.read(descriptor, into: input, count: inputCapacity, name: name)
        stream.pointee.next_in = input
        stream.pointee.avail_in = UInt32(read)
        fed += read
        if read == 0 { inputEnded = true }
      }
      if betweenMembers {
        guard stream.pointee.avail_in > 0 else {
          finished = true  // the input ends after a whole member
          return 0
        }
        let next = stream.pointee.next_in.pointee
        guard next == 0x1F else {
          finished = true
          throw _GzipDamage(
            expected: "another gzip member or the end of the input",
            found: "the byte 0x\(_hex(next)) at compressed byte offset \(offset)")
        }
        inflateReset(stream)
        betweenMembers = false
      }
      let room = min(count, Int(UInt32.max))
      let available = stream.pointee.avail_in
      stream.pointee.next_out = buffer.assumingMemoryBound(to: UInt8.self)
      stream.pointee.avail_out = UInt32(room)
      let status = inflate(stream, Z_NO_FLUSH)
      let produced = room - Int(stream.pointee.avail_out)
      switch status {
      case Z_OK, Z_BUF_ERROR:
        if produced > 0 { return produced }
        if available > 0 && stream.pointee.avail_in == available {
          // Neither input used nor output made: never for a sound zlib, but never a loop.
          finished = true
          throw _GzipDamage(
            expected: "valid gzip data",
            found: "data zlib cannot go on with at compressed byte offset \(offset)")
        }
        if stream.pointee.avail_in == 0 && inputEnded {
          finished = true
          throw _GzipDamage(
            expected: "the rest of the gzip stream",
            found: "the end of the input at compressed byte offset \(offset)")
        }
      case Z_STREAM_END:
        betweenMembers = true
        if produced > 0 { return produced }
      default:
        let reason = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
        let damage = _GzipDamage(
          expected: "valid gzip data",
          found: "damaged data at compressed byte offset \(offset) (\(reason))")
        if produced > 0 {
          pending = damage
          return produced
        }
        finished = true
        throw damage
      }
    }
    return 0
  }
}
