/**
 * Issue 44 (D32) through the production server, on a real multi-page site nobody here wrote:
 * Flask's Sphinx documentation as Debian ships it (python-flask-doc), served at e2e.crawlSiteUrl
 * (an allowed private origin of the app) by a server that logs every path asked for, with the
 * robots.txt, a gzipped sitemap index and the gzipped sitemap it names that this spec writes
 * beside the served files (an overlay directory in /tmp: /usr/share/doc is never written).
 * Four crawls at once, each with what it must and must not render: `include`/`exclude` path
 * patterns on the deploying section; robots.txt's Disallow of the tutorial (its pages, linked and
 * listed, are never even fetched); `sitemap: only` from the home page, which links every page,
 * rendering just the pages the gzipped sitemap lists; and a workspace two renders short of its
 * monthly quota, whose crawl stops with the two pages it rendered and stopReason quota_exceeded.
 * What each crawl should render is read from the package's files (their <a href>s, the
 * directory) and from what the spec wrote, never listed by hand. tests/integration/crawl covers
 * the same rules in depth; this is the built app, its workers and its browser.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { DomUtils, parseDocument } from "htmlparser2";
import { PLANS } from "@/lib/plans";
import { ensureDebianDocs } from "../../support/debian-docs";
import { serveSite, type SiteServer } from "../../support/site-server";
import { apiGet, e2e, sql } from "../support";
import { accountWithKey } from "./mcp-support";
import type { CrawlResults as Crawl } from "@/lib/crawl/openapi";

test.describe.configure({ timeout: 180_000 });

const TREE = "/usr/share/doc/python-flask-doc/html/";
const origin = e2e.crawlSiteUrl;
/** The section robots.txt disallows. */
const DISALLOWED = "/tutorial/";

let site: SiteServer;
let overlay: string;
/** The pages the sitemap lists: the patterns whose file names start with "s", and one tutorial page (disallowed). */
let listed: string[];

const urlset = (paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((p) => `<url><loc>${origin}${p}</loc></url>`)
    .join("")}</urlset>`;

/** The site's HTML files in one of its directories, as URL paths. */
async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(path.join(TREE, dir)))
    .filter((name) => name.endsWith(".html"))
    .map((name) => `/${dir}/${name}`);
}

test.beforeAll(async () => {
  ensureDebianDocs(["python-flask-doc"]);
  listed = [...(await filesIn("patterns")).filter((p) => p.startsWith("/patterns/s")), (await filesIn("tutorial"))[0]];
  overlay = await mkdtemp(path.join(os.tmpdir(), "glance-e2e-crawl-site-"));
  await writeFile(
    path.join(overlay, "robots.txt"),
    `User-agent: *\nDisallow: ${DISALLOWED}\n\nSitemap: ${origin}/sitemap-index.xml.gz\n`,
  );
  // Both are the bytes a .gz file is (no Content-Encoding): the reader knows gzip by its magic number.
  await writeFile(
    path.join(overlay, "sitemap-index.xml.gz"),
    gzipSync(
      `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemaps/pages.xml.gz</loc></sitemap></sitemapindex>`,
    ),
  );
  await mkdir(path.join(overlay, "sitemaps"));
  await writeFile(path.join(overlay, "sitemaps/pages.xml.gz"), gzipSync(urlset(listed)));
  site = await serveSite({ root: TREE, overlay, port: Number(new URL(origin).port) });
});

test.afterAll(async () => {
  await site?.close();
  if (overlay) await rm(overlay, { recursive: true, force: true });
});

/** The site's pages a page links to (its <a href>s on this origin, fragment dropped), read from its file. */
async function linkedFrom(pagePath: string): Promise<string[]> {
  const document = parseDocument(await readFile(path.join(TREE, pagePath), "utf8"));
  const paths = DomUtils.getElementsByTagName("a", document)
    .map((a) => a.attribs.href)
    .filter((href) => href !== undefined)
    .map((href) => new URL(href, `${origin}${pagePath}`))
    .filter((url) => url.origin === origin)
    .map((url) => url.pathname);
  return [...new Set(paths)];
}

/** The start page and the pages it links to: a depth-1 crawl's pages before any rule leaves some out. */
async function depthOne(start: string): Promise<string[]> {
  const pages = [...new Set([start, ...(await linkedFrom(start))])].sort();
  // Every one is a real page (a link to a missing file would be a failed page, not a rule at work).
  for (const page of pages) expect((await stat(path.join(TREE, page))).isFile(), page).toBe(true);
  return pages;
}

async function crawled(apiKey: string, body: Record<string, unknown>): Promise<Crawl> {
  const started = await fetch(`${e2e.appUrl}/v1/crawl`, {
    method: "POST",
    headers: { "X-API-Key": apiKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(started.status, await started.clone().text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  const read = async () => (await (await apiGet(`/v1/crawl/${id}?size=500`, apiKey)).json()) as Crawl;
  await expect.poll(async () => (await read()).status, { timeout: 150_000, intervals: [1_000] }).not.toBe("running");
  // Ended, and settled: a page still rendering when its crawl stopped (the quota) is recorded when it ends.
  const unsettled = () => sql(`SELECT 1 FROM jobs WHERE crawl_id = $1 AND state IN ('queued', 'running')`, [id]);
  await expect.poll(async () => (await unsettled()).length, { timeout: 60_000 }).toBe(0);
  return read();
}

const paths = (crawl: Crawl) => crawl.pages.map((p) => new URL(p.url).pathname).sort();
const under = (prefixes: string[]) => (p: string) => prefixes.some((prefix) => p.startsWith(prefix));

test("include/exclude, robots.txt, a gzipped sitemap index and the quota stop, on Flask's documentation", async () => {
  const { apiKey } = await accountWithKey("business");
  const short = await accountWithKey("business");
  // Two renders left this month: the crawl may render two pages, then must stop and say why.
  const quota = PLANS.business.rendersPerMonth;
  await sql(`INSERT INTO monthly_usage (user_id, month, requests, renders) VALUES ($1, $2, 0, $3)`, [
    short.userId,
    new Date().toISOString().slice(0, 7),
    quota - 2,
  ]);

  // include/exclude: the deploying section from its index, less two patterns' pages. The section's
  // index links pages outside it (include leaves them out) and the excluded ones (they are real).
  const include = ["/deploying/"];
  const exclude = ["/deploying/g", "/deploying/asgi"];
  const deploying = await depthOne("/deploying/index.html");
  const wanted = deploying.filter((p) => under(include)(p) && !under(exclude)(p));
  expect(wanted).toEqual((await filesIn("deploying")).filter((p) => !under(exclude)(p)).sort());
  expect(deploying.filter((p) => !under(include)(p)).length).toBeGreaterThan(0);
  expect(deploying.filter(under(exclude)).length).toBeGreaterThanOrEqual(3);

  // robots.txt: the testing page links tutorial pages, which are disallowed.
  const testing = await depthOne("/testing.html");
  expect(testing.filter(under([DISALLOWED])).length).toBeGreaterThan(0);

  // sitemap only: the home page links every page; only it and what the sitemap lists (less the disallowed) are rendered.
  expect((await linkedFrom("/index.html")).length).toBeGreaterThan(listed.length + 20);
  for (const page of listed) expect((await stat(path.join(TREE, page))).isFile(), page).toBe(true);

  const quotaStart = "/patterns/index.html";
  const cases: Array<{ name: string; key: string; body: Record<string, unknown>; pages: string[]; stop?: string }> = [
    {
      name: "include and exclude path patterns",
      key: apiKey,
      body: { url: `${origin}/deploying/index.html`, depth: 1, limit: 100, sitemap: "skip", include, exclude },
      pages: wanted,
    },
    {
      name: "robots.txt Disallow",
      key: apiKey,
      body: { url: `${origin}/testing.html`, depth: 1, limit: 100, sitemap: "skip" },
      pages: testing.filter((p) => !p.startsWith(DISALLOWED)),
    },
    {
      name: "a gzipped sitemap index naming a gzipped sitemap",
      key: apiKey,
      body: { url: `${origin}/index.html`, depth: 1, limit: 100, sitemap: "only" },
      pages: ["/index.html", ...listed.filter((p) => !p.startsWith(DISALLOWED))].sort(),
    },
    {
      name: "the monthly quota",
      key: short.apiKey,
      body: { url: `${origin}${quotaStart}`, depth: 1, sitemap: "skip", limit: 10 },
      pages: await depthOne(quotaStart),
      stop: "quota_exceeded",
    },
  ];
  const results = await Promise.all(cases.map((c) => crawled(c.key, c.body)));

  for (const [i, c] of cases.entries()) {
    const crawl = results[i];
    expect(crawl.status, c.name).toBe("completed");
    expect(crawl.failed, c.name).toBe(0);
    if (c.stop) {
      // The start page and one page it links to: the two renders the quota had left.
      expect(crawl.stopReason, c.name).toBe(c.stop);
      expect(crawl.completed, c.name).toBe(2);
      expect(paths(crawl), c.name).toHaveLength(2);
      expect(paths(crawl), c.name).toContain(quotaStart);
      expect(c.pages, c.name).toEqual(expect.arrayContaining(paths(crawl)));
    } else {
      expect(crawl.stopReason, c.name).toBeUndefined();
      expect(paths(crawl), c.name).toEqual(c.pages);
    }
  }
  const usage = (await (await apiGet("/v1/usage", short.apiKey)).json()) as { renders: { used: number } };
  expect(usage.renders.used).toBe(quota);
  // The disallowed section was never fetched, though linked and listed; robots.txt and both sitemaps were read.
  const asked = site.requests.map((request) => new URL(request, origin).pathname);
  expect(asked.filter((p) => p.startsWith(DISALLOWED))).toEqual([]);
  expect(asked).toContain("/robots.txt");
  expect(asked).toContain("/sitemap-index.xml.gz");
  expect(asked).toContain("/sitemaps/pages.xml.gz");
});
