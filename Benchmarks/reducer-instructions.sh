#!/usr/bin/env bash
# Instructions per event of the reducer alone, counted by valgrind's callgrind (repeatable on a
# busy machine, unlike seconds): the figure of the target "reducer ≤ 150 instructions per event".
#
#   Benchmarks/reducer-instructions.sh
#
# Builds the harness in Benchmarks/ReducerHarness (a small package with a path dependency on
# the root) in release, then runs its loop, the `Reducer` benchmark's:
#
#   for event in input { try engine.handle(event) { _ in records &+= 1 } }
#
# over 200,000 events from `TraceGenerator(.init(events: 200_000, seed: 1))` numbered into
# `EngineEvent`s, once with one session and once with 3 (`sessions: 3`), and prints per event:
#   - the whole loop: everything inside the `@inline(never)` function `runReducer`
#     (`--toggle-collect='*runReducer*'`): the loop, the copy of each event, the engine's
#     session check, and the engine;
#   - inside `handle`: what `PageControl.handle` (the recent session's control, called by the
#     inlined `PageControlEngine.handle`) and `PageControlEngine.select` (a change of session)
#     cost with everything they call.
# Also `reducer-harness hash` prints a hash of every record and result over many traces and
# configurations: compare it between two trees to check that a change kept the behaviour.
# Needs valgrind (Debian: apt-get install valgrind).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
package="$here/ReducerHarness"
command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 1; }
swift build -c release --package-path "$package" >&2
harness="$package/.build/release/reducer-harness"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
events=200000

# count MODE PATTERN...: instructions collected inside the functions matching the patterns.
count() {
  local mode=$1
  shift
  local toggles=()
  for pattern in "$@"; do toggles+=("--toggle-collect=$pattern"); done
  valgrind --tool=callgrind "${toggles[@]}" --callgrind-out-file="$work/callgrind.out" \
    "$harness" "$mode" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# The mangled names: `PageControl.handle(_: EngineEvent, emit:)` and `PageControlEngine.select`.
handle='$s9PageTrace0A7ControlV6handle_4emitSbAA11EngineEventV*'
select='$s9PageTrace0A13ControlEngineV6select*'

echo "$events events (TraceGenerator, seed 1), instructions per event:"
for mode in count count3; do
  loop=$(count "$mode" '*runReducer*')
  inside=$(count "$mode" "$handle" "$select")
  sessions=$([ "$mode" = count3 ] && echo 3 || echo 1)
  awk -v n="$events" -v l="$loop" -v h="$inside" -v s="$sessions" 'BEGIN {
    printf "  %d session%s: whole loop %6.1f   inside handle %6.1f   the loop'"'"'s own %5.1f\n",
      s, s == 1 ? " " : "s", l / n, h / n, (l - h) / n
  }'
done
