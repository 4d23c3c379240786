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

mkdir -p .test-reports && rm -f .test-reports/*.json .test-reports/*.log .test-reports/*.status
# Each step's wall time, printed at the end (also when a step fails), so a slow step shows up
# in every run's log instead of only as a longer total (the suite's budget is 45 minutes).
step_names=() step_secs=() step_current="" step_started=$SECONDS
end_step() {
  if [ -n "$step_current" ]; then step_names+=("$step_current") step_secs+=($((SECONDS - step_started))); fi
  step_current=""
}
step() { end_step; step_current="$1" step_started=$SECONDS; printf '\n=== %s ===\n' "$1"; }

# Steps side by side (D38): two cores, and most steps use one (eslint, prettier, tsc, knip, the
# unit tests, most of `next build`) or wait on browsers and sockets (integration). A step started
# with `beside NAME command…` runs in the background with its output kept in .test-reports/NAME.log;
# `await_steps NAME…` waits for them, prints each one's output under its own heading, adds each
# one's own wall time to the table and fails the run when one of them failed (after showing all).
declare -A beside_pid=()
beside() {
  local name=$1
  shift
  (
    started=$SECONDS rc=0
    "$@" > ".test-reports/$name.log" 2>&1 || rc=$?
    echo "$rc $((SECONDS - started))" > ".test-reports/$name.status"
    exit "$rc"
  ) &
  beside_pid[$name]=$!
}
await_steps() {
  local name rc secs failed=()
  for name in "$@"; do
    rc=0
    wait "${beside_pid[$name]}" || rc=$?
    unset "beside_pid[$name]"
    printf '\n=== %s (side by side) ===\n' "$name"
    cat ".test-reports/$name.log" 2>/dev/null || true
    secs=$(cut -d' ' -f2 ".test-reports/$name.status" 2>/dev/null || echo 0)
    step_names+=("$name (side by side)") step_secs+=("$secs")
    if [ "$rc" -ne 0 ]; then failed+=("$name"); fi
  done
  if [ ${#failed[@]} -gt 0 ]; then
    echo "failed: ${failed[*]} (output above)" >&2
    return 1
  fi
}
# A step stopped early (a failure elsewhere, Ctrl-C) takes its whole process tree with it.
kill_tree() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
step_times_printed=""
print_step_times() {
  [ -n "$step_times_printed" ] && return
  step_times_printed=1
  end_step
  local pid
  for pid in "${beside_pid[@]}"; do kill_tree "$pid"; done
  printf '\n=== step times ===\n'
  for i in "${!step_names[@]}"; do printf '%-34s %3dm%02ds\n' "${step_names[$i]}" $((step_secs[i] / 60)) $((step_secs[i] % 60)); done
  printf '%-34s %3dm%02ds\n' "total" $((SECONDS / 60)) $((SECONDS % 60))
}
trap print_step_times EXIT

# The image and the compose topology (tests/docker, D29) spend minutes building inside dockerd,
# which the test starts at a low CPU priority, so they run beside all the other steps; their
# output is shown after the e2e step.
printf "\n=== %s ===\n" "docker (in the background; its output follows the e2e step)"
beside "docker" npx vitest run --project docker --reporter=default --reporter=json --outputFile=.test-reports/docker.json

# The static checks and the unit tests read the sources and write nothing in the tree, so they run
# side by side. The folder table of ARCHITECTURE.md (folders): imports no row allows, cycles, raw
# SQL outside its rows (D31). Unused files, exports and npm dependencies: knip.jsonc says what is
# run by path and why.
step "checks and unit, side by side"
beside "lint" npx eslint . --max-warnings=0
beside "format" npx prettier --check . --log-level=warn
beside "folders" npm run --silent lint:folders
beside "typecheck" npx tsc --noEmit
beside "unused" npx knip --no-progress
beside "unit" npx vitest run --project unit --passWithNoTests --reporter=default --reporter=json --outputFile=.test-reports/unit.json
await_steps lint format folders typecheck unused unit

# The production build beside the integration tests (which do not read it). It starts after the
# typecheck, which reads the types the build writes under .next/. A quiet build: a Turbopack
# warning (e.g. a filesystem call that makes it trace the whole project into the deployment)
# fails the suite instead of scrolling past. "No build cache found" is not about the code: every
# build on a fresh clone (as in CI) prints it.
build() {
  local rc=0
  NEXT_DIST_DIR=.next npx next build > .test-reports/next-build.log 2>&1 || rc=$?
  cat .test-reports/next-build.log
  if [ "$rc" -ne 0 ]; then return "$rc"; fi
  if grep -E "Turbopack build encountered|^ ?⚠" .test-reports/next-build.log | grep -v "No build cache found"; then
    echo "next build printed warnings (above)"
    return 1
  fi
}
step "integration, the build beside it"
beside "build" build
npx vitest run --project integration --reporter=default --reporter=json --outputFile=.test-reports/integration.json
end_step
await_steps build
step "e2e";         NEXT_DIST_DIR=.next PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/e2e.json npx playwright test --reporter=list,json
end_step
docker_rc=0
await_steps docker || docker_rc=$?
print_step_times
node scripts/test-summary.mjs
if [ "$docker_rc" -ne 0 ]; then echo "the docker step failed (above)" >&2; exit 1; fi
step "clean tree"
if [ "$(tree_state)" != "$before" ]; then
  echo "the test suite changed the checkout:" >&2
  diff <(echo "$before") <(tree_state) >&2 || true
  exit 1
fi
