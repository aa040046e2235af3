#!/usr/bin/env bash
# Instructions per event of each hot path, counted by valgrind's callgrind: unlike seconds,
# the counts repeat exactly on a busy machine, so they are how PageTrace checks its targets.
#
#   Benchmarks/instructions.sh [EVENTS] [SEED]     # default: 200,000 events, seed 7
#   PAGETRACE=BINARY BASELINE=OTHER Benchmarks/instructions.sh   # two builds, side by side
#
# Builds pagetrace (release) unless PAGETRACE names a binary, generates a trace of
# full-precision (17-digit) numbers, converts it to binary, then counts every instruction of
# the whole process (start-up included) for: replay --emit all (JSON Lines), replay --emit all
# (binary), classify, stats; and prints each per event, with classify's and stats' cost
# relative to replay. With BASELINE, the same for that build, in the same run, and the ratio.
# Needs valgrind (Debian: apt-get install valgrind).
set -euo pipefail

events=${1:-200000}
seed=${2:-7}
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")

command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 1; }
if [[ -z "${PAGETRACE:-}" ]]; then
  swift build -c release --product pagetrace --package-path "$root" >&2
  PAGETRACE="$root/.build/release/pagetrace"
fi
export SWIFT_DETERMINISTIC_HASHING=1  # the same hashing, and so the same counts, every run

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$PAGETRACE" generate --events "$events" --seed "$seed" -o "$work/trace.jsonl"
"$PAGETRACE" convert "$work/trace.jsonl" -o "$work/trace.bin"

count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" \
    -o /dev/null 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
measure() {  # BINARY: the four totals
  echo "$(count "$1" replay --emit all "$work/trace.jsonl") $(count "$1" replay --emit all "$work/trace.bin")" \
    "$(count "$1" classify "$work/trace.jsonl") $(count "$1" stats "$work/trace.jsonl")"
}

read -r r b c s <<<"$(measure "$PAGETRACE")"
echo "$events events (pagetrace generate --events $events --seed $seed), instructions per event:"
if [[ -z "${BASELINE:-}" ]]; then
  awk -v n="$events" -v r="$r" -v b="$b" -v c="$c" -v s="$s" 'BEGIN {
    printf "  replay --emit all, JSON Lines  %7.1f\n", r / n
    printf "  replay --emit all, binary      %7.1f\n", b / n
    printf "  classify, JSON Lines           %7.1f  (%.2fx replay)\n", c / n, c / r
    printf "  stats, JSON Lines              %7.1f  (%.2fx replay)\n", s / n, s / r
  }'
  exit 0
fi
read -r R B C S <<<"$(measure "$BASELINE")"
awk -v n="$events" -v r="$r" -v b="$b" -v c="$c" -v s="$s" -v R="$R" -v B="$B" -v C="$C" -v S="$S" 'BEGIN {
  printf "  %-30s %9s %9s %8s\n", "", "baseline", "this", "change"
  printf "  %-30s %9.1f %9.1f %+7.2f%%\n", "replay --emit all, JSON Lines", R / n, r / n, (r / R - 1) * 100
  printf "  %-30s %9.1f %9.1f %+7.2f%%\n", "replay --emit all, binary", B / n, b / n, (b / B - 1) * 100
  printf "  %-30s %9.1f %9.1f %+7.2f%%\n", "classify, JSON Lines", C / n, c / n, (c / C - 1) * 100
  printf "  %-30s %9.1f %9.1f %+7.2f%%\n", "stats, JSON Lines", S / n, s / n, (s / S - 1) * 100
}'
