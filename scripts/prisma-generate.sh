#!/usr/bin/env bash
# Prisma 7's CLI wants to download a schema engine it never uses for `generate`; any executable
# file satisfies that check, so point it at `true` and keep the install fully offline.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f prisma/schema.prisma ] || exit 0
export PRISMA_SCHEMA_ENGINE_BINARY="${PRISMA_SCHEMA_ENGINE_BINARY:-/bin/true}"
export PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1
npx --no-install prisma generate
