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
# Each step's wall time, printed at the end (also when a step fails), so a slow step shows up
# in every run's log instead of only as a longer total (the suite's budget is 45 minutes).
step_names=() step_secs=() step_current="" step_started=$SECONDS
end_step() {
  if [ -n "$step_current" ]; then step_names+=("$step_current") step_secs+=($((SECONDS - step_started))); fi
  step_current=""
}
step() { end_step; step_current="$1" step_started=$SECONDS; printf '\n=== %s ===\n' "$1"; }
step_times_printed=""
print_step_times() {
  [ -n "$step_times_printed" ] && return
  step_times_printed=1
  end_step
  printf '\n=== step times ===\n'
  for i in "${!step_names[@]}"; do printf '%-34s %3dm%02ds\n' "${step_names[$i]}" $((step_secs[i] / 60)) $((step_secs[i] % 60)); done
  printf '%-34s %3dm%02ds\n' "total" $((SECONDS / 60)) $((SECONDS % 60))
}

# The image and the compose topology (tests/docker, D29) spend minutes building inside dockerd,
# which the test starts at a low CPU priority, so they run beside the other steps; their output
# is shown after the e2e step. A run stopped early takes them down with it.
printf "\n=== %s ===\n" "docker (in the background; its output follows the e2e step)"
docker_started=$SECONDS
npx vitest run --project docker --reporter=default --reporter=json --outputFile=.test-reports/docker.json \
  > .test-reports/docker.log 2>&1 &
docker_pid=$!
trap 'kill "$docker_pid" 2>/dev/null || true; print_step_times' EXIT

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
step_names+=("docker, in the background") step_secs+=($((SECONDS - docker_started)))
print_step_times
node scripts/test-summary.mjs
if [ "$docker_rc" -ne 0 ]; then echo "the docker step failed (above)" >&2; exit 1; fi
step "clean tree"
if [ "$(tree_state)" != "$before" ]; then
  echo "the test suite changed the checkout:" >&2
  diff <(echo "$before") <(tree_state) >&2 || true
  exit 1
fi
