#!/usr/bin/env bash
# Leave-one-out evaluation of the detector: for each text ID given (e.g.
# udhr/pol udhr/lit), build the tables without that text and evaluate the
# whole text in its claimed encodings on them. Run from the module root:
#
#	bash internal/detecteval/lolo.sh udhr/pol udhr/lit
#
# Prints each text's table (internal/detecteval's TestLeaveOneOut).
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for id in "$@"; do
  out="$tmp/tables.go"
  go run ./internal/detectgen -exclude "$id" -out "$out" >/dev/null
  printf '{"Replace": {"%s": "%s"}}\n' "$PWD/whatwg/charset/internal/detect/tables/tables.go" "$out" >"$tmp/overlay.json"
  WEBENC_LOLO="$id" go test -v -count=1 -overlay "$tmp/overlay.json" -run TestLeaveOneOut ./internal/detecteval |
    grep -E "^(wiki|udhr)\/"
done
