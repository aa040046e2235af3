import PageTrace
import PageTraceIO
import PageTraceImport
import Testing

@Suite struct PointerEventsImporterTests {
  @Test func touchStrokeWithCoalescedSamples() throws {
    let text = """
      {"type":"pointerover","pointerId":3,"pointerType":"touch","timeStamp":1000,"clientX":100,"clientY":200}
      {"type":"pointerenter","pointerId":3,"pointerType":"touch","timeStamp":1000,"clientX":100,"clientY":200}
      {"type":"pointerdown","pointerId":3,"pointerType":"touch","timeStamp":1000,"clientX":100,"clientY":200,"isPrimary":true,"buttons":1}
      {"type":"gotpointercapture","pointerId":3,"pointerType":"touch","timeStamp":1001}
      {"type":"pointermove","pointerId":3,"pointerType":"touch","timeStamp":1024,"clientX":130,"clientY":201,"coalesced":[{"timeStamp":1008,"clientX":110,"clientY":200},{"timeStamp":1016,"clientX":120,"clientY":201,"pressure":0.5},{"timeStamp":1024,"clientX":130,"clientY":201}]}
      {"type":"pointerrawupdate","pointerId":3,"pointerType":"touch","timeStamp":1030,"clientX":135,"clientY":201}
      {"type":"pointermove","pointerId":3,"pointerType":"touch","timeStamp":1040,"clientX":150,"clientY":202,"coalescedEvents":[{"timeStamp":1032,"clientX":140,"clientY":202}]}
      {"type":"pointermove","pointerId":3,"pointerType":"touch","timeStamp":1048,"clientX":155,"clientY":202,"coalesced":[]}
      {"type":"pointerup","pointerId":3,"pointerType":"touch","timeStamp":1056.5,"clientX":155,"clientY":202,"coalesced":[{"timeStamp":1056.5,"clientX":155,"clientY":202}]}
      {"type":"pointerleave","pointerId":3,"pointerType":"touch","timeStamp":1057,"clientX":155,"clientY":202}
      """
    let imported = try importing(PointerEventsImporter(), text)
    #expect(imported.notes == [])
    #expect(
      imported.events == [
        touchEvent(1, .down, 3, 100, 200),
        touchEvent(1.008, .move, 3, 110, 200),
        touchEvent(1.016, .move, 3, 120, 201),
        touchEvent(1.024, .move, 3, 130, 201),  // the event's own coordinates are not repeated
        touchEvent(1.032, .move, 3, 140, 202),
        touchEvent(1.04, .move, 3, 150, 202),  // they differ from the last sample's
        touchEvent(1.048, .move, 3, 155, 202),
        touchEvent(1.0565, .up, 3, 155, 202),
      ])
  }

  @Test func mouseBecomesPointerEvents() throws {
    let text = """
      {"type":"pointermove","pointerId":1,"pointerType":"mouse","timeStamp":500,"clientX":10,"clientY":20,"buttons":0}
      {"type":"pointerdown","pointerId":1,"pointerType":"mouse","timeStamp":600,"clientX":12,"clientY":22}
      {"type":"pointermove","pointerType":"mouse","timeStamp":620,"clientX":16,"clientY":22,"coalesced":[{"timeStamp":610,"clientX":14,"clientY":22},{"timeStamp":620,"clientX":16,"clientY":22}]}
      {"type":"pointercancel","pointerId":1,"pointerType":"mouse","timeStamp":630}
      {"type":"pointerup","pointerId":1,"pointerType":"mouse","timeStamp":640,"clientX":16,"clientY":22}
      """
    let imported = try importing(PointerEventsImporter(), text, file: "mouse.jsonl")
    #expect(
      imported.events == [
        pointerEvent(0.5, .move, 10, 20),
        pointerEvent(0.6, .down, 12, 22),
        pointerEvent(0.61, .move, 14, 22),
        pointerEvent(0.62, .move, 16, 22),
        pointerEvent(0.64, .up, 16, 22),
      ])
    #expect(
      imported.notes.map(\.description) == [
        "mouse.jsonl:4: note: pointercancel of the mouse: ignored"
      ])
  }

  @Test func touchCancelNeedsNoCoordinates() throws {
    let text = """
      {"type":"pointerdown","pointerId":9,"pointerType":"touch","timeStamp":10,"clientX":1,"clientY":2}
      {"type":"pointercancel","pointerId":9,"pointerType":"touch","timeStamp":20}
      {"type":"pointerdown","pointerId":10,"pointerType":"touch","timeStamp":30,"clientX":1,"clientY":2}
      {"type":"pointercancel","pointerId":10,"pointerType":"touch","timeStamp":40,"clientX":0,"clientY":0}
      """
    let imported = try importing(PointerEventsImporter(), text)
    #expect(imported.notes == [])
    #expect(
      imported.events == [
        touchEvent(0.01, .down, 9, 1, 2), touchEvent(0.02, .cancel, 9, nil, nil),
        touchEvent(0.03, .down, 10, 1, 2), touchEvent(0.04, .cancel, 10, nil, nil),
      ])
  }

  @Test func penIsATouchAndItsHoverIsIgnored() throws {
    let text = """
      {"type":"pointermove","pointerId":2,"pointerType":"pen","timeStamp":100,"clientX":5,"clientY":5}
      {"type":"pointerdown","pointerId":2,"pointerType":"pen","timeStamp":110,"clientX":6,"clientY":5}
      {"type":"pointermove","pointerId":2,"pointerType":"pen","timeStamp":120,"clientX":7,"clientY":5}
      {"type":"pointerup","pointerId":2,"pointerType":"pen","timeStamp":130,"clientX":7,"clientY":5}
      {"type":"pointermove","pointerId":2,"pointerType":"pen","timeStamp":140,"clientX":8,"clientY":5}
      """
    let imported = try importing(PointerEventsImporter(), text)
    #expect(imported.notes == [])
    #expect(
      imported.events == [
        touchEvent(0.11, .down, 2, 6, 5), touchEvent(0.12, .move, 2, 7, 5),
        touchEvent(0.13, .up, 2, 7, 5),
      ])
  }

  @Test func sessionsPassThrough() throws {
    let text = """
      {"type":"pointerdown","pointerId":1,"pointerType":"touch","timeStamp":10,"clientX":1,"clientY":2,"session":"tab-a"}
      {"type":"pointerdown","pointerId":1,"pointerType":"touch","timeStamp":5,"clientX":1,"clientY":2}
      {"type":"pointerup","pointerId":1,"pointerType":"touch","timeStamp":11,"clientX":1,"clientY":2,"session":"tab-a"}
      {"type":"pointerup","pointerId":1,"pointerType":"touch","timeStamp":6,"clientX":1,"clientY":2}
      """
    let imported = try importing(PointerEventsImporter(session: "page"), text)
    #expect(imported.notes == [])
    #expect(
      imported.events == [
        touchEvent(0.01, .down, 1, 1, 2, session: "tab-a"),
        touchEvent(0.005, .down, 1, 1, 2, session: "page"),
        touchEvent(0.011, .up, 1, 1, 2, session: "tab-a"),
        touchEvent(0.006, .up, 1, 1, 2, session: "page"),
      ])
  }

  @Test func timeGoingBackwardsIsNotedAndSkipped() throws {
    let text = """
      {"type":"pointerdown","pointerId":1,"pointerType":"touch","timeStamp":2000,"clientX":1,"clientY":2}
      {"type":"pointermove","pointerId":1,"pointerType":"touch","timeStamp":2010,"clientX":3,"clientY":2}
      {"type":"pointermove","pointerId":1,"pointerType":"touch","timeStamp":1990,"clientX":4,"clientY":2}
      {"type":"pointermove","pointerId":1,"pointerType":"touch","timeStamp":2030,"clientX":6,"clientY":2,"coalesced":[{"timeStamp":2005,"clientX":5,"clientY":2},{"timeStamp":2030,"clientX":6,"clientY":2}]}
      {"type":"pointermove","pointerType":"mouse","timeStamp":2020,"clientX":0,"clientY":0}
      {"type":"pointerdown","pointerId":4,"pointerType":"touch","timeStamp":2040,"clientX":9,"clientY":9}
      """
    let imported = try importing(PointerEventsImporter(), text, file: "web.jsonl")
    #expect(
      imported.events == [
        touchEvent(2, .down, 1, 1, 2), touchEvent(2.01, .move, 1, 3, 2),
        touchEvent(2.03, .move, 1, 6, 2),
        touchEvent(2.04, .down, 4, 9, 9),
        // Both strokes are left open: closed at the end, in the order they went down.
        touchEvent(2.04, .cancel, 1, nil, nil), touchEvent(2.04, .cancel, 4, nil, nil),
      ])
    #expect(
      imported.notes.map(\.description) == [
        "web.jsonl:3: note: time went backwards (1.99 after 2.01): sample skipped",
        "web.jsonl:4: note: time went backwards (2.005 after 2.01): sample skipped",
        "web.jsonl:5: note: time went backwards (2.02 after 2.03): sample skipped",
        "web.jsonl:1: note: touch 1 never went up: cancelled at the end (t = 2.04)",
        "web.jsonl:6: note: touch 4 never went up: cancelled at the end (t = 2.04)",
      ])
  }

  @Test func unknownPointerTypeIsNotedAndSkipped() throws {
    let text = """
      {"type":"pointerdown","pointerId":1,"pointerType":"","timeStamp":1,"clientX":1,"clientY":2}
      {"type":"click","timeStamp":12,"detail":"whatever"}
      {"nested":{"deep":[1,2,{"a":null}]},"type":"pointerout"}

      """
    let imported = try importing(PointerEventsImporter(), text, file: "odd.jsonl")
    #expect(imported.events == [])
    #expect(
      imported.notes.map(\.description) == [
        "odd.jsonl:1: note: pointerdown of pointerType \"\", neither touch, pen nor mouse: skipped"
      ])
  }

  @Test(arguments: [
    (
      #"{"type":"pointerdown","pointerId":1,"pointerType":"touch","timeStamp":1,"clientX":"12","clientY":2}"#,
      #""12""#, #"expected a number for "clientX", found "12""#
    ),
    (
      #"{"type":"pointerdown","pointerId":1,"pointerType":"touch","timeStamp":1,"clientX":12}"#,
      "", #"expected the key "clientY", found none"#
    ),
    (
      #"{"type":"pointerdown","pointerType":"touch","timeStamp":1,"clientX":12,"clientY":3}"#,
      "", #"expected the key "pointerId", found none"#
    ),
    (
      #"{"type":"pointerup","pointerId":1,"timeStamp":1,"clientX":12,"clientY":3}"#,
      "", #"expected the key "pointerType", found none"#
    ),
    (
      #"{"type":"pointerup","pointerId":1,"pointerType":"touch","clientX":12,"clientY":3}"#,
      "", #"expected the key "timeStamp", found none"#
    ),
    (#"{"pointerId":1,"timeStamp":1}"#, "", #"expected the key "type", found none"#),
    (#"{"type":7}"#, "7", #"expected a string for "type", found 7"#),
    (
      #"{"type":"pointermove","pointerId":1,"pointerType":"touch","timeStamp":1,"clientX":1,"clientY":2,"coalesced":[{"timeStamp":1,"clientY":2}]}"#,
      #"{"timeStamp":1,"#,
      #"expected the key "clientX" in each sample of "coalesced", found none"#
    ),
    (
      #"{"type":"pointermove","coalescedEvents":{"timeStamp":1}}"#, #"{"timeStamp":1}"#,
      #"expected an array of objects for "coalescedEvents", found {"timeStamp":1}"#
    ),
    (
      #"{"type":"pointermove","coalesced":[{"timeStamp":1,"clientX":1,"clientY":2} x]}"#, "x]",
      "expected ',' or ']', found x"
    ),
    (
      #"{"type":"pointermove","coalesced":[],"coalescedEvents":[]}"#, #""coalescedEvents""#,
      #"expected one of coalesced or coalescedEvents, once, found "coalescedEvents" again"#
    ),
    (
      #"{"type":"pointermove","timeStamp":1,"timeStamp":2}"#, #""timeStamp":2"#,
      #"expected each key once, found "timeStamp" again"#
    ),
    (
      #"{"type":"pointermove","timeStamp":1e999}"#, "1e999", "expected a finite number, found 1e999"
    ),
    (
      #"{"type":"pointermove" "timeStamp":1}"#, #""timeStamp""#,
      #"expected ',' or '}', found "timeStamp""#
    ),
    (#"{"type":"pointermove"} x"#, "x", "expected the end of the line, found x"),
    (#"[1]"#, "[", "expected a JSON object, found [1]"),
    (#"{"type":"pointérmove","x":tru}"#, "tru", "expected a value, found tru"),
  ])
  func errors(line: String, token: String, message: String) {
    let error = importError(PointerEventsImporter(), line)
    let expectedColumn = token.isEmpty ? 1 : characterColumn(of: token, in: line)
    #expect(error?.description == "capture.txt:1:\(expectedColumn): \(message)")
  }

  /// A touch swipe on the content, logged by a browser, turns the page.
  @Test func swipeReplaysThroughTheEngine() throws {
    var lines = [
      #"{"type":"pointerdown","pointerId":5,"pointerType":"touch","timeStamp":3000,"clientX":300,"clientY":400}"#
    ]
    for step in 1...4 {
      let time = 3000 + step * 16
      let x = 300 - step * 50
      lines.append(
        #"{"type":"pointermove","pointerId":5,"pointerType":"touch","timeStamp":\#(time),"clientX":\#(x),"clientY":400,"coalesced":[{"timeStamp":\#(time - 8),"clientX":\#(x + 25),"clientY":400},{"timeStamp":\#(time),"clientX":\#(x),"clientY":400}]}"#
      )
    }
    lines.append(
      #"{"type":"pointerup","pointerId":5,"pointerType":"touch","timeStamp":3070,"clientX":100,"clientY":400}"#
    )
    let imported = try importing(PointerEventsImporter(), lines.joined(separator: "\n"))
    #expect(imported.notes == [])
    #expect(imported.events.count == 10)

    var configuration = PageControlConfiguration(
      pages: 5, control: Rect(x: 0, y: 780, width: 390, height: 30))
    configuration.container = Rect(x: 0, y: 0, width: 390, height: 844)
    configuration.current = 2
    var engine = try PageControlEngine(configuration)
    let transitions = try engine.records(for: imported.events).compactMap { record in
      if case .transition(let transition) = record.content { return (record.time, transition) }
      return nil
    }
    #expect(transitions.count == 1)
    #expect(transitions.first?.0 == 3.07)
    #expect(transitions.first?.1.from == 2)
    #expect(transitions.first?.1.to == 3)
    #expect(transitions.first?.1.cause == .swipe)
  }

  /// A mouse click on a dot jumps to it.
  @Test func mouseClickReplaysThroughTheEngine() throws {
    let text = """
      {"type":"pointermove","pointerId":1,"pointerType":"mouse","timeStamp":500,"clientX":251,"clientY":795}
      {"type":"pointerdown","pointerId":1,"pointerType":"mouse","timeStamp":1000,"clientX":219,"clientY":795}
      {"type":"pointerup","pointerId":1,"pointerType":"mouse","timeStamp":1060,"clientX":219,"clientY":795}
      """
    let imported = try importing(PointerEventsImporter(), text)
    var configuration = PageControlConfiguration(
      pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))
    configuration.container = Rect(x: 0, y: 0, width: 390, height: 844)
    var engine = try PageControlEngine(configuration)
    let transitions = try engine.records(for: imported.events).compactMap { record in
      if case .transition(let transition) = record.content { return transition }
      return nil
    }
    #expect(transitions.map(\.to) == [5])
    #expect(transitions.first?.cause == .pointer)
  }
}
