import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `pagetrace render`: well-formed SVG with one mark per transition.
@Suite struct RenderTests {
  final class Counter: NSObject, XMLParserDelegate {
    var transitions = 0
    var root: String?
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      if root == nil { root = name }
      if attributes["class"] == "transition" { transitions += 1 }
    }
  }

  @Test(
    arguments: [("scrub", nil), ("sessions", "a"), ("timer", nil), ("windowed-jog", nil)]
      as [(String, String?)])
  func theTimelineIsWellFormedWithOneMarkPerTransition(name: String, session: String?) throws {
    let trace = repository.appendingPathComponent("Traces/\(name).jsonl").path
    let sessionArguments = session.map { ["--session", $0] } ?? []
    let run = try pagetrace(["render", trace] + sessionArguments)
    #expect(run.status == 0, "\(run.stderr)")
    let parser = XMLParser(data: Data(run.stdout.utf8))
    let counter = Counter()
    parser.delegate = counter
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    #expect(counter.root == "svg")
    let transitions = try pagetrace(["replay", trace]).records.filter {
      $0["session"] as? String == session
    }
    #expect(transitions.count > 0)
    #expect(counter.transitions == transitions.count)
  }

  @Test func theREADMEExampleIsCurrent() throws {
    // docs/scrub-timeline.svg is what `pagetrace render Traces/scrub.jsonl` draws today.
    let run = try pagetrace([
      "render", repository.appendingPathComponent("Traces/scrub.jsonl").path,
    ])
    let committed = try String(
      contentsOf: repository.appendingPathComponent("docs/scrub-timeline.svg"), encoding: .utf8)
    #expect(run.stdout == committed)
  }
}
