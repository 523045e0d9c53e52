#!/usr/bin/env bash
# apicheck: fails when the module's exported API differs from api/webenc.txt,
# or when CHANGELOG.md does not record that API.
#
#   bash scripts/apicheck.sh       # check (CI runs this)
#   bash scripts/apicheck.sh -w    # rewrite api/webenc.txt (also UPDATE=1)
#
# The list comes from scripts/apilist (go/types, standard library only):
# every exported identifier of every package but main, internal/, cmd/,
# bench/ and scripts/, with its signature. An intended API change is
# committed together with the rewritten file, so that review sees it.
#
# CHANGELOG.md records the API it describes: its newest line
# "<!-- api/webenc.txt sha256 HASH -->" must name the sha256 of
# api/webenc.txt, so the file cannot change without CHANGELOG.md changing.
# And every identifier whose line differs between the API recorded by the
# previous such line (found in the git history) and api/webenc.txt must be
# named in CHANGELOG.md above that previous line, in the newest entries.
set -euo pipefail
cd "$(dirname "$0")/.."
file=api/webenc.txt
changelog=CHANGELOG.md
got=$(mktemp)
old=$(mktemp)
trap 'rm -f "$got" "$old"' EXIT
go run ./scripts/apilist >"$got"
if [ "${1:-}" = -w ] || [ "${UPDATE:-0}" = 1 ]; then
  cp "$got" "$file"
  echo "wrote $file ($(wc -l <"$file") lines); record the change in $changelog (bash scripts/apicheck.sh says how)"
  exit 0
fi
if ! diff -u "$file" "$got"; then
  echo "the exported API differs from $file (- in the file, + in the code);"
  echo "if the change is intended, run: bash scripts/apicheck.sh -w"
  exit 1
fi
echo "exported API matches $file"

# identifiers prints the identifier each line of an API list names: the
# func, method, type, field, const or var.
identifiers() {
  sed -E 's/^pkg [^,]*, //; s/^method \([^)]*\) //; s/^type [A-Za-z0-9_]+ (struct|interface), //; s/^(func|type|const|var) //; s/[^A-Za-z0-9_].*//'
}

# version HASH writes to $old the api/webenc.txt of the history whose sha256
# is HASH; it fails when no commit has it (e.g. a shallow clone).
version() {
  local c
  for c in $(git log --full-history --format=%H -- "$file" 2>/dev/null); do
    git show "$c:$file" >"$old" 2>/dev/null || continue
    [ "$(sha256sum <"$old" | cut -d' ' -f1)" = "$1" ] && return 0
  done
  return 1
}

# changed prints the identifiers whose lines differ between $old and $file.
changed() {
  { diff "$old" "$file" || true; } | sed -n 's/^[<>] //p' | identifiers | sort -u
}

want=$(sha256sum <"$file" | cut -d' ' -f1)
mapfile -t snaps < <(grep -oE 'api/webenc\.txt sha256 [0-9a-f]{64}' "$changelog" | cut -d' ' -f3)
if [ "${snaps[0]:-}" != "$want" ]; then
  echo "$changelog does not record this $file: its newest line \"<!-- $file sha256 … -->\" names ${snaps[0]:-nothing}."
  if [ -n "${snaps[0]:-}" ] && version "${snaps[0]}"; then
    echo "The identifiers changed since then: $(changed | tr '\n' ' ')"
  fi
  echo "List the change (old → new) under \"## Unreleased\" in $changelog, with this line there"
  echo "(replacing the section's sha256 line if it has one):"
  echo "<!-- $file sha256 $want -->"
  exit 1
fi
if [ -z "${snaps[1]:-}" ]; then
  echo "$changelog records this $file"
  exit 0
fi
if ! version "${snaps[1]}"; then
  echo "$changelog records this $file (the API its previous entry recorded is not in this clone's history: identifiers not checked)"
  exit 0
fi
newest=$(sed "/sha256 ${snaps[1]}/,\$d" "$changelog")
missing=$(changed | while read -r id; do grep -qw -- "$id" <<<"$newest" || echo "$id"; done)
if [ -n "$missing" ]; then
  echo "$changelog's newest entries do not name these identifiers, whose API changed since its previous entry:"
  echo "$missing" | tr '\n' ' '
  echo
  exit 1
fi
echo "$changelog records this $file and names every identifier changed since its previous entry"
