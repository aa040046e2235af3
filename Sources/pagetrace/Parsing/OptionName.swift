/// The name of a command-line option, `--jobs` as `.jobs`: the one key an ``OptionSpec``
/// declares and ``CommandLineArguments`` reads it by (`options[.jobs]`, `options.has(.quiet)`).
///
/// Every option name is a static member, so a misspelt name in code (`options[.jbos]`) is a
/// compile error rather than a value that is never there. Declare a new name here when
/// several commands take it, or in an `extension OptionName` in the file of the one command
/// that takes it.
struct OptionName: Hashable, Sendable {
  /// The long name without dashes, e.g. `max-sessions`.
  let rawValue: String

  /// A name for an option table built from data (the configuration flags); code reads options
  /// by the static members.
  init(_ rawValue: String) { self.rawValue = rawValue }
}

extension OptionName {
  static let all = OptionName("all")
  static let axis = OptionName("axis")
  static let bySession = OptionName("by-session")
  static let columns = OptionName("columns")
  static let config = OptionName("config")
  static let decimalComma = OptionName("decimal-comma")
  static let defaultSession = OptionName("default-session")
  static let delimiter = OptionName("delimiter")
  static let disable = OptionName("disable")
  static let emit = OptionName("emit")
  static let emitKey = OptionName("emit-key")
  static let end = OptionName("end")
  static let events = OptionName("events")
  static let format = OptionName("format")
  static let from = OptionName("from")
  static let generateCompletionScript = OptionName("generate-completion-script")
  static let generateManual = OptionName("generate-manual")
  static let glob = OptionName("glob")
  static let header = OptionName("header")
  static let help = OptionName("help")
  static let jobs = OptionName("jobs")
  static let listSessions = OptionName("list-sessions")
  static let maxLineLength = OptionName("max-line-length")
  static let maxSessions = OptionName("max-sessions")
  static let missing = OptionName("missing")
  static let name = OptionName("name")
  static let noProgress = OptionName("no-progress")
  static let onError = OptionName("on-error")
  static let output = OptionName("output")
  static let pages = OptionName("pages")
  static let phaseMap = OptionName("phase-map")
  static let quiet = OptionName("quiet")
  static let scale = OptionName("scale")
  static let screen = OptionName("screen")
  static let seed = OptionName("seed")
  static let session = OptionName("session")
  static let sessions = OptionName("sessions")
  static let shard = OptionName("shard")
  static let sort = OptionName("sort")
  static let start = OptionName("start")
  static let strict = OptionName("strict")
  static let summary = OptionName("summary")
  static let timeUnit = OptionName("time-unit")
  static let timeUnitAsGiven = OptionName("time-unit-as-given")
  static let to = OptionName("to")
  static let version = OptionName("version")
  static let wallClock = OptionName("wall-clock")
}
