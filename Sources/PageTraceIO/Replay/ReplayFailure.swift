import PageTrace

/// Why a replay stopped early.
public enum ReplayFailure: Error, Sendable {
  /// A bad line, when bad lines are not skipped.
  case data(TraceError)
  /// An input could not be opened or read.
  case input(FileError)
  /// Writing the output failed.
  case output(FileError)
  /// The system ran short of a resource (``FileError/isResourceShortage``): descriptors or
  /// memory opening a file, or room for a temporary file of a parallel replay. Unlike the
  /// others, the same run may succeed when tried again.
  case resources(FileError)
}
