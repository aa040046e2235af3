import Foundation
import PageTraceIO
import Testing

/// What data tools read of the tables (issue 41), checked by readers nobody here wrote:
/// DuckDB, pyarrow, pandas and jsonschema, from PyPI (`Tests/DataTools/check_tables.py`).
@Suite struct DataToolsTests {
  /// A Python that imports them: `PAGETRACE_DATA_PYTHON` (set by .ci/run, which installs
  /// them in a venv), else `.build/ci-python`, else `python3` on the path.
  static let python = PageTraceCLITests.python(
    importing: "duckdb, jsonschema, pandas, pyarrow", named: "PAGETRACE_DATA_PYTHON")

  static let available = ConditionTrait.enabled(
    if: runsUnderCI || python != nil,
    "duckdb, pandas, pyarrow and jsonschema are not installed (under CI=true this is a failure; .ci/run installs them)"
  )

  @Test(available)
  func everyTableReadsTheSameWhateverTheInput() throws {
    let python = try #require(Self.python, "the data tools are not installed")
    let script = repository.appendingPathComponent("Tests/DataTools/check_tables.py").path
    let run = try runProgram(
      python, [script, executable.path, repository.path, try scratch().path], timeout: 600)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("differences: DESCRIBE is the same for the three inputs"))
  }

  /// The Parquet writer's file, read by pyarrow: every type, nulls in every column, values at
  /// their edges, and row groups of at most 64 rows (1,000 rows: 16 groups).
  @Test(available)
  func parquetOfEveryTypeInBoundedRowGroups() throws {
    let python = try #require(Self.python, "the data tools are not installed")
    let columns = [
      TableColumn("n", .integer), TableColumn("x", .double), TableColumn("b", .boolean),
      TableColumn("s", .string), TableColumn("at", .timestamp),
    ]
    var parquet = ParquetWriter(columns: columns, rowGroupRows: 64)
    var bytes = parquet.takeOutput()
    let integers = [0, -1, Int.max, Int.min, 42]
    let doubles = [0.1, -0.0, 5e-324, -1.7976931348623157e308, 3]
    let strings = ["", "é✓😀", "a,\"b\"\n", String(repeating: "z", count: 300), "plain"]
    // Seconds since 1970: before it, at it, with microseconds, far ahead.
    let instants = [-86_400.5, 0, 1_700_000_000.123456, 253_402_300_799, 1]
    var expected: [[Any?]] = []
    for row in 0..<1000 {
      let k = row % 5
      // Each column null on its own rows (every 7th, shifted by the column).
      func isNull(_ column: Int) -> Bool { (row + column) % 7 == 0 }
      let cells: [TableValue] = [
        isNull(0) ? .null : .integer(integers[k] &+ row),
        isNull(1) ? .null : .double(doubles[k]),
        isNull(2) ? .null : .boolean(row % 3 == 0),
        isNull(3) ? .null : .string(strings[k]),
        isNull(4) ? .null : .timestamp(instants[k]),
      ]
      for cell in cells { parquet.append(cell) }
      parquet.endRow()
      bytes += parquet.takeOutput()
      expected.append([
        isNull(0) ? nil : integers[k] &+ row, isNull(1) ? nil : doubles[k],
        isNull(2) ? nil : row % 3 == 0, isNull(3) ? nil : strings[k],
        isNull(4) ? nil : Int((instants[k] * 1_000_000).rounded()),
      ])
    }
    parquet.finish()
    bytes += parquet.takeOutput()
    let directory = try scratch()
    let file = directory.appendingPathComponent("t.parquet")
    try Data(bytes).write(to: file)
    let script = """
      import json, sys
      import pyarrow.parquet as pq
      f = pq.ParquetFile(sys.argv[1])
      t = f.read()
      at = t.column("at").cast("int64").to_pylist()
      rows = [[r["n"], None if r["x"] is None else repr(r["x"]), r["b"], r["s"], us]
              for r, us in zip(t.to_pylist(), at)]
      print(json.dumps({"groups": f.metadata.num_row_groups,
                        "most": max(f.metadata.row_group(g).num_rows
                                    for g in range(f.metadata.num_row_groups)),
                        "types": [str(t.schema.field(c).type) for c in ["n", "x", "b", "s", "at"]],
                        "rows": rows}))
      """
    let run = try runProgram(python, ["-c", script, file.path])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["groups"] as? Int == 16)
    #expect(object["most"] as? Int == 64)
    #expect(
      object["types"] as? [String] == [
        "int64", "double", "bool", "string", "timestamp[us, tz=UTC]",
      ])
    let rows = try #require(object["rows"] as? [[Any]])
    #expect(rows.count == expected.count)
    for (row, want) in zip(rows, expected) {
      #expect(row.count == 5)
      #expect((row[0] as? NSNumber)?.int64Value == (want[0] as? Int).map(Int64.init))
      #expect(row[0] is NSNull == (want[0] == nil))
      // Python's repr of a double is its shortest round-trip text, as Swift's description.
      #expect(row[1] as? String == (want[1] as? Double).map { "\($0)" }, "\(row) \(want)")
      #expect((row[2] as? NSNumber)?.boolValue == want[2] as? Bool)
      #expect(row[3] as? String == want[3] as? String)
      #expect((row[4] as? NSNumber)?.int64Value == (want[4] as? Int).map(Int64.init))
    }
  }

  /// A run that stops at a bad line keeps what it wrote as a whole Parquet file, beside the
  /// output it leaves as it was; Parquet goes down a pipe as well as to a file.
  @Test(available)
  func aStoppedRunKeepsAWholeParquetFile() throws {
    let python = try #require(Self.python, "the data tools are not installed")
    let directory = try scratch()
    // A tap 0 → 1 (lines 2-3), then a bad line 4.
    let trace =
      ([header] + twoTaps.prefix(2) + [#"{"t":0.5,"touch":"#] + twoTaps.suffix(2)).joined(
        separator: "\n") + "\n"
    try write(trace, to: "t.jsonl", in: directory)
    try write("old\n", to: "strokes.parquet", in: directory)
    let classify = try pagetrace(
      ["classify", "--format", "parquet", "t.jsonl", "-o", "strokes.parquet"], in: directory)
    #expect(classify.status == 65, "\(classify.stderr)")
    #expect(
      try String(
        contentsOfFile: directory.appendingPathComponent("strokes.parquet").path, encoding: .utf8)
        == "old\n")
    let replay = try pagetrace(
      ["replay", "--format", "parquet", "t.jsonl", "-o", "records.parquet"], in: directory)
    #expect(replay.status == 65, "\(replay.stderr)")
    let read = """
      import sys
      import pyarrow.parquet as pq
      for path in sys.argv[1:]:
          t = pq.read_table(path)
          print(t.num_rows, t.column(t.column_names[1] if path.startswith("strokes") else 1)[0])
      """
    let partial = try runProgram(
      python, ["-c", read, "strokes.parquet.partial", "records.parquet.partial"], in: directory)
    #expect(partial.status == 0, "\(partial.stderr)")
    // One stroke, touch "1"; one record, a transition.
    #expect(partial.stdout == "1 1\n1 transition\n", "\(partial.stdout)")
    // Down a pipe: the file is whole. (Read from a pyarrow buffer: pyarrow 26 aborts at
    // exit after reading an `io.BytesIO` made from an open file.)
    try write(([header] + twoTaps).joined(separator: "\n") + "\n", to: "good.jsonl", in: directory)
    let piped = try runProgram(
      "/bin/sh",
      [
        "-c",
        "\"$0\" replay --format parquet good.jsonl | \"$1\" -c 'import sys, pyarrow as pa, "
          + "pyarrow.parquet as pq; "
          + "print(pq.read_table(pa.BufferReader(sys.stdin.buffer.read())).num_rows)'",
        executable.path, python,
      ], in: directory)
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout == "2\n")
  }
}
