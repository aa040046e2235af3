/// An open file descriptor, as the system numbers it, in the manner of swift-system's
/// `FileDescriptor`: the writers take one instead of a bare `Int32`, so that a number is never
/// passed where a descriptor is meant.
///
/// A descriptor is borrowed, never owned: the writers that take one never close it. Open a
/// file with ``OutputFile`` (which owns its ``OutputFile/descriptor``), or wrap one the
/// program opened itself with ``init(rawValue:)``.
///
/// ```swift
/// var writer = RecordWriter(descriptor: .standardOutput, flush: .perEvent)
/// var output = try OutputFile(path: "records.jsonl", inputs: [])
/// var toFile = RecordWriter(descriptor: output.descriptor, name: output.name)
/// let inherited = SystemDescriptor(rawValue: 3)  // one the program was started with
/// ```
public struct SystemDescriptor: RawRepresentable, Hashable, Sendable, BitwiseCopyable {
  /// The descriptor's number.
  public let rawValue: Int32

  /// The descriptor numbered `rawValue`.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// Standard input, descriptor 0.
  public static let standardInput = SystemDescriptor(rawValue: 0)
  /// Standard output, descriptor 1.
  public static let standardOutput = SystemDescriptor(rawValue: 1)
  /// Standard error, descriptor 2.
  public static let standardError = SystemDescriptor(rawValue: 2)
}
