import PageTrace
import PageTraceAnalysis
import Testing

/// The finger band's coordinates (`SVGTimeline.fingerAxis`, `pagetrace render --axis`):
/// positions worked out by hand from the samples.
@Suite struct SVGTimelineAxisTests {
  /// A vertical drag on the horizontal control (x 0–390, y 780–810): x stays 150 while y goes
  /// 795, 700, 600, 500, so the offset across the control (from its top edge, y 780) is
  /// 15, -80, -180, -280 and along it 150 throughout.
  let verticalDrag = [
    PageControlEvent(time: 0, .touch(.down, id: 1, x: 150, y: 795)),
    PageControlEvent(time: 0.05, .touch(.move, id: 1, x: 150, y: 700)),
    PageControlEvent(time: 0.1, .touch(.move, id: 1, x: 150, y: 600)),
    PageControlEvent(time: 0.15, .touch(.up, id: 1, x: 150, y: 500)),
  ]

  func render(
    _ events: [PageControlEvent], _ configuration: PageControlConfiguration,
    axis: SVGTimeline.FingerAxis?
  ) -> (svg: String, summary: SVGSummary) {
    var timeline = SVGTimeline(configuration: configuration, session: nil)
    if let axis { timeline.fingerAxis = axis }
    for event in events { timeline.add(event) }
    let svg = timeline.render()
    return (svg, SVGSummary.parse(svg))
  }

  /// Whether a polyline's heights follow `offsets` on a linear scale where a larger offset
  /// is higher up (a smaller y): equal steps of offset, equal steps of pixels.
  func follows(_ line: [(x: Double, y: Double)], _ offsets: [Double]) -> Bool {
    guard line.count == offsets.count, line.count > 2 else { return false }
    let pixelsPerPoint = (line[0].y - line[1].y) / (offsets[1] - offsets[0])
    guard pixelsPerPoint > 0 else { return false }
    return line.indices.allSatisfy { i in
      abs((line[0].y - line[i].y) - pixelsPerPoint * (offsets[i] - offsets[0])) < 0.05
    }
  }

  func isFlat(_ line: [(x: Double, y: Double)]) -> Bool {
    line.count > 1 && line.allSatisfy { $0.y == line[0].y }
  }

  @Test func aVerticalDragOnAHorizontalControlMovesOnlyInY() throws {
    let configuration = PageControlConfiguration(pages: 8, control: control)
    let x = render(verticalDrag, configuration, axis: .x)
    let y = render(verticalDrag, configuration, axis: .y)
    let both = render(verticalDrag, configuration, axis: .both)
    for run in [x, y, both] { #expect(run.summary.error == nil) }
    // x: one flat line; y: one line through 15, -80, -180, -280.
    #expect(x.summary.polylinesByAxis.keys.sorted() == ["x"])
    #expect(try isFlat(#require(x.summary.polylinesByAxis["x"]?.first)))
    #expect(y.summary.polylinesByAxis.keys.sorted() == ["y"])
    let moving = try #require(y.summary.polylinesByAxis["y"]?.first)
    #expect(!isFlat(moving))
    #expect(follows(moving, [15, -80, -180, -280]), "\(moving)")
    // both: the two, the y line dashed.
    #expect(both.summary.polylinesByAxis["x"]?.count == 1)
    #expect(both.summary.polylinesByAxis["y"]?.count == 1)
    #expect(try isFlat(#require(both.summary.polylinesByAxis["x"]?.first)))
    #expect(try follows(#require(both.summary.polylinesByAxis["y"]?.first), [15, -80, -180, -280]))
    #expect(both.svg.contains(#"data-axis="y" clip-path="url(#finger-plot)""#))
    #expect(both.svg.contains(#"stroke-dasharray="5 3">"#))
    // The headings and the edges drawn.
    #expect(x.summary.texts.contains("finger (pt along the axis)"))
    #expect(y.summary.texts.contains("finger (pt across the axis: y)"))
    #expect(both.summary.texts.contains("finger (pt: x solid, y dashed)"))
    // Named above the band with their offsets across the 30 pt high control.
    #expect(
      y.summary.texts.contains("control top 0 pt")
        && y.summary.texts.contains("control bottom 30 pt"))
    #expect(!y.summary.texts.contains { $0.hasPrefix("control start") })
  }

  @Test func theDefaultIsTheControlsOwnAxis() throws {
    // Horizontal: the default is x, byte for byte.
    let horizontal = PageControlConfiguration(pages: 8, control: control)
    #expect(
      render(verticalDrag, horizontal, axis: nil).svg
        == render(verticalDrag, horizontal, axis: .x).svg)
    #expect(SVGTimeline(configuration: horizontal, session: nil).fingerAxis == .x)
    // Vertical (x 0–30, y 100–500, top to bottom): the default is y; a horizontal drag at
    // y 300 (x 10, 110, 210: 10, 110, 210 from the left edge) is flat in y and moves in x.
    var vertical = PageControlConfiguration(
      pages: 8, control: Rect(x: 0, y: 100, width: 30, height: 400))
    vertical.direction = .topToBottom
    #expect(SVGTimeline(configuration: vertical, session: nil).fingerAxis == .y)
    let drag = [
      PageControlEvent(time: 0, .touch(.down, id: 1, x: 10, y: 300)),
      PageControlEvent(time: 0.1, .touch(.move, id: 1, x: 110, y: 300)),
      PageControlEvent(time: 0.2, .touch(.up, id: 1, x: 210, y: 300)),
    ]
    let standard = render(drag, vertical, axis: nil)
    #expect(standard.svg == render(drag, vertical, axis: .y).svg)
    #expect(try isFlat(#require(standard.summary.polylinesByAxis["y"]?.first)))
    let across = render(drag, vertical, axis: .x)
    #expect(try follows(#require(across.summary.polylinesByAxis["x"]?.first), [10, 110, 210]))
    #expect(across.summary.texts.contains("control left 0 pt"))  // the 30 pt wide control
    #expect(across.summary.texts.contains("control right 30 pt"))
  }
}
