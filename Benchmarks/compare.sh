#!/usr/bin/env bash
# pagetrace side by side with Python's fastest JSON parsers, on the same generated trace.
#
#   Benchmarks/compare.sh [EVENTS] [RUNS]     # default: 2,000,000 events, best of 5
#
# Builds pagetrace (release) unless PAGETRACE names a binary, generates a trace of
# full-precision (17-digit) numbers with `pagetrace generate --seed 7`, converts it to
# binary, installs the pinned parsers from PyPI into a virtual environment (once, in
# ${XDG_CACHE_HOME:-~/.cache}/pagetrace-compare), then
# prints the machine's CPU model, then each one's best time, MB/s, events/s and its time
# relative to pagetrace's JSON Lines replay (below 1 is faster than pagetrace). pagetrace is
# timed end to end as a process, replaying and writing every record; the parsers only parse
# lines already in memory, each parsed object dropped at once (parse only, nothing kept).
set -euo pipefail

events=${1:-2000000}
runs=${2:-5}
# The CPU model first; then the release build (or PAGETRACE's binary).
source "$(dirname "$0")/common.sh"
pagetrace=$PAGETRACE

venv="${XDG_CACHE_HOME:-$HOME/.cache}/pagetrace-compare"
if [[ ! -x "$venv/bin/python" ]]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check \
  orjson==3.10.12 msgspec==0.19.0 pysimdjson==6.0.2 >&2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$pagetrace" generate --events "$events" --seed 7 -o "$work/trace.jsonl"
"$pagetrace" convert "$work/trace.jsonl" -o "$work/trace.bin"
"$venv/bin/python" "$here/compare.py" "$pagetrace" "$work/trace.jsonl" "$work/trace.bin" "$runs"
