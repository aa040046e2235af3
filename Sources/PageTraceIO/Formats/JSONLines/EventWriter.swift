import PageTrace

/// Writes a trace as JSON Lines (docs/behaviour/trace-format.md, "Trace format") through a reusable buffer: the
/// inverse of ``TraceDecoder``.
///
/// The header line is the canonical object of ``ConfigurationPatch/jsonBytes()``. Each event
/// is one line with its keys in a fixed order, as records are (docs/behaviour/output.md, "Key order"):
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
  /// Appends the JSON object of an event (without a newline), reserving room first for it and
  /// the line end that follows.
  mutating func appendEvent(_ event: PageControlEvent) {
    var reserved = _EventReservation.lineEnd
    if let session = event.session {
      reserved +=
        _Reservation.text(_EventText.session)
        + Self.maximumJSONStringLength(utf8Count: session.utf8.count)
    }
    switch event.action {
    case .touch(_, let id, _, _):
      reserved += _EventReservation.shared.touch
      if case .string(let id) = id {
        reserved += Self.maximumJSONStringLength(utf8Count: id.utf8.count)
      }
    case .pointer: reserved += _EventReservation.shared.pointer
    case .key: reserved += _EventReservation.shared.key
    case .focus: reserved += _EventReservation.shared.focus
    case .accessibility: reserved += _EventReservation.shared.accessibility
    case .set: reserved += _EventReservation.shared.set
    }
    reserve(reserved)
    let start = count
    append(_EventText.time)
    appendNumber(event.time)
    switch event.action {
    case .touch(let phase, let id, let x, let y):
      append(_EventText.touch)
      appendQuotedWord(phase.rawValue)
      appendSession(event.session)
      append(_EventText.id)
      switch id {
      case .number(let value): appendNumber(value)
      case .string(let value): appendJSONString(value)
      }
      if let x {
        append(_EventText.x)
        appendNumber(x)
      }
      if let y {
        append(_EventText.y)
        appendNumber(y)
      }
    case .pointer(let phase, let x, let y):
      append(_EventText.pointer)
      appendQuotedWord(phase.rawValue)
      appendSession(event.session)
      append(_EventText.x)
      appendNumber(x)
      append(_EventText.y)
      appendNumber(y)
    case .key(let key):
      append(_EventText.key)
      appendQuotedWord(key.rawValue)
      appendSession(event.session)
    case .focus(let isOnControl):
      append(isOnControl ? _EventText.focusControl : _EventText.focusNone)
      appendSession(event.session)
    case .accessibility(let action):
      append(_EventText.accessibility)
      appendQuotedWord(action.rawValue)
      appendSession(event.session)
    case .set(let change):
      append(_EventText.set)
      var separator = false
      if let current = change.current {
        appendSetKey(_EventText.current, &separator)
        appendInteger(current)
      }
      if let pages = change.pages {
        appendSetKey(_EventText.pages, &separator)
        appendInteger(pages)
      }
      if let enabled = change.enabled {
        appendSetKey(_EventText.enabled, &separator)
        append(enabled ? _EventText.true : _EventText.false)
      }
      if let continuous = change.continuous {
        appendSetKey(_EventText.continuous, &separator)
        append(continuous ? _EventText.true : _EventText.false)
      }
      if let style = change.style {
        appendSetKey(_EventText.style, &separator)
        appendQuotedWord(style.rawValue)
      }
      append(_ASCII.rightBrace)
      appendSession(event.session)
    }
    append(_ASCII.rightBrace)
    assert(
      count - start + _EventReservation.lineEnd <= reserved, "an event longer than its reservation")
  }

  /// Appends a key of a `set` object, after a comma unless it is the first.
  private mutating func appendSetKey(_ key: StaticString, _ separator: inout Bool) {
    if separator { append(_ASCII.comma) }
    separator = true
    append(key)
  }

  private mutating func appendSession(_ session: String?) {
    guard let session else { return }
    append(_EventText.session)
    appendJSONString(session)
  }
}

/// The fixed texts of an event line, each spelled once: written by ``EventWriter`` and counted
/// by ``_EventReservation``.
enum _EventText {
  static var time: StaticString { "{\"t\":" }
  static var session: StaticString { ",\"session\":" }
  static var touch: StaticString { ",\"touch\":" }
  static var id: StaticString { ",\"id\":" }
  static var x: StaticString { ",\"x\":" }
  static var y: StaticString { ",\"y\":" }
  static var pointer: StaticString { ",\"pointer\":" }
  static var key: StaticString { ",\"key\":" }
  static var focusControl: StaticString { ",\"focus\":\"control\"" }
  static var focusNone: StaticString { ",\"focus\":\"none\"" }
  static var accessibility: StaticString { ",\"a11y\":" }
  static var set: StaticString { ",\"set\":{" }
  static var current: StaticString { "\"current\":" }
  static var pages: StaticString { "\"pages\":" }
  static var enabled: StaticString { "\"enabled\":" }
  static var continuous: StaticString { "\"continuous\":" }
  static var style: StaticString { "\"style\":" }
  static var `true`: StaticString { "true" }
  static var `false`: StaticString { "false" }
}

/// The most bytes ``EventWriter`` writes for an event of each kind, apart from its session and
/// a string touch id (reserved by their own lengths): a constant per kind, the sum of its fixed
/// texts and of each field at its widest (``_Reservation``), the closing brace included.
struct _EventReservation {
  var touch: Int
  var pointer: Int
  var key: Int
  var focus: Int
  var accessibility: Int
  var set: Int

  /// The line end written after the object.
  static let lineEnd = 1

  static let shared: _EventReservation = {
    typealias R = _Reservation
    let number = R.number
    let common = R.text(_EventText.time) + number + 1
    let point = R.text(_EventText.x, _EventText.y) + 2 * number
    let boolean = max(R.text(_EventText.true), R.text(_EventText.false))
    let setFields =
      R.text(_EventText.current, _EventText.pages) + 2 * number
      + R.text(_EventText.enabled, _EventText.continuous) + 2 * boolean
      + R.text(_EventText.style) + R.quotedWord(BackgroundStyle.self) + 4
    return _EventReservation(
      touch: common + R.text(_EventText.touch) + R.quotedWord(TouchPhase.self)
        + R.text(_EventText.id) + number + point,
      pointer: common + R.text(_EventText.pointer) + R.quotedWord(PointerPhase.self) + point,
      key: common + R.text(_EventText.key) + R.quotedWord(Key.self),
      focus: common + max(R.text(_EventText.focusControl), R.text(_EventText.focusNone)),
      accessibility: common + R.text(_EventText.accessibility)
        + R.quotedWord(AccessibilityAction.self),
      set: common + R.text(_EventText.set) + setFields + 1)
  }()
}
