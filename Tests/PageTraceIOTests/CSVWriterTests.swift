import PageTrace
import PageTraceTestSupport
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `RecordWriter` in CSV, `CSVText` and `TextWriter.appendCSVField` (docs/behaviour/output.md, "CSV
/// output").
@Suite struct CSVWriterTests {
  @Test func oneRowPerRecordUnderOneHeader() throws {
    let expected = """
      t,type,session,from,to,animated,interaction,cause,state,visible,text,page,file,line,index
      0.5,transition,a,0,1,true,discrete,tap,,,,,,,
      0.65,interaction,,,,,,,continuous,,,,,,
      0.65,background,"",,,,,,,true,,,,,
      2,announcement,,,,,,,,,Page 3 of 8,,,,
      3.25,detail,b,,,,,,,,,4,,,
      1.2083333333333333,transition,,7,6,false,continuous,jog,,,,,,,

      """
    #expect(try written(recordOfEveryType, format: .csv) == expected)
  }

  @Test func theColumnsAreTheSameWhateverTheTypesChosen() throws {
    let expected = """
      t,type,session,from,to,animated,interaction,cause,state,visible,text,page,file,line,index
      2,announcement,,,,,,,,,Page 3 of 8,,t.jsonl,,
      3.25,detail,b,,,,,,,,,4,t.jsonl,,

      """
    #expect(
      try written(
        recordOfEveryType, format: .csv, types: [.detail, .announcement], fileName: "t.jsonl")
        == expected)
    // No record at all: the header still names the columns.
    #expect(
      try written([], format: .csv, types: .interaction)
        == "t,type,session,from,to,animated,interaction,cause,state,visible,text,page,file,line,index\n"
    )
    // JSON Lines has no header.
    #expect(try written([], types: .all).isEmpty)
  }

  @Test func columnsFollowTheKeyOrder() {
    #expect(
      RecordWriter.csvColumns == [
        "t", "type", "session", "from", "to", "animated", "interaction", "cause", "state",
        "visible", "text", "page", "file", "line", "index",
      ])
  }

  @Test func fieldsAreQuotedOnlyWhenTheyMustBe() throws {
    #expect(CSVText.field("a comma, é 😀") == #""a comma, é 😀""#)
    #expect(CSVText.field("Page 1 of 5") == "Page 1 of 5")
    #expect(CSVText.field(" spaces kept ") == " spaces kept ")
    #expect(CSVText.field("a\"b") == #""a""b""#)
    #expect(CSVText.field("\"") == #""""""#)
    #expect(CSVText.field("line\nbreak") == "\"line\nbreak\"")
    #expect(CSVText.field("cr\r") == "\"cr\r\"")
    #expect(CSVText.field("") == #""""#)
    #expect(CSVText.field("tab\there\\") == "tab\there\\")
    let record = PageControlRecord(time: 1, session: #"a,"b""#, .detail(page: 0))
    #expect(
      try written([record], format: .csv, types: .detail, fileName: "x,\"y\".jsonl")
        == RecordWriter.csvHeaderRow() + #"1,detail,"a,""b""",,,,,,,,,0,"x,""y"".jsonl",,"#
        + "\n")
  }

  @Test func textWriterFieldsAreCSVTextFields() throws {
    let path = temporaryFile([])
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    var writer = TextWriter(descriptor: SystemDescriptor(rawValue: descriptor), name: path)
    // Each value and its field, worked by hand (RFC 4180: quoted when it holds a comma, a quote
    // or a line break, or is empty; quotes doubled).
    let fields = [
      ("", #""""#), ("a", "a"), ("a,b", #""a,b""#), ("say \"hi\"", #""say ""hi""""#),
      ("two\nlines", "\"two\nlines\""),
      (
        String(repeating: "\"", count: 70_000),
        "\"" + String(repeating: "\"", count: 140_000) + "\""
      ),
    ]
    for (value, _) in fields {
      writer.appendCSVField(value)
      writer.append(",")
      writer.appendJSONNumber(0.1)
      writer.endLine()
    }
    try writer.flush()
    close(descriptor)
    let input = open(path, O_RDONLY)
    defer { close(input) }
    #expect(readToEnd(input) == fields.map { $0.1 + ",0.1\n" }.joined())
  }

  @Test func engineRecordsNameTheirSessionsInCells() throws {
    let path = temporaryFile([])
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    var writer = RecordWriter(
      descriptor: SystemDescriptor(rawValue: descriptor), format: .csv, types: .all)
    writer.writesKeys = true
    writer.writeHeader()
    writer.setName("s,1", of: SessionID(1))
    writer.setName("", of: SessionID(2))
    writer.startKeys(line: 7)
    writer.write(EngineRecord(time: 1, session: SessionID(1), .detail(page: 2)))
    writer.write(EngineRecord(time: 1, session: SessionID(2), .background(visible: false)))
    writer.write(EngineRecord(time: 1.5, session: .defaultSession, .interaction(.none)))
    try writer.flush()
    close(descriptor)
    let input = open(path, O_RDONLY)
    defer { close(input) }
    #expect(
      readToEnd(input) == """
        t,type,session,from,to,animated,interaction,cause,state,visible,text,page,file,line,index
        1,detail,"s,1",,,,,,,,,2,,7,0
        1,background,"",,,,,,,false,,,,7,1
        1.5,interaction,,,,,,,none,,,,,7,2

        """)
  }
}
