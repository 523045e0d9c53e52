#!/usr/bin/env bash
# Installs the Debian hunspell (and aspell) dictionaries that internal/detectgen adds to
# the detector's training text (its dictionaries list: package and exact
# version) and internal/plausiblegen to its Latin word trigrams (cs, sl, bs and
# aspell-hsb too),
# so that `go run ./internal/detectgen [-check]` and plausiblegen give the
# committed tables. Needs root and apt; does nothing when they are
# installed already. Run from anywhere: bash scripts/detect-dicts.sh
set -euo pipefail
pkgs=(aspell-cy=0.50-3-8 myspell-eo=2.1.2000.02.25-61 myspell-et=1:20030606-32 hunspell-cs=1:7.5.0-1 hunspell-hu=1:7.5.0-1 hunspell-lt=1:7.5.0-1 hunspell-lv=1.4.0-4 hunspell-pl=1:7.5.0-1 hunspell-ro=1:7.5.0-1 hunspell-sl=1:7.5.0-1 hunspell-tr=1:7.5.0-1 hunspell-bs=1:7.5.0-1 aspell-hsb=0.02.0-1.2)
missing=()
for p in "${pkgs[@]}"; do
  name=${p%%=*} want=${p#*=}
  have=$(dpkg-query -W -f='${Version}' "$name" 2>/dev/null || true)
  if [ "$have" != "$want" ]; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --allow-downgrades "${missing[@]}" >/dev/null
fi
