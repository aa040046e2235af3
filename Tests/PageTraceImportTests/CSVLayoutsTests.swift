import PageTrace
import Testing

@testable import PageTraceIO
@testable import PageTraceImport

/// CSV recordings as researchers publish them (docs/behaviour/inspect-convert-generate.md,
/// "Inspection"; ImportingRecordings.md, "CSV"): columns by name, the phase words of other
/// platforms, missing-value markers, delimiters, decimal commas, and the hints of errors.
/// Every input is written by hand, every expectation counted by hand.
@Suite struct CSVLayoutsTests {
  // MARK: Columns by name

  /// `Timestamp,X,Y,BTN_TOUCH,FINGER` with CRLF line ends, `DOWN`/`HELD`/`UP`, `-420` missing:
  /// the game-play study's layout, in 6 rows.
  static let game = [
    "Timestamp,X,Y,BTN_TOUCH,FINGER\r", "1000,100,500,DOWN,0\r", "1016,120,500,HELD,0\r",
    "1033,-420,-420,HELD,0\r", "1050,160,500,HELD,0\r", "1066,180,500,UP,0\r",
  ]

  /// Feeds lines as they are (a CR kept at the end: `"\r\n"` is one `Character`, which the
  /// shared helper's split would not split).
  func importingLines(_ importer: CSVImporter, _ lines: [String]) throws(TraceError) -> Imported {
    var importer = importer
    var result = Imported()
    for (index, line) in lines.enumerated() {
      let outcome = Array(line.utf8).withUnsafeBytes { raw in
        Result { () throws(TraceError) in
          try importer.decode(
            raw, line: index + 1, file: "game.csv", event: { result.events.append($0) },
            note: { result.notes.append($0) })
        }
      }
      try outcome.get()
    }
    try importer.finish(event: { result.events.append($0) }, note: { result.notes.append($0) })
    return result
  }

  @Test func columnsByNameAreLookedUpInTheHeader() throws {
    var mapping = CSVImporter.Mapping(time: "Timestamp", phase: "btn_touch", x: "X", y: "Y")
    mapping.timeUnit = .milliseconds
    mapping.missing = ["-420"]
    let imported = try importingLines(CSVImporter(mapping), Self.game)
    // 5 data rows, one (line 4) dropped for -420: down, move, move, up.
    #expect(
      imported.events == [
        touchEvent(1, .down, 1, 100, 500), touchEvent(1.016, .move, 1, 120, 500),
        touchEvent(1.05, .move, 1, 160, 500), touchEvent(1.066, .up, 1, 180, 500),
      ])
    #expect(imported.notes.map(\.line) == [4])
    #expect(imported.notes.first?.kind == .sampleDropped)
    #expect(imported.notes.first?.reason == CSVImporter.missingValueReason)
    #expect(imported.notes.first?.message == "x is \"-420\", a --missing value: row dropped")
  }

  @Test func exactNamesWinOverNamesInAnotherCase() throws {
    // Columns "x" (1) and "X" (2): x=X takes column 2, x=x column 1; "Y" only in another case.
    let mapping = CSVImporter.Mapping(time: "t", phase: "phase", x: "X", y: "Y")
    let resolved = try mapping.resolved(header: ["x", "X", "y", "t", "phase"])
    #expect(resolved.x == .number(2))
    #expect(resolved.y == .number(3))
    #expect(resolved.time == .number(4))
    #expect(resolved.columnsArgument == "t=4,phase=5,x=2,y=3")
  }

  @Test func aNameNotInTheHeaderIsAnErrorListingTheHeader() {
    let mapping = CSVImporter.Mapping(time: "Timestmp", phase: "BTN_TOUCH", x: "X", y: "Y")
    var error: TraceError?
    do { _ = try importingLines(CSVImporter(mapping), Self.game) } catch let thrown {
      error = thrown
    }
    #expect(error?.line == 1)
    #expect(
      error?.found
        == "no column named \"Timestmp\" (the header has Timestamp, X, Y, BTN_TOUCH, FINGER); did you mean 'Timestamp'?"
    )
  }

  // MARK: Phase vocabularies

  @Test(arguments: [
    ["down", "move", "up"], ["DOWN", "HELD", "UP"], ["ACTION_DOWN", "ACTION_MOVE", "ACTION_UP"],
    ["ACTION_POINTER_DOWN", "ACTION_MOVE", "ACTION_POINTER_UP"], ["began", "moved", "ended"],
    ["Began", "Stationary", "Cancelled"], ["began", "moved", "canceled"],
    ["touchstart", "touchmove", "touchend"], ["touchdown", "touchmove", "touchup"],
    ["pointerdown", "pointermove", "pointercancel"], ["0", "2", "1"], ["5", "2", "6"],
  ])
  func eachVocabularyIsReadByDefault(_ words: [String]) throws {
    var mapping = CSVImporter.Mapping(time: 1, phase: 2, x: 3, y: 4)
    mapping.timeUnit = .milliseconds
    let text = "0,\(words[0]),10,10\n16,\(words[1]),20,10\n33,\(words[2]),30,10"
    let imported = try importing(CSVImporter(mapping), text)
    // A cancel carries no position.
    let cancels = words[2].lowercased().contains("cancel")
    #expect(
      imported.events.map(\.action) == [
        .touch(.down, id: 1, x: 10, y: 10), .touch(.move, id: 1, x: 20, y: 10),
        cancels ? .touch(.cancel, id: 1, x: nil, y: nil) : .touch(.up, id: 1, x: 30, y: 10),
      ], "\(words)")
  }

  @Test func aPhaseMapOfOneOwnIsMatchedInAnyCaseToo() throws {
    var mapping = CSVImporter.Mapping(time: 1, phase: 2, x: 3, y: 4)
    mapping.timeUnit = .seconds
    mapping.phases = ["press": .down, "release": .up]
    let imported = try importing(CSVImporter(mapping), "0,PRESS,1,1\n0.02,Release,1,1")
    #expect(imported.events.map(\.time) == [0, 0.02])
    // The defaults are replaced: "down" is no longer a phase.
    #expect(importError(CSVImporter(mapping), "0,down,1,1") != nil)
  }

  // MARK: Missing values

  @Test func missingValuesDropTheirRowsAndMatchAsNumbers() throws {
    var mapping = CSVImporter.Mapping(time: 1, phase: 2, x: 3, y: 4)
    mapping.timeUnit = .milliseconds
    mapping.missing = ["-420", "NA"]
    // 6 rows: line 2 has y -420.0 (the same number), line 4 x NA; 4 rows make events.
    let text = "0,0,10,10\n16,2,20,-420.0\n33,2,30,10\n50,2,NA,10\n66,2,50,10\n83,1,60,10"
    let imported = try importing(CSVImporter(mapping), text)
    #expect(imported.events.map(\.time) == [0, 0.033, 0.066, 0.083])
    #expect(imported.notes.map(\.line) == [2, 4])
    #expect(imported.notes.allSatisfy { $0.kind == .sampleDropped })
    // Without --missing, NA is an error.
    mapping.missing = []
    #expect(importError(CSVImporter(mapping), text)?.line == 4)
  }

  // MARK: Delimiters and decimal commas

  @Test(arguments: [",", ";", "\t", "|"])
  func eachDelimiterSplitsTheFields(_ delimiter: String) throws {
    var mapping = CSVImporter.Mapping(time: 1, phase: 2, x: 3, y: 4)
    mapping.delimiter = UInt8(ascii: UnicodeScalar(delimiter)!)
    mapping.timeUnit = .milliseconds
    let text =
      ["0", "down", "10", "20"].joined(separator: delimiter) + "\n"
      + ["16", "up", "11", "21"].joined(separator: delimiter)
    let imported = try importing(CSVImporter(mapping), text)
    #expect(
      imported.events == [touchEvent(0, .down, 1, 10, 20), touchEvent(0.016, .up, 1, 11, 21)])
  }

  @Test func aSpaceStandsForRunsOfSpacesAndTabs() throws {
    var mapping = CSVImporter.Mapping(time: "time", phase: "event", x: "x", y: "y")
    mapping.delimiter = UInt8(ascii: " ")
    mapping.timeUnit = .milliseconds
    // Leading spaces, runs of spaces, a tab, trailing spaces and a CR.
    let text = "  time   event  x   y\n   1000 touchstart  10 \t 200  \n 1016  touchend 30 200\r"
    let imported = try importing(CSVImporter(mapping), text)
    #expect(
      imported.events == [touchEvent(1, .down, 1, 10, 200), touchEvent(1.016, .up, 1, 30, 200)])
  }

  @Test func decimalCommasReadAsPoints() throws {
    var mapping = CSVImporter.Mapping(time: "Zeit", phase: "Aktion", x: "X", y: "Y")
    mapping.delimiter = UInt8(ascii: ";")
    mapping.timeUnit = .seconds
    let text = "Zeit;Aktion;X;Y\n0,5;down;12,5;20\n0,516;up;13,75;-1,5"
    let without = importError(CSVImporter(mapping), text)
    // The first number with a comma is the time 0,5 on line 2, at character 1.
    #expect(
      without?.description
        == "capture.txt:2:1: expected a number for the time (column 1), found \"0,5\" (a decimal comma: --decimal-comma reads it)"
    )
    mapping.decimalComma = true
    let imported = try importing(CSVImporter(mapping), text)
    #expect(
      imported.events == [
        touchEvent(0.5, .down, 1, 12.5, 20), touchEvent(0.516, .up, 1, 13.75, -1.5),
      ])
  }

  // MARK: Hints

  @Test func columnsCountedFromZeroGetTheShiftedMapping() {
    // Touchalytics rows; the user counted from 0: t=3,phase=4,x=6,y=7 for time in column 4.
    var mapping = CSVImporter.Mapping(time: 3, phase: 4, x: 6, y: 7)
    mapping.session = 2
    mapping.timeUnit = .milliseconds
    let row = "1,1,3,1334893336544,0,1,253,296,0.34,0.11,0.0"
    let error = importError(CSVImporter(mapping), row)
    // Column 4 (the phase) holds the time, which starts at character 7.
    #expect(error?.column == 7)
    #expect(
      error?.found
        == "\"1334893336544\" (columns are counted from 1; this row fits --columns t=4,phase=5,x=7,y=8,session=3)"
    )
    // A row that fits no shift gets no hint.
    let plain = importError(CSVImporter(mapping), "1,1,3,1334893336544,x,y,z,w")
    #expect(plain?.found == "\"1334893336544\"")
  }
}
