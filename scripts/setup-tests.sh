#!/usr/bin/env bash
# Everything the test suite needs on a fresh Debian or Ubuntu machine that has Node and npm:
# the system packages (installed with apt, through sudo when not root), then `npm ci`.
# `npm run test:fresh` runs this, then `npm test`; `.ci/run` runs `npm run test:fresh`.
#
#   scripts/setup-tests.sh            install what is missing, then npm ci
#   scripts/setup-tests.sh --dry-run  say what would be installed and run, change nothing
#
# The app itself needs none of these packages (`npm ci && npm run serve` works with Node and npm
# alone); the tests do: Debian's Chromium for the UI tests, ffmpeg and the speech tools for the
# speech-to-text tests, a keychain and a virtual display for the Electron shell, and a compiler with
# libsecret's headers so that keytar (optional: the app falls back without it) is built and tested.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(build-essential python3 pkg-config libsecret-1-dev dbus gnome-keyring chromium xvfb ffmpeg sox flite pocketsphinx pocketsphinx-en-us)

dry_run=false
case "${1:-}" in
  --dry-run) dry_run=true ;;
  '') ;;
  *) echo "usage: $0 [--dry-run]" >&2; exit 2 ;;
esac

say() { echo "setup: $*"; }
run() {
  if $dry_run; then say "would run: $*"; else "$@"; fi
}

# As root (a container, CI) apt-get runs as is; otherwise through sudo, which asks for a password.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then run "$@"
  elif command -v sudo >/dev/null 2>&1 || $dry_run; then run sudo "$@"
  else say "not root and no sudo: run as root: $*" >&2; exit 1
  fi
}

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
else
  say "this is not Debian or Ubuntu (no dpkg): install the equivalents of ${APT_PACKAGES[*]} yourself" >&2
  $dry_run || exit 1
fi

if [ "${#missing[@]}" -gt 0 ]; then
  say "installing ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  say "system packages: all ${#APT_PACKAGES[@]} present"
fi

# Node 24 comes from the `node` devDependency; npm puts it first on PATH for every script.
run npm ci --no-audit --no-fund
