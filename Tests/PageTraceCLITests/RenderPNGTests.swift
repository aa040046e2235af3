import Foundation
import Testing

/// `pagetrace render` seen through cairo (cairosvg, from PyPI), which renders as librsvg and
/// most non-browser viewers do: labels must be readable there too, not only in browsers.
@Suite struct RenderPNGTests {
  /// A Python that imports `cairosvg`: `PAGETRACE_CAIROSVG_PYTHON` (set by .ci/run, which
  /// installs cairosvg in a venv), else `.build/ci-python`, else `python3` on the path.
  static let cairoPython = python(importing: "cairosvg", named: "PAGETRACE_CAIROSVG_PYTHON")

  /// Renders an SVG to pixels with cairo at twice its size and counts, in each box (SVG
  /// units: `x0,y0,x1,y1`), the pixels of the labels' grey (#777777, with anti-aliasing: a
  /// neutral grey from 90 to 150). Pixels are read from cairo's own ARGB32 surface, so no
  /// image library is needed.
  static let countGreyPixels = """
    import io, sys
    import cairocffi, cairosvg
    scale = 2
    png = cairosvg.svg2png(bytestring=open(sys.argv[1], "rb").read(), scale=scale)
    surface = cairocffi.ImageSurface.create_from_png(io.BytesIO(png))
    stride, data = surface.get_stride(), bytes(surface.get_data())
    counts = []
    for box in sys.argv[2:]:
        x0, y0, x1, y1 = (round(float(v) * scale) for v in box.split(","))
        n = 0
        for y in range(y0, y1):
            for x in range(x0, x1):
                b, g, r = data[y * stride + 4 * x : y * stride + 4 * x + 3]  # little-endian
                if 90 <= r <= 150 and max(r, g, b) - min(r, g, b) <= 10:
                    n += 1
        counts.append(n)
    print(" ".join(map(str, counts)))
    """

  /// The grey pixel counts of the boxes above the baselines of `labels` in `svg`.
  func greyPixels(in svg: String, labels: [String], python: String) throws -> [Int] {
    let directory = try scratch()
    try write(svg, to: "t.svg", in: directory)
    var boxes: [String] = []
    for label in labels {
      // The label's plain text element (not its halo): its anchor is its right end.
      let line = try #require(
        svg.split(separator: "\n").first {
          $0.hasSuffix(">\(label)</text>") && !$0.contains("aria-hidden")
        }, "no plain \(label) label")
      let x = try #require(Double(attribute("x", of: line)))
      let y = try #require(Double(attribute("y", of: line)))
      boxes.append("\(x - 50),\(y - 8),\(x),\(y - 1)")  // the letters, not the dashed line
    }
    let run = try runProgram(
      python, ["-c", Self.countGreyPixels, "t.svg"] + boxes, in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
  }

  func attribute(_ name: String, of element: Substring) -> String {
    guard let start = element.range(of: " \(name)=\"") else { return "" }
    return String(element[start.upperBound...].prefix { $0 != "\"" })
  }

  @Test(
    .enabled(
      if: runsUnderCI || cairoPython != nil,
      "cairosvg is not installed (under CI=true this is a failure; .ci/run installs it)"))
  func controlEndLabelsAreReadableInCairo() throws {
    let python = try #require(Self.cairoPython, "cairosvg is not installed (.ci/run installs it)")
    let run = try pagetrace([
      "render", repository.appendingPathComponent("Traces/scrub.jsonl").path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let svg = run.stdout
    #expect(!svg.contains("paint-order"))
    let labels = ["control end 390 pt", "control start 0 pt"]
    let now = try greyPixels(in: svg, labels: labels, python: python)
    // Letters 9 px high over 50 px: well over a hundred grey pixels at twice the size.
    #expect(now.count == 2 && now.allSatisfy { $0 > 100 }, "\(now)")
    // The same drawing with the earlier form, one text with paint-order="stroke": cairo
    // paints the white outline over the letters, and the check above sees no grey at all.
    var earlier = svg.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("aria-hidden=\"true\"") }.joined(separator: "\n")
    earlier = earlier.replacingOccurrences(
      of: "fill=\"#777777\">control",
      with: "fill=\"#777777\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">control")
    #expect(earlier.components(separatedBy: "paint-order").count == 3)
    let before = try greyPixels(in: earlier, labels: labels, python: python)
    #expect(before.count == 2 && before.allSatisfy { $0 < 20 }, "\(before)")
  }
}
