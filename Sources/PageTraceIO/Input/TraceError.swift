/// A data error in a trace or configuration file (docs/behaviour/bad-input.md, "Bad input" and "Error
/// messages"): where it is and what was wrong.
///
/// The description is exactly `FILE:LINE:COLUMN: expected …, found …`, with a 1-based line and
/// a 1-based column counted in characters (Unicode scalars). The column is that of the
/// offending value, or 1 when a top-level field is missing. Standard input is named `<stdin>`.
///
/// ```swift
/// let error = TraceError(
///   file: "<stdin>", line: 3, column: 7, expected: "a number for \"t\"", found: "\"soon\"")
/// print(error)  // <stdin>:3:7: expected a number for "t", found "soon"
/// ```
public struct TraceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The name of the input: a path, or `<stdin>`.
  public var file: String
  /// The 1-based line number.
  public var line: Int
  /// The 1-based column, in characters.
  public var column: Int
  /// What the reader expected, e.g. `a number for "t"`.
  public var expected: String
  /// A short excerpt of what it found instead, e.g. `"soon"` or `none`.
  public var found: String

  /// Creates an error.
  public init(file: String, line: Int, column: Int, expected: String, found: String) {
    self.file = file
    self.line = line
    self.column = column
    self.expected = expected
    self.found = found
  }

  /// `FILE:LINE:COLUMN: expected …, found …`.
  public var description: String {
    "\(file):\(line):\(column): expected \(expected), found \(found)"
  }
}
