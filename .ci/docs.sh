#!/usr/bin/env bash
# The documentation and the public API, from the modules the debug build already made (run
# `swift build` or `swift test` first; this script builds nothing):
#   1. symbol graphs of the five library modules (swift symbolgraph-extract, public symbols);
#   2. the public API listing api/MODULE.txt compared with them (.ci/api-listing.py);
#   3. the DocC catalogs of the five modules (Sources/MODULE/MODULE.docc) converted by the
#      toolchain's docc into one archive, .build/docs/PageTrace.doccarchive, with any warning
#      an error.
#
# Usage:
#   bash .ci/docs.sh               check (CI)
#   bash .ci/docs.sh --update-api  write api/MODULE.txt from the build (a deliberate API change)
set -euo pipefail
cd "$(dirname "$0")/.."

update=false
case "${1:-}" in
  "") ;;
  --update-api) update=true ;;
  *) echo "usage: bash .ci/docs.sh [--update-api]" >&2; exit 64 ;;
esac

modules=(PageTrace PageTraceIO PageTraceImport PageTraceAnalysis PageTraceGenerator)
bin=$(swift build --show-bin-path)
triple=$(basename "$(dirname "$bin")")
for module in "${modules[@]}"; do
  if [[ ! -e "$bin/Modules/$module.swiftmodule" ]]; then
    echo "docs: $bin/Modules/$module.swiftmodule is missing: run swift build first" >&2
    exit 1
  fi
done

work=.build/docs
rm -rf "$work"
mkdir -p "$work/symbols" "$work/catalog.docc"

# 1. Symbol graphs of the built modules. The C modules' maps are those the build used.
for module in "${modules[@]}"; do
  swift symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
    -Xcc -fmodule-map-file="$bin/_PageTraceMath.build/module.modulemap" \
    -Xcc -fmodule-map-file=Sources/_PageTraceZlib/module.modulemap \
    -minimum-access-level public -skip-inherited-docs -output-dir "$work/symbols"
done

# 2. The public API listing.
if $update; then
  python3 .ci/api-listing.py --write "$work/symbols" "${modules[@]}"
  echo "docs: wrote api/*.txt"
else
  python3 .ci/api-listing.py "$work/symbols" "${modules[@]}"
fi

# 3. One archive of the five modules, so that a page of one links to the symbols of another
#    (``PageTrace/SessionID`` from PageTraceIO). The catalogs are merged into one; two files
#    of the same name would hide each other, so that is an error.
for module in "${modules[@]}"; do
  catalog="Sources/$module/$module.docc"
  [[ -d "$catalog" ]] || { echo "docs: $catalog is missing" >&2; exit 1; }
  while IFS= read -r -d '' file; do
    relative=${file#"$catalog"/}
    if [[ -e "$work/catalog.docc/$relative" ]]; then
      echo "docs: $catalog/$relative: another catalog has a file of that name" >&2
      exit 1
    fi
    mkdir -p "$(dirname "$work/catalog.docc/$relative")"
    cp "$file" "$work/catalog.docc/$relative"
  done < <(find "$catalog" -type f -print0)
done
log="$work/docc.log"
status=0
docc convert "$work/catalog.docc" --additional-symbol-graph-dir "$work/symbols" \
  --fallback-display-name PageTrace --fallback-bundle-identifier org.pagetrace.PageTrace \
  --output-path "$work/PageTrace.doccarchive" --warnings-as-errors >"$log" 2>&1 || status=$?
if ((status != 0)) || grep -qE '^(warning|error):' "$log"; then
  cat "$log" >&2
  echo "docs: docc reported the problems above" >&2
  exit 1
fi
echo "docs: $work/PageTrace.doccarchive, no warning"
