/// When a writer hands what it buffered to its descriptor: after every record, after every
/// input event, or when the buffer fills (docs/behaviour/output.md, "Output buffering").
///
/// Writing out is one `write(2)` of everything buffered; a writer always writes out on
/// `flush()` (and ``BinaryTraceWriter/finish()``), whatever its policy.
///
/// - ``buffered``: when the buffer passes 64 KiB (``buffered(bytes:)`` for another size). The
///   fewest system calls: what `pagetrace` uses, for files and pipes alike.
/// - ``perEvent``: at the end of each input event, so that a live tool's output keeps up
///   with its input: ``RecordWriter/endEvent()`` writes out the event's records (the replay
///   loop calls it; a loop of its own calls it after `handle`), and the trace writers, whose
///   every write is one event, write out after each. The buffer is also written out when it
///   fills, as ``buffered``.
/// - ``perRecord``: after every record (every event, for the trace writers).
///
/// ```swift
/// var writer = RecordWriter(descriptor: .standardOutput, flush: .perEvent)
/// try engine.handle(event) { writer.write($0) }
/// writer.endEvent()  // the event's records are on standard output now
/// ```
public struct FlushPolicy: Hashable, Sendable, CustomStringConvertible {
  /// The buffered size, in bytes, past which a writer writes out: 1 for ``perRecord``.
  public let threshold: Int
  /// Whether a writer writes out at the end of every input event (``perEvent``).
  public let writesEachEvent: Bool

  private init(threshold: Int, writesEachEvent: Bool) {
    self.threshold = Swift.max(threshold, 1)
    self.writesEachEvent = writesEachEvent
  }

  /// The default buffered size: 64 KiB.
  public static let defaultThreshold = 64 << 10

  /// Writes out when the buffer passes ``defaultThreshold`` bytes (64 KiB): the default.
  public static let buffered = buffered(bytes: defaultThreshold)

  /// Writes out when the buffer passes `bytes` bytes (at least 1).
  public static func buffered(bytes: Int) -> FlushPolicy {
    FlushPolicy(threshold: bytes, writesEachEvent: false)
  }

  /// Writes out at the end of every input event, and when the buffer passes
  /// ``defaultThreshold`` bytes.
  public static let perEvent = FlushPolicy(threshold: defaultThreshold, writesEachEvent: true)

  /// Writes out after every record.
  public static let perRecord = FlushPolicy(threshold: 1, writesEachEvent: false)

  /// `per record`, `per event`, or `buffered (N bytes)`.
  public var description: String {
    if writesEachEvent { return "per event" }
    return threshold == 1 ? "per record" : "buffered (\(threshold) bytes)"
  }
}
