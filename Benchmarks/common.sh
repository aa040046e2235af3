# Sourced by the benchmark scripts (compare.sh, clock.sh): prints the machine's CPU model and
# processor count first, since figures from different machines are not comparable; sets
# `here` (this folder) and `root` (the package); and builds pagetrace (release) unless
# PAGETRACE already names a binary, which it then names.
# Either source may be missing (no lscpu, no /proc): `|| true`, or `set -e` would end the script.
cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1) || true
[[ -n "$cpu" ]] || cpu=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo 2>/dev/null | head -1) || true
echo "CPU: ${cpu:-unknown} ($(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') logical CPUs)"

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
if [[ -z "${PAGETRACE:-}" ]]; then
  swift build -c release --product pagetrace --package-path "$root" >&2
  PAGETRACE="$root/.build/release/pagetrace"
fi
