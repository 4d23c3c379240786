/**
 * A crawl among others (issue 44, D32), with the routes, this process's job workers on Redis and
 * real Chromium:
 *  - reading a crawl while it runs (migration 0046): pages end out of the order they were found
 *    and, on several instances, in overlapping transactions; a reader that pages GET
 *    /v1/crawl/{id} with `next` and resumes from each answer's `cursor` must read every ended page
 *    exactly once. Pages are ended with the store's own recordPageEnd, in the worst order for a
 *    cursor on the order found, two transactions overlapping each time;
 *  - politeness across crawls: two workspaces' crawls of one host never have more than
 *    HOST_RENDERS pages in flight at the site (it counts its requests in flight), though their
 *    job slots would allow twice that; and a slot a killed instance held lapses with its lease.
 */
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { PoolClient } from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiRequest, createTestAccount, type TestAccount } from "@/tests/support/api";
import { serveSite, type SiteServer } from "@/tests/support/site-server";
import { testEnvironment } from "@/tests/support/test-env";

/** A site of two sections, /a/ and /b/, each an index linking four pages; every page answers slowly. */
let site: SiteServer;
let root: string;
let inFlight = 0;
let mostInFlight = 0;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "glance-hosts-"));
  for (const section of ["a", "b"]) {
    await mkdir(path.join(root, section));
    const links = [1, 2, 3, 4].map((n) => `<a href="/${section}/${n}.html">${n}</a>`).join(" ");
    await writeFile(path.join(root, section, "index.html"), `<title>${section}</title><p>${links}</p>`);
    for (const n of [1, 2, 3, 4])
      await writeFile(path.join(root, section, `${n}.html`), `<title>${section}${n}</title><p>Page ${n}.</p>`);
  }
  site = await serveSite({
    root,
    gate: async (urlPath) => {
      if (!/^\/[ab]\//.test(urlPath)) return;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await sleep(300);
      inFlight--;
    },
  });
});
testEnvironment(() => ({
  store: "redis",
  extra: {
    ALLOW_PRIVATE_ORIGINS: site.origin,
    BROWSER_CONCURRENCY: "4",
    JOBS_CONCURRENCY: "4",
    JOBS_ACCOUNT_CONCURRENCY: "2",
  },
}));

let account: TestAccount;
let other: TestAccount;
let GET: typeof import("@/app/v1/crawl/[id]/route").GET;
beforeAll(async () => {
  [account, other] = await Promise.all([
    createTestAccount({ plan: "business" }),
    createTestAccount({ plan: "business" }),
  ]);
  ({ GET } = await import("@/app/v1/crawl/[id]/route"));
});
afterAll(async () => {
  const { stopJobWorkers } = await import("@/lib/jobs/worker");
  await stopJobWorkers();
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  await site?.close();
  await rm(root, { recursive: true, force: true });
});

type Answer = { status: string; pages: Array<{ url: string }>; cursor: string; next?: string };

async function read(crawlId: string, cursor: string): Promise<Answer> {
  const response = await GET(apiRequest(`/v1/crawl/${crawlId}?size=2&cursor=${cursor}`, { apiKey: account.apiKey }));
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

it("reads every page exactly once while pages end out of order and in overlapping transactions", async () => {
  const { addPages, insertCrawl } = await import("@/lib/crawl/store");
  const { recordPageEnd } = await import("@/lib/crawl/page-order");
  const { getPool, inTransaction } = await import("@/lib/db/pool");
  const pool = await getPool();
  const { crawl } = await insertCrawl(
    { userId: account.userId, apiKeyId: account.apiKeyId },
    {
      url: "https://paging.example/",
      key: "paging.example/",
      pageSecrets: null,
      pageLimit: 50,
      options: {
        depth: 1,
        sitemap: "skip",
        subdomains: false,
        ignoreQueryParameters: false,
        page: {},
        limitSource: "request",
        formats: ["markdown"],
      },
    },
  );
  const found = Array.from({ length: 11 }, (_, i) => ({
    key: `paging.example/${i}`,
    url: `https://paging.example/${i}`,
    depth: 1,
  }));
  await inTransaction((client) => addPages(client, crawl.id, found));
  const pages = (
    await pool.query<{ seq: string; crawl_id: string; url: string }>(
      `SELECT seq, crawl_id, url FROM crawl_pages WHERE crawl_id = $1 ORDER BY seq`,
      [crawl.id],
    )
  ).rows;
  expect(pages).toHaveLength(12);
  // The start page first (it finds the others), then the last found first: every page ends after
  // pages found after it, which a cursor on the order found would already have passed.
  const order = [pages[0], ...pages.slice(1).reverse()];

  const seen: string[] = [];
  let cursor = "0";
  const readToNow = async () => {
    for (;;) {
      const answer = await read(crawl.id, cursor);
      seen.push(...answer.pages.map((page) => page.url));
      cursor = answer.cursor;
      if (!answer.next) return answer;
    }
  };
  const begin = async () => {
    const client = await pool.connect();
    await client.query("BEGIN");
    return client;
  };
  const commit = async (client: PoolClient) => {
    await client.query("COMMIT");
    client.release();
  };
  const end = (client: PoolClient, page: (typeof pages)[number], failed: boolean) =>
    recordPageEnd(
      client,
      page,
      failed ? "failed" : "completed",
      failed ? null : { title: page.url },
      failed ? { code: "target_http_error" } : null,
    );

  await readToNow();
  expect(seen).toEqual([]);
  for (let i = 0; i < order.length; i += 2) {
    // Two instances end a page each: the first has not committed when the second starts.
    const first = await begin();
    await end(first, order[i], false);
    const second = await begin();
    const secondEnded = end(second, order[i + 1], i % 4 === 2).then(() => "ended");
    // The second waits for the first's commit (the crawl's row lock), so it cannot commit before it.
    expect(await Promise.race([secondEnded, sleep(200).then(() => "waiting")])).toBe("waiting");
    await readToNow(); // reads nothing of either: neither has committed
    await commit(first);
    await secondEnded;
    await readToNow(); // the first's page, not the second's
    expect(seen.at(-1)).toBe(order[i].url);
    await commit(second);
    await readToNow();
    expect(seen.at(-1)).toBe(order[i + 1].url);
  }

  // The union of what was read while the crawl ran is every ended page, each once, in the order they ended.
  expect(seen).toEqual(order.map((page) => page.url));
  const fromStart: string[] = [];
  cursor = "0";
  for (;;) {
    const answer = await read(crawl.id, cursor);
    fromStart.push(...answer.pages.map((page) => page.url));
    cursor = answer.cursor;
    if (!answer.next) break;
  }
  expect(fromStart).toEqual(seen);
  const { GET: jsonl } = await import("@/app/v1/crawl/[id]/pages.jsonl/route");
  const lines = (
    await (await jsonl(apiRequest(`/v1/crawl/${crawl.id}/pages.jsonl`, { apiKey: account.apiKey }))).text()
  )
    .trim()
    .split("\n")
    .map((line) => (JSON.parse(line) as { url: string }).url);
  expect(lines).toEqual(seen);
});

it("keeps two workspaces' crawls of one host to HOST_RENDERS pages in flight at the site", async () => {
  const { startJobWorkers } = await import("@/lib/jobs/worker");
  const { CRAWL_PAGE } = await import("@/lib/jobs/store");
  const { crawlPageKind } = await import("@/lib/crawl/run");
  const { HOST_RENDERS } = await import("@/lib/crawl/host-slots");
  const { crawlCounts, findCrawl } = await import("@/lib/crawl/store");
  await startJobWorkers({ [CRAWL_PAGE]: crawlPageKind });
  const { POST } = await import("@/app/v1/crawl/route");
  const start = async (owner: TestAccount, section: string) => {
    const body = { url: site.url(`/${section}/`), depth: 1, sitemap: "skip", include: [`/${section}/`], limit: 5 };
    const response = await POST(
      new Request("http://localhost:3000/v1/crawl", {
        method: "POST",
        headers: { "X-API-Key": owner.apiKey, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(202);
    return { owner, id: ((await response.json()) as { id: string }).id };
  };
  const crawls = await Promise.all([start(account, "a"), start(other, "b")]);
  for (const { owner, id } of crawls) {
    while ((await findCrawl(id, owner.userId))?.status === "running") await sleep(100);
    expect(await crawlCounts(id)).toMatchObject({ total: 5, completed: 5, failed: 0 });
  }
  // Each account's job slots alone would have let four pages (two per crawl) reach the site at once.
  expect(HOST_RENDERS).toBe(2);
  expect(mostInFlight).toBe(HOST_RENDERS);
});

it("frees a slot a killed instance held when its lease lapses", async () => {
  const { takeHostSlot } = await import("@/lib/crawl/host-slots");
  const { getRedis } = await import("@/lib/redis");
  const redis = getRedis()!;
  // What a killed instance leaves: its lease in the host's set, never renewed or released.
  await redis.eval(
    `local t = redis.call('TIME') redis.call('ZADD', KEYS[1], t[1] * 1000 + math.floor(t[2] / 1000) + 400, 'dead')`,
    ["crawl:host:lapsed.example"],
    [],
  );
  expect(await takeHostSlot("lapsed.example", { limit: 1 })).toBeNull();
  await sleep(500);
  const slot = await takeHostSlot("lapsed.example", { limit: 1, leaseMs: 300 });
  expect(slot).not.toBeNull();
  // A live holder renews its lease: past the lease's length the slot is still held, until released.
  await sleep(600);
  expect(await takeHostSlot("lapsed.example", { limit: 1 })).toBeNull();
  await slot!.release();
  const again = await takeHostSlot("lapsed.example", { limit: 1 });
  expect(again).not.toBeNull();
  await again!.release();
});
