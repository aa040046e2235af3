/// A failure to open, read or write a file, carrying the system's explanation (`errno`).
///
/// Failures to open an input (``Kind/notFound``, ``Kind/isDirectory``, ``Kind/notReadable``,
/// ``Kind/openFailed``) are what a command-line tool reports with exit status 66.
///
/// ```swift
/// do {
///   let reader = try LineReader(path: "missing.jsonl")
///   print(reader.name)
/// } catch {  // a FileError: the initialiser throws nothing else
///   if error.isOpenFailure { print(error) }  // missing.jsonl: No such file or directory
/// }
/// ```
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// The path does not exist (`ENOENT`, `ENOTDIR`).
    case notFound
    /// The path names a directory.
    case isDirectory
    /// The file exists but may not be read (`EACCES`, `EPERM`).
    case notReadable
    /// Any other failure to open.
    case openFailed
    /// Reading an open file failed.
    case readFailed
    /// Writing failed; see ``FileError/isBrokenPipe``.
    case writeFailed
  }

  /// What went wrong.
  public var kind: Kind
  /// The path or name of the file, e.g. `<stdout>`.
  public var path: String
  /// The `errno` value.
  public var code: Int32
  /// The system's text for ``code``, e.g. `No such file or directory`.
  public var message: String

  /// Creates an error; `message` defaults to the system's text for `code`.
  public init(_ kind: Kind, path: String, code: Int32, message: String? = nil) {
    self.kind = kind
    self.path = path
    self.code = code
    self.message = message ?? _System.message(for: code)
  }

  /// Whether opening failed (as opposed to reading or writing).
  public var isOpenFailure: Bool {
    switch kind {
    case .notFound, .isDirectory, .notReadable, .openFailed: true
    case .readFailed, .writeFailed: false
    }
  }

  /// Whether a write failed because the reader of a pipe went away (`EPIPE`).
  ///
  /// A tool that writes to a pipe must ignore `SIGPIPE` to get this error instead of dying.
  public var isBrokenPipe: Bool { kind == .writeFailed && code == _System.brokenPipe }

  /// Whether the system ran short of a resource that may be free again later: descriptors
  /// (`EMFILE`, `ENFILE`), memory (`ENOMEM`, `ENOBUFS`) or, for a temporary file, room
  /// (`ENOSPC`, `EDQUOT`; see ``isShortOfRoom``). Worth retrying, unlike a missing file.
  public var isResourceShortage: Bool { _System.isShortage(code) }

  /// Whether a write found no room (`ENOSPC`, `EDQUOT`): a resource shortage for a temporary
  /// file, a write error for the output a user named.
  public var isShortOfRoom: Bool { _System.isShortOfRoom(code) }

  /// `PATH: MESSAGE`.
  public var description: String { "\(path): \(message)" }
}
