/**
 * A crawl's every URL under the boundary (issue 44 point 5, D32, D9, D16), on both browser kinds —
 * the local Chromium the service launches and browserless (npm) behind BROWSER_WS_ENDPOINT — through
 * the real POST /v1/crawl route and this process's job workers: a site (an allowed origin by name)
 * whose robots.txt, sitemap index, sitemap, links (in its HTML and added by script after load) and a
 * redirect name every spelling of the canary, the metadata service and rebinding names gets none
 * of them fetched — the canary stays silent —, its own pages crawled (the script-added on-site link
 * too: links come from the rendered DOM), the redirecting page failed private_address; a start URL
 * that names the canary is refused before anything runs. The namespace has no Postgres or Redis:
 * the embedded database and the in-process queue.
 */
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { BROWSER_KINDS, useBrowserKind } from "../support/browser-kinds";
import { CANARY_HOSTS } from "../support/fixture-site";
import { startWorld, type World } from "../support/world";

let world: World;
let P: number;
let site: http.Server;
let origin: string;
const sockets = new Set<net.Socket>();
const asked: string[] = [];

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  const targets = [
    ...CANARY_HOSTS.map((host) => `http://${host}:${P}`),
    "http://metadata.google.internal",
    `http://mixed.test:${P}`,
    `http://rebind.test:${P}`,
  ];
  const html = (res: http.ServerResponse, body: string) =>
    res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>page</title>${body}`);
  const xml = (res: http.ServerResponse, body: string) =>
    res.writeHead(200, { "content-type": "application/xml" }).end(body);
  const links = (page: string) => targets.map((t) => `<a href="${t}/${page}">x</a>`).join("");
  site = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture.test");
    asked.push(url.pathname);
    switch (url.pathname) {
      case "/robots.txt":
        return res
          .writeHead(200, { "content-type": "text/plain" })
          .end(targets.map((t) => `Sitemap: ${t}/sitemap.xml`).join("\n"));
      case "/sitemap.xml":
        return xml(
          res,
          `<sitemapindex>${[...targets.map((t) => `${t}/child.xml`), `${origin}/pages.xml`]
            .map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`)
            .join("")}</sitemapindex>`,
        );
      case "/pages.xml":
        return xml(
          res,
          `<urlset>${[`${origin}/a.html`, ...targets.map((t) => `${t}/from-sitemap.html`)]
            .map((loc) => `<url><loc>${loc}</loc></url>`)
            .join("")}</urlset>`,
        );
      case "/go":
        return res.writeHead(302, { location: `http://127.0.0.1:${P}/redirected` }).end();
      case "/index.html":
        // After load, a script adds an on-site link (a client-side route) and links to every target.
        return html(
          res,
          `<main><h1>Start</h1><p>The start page of a site that points everywhere.</p>` +
            `<a href="/a.html">a</a><a href="/go">go</a>${links("linked")}</main>` +
            `<script>addEventListener("load", () => document.querySelector("main").insertAdjacentHTML("beforeend",` +
            ` ${JSON.stringify(`<a href="/client.html">client</a>${links("scripted")}`)}))</script>`,
        );
      case "/a.html":
      case "/client.html":
        return html(res, `<main><h1>${url.pathname}</h1><p>An ordinary page of the site.</p>${links("deep")}</main>`);
      default:
        return res.writeHead(404).end();
    }
  });
  site.on("connection", (s: net.Socket) => {
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://fixture.test:${(site.address() as net.AddressInfo).port}`;
});

testEnvironment(() => ({
  database: "embedded",
  extra: {
    ALLOW_PRIVATE_ORIGINS: origin,
    BROWSER_CONCURRENCY: "2",
    JOBS_ACCOUNT_CONCURRENCY: "2",
    LOG_LEVEL: "silent",
  },
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
  delete process.env.BROWSER_WS_ENDPOINT;
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => site?.close(() => resolve()));
  await world?.close();
});
beforeEach(() => {
  world.canary.reset();
  asked.length = 0;
});

const start = async (body: Record<string, unknown>) => {
  const { POST } = await import("@/app/v1/crawl/route");
  return POST(
    new Request("http://localhost:3000/v1/crawl", {
      method: "POST",
      headers: { "X-API-Key": account.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
};

async function crawled(): Promise<Array<{ url: string; status: string; error?: { code: string } }>> {
  const response = await start({ url: `${origin}/index.html`, depth: 2, limit: 50, subdomains: true });
  expect(response.status, await response.clone().text()).toBe(202);
  const { id } = (await response.json()) as { id: string };
  const { findCrawl } = await import("@/lib/crawl/store");
  while ((await findCrawl(id, account.userId))?.status === "running") await new Promise((r) => setTimeout(r, 200));
  const { GET } = await import("@/app/v1/crawl/[id]/route");
  const read = await GET(
    new Request(`http://localhost:3000/v1/crawl/${id}?size=100`, { headers: { "X-API-Key": account.apiKey } }),
  );
  const crawl = (await read.json()) as {
    status: string;
    pages: Array<{ url: string; status: string; error?: { code: string } }>;
  };
  expect(crawl.status).toBe("completed");
  return crawl.pages;
}

describe.each(BROWSER_KINDS)("a crawl on $name", (kind) => {
  useBrowserKind(kind);

  it("fetches nothing private that robots.txt, sitemaps, links, scripts or a redirect name; crawls only the site", async () => {
    const pages = await crawled();
    const byPath = new Map(pages.map((page) => [new URL(page.url).pathname, page]));
    expect([...byPath.keys()].sort()).toEqual(["/a.html", "/client.html", "/go", "/index.html"]);
    for (const path of ["/index.html", "/a.html", "/client.html"])
      expect(byPath.get(path)?.status, path).toBe("completed");
    expect(byPath.get("/go")).toMatchObject({ status: "failed", error: { code: "private_address" } });
    expect(pages.every((page) => new URL(page.url).origin === origin)).toBe(true);
    expect(asked).toContain("/pages.xml");
    expect(world.canary.events).toEqual([]);
  }, 120_000);

  it("refuses a start URL that names the canary before anything runs", async () => {
    for (const host of ["127.0.0.1", "[::1]", "canary.test", "10.0.0.1"]) {
      const response = await start({ url: `http://${host}:${P}/`, depth: 1 });
      expect(response.status, host).toBe(400);
      expect((await problemOf(response)).code, host).toBe("private_address");
    }
    expect(world.canary.events).toEqual([]);
  });
});
