import _PageTraceMath

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// With its extensions in this folder (the command-line tool's process-wide calls, standard
// input read ahead), the only place that imports the C library outside the C shim
// (`_PageTraceMath`, which also does `printf`'s rounding below, without a Swift `va_list`):
// every system call and C function the I/O layer and the command-line tool use goes through
// one of these thin, `EINTR`-safe wrappers, in the manner of swift-system.

/// The C library's functions and constants, as the I/O layer and the command-line tool use
/// them.
package enum _System {
  /// Standard input's descriptor.
  package static let standardInput: Int32 = STDIN_FILENO
  /// Standard output's descriptor.
  package static let standardOutput: Int32 = STDOUT_FILENO

  /// `errno`'s value for a broken pipe.
  static let brokenPipe: Int32 = EPIPE
  /// `errno`'s value for a directory where a file was expected.
  static let isDirectory: Int32 = EISDIR
  /// `errno`'s value for bytes that are not text in the expected encoding.
  static let illegalByteSequence: Int32 = EILSEQ
  /// `errno`'s value for a path that does not exist.
  static let noSuchFile: Int32 = ENOENT
  /// `errno`'s value for a device that failed to read or write (a damaged disk).
  static let inputOutputError: Int32 = EIO

  /// Whether `errno` value `code` says the process or system ran short of descriptors or
  /// memory.
  static func isShortage(_ code: Int32) -> Bool {
    code == EMFILE || code == ENFILE || code == ENOMEM || code == ENOBUFS
  }

  /// Whether `errno` value `code` says a file system has no room left.
  static func isShortOfRoom(_ code: Int32) -> Bool { code == ENOSPC || code == EDQUOT }

  /// The calling thread's `errno`.
  static var errorNumber: Int32 { errno }

  /// The system's text for an `errno` value.
  static func message(for code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  // MARK: Descriptors

  /// Opens a regular file (or pipe, or device) for reading; directories are refused.
  static func openForReading(_ path: SystemPath) throws(FileError) -> Int32 {
    var descriptor: Int32
    repeat {
      descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
    } while descriptor < 0 && errno == EINTR
    let name = path.description
    if descriptor < 0 {
      let code = errno
      switch code {
      case ENOENT, ENOTDIR: throw FileError(.notFound, path: name, code: code)
      case EISDIR: throw FileError(.isDirectory, path: name, code: code)
      case EACCES, EPERM: throw FileError(.notReadable, path: name, code: code)
      default: throw FileError(.openFailed, path: name, code: code)
      }
    }
    if let identity = identity(of: descriptor), identity.isDirectory {
      close(descriptor)
      throw FileError(.isDirectory, path: name, code: EISDIR)
    }
    return descriptor
  }

  /// How many descriptors below the process's soft limit are not open, counted up to
  /// `wanted` (the search stops there).
  static func freeDescriptors(upTo wanted: Int) -> Int {
    var limits = rlimit()
    #if canImport(Glibc)
      let found = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0
    #else
      let found = getrlimit(RLIMIT_NOFILE, &limits) == 0
    #endif
    guard found else { return wanted }
    let limit = limits.rlim_cur >= rlim_t(Int32.max) ? Int(Int32.max) : Int(limits.rlim_cur)
    var free = 0
    var descriptor = 0
    while free < wanted && descriptor < limit {
      if fcntl(Int32(descriptor), F_GETFD) == -1 && errno == EBADF { free += 1 }
      descriptor += 1
    }
    return free
  }

  /// Creates a new file for writing with `mkstemp` from `prefix` (the six `X`s are added);
  /// returns the descriptor and the path made.
  static func createUnique(prefix: SystemPath) -> (descriptor: Int32, path: SystemPath)? {
    var template = (prefix.bytes + Array("XXXXXX".utf8) + [0]).map { CChar(bitPattern: $0) }
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    return (descriptor, SystemPath(bytes: template.map { UInt8(bitPattern: $0) }))
  }

  /// Sets a file's permission bits.
  static func setMode(_ descriptor: Int32, _ mode: UInt32) {
    _ = fchmod(descriptor, mode_t(mode))
  }

  /// The permissions a new file gets under the process's umask: `0o666 & ~umask`.
  static var newFileMode: UInt32 {
    let mask = umask(0)
    _ = umask(mask)
    return 0o666 & ~UInt32(mask)
  }

  /// Opens `path` for writing, creating it if needed and emptying it; `errno` on failure.
  static func openForWriting(_ path: SystemPath) -> Int32 {
    var descriptor: Int32
    repeat {
      descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
    } while descriptor < 0 && errno == EINTR
    return descriptor
  }

  /// Closes a descriptor, ignoring errors (nothing can be done about them for inputs).
  static func close(_ descriptor: Int32) {
    _ = _close(descriptor)
  }

  /// Closes a descriptor written to, reporting a failure (a late write error on some file
  /// systems).
  static func closeAfterWriting(_ descriptor: Int32, name: String) throws(FileError) {
    if _close(descriptor) != 0 && errno != EINTR {
      throw FileError(.writeFailed, path: name, code: errno)
    }
  }

  /// Whether `path` is absent (and no dangling link), or a regular file that can be replaced
  /// without changing what the path is: not a symbolic link, one hard link, owned by this
  /// process's user, and writable by it.
  static func isPlainFileOrAbsent(_ path: SystemPath) -> Bool {
    var status = stat()
    guard path.withCString({ lstat($0, &status) }) == 0 else { return errno == ENOENT }
    return (status.st_mode & S_IFMT) == S_IFREG && status.st_nlink == 1
      && status.st_uid == geteuid() && path.withCString({ access($0, W_OK) }) == 0
  }

  /// Writes a file's data to the disk (`fsync`), so a rename after it never exposes an
  /// empty file after a crash.
  static func synchronize(_ descriptor: Int32, name: String) throws(FileError) {
    while fsync(descriptor) != 0 {
      let code = errno
      if code == EINTR { continue }
      if code == EINVAL || code == EROFS { return }  // not a file that can be synced
      throw FileError(.writeFailed, path: name, code: code)
    }
  }

  /// Renames `from` over `to` in one step.
  static func rename(_ from: SystemPath, to: SystemPath) -> Int32? {
    from.withCString { from in to.withCString { _rename(from, $0) } } == 0 ? nil : errno
  }

  /// Removes a file's name.
  static func unlink(_ path: SystemPath) { _ = path.withCString { _unlink($0) } }

  /// Reads up to `count` bytes; returns 0 only at the end of the input.
  package static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, name: String
  ) throws(FileError) -> Int {
    while true {
      let result = _read(descriptor, buffer, count)
      if result >= 0 { return result }
      let code = errno
      if code != EINTR { throw FileError(.readFailed, path: name, code: code) }
    }
  }

  /// Reads up to `count` bytes at `offset`, leaving the descriptor's own offset where it is
  /// (`pread`); returns 0 only at the end of the file.
  static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int,
    name: String
  ) throws(FileError) -> Int {
    while true {
      let result = pread(descriptor, buffer, count, off_t(offset))
      if result >= 0 { return result }
      let code = errno
      if code != EINTR { throw FileError(.readFailed, path: name, code: code) }
    }
  }

  /// Writes all `count` bytes, resuming after partial writes and interruptions.
  ///
  /// All or nothing on a regular file (not opened for appending): when a write fails after
  /// part of the bytes went out (a full disk, a file size limit), the file is cut back to
  /// where this call began. Writers hand whole records to one call, so a file that a failed
  /// run keeps (`.partial`) ends at a record boundary, never in the middle of one.
  package static func writeAll(
    _ descriptor: Int32, from buffer: UnsafeRawPointer, count: Int, name: String
  ) throws(FileError) {
    var written = 0
    while written < count {
      let result = _write(descriptor, buffer + written, count - written)
      if result > 0 {
        written += result
      } else if result < 0 {
        let code = errno
        if code != EINTR {
          _undo(written, on: descriptor)
          throw FileError(.writeFailed, path: name, code: code)
        }
      } else {
        _undo(written, on: descriptor)
        throw FileError(.writeFailed, path: name, code: EIO, message: "wrote nothing")
      }
    }
  }

  /// Takes back the last `count` bytes written to a regular file not opened for appending
  /// (where another writer may have written since): cuts it there and moves the offset back.
  private static func _undo(_ count: Int, on descriptor: Int32) {
    guard count > 0, fcntl(descriptor, F_GETFL) & O_APPEND == 0,
      identity(of: descriptor)?.isRegular == true
    else { return }
    let end = lseek(descriptor, 0, SEEK_CUR)
    guard end >= off_t(count), ftruncate(descriptor, end - off_t(count)) == 0 else { return }
    _ = lseek(descriptor, end - off_t(count), SEEK_SET)
  }

  /// Makes `target` a second descriptor of what `descriptor` is open to (closing what
  /// `target` was open to, and keeping it closed across `exec`); `false`, changing nothing,
  /// if the system refused.
  static func duplicate(_ descriptor: Int32, onto target: Int32) -> Bool {
    var result: Int32
    repeat {
      result = dup2(descriptor, target)
    } while result < 0 && (errno == EINTR || errno == EBUSY)
    guard result >= 0 else { return false }
    _ = fcntl(target, F_SETFD, FD_CLOEXEC)
    return true
  }

  /// A descriptor's offset: where its next write goes; -1 if it has none (a pipe).
  static func offset(of descriptor: Int32) -> Int { Int(lseek(descriptor, 0, SEEK_CUR)) }

  /// Reads a whole file of at most `limit` bytes; `nil` if it is larger.
  static func readAll(_ path: SystemPath, limit: Int) throws(FileError) -> [UInt8]? {
    let descriptor = try openForReading(path)
    defer { close(descriptor) }
    let chunk = 64 << 10
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    var bytes: [UInt8] = []
    while true {
      let count = try read(descriptor, into: buffer, count: chunk, name: path.description)
      if count == 0 { return bytes }
      bytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: count))
      if bytes.count > limit { return nil }
    }
  }

  // MARK: Identity

  /// What `stat` says about a file: which file it is, and of what kind.
  package struct FileIdentity: Hashable {
    package var device: UInt64
    package var inode: UInt64
    package var isRegular: Bool
    package var isDirectory: Bool
    /// A FIFO (named pipe): opening it for writing waits for a reader.
    package var isFIFO: Bool
    package var mode: UInt32
    package var size: Int
  }

  /// The identity of an open descriptor.
  static func identity(of descriptor: Int32) -> FileIdentity? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return FileIdentity(status)
  }

  /// The identity of the file at `path` (following links), or `nil` if there is none.
  package static func identity(ofPath path: SystemPath) -> FileIdentity? {
    var status = stat()
    guard path.withCString({ stat($0, &status) }) == 0 else { return nil }
    return FileIdentity(status)
  }

  /// Why `path` cannot be opened for reading, or `nil` if it can, found without opening it
  /// (opening a FIFO would take its writer's data).
  static func errorOpening(_ path: SystemPath) -> FileError? {
    var status = stat()
    let name = path.description
    guard path.withCString({ stat($0, &status) }) == 0 else {
      let code = errno
      switch code {
      case ENOENT, ENOTDIR: return FileError(.notFound, path: name, code: code)
      case EACCES, EPERM: return FileError(.notReadable, path: name, code: code)
      default: return FileError(.openFailed, path: name, code: code)
      }
    }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      return FileError(.isDirectory, path: name, code: EISDIR)
    }
    if path.withCString({ access($0, R_OK) }) != 0 {
      let code = errno
      return FileError(.notReadable, path: name, code: code)
    }
    return nil
  }

  /// The names in a directory that do not start with `.` (hidden files, `.` and `..` are
  /// never read), in the order the system gives them, as bytes: any name can be opened.
  /// - Throws: ``FileError`` if the directory cannot be listed.
  static func directoryEntries(_ path: SystemPath) throws(FileError) -> [SystemPath] {
    guard let directory = path.withCString({ opendir($0) }) else {
      let code = errno
      let name = path.description
      switch code {
      case ENOENT, ENOTDIR: throw FileError(.notFound, path: name, code: code)
      case EACCES, EPERM: throw FileError(.notReadable, path: name, code: code)
      default: throw FileError(.openFailed, path: name, code: code)
      }
    }
    defer { closedir(directory) }
    var names: [SystemPath] = []
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        let code = errno
        if code != 0 { throw FileError(.readFailed, path: path.description, code: code) }
        return names
      }
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if bytes.first == UInt8(ascii: ".") { continue }  // hidden, `.` and `..`: never read
      names.append(SystemPath(bytes: bytes))
    }
  }

  /// Whether a file name matches a shell pattern (`fnmatch(3)`, no flags: case-sensitive,
  /// `*` matching any bytes, `[…]` and `?` as the shell has them).
  static func matches(_ name: SystemPath, pattern: SystemPath) -> Bool {
    pattern.withCString { pattern in name.withCString { fnmatch(pattern, $0, 0) == 0 } }
  }

  // MARK: Threads

  /// A thread of ``startThread(_:)``.
  typealias Thread = pthread_t

  /// The processors online, at least 1.
  static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// Starts a thread of its own running `body` (not one of libdispatch's pool, whose monitor
  /// stops the process when it cannot open its `/proc` files, as when descriptors run out);
  /// `nil` if the system would not start one. ``join(_:)`` waits for it.
  static func startThread(_ body: @escaping @Sendable () -> Void) -> Thread? {
    let context = Unmanaged.passRetained(_ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<_ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<_ThreadBody>.fromOpaque(context).release()
      return nil
    }
    return thread
  }

  /// Lowers the calling thread's scheduling priority by `steps` nice levels (a thread may
  /// always lower its own). With glibc (Linux) only; elsewhere nothing changes.
  static func lowerPriorityOfCurrentThread(by steps: Int32) {
    #if canImport(Glibc)
      let thread: id_t = 0  // on Linux the nice value is each thread's; 0: the caller
      errno = 0
      let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread)
      guard errno == 0 else { return }
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, min(19, current + steps))
    #endif
  }

  /// Waits for a thread of ``startThread(_:)`` to end.
  static func join(_ thread: Thread) { _ = pthread_join(thread, nil) }

  /// A slot of a pointer of each thread's own (`pthread_key_t`), `nil` in every thread until
  /// it sets its own.
  struct ThreadSlot: @unchecked Sendable {
    private let key: pthread_key_t

    /// A new slot; `nil` if the system has no more of them.
    init?() {
      var key = pthread_key_t()
      guard pthread_key_create(&key, nil) == 0 else { return nil }
      self.key = key
    }

    /// The calling thread's pointer.
    var value: UnsafeMutableRawPointer? {
      get { pthread_getspecific(key) }
      nonmutating set { _ = pthread_setspecific(key, newValue) }
    }
  }

  // MARK: Memory and numbers

  /// The first `byte` in `count` bytes from `start`.
  @inline(__always)
  static func find(
    _ byte: UInt8, in start: UnsafeMutableRawPointer, count: Int
  ) -> UnsafeMutableRawPointer? {
    memchr(start, Int32(byte), count)
  }

  /// The first occurrence of `needle` (not empty) in `haystack`, as an offset: its first
  /// byte found by `memchr`, the rest compared.
  static func find(
    _ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer
  ) -> Int? {
    guard let base = haystack.baseAddress, let pattern = needle.baseAddress, !needle.isEmpty
    else { return nil }
    var offset = 0
    while haystack.count - offset >= needle.count,
      let found = memchr(
        base + offset, Int32(needle[0]), haystack.count - offset - needle.count + 1)
    {
      let at = UnsafeRawPointer(found) - base
      if memcmp(found, pattern, needle.count) == 0 { return at }
      offset = at + 1
    }
    return nil
  }

  /// `count` bytes of zeroed memory of this process's own, page-aligned, with its pages in
  /// place on Linux (`MAP_POPULATE`: the kernel provides them in one call rather than on a
  /// fault at the first touch of each page; Benchmarks/HISTORY-2026-11.md, "Issue 24, third
  /// round: two cores"); `nil` if the system has no room. ``unmapMemory(_:count:)`` gives it
  /// back.
  static func mapMemory(count: Int) -> UnsafeMutableRawPointer? {
    #if os(Linux)
      let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
    #else
      let flags = MAP_PRIVATE | MAP_ANON
    #endif
    guard let start = mmap(nil, count, PROT_READ | PROT_WRITE, flags, -1, 0),
      start != UnsafeMutableRawPointer(bitPattern: -1)  // MAP_FAILED
    else { return nil }
    return start
  }

  /// Gives back memory of ``mapMemory(count:)``.
  static func unmapMemory(_ start: UnsafeMutableRawPointer, count: Int) {
    _ = munmap(start, count)
  }

  /// Moves `count` bytes, which may overlap.
  static func move(
    _ destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer, count: Int
  ) {
    _ = memmove(destination, source, count)
  }

  /// Whether two byte ranges of `count` bytes are equal.
  package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
  }

  /// The C library's correctly rounded decimal-to-double conversion of a NUL-terminated text;
  /// `end` receives the first byte not used.
  package static func parseDouble(
    _ text: UnsafePointer<CChar>, end: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> Double {
    strtod(text, end)
  }

  /// `value` rounded to `decimals` digits after the point: `strtod` of
  /// `printf("%.*f")`.
  static func rounded(_ value: Double, decimals: Int) -> Double {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer in
      let text = buffer.baseAddress!
      _ = _pagetrace_format_fixed(text, 400, Int32(decimals), value)
      return strtod(text, nil)
    }
  }

  /// `floor(log10(value))` for a positive finite value.
  static func decimalExponent(of value: Double) -> Double { floor(log10(value)) }

  /// An environment variable.
  static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

  /// An environment variable's bytes (a path need not be UTF-8).
  static func environmentBytes(_ name: String) -> [UInt8]? {
    guard let value = getenv(name) else { return nil }
    return Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
  }
}

/// What a thread of ``_System/startThread(_:)`` runs, passed to it as its context.
private final class _ThreadBody {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

extension _System.FileIdentity {
  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    isRegular = (status.st_mode & S_IFMT) == S_IFREG
    isDirectory = (status.st_mode & S_IFMT) == S_IFDIR
    isFIFO = (status.st_mode & S_IFMT) == S_IFIFO
    mode = UInt32(status.st_mode & 0o7777)
    size = Int(status.st_size)
  }
}

private func _read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

private func _write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

private func _close(_ descriptor: Int32) -> Int32 { close(descriptor) }

private func _rename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 {
  rename(from, to)
}

private func _unlink(_ path: UnsafePointer<CChar>) -> Int32 { unlink(path) }
