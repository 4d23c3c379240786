/**
 * Issue 44 (D32) through the production server, on a small site this spec serves (an allowed
 * private origin of the app, e2e.crawlSiteUrl) that logs every path asked for. Four crawls at once,
 * each with what it must and must not render: `include`/`exclude` path patterns; robots.txt's
 * Disallow (a disallowed page is never even fetched); a gzipped sitemap index naming a gzipped
 * sitemap (`sitemap: only`); and a workspace two renders short of its monthly quota, whose crawl
 * stops with the two pages it rendered and stopReason quota_exceeded. tests/integration/crawl
 * covers the same rules in depth; this is the built app, its workers and its browser.
 */
import http from "node:http";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { PLANS } from "@/lib/plans";
import { apiGet, e2e, sql } from "../support";
import { accountWithKey } from "./mcp-support";

test.describe.configure({ timeout: 90_000 });

const origin = e2e.crawlSiteUrl;
const page = (title: string, links: string[] = []) =>
  `<!doctype html><title>${title}</title><h1>${title}</h1><p>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}</p>`;
const urlset = (paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((p) => `<url><loc>${origin}${p}</loc></url>`)
    .join("")}</urlset>`;

const SITE: Record<string, [string, string | Buffer]> = {
  "/robots.txt": ["text/plain", `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap-index.xml.gz\n`],
  // Both served as the bytes a .gz file is (no Content-Encoding): the reader knows gzip by its magic number.
  "/sitemap-index.xml.gz": [
    "application/octet-stream",
    gzipSync(
      `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemaps/pages.xml.gz</loc></sitemap></sitemapindex>`,
    ),
  ],
  "/sitemaps/pages.xml.gz": [
    "application/octet-stream",
    gzipSync(urlset(["/from-sitemap.html", "/private/listed.html"])),
  ],
  "/": ["text/html", page("Home", ["/docs/a.html", "/docs/b.html", "/blog/post.html", "/private/secret.html"])],
  "/quota/": ["text/html", page("Quota", ["/quota/1.html", "/quota/2.html", "/quota/3.html", "/quota/4.html"])],
};
for (const path of ["/docs/a.html", "/docs/b.html", "/blog/post.html", "/from-sitemap.html", "/private/secret.html"])
  SITE[path] = ["text/html", page(path)];
for (const n of [1, 2, 3, 4]) SITE[`/quota/${n}.html`] = ["text/html", page(`Quota ${n}`)];

const asked: string[] = [];
let server: http.Server;

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", origin).pathname;
    asked.push(path);
    const found = SITE[path];
    if (!found) return res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    res.writeHead(200, { "content-type": found[0] }).end(found[1]);
  });
  await new Promise<void>((resolve) => server.listen(Number(new URL(origin).port), "127.0.0.1", resolve));
});

test.afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

type Crawl = { status: string; stopReason?: string; completed: number; failed: number; pages: Array<{ url: string }> };

async function crawled(apiKey: string, body: Record<string, unknown>): Promise<Crawl> {
  const started = await fetch(`${e2e.appUrl}/v1/crawl`, {
    method: "POST",
    headers: { "X-API-Key": apiKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(started.status, await started.clone().text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  const read = async () => (await (await apiGet(`/v1/crawl/${id}?size=500`, apiKey)).json()) as Crawl;
  await expect.poll(async () => (await read()).status, { timeout: 60_000, intervals: [500] }).not.toBe("running");
  return read();
}

const paths = (crawl: Crawl) => crawl.pages.map((p) => new URL(p.url).pathname).sort();

test("include/exclude, robots.txt, a gzipped sitemap index and the quota stop", async () => {
  const { apiKey } = await accountWithKey("business");
  const short = await accountWithKey("business");
  // Two renders left this month: the crawl may render two pages, then must stop and say why.
  const quota = PLANS.business.rendersPerMonth;
  await sql(`INSERT INTO monthly_usage (user_id, month, requests, renders) VALUES ($1, $2, 0, $3)`, [
    short.userId,
    new Date().toISOString().slice(0, 7),
    quota - 2,
  ]);

  const cases: Array<{ name: string; key: string; body: Record<string, unknown>; pages: string[]; stop?: string }> = [
    {
      name: "include and exclude path patterns",
      key: apiKey,
      body: { url: `${origin}/`, depth: 1, sitemap: "skip", include: ["/docs/"], exclude: ["/docs/b"] },
      pages: ["/", "/docs/a.html"],
    },
    {
      name: "robots.txt Disallow",
      key: apiKey,
      body: { url: `${origin}/`, depth: 1, sitemap: "skip" },
      pages: ["/", "/blog/post.html", "/docs/a.html", "/docs/b.html"],
    },
    {
      name: "a gzipped sitemap index naming a gzipped sitemap",
      key: apiKey,
      body: { url: `${origin}/`, depth: 1, sitemap: "only" },
      pages: ["/", "/from-sitemap.html"],
    },
    {
      name: "the monthly quota",
      key: short.apiKey,
      body: { url: `${origin}/quota/`, depth: 1, sitemap: "skip", limit: 10 },
      pages: [],
      stop: "quota_exceeded",
    },
  ];
  const results = await Promise.all(cases.map((c) => crawled(c.key, c.body)));

  for (const [i, c] of cases.entries()) {
    const crawl = results[i];
    expect(crawl.status, c.name).toBe("completed");
    expect(crawl.failed, c.name).toBe(0);
    if (c.stop) {
      expect(crawl.stopReason, c.name).toBe(c.stop);
      expect(crawl.completed, c.name).toBe(2);
      expect(paths(crawl), c.name).toHaveLength(2);
      expect(
        paths(crawl).every((p) => p.startsWith("/quota/")),
        c.name,
      ).toBe(true);
    } else {
      expect(crawl.stopReason, c.name).toBeUndefined();
      expect(paths(crawl), c.name).toEqual(c.pages);
    }
  }
  const usage = (await (await apiGet("/v1/usage", short.apiKey)).json()) as { renders: { used: number } };
  expect(usage.renders.used).toBe(quota);
  // Disallowed pages were never fetched, linked or listed; both sitemaps were read.
  expect(asked.filter((p) => p.startsWith("/private/"))).toEqual([]);
  expect(asked).toContain("/sitemap-index.xml.gz");
  expect(asked).toContain("/sitemaps/pages.xml.gz");
});
