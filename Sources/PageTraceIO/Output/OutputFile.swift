/// Where a command's output goes: standard output, or a file that is replaced only when the
/// run succeeds.
///
/// A plain file (a regular file with one name, or a path that does not exist yet) is written
/// through a temporary file in the same folder (so the final rename stays on one file
/// system), which ``commit()`` syncs and renames over the path: an existing file is never
/// emptied or half-written by a run that fails. ``abandon()`` keeps what a failed run had
/// produced beside it, as `PATH.partial`, and leaves the path as it was.
///
/// Anything else is written in place, as a Unix tool would, because replacing it would
/// change what the path is: a symbolic link (written through, to its target), a file with
/// several hard links or another owner, a device or FIFO (`/dev/null`, `/dev/full`,
/// `/dev/stdout`), and a file whose folder does not allow the temporary file. There a
/// failed run cannot keep the old content.
///
/// Before anything is created, the output is compared with the inputs: writing to one of
/// them (the same device and inode, through any name or standard input) is refused.
///
/// Text written with ``write(_:)`` is buffered (a ``TextWriter``); record and trace writers
/// write to ``descriptor`` under ``name``. Either way a write failure names the output as it
/// is (`<stdout>` or the path).
///
/// ```swift
/// var output = try OutputFile(path: "out.jsonl", inputs: ["trace.jsonl"])
/// output.write("{\"ok\":true}\n")
/// try output.commit()  // out.jsonl now holds the line; before, it was unchanged
/// ```
public struct OutputFile: ~Copyable {
  /// Why an output cannot be used.
  public enum OpenError: Error, Sendable, CustomStringConvertible {
    /// The output is one of the inputs (`output`, `input`): writing it would destroy the input.
    case sameAsInput(output: String, input: String)
    /// The output (or its temporary file) cannot be created.
    case cannotCreate(FileError)

    /// A message for standard error.
    public var description: String {
      switch self {
      case .sameAsInput(let output, let input):
        output == input
          ? "\(output): the output is also an input; write to another file"
          : "\(output): the output is the same file as the input \(input); write to another file"
      case .cannotCreate(let error): error.description
      }
    }
  }

  /// The name of standard output in messages.
  public static let standardOutputName = "<stdout>"
  /// What is added to an output's path for the file that keeps a failed run's output
  /// (`out.jsonl.partial`); directory inputs leave such files out.
  public static let keptSuffix = ".partial"

  /// The descriptor to write to; the output owns it (unless it is standard output).
  public let descriptor: SystemDescriptor
  /// The output's name in messages: `<stdout>` or the path (as ``SystemPath/description``
  /// shows it).
  public let name: String
  /// The path written, `-` for standard output.
  public let path: SystemPath
  /// The temporary file being written, when the path is replaced on success; `nil` when the
  /// output is written in place.
  public let temporaryPath: SystemPath?
  /// Whether the path named a file before the run.
  public let existed: Bool
  /// How many bytes at the start say nothing on their own (a CSV header row): a failed run
  /// that wrote no more than these has produced nothing, and keeps no `.partial` file.
  public var preambleSize = 0
  private var text: TextWriter
  private var isClosed = false
  /// The run's inputs, which a failed run's kept output never replaces.
  private var inputs = _Inputs([])

  /// Standard output.
  public init() {
    self.init(
      descriptor: _System.standardOutput, path: .standardStream, temporary: nil, existed: true)
  }

  private init(descriptor: Int32, path: SystemPath, temporary: SystemPath?, existed: Bool) {
    self.descriptor = SystemDescriptor(rawValue: descriptor)
    self.path = path
    let name = path == .standardStream ? Self.standardOutputName : path.description
    self.name = name
    self.temporaryPath = temporary
    self.existed = existed
    self.text = TextWriter(descriptor: SystemDescriptor(rawValue: descriptor), name: name)
  }

  /// Opens the output a user named: `nil` or `-` is standard output, anything else a path.
  ///
  /// - Parameters:
  ///   - path: The output: `nil` or `-` for standard output, anything else a path.
  ///   - inputs: Every file the run reads (`-` is standard input): its traces and any other
  ///     file, such as a configuration. The output may be none of them, and a failed run's
  ///     `.partial` file never replaces one of them.
  /// - Throws: ``OpenError``.
  public init(path: String?, inputs: [String]) throws(OpenError) {
    try self.init(path: path.map { SystemPath($0) }, inputs: inputs.map { SystemPath($0) })
  }

  /// Opens the output a user named by its bytes (``init(path:inputs:)-(String?,_)``), the
  /// inputs named by theirs; messages name it as ``SystemPath/description`` shows it.
  public init(path: SystemPath?, inputs: [SystemPath]) throws(OpenError) {
    let inputs = _Inputs(inputs)
    guard let path, path != .standardStream else {
      try inputs.refuse(
        _System.identity(of: _System.standardOutput), name: Self.standardOutputName)
      self.init()
      return
    }
    let name = path.description
    guard !path.isEmpty else {
      throw .cannotCreate(
        FileError(
          .openFailed, path: name, code: _System.noSuchFile,
          message: "an empty path names no file"))
    }
    let target = _System.identity(ofPath: path)  // what the path leads to, links followed
    try inputs.refuse(target, name: name)
    if target?.isDirectory == true {
      throw .cannotCreate(FileError(.isDirectory, path: name, code: _System.isDirectory))
    }
    if _System.isPlainFileOrAbsent(path), let file = Self.temporaryFile(for: path, target) {
      self.init(
        descriptor: file.descriptor, path: path, temporary: file.path, existed: target != nil)
      self.inputs = inputs
      return
    }
    let descriptor = _System.openForWriting(path)
    guard descriptor >= 0 else {
      throw .cannotCreate(FileError(.openFailed, path: name, code: _System.errorNumber))
    }
    self.init(descriptor: descriptor, path: path, temporary: nil, existed: target != nil)
  }

  /// Checks, before anything is read or created, that the output a user named (`nil` or `-`
  /// is standard output) is none of `inputs`: the same device and inode, through any name,
  /// for a regular file or a FIFO (opening a FIFO that is also read would wait forever).
  ///
  /// - Throws: ``OpenError/sameAsInput(output:input:)``.
  public static func checkNotAnInput(
    _ path: SystemPath?, inputs: [SystemPath]
  ) throws(OpenError) {
    guard let path, path != .standardStream else {
      try _Inputs(inputs).refuse(
        _System.identity(of: _System.standardOutput), name: standardOutputName)
      return
    }
    try _Inputs(inputs).refuse(_System.identity(ofPath: path), name: path.description)
  }

  /// The files a run reads, by identity.
  private struct _Inputs {
    var files: [(name: String, identity: _System.FileIdentity?)] = []

    init(_ paths: [SystemPath]) {
      files = paths.map { input in
        (
          TraceReader.displayName(of: input),
          input == .standardStream
            ? _System.identity(of: _System.standardInput) : _System.identity(ofPath: input)
        )
      }
    }

    /// The input that `file` is, if any: regular files and FIFOs, by device and inode.
    func input(_ file: _System.FileIdentity?) -> String? {
      guard let file, file.isRegular || file.isFIFO else { return nil }
      return files.first {
        $0.identity?.device == file.device && $0.identity?.inode == file.inode
      }?.name
    }

    func refuse(_ output: _System.FileIdentity?, name: String) throws(OpenError) {
      if let input = input(output) { throw .sameAsInput(output: name, input: input) }
    }
  }

  /// A new temporary file beside `path`, with the permissions the file has (or a new file
  /// would get); `nil` where the folder does not allow it (then the path is written in place).
  private static func temporaryFile(
    for path: SystemPath, _ existing: _System.FileIdentity?
  ) -> (descriptor: Int32, path: SystemPath)? {
    let bytes = path.bytes
    let folderEnd = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
    let prefix = SystemPath(
      bytes: bytes[..<folderEnd] + Array(".".utf8) + bytes[folderEnd...]
        + Array(".pagetrace-".utf8))
    guard let file = _System.createUnique(prefix: prefix) else { return nil }
    _System.setMode(file.descriptor, (existing?.mode ?? _System.newFileMode) & 0o777)
    return file
  }

  /// Appends text, writing the buffer out when it is full.
  public mutating func write(_ text: String) { self.text.write(text) }

  /// Writes out everything buffered.
  ///
  /// - Throws: The first ``FileError`` met by this or an earlier write.
  public mutating func flush() throws(FileError) { try text.flush() }

  /// Finishes a successful run: writes out the buffer, and for a replaced file syncs the
  /// temporary file to the disk and renames it over the path.
  ///
  /// - Throws: ``FileError`` if a write, the sync, the close or the rename failed; the path
  ///   is then unchanged and the temporary file removed.
  public consuming func commit() throws(FileError) {
    do throws(FileError) {
      try flush()
      guard let temporaryPath else {
        if descriptor.rawValue != _System.standardOutput {
          isClosed = true
          try _System.closeAfterWriting(descriptor.rawValue, name: name)
        }
        return
      }
      try _System.synchronize(descriptor.rawValue, name: name)
      isClosed = true
      try _System.closeAfterWriting(descriptor.rawValue, name: name)
      if let code = _System.rename(temporaryPath, to: path) {
        throw FileError(.writeFailed, path: name, code: code)
      }
    } catch {
      if !isClosed && descriptor.rawValue != _System.standardOutput {
        _System.close(descriptor.rawValue)
      }
      if let temporaryPath { _System.unlink(temporaryPath) }
      throw error
    }
  }

  /// Ends a failed run: the path keeps its old content, and what was produced is kept as
  /// `PATH.partial` (or, if that name cannot be made, in the temporary file). Returns where
  /// it was kept, or `nil` when nothing was produced or the output is written in place (on
  /// standard output, what was produced is already written).
  ///
  /// When `PATH.partial` is one of the run's inputs (by any name), the first of
  /// `PATH.1.partial`, `PATH.2.partial`, … that is not one is used instead: an input is never
  /// replaced, and the name still ends in `.partial`, which directory inputs leave out.
  public consuming func abandon() -> String? {
    abandonKeeping()?.description
  }

  /// Ends a failed run as ``abandon()`` does; returns the path of the file that keeps what
  /// was produced, if any.
  public consuming func abandonKeeping() -> SystemPath? {
    try? flush()
    guard let temporaryPath else {
      if descriptor.rawValue != _System.standardOutput { _System.close(descriptor.rawValue) }
      return nil
    }
    let produced = (_System.identity(of: descriptor.rawValue)?.size ?? 0) > preambleSize
    _System.close(descriptor.rawValue)
    guard produced else {
      _System.unlink(temporaryPath)
      return nil
    }
    var partial = path + SystemPath(Self.keptSuffix)
    var number = 0
    while inputs.input(_System.identity(ofPath: partial)) != nil {
      number += 1
      partial = path + SystemPath(".\(number)" + Self.keptSuffix)
    }
    return _System.rename(temporaryPath, to: partial) == nil ? partial : temporaryPath
  }
}
