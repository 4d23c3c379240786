/**
 * Monitors through the real /v1/monitors routes (D27), on PostgreSQL and BullMQ on real Redis,
 * with this process's job workers and real Chromium, a real SMTP listener and a webhook receiver:
 * the first run takes the baseline; a page that changes alerts once — a signed `monitor.changed`
 * webhook and an e-mail — with its box to the pixel; an unchanged page and an ignored selector do
 * not; each run counts one render; another account sees 404s; the plan's limits are 403s.
 */
import type { AddressInfo } from "node:net";
import type { SMTPServer } from "smtp-server";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { createSmtpCapture, type CapturedSmtpMessage } from "@/tests/support/smtp-capture";
import { type ChangingPages, startChangingPages } from "@/tests/support/changing-pages";
import { eventually, type Receiver, startReceiver } from "@/tests/support/webhook-receiver";
import {
  createMonitor,
  expectStatus,
  listRuns,
  monitorCall,
  type MonitorBody,
  runNow,
  type RunBody,
  waitForRun,
} from "./support";

let pages: ChangingPages;
let receiver: Receiver;
let smtp: SMTPServer;
const mail: CapturedSmtpMessage[] = [];
let account: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  pages = await startChangingPages();
  receiver = await startReceiver();
  smtp = createSmtpCapture((message) => mail.push(message));
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
});

testEnvironment(() => ({
  store: "redis",
  extra: {
    ALLOW_PRIVATE_ORIGINS: `${pages.origin},${receiver.origin}`,
    BROWSER_CONCURRENCY: "2",
    URL_SIGNING_SECRET: "test-url-signing-secret-0123456789abcdef",
    WEBHOOK_POLL_MS: "50",
    MONITOR_POLL_MS: "200",
    EMAIL_SERVER: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    EMAIL_FROM: "Glance <alerts@glance.test>",
  },
}));

beforeAll(async () => {
  account = await createTestAccount({ plan: "business" });
  other = await createTestAccount({ plan: "business" });
  const { startMonitoring } = await import("@/lib/monitors/start");
  await startMonitoring();
  const { startWebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
  startWebhookDispatcher();
});

afterAll(async () => {
  const { stopMonitoring } = await import("@/lib/monitors/start");
  await stopMonitoring();
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await receiver?.close();
  await pages?.close();
});

const hooksFor = (monitorId: string) =>
  receiver.received.filter(
    (r) => (JSON.parse(r.body) as { data?: { monitorId?: string } }).data?.monitorId === monitorId,
  );

async function renders(): Promise<number> {
  const { rendersThisMonth } = await import("@/lib/usage/quota");
  return rendersThisMonth(account.userId);
}

async function run(monitorId: string): Promise<RunBody> {
  const accepted = (await expectStatus(await runNow(account, monitorId), 202)) as RunBody;
  return waitForRun(account, monitorId, accepted.id);
}

describe("a monitor", () => {
  it("takes a baseline, alerts once on a change (signed webhook, e-mail, box to the pixel) and not when nothing changed", async () => {
    const page = pages.state("watched");
    page.box.color = "#2563eb";
    // Counted before the monitor exists: its first run starts on creation and may be counted
    // before the create call's answer is read (seen in CI).
    const before = await renders();
    const created = (await expectStatus(
      await createMonitor(account, {
        url: pages.url("watched"),
        name: "Watched page",
        width: 400,
        height: 300,
        webhookUrl: `${receiver.origin}/hooks`,
        email: account.email,
      }),
      201,
    )) as MonitorBody;
    expect(created.id).toMatch(/^mon_[a-z0-9]{24}$/);
    const first = await waitForRun(account, created.id, created.firstRun!.id);
    expect(first.status, JSON.stringify(first.error)).toBe("succeeded");
    expect(first.result).toMatchObject({ changed: false, baselineUpdated: true });
    expect(await renders()).toBe(before + 1);

    const loads = pages.loads.get("watched") ?? 0;
    const same = await run(created.id);
    expect(same.result).toMatchObject({ changed: false, changedRatio: 0, boxes: [], baselineUpdated: false });
    expect(pages.loads.get("watched")).toBe(loads + 1); // captured fresh, not from the cache
    expect(await renders()).toBe(before + 2);

    page.box.color = "#dc2626";
    const changed = await run(created.id);
    expect(changed.result).toMatchObject({ changed: true, baselineUpdated: true });
    expect(changed.result!.changedRatio).toBeCloseTo((200 * 50) / (400 * 300), 3);
    const [box] = changed.result!.boxes!;
    expect(changed.result!.boxes).toHaveLength(1);
    for (const [k, v] of Object.entries({ x: 100, y: 120, width: 200, height: 50 }))
      expect(Math.abs(box[k as keyof typeof box] - v), k).toBeLessThanOrEqual(2);

    // One signed monitor.changed delivery, verifiable with the account's secret.
    await eventually(() => hooksFor(created.id).length > 0, "the monitor.changed webhook");
    const [hook] = hooksFor(created.id);
    const { webhookSettings } = await import("@/lib/webhooks/settings");
    const { secret } = await webhookSettings(account.userId);
    const event = new Webhook(secret).verify(hook.body, hook.headers) as { type: string; data: RunBody };
    expect(event.type).toBe("monitor.changed");
    expect(event.data).toMatchObject({ id: changed.id, status: "succeeded", result: { changed: true } });
    // And one e-mail at the SMTP listener, to the account's address, with the links.
    await eventually(() => mail.length > 0, "the alert e-mail");
    expect(mail).toHaveLength(1);
    expect(mail[0].rcpt).toEqual([account.email]);
    expect(mail[0].raw).toContain("Subject: Glance: Watched page changed");
    expect(mail[0].raw.replace(/=\r?\n/g, "")).toContain(changed.result!.diffImageUrl!);

    // The change became the baseline: the same page again is no change, and no second alert.
    const after = await run(created.id);
    expect(after.result).toMatchObject({ changed: false, changedRatio: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hooksFor(created.id)).toHaveLength(1);
    expect(mail).toHaveLength(1);

    // The runs list has all four, newest first, each a render of the page.
    const runs = ((await (await listRuns(account, created.id)).json()) as { runs: RunBody[] }).runs;
    expect(runs.map((r) => r.id)).toEqual([after.id, changed.id, same.id, first.id]);
  });

  it("with baseline=fixed compares every run with the first capture, also when the page grew taller", async () => {
    const page = pages.state("fixed");
    const created = (await expectStatus(
      await createMonitor(account, {
        url: pages.url("fixed"),
        width: 400,
        height: 300,
        fullPage: true,
        baseline: "fixed",
        webhookUrl: `${receiver.origin}/hooks`,
      }),
      201,
    )) as MonitorBody;
    expect(created.baseline).toBe("fixed");
    const first = await waitForRun(account, created.id, created.firstRun!.id);
    expect(first.result).toMatchObject({ changed: false, baselineUpdated: true });

    // 100 px more page: what only the taller capture has is changed, 400 × 100 of 400 × 400.
    page.height = 400;
    const grown = { changed: true, baselineUpdated: false, changedRatio: 0.25, width: 400, height: 400 };
    const once = await run(created.id);
    expect(once.result).toMatchObject(grown);
    expect(once.result!.boxes).toEqual([{ x: 0, y: 300, width: 400, height: 100 }]);
    // The baseline stayed: the same page alerts again (rolling would have taken it as the baseline).
    const twice = await run(created.id);
    expect(twice.result).toMatchObject(grown);
    await eventually(() => hooksFor(created.id).length === 2, "a monitor.changed webhook for each run");
    // /v1/diff compares with the same baseline.
    const { GET } = await import("@/app/v1/diff/route");
    const compared = (await expectStatus(
      await GET(
        apiRequest(
          `/v1/diff?url=${encodeURIComponent(pages.url("fixed"))}&width=400&height=300&fullPage=true&compareTo=${created.id}`,
          { apiKey: account.apiKey },
        ),
      ),
      200,
    )) as { changedRatio: number; boxes: unknown[] };
    expect(compared).toMatchObject({ changedRatio: 0.25, boxes: [{ x: 0, y: 300, width: 400, height: 100 }] });
    // And the page as it first was is no change.
    page.height = 300;
    expect((await run(created.id)).result).toMatchObject({ changed: false, changedRatio: 0, baselineUpdated: false });
  });

  it("does not alert on a change inside ignoreSelectors", async () => {
    pages.state("clocked").clock = true;
    const created = (await expectStatus(
      await createMonitor(account, {
        url: pages.url("clocked"),
        width: 400,
        height: 300,
        threshold: 0,
        ignoreSelectors: ".clock",
        webhookUrl: `${receiver.origin}/hooks`,
      }),
      201,
    )) as MonitorBody;
    await waitForRun(account, created.id, created.firstRun!.id);
    const next = await run(created.id);
    expect(next.result).toMatchObject({ changed: false, changedPixels: 0 });
    // Control: without the mask the clock is a change.
    const bare = (await expectStatus(
      await createMonitor(account, { url: pages.url("clocked"), width: 400, height: 300, threshold: 0 }),
      201,
    )) as MonitorBody;
    await waitForRun(account, bare.id, bare.firstRun!.id);
    expect((await run(bare.id)).result).toMatchObject({ changed: true });
    expect(hooksFor(created.id)).toHaveLength(0);
  });

  it("belongs to its account: any other account's call is 404 monitor_not_found, like an unknown id", async () => {
    const created = (await expectStatus(
      await createMonitor(account, { url: pages.url("private-to-a"), width: 400, height: 300, paused: true }),
      201,
    )) as MonitorBody;
    const answers = [
      await monitorCall(other, created.id, "GET"),
      await monitorCall(other, created.id, "PATCH", { paused: false }),
      await monitorCall(other, created.id, "DELETE"),
      await runNow(other, created.id),
      await listRuns(other, created.id),
      await monitorCall(account, "mon_000000000000000000000000", "GET"),
    ];
    for (const answer of answers) {
      const problem = await problemOf(answer);
      expect([problem.status, problem.code, problem.detail]).toEqual([
        404,
        "monitor_not_found",
        "No monitor with this id belongs to this account.",
      ]);
    }
    const { GET } = await import("@/app/v1/diff/route");
    const compared = await problemOf(
      await GET(
        apiRequest(`/v1/diff?url=${encodeURIComponent(pages.url("x"))}&compareTo=${created.id}`, {
          apiKey: other.apiKey,
        }),
      ),
    );
    expect(compared.code).toBe("monitor_not_found");
    // Still there for its owner, still paused.
    expect(((await expectStatus(await monitorCall(account, created.id, "GET"), 200)) as MonitorBody).status).toBe(
      "paused",
    );
  });

  it("is changed, paused and deleted by its owner", async () => {
    const created = (await expectStatus(
      await createMonitor(account, { url: pages.url("edited"), width: 400, height: 300, interval: 3600 }),
      201,
    )) as MonitorBody;
    const patched = (await expectStatus(
      await monitorCall(account, created.id, "PATCH", { paused: true, threshold: 0.05, name: "Edited" }),
      200,
    )) as MonitorBody;
    expect(patched).toMatchObject({ status: "paused", threshold: 0.05, name: "Edited", schedule: { interval: 3600 } });
    expect(patched.nextRunAt).toBeNull();
    await expectStatus(await monitorCall(account, created.id, "DELETE"), 204);
    expect((await problemOf(await monitorCall(account, created.id, "GET"))).code).toBe("monitor_not_found");
  });

  it("refuses private pages and webhook addresses, another's e-mail, and more than the plan allows", async () => {
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ url: "http://10.1.2.3/" }, 400, "private_address", "url"],
      [{ url: pages.url("a"), webhookUrl: "http://169.254.169.254/hook" }, 400, "private_address", "webhookUrl"],
      [{ url: pages.url("a"), email: "someone-else@example.test" }, 400, "invalid_parameter", "email"],
      [{ url: pages.url("a"), cron: "not a cron" }, 400, "invalid_parameter", "cron"],
      [{ url: pages.url("a"), interval: 60, cron: "0 * * * *" }, 400, "invalid_parameter", "cron"],
      [{ url: pages.url("a"), interval: 60 }, 403, "plan_upgrade_required", "interval"],
      [{ url: pages.url("a"), cron: "* * * * *" }, 403, "plan_upgrade_required", "cron"],
      [{}, 400, "missing_parameter", "url"],
    ];
    for (const [body, status, code, param] of cases) {
      const problem = await problemOf(await createMonitor(account, body));
      expect([problem.status, problem.code, problem.param], JSON.stringify(body)).toEqual([status, code, param]);
    }
    const free = await createTestAccount({ plan: "free" });
    const slow = await problemOf(await createMonitor(free, { url: pages.url("a"), interval: 3600 }));
    expect([slow.status, slow.code]).toEqual([403, "plan_upgrade_required"]);
    expect(String(slow.detail)).toContain("Starter");
    await expectStatus(await createMonitor(free, { url: pages.url("a"), paused: true }), 201);
    const second = await problemOf(await createMonitor(free, { url: pages.url("b"), paused: true }));
    expect([second.status, second.code]).toEqual([403, "monitor_limit_reached"]);
  });
});
