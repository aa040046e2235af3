"""Sizes and load times of strokes.{jsonl,csv,parquet} (Benchmarks/tables.sh)."""

import json
import os
import sys
import time

import duckdb
import pandas

schema_path, work, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(schema_path) as f:
    strokes = json.load(f)["$defs"]["strokes"]
kinds = {"integer": "BIGINT", "number": "DOUBLE", "string": "VARCHAR", "boolean": "BOOLEAN"}
def kind(column):
    types = column["type"] if isinstance(column["type"], list) else [column["type"]]
    return kinds[next(t for t in types if t != "null")]


columns = {name: kind(column) for name, column in strokes["properties"].items()
           if name in strokes["required"]}
spec = "{" + ", ".join(f"'{name}': '{kind}'" for name, kind in columns.items()) + "}"
pandas_types = {"BIGINT": "Int64", "DOUBLE": "float64", "VARCHAR": "string"}
dtypes = {name: pandas_types[kind] for name, kind in columns.items()}


def best(load):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        rows = load()
        times.append(time.perf_counter() - start)
    return min(times), rows


def duck(source):
    def load():
        connection = duckdb.connect()
        connection.sql(f"CREATE TABLE t AS SELECT * FROM {source}")
        return connection.sql("SELECT count(*) FROM t").fetchall()[0][0]
    return load


paths = {form: os.path.join(work, f"strokes.{form}") for form in ["jsonl", "csv", "parquet"]}
loads = {
    "jsonl": (duck(f"read_json('{paths['jsonl']}', columns = {spec})"),
              lambda: len(pandas.read_json(paths["jsonl"], lines=True, dtype=dtypes))),
    "csv": (duck(f"read_csv('{paths['csv']}', header = true, columns = {spec}, "
                 "allow_quoted_nulls = false)"),
            lambda: len(pandas.read_csv(paths["csv"], dtype=dtypes, keep_default_na=False,
                                        na_values=[""]))),
    "parquet": (duck(f"read_parquet('{paths['parquet']}')"),
                lambda: len(pandas.read_parquet(paths["parquet"]))),
}
print(f"{'format':8} {'size MB':>8} {'rows':>9} {'DuckDB s':>9} {'pandas s':>9}")
for form, (in_duckdb, in_pandas) in loads.items():
    size = os.path.getsize(paths[form]) / 1e6
    duck_seconds, rows = best(in_duckdb)
    pandas_seconds, pandas_rows = best(in_pandas)
    assert rows == pandas_rows, (form, rows, pandas_rows)
    print(f"{form:8} {size:8.1f} {rows:9d} {duck_seconds:9.3f} {pandas_seconds:9.3f}")
