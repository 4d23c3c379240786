/**
 * /v1/animate, /v1/diff and /v1/map through a connector (D42, issue 46 (c)): the real connector
 * program's core serves a private site on loopback; a recording of it (checked with ffprobe), a
 * comparison of two of its pages (real Chromium) and a map of it (robots.txt, the sitemap, pages
 * and a redirect fetched by the server through the connector, hop by hop) work for the
 * connector's workspace. Another workspace naming the same URLs is refused as the renders refuse
 * it, after the owner's results were cached, and the site never hears of it; an offline connector
 * is a fast 502 naming it; a revoked token's origin is refused like any loopback address.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Connector as ConnectorType } from "@/lib/connectors/client";
import { apiRequest, problemOf, type TestAccount } from "@/tests/support/api";
import { probeVideo } from "@/tests/support/video";
import { accountWithConnector, connectorHarness } from "./harness";

const h = connectorHarness();
let site: http.Server;
let origin: string;
const hits: string[] = [];
let owner: Awaited<ReturnType<typeof accountWithConnector>>;
let other: Awaited<ReturnType<typeof accountWithConnector>>;
let connector: ConnectorType;

function page(title: string, colour: string, body = ""): string {
  return `<!doctype html><title>${title}</title><style>html,body{margin:0;height:100%;background:${colour}}</style>${body}`;
}

beforeAll(async () => {
  site = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    const html = (text: string) => res.writeHead(200, { "content-type": "text/html" }).end(text);
    if (req.url === "/robots.txt")
      return res
        .writeHead(200, { "content-type": "text/plain" })
        .end(`User-agent: *\nDisallow: /secret\nSitemap: ${origin}/sitemap.xml\n`);
    if (req.url === "/sitemap.xml")
      return res
        .writeHead(200, { "content-type": "application/xml" })
        .end(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/from-sitemap</loc></url></urlset>`,
        );
    if (req.url === "/hop") return res.writeHead(302, { location: "/landed" }).end();
    if (req.url === "/landed") return html(page("Landed", "white", '<a href="/after-hop">next</a>'));
    if (req.url === "/b") return html(page("B", "rgb(0, 0, 255)"));
    if (req.url === "/")
      return html(page("A", "rgb(255, 0, 0)", '<a href="/b">b</a> <a href="/secret">s</a> <a href="/hop">h</a>'));
    res.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  owner = await accountWithConnector("staging");
  other = await accountWithConnector("elsewhere");
  connector = await connect(owner.token);
});
afterAll(async () => {
  connector?.stop();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

async function connect(token: string): Promise<ConnectorType> {
  const { Connector } = await import("@/lib/connectors/client");
  const c = new Connector({ server: h.server, token, expose: [origin], log: () => {} }).start();
  for (let i = 0; i < 100 && !c.connectorId; i++) await new Promise((r) => setTimeout(r, 50));
  if (!c.connectorId) throw new Error("the connector did not connect");
  return c;
}

async function call(
  endpoint: "animate" | "diff" | "map",
  account: TestAccount,
  query: Record<string, string>,
): Promise<Response> {
  const routes = {
    animate: () => import("@/app/v1/animate/route"),
    diff: () => import("@/app/v1/diff/route"),
    map: () => import("@/app/v1/map/route"),
  };
  const { GET } = await routes[endpoint]();
  return GET(apiRequest(`/v1/${endpoint}?${new URLSearchParams(query)}`, { apiKey: account.apiKey }));
}

const RECORDING = { width: "320", height: "240", duration: "1000", fps: "10", pauseStart: "0", pauseEnd: "0" };
const COMPARISON = { width: "200", height: "150" };

/** Refused as every render refuses a loopback URL, and the site heard nothing. */
async function expectRefused(response: Response, before: number): Promise<void> {
  expect(response.status, await response.clone().text()).toBe(400);
  expect((await problemOf(response)).code).toBe("private_address");
  expect(hits.length).toBe(before);
}

describe("/v1/animate and /v1/diff of an exposed origin", () => {
  it("animate records the private page for the connector's workspace; another workspace is refused", async () => {
    const response = await call("animate", owner, { url: `${origin}/`, ...RECORDING });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    const facts = await probeVideo(Buffer.from(await response.arrayBuffer()), "mp4");
    expect(facts).toMatchObject({ codec: "h264", width: 320, height: 240, frames: 10 });
    expect(Math.abs(facts.duration - 1)).toBeLessThanOrEqual(0.1);
    expect(hits).toContain("/");
    // The owner's recording is cached now: the other workspace must not get it either.
    const before = hits.length;
    await expectRefused(await call("animate", other, { url: `${origin}/`, ...RECORDING }), before);
  });

  it("diff compares two private pages for the connector's workspace; another workspace is refused", async () => {
    hits.length = 0;
    const response = await call("diff", owner, { url: `${origin}/`, compareUrl: `${origin}/b`, ...COMPARISON });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as { changedRatio: number; width: number; height: number };
    // Red against blue: every pixel changed.
    expect(body).toMatchObject({ width: 200, height: 150 });
    expect(body.changedRatio).toBeGreaterThan(0.99);
    expect(hits).toEqual(expect.arrayContaining(["/", "/b"]));
    const before = hits.length;
    await expectRefused(await call("diff", other, { url: `${origin}/`, compareUrl: `${origin}/b` }), before);
    // Nor may it name the private page as the one compared with.
    await expectRefused(
      await call("diff", other, { url: "https://example.com/", compareUrl: `${origin}/b`, ...COMPARISON }),
      before,
    );
  });
});

describe("/v1/map of an exposed origin", () => {
  it("fetches robots.txt, the sitemap, pages and each redirect hop through the connector", async () => {
    hits.length = 0;
    const response = await call("map", owner, { url: `${origin}/`, depth: "2" });
    expect(response.status, await response.clone().text()).toBe(200);
    const { urls } = (await response.json()) as { urls: string[] };
    expect(urls.sort()).toEqual(
      ["/", "/after-hop", "/b", "/from-sitemap", "/hop", "/landed"].map((path) => `${origin}${path}`),
    );
    // robots.txt was read (through the connector: nothing else may reach loopback) and obeyed.
    expect(hits).toEqual(expect.arrayContaining(["/robots.txt", "/sitemap.xml", "/", "/hop", "/landed"]));
    expect(hits).not.toContain("/secret");
  });

  it("another workspace is refused, by the endpoint and by the server's fetch itself", async () => {
    const before = hits.length;
    await expectRefused(await call("map", other, { url: `${origin}/` }), before);
    const { safeFetch, SafeFetchError } = await import("@/lib/net/fetch");
    // The server's fetch for another workspace meets the address policy, as without connectors.
    const refused = await safeFetch(`${origin}/`, { workspaceId: other.userId }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SafeFetchError);
    expect((refused as InstanceType<typeof SafeFetchError>).reason).toBe("private_address");
    expect(hits.length).toBe(before);
  });

  it("offline: a fast 502 connector_offline naming the connector; revoked: refused like any loopback URL", async () => {
    const offline = await accountWithConnector("asleep");
    (await connect(offline.token)).stop();
    await new Promise((r) => setTimeout(r, 300));
    const before = hits.length;
    const started = Date.now();
    const response = await call("map", offline, { url: `${origin}/` });
    expect(response.status).toBe(502);
    const problem = await problemOf(response);
    expect(problem.code).toBe("connector_offline");
    expect(problem.detail).toContain('"asleep"');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(hits.length).toBe(before);

    const { revokeConnector } = await import("@/lib/keys/connectors");
    expect(await revokeConnector(offline.userId, offline.connectorId)).toBe(true);
    await expectRefused(await call("map", offline, { url: `${origin}/` }), before);
  });
});
