/**
 * A crawl survives the instance running it (issue 44 point 3, D32): job workers in processes of
 * their own (tests/support/jobs-worker-child.ts, what every instance runs, each with its own
 * Chromium) on real PostgreSQL and BullMQ on real Redis, on Flask's documentation as Debian ships
 * it. The first instance is SIGKILLed (its Chromium with it) while it renders two pages — each
 * already charged —, a second one finishes the crawl: every page once in the results, none lost,
 * and exactly one render charged per page (the killed runs' charges are not counted again).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, rendersOf, type TestAccount } from "@/tests/support/api";
import { ensureDebianDocs } from "@/tests/support/debian-docs";
import { killWorkerInstances, startWorkerInstance } from "@/tests/support/instance";
import { serveSite, type SiteServer } from "@/tests/support/site-server";
import { testEnvironment } from "@/tests/support/test-env";

const ROOT = "/usr/share/doc/python-flask-doc/html/";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Page loads after the start page wait here while `holding`. */
let holding = true;
const held: Array<() => void> = [];
let site: SiteServer;
beforeAll(async () => {
  ensureDebianDocs(["python-flask-doc"]);
  site = await serveSite({
    root: ROOT,
    gate: (urlPath) =>
      holding && urlPath.endsWith(".html") && !urlPath.endsWith("/index.html")
        ? new Promise<void>((resolve) => held.push(resolve))
        : Promise.resolve(),
  });
}, 600_000);
testEnvironment(() => ({ store: "redis", extra: { ALLOW_PRIVATE_ORIGINS: site.origin } }));

let account: TestAccount;
beforeAll(async () => {
  account = await createTestAccount({ plan: "business" });
});
afterAll(async () => {
  await killWorkerInstances();
  holding = false;
  held.splice(0).forEach((go) => go());
  await site?.close();
});

const WORKER = { JOBS_CONCURRENCY: "2", JOBS_ACCOUNT_CONCURRENCY: "2", JOBS_LEASE_SECONDS: "3" };

async function pageRows(crawlId: string) {
  const { getPool } = await import("@/lib/db/pool");
  const { rows } = await (
    await getPool()
  ).query<{ url: string; status: string; attempts: number; charged: boolean }>(
    `SELECT p.url, p.status, j.attempts, p.charged_at IS NOT NULL AS charged
     FROM crawl_pages p JOIN jobs j ON j.id = p.job_id WHERE p.crawl_id = $1 ORDER BY p.seq`,
    [crawlId],
  );
  return rows;
}

describe("a crawl whose instance is killed mid-render", () => {
  // The re-run of a page cut off mid-render waits for the dead instance's render lock (D6's single
  // flight across instances) to lapse, up to 30 s, and the site's render slots it held
  // (lib/crawl/host-slots.ts) lapse in the same 30 s: hence the test's two minutes.
  it("is finished by another instance: no page lost, none twice, each charged once", async () => {
    const before = await rendersOf(account);
    const first = await startWorkerInstance(WORKER);
    const { POST } = await import("@/app/v1/crawl/route");
    const response = await POST(
      new Request("http://localhost:3000/v1/crawl", {
        method: "POST",
        headers: { "X-API-Key": account.apiKey, "Content-Type": "application/json" },
        body: JSON.stringify({ url: site.url("/index.html"), depth: 1, limit: 6, sitemap: "skip" }),
      }),
    );
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };

    // The start page rendered (charged), two linked pages loading in the first instance's Chromium.
    while (held.length < 2) await sleep(50);
    await sleep(300);
    const mid = await pageRows(id);
    expect(mid[0].status).toBe("completed");
    expect(mid.filter((p) => p.status === "queued" && p.charged)).toHaveLength(2);
    expect(await rendersOf(account)).toBe(before + 3);

    await first.kill();
    holding = false;
    held.splice(0).forEach((go) => go());
    const second = await startWorkerInstance(WORKER);

    const { findCrawl, crawlCounts } = await import("@/lib/crawl/store");
    while ((await findCrawl(id, account.userId))?.status === "running") await sleep(200);
    expect((await findCrawl(id, account.userId))?.status).toBe("completed");
    expect(await crawlCounts(id)).toEqual({ total: 6, completed: 6, failed: 0, queued: 0 });

    const rows = await pageRows(id);
    expect(new Set(rows.map((p) => p.url)).size).toBe(6);
    // The two cut off ran twice, the rest once; the results hold each page once.
    expect(rows.map((p) => p.attempts).sort()).toEqual([1, 1, 1, 1, 2, 2]);
    const { GET } = await import("@/app/v1/crawl/[id]/pages.jsonl/route");
    const jsonl = new Request(`http://localhost:3000/v1/crawl/${id}/pages.jsonl`, {
      headers: { "X-API-Key": account.apiKey },
    });
    const lines = (await (await GET(jsonl)).text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { url: string; status: string });
    // In the order they ended (the cut-off pages last), each once.
    expect(lines.map((line) => line.url).sort()).toEqual(rows.map((p) => p.url).sort());
    expect(lines.every((line) => line.status === "completed")).toBe(true);
    // One render per page: the killed runs' charges stand for their pages' second runs.
    expect(await rendersOf(account)).toBe(before + 6);
    await second.stop();
  }, 120_000);
});
