#!/usr/bin/env bash
# Leave-one-out evaluation of the detector: for each text ID given (e.g.
# udhr/pol udhr/lit), build the tables without that text and evaluate the
# whole text in its claimed encodings on them. Run from the module root:
#
#	bash internal/detecteval/lolo.sh udhr/pol udhr/lit
#	bash internal/detecteval/lolo.sh -all   # every training text of a family with several
#
# Prints each text's table (internal/detecteval's TestLeaveOneOut); with
# -all, then the mean accuracy over the (text, encoding) rows at each
# length, and the rows of the single-byte encodings alone.
set -euo pipefail
tables=whatwg/charset/internal/detect/tables/tables.go
if [ "${1:-}" = "-all" ]; then
  # The training texts, from the generated header ("family: id id ..."),
  # of the families trained on more than one text (leaving out the only
  # text of a family leaves it untrained).
  mapfile -t ids < <(awk '/^\/\/ [a-z_]+: /{if(fam!="" && n>1)print list; fam=$2; list=""; n=0} /^\/\/ [a-z_]+: |^\/\/   /{for(i=2;i<=NF;i++) if($i ~ /^(udhr|wiki)\//){list=list" "$i; n++}} /^\/\/ Package/{exit} END{}' "$tables" | tr ' ' '\n' | grep -v '^$')
  rows=$(mktemp)
  trap 'rm -f "$rows"' EXIT
  bash "$0" "${ids[@]}" | tee "$rows"
  awk '
    { n++; for (k = 0; k < 4; k++) { v = $(4+k); sub("%", "", v); s[k] += v } }
    $2 != "UTF-8" { m++; for (k = 0; k < 4; k++) { v = $(4+k); sub("%", "", v); t[k] += v } }
    END {
      printf "mean of %d rows:             64 B %.1f%%  256 B %.1f%%  1024 B %.1f%%  4096 B %.1f%%\n", n, s[0]/n, s[1]/n, s[2]/n, s[3]/n
      printf "mean of %d single-byte rows: 64 B %.1f%%  256 B %.1f%%  1024 B %.1f%%  4096 B %.1f%%\n", m, t[0]/m, t[1]/m, t[2]/m, t[3]/m
    }' "$rows"
  exit
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for id in "$@"; do
  out="$tmp/tables.go"
  go run ./internal/detectgen -exclude "$id" -out "$out" >/dev/null
  printf '{"Replace": {"%s": "%s"}}\n' "$PWD/$tables" "$out" >"$tmp/overlay.json"
  WEBENC_LOLO="$id" go test -v -count=1 -overlay "$tmp/overlay.json" -run TestLeaveOneOut ./internal/detecteval |
    grep -E "^(wiki|udhr)\/"
done
