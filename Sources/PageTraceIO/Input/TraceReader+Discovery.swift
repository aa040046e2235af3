/// Finding inputs: how they are named, whether they can be opened, the trace files of a
/// directory (docs/behaviour/commands.md, "Directories of traces").
extension TraceReader {
  /// How an input is named in records and messages: its path, or `<stdin>` for `-`.
  public static func displayName(of file: String) -> String {
    file == "-" ? LineReader.standardInputName : file
  }

  /// How an input is named in records and messages: its path as
  /// ``SystemPath/description`` shows it, or `<stdin>` for `-`.
  public static func displayName(of file: SystemPath) -> String {
    file == .standardStream ? LineReader.standardInputName : file.description
  }

  /// Checks, without reading it, that an input can be opened: `-` (standard input) always
  /// can.
  ///
  /// - Throws: ``FileError`` saying why it cannot (missing, a directory, not readable).
  public static func checkReadable(_ file: String) throws(FileError) {
    try checkReadable(SystemPath(file))
  }

  /// Checks, without reading it, that an input named by its bytes can be opened
  /// (``checkReadable(_:)-(String)``).
  public static func checkReadable(_ file: SystemPath) throws(FileError) {
    guard file != .standardStream else { return }
    if let error = _System.errorOpening(file) { throw error }
  }

  /// Whether an input names a directory (links followed); `-` never does.
  public static func isDirectory(_ file: String) -> Bool { isDirectory(SystemPath(file)) }

  /// Whether an input named by its bytes names a directory (links followed); `-` never does.
  public static func isDirectory(_ file: SystemPath) -> Bool {
    file != .standardStream && _System.identity(ofPath: file)?.isDirectory == true
  }

  /// The trace files of a directory, as paths (`DIR/NAME`), in the byte order of their names:
  /// every regular file (or link to one) that ``TraceFileSelection/traces`` chooses, that is
  /// whose name ends in `.jsonl`, `.pgtrace` or `.ptrace`, or one of those and `.gz`. Nothing
  /// below it is read: subdirectories, FIFOs and devices are left out, like hidden files and
  /// `NAME.partial` files (what a failed run kept of its output).
  ///
  /// - Throws: ``FileError`` if the directory cannot be listed, or
  ///   (``FileError/Kind/openFailed``) if it holds no trace file, or (`EILSEQ`) if the name
  ///   of one is not UTF-8 (``traceFiles(inDirectory:)-(SystemPath)`` reads those).
  public static func traceFiles(inDirectory directory: String) throws(FileError) -> [String] {
    try traceFiles(inDirectory: SystemPath(directory)).map { (file) throws(FileError) in
      guard let path = file.string else {
        throw FileError(
          .readFailed, path: directory, code: _System.illegalByteSequence,
          message: "the file name \(file) is not UTF-8")
      }
      return path
    }
  }

  /// The trace files of a directory named by its bytes, as paths (`DIR/NAME`) of bytes, so
  /// that every name, UTF-8 or not, can be opened (``traceFiles(inDirectory:)-(String)``).
  public static func traceFiles(
    inDirectory directory: SystemPath
  ) throws(FileError) -> [SystemPath] {
    try traceFiles(inDirectory: directory, selecting: .traces).files
  }

  /// The files of a directory that `selection` chooses, as paths (`DIR/NAME`) of bytes in the
  /// byte order of their names, and the names of the other regular files (or links to one).
  /// Nothing below it is read: subdirectories, FIFOs and devices are neither, like hidden
  /// files.
  ///
  /// - Throws: ``FileError`` if the directory cannot be listed, or
  ///   (``FileError/Kind/openFailed``) if `selection` chooses none of its files; the message
  ///   says what was looked for and names the files left out.
  public static func traceFiles(
    inDirectory directory: SystemPath, selecting selection: TraceFileSelection
  ) throws(FileError) -> DirectoryListing {
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    let names = try _System.directoryEntries(directory)
      .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    var listing = DirectoryListing(files: [], leftOut: [])
    for name in names where _System.identity(ofPath: folder + name)?.isRegular == true {
      if selection.selects(name) {
        listing.files.append(folder + name)
      } else {
        listing.leftOut.append(name)
      }
    }
    guard !listing.files.isEmpty else {
      var message = "the directory holds no trace files (\(selection.description))"
      if let others = listing.leftOutSummary() {
        message += "; \(others); choose files with --glob PATTERN"
      }
      throw FileError(.openFailed, path: directory.description, code: 0, message: message)
    }
    return listing
  }

}
