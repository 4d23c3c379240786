/**
 * Monitors across instances (D27, issue 31 points 3 and 5), with worker instances in processes of
 * their own (tests/support/instance.ts: job workers and the monitors' schedule, each with its own
 * Chromium) on one PostgreSQL; this process only creates monitors through the real routes.
 *
 * - Two instances on one Redis (BullMQ's job schedulers), and two on the database alone (the
 *   in-process schedule): every tick of a 3-second schedule is one run, ticks 2 s apart, none
 *   twice, none skipped.
 * - An instance killed (SIGKILL, its Chromium with it) in the middle of a run that finds a change:
 *   another instance completes the run, which ends once and alerts once (one webhook delivery).
 *   The key that created the monitor was revoked before that run: a monitor is the workspace's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { killWorkerInstances, startWorkerInstance } from "@/tests/support/instance";
import { type ChangingPages, startChangingPages } from "@/tests/support/changing-pages";
import { eventually, type Receiver, startReceiver } from "@/tests/support/webhook-receiver";
import {
  createMonitor,
  expectStatus,
  type MonitorBody,
  monitorCall,
  runNow,
  type RunBody,
  waitForRun,
} from "./support";

let pages: ChangingPages;
let receiver: Receiver;
let account: TestAccount;

beforeAll(async () => {
  pages = await startChangingPages();
  receiver = await startReceiver();
});

testEnvironment(() => ({
  store: "redis",
  extra: {
    ALLOW_PRIVATE_ORIGINS: `${pages.origin},${receiver.origin}`,
    URL_SIGNING_SECRET: "test-url-signing-secret-0123456789abcdef",
    // Schedules of seconds, for a test that waits for a few ticks.
    MONITOR_MIN_INTERVAL_SECONDS: "1",
    MONITOR_POLL_MS: "100",
    WEBHOOK_POLL_MS: "50",
    BROWSER_CONCURRENCY: "2",
  },
}));

beforeAll(async () => {
  account = await createTestAccount({ plan: "business" });
  const { setDefaultWebhookUrl } = await import("@/lib/webhooks/settings");
  await setDefaultWebhookUrl(account.userId, `${receiver.origin}/hooks`);
  // This process sends the webhook deliveries the instances record.
  const { startWebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
  startWebhookDispatcher();
});

afterAll(async () => {
  await killWorkerInstances();
  const { stopMonitoring } = await import("@/lib/monitors/start");
  await stopMonitoring();
  await receiver?.close();
  await pages?.close();
});

async function runRows(monitorId: string) {
  const { getPool } = await import("@/lib/db/pool");
  const { rows } = await (
    await getPool()
  ).query<{ id: string; state: string; attempts: number; lease_owner: string | null; scheduled_for: Date | null }>(
    `SELECT id, state, attempts, lease_owner, scheduled_for FROM jobs WHERE monitor_id = $1 ORDER BY created_at`,
    [monitorId],
  );
  return rows;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ["one Redis (BullMQ's job schedulers)", {}],
  ["the database alone (the in-process schedule)", { REDIS_URL: "" }],
])("two instances on %s", (_, env: Record<string, string>) => {
  it("run every tick of a 3-second schedule once", async () => {
    const instances = await Promise.all([startWorkerInstance(env), startWorkerInstance(env)]);
    const name = `ticking-${Object.keys(env).length}`;
    const created = (await expectStatus(
      await createMonitor(account, { url: pages.url(name), width: 320, height: 200, interval: 3 }),
      201,
    )) as MonitorBody;
    if (env.REDIS_URL === "") {
      // This process recorded the schedule on its Redis; the instances keep theirs in the database only.
      const { stopMonitoring } = await import("@/lib/monitors/start");
      await stopMonitoring();
    }
    await sleep(11_000); // ticks at 3, 6 and 9 s after creation
    await expectStatus(await monitorCall(account, created.id, "PATCH", { paused: true }), 200);
    const ticks = (await runRows(created.id)).filter((r) => r.scheduled_for).map((r) => r.scheduled_for!.getTime());
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ticks).size).toBe(ticks.length); // none twice
    const sorted = [...ticks].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i] - sorted[i - 1], `tick ${i}`).toBe(3_000); // none skipped
    // Every recorded tick runs to its end on one of the instances.
    const ended = async () => (await runRows(created.id)).every((r) => r.state === "succeeded");
    await eventually(ended, "every run succeeded", 60_000);
    await Promise.all(instances.map((i) => i.stop()));
  }, 120_000);
});

describe("an instance killed in the middle of a run", () => {
  // The re-run waits for the dead instance's render lock (D6's single flight across instances,
  // 30 s) to lapse: the harness's limit is raised for that.
  it("leaves the run to another, which ends it once and alerts once", async () => {
    const first = await startWorkerInstance({ JOBS_LEASE_SECONDS: "3" });
    const page = pages.state("interrupted");
    // Made with a key of its own, revoked before the run below (as its maker's removal from the
    // workspace does): a monitor is the workspace's, not its key's (D27, D28), and goes on running.
    const { createApiKey, revokeApiKey } = await import("@/lib/keys/service");
    const maker = await createApiKey(account.userId, "monitor maker");
    const created = (await expectStatus(
      await createMonitor(
        { ...account, apiKey: maker.key },
        { url: pages.url("interrupted"), width: 320, height: 200 },
      ),
      201,
    )) as MonitorBody;
    expect((await waitForRun(account, created.id, created.firstRun!.id)).status).toBe("succeeded");
    expect(await revokeApiKey(account.userId, maker.apiKey.id)).toBe(true);

    page.box.color = "#dc2626";
    page.hold = true;
    const accepted = (await expectStatus(await runNow(account, created.id), 202)) as RunBody;
    await eventually(() => pages.held("interrupted") > 0, "the run loading the page");
    await first.kill();
    pages.release("interrupted");
    const second = await startWorkerInstance({ JOBS_LEASE_SECONDS: "3" });
    const run = await waitForRun(account, created.id, accepted.id);
    expect(run.status, JSON.stringify(run.error)).toBe("succeeded");
    expect(run.result).toMatchObject({ changed: true, baselineUpdated: true });
    const row = (await runRows(created.id)).find((r) => r.id === accepted.id)!;
    expect(row.attempts).toBe(2); // cut off once, then run to its end by the second instance
    const hooks = () =>
      receiver.received.filter((r) => (JSON.parse(r.body) as { data?: { id?: string } }).data?.id === accepted.id);
    await eventually(() => hooks().length > 0, "the monitor.changed webhook");
    await sleep(500);
    expect(hooks()).toHaveLength(1);
    await second.stop();
  }, 120_000);
});
