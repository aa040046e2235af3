import PageTrace

/// What one line of a trace holds (SPEC §2): nothing, the header, or an event.
///
/// ```swift
/// switch try decoder.decode(line.bytes, lineNumber: line.number) {
/// case .blank: break
/// case .header(let patch): header = patch
/// case .event(let event): try engine.handle(event) { writer.write($0) }
/// }
/// ```
public enum TraceLine: Sendable, Hashable {
  /// An empty or whitespace-only line.
  case blank
  /// The header: the first non-blank line, when it has the key `"pagetrace"` (value 1).
  indirect case header(ConfigurationPatch)
  /// An event.
  case event(PageControlEvent)
}
