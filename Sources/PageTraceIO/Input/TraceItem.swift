import PageTrace

/// What a ``TraceReader`` hands out: the header, an event with its position, or a blank line.
///
/// ```swift
/// while let item = try reader.next() {
///   switch item {
///   case .blank: break
///   case .header(let patch): header = patch
///   case .event(let event, let line): try engine.handle(event) { writer.write($0) }
///   case .note(let note): print(note)  // an importer's repair or drop
///   }
/// }
/// ```
public enum TraceItem: Sendable, Hashable {
  /// An empty or whitespace-only line (JSON Lines only).
  case blank
  /// The configuration of the trace's header; at most once, before every event.
  indirect case header(ConfigurationPatch)
  /// An event, with its 1-based line in JSON Lines or its record number in a binary trace
  /// (the 40-byte record at byte offset `40 × (line − 1)`).
  case event(PageControlEvent, line: Int)
  /// A note for standard error, in input order: a repair or omission an importer reports
  /// (`--from csv` …), or the warning that a binary trace of format version 1 cannot show a
  /// cut.
  case note(ImportNote)
}

/// What ``TraceReader/next(into:)`` read: the kinds of ``TraceItem``, without their contents.
///
/// The event itself is in the `EngineEvent` passed to it, the header and note in
/// ``TraceReader/header`` and ``TraceReader/note``, the line in ``TraceReader/lineNumber``.
public enum TraceItemKind: Sendable, Hashable, BitwiseCopyable {
  /// An empty or whitespace-only line.
  case blank
  /// The header (``TraceReader/header``).
  case header
  /// An event, decoded into the event given.
  case event
  /// A note for standard error (``TraceReader/note``).
  case note
  /// An event line of a session outside the reader's ``TraceReader/shard``, passed over
  /// without being decoded (JSON Lines only).
  case otherShard
}

/// The two encodings of a trace.
public enum TraceFormat: Sendable, Hashable, CaseIterable {
  /// JSON Lines (docs/behaviour/trace-format.md, "Trace format"): a header line, then one event object per line.
  case jsonLines
  /// The binary format of `docs/binary-format.md`: the magic `PGTRACE\0`, the header, then
  /// fixed-size 40-byte records.
  case binary
}
