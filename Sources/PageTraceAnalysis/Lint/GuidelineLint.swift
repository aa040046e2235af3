import PageTrace
import PageTraceIO

/// The design guidelines of docs/behaviour/lint.md, "Lint rules" as checks with stable rule ids: over a
/// configuration, and over what a trace does with it.
///
/// ```swift
/// for finding in GuidelineLint.check(configuration) {
///   print("\(finding.rule.id): \(finding.message)")  // PT001: 12 pages are hard to count …
/// }
/// ```
public enum GuidelineLint {
  /// A rule, with its stable id (`PT001` …) and a short name.
  public enum Rule: String, Sendable, Hashable, CaseIterable {
    /// More than 10 pages: hard to count.
    case manyPages = "PT001"
    /// More than 20 pages: too many to visit in sequence.
    case tooManyPages = "PT002"
    /// Dots clipped: more pages than fit, in a profile without windowing.
    case dotsClipped = "PT003"
    /// A control in a header with more than 3 pages.
    case headerWithManyPages = "PT004"
    /// `minimal` style with scrubbing allowed: a scrub shows no background.
    case minimalWithScrubbing = "PT005"
    /// More than two distinct indicator images.
    case manyIndicatorImages = "PT006"
    /// A single-page control that stays visible.
    case singlePageShown = "PT007"
    /// In a trace: a scrub on a `minimal` control.
    case scrubOnMinimal = "PT101"
    /// In a trace: more than 10 pages visited by taps in one session.
    case manyPagesByTaps = "PT102"

    /// The stable id, e.g. `PT001`.
    public var id: String { rawValue }

    /// The rule with this id (`PT001`), if there is one.
    public init?(id: String) { self.init(rawValue: id) }

    /// How much a finding of this rule matters: an ``Severity/error`` leaves pages that
    /// people cannot see or reach one by one (PT002, PT003); everything else is a
    /// ``Severity/warning``.
    public var severity: Severity {
      switch self {
      case .tooManyPages, .dotsClipped: .error
      default: .warning
      }
    }

    /// Whether the rule needs the control's frame (rules that count dots that fit in it).
    public var needsControl: Bool { self == .dotsClipped }
  }

  /// How much a finding matters.
  public enum Severity: String, Sendable, Hashable, Comparable {
    /// Against the guidelines, but the control works.
    case warning
    /// Pages that people cannot see, or cannot reasonably reach.
    case error

    /// Whether `a` matters less than `b`: a warning less than an error.
    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
  }

  /// One thing the guidelines warn about.
  public struct Finding: Sendable, Hashable {
    /// The rule.
    public var rule: Rule
    /// What was found, for people.
    public var message: String
    /// The session, for findings about a trace's behaviour.
    public var session: String?
    /// The input line of the event that showed it, for findings about a trace's behaviour.
    public var line: Int?

    /// Creates a finding.
    public init(_ rule: Rule, _ message: String, session: String? = nil, line: Int? = nil) {
      self.rule = rule
      self.message = message
      self.session = session
      self.line = line
    }

    /// The rule's severity.
    public var severity: Severity { rule.severity }

    /// The columns of a table of findings (docs/behaviour/tables.md, "findings").
    public static let columns = [
      TableColumn("file", .string), TableColumn("line", .integer), TableColumn("rule", .string),
      TableColumn("severity", .string), TableColumn("session", .string),
      TableColumn("message", .string),
    ]

    /// The finding's cells, of an input named `file`.
    public func cells(file: String) -> [TableValue] {
      [
        .string(file), .integer(line), .string(rule.id), .string(severity.rawValue),
        .string(session), .string(message),
      ]
    }
  }

  /// Checks a configuration against every configuration rule of docs/behaviour/lint.md, "Lint rules".
  ///
  /// Without a control (content mode) the rules that need one (``Rule/needsControl``) are not
  /// checked, and without a page count neither are the page-count rules.
  ///
  /// - Parameter configuration: The configuration to check.
  public static func check(_ configuration: PageControlConfiguration) -> [Finding] {
    let hasControl = configuration.control != nil
    return _findings(configuration).filter { hasControl || !$0.rule.needsControl }
  }

  private static func _findings(_ configuration: PageControlConfiguration) -> [Finding] {
    var findings: [Finding] = []
    let pages = configuration.pages ?? 0
    if pages > 10 {
      findings.append(Finding(.manyPages, "\(pages) pages are hard to count (more than 10)"))
    }
    if pages > 20 {
      findings.append(
        Finding(.tooManyPages, "\(pages) pages are too many to visit in sequence (more than 20)"))
    }
    if let control = try? PageControl(configuration), control.layout.isClipped {
      findings.append(
        Finding(
          .dotsClipped,
          "\(pages) dots but only \(control.layout.capacity) fit: the \(configuration.profile.name) profile clips the rest"
        ))
    }
    if configuration.placement == .header && pages > 3 {
      findings.append(
        Finding(
          .headerWithManyPages,
          "a page control in a header should have at most 3 pages, not \(pages)"))
    }
    if configuration.style == .minimal && configuration.continuous
      && configuration.profile.controlScrub
    {
      findings.append(
        Finding(
          .minimalWithScrubbing,
          "the minimal style shows no background, yet scrubbing is allowed (continuous: true)"))
    }
    let images = Set(configuration.indicatorImages.values)
    if images.count > 2 {
      findings.append(
        Finding(
          .manyIndicatorImages,
          "\(images.count) distinct indicator images (\(images.sorted().joined(separator: ", "))); use at most two"
        ))
    }
    if pages == 1 && !configuration.hidesForSinglePage {
      findings.append(
        Finding(.singlePageShown, "a single page is shown with its dot; set hidesForSinglePage"))
    }
    return findings
  }

  /// Watches a replay for behaviour the guidelines warn about, once per session and rule.
  ///
  /// ```swift
  /// var watch = GuidelineLint.TraceWatch()
  /// try engine.handle(event) { record in watch.observe(record) }
  /// watch.observe(engine.control(forSession: event.session)!)
  /// ```
  public struct TraceWatch: Sendable {
    /// The findings so far, in the order they happened.
    public private(set) var findings: [Finding] = []
    private var tapsBySession: [String?: Int] = [:]
    private var reported: Set<Finding.Key> = []

    /// Creates a watch with no findings.
    public init() {}

    /// The input line of the event being handled, given to the findings it shows.
    public var line: Int?

    /// Looks at a record as it is written.
    public mutating func observe(_ record: PageControlRecord) {
      guard case .transition(let transition) = record.content, transition.cause == .tap else {
        return
      }
      let taps = tapsBySession[record.session, default: 0] + 1
      tapsBySession[record.session] = taps
      if taps > 10 {
        report(
          Finding(
            .manyPagesByTaps,
            "more than 10 pages visited by taps (t = \(JSONText.number(record.time)))",
            session: record.session, line: line))
      }
    }

    /// Looks at a session's control after an event.
    public mutating func observe(_ control: PageControl) {
      observe(control, session: control.session)
    }

    /// Looks at a session's control after an event, naming the session (an engine given
    /// ``PageTrace/EngineEvent``s knows sessions only by number).
    public mutating func observe(_ control: PageControl, session: String?) {
      if control.isScrubbing && control.style == .minimal {
        report(
          Finding(
            .scrubOnMinimal, "a scrub on a minimal control: no background shows it",
            session: session, line: line))
      }
    }

    private mutating func report(_ finding: Finding) {
      if reported.insert(Finding.Key(rule: finding.rule, session: finding.session)).inserted {
        findings.append(finding)
      }
    }
  }
}

extension GuidelineLint.Finding {
  struct Key: Hashable, Sendable {
    var rule: GuidelineLint.Rule
    var session: String?
  }
}
