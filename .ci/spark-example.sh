#!/usr/bin/env bash
# Runs Examples/Spark/check_spark.py: the Spark example in local[2] mode against pagetrace
# itself. PySpark (pinned) goes into a virtual environment cached between runs on a machine;
# Java 17 comes with the machine image. Needs the portable binary (.ci/static-binary.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:?usage: .ci/spark-example.sh PORTABLE_PAGETRACE}
venv="${XDG_CACHE_HOME:-$HOME/.cache}/pagetrace-spark"
if [[ ! -x "$venv/bin/python" ]]; then python3 -m venv "$venv"; fi
"$venv/bin/pip" install --quiet --disable-pip-version-check pyspark==4.3.0
command -v java >/dev/null || { echo "spark example: Java is needed (JDK 17)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" Examples/Spark/check_spark.py "$binary" "$PWD" "$work" 2>"$work/spark.log" \
  || { tail -40 "$work/spark.log"; exit 1; }
