/**
 * A crawl's webhooks (D32, D20): with pageWebhooks, one signed `crawl.page` per page as it ends,
 * and one signed `crawl.completed` when the crawl ends — each verifiable with the account's secret,
 * each page announced once. Real workers, Chromium and dispatcher, on Flask's documentation.
 */
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { ensureDebianDocs } from "@/tests/support/debian-docs";
import { serveSite, type SiteServer } from "@/tests/support/site-server";
import { testEnvironment } from "@/tests/support/test-env";
import { eventually, startReceiver, type Receiver } from "@/tests/support/webhook-receiver";

let site: SiteServer;
let receiver: Receiver;
beforeAll(async () => {
  ensureDebianDocs(["python-flask-doc"]);
  site = await serveSite({ root: "/usr/share/doc/python-flask-doc/html/" });
  receiver = await startReceiver();
}, 600_000);
testEnvironment(() => ({
  extra: {
    ALLOW_PRIVATE_ORIGINS: `${site.origin},${receiver.origin}`,
    BROWSER_CONCURRENCY: "2",
    WEBHOOK_POLL_MS: "50",
  },
}));

let account: TestAccount;
beforeAll(async () => {
  account = await createTestAccount({ plan: "business" });
  const { startJobWorkers } = await import("@/lib/jobs/worker");
  const { CRAWL_PAGE } = await import("@/lib/jobs/store");
  const { crawlPageKind } = await import("@/lib/crawl/run");
  await startJobWorkers({ [CRAWL_PAGE]: crawlPageKind });
  const { startWebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
  startWebhookDispatcher();
});
afterAll(async () => {
  const { stopJobWorkers } = await import("@/lib/jobs/worker");
  await stopJobWorkers();
  const { stopWebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
  await stopWebhookDispatcher();
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  await receiver?.close();
  await site?.close();
});

describe("a crawl's webhooks", () => {
  it("signs one crawl.page per page and one crawl.completed", async () => {
    const route = await import("@/app/v1/crawl/route");
    const response = await route.POST(
      new Request("http://localhost:3000/v1/crawl", {
        method: "POST",
        headers: { "X-API-Key": account.apiKey, "Content-Type": "application/json" },
        body: JSON.stringify({
          url: site.url("/index.html"),
          depth: 1,
          limit: 3,
          include: ["/index", "/tutorial/"],
          sitemap: "skip",
          pageWebhooks: true,
          webhookUrl: `${receiver.origin}/hooks`,
        }),
      }),
    );
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    await eventually(() => receiver.received.length >= 4, "three crawl.page and one crawl.completed", 60_000);

    const { webhookSettings } = await import("@/lib/webhooks/settings");
    const verifier = new Webhook((await webhookSettings(account.userId)).secret);
    const events = receiver.received.map(
      (hook) => verifier.verify(hook.body, hook.headers) as { type: string; data: Record<string, unknown> },
    );
    const pages = events.filter((event) => event.type === "crawl.page");
    expect(pages).toHaveLength(3);
    expect(new Set(pages.map((event) => event.data.url)).size).toBe(3);
    for (const event of pages) expect(event.data).toMatchObject({ crawlId: id, status: "completed" });
    const completed = events.filter((event) => event.type === "crawl.completed");
    expect(completed).toHaveLength(1);
    expect(completed[0].data).toMatchObject({ id, status: "completed", completed: 3, stopReason: "limit" });
    expect(new Set(receiver.received.map((hook) => hook.headers["webhook-id"])).size).toBe(4);
  });
});
