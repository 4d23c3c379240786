#!/usr/bin/env bash
# Installs everything Glance needs on a fresh Debian machine of our kind, and nothing twice:
# Debian's Chromium and fonts (CJK, emoji; the brand-font tests' fonts), ffmpeg (it encodes /v1/animate's recordings, and its
# ffprobe checks them in the tests), wrk (the benchmarks' load generator) and php-cli (the
# tests run the docs' PHP signing helper and the PHP SDK against the server), golang-go, ruby and
# default-jdk (the Go, Ruby and Java SDKs' own tests, D37) and python3-requests (the docs' Python
# snippets) when missing,
# Node.js 24 for this project (scripts/node.sh; the machine's Node is left alone), and the npm
# packages when package-lock changed. Safe to run on every start and every test run.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# shellcheck source=scripts/node.sh
source scripts/node.sh

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v php >/dev/null 2>&1 || need_apt+=(php-cli)
# The SDKs' toolchains (D37): each SDK's own tests run against the server in the suite.
command -v go >/dev/null 2>&1 || need_apt+=(golang-go)
command -v ruby >/dev/null 2>&1 || need_apt+=(ruby)
command -v javac >/dev/null 2>&1 || need_apt+=(default-jdk)
command -v ffmpeg >/dev/null 2>&1 || need_apt+=(ffmpeg)
# The e2e tests run the docs' Python snippets, which use requests.
python3 -c "import requests" >/dev/null 2>&1 || need_apt+=(python3-requests)
# Ghostscript converts PDFs to PDF/A (pdfStandard=pdfa-2b); poppler-utils and qpdf are what the
# PDF tests read the output with (pdfinfo, pdffonts, qpdf --json).
command -v gs >/dev/null 2>&1 || need_apt+=(ghostscript)
command -v pdfinfo >/dev/null 2>&1 || need_apt+=(poppler-utils)
command -v qpdf >/dev/null 2>&1 || need_apt+=(qpdf)
# fonts-dejavu-core, fonts-inter and fonts-inter-variable: the brand-font tests' TTF, static and
# variable fonts of one family (D33 point 9).
for pkg in fonts-noto-cjk fonts-noto-color-emoji fonts-liberation fonts-dejavu-core fonts-inter fonts-inter-variable wrk; do
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

# Install only when node_modules does not match package-lock.json (or was installed by another
# Node). `npm ci` installs exactly the lock — it records every platform's optional packages, so
# npm neither refuses it nor rewrites it — and never changes a tracked file.
stamp=node_modules/.glance-lock-hash
want="$(sha256sum package-lock.json | cut -d' ' -f1) node-$(node -v)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
