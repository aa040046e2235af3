#!/usr/bin/env bash
# What the table formats cost and save: `classify` of one generated trace written as JSON Lines,
# CSV and Parquet (each the baseline of the others, in the same run), then each file's size and
# the time DuckDB and pandas take to load it whole, typed.
#
#   Benchmarks/tables.sh [EVENTS] [REPEATS]   # default: 24,000,000 events (about a million
#                                              # strokes, 2.5 GB of trace), best of 3
#   PYTHON=/path/to/python Benchmarks/tables.sh    # a Python with duckdb, pandas and pyarrow
#                                                  # (default: .ci/run's venv, .build/ci-python)
#
# Builds pagetrace (release) unless PAGETRACE names a binary. Loads: DuckDB `CREATE TABLE AS
# SELECT *` from read_json (the column types given), read_csv (the types given) and
# read_parquet (the file's own); pandas read_json(lines=True), read_csv and read_parquet.
set -euo pipefail

events=${1:-24000000}
repeats=${2:-3}
source "$(dirname "$0")/common.sh"
python=${PYTHON:-$root/.build/ci-python/bin/python3}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$PAGETRACE" generate --events "$events" --seed 11 --sessions 64 -o "$work/t.jsonl"
echo "$events events; $(du -m "$work/t.jsonl" | cut -f1) MB of trace"
for format in jsonl csv parquet; do
  best=
  for _ in $(seq "$repeats"); do
    start=$(date +%s.%N)
    "$PAGETRACE" classify --format "$format" "$work/t.jsonl" -o "$work/strokes.$format"
    end=$(date +%s.%N)
    seconds=$(echo "$end - $start" | bc)
    if [[ -z "$best" ]] || (($(echo "$seconds < $best" | bc))); then best=$seconds; fi
  done
  printf 'classify --format %-8s %6.2f s (best of %d)\n' "$format" "$best" "$repeats"
done
"$python" "$here/tables.py" "$root/docs/tables.schema.json" "$work" "$repeats"
