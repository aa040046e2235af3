import PageTrace

/// Writes a trace as JSON Lines (docs/behaviour.md, "Trace format") through a reusable buffer: the
/// inverse of ``TraceDecoder``.
///
/// The header line is the canonical object of ``ConfigurationPatch/jsonBytes()``. Each event
/// is one line with its keys in a fixed order, as records are (docs/behaviour.md, "Key order"):
/// `t`, the kind key, `session` (when present), then the kind's fields:
///
/// | kind | line |
/// |---|---|
/// | touch | `{"t":0.016,"touch":"move","id":1,"x":181.5,"y":790}`; `x`, `y` only when set (a
/// `cancel` may lack them) |
/// | pointer | `{"t":1.2,"pointer":"down","x":190,"y":790}` |
/// | key | `{"t":2,"key":"right"}` |
/// | focus | `{"t":1.9,"focus":"control"}` or `"none"` |
/// | accessibility | `{"t":3,"a11y":"increment"}` |
/// | programmatic | `{"t":4,"set":{"current":3}}`: only the fields set, in the order `current`,
/// `pages`, `enabled`, `continuous`, `style` |
///
/// Numbers are in their shortest round-tripping form (a numeric touch id `1.0` is written
/// `1`); strings are escaped as JSON needs. Decoding the output with ``TraceDecoder`` gives
/// back equal events. Non-finite numbers, which JSON cannot hold, are written `null`, which
/// the decoder rejects; so does an event the decoder would never produce (a touch other than
/// `cancel` without coordinates).
///
/// Like ``RecordWriter``, nothing is allocated per event; lines go to the descriptor as
/// ``flushPolicy`` says (by default when the buffer passes 64 KiB; after each event under
/// ``FlushPolicy/perEvent`` and ``FlushPolicy/perRecord``, as each line is one event) and on
/// ``flush()``; the first write failure is kept in
/// ``failure`` (later lines are dropped) and thrown by ``flush()``.
///
/// ```swift
/// var writer = EventWriter(descriptor: .standardOutput)
/// writer.writeHeader(patch)
/// for event in events { writer.write(event) }
/// try writer.flush()
/// ```
public struct EventWriter: ~Copyable {
  /// The descriptor written to; the writer never closes it.
  public let descriptor: SystemDescriptor
  /// The name of the output in errors, e.g. `<stdout>`.
  public let name: String
  /// When lines are written out.
  public let flushPolicy: FlushPolicy
  /// The buffered size at which lines are written out: 1 (every line) under
  /// ``FlushPolicy/perEvent``.
  public let threshold: Int
  /// The first write failure, after which lines are dropped.
  public private(set) var failure: FileError?
  /// The number of events written so far.
  public private(set) var eventCount = 0
  /// Whether anything (the header or an event) was written.
  private var hasContent = false

  private var buffer: _OutputBuffer

  /// Creates a writer.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor, e.g. ``SystemDescriptor/standardOutput``.
  ///   - name: The name used in errors.
  ///   - flush: When lines are written out: when 64 KiB are buffered (the default), or after
  ///     each event (``FlushPolicy/perEvent`` and ``FlushPolicy/perRecord`` alike).
  ///
  /// ```swift
  /// var writer = EventWriter(descriptor: .standardOutput, flush: .perEvent)
  /// ```
  public init(
    descriptor: SystemDescriptor, name: String = "<stdout>", flush: FlushPolicy = .buffered
  ) {
    self.descriptor = descriptor
    self.name = name
    self.flushPolicy = flush
    self.threshold = flush.writesEachEvent ? 1 : flush.threshold
    self.buffer = _OutputBuffer(capacity: self.threshold + 512)
  }

  /// Writes the header line `{"pagetrace":1,...}`.
  ///
  /// - Precondition: Nothing was written yet: the header is the first line of a trace.
  public mutating func writeHeader(_ patch: ConfigurationPatch) {
    precondition(!hasContent, "the header must be the first line of a trace")
    hasContent = true
    guard failure == nil else { return }
    buffer.appendConfiguration(patch)
    buffer.append(_ASCII.newline)
    if buffer.count >= threshold { writeOut() }
  }

  /// Appends one event line, writing the buffer out past ``threshold``.
  public mutating func write(_ event: PageControlEvent) {
    hasContent = true
    guard failure == nil else { return }
    eventCount += 1
    buffer.appendEvent(event)
    buffer.append(_ASCII.newline)
    if buffer.count >= threshold { writeOut() }
  }

  /// Writes out everything buffered.
  ///
  /// - Throws: The first ``FileError`` met by this or an earlier write.
  public mutating func flush() throws(FileError) {
    writeOut()
    if let failure { throw failure }
  }

  private mutating func writeOut() {
    buffer.drain(to: descriptor.rawValue, name: name, failure: &failure)
  }
}

extension _OutputBuffer {
  /// Appends the JSON object of an event (without a newline), reserving room first.
  mutating func appendEvent(_ event: PageControlEvent) {
    var stringLength = event.session.map { Self.maximumJSONStringLength(utf8Count: $0.utf8.count) }
    if case .touch(_, .string(let id), _, _) = event.action {
      stringLength =
        (stringLength ?? 0) + Self.maximumJSONStringLength(utf8Count: id.utf8.count)
    }
    reserve(256 + (stringLength ?? 0))
    append("{\"t\":")
    appendNumber(event.time)
    switch event.action {
    case .touch(let phase, let id, let x, let y):
      switch phase {
      case .down: append(",\"touch\":\"down\"")
      case .move: append(",\"touch\":\"move\"")
      case .up: append(",\"touch\":\"up\"")
      case .cancel: append(",\"touch\":\"cancel\"")
      }
      appendSession(event.session)
      append(",\"id\":")
      switch id {
      case .number(let value): appendNumber(value)
      case .string(let value): appendJSONString(value)
      }
      if let x {
        append(",\"x\":")
        appendNumber(x)
      }
      if let y {
        append(",\"y\":")
        appendNumber(y)
      }
    case .pointer(let phase, let x, let y):
      switch phase {
      case .hover: append(",\"pointer\":\"hover\"")
      case .down: append(",\"pointer\":\"down\"")
      case .move: append(",\"pointer\":\"move\"")
      case .up: append(",\"pointer\":\"up\"")
      }
      appendSession(event.session)
      append(",\"x\":")
      appendNumber(x)
      append(",\"y\":")
      appendNumber(y)
    case .key(let key):
      switch key {
      case .tab: append(",\"key\":\"tab\"")
      case .left: append(",\"key\":\"left\"")
      case .right: append(",\"key\":\"right\"")
      case .up: append(",\"key\":\"up\"")
      case .down: append(",\"key\":\"down\"")
      case .space: append(",\"key\":\"space\"")
      case .home: append(",\"key\":\"home\"")
      case .end: append(",\"key\":\"end\"")
      }
      appendSession(event.session)
    case .focus(let isOnControl):
      append(isOnControl ? ",\"focus\":\"control\"" : ",\"focus\":\"none\"")
      appendSession(event.session)
    case .accessibility(let action):
      switch action {
      case .increment: append(",\"a11y\":\"increment\"")
      case .decrement: append(",\"a11y\":\"decrement\"")
      case .activate: append(",\"a11y\":\"activate\"")
      case .scrollForward: append(",\"a11y\":\"scrollForward\"")
      case .scrollBackward: append(",\"a11y\":\"scrollBackward\"")
      }
      appendSession(event.session)
    case .set(let change):
      append(",\"set\":{")
      var separator = false
      if let current = change.current {
        appendSetKey("\"current\":", &separator)
        appendInteger(current)
      }
      if let pages = change.pages {
        appendSetKey("\"pages\":", &separator)
        appendInteger(pages)
      }
      if let enabled = change.enabled {
        appendSetKey("\"enabled\":", &separator)
        append(enabled ? "true" : "false")
      }
      if let continuous = change.continuous {
        appendSetKey("\"continuous\":", &separator)
        append(continuous ? "true" : "false")
      }
      if let style = change.style {
        appendSetKey("\"style\":", &separator)
        switch style {
        case .automatic: append("\"automatic\"")
        case .prominent: append("\"prominent\"")
        case .minimal: append("\"minimal\"")
        }
      }
      append(_ASCII.rightBrace)
      appendSession(event.session)
    }
    append(_ASCII.rightBrace)
  }

  /// Appends a key of a `set` object, after a comma unless it is the first.
  private mutating func appendSetKey(_ key: StaticString, _ separator: inout Bool) {
    if separator { append(_ASCII.comma) }
    separator = true
    append(key)
  }

  private mutating func appendSession(_ session: String?) {
    guard let session else { return }
    append(",\"session\":")
    appendJSONString(session)
  }
}
