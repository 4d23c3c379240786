/**
 * End-to-end tests in a real browser: Playwright driving Debian's Chromium (Playwright's own
 * browser download cannot work here) against the BUILT app. The webServer command is the harness
 * (tests/e2e/support/harness.ts), which starts the SMTP listener, the GitHub stub, the fixture
 * server and a fresh database before `next start`. Build first:
 *   NEXT_DIST_DIR=.next npx next build && NEXT_DIST_DIR=.next npx playwright test
 * Locally, use your own build dir and port: NEXT_DIST_DIR=.next-me E2E_PORT=3450 …
 */
import { defineConfig } from "@playwright/test";
import { e2e } from "./tests/e2e/support/ports";

const chromium = process.env.CHROME_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // Two cores shared with the server and the renderer: one browser at a time keeps timings stable.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  // Per port, so two runs on one machine (e.g. two engineers) never share trace files.
  outputDir: `test-results/e2e-${e2e.appPort}`,
  use: {
    baseURL: e2e.appUrl,
    browserName: "chromium",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
      ],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "node --import tsx tests/e2e/support/harness.ts",
    url: `${e2e.appUrl}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
