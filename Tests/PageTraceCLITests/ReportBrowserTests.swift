import Foundation
import Testing

/// `pagetrace report` opened in a real browser (issue 40; docs/behaviour/report.md): Debian's
/// headless Chromium runs the page's script, then its DOM is read. The figures shown are
/// compared with `stats --format jsonl` on the same inputs, the player at given times with the
/// records of `replay`, the layout is checked at a phone's and a desktop's size, and any
/// message on the browser's console fails the test.
@Suite(.serialized, needsProgram("chromium")) struct ReportBrowserTests {
  static let traces = ["scrub.jsonl", "sessions.jsonl", "flick.jsonl", "keyboard.jsonl"].map {
    repository.appendingPathComponent("Traces/\($0)").path
  }

  /// Writes the report of `traces` and returns its path.
  static func report(_ traces: [String], in directory: URL) throws -> URL {
    let run = try pagetrace(["report"] + traces + ["-o", "report.html"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    return directory.appendingPathComponent("report.html")
  }

  /// The DOM after the page's script ran, at `fragment`, in a window of `size`; the console
  /// lines the browser printed.
  static func dom(
    _ page: URL, fragment: String = "", size: (Int, Int) = (1280, 800)
  ) throws -> (dom: String, console: [String]) {
    let chromium = try requiredProgram("chromium")
    let profile = try scratch()
    let run = try runProgram(
      chromium,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
        "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
        "--window-size=\(size.0),\(size.1)", "--dump-dom", page.absoluteString + fragment,
      ], timeout: 90)
    #expect(run.status == 0, "\(run.stderr)")
    let console = run.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(
      String.init)
    return (run.stdout, console)
  }

  /// The values of `attribute="NAME" data-value="V"` pairs in `dom`.
  static func values(_ attribute: String, in dom: String) -> [String: Int] {
    var found: [String: Int] = [:]
    let pattern = try! NSRegularExpression(
      pattern: "\(attribute)=\"([^\"]+)\" data-value=\"(-?[0-9]+)\"")
    for match in pattern.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)) {
      let name = String(dom[Range(match.range(at: 1), in: dom)!])
      found[name] = Int(dom[Range(match.range(at: 2), in: dom)!])
    }
    return found
  }

  @Test func theFiguresShownAreThoseOfStats() throws {
    let directory = try scratch()
    let page = try Self.report(Self.traces, in: directory)
    let (dom, console) = try Self.dom(page)
    #expect(console.isEmpty, "\(console)")
    let stats = try pagetrace(["stats", "--format", "jsonl", "--rows", "total"] + Self.traces)
    #expect(stats.status == 0)
    let total = try #require(stats.records.first)  // the one row of all files
    let figures = Self.values("data-figure", in: dom)
    for key in [
      "events", "transitions", "animated", "notAnimated", "suppressedAnimations", "scrubs",
      "announcements",
    ] {
      #expect(figures[key] == (total[key] as? Int), "\(key)")
    }
    let classes = ["tap", "long-press", "drag", "swipe", "cancelled"]
    var strokes: [String: Int] = [:]
    for name in classes { strokes[name] = total[column("strokes", name)] as? Int }
    #expect(figures["strokes"] == strokes.values.reduce(0, +))
    #expect(Self.values("data-class", in: dom) == strokes)
    let causes = Self.values("data-cause", in: dom).filter { $0.value > 0 }
    var counted: [String: Int] = [:]
    for cause in [
      "tap", "scrub", "jog", "flick", "pointer", "swipe", "key", "accessibility", "timer",
      "program",
    ] {
      if let count = total[column("transitions", cause)] as? Int, count > 0 {
        counted[cause] = count
      }
    }
    #expect(causes == counted)
    #expect(figures["files"] == Self.traces.count)
    let bySession = try pagetrace(
      ["stats", "--format", "jsonl", "--rows", "session"] + Self.traces)
    let sessions = bySession.records.count
    #expect(figures["sessions"] == sessions)
  }

  /// The page the player shows at a time is the `to` of the last transition `replay` wrote
  /// at or before it (or the starting page), announced as "page X of N".
  @Test(arguments: ["scrub.jsonl", "flick.jsonl"])
  func thePlayerShowsThePageOfTheReplay(_ name: String) throws {
    let trace = repository.appendingPathComponent("Traces/\(name)").path
    let directory = try scratch()
    let page = try Self.report([trace], in: directory)
    let replay = try pagetrace(["replay", trace])
    let transitions = replay.records.map { ($0["t"] as! Double, $0["to"] as! Int) }
    try #require(transitions.count >= 2)
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
      .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    let header = lines[0]
    let pages = header["pages"] as! Int
    let first = header["current"] as? Int ?? 0
    let start = try #require(lines.compactMap { $0["t"] as? Double }.first)
    // Before the first transition, at each, between each and the next, and after the last.
    var times = [start, transitions[0].0 - 0.001]
    for (index, (t, _)) in transitions.enumerated() {
      times.append(t)
      if index + 1 < transitions.count { times.append((t + transitions[index + 1].0) / 2) }
    }
    for t in times.prefix(8) {
      let expected = transitions.last { $0.0 <= t }?.1 ?? first
      let (dom, console) = try Self.dom(page, fragment: "#session=0&t=\(t)")
      #expect(console.isEmpty, "\(console)")
      // The player's status element alone: `<p id="page-status" … data-page="2" …>page 3 of 8</p>`.
      let status =
        dom.components(separatedBy: #"<p id="page-status""#).dropFirst().first?
        .prefix { $0 != "/" } ?? ""
      #expect(
        status.contains(#"data-page="\#(expected)""#)
          && status.contains(">page \(expected + 1) of \(pages)<"),
        "\(name) at t = \(t): expected page \(expected + 1), found \(status)")
    }
  }

  /// Nothing runs past the window or overlaps at a phone's size and a desktop's, and a
  /// screenshot is made at each (the README's comes from the desktop one).
  @Test(arguments: [(390, 844), (1280, 800)])
  func theLayoutHoldsAtPhoneAndDesktopSizes(_ width: Int, _ height: Int) throws {
    let directory = try scratch()
    let page = try Self.report(Self.traces, in: directory)
    let (dom, console) = try Self.dom(
      page, fragment: "#session=0&t=1.2&check", size: (width, height))
    #expect(console.isEmpty, "\(console)")
    #expect(
      dom.contains(#"<pre id="layout-check">ok</pre>"#),
      "\(width)×\(height): \(dom.components(separatedBy: "layout-check").dropFirst().first?.prefix(400) ?? "no check")"
    )
    let chromium = try requiredProgram("chromium")
    let profile = try scratch()
    let shot = directory.appendingPathComponent("shot.png")
    _ = try runProgram(
      chromium,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
        "--hide-scrollbars", "--virtual-time-budget=3000", "--window-size=\(width),\(height)",
        "--screenshot=\(shot.path)", page.absoluteString,
      ], timeout: 90)
    let png = try Data(contentsOf: shot)
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    // The width and height in the PNG's header are the window's.
    let size = png[16..<24].reduce(into: [UInt8]()) { $0.append($1) }
    #expect(Int(size[2]) << 8 | Int(size[3]) == width)
  }

  /// Text at twice its size (as a browser's text zoom makes it) still fits a phone's width.
  @Test func textAtTwiceItsSizeFitsAPhone() throws {
    let directory = try scratch()
    let page = try Self.report(Self.traces, in: directory)
    let (dom, console) = try Self.dom(page, fragment: "#session=0&text=2&check", size: (390, 844))
    #expect(console.isEmpty, "\(console)")
    #expect(
      dom.contains(#"<pre id="layout-check">ok</pre>"#),
      "\(dom.components(separatedBy: "layout-check").dropFirst().first?.prefix(400) ?? "no check")")
  }

  /// The player works from the keyboard: the right arrow steps to the next transition, the
  /// left arrow back, each to the page `replay` wrote there.
  @Test func thePlayerStepsByTransitionFromTheKeyboard() throws {
    let trace = repository.appendingPathComponent("Traces/scrub.jsonl").path
    let directory = try scratch()
    let page = try Self.report([trace], in: directory)
    let transitions = try pagetrace(["replay", trace]).records.map { $0["to"] as! Int }
    for (keys, expected) in [
      ("ArrowRight", transitions[0]), ("ArrowRight,ArrowRight,ArrowRight", transitions[2]),
      ("ArrowRight,ArrowRight,ArrowLeft", transitions[0]),
    ] {
      let (dom, console) = try Self.dom(page, fragment: "#session=0&keys=\(keys)")
      #expect(console.isEmpty, "\(console)")
      let status =
        dom.components(separatedBy: #"<p id="page-status""#).dropFirst().first?
        .prefix { $0 != "/" } ?? ""
      #expect(status.contains(">page \(expected + 1) of 8<"), "\(keys): \(status)")
    }
  }

  /// The colours of text pass WCAG's 4.5:1 against the white page and the pale band behind
  /// the player, computed here from the page's own style sheet.
  @Test func textColoursPassContrast() throws {
    let directory = try scratch()
    let page = try String(contentsOf: try Self.report(Self.traces, in: directory), encoding: .utf8)
    func colour(_ name: String) throws -> String {
      let start = try #require(page.range(of: "--\(name): #"))
      return String(page[start.upperBound...].prefix(6))
    }
    func luminance(_ hex: String) -> Double {
      let value = Int(hex, radix: 16)!
      let bytes: [Int] = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF]
      let channels: [Double] = bytes.map { byte in
        let c = Double(byte) / 255
        return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
      }
      let weighted: Double = 0.2126 * channels[0] + 0.7152 * channels[1]
      return weighted + 0.0722 * channels[2]
    }
    func contrast(_ a: String, _ b: String) -> Double {
      let (x, y) = (luminance(a), luminance(b))
      return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
    for name in ["ink", "muted", "accent", "warn"] {
      for background in ["ffffff", try colour("band")] {
        #expect(contrast(try colour(name), background) >= 4.5, "--\(name) on #\(background)")
      }
    }
  }

  /// `report --vary` lists every combination with the values `sweep --format csv` writes for
  /// the same grid and inputs (read back from the page's DOM, as the browser's own number
  /// printing gives them), and charts the metrics that change.
  @Test func theWhatIfSectionIsThatOfSweep() throws {
    let traces = Array(Self.traces.prefix(3))
    let grid = ["--vary", "scrubDelay=0.1:0.5:0.1"]
    let directory = try scratch()
    let run = try pagetrace(["report"] + grid + traces + ["-o", "report.html"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    let (dom, console) = try Self.dom(directory.appendingPathComponent("report.html"))
    #expect(console.isEmpty, "\(console)")
    let csv = try pagetrace(["sweep"] + grid + ["--format", "csv"] + traces).stdout
      .split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let header = csv[0].map(String.init)
    let pattern = try NSRegularExpression(
      pattern: #"data-metric="([^"]+)" data-row="([0-9]+)" data-value="([^"]*)""#)
    var cells: [String: String] = [:]
    for match in pattern.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)) {
      let part = { (k: Int) in String(dom[Range(match.range(at: k), in: dom)!]) }
      cells[part(1) + "@" + part(2)] = part(3)
    }
    #expect(cells.count == (csv.count - 1) * (header.count - 1))
    for (row, fields) in csv.dropFirst().enumerated() {
      for (column, name) in header.enumerated().dropFirst() {
        #expect(cells["\(name)@\(row)"] == String(fields[column]), "\(name), row \(row)")
      }
    }
    #expect(dom.contains("transitions (transitions) against scrubDelay"))
  }

  /// `report --a … --b …` lists what `diff --format jsonl` lists, and its player shows, at each
  /// difference, the page each side's own `replay` had there.
  @Test func theDifferencesAreThoseOfDiffAndThePlayerShowsBothSides() throws {
    let traces = [Self.traces[0], Self.traces[2]]  // scrub.jsonl, flick.jsonl
    let sides = [("--a", "scrubDelay=0.1", "0.1"), ("--b", "scrubDelay=0.6", "0.6")]
    let settings = sides.flatMap { [$0.0, $0.1] }
    let directory = try scratch()
    let run = try pagetrace(["report"] + settings + traces + ["-o", "report.html"], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    let diff = try pagetrace(["diff", "--format", "jsonl"] + settings + traces)
    let differences = diff.records.filter { $0["summary"] == nil }
    try #require(!differences.isEmpty, "the two delays should treat some stroke differently")
    // Each side's pages from a plain replay of each file under its delay.
    func transitions(_ trace: String, _ delay: String) throws -> [(Double, Int)] {
      try pagetrace(["replay", "--scrub-delay", delay, trace]).records.map {
        ($0["t"] as! Double, $0["to"] as! Int)
      }
    }
    let page = URL(fileURLWithPath: directory.appendingPathComponent("report.html").path)
    for (k, difference) in differences.enumerated() {
      let (dom, console) = try Self.dom(page, fragment: "#compare=\(k)")
      #expect(console.isEmpty, "\(console)")
      #expect(dom.components(separatedBy: "data-difference=").count - 1 == differences.count)
      let file = difference["file"] as! String
      let time = (difference["end"] as? Double) ?? (difference["t"] as! Double)
      let header =
        try JSONSerialization.jsonObject(
          with: Data(
            try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")[0].utf8))
        as! [String: Any]
      for (index, name) in ["a", "b"].enumerated() {
        let expected =
          try transitions(file, sides[index].2).last { $0.0 <= time }?.1
          ?? (header["current"] as? Int ?? 0)
        let status =
          dom.components(separatedBy: #"<p id="\#(name)-status""#).dropFirst().first?
          .prefix { $0 != "/" } ?? ""
        #expect(
          status.contains(#"data-page="\#(expected)""#)
            && status.contains(">\(name.uppercased()): page \(expected + 1) of 8<"),
          "difference \(k) at \(time), side \(name): \(status)")
      }
    }
  }

  @Test func whatIfOfStandardInputIsRefused() throws {
    let run = try pagetrace(
      ["report", "--vary", "scrubDelay=0.1,0.2"],
      input: Data(try String(contentsOfFile: Self.traces[0], encoding: .utf8).utf8))
    #expect(run.status == 64)
    #expect(
      run.stderr.contains("--vary reads the inputs a second time, which standard input cannot be"))
  }

  /// The page is one file: no address it would fetch (`src`, `href` to another file, `url(`).
  @Test func thePageFetchesNothing() throws {
    let directory = try scratch()
    let page = try String(contentsOf: try Self.report(Self.traces, in: directory), encoding: .utf8)
    #expect(!page.contains("src="))
    #expect(!page.contains("url("))
    #expect(
      !page.contains("http://") || page.contains(#"const SVG = "http://www.w3.org/2000/svg""#))
    #expect(!page.contains("https://"))
    let links = page.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(links.allSatisfy { $0.hasPrefix("#") }, "\(links)")
  }

  /// Every control has a name and is reachable from the keyboard: buttons are buttons,
  /// inputs and selects have a label, and the player's status is a live region.
  @Test func everyControlHasAName() throws {
    let directory = try scratch()
    let (dom, _) = try Self.dom(try Self.report(Self.traces, in: directory))
    for id in ["filter", "session-select", "speed", "scrubber"] {
      #expect(dom.contains(#"<label for="\#(id)">"#), "\(id)")
    }
    #expect(dom.contains(#"id="page-status" aria-live="polite""#))
    let buttons = dom.components(separatedBy: "<button").dropFirst()
    #expect(buttons.count > 10)
    for button in buttons {
      let text = button.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }
      #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty || button.contains("aria-label="))
    }
  }
}
