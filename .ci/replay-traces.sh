#!/usr/bin/env bash
# Replays every scenario of Traces/ with each binary given (CI gives the portable release
# build; the tests use the debug build) and compares the output byte for byte (cmp) with the
# hand-derived Traces/expected/NAME.jsonl, as TracesTests does. expected/NAME.PROFILE.jsonl is
# replayed with --profile PROFILE.
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
  for expected in Traces/expected/*.jsonl; do
    name=$(basename "$expected" .jsonl)
    trace="Traces/${name%%.*}.jsonl"
    profile=()
    [[ "$name" == *.* ]] && profile=(--profile "${name#*.}")
    if ! "$binary" replay --emit all "${profile[@]}" "$trace" >"$work/out.jsonl" 2>"$work/err"; then
      echo "replay-traces: $binary failed on $trace ${profile[*]}: $(cat "$work/err")" >&2
      failed=1
      continue
    fi
    if ! cmp "$work/out.jsonl" "$expected"; then
      echo "replay-traces: $binary: $trace ${profile[*]} differs from $expected" >&2
      failed=1
      continue
    fi
    count=$((count + 1))
  done
  echo "replay-traces: $binary: $count expected files compared"
done
exit "$failed"
