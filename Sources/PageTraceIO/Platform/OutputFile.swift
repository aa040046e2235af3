/// Where a command's output goes: standard output, or a file that is replaced only when the
/// run succeeds.
///
/// A path is written through a temporary file in the same folder (so the final rename stays
/// on one file system), which ``commit()`` renames over the path: an existing file is never
/// emptied or half-written by a run that fails. ``abandon()`` keeps what a failed run had
/// produced beside it, as `PATH.partial`, and leaves the path as it was. A path that names
/// something other than a regular file (`/dev/null`, `/dev/full`, a FIFO) is written
/// directly, since it cannot be replaced.
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

  /// The descriptor to write to; the output owns it (unless it is standard output).
  public let descriptor: Int32
  /// The output's name in messages: `<stdout>` or the path.
  public let name: String
  /// The temporary file's path while writing a replaceable file.
  private let temporaryPath: String?
  private var text: TextWriter

  /// Standard output.
  public init() {
    self.init(descriptor: _System.standardOutput, name: Self.standardOutputName, temporary: nil)
  }

  private init(descriptor: Int32, name: String, temporary: String?) {
    self.descriptor = descriptor
    self.name = name
    self.temporaryPath = temporary
    self.text = TextWriter(descriptor: descriptor, name: name)
  }

  /// Opens the output a user named: `nil` or `-` is standard output, anything else a path.
  ///
  /// - Parameter inputs: The inputs of the run (`-` is standard input); the output may be
  ///   none of them.
  /// - Throws: ``OpenError``.
  public init(path: String?, inputs: [String]) throws(OpenError) {
    let inputIdentities = inputs.map { input in
      (
        input == "-" ? LineReader.standardInputName : input,
        input == "-"
          ? _System.identity(of: _System.standardInput) : _System.identity(ofPath: input)
      )
    }
    func refuseIfInput(_ output: _System.FileIdentity?, name: String) throws(OpenError) {
      guard let output, output.isRegular else { return }
      for (input, identity) in inputIdentities
      where identity?.device == output.device && identity?.inode == output.inode {
        throw .sameAsInput(output: name, input: input)
      }
    }
    guard let path, path != "-" else {
      try refuseIfInput(_System.identity(of: _System.standardOutput), name: Self.standardOutputName)
      self.init()
      return
    }
    let existing = _System.identity(ofPath: path)
    try refuseIfInput(existing, name: path)
    if let existing, !existing.isRegular {
      if existing.isDirectory {
        throw .cannotCreate(FileError(.isDirectory, path: path, code: _System.isDirectory))
      }
      let descriptor = _System.openForWriting(path)
      guard descriptor >= 0 else {
        throw .cannotCreate(FileError(.openFailed, path: path, code: _System.errorNumber))
      }
      self.init(descriptor: descriptor, name: path, temporary: nil)
      return
    }
    let folderEnd = path.lastIndex(of: "/")
    let folder = folderEnd.map { String(path[...$0]) } ?? ""
    let base = folderEnd.map { String(path[path.index(after: $0)...]) } ?? path
    guard let file = _System.createUnique(prefix: folder + "." + base + ".pagetrace-") else {
      throw .cannotCreate(FileError(.openFailed, path: path, code: _System.errorNumber))
    }
    _System.setMode(file.descriptor, existing?.mode ?? _System.newFileMode)
    self.init(descriptor: file.descriptor, name: path, temporary: file.path)
  }

  /// Appends text, writing the buffer out when it is full.
  public mutating func write(_ text: String) { self.text.write(text) }

  /// Writes out everything buffered.
  ///
  /// - Throws: The first ``FileError`` met by this or an earlier write.
  public mutating func flush() throws(FileError) { try text.flush() }

  /// Finishes a successful run: writes out the buffer, and for a path renames the temporary
  /// file over it.
  ///
  /// - Throws: ``FileError`` if a write, the close or the rename failed; the path is then
  ///   unchanged and the temporary file removed.
  public consuming func commit() throws(FileError) {
    do throws(FileError) {
      try flush()
      guard let temporaryPath else {
        if descriptor != _System.standardOutput { _System.close(descriptor) }
        return
      }
      try _System.closeAfterWriting(descriptor, name: name)
      if let code = _System.rename(temporaryPath, to: name) {
        _System.unlink(temporaryPath)
        throw FileError(.writeFailed, path: name, code: code)
      }
    } catch {
      if let temporaryPath {
        _System.close(descriptor)
        _System.unlink(temporaryPath)
      }
      throw error
    }
  }

  /// Ends a failed run: the path keeps its old content, and what was produced is kept as
  /// `PATH.partial`. Returns that name, or `nil` when nothing was produced or the output is
  /// not a replaceable file (on standard output, what was produced is already written).
  public consuming func abandon() -> String? {
    try? flush()
    guard let temporaryPath else {
      if descriptor != _System.standardOutput { _System.close(descriptor) }
      return nil
    }
    let produced = (_System.identity(of: descriptor)?.size ?? 0) > 0
    _System.close(descriptor)
    let partial = name + ".partial"
    guard produced, _System.rename(temporaryPath, to: partial) == nil else {
      _System.unlink(temporaryPath)
      return nil
    }
    return partial
  }
}
