/**
 * GET /v1/map (D32) through the real route on a real site nobody here wrote: Flask's Sphinx
 * documentation as Debian ships it (python-flask-doc), served from loopback at the origin's root.
 * Recall is checked against the package's own file tree; robots.txt, a sitemap index with a
 * gzipped sitemap and the boundary are files and routes the test writes beside the served ones.
 * The site's origin is on ALLOW_PRIVATE_ORIGINS (as the other loopback tests allow their fixture);
 * the canary, another loopback origin, is not: nothing may reach it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { ensureDebianDocs } from "@/tests/support/debian-docs";
import { serveSite, type SiteServer } from "@/tests/support/site-server";
import { testEnvironment } from "@/tests/support/test-env";

const ROOT = "/usr/share/doc/python-flask-doc/html/";

let site: SiteServer;
let overlay: string;
let canary: http.Server;
let canaryHits: string[];
let canaryOrigin: string;

beforeAll(async () => {
  ensureDebianDocs(["python-flask-doc"]);
  overlay = await mkdtemp(path.join(os.tmpdir(), "glance-map-"));
  canaryHits = [];
  canary = http.createServer((req, res) => {
    canaryHits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/html" }).end('<a href="/inside">secret</a>');
  });
  await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
  canaryOrigin = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
  site = await serveSite({
    root: ROOT,
    overlay,
    routes: {
      "/to-canary": (_req, res) => res.writeHead(302, { location: `${canaryOrigin}/redirected` }).end(),
      "/boundary.html": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html" })
          .end(
            `<a href="/to-canary">away</a> <a href="${canaryOrigin}/linked">there</a> <a href="/index.html">home</a>`,
          ),
    },
  });
}, 600_000);
afterAll(async () => {
  await site?.close();
  canary?.closeAllConnections();
  await new Promise<void>((resolve) => canary?.close(() => resolve()));
  await rm(overlay, { recursive: true, force: true });
});
testEnvironment(() => ({ extra: { ALLOW_PRIVATE_ORIGINS: site.origin } }));

let account: TestAccount;
let route: typeof import("@/app/v1/map/route");
beforeAll(async () => {
  account = await createTestAccount({ plan: "free" });
  route = await import("@/app/v1/map/route");
});
beforeEach(async () => {
  await rm(overlay, { recursive: true, force: true });
  await mkdir(path.join(overlay, "maps"), { recursive: true });
  site.requests.length = 0;
  canaryHits.length = 0;
});

async function map(query: Record<string, string | number | boolean>): Promise<string[]> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await route.GET(apiRequest(`/v1/map?${qs}`, { apiKey: account.apiKey }));
  const text = await response.text();
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${text.slice(0, 400)}`);
  return (JSON.parse(text) as { urls: string[] }).urls;
}

/** The package's pages, as site paths: every .html file of the tree. */
function treePages(): string[] {
  return (readdirSync(ROOT, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".html"))
    .map((file) => `/${file}`);
}

const pathsOf = (urls: string[]) => urls.map((url) => new URL(url).pathname);

describe("GET /v1/map on Flask's documentation", () => {
  it("finds the package's pages by their links, each once, with no fragment, and nothing that is not there", async () => {
    const urls = await map({ url: site.url("/index.html"), depth: 3 });
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.every((url) => !url.includes("#") && url.startsWith(site.origin))).toBe(true);
    const found = new Set(pathsOf(urls));
    const pages = treePages().filter((page) => page !== "/404.html"); // linked from nowhere, by design
    const recall = pages.filter((page) => found.has(page)).length / pages.length;
    expect(recall, `missing: ${pages.filter((p) => !found.has(p)).join(", ")}`).toBeGreaterThanOrEqual(0.97);
    // Every URL listed is a file of the package or a link its pages write (Debian drops license.html,
    // which the pages still link): nothing made up.
    const files = new Set((readdirSync(ROOT, { recursive: true }) as string[]).map((file) => `/${file}`));
    const html = treePages().map((page) => readFileSync(path.join(ROOT, page), "utf8"));
    const dangling = [...found].filter((p) => !files.has(decodeURIComponent(p)));
    expect(dangling.filter((p) => !html.some((text) => text.includes(`href="${path.basename(p)}`)))).toEqual([]);
    // Plain HTTP, no rendering: only HTML pages were fetched for links, never images or scripts.
    expect(site.requests.filter((r) => /\.(png|css|js)$/.test(r))).toEqual([]);
  });

  it("keeps to include, leaves out exclude, stops at limit, and treats query strings as asked", async () => {
    const api = await map({
      url: site.url("/index.html"),
      depth: 2,
      include: "/api,/patterns/",
      exclude: "/patterns/f*",
    });
    expect(api.length).toBeGreaterThan(3);
    expect(
      pathsOf(api).every((p) => p === "/api.html" || (p.startsWith("/patterns/") && !p.startsWith("/patterns/f"))),
    ).toBe(true);
    expect(await map({ url: site.url("/index.html"), depth: 2, limit: 5 })).toHaveLength(5);
    const withQuery = await map({ url: site.url("/index.html?x=1"), depth: 0, ignoreQueryParameters: true });
    expect(withQuery).toEqual([site.url("/index.html")]);
  });

  it("honours robots.txt: our group over *, Disallow neither listed nor fetched", async () => {
    await writeFile(
      path.join(overlay, "robots.txt"),
      "User-agent: *\nDisallow: /\n\nUser-agent: GlanceBot\nDisallow: /api.html\nDisallow: /tutorial/\n",
    );
    const urls = pathsOf(await map({ url: site.url("/index.html"), depth: 2 }));
    expect(urls.length).toBeGreaterThan(20);
    expect(urls.filter((p) => p === "/api.html" || p.startsWith("/tutorial/"))).toEqual([]);
    expect(site.requests.filter((r) => r === "/api.html" || r.startsWith("/tutorial/"))).toEqual([]);
  });

  it("reads robots.txt's Sitemap line, a sitemap index and a gzipped sitemap, deduplicated and kept on the site", async () => {
    const pages = treePages();
    const entries = [...pages, `${pages[0]}#part`, "/api.html#flask.Flask"].map(
      (p) => `<url><loc>${site.url(p)}</loc></url>`,
    );
    entries.push(`<url><loc>${canaryOrigin}/elsewhere.html</loc></url>`, "<url><loc>https://example.org/</loc></url>");
    const urlset = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join("")}</urlset>`;
    await writeFile(path.join(overlay, "maps", "pages.xml.gz"), gzipSync(urlset));
    await writeFile(
      path.join(overlay, "maps", "index.xml"),
      `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${site.url("/maps/pages.xml.gz")}</loc></sitemap></sitemapindex>`,
    );
    await writeFile(
      path.join(overlay, "robots.txt"),
      `User-agent: *\nAllow: /\n\nSitemap: ${site.url("/maps/index.xml")}\n`,
    );
    const started = Date.now();
    const urls = await map({ url: site.url("/index.html"), sitemap: "only", depth: 0 });
    const elapsed = Date.now() - started;
    expect(new Set(pathsOf(urls))).toEqual(new Set(pages));
    expect(urls).toHaveLength(pages.length);
    expect(site.requests.filter((r) => r.endsWith(".html"))).toEqual([]); // no page fetched
    expect(elapsed).toBeLessThan(5000);
  });
});

describe("the boundary", () => {
  it("fetches nothing from a private address a site links, redirects or points its sitemaps to", async () => {
    await writeFile(path.join(overlay, "robots.txt"), `Sitemap: ${canaryOrigin}/sitemap.xml\n`);
    await writeFile(
      path.join(overlay, "sitemap.xml"),
      `<sitemapindex><sitemap><loc>${canaryOrigin}/child.xml</loc></sitemap><sitemap><loc>${site.url("/to-canary")}</loc></sitemap></sitemapindex>`,
    );
    const urls = await map({ url: site.url("/boundary.html"), depth: 3, subdomains: true });
    expect(urls).toContain(site.url("/to-canary"));
    expect(urls.some((url) => url.startsWith(canaryOrigin))).toBe(false);
    expect(site.requests).toContain("/to-canary");
    expect(canaryHits).toEqual([]);
  });

  it("refuses a private start URL with a 400 before fetching anything", async () => {
    const response = await route.GET(
      apiRequest(`/v1/map?url=${encodeURIComponent(`${canaryOrigin}/`)}`, { apiKey: account.apiKey }),
    );
    expect(response.status).toBe(400);
    expect((await problemOf(response)).code).toBe("private_address");
    const bad = await route.GET(
      apiRequest(`/v1/map?url=${encodeURIComponent(site.url("/"))}&include=docs`, { apiKey: account.apiKey }),
    );
    expect(bad.status).toBe(400);
    expect((await problemOf(bad)).code).toBe("invalid_parameter");
    expect(canaryHits).toEqual([]);
  });
});
