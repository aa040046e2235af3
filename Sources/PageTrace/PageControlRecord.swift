/// One output record (docs/behaviour/output.md, "Output records"): a time, the session of the input, and
/// what happened.
///
/// Time-driven records (scrub steps, the discrete-state reset, timer advances) carry
/// their own due time, not the time of the event that revealed them.
///
/// ```swift
/// try engine.handle(event) { record in
///   if case .transition(let transition) = record.content { print(record.time, transition.to) }
/// }
/// ```
public struct PageControlRecord: Sendable, Hashable {
  /// The virtual time at which it happened.
  public var time: Double
  /// The session of the input event, if it had one.
  public var session: String?
  /// What happened.
  public var content: Content

  /// Creates a record.
  public init(time: Double, session: String? = nil, _ content: Content) {
    self.time = time
    self.session = session
    self.content = content
  }

  /// The five kinds of record.
  public enum Content: Sendable, Hashable, BitwiseCopyable {
    /// The page changed.
    case transition(PageTransition)
    /// The interaction state changed.
    case interaction(InteractionState)
    /// The background platter appeared (`true`) or disappeared (`false`).
    case background(visible: Bool)
    /// The screen reader spoke.
    case announcement(Announcement)
    /// The page's details were opened (`fiori`).
    case detail(page: Int)
  }

  /// The kind of this record.
  public var type: RecordType { content.type }
}

extension PageControlRecord.Content {
  /// The kind of record this is.
  public var type: RecordType {
    switch self {
    case .transition: .transition
    case .interaction: .interaction
    case .background: .background
    case .announcement: .announcement
    case .detail: .detail
    }
  }
}

/// The record kinds, by their names in the output (`"type"`).
///
/// ```swift
/// let wanted: RecordTypes = [.transition, .announcement]
/// ```
public enum RecordType: String, Sendable, Hashable, CaseIterable {
  /// ``PageControlRecord/Content/transition(_:)``.
  case transition
  /// ``PageControlRecord/Content/interaction(_:)``.
  case interaction
  /// ``PageControlRecord/Content/background(visible:)``.
  case background
  /// ``PageControlRecord/Content/announcement(_:)``.
  case announcement
  /// ``PageControlRecord/Content/detail(page:)``.
  case detail
}

/// A set of record kinds, for filtering output.
///
/// ```swift
/// RecordTypes.all.contains(.detail)  // true
/// ```
public struct RecordTypes: OptionSet, Sendable, Hashable {
  /// The bits.
  public var rawValue: UInt8
  /// Creates a set from bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// A set holding one kind.
  public init(_ type: RecordType) {
    switch type {
    case .transition: rawValue = 1
    case .interaction: rawValue = 2
    case .background: rawValue = 4
    case .announcement: rawValue = 8
    case .detail: rawValue = 16
    }
  }

  /// Page transitions, the default output.
  public static let transition = RecordTypes(.transition)
  /// Interaction state changes.
  public static let interaction = RecordTypes(.interaction)
  /// Background visibility changes.
  public static let background = RecordTypes(.background)
  /// Screen reader announcements.
  public static let announcement = RecordTypes(.announcement)
  /// Detail openings.
  public static let detail = RecordTypes(.detail)
  /// Every kind.
  public static let all: RecordTypes = [
    .transition, .interaction, .background, .announcement, .detail,
  ]

  /// Whether the set holds the given kind.
  public func contains(_ type: RecordType) -> Bool { contains(RecordTypes(type)) }
}

extension PageControlRecord {
  /// Equal when time, content and session are, the session compared by its UTF-8 bytes: a
  /// trace's names are bytes, so `"é"` and `"e\u{301}"` are two sessions, although Swift's
  /// `String ==` calls them equal (docs/behaviour/trace-format.md, "Sessions").
  public static func == (a: PageControlRecord, b: PageControlRecord) -> Bool {
    a.time == b.time && a.content == b.content && _utf8Equal(a.session, b.session)
  }

  /// Consistent with ``==(_:_:)``.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(time)
    hasher.combine(content)
    hasher.combine(session.map(_UTF8Name.init))
  }
}
