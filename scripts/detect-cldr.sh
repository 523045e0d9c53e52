#!/usr/bin/env bash
# Fetches the CLDR npm packages whose localized names internal/detectgen
# adds to the detector's training text (cldr.go: cldrPackages, exact
# versions, checked against the SHA-256 below) and unpacks the locales of
# cldrLocales into DIR/PACKAGE/main/LOCALE, so that
# `go run ./internal/detectgen [-check]` gives the committed tables. DIR is
# $WEBENC_CLDR, else webenc/cldr in the user's cache folder (detectgen's
# -cldr default). Needs npm; does nothing when the packages are unpacked
# already. Run from anywhere: bash scripts/detect-cldr.sh
set -euo pipefail
dir=${WEBENC_CLDR:-${XDG_CACHE_HOME:-$HOME/.cache}/webenc/cldr}
locales=(cy eo mt se)
pkgs=(
  "cldr-dates-full@48.2.0 0256f1cefeca14f7d515be4872dda48fcdd7e75381430f25aafd0143eae5b430"
  "cldr-localenames-full@48.2.0 7f2ac7fd3b5d90f56ad127f9ed5ae67b58b3e556818f55530b9f47bb81bcde57"
  "cldr-misc-full@48.2.0 c6ba8384d7ea8701cf86935db0461379231ddd970cc41c249f4a33b9857ded3c"
)
mkdir -p "$dir"
for p in "${pkgs[@]}"; do
  spec=${p%% *} sum=${p#* }
  name=${spec%@*} version=${spec#*@}
  stamp="$dir/$name/.version"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$version ${locales[*]}" ]; then
    continue
  fi
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "$spec" >/dev/null)
  tgz="$tmp/$name-$version.tgz"
  echo "$sum  $tgz" | sha256sum -c --quiet
  rm -rf "${dir:?}/$name"
  mkdir -p "$dir/$name"
  for l in "${locales[@]}"; do
    tar xzf "$tgz" -C "$dir/$name" --strip-components=1 "package/main/$l"
  done
  echo "$version ${locales[*]}" >"$stamp"
  rm -rf "$tmp"
done
