import Foundation
import Testing

/// Real recordings (Touchalytics, `../shared/data/touchalytics`, not redistributed): skipped
/// when the data is absent.
let touchalyticsData = repository.deletingLastPathComponent()
  .appendingPathComponent("shared/data/touchalytics")

@Suite(.enabled(if: FileManager.default.fileExists(atPath: touchalyticsData.path)))
struct TouchalyticsTests {
  /// Documents are sessions; the control is off-screen; 100,000 pages starting mid-way, so
  /// no swipe is lost at an end; the content covers every recorded sample.
  static let options = [
    "--from", "csv", "--columns", "t=4,phase=5,x=7,y=8,session=3", "--time-unit", "ms",
    "--pages", "100000", "--current", "50000", "--control", "0,-1000,390,30",
    "--container", "0,-30,560,860",
  ]

  struct Counts {
    var strokes = 0
    var verticalStrokes = 0
    var swipesAlongX = 0
    var swipesAlongY = 0
    var transitions = 0
  }

  /// Per document group: reading (0, 1, 2, 5) and image game (3, 4, 6).
  func counts() throws -> (reading: Counts, game: Counts) {
    var reading = Counts()
    var game = Counts()
    for user in 0..<6 {
      let file = touchalyticsData.appendingPathComponent("user\(user).csv").path
      let strokes = try pagetrace(["classify"] + Self.options + [file])
      let replay = try pagetrace(["replay"] + Self.options + [file])
      #expect(strokes.status == 0 && replay.status == 0, "\(strokes.stderr)\(replay.stderr)")
      for stroke in strokes.records {
        let isReading = "0125".contains(stroke["session"] as! String)
        func add(_ counts: inout Counts) {
          counts.strokes += 1
          if stroke["axis"] as? String == "y" { counts.verticalStrokes += 1 }
          if stroke["kind"] as? String == "swipe" {
            if stroke["axis"] as? String == "x" {
              counts.swipesAlongX += 1
            } else {
              counts.swipesAlongY += 1
            }
          }
        }
        if isReading { add(&reading) } else { add(&game) }
      }
      for transition in replay.records {
        #expect(transition["cause"] as? String == "swipe")
        if "0125".contains(transition["session"] as! String) {
          reading.transitions += 1
        } else {
          game.transitions += 1
        }
      }
    }
    return (reading, game)
  }

  @Test func pagesTurnForExactlyTheHorizontalSwipes() throws {
    let (reading, game) = try counts()
    // Every stroke of the six files (about 3,870 by the data's own README).
    #expect((3_800...3_950).contains(reading.strokes + game.strokes))
    // Reading: almost all vertical scrolls, and no vertical stroke turns a page — the few
    // transitions are the diagonal flicks that pass the swipe rule along x.
    #expect(Double(reading.verticalStrokes) > 0.9 * Double(reading.strokes))
    #expect(reading.swipesAlongY > 100)
    #expect(reading.transitions == reading.swipesAlongX)
    #expect(reading.transitions < 10)
    // Image game: a page change for exactly the strokes that pass the swipe rule
    // (about 1,020 of about 1,190 by the issue's own count).
    #expect(game.transitions == game.swipesAlongX)
    #expect((950...1_100).contains(game.transitions))
  }

  /// The document `file` (README.md, or a chapter of docs/behaviour/) from `heading` on, and
  /// the first `bash` block there.
  static func block(in file: String, after heading: String) throws -> (
    section: String, block: String
  ) {
    let text = try String(
      contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
    let section = try #require(text.components(separatedBy: heading).dropFirst().first)
    let block = try #require(
      section.components(separatedBy: "```bash\n").dropFirst().first?
        .components(separatedBy: "```").first)
    return (section, block)
  }

  /// The commands of docs/behaviour/analysis.md, "On real data: Touchalytics", run as written
  /// (from the repository's root, through a shell, with `pagetrace` the built one), give its
  /// table: each row is the "all 6 files" block of its command.
  @Test func theDocsTableIsWhatItsCommandsPrint() throws {
    let (section, block) = try Self.block(
      in: "docs/behaviour/analysis.md", after: "## On real data: Touchalytics")
    let commands = block.split(separator: "\n").filter { $0.hasPrefix("pagetrace stats") }
    let rows = section.split(separator: "\n").filter {
      $0.hasPrefix("| reading") || $0.hasPrefix("| image game")
    }
    #expect(commands.count == 2 && rows.count == 2)
    for (command, row) in zip(commands, rows) {
      let script =
        block.split(separator: "\n").filter { $0.hasPrefix("opts=") }
        .joined(separator: "\n") + "\n"
        + command.replacingOccurrences(
          of: "pagetrace", with: executable.path)
      let run = try runProgram("/bin/sh", ["-c", script], in: repository)
      #expect(run.status == 0, "\(run.stderr)")
      let total = try #require(run.stdout.components(separatedBy: "all 6 files\n").last)
      func numbers(_ text: Substring) -> [Int] {
        text.split(whereSeparator: { !$0.isNumber && $0 != "," }).compactMap {
          Int($0.replacingOccurrences(of: ",", with: ""))
        }
      }
      let lines = total.split(separator: "\n")
      let strokes = try #require(lines.first { $0.contains("strokes") })
      let transitions = try #require(lines.first { $0.contains("transitions") })
      // strokes N: tap N, long-press N, drag N, swipe N, cancelled N; transitions N: …
      let printed = numbers(strokes) + [numbers(transitions).first ?? -1]
      // | documents (ids) | strokes | tap | long-press | drag | swipe | cancelled | **N** |
      let table = row.split(separator: "|").dropFirst().compactMap {
        Int($0.filter { $0.isNumber })
      }
      #expect(printed == table, "\(row)\n\(strokes)\n\(transitions)")
    }
  }

  /// The README's "A real recording, step by step" block runs as written (with `pagetrace`
  /// the built one and the shared data where it is), and its summary is the one the README
  /// quotes.
  @Test func theStepByStepReadmeBlockRuns() throws {
    let (section, block) = try Self.block(
      in: "README.md", after: "## A real recording, step by step")
    let script = block.replacingOccurrences(
      of: "../shared/data/touchalytics", with: touchalyticsData.path
    ).replacingOccurrences(of: "pagetrace ", with: executable.path + " ")
    let directory = try scratch()
    let run = try runProgram("/bin/sh", ["-e", "-c", script], in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "pagetrace: summary: strokes: 424, tap 0, long-press 0, drag 167, swipe 257, cancelled 0 (swipes along x 247, along y 10)"
      ), "\(run.stderr)")
    // Quoted as printed, whatever the line breaks of the paragraph.
    let words = section.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      words.contains(
        "strokes: 424, tap 0, long-press 0, drag 167, swipe 257, cancelled 0 (swipes along x 247, along y 10)"
      ))
    #expect(run.stdout.contains("transitions                         247: swipe 247"))
    #expect(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("user1.svg").path))
  }
}
