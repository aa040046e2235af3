import PageTrace
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The writers reserve room per kind of record or event and then append without checks: a
/// record or event with every field at its widest must fit (the writers also assert it in
/// debug builds, so a reservation too small would stop the test there).
@Suite struct ReservationTests {
  /// The longest shortest-round-trip text of a double: 24 characters.
  static let widestTime = -2.2250738585072014e-308
  /// The longest decimal integer: 20 characters.
  static let widestInteger = Int.min

  static let widestRecords: [PageControlRecord] = [
    PageControlRecord(
      time: widestTime,
      .transition(
        PageTransition(
          from: widestInteger, to: widestInteger, animated: false, interaction: .continuous,
          cause: .accessibility))),
    PageControlRecord(time: widestTime, .interaction(.continuous)),
    PageControlRecord(time: widestTime, .background(visible: false)),
    PageControlRecord(
      time: widestTime,
      .announcement(Announcement(page: widestInteger, pageCount: widestInteger))),
    PageControlRecord(time: widestTime, .detail(page: widestInteger)),
  ]

  /// The lines a writer of `format` writes for the widest records, with their ordering keys
  /// at the widest line number.
  func lines(_ format: TableFormat) throws -> (lines: [String], reservation: _RecordReservation) {
    let path = temporaryFile([])
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    precondition(descriptor >= 0)
    var writer = RecordWriter(
      descriptor: SystemDescriptor(rawValue: descriptor), format: format, types: .all)
    writer.writesKeys = true
    writer.startKeys(line: Self.widestInteger)
    for record in Self.widestRecords { writer.write(record) }
    try writer.flush()
    close(descriptor)
    let lines = String(decoding: contents(of: path), as: UTF8.self)
      .split(separator: "\n").map { String($0) + "\n" }
    return (lines, writer.reservation)
  }

  @Test(arguments: [TableFormat.jsonLines, .csv])
  func widestRecordsFitTheirReservation(format: TableFormat) throws {
    let (lines, reservation) = try lines(format)
    try #require(lines.count == Self.widestRecords.count)
    for (record, line) in zip(Self.widestRecords, lines) {
      #expect(line.utf8.count <= reservation[record.type], "\(line)")
    }
  }

  @Test func theWidestTransitionIsWrittenInFull() throws {
    // Spelled out by hand: every field at its widest.
    let expected = """
      {"t":-2.2250738585072014e-308,"type":"transition","from":-9223372036854775808,\
      "to":-9223372036854775808,"animated":false,"interaction":"continuous",\
      "cause":"accessibility","line":-9223372036854775808,"index":0}

      """
    #expect(try lines(.jsonLines).lines.first == expected)
  }

  static let widestEvents: [PageControlEvent] = [
    PageControlEvent(
      time: widestTime, session: "s",
      .touch(.cancel, id: .number(widestTime), x: widestTime, y: widestTime)),
    PageControlEvent(
      time: widestTime, session: "s", .touch(.cancel, id: "\u{1}\"", x: widestTime, y: nil)),
    PageControlEvent(
      time: widestTime, session: "s", .pointer(.hover, x: widestTime, y: widestTime)),
    PageControlEvent(time: widestTime, session: "s", .key(.right)),
    PageControlEvent(time: widestTime, session: "s", .focus(true)),
    PageControlEvent(time: widestTime, session: "s", .accessibility(.scrollBackward)),
    PageControlEvent(
      time: widestTime, session: "s",
      .set(
        ProgrammaticChange(
          current: widestInteger, pages: widestInteger, enabled: false, continuous: false,
          style: .automatic))),
  ]

  @Test func widestEventsFitTheirReservation() throws {
    let path = temporaryFile([])
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    precondition(descriptor >= 0)
    var writer = EventWriter(descriptor: SystemDescriptor(rawValue: descriptor))
    for event in Self.widestEvents { writer.write(event) }
    try writer.flush()
    close(descriptor)
    let lines = String(decoding: contents(of: path), as: UTF8.self).split(separator: "\n")
    try #require(lines.count == Self.widestEvents.count)
    let session = _Reservation.text(_EventText.session) + 2 + 6  // `"s"` at its widest
    let shared = _EventReservation.shared
    let kinds = [
      shared.touch, shared.touch + 2 + 6 * 2, shared.pointer, shared.key, shared.focus,
      shared.accessibility, shared.set,
    ]
    for (line, kind) in zip(lines, kinds) {
      #expect(line.utf8.count + 1 <= _EventReservation.lineEnd + session + kind, "\(line)")
    }
    // Spelled out by hand.
    let expected =
      #"{"t":-2.2250738585072014e-308,"set":{"current":-9223372036854775808,"#
      + #""pages":-9223372036854775808,"enabled":false,"continuous":false,"#
      + #""style":"automatic"},"session":"s"}"#
    #expect(lines.last.map(String.init) == expected)
  }
}
