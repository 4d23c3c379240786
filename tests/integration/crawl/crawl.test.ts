/**
 * /v1/crawl (D32) through its real routes, with this process's job workers (the in-process queue)
 * and real Chromium, on a real site nobody here wrote: Flask's Sphinx documentation as Debian
 * ships it, served from loopback. A crawl keeps to depth, limit and include; each page is rendered
 * as /v1/content renders it and charged once, a failed page not at all; results come a page at a
 * time with `next` and as JSON lines; cancel stops it; the quota and the plan's page limit stop it
 * cleanly, saying so; another workspace's crawl is a 404.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, problemOf, rendersOf, type TestAccount } from "@/tests/support/api";
import { ensureDebianDocs } from "@/tests/support/debian-docs";
import { serveSite, type SiteServer } from "@/tests/support/site-server";
import { testEnvironment } from "@/tests/support/test-env";
import type { CrawlResults as Crawl } from "@/lib/crawl/openapi";

const ROOT = "/usr/share/doc/python-flask-doc/html/";
let site: SiteServer;
/** The same site with a robots.txt that asks GlanceBot for a second between fetches. */
let polite: SiteServer;
let overlay: string;
beforeAll(async () => {
  ensureDebianDocs(["python-flask-doc"]);
  // A Cloudflare managed challenge as Cloudflare answers it (403, cf-mitigated), beside the real pages.
  const challenge = await readFile("tests/fixtures/screenshot/blocked/cloudflare-challenge.html");
  site = await serveSite({
    root: ROOT,
    routes: {
      "/challenge.html": (_req, res) =>
        res
          .writeHead(403, { "content-type": "text/html", "cf-mitigated": "challenge", server: "cloudflare" })
          .end(challenge),
    },
  });
  overlay = await mkdtemp(path.join(os.tmpdir(), "glance-crawl-"));
  await writeFile(path.join(overlay, "robots.txt"), "User-agent: GlanceBot\nCrawl-delay: 1\n");
  polite = await serveSite({ root: ROOT, overlay });
}, 600_000);
testEnvironment(() => ({
  extra: {
    ALLOW_PRIVATE_ORIGINS: `${site.origin},${polite.origin}`,
    BROWSER_CONCURRENCY: "2",
    JOBS_CONCURRENCY: "2",
    JOBS_ACCOUNT_CONCURRENCY: "2",
  },
}));

let business: TestAccount;
let other: TestAccount;
let free: TestAccount;
let routes: {
  start: typeof import("@/app/v1/crawl/route");
  one: typeof import("@/app/v1/crawl/[id]/route");
  jsonl: typeof import("@/app/v1/crawl/[id]/pages.jsonl/route");
};
beforeAll(async () => {
  [business, other, free] = await Promise.all([
    createTestAccount({ plan: "business" }),
    createTestAccount({ plan: "business" }),
    createTestAccount({ plan: "free" }),
  ]);
  routes = {
    start: await import("@/app/v1/crawl/route"),
    one: await import("@/app/v1/crawl/[id]/route"),
    jsonl: await import("@/app/v1/crawl/[id]/pages.jsonl/route"),
  };
  const { startJobWorkers } = await import("@/lib/jobs/worker");
  const { CRAWL_PAGE } = await import("@/lib/jobs/store");
  const { crawlPageKind } = await import("@/lib/crawl/run");
  await startJobWorkers({ [CRAWL_PAGE]: crawlPageKind });
});
afterAll(async () => {
  const { stopJobWorkers } = await import("@/lib/jobs/worker");
  await stopJobWorkers();
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  await site?.close();
  await polite?.close();
  await rm(overlay, { recursive: true, force: true });
});

const request = (path: string, account: TestAccount, init: RequestInit = {}) =>
  new Request(`http://localhost:3000${path}`, {
    ...init,
    headers: { "X-API-Key": account.apiKey, "Content-Type": "application/json" },
  });

async function start(body: Record<string, unknown>, account = business): Promise<string> {
  const response = await routes.start.POST(
    request("/v1/crawl", account, { method: "POST", body: JSON.stringify(body) }),
  );
  const json = (await response.json()) as { id: string; statusUrl: string };
  expect(response.status, JSON.stringify(json)).toBe(202);
  expect(json.statusUrl).toBe(`http://localhost:3000/v1/crawl/${json.id}`);
  return json.id;
}

async function read(id: string, query = "", account = business): Promise<Response> {
  return routes.one.GET(request(`/v1/crawl/${id}${query}`, account));
}

/**
 * Waits for the crawl to end, watching its row (the test's own timeout bounds it; the route would
 * spend the Free plan's 10 requests a minute), then reads it once through the route.
 */
async function ended(id: string, account = business): Promise<Crawl> {
  const { findCrawl } = await import("@/lib/crawl/store");
  const { getPool } = await import("@/lib/db/pool");
  const rendering = async () =>
    (await (await getPool()).query(`SELECT 1 FROM jobs WHERE crawl_id = $1 AND state IN ('queued', 'running')`, [id]))
      .rowCount! > 0;
  // Ended, and settled: a page rendering when the crawl stopped is still recorded.
  while ((await findCrawl(id, account.userId))?.status === "running" || (await rendering()))
    await new Promise((resolve) => setTimeout(resolve, 200));
  return (await (await read(id, "", account)).json()) as Crawl;
}

describe("POST /v1/crawl on Flask's documentation", () => {
  it("renders pages to depth within limit and include, each once, charged once, paged with next and as JSON lines", async () => {
    const before = await rendersOf(business);
    const id = await start({
      url: site.url("/index.html"),
      depth: 1,
      limit: 6,
      include: ["/index", "/tutorial/"],
      sitemap: "skip",
    });
    const crawl = await ended(id);
    expect(crawl).toMatchObject({ status: "completed", stopReason: "limit", total: 6, completed: 6, failed: 0 });
    expect(await rendersOf(business)).toBe(before + 6);

    const pages: Array<Record<string, unknown>> = [];
    let next: string | undefined = `?size=4`;
    while (next) {
      const body = (await (await read(id, next.slice(next.indexOf("?")))).json()) as Crawl;
      pages.push(...body.pages);
      next = body.next;
    }
    expect(pages).toHaveLength(6);
    const urls = pages.map((page) => new URL(page.url as string).pathname);
    expect(new Set(urls).size).toBe(6);
    expect(urls[0]).toBe("/index.html");
    expect(urls.slice(1).every((path) => path.startsWith("/tutorial/"))).toBe(true);
    for (const page of pages) {
      expect(page).toMatchObject({ status: "completed" });
      expect(page.depth).toBeLessThanOrEqual(1);
      expect(typeof page.title).toBe("string");
      expect((page.markdown as string).length).toBeGreaterThan(200);
      expect(page.links).toBeUndefined(); // read for discovery, not asked for
    }

    const lines = (await (await routes.jsonl.GET(request(`/v1/crawl/${id}/pages.jsonl`, business))).text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.url)).toEqual(pages.map((page) => page.url));
  });

  it("does not charge a failed page, and another workspace's crawl is not found", async () => {
    const before = await rendersOf(business);
    const id = await start({ url: site.url("/no-such-page.html"), depth: 1, sitemap: "skip" });
    const crawl = await ended(id);
    expect(crawl).toMatchObject({ status: "completed", total: 1, completed: 0, failed: 1 });
    expect((crawl.pages[0].error as { code: string }).code).toBe("target_http_error");
    expect(await rendersOf(business)).toBe(before);

    const foreign = await read(id, "", other);
    expect(foreign.status).toBe(404);
    expect((await problemOf(foreign)).code).toBe("crawl_not_found");
    const cancel = await routes.one.DELETE(request(`/v1/crawl/${id}`, other, { method: "DELETE" }));
    expect(cancel.status).toBe(404);
  });

  it("names a bot challenge a failed page (target_blocked, #47), never content, and charges nothing", async () => {
    const before = await rendersOf(business);
    const crawl = await ended(await start({ url: site.url("/challenge.html"), depth: 1, sitemap: "skip" }));
    expect(crawl).toMatchObject({ status: "completed", total: 1, completed: 0, failed: 1 });
    expect(crawl.pages[0].markdown).toBeUndefined();
    expect((crawl.pages[0].error as { code: string }).code).toBe("target_blocked");
    expect(await rendersOf(business)).toBe(before);
  });

  it("cancels: pages not yet rendered are skipped and never charged", async () => {
    // An account with nothing cached (the cache is per account): every page it completes is a render.
    const before = await rendersOf(other);
    const id = await start({ url: site.url("/index.html"), depth: 2, limit: 60, sitemap: "skip" }, other);
    const cancelled = await routes.one.DELETE(request(`/v1/crawl/${id}`, other, { method: "DELETE" }));
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as Crawl).status).toBe("cancelled");
    const { stopJobWorkers } = await import("@/lib/jobs/worker");
    await stopJobWorkers(); // waits for any page already rendering
    const { CRAWL_PAGE } = await import("@/lib/jobs/store");
    const { crawlPageKind } = await import("@/lib/crawl/run");
    const { startJobWorkers } = await import("@/lib/jobs/worker");
    await startJobWorkers({ [CRAWL_PAGE]: crawlPageKind });
    const crawl = (await (await read(id, "", other)).json()) as Crawl;
    expect(crawl.status).toBe("cancelled");
    // At most the pages already rendering when it was cancelled (the account's two job slots).
    expect(crawl.completed).toBeLessThanOrEqual(2);
    expect(await rendersOf(other)).toBe(before + crawl.completed);
  });

  it("stops cleanly at the quota and refuses more pages than the plan allows", async () => {
    const tooMany = await routes.start.POST(
      request("/v1/crawl", free, { method: "POST", body: JSON.stringify({ url: site.url("/index.html"), limit: 51 }) }),
    );
    expect(tooMany.status).toBe(403);
    expect((await problemOf(tooMany)).code).toBe("plan_upgrade_required");

    const { getPool } = await import("@/lib/db/pool");
    const month = new Date().toISOString().slice(0, 7);
    await (
      await getPool()
    ).query(`INSERT INTO monthly_usage (user_id, month, requests, renders) VALUES ($1, $2, 0, 98)`, [
      free.userId,
      month,
    ]);
    const id = await start({ url: site.url("/index.html"), depth: 1, limit: 20, sitemap: "skip" }, free);
    const crawl = await ended(id, free);
    expect(crawl).toMatchObject({ status: "completed", stopReason: "quota_exceeded", completed: 2, failed: 0 });
    expect(await rendersOf(free)).toBe(100);
  });

  it("spaces its fetches of a site by robots.txt's Crawl-delay for GlanceBot", async () => {
    const id = await start({
      url: polite.url("/index.html"),
      depth: 1,
      limit: 3,
      include: ["/index", "/tutorial/"],
      sitemap: "skip",
    });
    expect(await ended(id)).toMatchObject({ status: "completed", completed: 3 });
    const pageFetches = polite.times.filter((_, i) => polite.requests[i].endsWith(".html"));
    expect(pageFetches).toHaveLength(3);
    for (let i = 1; i < pageFetches.length; i++)
      expect(pageFetches[i] - pageFetches[i - 1]).toBeGreaterThanOrEqual(950);
  });

  it("fails a page given up after its instances died on it three times, and the crawl still ends", async () => {
    const { startJobWorkers, stopJobWorkers } = await import("@/lib/jobs/worker");
    const { CRAWL_PAGE } = await import("@/lib/jobs/store");
    const { crawlPageKind } = await import("@/lib/crawl/run");
    await stopJobWorkers();
    const id = await start({ url: site.url("/index.html?given-up"), depth: 1, sitemap: "skip" });
    const { getPool } = await import("@/lib/db/pool");
    // Three runs cut off already (as by three dying instances): the next claim is the fourth.
    await (await getPool()).query(`UPDATE jobs SET attempts = 3 WHERE crawl_id = $1`, [id]);
    await startJobWorkers({ [CRAWL_PAGE]: crawlPageKind });
    const crawl = await ended(id);
    expect(crawl).toMatchObject({ status: "completed", total: 1, completed: 0, failed: 1 });
    expect((crawl.pages[0].error as { code: string }).code).toBe("internal_error");
  });
});
