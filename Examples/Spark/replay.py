"""Replays PageTrace traces on Apache Spark: many files, or one large file split by session.

    spark-submit Examples/Spark/replay.py files  --pagetrace BIN --output DIR [--emit all] PATH|GLOB...
    spark-submit Examples/Spark/replay.py shards --pagetrace BIN --output DIR --shards N [--emit all] FILE

`files`: one task per input file, in input order. Each task runs the portable `pagetrace` (built
by `.ci/static-binary.sh`, shipped to the executors with `SparkContext.addFile`) on its file and
writes `DIR/part-NNNNN.jsonl`; the driver then writes `DIR/records.jsonl`, the parts in input
order: byte for byte what `pagetrace replay --jobs 1 PATH...` writes.

`shards`: one task per shard of one file's sessions (`pagetrace replay --shard K/N --emit-key`);
the driver merges the parts by their ordering key (`line`, `index`) into `DIR/records.jsonl`:
byte for byte what `pagetrace replay --emit-key FILE` writes.

Paths must be readable by every executor at the same path (a shared file system; in
`local[*]` mode, any local path). Failures never vanish: a task whose `pagetrace` exits 64, 65 or
66 (usage, data, input: retrying cannot help) reports back instead of raising, and the driver
stops with that status and `pagetrace`'s message (file, line, column); any other failure raises,
so Spark retries the task. `RECORDS_SCHEMA` reads the output with `spark.read.schema(...).json`
without an inference pass.

Needs only PySpark (and Java); nothing here is part of the Swift package.
"""

import argparse
import glob
import heapq
import json
import os
import subprocess
import sys

# The records `pagetrace replay` writes (docs/records.schema.json), as a Spark DDL schema.
RECORDS_SCHEMA = (
    "t DOUBLE, type STRING, session STRING, `from` INT, `to` INT, animated BOOLEAN, "
    "interaction STRING, cause STRING, state STRING, visible BOOLEAN, text STRING, page INT, "
    "file STRING, line BIGINT, `index` INT"
)

# pagetrace's exit statuses that the same input would give again.
NOT_WORTH_RETRYING = {64, 65, 66}


class ReplayFailed(Exception):
    """A task's pagetrace stopped with a status retrying cannot change."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def _run_pagetrace(binary_name, arguments):
    """Runs the shipped pagetrace on an executor; returns (status, stderr)."""
    from pyspark import SparkFiles

    binary = SparkFiles.get(binary_name)
    os.chmod(binary, 0o755)
    done = subprocess.run([binary] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    message = done.stderr.decode("utf-8", "replace")
    if done.returncode != 0 and done.returncode not in NOT_WORTH_RETRYING:
        raise RuntimeError(f"pagetrace {' '.join(arguments)} exited {done.returncode}: {message}")
    return done.returncode, message


def _ship(spark, binary):
    """Sends the binary, and this module when it was imported, to every executor."""
    spark.sparkContext.addFile(binary)
    if __name__ != "__main__":  # tasks refer to this module's functions by name
        spark.sparkContext.addPyFile(os.path.abspath(__file__))
    return os.path.basename(binary)


def _part(output, number):
    return os.path.join(output, f"part-{number:05d}.jsonl")


def replay_files(spark, binary, paths, output, emit="transition"):
    """Replays each file in its own task; returns the merged output's path."""
    os.makedirs(output, exist_ok=True)
    binary_name = _ship(spark, binary)
    named = len(paths) > 1  # as pagetrace itself: records carry "file" with several inputs

    def task(items):
        for number, path in items:
            arguments = ["replay", "--emit", emit, path, "-o", _part(output, number)]
            if named:
                arguments[3:3] = ["--name", path]
            status, message = _run_pagetrace(binary_name, arguments)
            yield number, status, message

    jobs = spark.sparkContext.parallelize(list(enumerate(paths)), numSlices=max(1, len(paths)))
    results = sorted(jobs.mapPartitions(task).collect())
    _raise_first_failure(results)
    merged = os.path.join(output, "records.jsonl")
    with open(merged, "wb") as out:
        for number, _, _ in results:
            with open(_part(output, number), "rb") as part:
                while chunk := part.read(1 << 20):
                    out.write(chunk)
    return merged


def replay_shards(spark, binary, path, output, shards, emit="transition"):
    """Replays one file's sessions in `shards` tasks; returns the merged output's path."""
    os.makedirs(output, exist_ok=True)
    binary_name = _ship(spark, binary)

    def task(items):
        for shard in items:
            arguments = [
                "replay", "--emit", emit, "--emit-key", "--shard", f"{shard}/{shards}", path,
                "-o", _part(output, shard),
            ]
            status, message = _run_pagetrace(binary_name, arguments)
            yield shard, status, message

    jobs = spark.sparkContext.parallelize(range(shards), numSlices=shards)
    results = sorted(jobs.mapPartitions(task).collect())
    _raise_first_failure(results)
    merged = os.path.join(output, "records.jsonl")
    parts = [open(_part(output, shard), "rb") for shard in range(shards)]
    try:
        # Each part is in (line, index) order already: a streaming k-way merge.
        def keyed(part):
            for line in part:
                record = json.loads(line)
                yield (record["line"], record["index"]), line

        with open(merged, "wb") as out:
            for _, line in heapq.merge(*(keyed(part) for part in parts), key=lambda x: x[0]):
                out.write(line)
    finally:
        for part in parts:
            part.close()
    return merged


def _raise_first_failure(results):
    for _, status, message in results:
        if status != 0:
            raise ReplayFailed(status, message.rstrip("\n"))


def main(argv):
    parser = argparse.ArgumentParser(description="Replay PageTrace traces on Apache Spark.")
    parser.add_argument("mode", choices=["files", "shards"])
    parser.add_argument("--pagetrace", required=True, help="the portable pagetrace binary")
    parser.add_argument("--output", required=True, help="a folder for the parts and records.jsonl")
    parser.add_argument("--emit", default="transition", help="record types, as pagetrace replay")
    parser.add_argument("--shards", type=int, default=0, help="shards mode: how many tasks")
    parser.add_argument("inputs", nargs="+", help="files or globs (shards mode: one file)")
    options = parser.parse_args(argv)

    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("pagetrace-replay").getOrCreate()
    try:
        if options.mode == "files":
            paths = []
            for pattern in options.inputs:
                matches = sorted(glob.glob(pattern))
                paths += matches if matches else [pattern]  # pagetrace reports a missing one
            merged = replay_files(spark, options.pagetrace, paths, options.output, options.emit)
        else:
            if len(options.inputs) != 1 or options.shards < 1:
                parser.error("shards mode takes one file and --shards N (N >= 1)")
            merged = replay_shards(
                spark, options.pagetrace, options.inputs[0], options.output, options.shards,
                options.emit)
        print(merged)
        return 0
    except ReplayFailed as failure:
        print(failure, file=sys.stderr)
        return failure.status
    finally:
        spark.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
