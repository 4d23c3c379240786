#!/usr/bin/env bash
# Runs one command with the project's Node.js 24 first on PATH (scripts/node.sh): package.json's
# scripts start servers, the admin command and the benchmarks through it, so `npm start` on a
# machine whose own Node is older still runs the runtime the project is tested on.
set -euo pipefail
# shellcheck source=scripts/node.sh
source "$(dirname "$0")/node.sh"
exec "$@"
