import PageTrace
import XCTest

/// The embedding example from the documentation, run under XCTest too.
final class EngineXCTests: XCTestCase {
  func testTheDocumentedEmbeddingExample() throws {
    var configuration = PageControlConfiguration(
      pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))
    configuration.container = Rect(x: 0, y: 0, width: 390, height: 844)
    var engine = try PageControlEngine(configuration)
    var pages: [Int] = []
    let events = [
      PageControlEvent(time: 0, .touch(.down, id: 1, x: 187, y: 795)),
      PageControlEvent(time: 0.05, .touch(.up, id: 1, x: 187, y: 795)),
    ]
    for event in events {
      try engine.handle(event) { record in
        if case .transition(let transition) = record.content { pages.append(transition.to) }
      }
    }
    XCTAssertEqual(pages, [1])
    XCTAssertEqual(engine.control(forSession: nil)?.currentPage, 1)
  }

  func testAnnouncementTextIsOneBased() {
    XCTAssertEqual(Announcement(page: 2, pageCount: 8).text, "Page 3 of 8")
  }
}
