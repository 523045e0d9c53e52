#!/usr/bin/env bash
# apicheck: fails when the module's exported API differs from api/webenc.txt.
#
#   bash scripts/apicheck.sh       # check (CI runs this)
#   bash scripts/apicheck.sh -w    # rewrite api/webenc.txt (also UPDATE=1)
#
# The list comes from scripts/apilist (go/types, standard library only):
# every exported identifier of every package but main, internal/, cmd/,
# bench/ and scripts/, with its signature. An intended API change is
# committed together with the rewritten file, so that review sees it.
set -euo pipefail
cd "$(dirname "$0")/.."
file=api/webenc.txt
got=$(mktemp)
trap 'rm -f "$got"' EXIT
go run ./scripts/apilist >"$got"
if [ "${1:-}" = -w ] || [ "${UPDATE:-0}" = 1 ]; then
  cp "$got" "$file"
  echo "wrote $file ($(wc -l <"$file") lines)"
  exit 0
fi
if ! diff -u "$file" "$got"; then
  echo "the exported API differs from $file (- in the file, + in the code);"
  echo "if the change is intended, run: bash scripts/apicheck.sh -w"
  exit 1
fi
echo "exported API matches $file"
