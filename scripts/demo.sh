#!/usr/bin/env bash
# The README's first command: install what is missing, build when the code changed, and start
# Glance on the embedded default (no DATABASE_URL, no Redis, a local Chromium) on port 3000.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/setup.sh
# shellcheck source=scripts/node.sh
source scripts/node.sh

rev=$(git rev-parse HEAD 2>/dev/null || echo unknown)$(git status --porcelain 2>/dev/null | sha256sum | cut -c1-12)
if [ ! -f .next/BUILD_ID ] || [ "$(cat .next/.glance-rev 2>/dev/null)" != "$rev" ]; then
  echo "demo: building (first start or code changed)…"
  npx next build
  echo "$rev" > .next/.glance-rev
fi
# The production server: the built app behind the HTTP edge (lib/edge, D17).
NODE_ENV=production exec node --import tsx scripts/server.ts --port "${PORT:-3000}"
