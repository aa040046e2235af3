"""What data tools read of pagetrace's tables (docs/behaviour/tables.md), checked with DuckDB,
pyarrow, pandas and jsonschema (from PyPI): readers nobody here wrote.

    python check_tables.py PAGETRACE REPOSITORY WORK_DIR

For each table (records, strokes, statistics by file, session, total and page, sweep,
differences, lint findings) and three inputs that differ (keys only: no strokes, no scrubs; taps only; many
generated sessions):
1. every JSON line is valid against its definition in docs/tables.schema.json, with its keys
   in the order the definition lists them, every one present (`replay`'s JSON Lines keep the
   contract's shape instead: valid against docs/records.schema.json, a key absent where the
   table has null, and `file` the input's name);
2. DuckDB's DESCRIBE of the Parquet file is the same for the three inputs, and is the
   definition's columns with the types it gives them;
3. the Parquet rows, read by pyarrow and by pandas, equal the JSON lines value for value;
4. the CSV, read by DuckDB with the definition's types, equals the JSON lines too.
Prints one line per check; exits 1 at the first failure.
"""

import json
import math
import os
import subprocess
import sys

import duckdb
import jsonschema
import pandas
import pyarrow.parquet as pq

DUCKDB_TYPES = {"integer": "BIGINT", "number": "DOUBLE", "string": "VARCHAR",
                "boolean": "BOOLEAN", "date-time": "TIMESTAMP WITH TIME ZONE"}


def fail(message):
    print(f"data tools: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print(f"data tools: ok: {message}")


def column_type(definition):
    types = [t for t in definition["type"] if t != "null"] if isinstance(
        definition["type"], list) else [definition["type"]]
    return "date-time" if definition.get("format") == "date-time" else types[0]


def same(a, b):
    """A Parquet value against a JSON value: numbers equal as doubles, NaN never written."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b or a == b and type(a) is type(b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return float(a) == float(b) and not (isinstance(a, float) and math.isnan(a))
    return a == b


def main(binary, repository, work):
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(repository, "docs", "tables.schema.json")) as f:
        schema = json.load(f)
    with open(os.path.join(repository, "docs", "records.schema.json")) as f:
        contract = jsonschema.Draft202012Validator(json.load(f))
    # Three inputs that differ.
    taps = os.path.join(work, "taps.jsonl")
    with open(taps, "w") as out:
        out.write('{"pagetrace":1,"pages":5,"control":{"x":0,"y":780,"width":390,"height":30}}\n')
        for k in range(6):
            out.write(f'{{"t":{k},"touch":"down","id":{k},"x":250,"y":795}}\n'
                      f'{{"t":{k}.05,"touch":"up","id":{k},"x":250,"y":795}}\n')
    many = os.path.join(work, "many.jsonl")
    subprocess.run([binary, "generate", "--events", "20000", "--seed", "5", "--sessions", "40",
                    "-o", many], check=True)
    inputs = {"keys": os.path.join(repository, "Traces", "keyboard.jsonl"), "taps": taps,
              "sessions": many}

    tables = [
        ("records", ["replay", "--emit", "all"]),
        ("strokes", ["classify"]),
        ("statisticsByFile", ["stats"]),
        ("statisticsBySession", ["stats", "--rows", "session"]),
        ("statisticsTotal", ["stats", "--rows", "total"]),
        ("statisticsByPage", ["stats", "--rows", "page"]),
        ("sweep", ["sweep", "--vary", "scrubDelay=0.1,0.3", "--vary", "continuous=true,false"]),
        ("differences", ["diff", "--b", "scrubDelay=0.3,jogBase=2"]),
        ("findings", ["lint", "--style", "minimal", "--pages", "12"]),
    ]
    for name, command in tables:
        definition = schema["$defs"][name]
        validator = jsonschema.Draft202012Validator(definition)
        names = list(definition["properties"])
        # Sweep: the varied keys come first, then the listed columns.
        varied = {"scrubDelay": "number", "continuous": "boolean"} if name == "sweep" else {}
        described = set()
        for label, path in inputs.items():
            stem = os.path.join(work, f"{name}-{label}")
            outputs = {}
            for form in ["jsonl", "csv", "parquet"]:
                done = subprocess.run([binary] + command + ["--format", form, "-o",
                                      f"{stem}.{form}", path], capture_output=True)
                if done.returncode not in (0, 1):  # diff, lint: 1 when they find something
                    fail(f"{name} {label} {form}: exit {done.returncode}: {done.stderr!r}")
                outputs[form] = f"{stem}.{form}"
            with open(outputs["jsonl"]) as f:
                lines = [json.loads(line) for line in f]
            if name == "records":
                for line in lines:
                    errors = list(contract.iter_errors(line))
                    if errors:
                        fail(f"records {label}: {errors[0].message} in {line}")
                    line.setdefault("file", path)  # a table always names its input
            for line in lines if name != "records" else []:
                errors = list(validator.iter_errors(line))
                if errors:
                    fail(f"{name} {label}: {errors[0].message} in {line}")
                keys = [k for k in line if k not in varied]
                expected = [k for k in names if k in line]
                if keys != expected or any(k not in line for k in definition["required"]):
                    fail(f"{name} {label}: keys {list(line)}, not the definition's order")
                if list(line)[:len(varied)] != list(varied):
                    fail(f"{name} {label}: the varied keys do not come first: {list(line)}")
            columns = list(varied) + [n for n in names if n in definition["required"]]
            types = [DUCKDB_TYPES[varied[c]] if c in varied
                     else DUCKDB_TYPES[column_type(definition["properties"][c])] for c in columns]
            describe = duckdb.sql(
                f"DESCRIBE SELECT * FROM read_parquet('{outputs['parquet']}')").fetchall()
            found = [(row[0], row[1]) for row in describe]
            if found != list(zip(columns, types)):
                fail(f"{name} {label}: DESCRIBE {found}, not {list(zip(columns, types))}")
            described.add(tuple(found))
            # pyarrow and pandas against the JSON lines.
            table = pq.read_table(outputs["parquet"])
            rows = table.to_pylist()
            if len(rows) != len(lines):
                fail(f"{name} {label}: {len(rows)} Parquet rows, {len(lines)} JSON lines")
            frame = pandas.read_parquet(outputs["parquet"], dtype_backend="pyarrow")
            records = frame.to_dict("records")
            for row, record, line in zip(rows, records, lines):
                for column in columns:
                    value = line.get(column)
                    if column_type(definition["properties"].get(column, {"type": "x"})) \
                            == "date-time":
                        continue  # not in these tables without --wall-clock
                    theirs = record[column]
                    theirs = None if theirs is pandas.NA or (
                        isinstance(theirs, float) and math.isnan(theirs)) else theirs
                    if not same(row[column], value) or not same(theirs, value):
                        fail(f"{name} {label}: {column} is {row[column]!r} (pyarrow), "
                             f"{theirs!r} (pandas), {value!r} in JSON")
            # DuckDB's CSV reader with the definition's types against the JSON lines.
            spec = ", ".join(f"'{c}': '{t}'" for c, t in zip(columns, types))
            cells = duckdb.sql(
                f"SELECT * FROM read_csv('{outputs['csv']}', header = true, "
                f"columns = {{{spec}}}, allow_quoted_nulls = false)").fetchall()
            if len(cells) != len(lines):
                fail(f"{name} {label}: {len(cells)} CSV rows, {len(lines)} JSON lines")
            for cell_row, line in zip(cells, lines):
                for column, cell in zip(columns, cell_row):
                    if not same(cell, line.get(column)):
                        fail(f"{name} {label}: CSV {column} {cell!r}, JSON {line.get(column)!r}")
            print(f"data tools: ok: {name} of {label}: {len(lines)} rows, JSON Lines valid, "
                  "Parquet and CSV equal to them")
        check(len(described) == 1, f"{name}: DESCRIBE is the same for the three inputs")

    # --wall-clock: the instants, as DuckDB and pyarrow read them.
    clock = os.path.join(work, "clock.jsonl")
    with open(clock, "w") as out:
        out.write('{"pagetrace":1,"pages":5,"control":{"x":0,"y":780,"width":390,"height":30}}\n'
                  '{"t":1700000000.25,"touch":"down","id":1,"x":250,"y":795}\n'
                  '{"t":1700000000.3,"touch":"up","id":1,"x":250,"y":795}\n')
    subprocess.run([binary, "classify", "--wall-clock", "--format", "parquet", "-o",
                    os.path.join(work, "clock.parquet"), clock], check=True)
    instants = duckdb.sql(
        "SELECT epoch_us(startTime), epoch_us(endTime), typeof(startTime) FROM "
        f"read_parquet('{os.path.join(work, 'clock.parquet')}')").fetchall()
    check(instants == [(1700000000250000, 1700000000300000, "TIMESTAMP WITH TIME ZONE")],
          f"--wall-clock: startTime and endTime are UTC instants to the microsecond {instants}")
    text = subprocess.run([binary, "classify", "--wall-clock", clock], capture_output=True,
                          check=True).stdout.decode()
    check('"startTime":"2023-11-14T22:13:20.250000Z"' in text,
          "--wall-clock: JSON Lines give ISO 8601 text (date -u -d @1700000000 says 22:13:20)")


if __name__ == "__main__":
    main(*sys.argv[1:4])
