#!/usr/bin/env bash
# Replays every scenario of Traces/ with each binary given (the release build and the portable
# one; the tests use the debug build) and compares the records with the hand-derived
# NAME.expected.jsonl, as TracesTests does: record by record, the same keys in the same order,
# each value equal, numbers compared as numbers (an expected file may write 2.0 where replay
# writes 2). NAME.PROFILE.expected.jsonl is replayed with --profile PROFILE.
#
#   bash .ci/replay-traces.sh .build/release/pagetrace .build-static/release/pagetrace
set -euo pipefail
cd "$(dirname "$0")/.."
(($# > 0)) || { echo "usage: .ci/replay-traces.sh PAGETRACE..." >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
for binary in "$@"; do
  count=0
  for expected in Traces/*.expected.jsonl; do
    name=$(basename "$expected" .expected.jsonl)
    trace="Traces/${name%%.*}.jsonl"
    profile=()
    [[ "$name" == *.* ]] && profile=(--profile "${name#*.}")
    if ! "$binary" replay --emit all "${profile[@]}" "$trace" >"$work/out.jsonl" 2>"$work/err"; then
      echo "replay-traces: $binary failed on $trace ${profile[*]}: $(cat "$work/err")" >&2
      failed=1
      continue
    fi
    python3 - "$work/out.jsonl" "$expected" <<'PY' || { failed=1; continue; }
import json, sys

def records(path):
    with open(path, encoding="utf-8") as f:
        # Keys kept in order; numbers as exact values (int or float compare by value).
        return [json.loads(line, object_pairs_hook=list) for line in f if line.strip()]

got, want = records(sys.argv[1]), records(sys.argv[2])
problems = [f"{len(got)} records, expected {len(want)}"] if len(got) != len(want) else []

def number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)

def same(a, b):
    # Numbers by value (2 and 2.0 alike); anything else of the same type and equal.
    return a == b if number(a) and number(b) else type(a) is type(b) and a == b

for index, (g, w) in enumerate(zip(got, want), 1):
    if [k for k, _ in g] != [k for k, _ in w] or not all(
            same(a, b) for (_, a), (_, b) in zip(g, w)):
        problems.append(f"record {index}: {g} but expected {w}")
if problems:
    print(f"replay-traces: {sys.argv[2]}: " + "; ".join(problems[:5]), file=sys.stderr)
    sys.exit(1)
PY
    count=$((count + 1))
  done
  echo "replay-traces: $binary: $count expected files compared"
done
exit "$failed"
