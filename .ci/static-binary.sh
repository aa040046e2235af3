#!/usr/bin/env bash
# Builds the portable pagetrace (the Swift runtime linked in, `--static-swift-stdlib`) and
# checks that it needs nothing from the toolchain: no Swift library among its dynamic
# dependencies, and, where this shell may make a mount namespace (root), the same records
# with the toolchain's folder hidden and a bare environment.
#
#   bash .ci/static-binary.sh     # prints the binary's path last
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product pagetrace --static-swift-stdlib --scratch-path .build-static \
  >&2
binary="$PWD/.build-static/release/pagetrace"

if ldd "$binary" | grep -i swift >&2; then
  echo "static-binary: $binary still loads Swift libraries" >&2
  exit 1
fi
# Only libraries every Linux has: the C and C++ runtimes, and zlib (gzip input).
if ldd "$binary" | awk '{ print $1 }' \
  | grep -vE '^(linux-vdso\.so|/lib.*/ld-linux.*\.so|lib(c|m|stdc\+\+|gcc_s|z|dl|pthread|rt)\.so)' >&2; then
  echo "static-binary: $binary loads a library outside libc, libm, libstdc++, libgcc_s, libz" >&2
  exit 1
fi
floor=$(objdump -T "$binary" | grep -o 'GLIBC_[0-9.]*' | sort -V | tail -1)
echo "static-binary: needs only libc, libm, libstdc++, libgcc_s, libz; glibc floor ${floor#GLIBC_}" >&2

toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
expected=$("$binary" replay --emit all Traces/scrub.jsonl)
if unshare -m true 2>/dev/null; then
  hidden=$(unshare -m sh -c "mount -t tmpfs none '$toolchain' \
    && env -i PATH=/usr/bin:/bin '$binary' replay --emit all '$PWD/Traces/scrub.jsonl'")
  if [[ "$hidden" != "$expected" ]]; then
    echo "static-binary: the records differ with the toolchain ($toolchain) hidden" >&2
    exit 1
  fi
  echo "static-binary: same records with $toolchain hidden and an empty environment" >&2
else
  echo "static-binary: no mount namespace here; only the dependency check ran" >&2
fi
echo "$binary"
