#!/usr/bin/env bash
# The whole test suite (README's second command): lint, types, unused code (knip), unit,
# integration (real PostgreSQL, Redis, Chromium), a production build, end-to-end in a real browser,
# and the container image with the compose topology (Docker).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/setup.sh
# shellcheck source=scripts/node.sh
source scripts/node.sh
bash scripts/services.sh
# The suite must leave the checkout as it found it (no tracked file rewritten, nothing new that
# git would pick up): compared at the end.
tree_state() { git status --porcelain=v1 --untracked-files=all 2>/dev/null; git diff 2>/dev/null | sha256sum; }
before=$(tree_state)

mkdir -p .test-reports && rm -f .test-reports/*.json
step() { printf '\n=== %s ===\n' "$1"; }

# The image and the compose topology (tests/docker, D29) spend minutes building inside dockerd,
# which the test starts at a low CPU priority, so they run beside the other steps; their output
# is shown after the e2e step. A run stopped early takes them down with it.
step "docker (in the background; its output follows the e2e step)"
npx vitest run --project docker --reporter=default --reporter=json --outputFile=.test-reports/docker.json \
  > .test-reports/docker.log 2>&1 &
docker_pid=$!
trap 'kill "$docker_pid" 2>/dev/null || true' EXIT

step "lint";        npx eslint . --max-warnings=0
step "format";      npx prettier --check . --log-level=warn
# The folder table of ARCHITECTURE.md: imports no row allows, cycles, raw SQL outside its rows (D31).
step "folders";     npm run --silent lint:folders
step "typecheck";   npx tsc --noEmit
# Unused files, exports and npm dependencies (knip.jsonc says what is run by path and why).
step "unused";      npx knip --no-progress
step "unit";        npx vitest run --project unit --passWithNoTests --reporter=default --reporter=json --outputFile=.test-reports/unit.json
step "integration"; npx vitest run --project integration --reporter=default --reporter=json --outputFile=.test-reports/integration.json
step "build";       NEXT_DIST_DIR=.next npx next build 2>&1 | tee .test-reports/build.log
# A quiet build: a Turbopack warning (e.g. a filesystem call that makes it trace the whole project
# into the deployment) fails the suite instead of scrolling past. "No build cache found" is not
# about the code: every build on a fresh clone (as in CI) prints it.
if grep -E "Turbopack build encountered|^ ?⚠" .test-reports/build.log | grep -v "No build cache found"; then echo "next build printed warnings (above)" >&2; exit 1; fi
step "e2e";         NEXT_DIST_DIR=.next PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/e2e.json npx playwright test --reporter=list,json
step "docker";      docker_rc=0; wait "$docker_pid" || docker_rc=$?; cat .test-reports/docker.log
node scripts/test-summary.mjs
if [ "$docker_rc" -ne 0 ]; then echo "the docker step failed (above)" >&2; exit 1; fi
step "clean tree"
if [ "$(tree_state)" != "$before" ]; then
  echo "the test suite changed the checkout:" >&2
  diff <(echo "$before") <(tree_state) >&2 || true
  exit 1
fi
