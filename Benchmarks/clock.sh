#!/usr/bin/env bash
# Wall-clock ratios of whole processes, each against its baseline in the same minutes:
# `--jobs 2` against `--jobs 1` (one file of one session, of eight sessions, gzip; two files,
# with two separate processes as the yardstick), and `classify` and `stats` against replay.
#
#   Benchmarks/clock.sh [EVENTS] [PAIRS]     # default: 2,000,000 events a file, 15 pairs a row
#   BASELINE=/path/to/other/pagetrace Benchmarks/clock.sh    # also this build against another
#
# Builds pagetrace (release) unless PAGETRACE names a binary, generates the traces with
# `pagetrace generate` (seeds 7 and 8; eight sessions: seed 7), then runs clock.py, which
# first checks that each `--jobs 2` writes exactly what `--jobs 1` writes, then times the
# pairs. Every timed command writes its records to /dev/null. On a machine with other work
# running the spread widens: quote the medians of a quiet run.
set -euo pipefail

events=${1:-2000000}
pairs=${2:-15}
# The CPU model first; then the release build (or PAGETRACE's binary).
source "$(dirname "$0")/common.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$PAGETRACE" generate --events "$events" --seed 7 -o "$work/one.jsonl"
"$PAGETRACE" generate --events "$events" --seed 8 -o "$work/one-b.jsonl"
"$PAGETRACE" generate --events "$events" --seed 7 --sessions 8 -o "$work/eight.jsonl"
gzip -c "$work/one.jsonl" >"$work/one.jsonl.gz"
echo "$events events a file; $(du -m "$work/one.jsonl" | cut -f1) MB of JSON Lines"
python3 "$here/clock.py" "$PAGETRACE" "$work" "$pairs"
