import Foundation
import Testing

/// Every configuration flag `pagetrace replay --help` lists: a good value changes what the
/// replay does as docs/behaviour/ says that key does, and a bad value is a usage error (64).
///
/// The flags are read from the help itself, so a flag added without a case here fails
/// ``everyListedFlagHasACase()``. Each case replays a small trace twice, without the flag and
/// with it (over the same header), and checks both outputs against what the documented rules
/// give for that trace, worked by hand: the run without the flag shows the scenario does what
/// it should by default, so the difference is the flag's.
@Suite struct ConfigurationFlagTests {
  /// The configuration flags in `replay --help`: its CONFIGURATION section, one per line.
  static let listedFlags: [String] = {
    guard let help = try? pagetrace(["replay", "--help"]).stdout else { return [] }
    let section = help.components(separatedBy: "\nCONFIGURATION").dropFirst().first ?? ""
    return section.split(separator: "\n").dropFirst().prefix { !$0.isEmpty }.compactMap { line in
      guard line.hasPrefix("  --") else { return nil }
      return String(line.dropFirst(4).prefix { $0 != " " })
    }
  }()

  /// One flag's check.
  struct Case: Sendable, CustomStringConvertible {
    /// The flag as listed in the help (without `--`).
    var flag: String
    /// The good value's arguments, e.g. `["--pages", "2"]`.
    var good: [String]
    /// A bad value's arguments.
    var bad: [String]
    /// Keys added to the header (`"current":1`), for both runs.
    var headerKeys = ""
    /// Arguments of both runs.
    var common: [String] = []
    /// The trace's events.
    var events: [String]
    /// Checks the records without the flag, then with it.
    var check: @Sendable (_ without: [NSDictionary], _ with: [NSDictionary]) -> Void

    var description: String { good.joined(separator: " ") }
  }

  // MARK: Scenarios

  static func tap(_ x: Double, at t: Double = 0, y: Double = 795, id: Int = 1) -> [String] {
    [
      #"{"t":\#(t),"touch":"down","id":\#(id),"x":\#(x),"y":\#(y)}"#,
      #"{"t":\#(t + 0.05),"touch":"up","id":\#(id),"x":\#(x),"y":\#(y)}"#,
    ]
  }

  static func hover(at t: Double) -> String { #"{"t":\#(t),"pointer":"hover","x":195,"y":400}"# }

  /// A press on page 0's dot (139), held until it scrubs (0.15), then moved to 300 and held,
  /// then lifted at 2, and a tick at 3 (docs/behaviour/scrubbing.md, "Scrub begin", "Scrub stepping").
  static let scrub = [
    #"{"t":0,"touch":"down","id":1,"x":139,"y":795}"#,
    #"{"t":0.2,"touch":"move","id":1,"x":139.5,"y":795}"#,
    #"{"t":0.25,"touch":"move","id":1,"x":300,"y":795}"#,
    #"{"t":2,"touch":"up","id":1,"x":300,"y":795}"#,
    hover(at: 3),
  ]

  /// A press near the trailing end of the control, held until it scrubs (0.15), then moved
  /// to `past`, beyond the end, and held there until it lifts at 3 (docs/behaviour/scrubbing.md, "Edge
  /// stepping and jog"): steps toward the last page at a steady interval.
  static func pastTheEdge(down: Double, past: Double) -> [String] {
    [
      #"{"t":0,"touch":"down","id":1,"x":\#(down),"y":795}"#,
      #"{"t":0.2,"touch":"move","id":1,"x":\#(past),"y":795}"#,
      #"{"t":3,"touch":"up","id":1,"x":\#(past),"y":795}"#,
    ]
  }

  /// 8 pages on a control from 40 to 350 (all dots fit): 10 pt past its end.
  static let edgeControl = ["--control", "40,780,310,30"]
  static let pastTheEdge = pastTheEdge(down: 343, past: 360)
  /// 30 pages on a control from 135 to 255 (5 slots: windowed): 20 pt past its end.
  static let jogControl = ["--pages", "30", "--control", "135,780,120,30"]
  static let jogging = pastTheEdge(down: 250, past: 275)

  /// Whether the gaps between the times are `interval` (and there are at least two).
  static func steady(_ times: [Double], _ interval: Double) -> Bool {
    let gaps = gaps(times)
    return gaps.count >= 2 && gaps.allSatisfy { abs($0 - interval) < 1e-9 }
  }

  /// The first swipe of Traces/content-swipe.jsonl: 55 pt left in 56 ms on the content.
  static let swipe = [
    #"{"t":1.0,"touch":"down","id":1,"x":300,"y":400}"#,
    #"{"t":1.016,"touch":"move","id":1,"x":290,"y":401}"#,
    #"{"t":1.032,"touch":"move","id":1,"x":270,"y":402}"#,
    #"{"t":1.048,"touch":"move","id":1,"x":245,"y":403}"#,
    #"{"t":1.056,"touch":"up","id":1,"x":245,"y":403}"#,
  ]

  /// A tap at 160 (0 → 1 by the dot rule: page 0's dot is at 139), then 0.45 s later a tap at
  /// 156, 4 pt away: a follow-up (1 → 2), although by the dot rule it is in page 1's dead zone
  /// (155 ± 8) and would do nothing.
  static let followUp = tap(160) + tap(156, at: 0.5)

  /// The lines of a trace in Traces/, without its header.
  static func events(of name: String) -> [String] {
    let text =
      (try? String(
        contentsOf: repository.appendingPathComponent("Traces/\(name).jsonl"), encoding: .utf8))
      ?? ""
    return Array(text.split(separator: "\n").dropFirst().map(String.init))
  }

  // MARK: Reading records

  static func transitions(_ records: [NSDictionary]) -> [String] {
    records.filter { $0["type"] as? String == "transition" }.map {
      "\($0["from"]!)>\($0["to"]!) \($0["cause"]!)"
    }
  }

  static func times(_ records: [NSDictionary], cause: String) -> [Double] {
    records.filter { $0["type"] as? String == "transition" && $0["cause"] as? String == cause }
      .map { ($0["t"] as! NSNumber).doubleValue }
  }

  static func gaps(_ times: [Double]) -> [Double] {
    zip(times.dropFirst(), times).map { $0 - $1 }
  }

  static func has(_ records: [NSDictionary], type: String, _ key: String, _ value: NSObject)
    -> Bool
  {
    records.contains {
      $0["type"] as? String == type && ($0[key] as? NSObject)?.isEqual(value) == true
    }
  }

  // MARK: The cases

  static let cases: [Case] = [
    Case(
      flag: "profile", good: ["--profile", "fiori"], bad: ["--profile", "nope"], events: tap(187)
    ) { without, with in
      // Profile fiori: a tap writes `detail` for the current page and changes nothing.
      #expect(transitions(without) == ["0>1 tap"])
      #expect(transitions(with).isEmpty)
      #expect(has(with, type: "detail", "page", 0 as NSNumber))
    },
    Case(
      flag: "pages", good: ["--pages", "2"], bad: ["--pages", "2000000"],
      events: tap(300) + tap(300, at: 1)
    ) { without, with in
      // Two pages: every tap toggles (the second tap would otherwise go on to page 2).
      #expect(transitions(without) == ["0>1 tap", "1>2 tap"])
      #expect(transitions(with) == ["0>1 tap", "1>0 tap"])
    },
    Case(flag: "current", good: ["--current", "5"], bad: ["--current", "1.5"], events: tap(300)) {
      without, with in
      #expect(transitions(without) == ["0>1 tap"])
      #expect(transitions(with) == ["5>6 tap"])
    },
    Case(
      flag: "control", good: ["--control", "0,0,390,30"], bad: ["--control", "1,2,3"],
      events: tap(187)
    ) { without, with in
      // The press at y 795 is no longer on the control but on the content: a content tap
      // does nothing in uikit.
      #expect(transitions(without) == ["0>1 tap"])
      #expect(transitions(with).isEmpty)
    },
    Case(
      flag: "container", good: ["--container", "0,0,10,10"], bad: ["--container", "0,0,-1,5"],
      events: swipe
    ) { without, with in
      // The swipe starts outside the smaller content frame: no swipe.
      #expect(transitions(without) == ["0>1 swipe"])
      #expect(transitions(with).isEmpty)
    },
    Case(
      flag: "direction", good: ["--direction", "rtl"], bad: ["--direction", "up"],
      events: tap(100)
    ) { without, with in
      // ltr: 100 is before page 0's dot (139), nothing. rtl: page 0's dot is at 251, and 100
      // lies beyond it in the forward (leftward) direction: next page.
      #expect(transitions(without).isEmpty)
      #expect(transitions(with) == ["0>1 tap"])
    },
    Case(
      flag: "style", good: ["--style", "minimal"], bad: ["--style", "loud"], events: scrub
    ) { without, with in
      // automatic: the platter shows while scrubbing; minimal: never.
      #expect(has(without, type: "background", "visible", true as NSNumber))
      #expect(!with.contains { $0["type"] as? String == "background" })
      #expect(!times(with, cause: "scrub").isEmpty)
    },
    Case(
      flag: "continuous", good: ["--continuous"], bad: ["--continuous=yes"],
      headerKeys: #","continuous":false"#, events: scrub
    ) { without, with in
      // The header's continuous false, overridden: the held press scrubs.
      #expect(times(without, cause: "scrub").isEmpty)
      #expect(!has(without, type: "interaction", "state", "continuous" as NSString))
      #expect(!times(with, cause: "scrub").isEmpty)
      #expect(has(with, type: "interaction", "state", "continuous" as NSString))
    },
    Case(
      flag: "no-continuous", good: ["--no-continuous"], bad: ["--no-continuous=1"], events: scrub
    ) { without, with in
      #expect(!times(without, cause: "scrub").isEmpty)
      #expect(times(with, cause: "scrub").isEmpty)
      #expect(!has(with, type: "interaction", "state", "continuous" as NSString))
    },
    Case(
      flag: "hides-for-single-page", good: ["--hides-for-single-page"],
      bad: ["--hides-for-single-page=1"], common: ["--pages", "1"],
      events: [
        #"{"t":0,"touch":"down","id":1,"x":300,"y":795}"#,
        #"{"t":0.01,"set":{"pages":3}}"#,
        #"{"t":0.05,"touch":"up","id":1,"x":300,"y":795}"#,
      ]
    ) { without, with in
      // Hidden while pages < 2, the control ignores the down; shown, the press is tracked and
      // is a tap on 3 pages (page 0's dot at 179; 300 is after it).
      #expect(transitions(without) == ["0>1 tap"])
      #expect(transitions(with).isEmpty)
    },
    Case(
      flag: "enabled", good: ["--enabled"], bad: ["--enabled=no"],
      headerKeys: #","enabled":false"#, events: tap(187)
    ) { without, with in
      #expect(transitions(without).isEmpty)
      #expect(transitions(with) == ["0>1 tap"])
    },
    Case(flag: "no-enabled", good: ["--no-enabled"], bad: ["--no-enabled=0"], events: tap(187)) {
      without, with in
      #expect(transitions(without) == ["0>1 tap"])
      #expect(transitions(with).isEmpty)
    },
    Case(flag: "pitch", good: ["--pitch", "20"], bad: ["--pitch", "0"], events: tap(145)) {
      without, with in
      // Pitch 16: page 0's dot at 139, and 145 is in its dead zone (± 8). Pitch 20: the dot
      // is at 125, and 145 is 20 after it (dead zone ± 10): next page.
      #expect(transitions(without).isEmpty)
      #expect(transitions(with) == ["0>1 tap"])
    },
    Case(
      flag: "padding", good: ["--padding", "150"], bad: ["--padding", "-1"],
      events: [
        #"{"t":0,"pointer":"down","x":185,"y":795}"#, #"{"t":0.05,"pointer":"up","x":185,"y":795}"#,
      ]
    ) { without, with in
      // Padding 14: 8 dots fit, slot 3 at 187 holds page 3. Padding 150: the capacity is
      // floor(90 / 16) = 5 slots (163, 179, 195, 211, 227) showing pages 0…4: 185 is in slot 1.
      #expect(transitions(without) == ["0>3 pointer"])
      #expect(transitions(with) == ["0>1 pointer"])
    },
    Case(flag: "fps", good: ["--fps", "10"], bad: ["--fps", "0"], events: scrub) {
      without, with in
      // Catch-up steps are 1/fps apart.
      let fast = gaps(times(without, cause: "scrub"))
      let slow = gaps(times(with, cause: "scrub"))
      #expect(fast.count >= 3 && fast.allSatisfy { abs($0 - 1.0 / 120) < 1e-9 }, "\(fast)")
      #expect(slow.count >= 3 && slow.allSatisfy { abs($0 - 0.1) < 1e-9 }, "\(slow)")
    },
    Case(
      flag: "voice-over", good: ["--voice-over"], bad: ["--voice-over=1"], events: tap(187)
    ) { without, with in
      #expect(!without.contains { $0["type"] as? String == "announcement" })
      #expect(has(with, type: "announcement", "text", "Page 2 of 8" as NSString))
    },
    Case(
      flag: "timer", good: ["--timer", "1"], bad: ["--timer", "0"],
      events: [hover(at: 0), hover(at: 2.5)]
    ) { without, with in
      // One page a second from the first event: page 1 at 1, page 2 at 2.
      #expect(transitions(without).isEmpty)
      #expect(transitions(with) == ["0>1 timer", "1>2 timer"])
      #expect(times(with, cause: "timer") == [1, 2])
    },
    Case(
      flag: "scrub-delay", good: ["--scrub-delay", "1"], bad: ["--scrub-delay", "-1"],
      events: [
        #"{"t":0,"touch":"down","id":1,"x":300,"y":795}"#,
        #"{"t":0.5,"touch":"up","id":1,"x":300,"y":795}"#, hover(at: 1),
      ]
    ) { without, with in
      // A 0.5 s press: a scrub after 0.15 s (that never moves), a tap with a 1 s delay.
      #expect(has(without, type: "interaction", "state", "continuous" as NSString))
      #expect(transitions(without).isEmpty)
      #expect(transitions(with) == ["0>1 tap"])
    },
    Case(
      flag: "scrub-travel", good: ["--scrub-travel", "30"], bad: ["--scrub-travel", "-1"],
      events: [
        #"{"t":0,"touch":"down","id":1,"x":139,"y":795}"#,
        #"{"t":0.05,"touch":"move","id":1,"x":159,"y":795}"#,
        #"{"t":0.08,"touch":"up","id":1,"x":159,"y":795}"#, hover(at: 1),
      ]
    ) { without, with in
      // 20 pt of travel: a scrub from the move at 0.05 (≥ 16); below 30, a tap at 159, after
      // page 0's dead zone (139 ± 8).
      #expect(has(without, type: "interaction", "state", "continuous" as NSString))
      #expect(!transitions(without).contains("0>1 tap"))
      #expect(transitions(with) == ["0>1 tap"])
    },
    Case(
      flag: "follow-up-window", good: ["--follow-up-window", "0.2"],
      bad: ["--follow-up-window", "-1"], events: followUp
    ) { without, with in
      #expect(transitions(without) == ["0>1 tap", "1>2 tap"])
      #expect(transitions(with) == ["0>1 tap"])
    },
    Case(
      flag: "follow-up-radius", good: ["--follow-up-radius", "2"],
      bad: ["--follow-up-radius", "-1"], events: followUp
    ) { without, with in
      #expect(transitions(without) == ["0>1 tap", "1>2 tap"])
      #expect(transitions(with) == ["0>1 tap"])
    },
    Case(
      flag: "animation-duration", good: ["--animation-duration", "1"],
      bad: ["--animation-duration", "-1"], events: tap(187) + [hover(at: 2)]
    ) { without, with in
      // The discrete state of the tap at 0.05 ends after the animation: at 0.35, or 1.05.
      func reset(_ records: [NSDictionary]) -> [Double] {
        records.filter {
          $0["type"] as? String == "interaction" && $0["state"] as? String == "none"
        }
        .map { ($0["t"] as! NSNumber).doubleValue }
      }
      #expect(reset(without) == [0.05 + 0.3])
      #expect(reset(with) == [0.05 + 1])
    },
    Case(
      flag: "flick-velocity", good: ["--flick-velocity", "100000"],
      bad: ["--flick-velocity", "-1"], headerKeys: #","current":1"#,
      events: Array(events(of: "flick")[..<6])
    ) { without, with in
      // The first scrub of Traces/flick.jsonl is released at about 1,000 pt/s.
      #expect(!times(without, cause: "flick").isEmpty)
      #expect(times(with, cause: "flick").isEmpty)
    },
    Case(
      flag: "edge-step-rate", good: ["--edge-step-rate", "2"], bad: ["--edge-step-rate", "0"],
      common: edgeControl, events: pastTheEdge
    ) { without, with in
      // All dots fit: past the edge, steps are 1/edgeStepRate apart: 0.125 s, or 0.5 s.
      #expect(steady(times(without, cause: "scrub"), 0.125), "\(times(without, cause: "scrub"))")
      #expect(steady(times(with, cause: "scrub"), 0.5), "\(times(with, cause: "scrub"))")
    },
    Case(
      flag: "jog-base", good: ["--jog-base", "1"], bad: ["--jog-base", "0"], common: jogControl,
      events: jogging
    ) { without, with in
      // Windowed, 20 pt past (the rubber band's 20): min(13, 2 × 1.6^4 = 13.1) = 13 pages/s;
      // with a base of 1, 2 × 1^4 = 2 pages/s.
      #expect(steady(times(without, cause: "jog"), 1.0 / 13), "\(times(without, cause: "jog"))")
      #expect(steady(times(with, cause: "jog"), 0.5), "\(times(with, cause: "jog"))")
    },
    Case(
      flag: "jog-max-rate", good: ["--jog-max-rate", "1"], bad: ["--jog-max-rate", "0"],
      common: jogControl, events: jogging
    ) { without, with in
      #expect(steady(times(without, cause: "jog"), 1.0 / 13), "\(times(without, cause: "jog"))")
      #expect(steady(times(with, cause: "jog"), 1), "\(times(with, cause: "jog"))")
    },
    Case(
      flag: "rubber-band", good: ["--rubber-band", "5"], bad: ["--rubber-band", "-1"],
      common: jogControl, events: jogging
    ) { without, with in
      // d capped at 5: 2 × 1.6^1 = 3.2 pages/s.
      #expect(steady(times(without, cause: "jog"), 1.0 / 13), "\(times(without, cause: "jog"))")
      #expect(steady(times(with, cause: "jog"), 1 / 3.2), "\(times(with, cause: "jog"))")
    },
    Case(
      flag: "swipe-distance", good: ["--swipe-distance", "100"],
      bad: ["--swipe-distance", "-1"], events: swipe
    ) { without, with in
      // 55 pt: a fast swipe from 25 pt, not from 100 (and short of half the width, 195).
      #expect(transitions(without) == ["0>1 swipe"])
      #expect(transitions(with).isEmpty)
    },
    Case(
      flag: "swipe-velocity", good: ["--swipe-velocity", "10000"],
      bad: ["--swipe-velocity", "-1"], events: swipe
    ) { without, with in
      #expect(transitions(without) == ["0>1 swipe"])
      #expect(transitions(with).isEmpty)
    },
  ]

  @Test func everyListedFlagHasACase() {
    #expect(Self.listedFlags.count >= 27, "\(Self.listedFlags)")
    let covered = Set(Self.cases.map(\.flag))
    for flag in Self.listedFlags {
      #expect(covered.contains(flag), "--\(flag) is in replay --help but has no case here")
    }
    // And no case for a flag the help does not list (booleans also as --no-<flag>).
    for flag in covered {
      let listed = flag.hasPrefix("no-") ? String(flag.dropFirst(3)) : flag
      #expect(Self.listedFlags.contains(listed), "--\(flag) is not in replay --help")
    }
  }

  @Test(arguments: cases)
  func aGoodValueChangesTheReplayAndABadOneIsAUsageError(_ flagCase: Case) throws {
    let directory = try scratch()
    let traceHeader = String(header.dropLast()) + flagCase.headerKeys + "}"
    try write(
      ([traceHeader] + flagCase.events).joined(separator: "\n") + "\n", to: "t.jsonl",
      in: directory)
    let base = ["replay", "--emit", "all"] + flagCase.common
    let without = try pagetrace(base + ["t.jsonl"], in: directory)
    #expect(without.status == 0, "\(without.stderr)")
    let with = try pagetrace(base + flagCase.good + ["t.jsonl"], in: directory)
    #expect(with.status == 0, "\(with.stderr)")
    guard without.status == 0, with.status == 0 else { return }
    flagCase.check(without.records, with.records)
    let bad = try pagetrace(base + flagCase.bad + ["t.jsonl"], in: directory)
    #expect(bad.status == 64, "\(flagCase.bad): \(bad.stderr)")
    let named = flagCase.bad[0].split(separator: "=")[0]
    #expect(bad.stderr.contains("'\(named)'"), "\(bad.stderr)")
    #expect(bad.stdout.isEmpty)
  }
}
