/// Which files of a directory given as an input are read (docs/behaviour/commands.md, "Directories of
/// traces"): those whose names end in one of ``suffixes`` (each also followed by `.gz`), or,
/// when ``patterns`` is not empty, those whose names match one of them (`fnmatch(3)`, on the
/// name alone, case-sensitive). Names ending in `.partial` (what a failed run kept of its
/// output) are never chosen; hidden files are never listed.
///
/// ```swift
/// let listing = try TraceReader.traceFiles(inDirectory: "traces", selecting: .traces)
/// print(listing.files, listing.leftOut)  // read, and regular files left out
/// ```
public struct TraceFileSelection: Sendable, Equatable {
  /// The name endings chosen, such as `.jsonl`; `nil` chooses every name.
  public var suffixes: [String]?
  /// `fnmatch(3)` patterns on the file name (`--glob`); when not empty, used instead of
  /// ``suffixes``.
  public var patterns: [SystemPath]

  /// Chooses the names ending in one of `suffixes` (or that and `.gz`), or every name for
  /// `nil`, or those matching one of `patterns` when there are any.
  public init(suffixes: [String]?, patterns: [SystemPath] = []) {
    self.suffixes = suffixes
    self.patterns = patterns
  }

  /// The suffixes of PageTrace's own formats: JSON Lines (`.jsonl`) and binary (`.pgtrace`,
  /// docs/binary-format.md, and the shorter `.ptrace`).
  public static let traceSuffixes = [".jsonl", ".pgtrace", ".ptrace"]

  /// PageTrace's traces: ``traceSuffixes``, each also gzip-compressed.
  public static let traces = TraceFileSelection(suffixes: traceSuffixes)

  /// Every regular file (`pagetrace inspect`, which tells what files are).
  public static let everyFile = TraceFileSelection(suffixes: nil)

  /// The usual name endings of an input format, as `--from` names it (`trace`, `jsonl`,
  /// `binary`, `csv`, `getevent`, `pointer-events`); `nil` for a name it does not know.
  public static func suffixes(ofFormat format: String) -> [String]? {
    switch format {
    case "trace", "jsonl", "binary": traceSuffixes
    case "csv": [".csv", ".tsv", ".txt"]
    case "getevent": [".txt", ".log", ".getevent"]
    case "pointer-events": [".jsonl", ".json"]
    default: nil
    }
  }

  /// Whether a file of this name (without its directory) is chosen.
  public func selects(_ name: SystemPath) -> Bool {
    if name.hasSuffix(OutputFile.keptSuffix) { return false }
    if !patterns.isEmpty {
      return patterns.contains { _System.matches(name, pattern: $0) }
    }
    guard let suffixes else { return true }
    return suffixes.contains { name.hasSuffix($0) || name.hasSuffix($0 + ".gz") }
  }

  /// What is chosen, for messages: `names ending in .jsonl, .pgtrace or .ptrace, or those
  /// and .gz`, `names matching 'a*' or 'b*'`, `regular files`.
  public var description: String {
    func alternatives(_ items: [String]) -> String {
      guard let last = items.last, items.count > 1 else { return items.first ?? "" }
      return items.dropLast().joined(separator: ", ") + " or " + last
    }
    if !patterns.isEmpty {
      return "names matching " + alternatives(patterns.map { "'\($0)'" })
    }
    guard let suffixes else { return "regular files" }
    return "names ending in \(alternatives(suffixes)), or those and .gz"
  }
}

/// The files of a directory given as an input, as ``TraceReader/traceFiles(inDirectory:selecting:)``
/// found them.
public struct DirectoryListing: Sendable, Equatable {
  /// The files chosen, as paths (`DIR/NAME`), in the byte order of their names.
  public var files: [SystemPath]
  /// The names (without the directory) of the other regular files, in the same order.
  public var leftOut: [SystemPath]

  /// A listing of `files` chosen and `leftOut` left out.
  public init(files: [SystemPath], leftOut: [SystemPath]) {
    self.files = files
    self.leftOut = leftOut
  }

  /// `3 other files left out (README.md, notes.txt, x.csv, …)`: the first `limit` names,
  /// then `…`; `nil` when none was.
  public func leftOutSummary(showing limit: Int = 3) -> String? {
    guard !leftOut.isEmpty else { return nil }
    var names = leftOut.prefix(limit).map(\.description)
    if leftOut.count > limit { names.append("…") }
    let count = leftOut.count == 1 ? "1 other file" : "\(leftOut.count) other files"
    return "\(count) left out (\(names.joined(separator: ", ")))"
  }
}
