#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin, `EINTR`-safe wrappers around the system calls the I/O layer uses.
enum _FileDescriptor {
  /// Opens a regular file (or pipe, or device) for reading; directories are refused.
  static func openForReading(_ path: String) throws(FileError) -> Int32 {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
    } while descriptor < 0 && errno == EINTR
    if descriptor < 0 {
      let code = errno
      switch code {
      case ENOENT, ENOTDIR: throw FileError(.notFound, path: path, code: code)
      case EISDIR: throw FileError(.isDirectory, path: path, code: code)
      case EACCES, EPERM: throw FileError(.notReadable, path: path, code: code)
      default: throw FileError(.openFailed, path: path, code: code)
      }
    }
    var status = stat()
    if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      _ = close(descriptor)
      throw FileError(.isDirectory, path: path, code: EISDIR)
    }
    return descriptor
  }

  /// Reads up to `count` bytes; returns 0 only at the end of the input.
  static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, name: String
  ) throws(FileError) -> Int {
    while true {
      let result = _read(descriptor, buffer, count)
      if result >= 0 { return result }
      let code = errno
      if code != EINTR { throw FileError(.readFailed, path: name, code: code) }
    }
  }

  /// Writes all `count` bytes, resuming after partial writes and interruptions.
  static func writeAll(
    _ descriptor: Int32, from buffer: UnsafeRawPointer, count: Int, name: String
  ) throws(FileError) {
    var written = 0
    while written < count {
      let result = _write(descriptor, buffer + written, count - written)
      if result > 0 {
        written += result
      } else if result < 0 {
        let code = errno
        if code != EINTR { throw FileError(.writeFailed, path: name, code: code) }
      } else {
        throw FileError(.writeFailed, path: name, code: EIO, message: "wrote nothing")
      }
    }
  }

  /// Reads a whole file of at most `limit` bytes; `nil` if it is larger.
  static func readAll(_ path: String, limit: Int) throws(FileError) -> [UInt8]? {
    let descriptor = try openForReading(path)
    defer { _ = close(descriptor) }
    let chunk = 64 << 10
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    var bytes: [UInt8] = []
    while true {
      let count = try read(descriptor, into: buffer, count: chunk, name: path)
      if count == 0 { return bytes }
      bytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: count))
      if bytes.count > limit { return nil }
    }
  }
}

@inline(__always)
private func _read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

@inline(__always)
private func _write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
