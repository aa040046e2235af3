"""Checks Examples/Spark/replay.py on Spark in local[2] mode against pagetrace itself.

    python check_spark.py PORTABLE_PAGETRACE REPOSITORY WORK_DIR

1. files: every Traces/ trace and two generated ones, one task each, merged in input order,
   must be byte for byte `pagetrace replay --emit all --jobs 1` of the same files;
2. shards: a generated multi-session file in 3 shards, merged by (line, index), must be byte for
   byte `pagetrace replay --emit all --emit-key` of the whole file;
3. a bad line fails the job with pagetrace's status (65) and its file:line:column message;
4. the published schema reads every record with no inference pass and no malformed row;
5. `replay --format parquet` of the same files is read by `spark.read.parquet` with its types
   (no schema given) and holds the same records as the JSON Lines.
It also prints the wall time of Spark against `--jobs 1` and `--jobs 2` on the same files.
Exits non-zero at the first failed check.
"""

import glob
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay  # noqa: E402  (the example itself)


def run(arguments, **kwargs):
    return subprocess.run(arguments, check=True, capture_output=True, **kwargs).stdout


def check(condition, what):
    if not condition:
        print(f"spark example: FAILED: {what}", file=sys.stderr)
        sys.exit(1)
    print(f"spark example: ok: {what}")


def main(binary, repository, work):
    os.makedirs(work, exist_ok=True)
    traces = sorted(
        path for path in glob.glob(os.path.join(repository, "Traces", "*.jsonl"))
        if not path.endswith(".expected.jsonl"))
    generated = []
    for seed, sessions in [(3, 1), (4, 3)]:
        path = os.path.join(work, f"generated-{seed}.jsonl")
        run([binary, "generate", "--events", "30000", "--seed", str(seed), "--sessions",
             str(sessions), "-o", path])
        generated.append(path)
    big = os.path.join(work, "sessions.jsonl")
    run([binary, "generate", "--events", "60000", "--seed", "9", "--sessions", "6", "-o", big])
    bad = os.path.join(work, "bad.jsonl")
    with open(bad, "w") as out:
        out.write('{"pagetrace":1,"pages":3,"control":{"x":0,"y":780,"width":390,"height":30}}\n'
                  '{"t":1,"key":"tab"}\n{"t":2,"key":oops}\n')

    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.master("local[2]").appName("pagetrace-check")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    try:
        files = traces + generated
        started = time.perf_counter()
        merged = replay.replay_files(spark, binary, files, os.path.join(work, "files"), "all")
        spark_seconds = time.perf_counter() - started
        with open(merged, "rb") as f:
            spark_records = f.read()
        started = time.perf_counter()
        expected = run([binary, "replay", "--emit", "all", "--jobs", "1"] + files)
        one_job = time.perf_counter() - started
        started = time.perf_counter()
        two_jobs_output = run([binary, "replay", "--emit", "all", "--jobs", "2"] + files)
        two_jobs = time.perf_counter() - started
        records = expected.count(b"\n")
        check(spark_records == expected and two_jobs_output == expected,
              f"files: {len(files)} inputs, {records} records, identical to --jobs 1")

        merged = replay.replay_shards(spark, binary, big, os.path.join(work, "shards"), 3, "all")
        with open(merged, "rb") as f:
            sharded = f.read()
        whole = run([binary, "replay", "--emit", "all", "--emit-key", big])
        records = whole.count(b"\n")
        check(sharded == whole,
              f"shards: 3 shards merged by key, {records} records, identical to one replay")

        try:
            replay.replay_files(spark, binary, [traces[0], bad], os.path.join(work, "bad"), "all")
            check(False, "a bad line fails the job")
        except replay.ReplayFailed as failure:
            check(failure.status == 65 and str(failure).startswith(f"{bad}:3:"),
                  f"a bad line fails the job with 65: {failure}")

        frame = (spark.read.schema(replay.RECORDS_SCHEMA).option("mode", "FAILFAST")
                 .json(os.path.join(work, "files", "records.jsonl")))
        rows = frame.count()
        check(rows == expected.count(b"\n") and frame.filter("type is null").count() == 0,
              f"schema: {rows} rows read with the published schema, none malformed")

        parquet = os.path.join(work, "records.parquet")
        run([binary, "replay", "--emit", "all", "--format", "parquet", "-o", parquet] + files)
        table = spark.read.parquet(parquet)
        types = dict(table.dtypes)
        check(types["t"] == "double" and types["from"] == "bigint" and types["page"] == "bigint"
              and types["animated"] == "boolean" and types["session"] == "string",
              f"parquet: typed columns as written, no schema given: {table.dtypes}")
        columns = ["t", "type", "session", "from", "to", "animated", "interaction", "cause",
                   "state", "visible", "text", "page", "file"]
        from_json = frame.select(*[frame[c].cast(types[c]).alias(c) for c in columns])
        from_parquet = table.select(*columns)
        check(from_parquet.count() == rows and from_parquet.exceptAll(from_json).count() == 0
              and from_json.exceptAll(from_parquet).count() == 0,
              f"parquet: the same {rows} records as the JSON Lines")
    finally:
        spark.stop()
    print(f"spark example: timing, {len(files)} files: Spark local[2] {spark_seconds:.2f} s "
          f"(after start-up), --jobs 2 {two_jobs:.2f} s, --jobs 1 {one_job:.2f} s")


if __name__ == "__main__":
    main(*sys.argv[1:4])
