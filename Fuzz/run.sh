#!/usr/bin/env bash
# Builds the fuzz targets and runs each one for a fixed time, one after the other.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]     # default: 30 s each, every target
#   FUZZ_CONFIGURATION=debug Fuzz/run.sh 3   # CI: a debug build, asserts on, 5x quicker to build
#
# Each target starts from a copy of Corpus/<Target>/ in a temporary directory (the committed
# corpus never grows), with its dictionary from Dictionaries/ when there is one. The script
# prints, per target, the executions, exec/s and the coverage of libFuzzer's last status line,
# and exits 1 if any target crashed, hung (-timeout=10), ran out of memory or failed to run; the
# reproducer and the log are then kept and their paths printed.
set -uo pipefail

seconds=${1:-30}
shift || true
if ! [[ $seconds =~ ^[0-9]+$ ]] || ((seconds < 1)); then
  echo "usage: $0 [SECONDS] [TARGET...]" >&2
  exit 64
fi
all_targets=(FuzzJSONLines FuzzBinary FuzzCSV FuzzGetevent FuzzPointerEvents FuzzReducer FuzzPaths)
targets=("${@:-${all_targets[@]}}")

here=$(cd "$(dirname "$0")" && pwd)
cd "$here" || exit 1

start=$(date +%s)
echo "== build"
# Release by default (the most executions a second); debug builds in a fifth of the time,
# runs about 4 times fewer inputs a second, and checks the code's `assert`s.
configuration=${FUZZ_CONFIGURATION:-release}
# SwiftPM caches the build plan and does not notice files added to the path dependency (..):
# drop the plan so that it is made anew (about a second).
rm -f .build/*/"$configuration"/description.json
build=(swift build -c "$configuration" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
if ! "${build[@]}"; then
  echo "run.sh: the build failed" >&2
  exit 1
fi
bin=$("${build[@]}" --show-bin-path)
built=$(date +%s)
echo "build: $((built - start)) s"

# The Swift runtime's own crash backtracer would race libFuzzer's (and trip ASan): let libFuzzer
# print the stack.
export SWIFT_BACKTRACE=enable=no

work=$(mktemp -d "${TMPDIR:-/tmp}/pagetrace-fuzz.XXXXXX")
failed=()
summary=()
for target in "${targets[@]}"; do
  if [[ ! -x $bin/$target ]]; then
    echo "run.sh: no such target: $target" >&2
    failed+=("$target (missing)")
    continue
  fi
  corpus=$work/$target/corpus
  artifacts=$work/$target/artifacts
  log=$work/$target/log.txt
  mkdir -p "$corpus" "$artifacts"
  cp -R "Corpus/$target/." "$corpus/" 2>/dev/null || true
  options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
    -artifact_prefix="$artifacts/")
  [[ -f Dictionaries/$target.dict ]] && options+=(-dict="Dictionaries/$target.dict")
  echo "== $target (${seconds} s)"
  # -max_total_time stops libFuzzer itself; the outer timeout only guards against a wedged run.
  timeout --kill-after=30 $((seconds + 120)) "$bin/$target" "${options[@]}" "$corpus" >"$log" 2>&1
  status=$?
  status_line=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
  execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)
  [[ -z $execs ]] && execs=$(sed -nE 's/^#([0-9]+).*/\1/p' <<<"$status_line")
  rate=$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+).*/\1/p' "$log" | tail -n 1)
  [[ -z $rate ]] && rate=$(sed -nE 's/.*exec\/s: ([0-9]+).*/\1/p' <<<"$status_line")
  cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$status_line")
  ft=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$status_line")
  corp=$(sed -nE 's/.*corp: ([0-9]+\/[0-9]+[a-zA-Z]+).*/\1/p' <<<"$status_line")
  line=$(printf '%-18s execs %-10s exec/s %-7s cov %-6s ft %-6s corpus %s' "$target" \
    "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}")
  if ((status != 0)) || compgen -G "$artifacts/*" >/dev/null; then
    line+="  FAILED (exit $status)"
    failed+=("$target")
    echo "$line"
    grep -E '^==[0-9]+==|^SUMMARY|Fatal error|invariant violated|TraceReader|^    #[0-9]+ ' "$log" \
      | head -n 40
    for artifact in "$artifacts"/*; do
      [[ -e $artifact ]] && echo "reproducer: $artifact"
    done
    echo "log: $log"
  else
    echo "$line"
  fi
  summary+=("$line")
done

echo "== summary ($(($(date +%s) - start)) s in all, build $((built - start)) s)"
printf '%s\n' "${summary[@]}"
if ((${#failed[@]} > 0)); then
  echo "FAILED: ${failed[*]}; reproducers and logs are in $work"
  echo "reproduce with: $bin/TARGET REPRODUCER"
  exit 1
fi
rm -rf "$work"
echo "all targets ran without a crash"
