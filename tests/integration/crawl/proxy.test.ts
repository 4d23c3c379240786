/**
 * A crawl with a customer's proxy (D41): every page renders through the proxy (a real forward
 * proxy on loopback sees each one), and the proxy is sealed on the crawl's row (`page_secrets`),
 * never in its plain options, never in an answer.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { type ForwardProxy, PROXY_PASSWORD, startHttpProxy } from "@/tests/support/forward-proxies";
import { serveSite, type SiteServer } from "@/tests/support/site-server";
import { testEnvironment } from "@/tests/support/test-env";

let root: string;
let site: SiteServer;
let proxy: ForwardProxy;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "glance-crawl-proxy-"));
  const page = (title: string, links: string[]) =>
    `<!doctype html><title>${title}</title><body><h1>${title}</h1>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}</body>`;
  await writeFile(path.join(root, "index.html"), page("Home", ["/a.html", "/b.html"]));
  await writeFile(path.join(root, "a.html"), page("A", ["/index.html"]));
  await writeFile(path.join(root, "b.html"), page("B", ["/a.html"]));
  site = await serveSite({ root });
  proxy = await startHttpProxy();
});
testEnvironment(() => ({
  extra: { ALLOW_PRIVATE_ORIGINS: `${site.origin},${proxy.origin}`, BROWSER_CONCURRENCY: "2", JOBS_CONCURRENCY: "2" },
}));

let account: TestAccount;
beforeAll(async () => {
  account = await createTestAccount({ plan: "business" });
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
  await proxy?.close();
  await rm(root, { recursive: true, force: true });
});

const request = (p: string, init: RequestInit = {}) =>
  new Request(`http://localhost:3000${p}`, {
    ...init,
    headers: { "X-API-Key": account.apiKey, "Content-Type": "application/json" },
  });

describe("POST /v1/crawl with proxy", () => {
  it("renders every page through the proxy and keeps the proxy sealed", async () => {
    const { POST } = await import("@/app/v1/crawl/route");
    const started = await POST(
      request("/v1/crawl", {
        method: "POST",
        body: JSON.stringify({ url: site.url("/index.html"), depth: 1, limit: 3, sitemap: "skip", proxy: proxy.url }),
      }),
    );
    const { id } = (await started.json()) as { id: string };
    expect(started.status).toBe(202);
    const { getPool } = await import("@/lib/db/pool");
    const pool = await getPool();
    const busy = async () =>
      (await pool.query(`SELECT 1 FROM crawls WHERE id = $1 AND status = 'running'`, [id])).rowCount! > 0 ||
      (await pool.query(`SELECT 1 FROM jobs WHERE crawl_id = $1 AND state IN ('queued', 'running')`, [id])).rowCount! >
        0;
    while (await busy()) await new Promise((resolve) => setTimeout(resolve, 200));

    const { GET } = await import("@/app/v1/crawl/[id]/route");
    const shown = await (await GET(request(`/v1/crawl/${id}`))).text();
    const crawl = JSON.parse(shown) as { completed: number; failed: number };
    expect(crawl, shown).toMatchObject({ completed: 3, failed: 0 });
    expect(shown).not.toContain(PROXY_PASSWORD);
    // Each page came through the proxy (robots.txt and sitemaps are the crawl's own fetches, not renders).
    const renderedPaths = site.requests.filter((r) => r.endsWith(".html"));
    expect(renderedPaths.length).toBeGreaterThanOrEqual(3);
    expect(proxy.seen.filter((seen) => seen === new URL(site.origin).host).length).toBeGreaterThanOrEqual(3);

    const { rows } = await pool.query<{
      options: { page: Record<string, string> };
      page_secrets: string | null;
      row: string;
    }>(`SELECT options, page_secrets, row_to_json(c)::text AS row FROM crawls c WHERE id = $1`, [id]);
    expect(rows[0].options.page.proxy).toBeUndefined();
    expect(rows[0].page_secrets).not.toBeNull();
    expect(rows[0].row).not.toContain(PROXY_PASSWORD);
    expect(rows[0].row).not.toContain(encodeURIComponent(PROXY_PASSWORD));
    const jobs = await pool.query<{ row: string }>(
      `SELECT row_to_json(j)::text AS row FROM jobs j WHERE crawl_id = $1`,
      [id],
    );
    for (const job of jobs.rows) expect(job.row).not.toContain(encodeURIComponent(PROXY_PASSWORD));
  });
});
