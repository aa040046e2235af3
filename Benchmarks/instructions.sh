#!/usr/bin/env bash
# Instructions per event of each hot path, counted by valgrind's callgrind: unlike seconds,
# the counts repeat exactly on a busy machine, so they are how PageTrace checks its targets.
#
#   Benchmarks/instructions.sh [EVENTS] [SEED]     # default: 200,000 events, seed 7
#
# Builds pagetrace (release), generates a trace of full-precision (17-digit) numbers, converts
# it to binary, then counts every instruction of the whole process (start-up included) for:
#   replay --emit all (JSON Lines), replay --emit all (binary), classify, stats,
# and prints each per event, with classify's and stats' cost relative to replay.
# Needs valgrind (Debian: apt-get install valgrind).
set -euo pipefail

events=${1:-200000}
seed=${2:-7}
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")

command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 1; }
swift build -c release --product pagetrace --package-path "$root" >&2
pagetrace="$root/.build/release/pagetrace"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$pagetrace" generate --events "$events" --seed "$seed" -o "$work/trace.jsonl"
"$pagetrace" convert "$work/trace.jsonl" -o "$work/trace.bin"

count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$pagetrace" "$@" \
    -o /dev/null 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

replay=$(count replay --emit all "$work/trace.jsonl")
binary=$(count replay --emit all "$work/trace.bin")
classify=$(count classify "$work/trace.jsonl")
stats=$(count stats "$work/trace.jsonl")

echo "$events events (pagetrace generate --events $events --seed $seed), instructions per event:"
awk -v n="$events" -v r="$replay" -v b="$binary" -v c="$classify" -v s="$stats" 'BEGIN {
  printf "  replay --emit all, JSON Lines  %7.0f\n", r / n
  printf "  replay --emit all, binary      %7.0f\n", b / n
  printf "  classify, JSON Lines           %7.0f  (%.2fx replay)\n", c / n, c / r
  printf "  stats, JSON Lines              %7.0f  (%.2fx replay)\n", s / n, s / r
}'
