#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An unlinked temporary file in memory (`/dev/shm` when there is one) that holds one fuzz
/// input at a time.
///
/// The readers of PageTraceIO take a descriptor or a path, not a buffer: a target loads the
/// input here, then hands ``descriptor`` (rewound) or ``path`` (`/proc/self/fd/N`, which opens
/// the unlinked file anew at offset 0) to the reader. Nothing is left on disk, even when the
/// process dies on a crash.
public struct ScratchFile: Sendable {
  /// The open descriptor, read and write.
  public let descriptor: Int32

  /// Creates the file and unlinks it at once.
  public init() {
    let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var template = Array("\(directory)/pagetrace-fuzz-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    precondition(descriptor >= 0, "cannot create a scratch file in \(directory)")
    _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
    self.descriptor = descriptor
  }

  /// A path that opens the file from its start (Linux), for readers that only take a path.
  public var path: String { "/proc/self/fd/\(descriptor)" }

  /// Replaces the content with `parts`, one after the other, and rewinds ``descriptor``.
  public func load(_ parts: UnsafeRawBufferPointer...) {
    precondition(ftruncate(descriptor, 0) == 0, "ftruncate failed")
    var offset = 0
    for part in parts {
      guard let base = part.baseAddress, part.count > 0 else { continue }
      var written = 0
      while written < part.count {
        let n = pwrite(descriptor, base + written, part.count - written, off_t(offset + written))
        precondition(n > 0, "pwrite to the scratch file failed")
        written += n
      }
      offset += part.count
    }
    rewind()
  }

  /// Empties the file and rewinds it.
  public func clear() {
    precondition(ftruncate(descriptor, 0) == 0, "ftruncate failed")
    rewind()
  }

  /// Moves the descriptor's offset back to the start.
  public func rewind() {
    precondition(lseek(descriptor, 0, SEEK_SET) == 0, "lseek failed")
  }
}

/// `/dev/null`, opened once for writing: where the records go.
public let devNull: Int32 = {
  let descriptor = open("/dev/null", O_WRONLY)
  precondition(descriptor >= 0, "cannot open /dev/null")
  return descriptor
}()
