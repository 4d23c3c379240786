/**
 * A render's page lives as long as its deadline (D26, D17): spare pages are closed by their guard
 * 150 s after they were made, whatever happens, which assumed a render of a minute at most; a
 * recording job may take minutes (a 30-s 1080p video on a loaded machine did, and its page was
 * closed under it: "Attempted to use detached Frame"). A render now sets its page's bound from
 * its own deadline — long for a job, short for a screenshot.
 */
import { afterAll, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";
testEnvironment({ extra: { BROWSER_CONCURRENCY: "2" } });
afterAll(async () => {
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
});

it("keeps a render's page open until its own deadline, and no longer than it needs", async () => {
  const { Deadline, withPage } = await import("@/lib/browser");
  const closesIn = (ms: number) => withPage(new Deadline(ms), async ({ guard }) => guard.closesAt - Date.now());
  // A recording job's 10 minutes: past the spare's 150 s.
  expect(await closesIn(600_000)).toBeGreaterThan(600_000);
  // A screenshot's 30 s: its page is closed within 30 s of that deadline, not 150 s after it was made.
  expect(await closesIn(30_000)).toBeLessThanOrEqual(60_000);
});
