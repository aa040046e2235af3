import Foundation
import Testing

/// One CSV field as read: its text, and whether it was quoted. An unquoted empty field is a
/// value the row lacks; a quoted one (`""`) is the empty string.
struct CSVField: Equatable {
  var text: String
  var quoted = false

  /// A field the row lacks.
  var isAbsent: Bool { text.isEmpty && !quoted }
}

struct CSVSyntaxError: Error, CustomStringConvertible {
  var description: String
}

/// A small RFC 4180 reader, strict about what PageTrace writes: every row ends in `\n` (a bare
/// `\r` is text, and only inside quotes), a quote appears only around a whole field or doubled
/// inside one.
func parseCSV(_ text: String) throws -> [[CSVField]] {
  let scalars = Array(text.unicodeScalars)
  var rows: [[CSVField]] = []
  var row: [CSVField] = []
  var field = CSVField(text: "")
  var index = 0
  var atFieldStart = true
  while index < scalars.count {
    let scalar = scalars[index]
    if atFieldStart && scalar == "\"" {
      field.quoted = true
      index += 1
      while true {
        guard index < scalars.count else { throw CSVSyntaxError(description: "unended quote") }
        if scalars[index] == "\"" {
          if index + 1 < scalars.count && scalars[index + 1] == "\"" {
            field.text.unicodeScalars.append("\"")
            index += 2
            continue
          }
          index += 1
          break
        }
        field.text.unicodeScalars.append(scalars[index])
        index += 1
      }
      atFieldStart = false
      guard index == scalars.count || scalars[index] == "," || scalars[index] == "\n" else {
        throw CSVSyntaxError(description: "text after a closing quote at \(index)")
      }
      continue
    }
    switch scalar {
    case ",":
      row.append(field)
      field = CSVField(text: "")
      atFieldStart = true
    case "\n":
      row.append(field)
      rows.append(row)
      row = []
      field = CSVField(text: "")
      atFieldStart = true
    case "\"", "\r":
      throw CSVSyntaxError(description: "unquoted \(scalar.escaped(asASCII: true)) at \(index)")
    default:
      field.text.unicodeScalars.append(scalar)
      atFieldStart = false
    }
    index += 1
  }
  guard row.isEmpty && field == CSVField(text: "") && atFieldStart else {
    throw CSVSyntaxError(description: "the last row does not end in a line feed")
  }
  return rows
}

/// A string as PageTrace writes it in JSON (docs/behaviour/trace-format.md, "JSON strictness").
func jsonString(_ value: String) -> String {
  var text = "\""
  for scalar in value.unicodeScalars {
    switch scalar {
    case "\"": text += "\\\""
    case "\\": text += "\\\\"
    case "\n": text += "\\n"
    case "\r": text += "\\r"
    case "\t": text += "\\t"
    case "\u{8}": text += "\\b"
    case "\u{C}": text += "\\f"
    case let control where control.value < 0x20:
      text += "\\u00" + (control.value < 0x10 ? "0" : "") + String(control.value, radix: 16)
    default: text.unicodeScalars.append(scalar)
    }
  }
  return text + "\""
}

/// The JSON line a CSV row stands for, in column order: the `strings` columns as JSON
/// strings, the others (numbers, booleans) as written; an empty cell is `null` when `nulls`
/// (every key in every line, as `classify` writes them), else left out (as `replay`'s
/// records do), and so are the cells of `omitted`.
func jsonLine(
  _ row: [CSVField], header: [String], strings: Set<String>, nulls: Bool,
  omitted: Set<String> = []
) -> String {
  var members: [String] = []
  for (column, field) in zip(header, row) where !omitted.contains(column) {
    if field.isAbsent {
      if nulls { members.append(jsonString(column) + ":null") }
      continue
    }
    let isString = strings.contains(column)
    members.append(jsonString(column) + ":" + (isString ? jsonString(field.text) : field.text))
  }
  return "{" + members.joined(separator: ",") + "}"
}

/// `--format csv` of `replay` and `classify` (docs/behaviour/output.md, "CSV output"): the same values
/// as the JSON Lines output, field by field.
@Suite struct CSVOutputTests {
  static let recordStrings: Set<String> = [
    "type", "session", "interaction", "cause", "state", "text", "file",
  ]
  static let strokeStrings: Set<String> = [
    "session", "id", "kind", "axis", "swipeRule", "target", "outcome", "file",
  ]

  let traces = scenarioTraces

  /// Runs `arguments` as JSON Lines and as CSV, and checks that every CSV row stands for the
  /// JSON line of the same place, byte for byte, and holds the same values; returns the rows.
  /// `replay`'s records (`strokes` false) leave out the keys they lack, and `file` when the
  /// line does not name it (the table always does); `classify`'s lines have every key.
  @discardableResult
  func expectSameRecords(
    _ arguments: [String], strings: Set<String>, header: String? = nil, in directory: URL? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [[CSVField]] {
    let strokes = arguments.first == "classify"
    let json = try pagetrace(arguments, in: directory)
    let csv = try pagetrace(arguments + ["--format", "csv"], in: directory)
    #expect(json.status == 0, "\(json.stderr)", sourceLocation: sourceLocation)
    #expect(csv.status == json.status, sourceLocation: sourceLocation)
    #expect(csv.stderr == json.stderr, sourceLocation: sourceLocation)
    let rows = try parseCSV(csv.stdout)
    guard let names = rows.first?.map(\.text) else {
      Issue.record("no header row", sourceLocation: sourceLocation)
      return []
    }
    if let header {
      #expect(names.joined(separator: ",") == header, sourceLocation: sourceLocation)
    }
    let lines = json.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(rows.count - 1 == lines.count, sourceLocation: sourceLocation)
    for (row, line) in zip(rows.dropFirst(), lines) {
      #expect(row.count == names.count, "\(row)", sourceLocation: sourceLocation)
      let omitted: Set<String> = strokes || line.contains(#","file":"#) ? [] : ["file"]
      let rebuilt = jsonLine(
        row, header: names, strings: strings, nulls: strokes, omitted: omitted)
      #expect(rebuilt == String(line), sourceLocation: sourceLocation)
      // The same values, read back as JSON values (numbers as doubles, booleans, strings).
      let values = try JSONSerialization.jsonObject(with: Data(rebuilt.utf8)) as! NSDictionary
      let expected = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! NSDictionary
      #expect(values == expected, sourceLocation: sourceLocation)
    }
    return rows
  }

  @Test func tapAsCSVIsTheJSONRecords() throws {
    let rows = try expectSameRecords(
      ["replay", repository.appendingPathComponent("Traces/tap.jsonl").path],
      strings: Self.recordStrings,
      header:
        "t,type,session,from,to,animated,interaction,cause,state,visible,text,page,file,line,index")
    #expect(rows.count == 5)
    #expect(
      rows[1].map(\.text) == [
        "1.08", "transition", "", "0", "1", "true", "discrete", "tap", "", "", "", "",
        repository.appendingPathComponent("Traces/tap.jsonl").path, "", "",
      ])
  }

  @Test func everyTypeOfEveryTraceAsCSVIsTheJSONRecords() throws {
    let rows = try expectSameRecords(
      ["replay", "--emit", "all", "--emit-key"] + traces, strings: Self.recordStrings,
      header:
        "t,type,session,from,to,animated,interaction,cause,state,visible,text,page,file,line,index")
    let types = Set(rows.dropFirst().map { $0[1].text })
    #expect(types == ["transition", "interaction", "background", "announcement", "detail"])
    // The session named "" is a quoted empty cell, the default session an empty one.
    #expect(rows.contains { $0[2] == CSVField(text: "", quoted: true) })
    #expect(rows.contains { $0[2].isAbsent })
  }

  @Test func theHeaderIsTheSameWhateverTheCommandLine() throws {
    let tap = repository.appendingPathComponent("Traces/tap.jsonl").path
    let scrub = repository.appendingPathComponent("Traces/scrub.jsonl").path
    let records =
      "t,type,session,from,to,animated,interaction,cause,state,visible,text,page,file,line,index"
    let strokes =
      "session,id,kind,start,end,duration,x0,y0,x1,y1,dx,dy,path,peakSpeed,velocity,axis,swipeRule,target,outcome,from,to,transitions,file"
    let cases: [([String], String)] = [
      (["replay", tap], records),
      (["replay", "--emit", "detail,announcement", tap], records),
      (["replay", "--emit", "interaction", "--name", "x.jsonl", tap], records),
      (["replay", "--emit", "background,transition", "--emit-key", tap, scrub], records),
      (["classify", tap], strokes),
      (["classify", tap, scrub], strokes),
    ]
    for (arguments, header) in cases {
      let run = try pagetrace(arguments + ["--format", "csv"])
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      #expect(run.stdout.prefix { $0 != "\n" } == header, "\(arguments)")
    }
    // No record: the header alone, so the columns never depend on the data.
    let none = try pagetrace(["replay", "--emit", "detail", "--format", "csv", tap])
    #expect(none.stdout == records + "\n")
    let bad = try pagetrace(["replay", "--format", "tsv", tap])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("expected jsonl, csv or parquet, found 'tsv'"))
    #expect(try pagetrace(["classify", "--format", "tsv", tap]).status == 64)
    #expect(try pagetrace(["replay", "--format", "jsonl", tap]).stdout.hasPrefix("{\"t\":1.08,"))
  }

  /// `--wall-clock`: `t` as an instant in a last `time` column (1,700,000,000.3 s is
  /// 2023-11-14 22:13:20.3 UTC); refused for JSON Lines, whose records keep their shape.
  @Test func wallClockAddsTheInstant() throws {
    let directory = try scratch()
    try write(
      [
        header, #"{"t":1700000000.25,"touch":"down","id":1,"x":300,"y":795}"#,
        #"{"t":1700000000.3,"touch":"up","id":1,"x":300,"y":795}"#,
      ].joined(separator: "\n") + "\n", to: "w.jsonl", in: directory)
    let csv = try pagetrace(
      ["replay", "--wall-clock", "--format", "csv", "w.jsonl"], in: directory)
    #expect(
      csv.stdout == """
        t,type,session,from,to,animated,interaction,cause,state,visible,text,page,file,line,index,time
        1700000000.3,transition,,0,1,true,discrete,tap,,,,,w.jsonl,,,2023-11-14T22:13:20.300000Z

        """)
    let json = try pagetrace(["replay", "--wall-clock", "w.jsonl"], in: directory)
    #expect(json.status == 64)
    #expect(json.stderr.contains("JSON Lines records keep the contract's shape"))
    let strokes = try pagetrace(
      ["classify", "--wall-clock", "--format", "csv", "w.jsonl"], in: directory)
    #expect(
      strokes.stdout.split(separator: "\n").last?.hasSuffix(
        ",w.jsonl,2023-11-14T22:13:20.250000Z,2023-11-14T22:13:20.300000Z") == true,
      "\(strokes.stdout)")
  }

  @Test func namesWithCommasQuotesAndLineBreaksAreQuoted() throws {
    let directory = try scratch()
    let trace = [
      header,
      #"{"t":0,"session":"a,\"b\"","touch":"down","id":1,"x":187,"y":795}"#,
      #"{"t":0.05,"session":"a,\"b\"","touch":"up","id":1,"x":187,"y":795}"#,
      #"{"t":1,"session":"two\r\nlines","touch":"down","id":1,"x":187,"y":795}"#,
      #"{"t":1.05,"session":"two\r\nlines","touch":"up","id":1,"x":187,"y":795}"#,
    ].joined(separator: "\n")
    try write(trace + "\n", to: "t.jsonl", in: directory)
    let arguments = ["replay", "--name", "day 1, \"raw\".jsonl", "t.jsonl"]
    let run = try pagetrace(arguments + ["--format", "csv"], in: directory)
    #expect(
      run.stdout == #"""
        t,type,session,from,to,animated,interaction,cause,state,visible,text,page,file,line,index
        0.05,transition,"a,""b""",0,1,true,discrete,tap,,,,,"day 1, ""raw"".jsonl",,
        1.05,transition,"two\#r
        lines",0,1,true,discrete,tap,,,,,"day 1, ""raw"".jsonl",,

        """#)
    try expectSameRecords(arguments, strings: Self.recordStrings, in: directory)
  }

  @Test func severalJobsWriteTheSameCSVAsOne() throws {
    let arguments = ["replay", "--format", "csv", "--emit", "all"] + traces
    let one = try pagetrace(arguments)
    #expect(one.status == 0)
    for jobs in ["2", "3"] {
      let many = try pagetrace(arguments + ["--jobs", jobs])
      #expect(many.status == 0)
      #expect(many.stdout == one.stdout)
      #expect(many.stderr == one.stderr)
    }
    let lines = one.stdout.split(separator: "\n")
    #expect(lines.count > 300)
    #expect(lines.filter { $0.hasPrefix("t,type,") }.count == 1)
    #expect(lines[0].hasPrefix("t,type,"))
  }

  @Test func strokesAsCSVAreTheJSONLines() throws {
    try expectSameRecords(["classify"] + traces, strings: Self.strokeStrings)
    let directory = try scratch()
    let trace = [
      header,
      #"{"t":0,"session":"s,1","touch":"down","id":"f\"1","x":10,"y":100}"#,
      #"{"t":0.05,"session":"s,1","touch":"move","id":"f\"1","x":30,"y":101}"#,
      #"{"t":0.1,"session":"s,1","touch":"move","id":"f\"1","x":60,"y":101}"#,
      #"{"t":0.13,"session":"s,1","touch":"move","id":"f\"1","x":90,"y":102}"#,
      #"{"t":0.15,"session":"s,1","touch":"up","id":"f\"1","x":100,"y":102}"#,
      #"{"t":0.2,"touch":"down","id":7,"x":10,"y":10}"#,
      #"{"t":0.5,"touch":"up","id":7,"x":10,"y":10}"#,
      #"{"t":1,"session":"","touch":"down","id":"x","x":0,"y":0}"#,
      #"{"t":1.03,"session":"","touch":"cancel","id":"x","x":0,"y":40}"#,
    ].joined(separator: "\n")
    try write(trace + "\n", to: "t.jsonl", in: directory)
    let rows = try expectSameRecords(
      ["classify", "t.jsonl"], strings: Self.strokeStrings,
      header:
        "session,id,kind,start,end,duration,x0,y0,x1,y1,dx,dy,path,peakSpeed,velocity,axis,swipeRule,target,outcome,from,to,transitions,file",
      in: directory)
    #expect(rows.count == 4)
    #expect(rows.dropFirst().map { $0[2].text } == ["swipe", "long-press", "cancelled"])
    #expect(rows[1][1] == CSVField(text: "f\"1", quoted: true))
    #expect(rows[2][0].isAbsent)
    #expect(rows[3][0] == CSVField(text: "", quoted: true))
  }

  /// Python's `csv` module reads the same rows (a reader nobody here wrote).
  @Test(needsProgram("python3"))
  func pythonsCSVReaderReadsTheSameRows() throws {
    let directory = try scratch()
    let trace = [
      header,
      #"{"t":0,"session":"a,\"b\"\nc","touch":"down","id":1,"x":187,"y":795}"#,
      #"{"t":0.05,"session":"a,\"b\"\nc","touch":"up","id":1,"x":187,"y":795}"#,
    ].joined(separator: "\n")
    try write(trace + "\n", to: "t.jsonl", in: directory)
    let paths = [directory.appendingPathComponent("t.jsonl").path] + traces
    let outputs = [
      ("replay.csv", ["replay", "--format", "csv", "--emit", "all", "--emit-key"] + paths),
      ("classify.csv", ["classify", "--format", "csv"] + paths),
    ]
    for (name, arguments) in outputs {
      let run = try pagetrace(arguments + ["-o", name], in: directory)
      #expect(run.status == 0, "\(run.stderr)")
      let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
      let ours = try parseCSV(text).map { $0.map(\.text) }
      let script = """
        import csv, json, sys
        with open(sys.argv[1], newline="") as f:
            json.dump(list(csv.reader(f, strict=True)), sys.stdout)
        """
      let python = try runProgram(requiredProgram("python3"), ["-c", script, name], in: directory)
      #expect(python.status == 0, "\(python.stderr)")
      let theirs = try JSONSerialization.jsonObject(with: Data(python.stdout.utf8)) as! [[String]]
      #expect(theirs == ours, "\(name)")
      #expect(ours.count > 10)
    }
  }
}
