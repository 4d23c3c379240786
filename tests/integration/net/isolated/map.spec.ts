/**
 * A site map's fetches under the capture URL's policy (D32, D9): a site (an allowed origin by
 * name) whose robots.txt, sitemap index, sitemap and links point at every spelling of the canary,
 * the metadata service, a DNS-rebinding name and a redirect towards the canary gets nothing of
 * them fetched — the canary stays silent — and lists none of them; its own pages are mapped.
 */
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mapSite } from "@/lib/map/discover";
import { CANARY_HOSTS } from "../support/fixture-site";
import { setAllowedOrigins, startWorld, type World } from "../support/world";

let world: World;
let P: number;
let site: http.Server;
let origin: string;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  const targets = [
    ...CANARY_HOSTS.map((host) => `http://${host}:${P}`),
    "http://metadata.google.internal",
    `http://mixed.test:${P}`,
  ];
  site = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture.test");
    const xml = (body: string) => res.writeHead(200, { "content-type": "application/xml" }).end(body);
    switch (url.pathname) {
      case "/robots.txt":
        return res
          .writeHead(200, { "content-type": "text/plain" })
          .end(targets.map((t) => `Sitemap: ${t}/sitemap.xml`).join("\n"));
      case "/sitemap.xml":
        return xml(
          `<sitemapindex>${[...targets.map((t) => `${t}/child.xml`), `${origin}/pages.xml`, `${origin}/go`]
            .map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`)
            .join("")}</sitemapindex>`,
        );
      case "/pages.xml":
        return xml(
          `<urlset>${[`${origin}/a.html`, ...targets.map((t) => `${t}/page.html`)]
            .map((loc) => `<url><loc>${loc}</loc></url>`)
            .join("")}</urlset>`,
        );
      case "/go":
        return res.writeHead(302, { location: `http://127.0.0.1:${P}/redirected` }).end();
      case "/index.html":
      case "/a.html":
        return res
          .writeHead(200, { "content-type": "text/html" })
          .end(
            [`<a href="/a.html">a</a>`, `<a href="/go">go</a>`, ...targets.map((t) => `<a href="${t}/x">x</a>`)].join(
              "",
            ),
          );
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
  setAllowedOrigins([origin]);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => site?.close(() => resolve()));
  await world?.close();
});
beforeEach(() => world.canary.reset());

describe("mapSite", () => {
  it("fetches nothing private that robots.txt, sitemaps, links or a redirect name, and lists only the site", async () => {
    const { urls } = await mapSite({
      url: `${origin}/index.html`,
      limit: 1000,
      depth: 3,
      sitemap: "include",
      scope: { subdomains: true, ignoreQueryParameters: false },
      deadline: Date.now() + 20_000,
      workspaceId: undefined,
    });
    expect(urls.sort()).toEqual([`${origin}/a.html`, `${origin}/go`, `${origin}/index.html`]);
    expect(world.canary.events).toEqual([]);
  });
});
