/// Why a configuration file could not be loaded
/// (``ConfigurationPatch/init(readingFile:maximumSize:)-(String,_)``): the file could not be
/// read, or its content is not a valid configuration.
///
/// ```swift
/// do {
///   let patch = try ConfigurationPatch(readingFile: "phone.json")
/// } catch {
///   switch error {
///   case .unreadable(let error): print("cannot read:", error)  // phone.json: No such file …
///   case .invalid(let error): print("bad configuration:", error)  // phone.json:3:12: expected …
///   }
/// }
/// ```
public enum ConfigurationFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file could not be opened or read (a command-line tool's exit status 66).
  case unreadable(FileError)
  /// The content is no valid configuration, or the file is larger than the limit (a data
  /// error, exit status 65).
  case invalid(TraceError)

  /// The underlying error's description: `PATH: MESSAGE` or `FILE:LINE:COLUMN: expected …,
  /// found …`.
  public var description: String {
    switch self {
    case .unreadable(let error): error.description
    case .invalid(let error): error.description
    }
  }
}
