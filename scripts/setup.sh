#!/usr/bin/env bash
# Installs everything Glance needs on a fresh Debian machine of our kind, and nothing twice:
# Debian's Chromium and fonts (CJK, emoji), wrk (the benchmarks' load generator) and php-cli (the
# tests run the docs' PHP signing helper against the server) when missing,
# and the npm packages when package-lock changed. Safe to run on every start and every test run.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v php >/dev/null 2>&1 || need_apt+=(php-cli)
for pkg in fonts-noto-cjk fonts-noto-color-emoji fonts-liberation wrk; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
done
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing Debian packages: ${need_apt[*]} — install them as root (apt-get install -y ${need_apt[*]})" >&2
    exit 1
  fi
  echo "setup: installing ${need_apt[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# Install only when node_modules does not match package-lock.json. `npm install` (which keeps
# the locked versions) rather than `npm ci`: npm 11 rejects our lock in `ci` for platform-only
# optional packages it never records (@napi-rs/canvas-*, @tailwindcss/oxide-* for other OSes).
stamp=node_modules/.glance-lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing npm packages"
  npm install --no-audit --no-fund --loglevel=error
  sha256sum package-lock.json | cut -d" " -f1 > "$stamp"  # npm may have rewritten the lock
fi
