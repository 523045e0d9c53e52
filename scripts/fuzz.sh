#!/usr/bin/env bash
# Runs every fuzz target of the module for DURATION each (default 30s), one
# `go test -fuzz` per target (a -fuzz pattern must match a single target).
# A failing input is kept where `go test` writes it, in the package's
# testdata/fuzz/FuzzName/, so that the next `go test` replays it; commit it
# with the fix. Exits 1 if any target failed, after running them all.
# $WEBENC_FUZZMINIMIZETIME (default 10s; go test's is 60s) bounds the time
# spent minimising each new input, during which a worker reports no
# executions.
#
#	scripts/fuzz.sh [DURATION] [PACKAGES...]   e.g. scripts/fuzz.sh 5m ./whatwg/cjk
set -uo pipefail
cd "$(dirname "$0")/.."
duration=${1:-30s}
shift || true
pkgs=("$@")
[ ${#pkgs[@]} -eq 0 ] && pkgs=(./...)

failed=()
total=0
for pkg in $(go list "${pkgs[@]}"); do
  targets=$(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true)
  for t in $targets; do
    total=$((total + 1))
    echo "== $pkg $t ($duration)"
    if ! go test -run '^$' -fuzz "^$t\$" -fuzztime "$duration" \
      -fuzzminimizetime "${WEBENC_FUZZMINIMIZETIME:-10s}" "$pkg" 2>&1 | tail -n 4; then
      failed+=("$pkg $t")
    fi
  done
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: ${#failed[@]} of $total targets failed:"
  printf '  %s\n' "${failed[@]}"
  echo "failing inputs (kept in testdata/fuzz):"
  git status --short --untracked-files=all -- '*testdata/fuzz*' 2>/dev/null
  exit 1
fi
echo "fuzz: $total targets, $duration each: ok"
