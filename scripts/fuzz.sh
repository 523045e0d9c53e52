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

# is_deadline_race reports whether a failed run's output is only the race
# in Go's fuzz coordinator (golang/go#75804, fixed in Go 1.27): when the
# -fuzztime deadline fires while a worker is mid-call, the coordinator can
# report "context deadline exceeded" as a failure. A real finding always
# writes its input ("Failing input written to ...") or reports another
# error, and still fails the run.
is_deadline_race() {
  grep -q 'context deadline exceeded' <<<"$1" &&
    ! grep -q 'Failing input written to' <<<"$1" &&
    [ "$(grep -cv -E '^(fuzz: |--- FAIL: Fuzz|    context deadline exceeded$|FAIL$|exit status 1$|FAIL\s|warning: starting with empty corpus$)' <<<"$1")" -eq 0 ]
}

failed=()
flaked=()
total=0
for pkg in $(go list "${pkgs[@]}"); do
  targets=$(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true)
  for t in $targets; do
    total=$((total + 1))
    echo "== $pkg $t ($duration)"
    out=$(go test -run '^$' -fuzz "^$t\$" -fuzztime "$duration" \
      -fuzzminimizetime "${WEBENC_FUZZMINIMIZETIME:-10s}" "$pkg" 2>&1)
    rc=$?
    printf '%s\n' "$out" | tail -n 4
    if [ $rc -ne 0 ]; then
      if is_deadline_race "$out"; then
        echo "   (not a finding: Go 1.26's fuzz coordinator reported its own -fuzztime deadline, golang/go#75804; no failing input was written)"
        flaked+=("$pkg $t")
      else
        failed+=("$pkg $t")
      fi
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
echo "fuzz: $total targets, $duration each: ok (${#flaked[@]} ended by golang/go#75804's deadline race${flaked:+: ${flaked[*]}})"
