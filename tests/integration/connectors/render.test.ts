/**
 * Renders through a connector (D42, issue 46 (b), (c)): the real connector program's core dials
 * the server's /v1/connector upgrade, and /v1/content renders a private site on loopback through
 * it on real Chromium — the page, its stylesheet and a same-origin redirect through the
 * connector, an undeclared origin (its image, a redirect to it) refused by the guard as before.
 * Another workspace naming the same URL is refused; an offline connector answers at once with
 * connector_offline naming it; a hostile connector (a forged answer, a malformed frame)
 * fails only its own workspace's render.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { Connector as ConnectorType } from "@/lib/connectors/client";
import { problemOf } from "@/tests/support/api";
import { accountWithConnector, connectorHarness, content, privateSite, type PrivateSite } from "./harness";

const h = connectorHarness();
let site: PrivateSite;
let undeclared: PrivateSite;
let owner: Awaited<ReturnType<typeof accountWithConnector>>;
let other: Awaited<ReturnType<typeof accountWithConnector>>;
let connector: ConnectorType;

async function connect(token: string, expose: string[]): Promise<ConnectorType> {
  const { Connector } = await import("@/lib/connectors/client");
  const c = new Connector({ server: h.server, token, expose, log: () => {} }).start();
  for (let i = 0; i < 100 && !c.connectorId; i++) await new Promise((r) => setTimeout(r, 50));
  if (!c.connectorId) throw new Error("the connector did not connect");
  return c;
}

beforeAll(async () => {
  undeclared = await privateSite("Undeclared");
  site = await privateSite("Private staging page", () => undeclared.origin);
  owner = await accountWithConnector("staging");
  other = await accountWithConnector("elsewhere");
  connector = await connect(owner.token, [site.origin]);
});
afterAll(async () => {
  connector?.stop();
  await site?.close();
  await undeclared?.close();
});

async function markdownOf(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { markdown: string }).markdown;
}

describe("a render through the workspace's connector", () => {
  it("captures the private page, its subresources and same-origin redirects through the connector", async () => {
    expect(await markdownOf(await content(owner, `${site.origin}/`))).toContain("Private staging page");
    expect(site.hits).toEqual(expect.arrayContaining(["/", "/style.css"]));
    expect(await markdownOf(await content(owner, `${site.origin}/moved`))).toContain("Private staging page");
    expect(site.hits).toContain("/moved");
    // D42: a subresource on an origin no connector declared goes the usual way: the guard refuses loopback.
    expect(undeclared.hits).toEqual([]);
  });

  it("a redirect to an undeclared private origin is refused as before", async () => {
    const response = await content(owner, `${site.origin}/away`);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).code).toBe("private_address");
    expect(undeclared.hits).toEqual([]);
  });

  it("another workspace naming the same URL is refused, and the site never hears of it", async () => {
    const before = site.hits.length;
    const response = await content(other, `${site.origin}/`);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).code).toBe("private_address");
    expect(site.hits.length).toBe(before);
  });
});

describe("GET /v1/connectors", () => {
  it("lists the workspace's own connectors with their status, never a token", async () => {
    const { GET } = await import("@/app/v1/connectors/route");
    const { apiRequest } = await import("@/tests/support/api");
    const response = await GET(apiRequest("/v1/connectors", { apiKey: owner.apiKey }));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(owner.token);
    const { connectors } = JSON.parse(text) as { connectors: Array<Record<string, unknown>> };
    expect(connectors).toEqual([
      expect.objectContaining({
        id: owner.connectorId,
        name: "staging",
        status: "online",
        exposedOrigins: [site.origin],
        version: "1.0.0",
      }),
    ]);
    // Another workspace sees only its own.
    const theirs = await GET(apiRequest("/v1/connectors", { apiKey: other.apiKey }));
    expect(JSON.stringify(await theirs.json())).not.toContain(owner.connectorId);
  });
});

describe("a connector that cannot serve", () => {
  it("offline: a fast 502 connector_offline naming the connector", async () => {
    const c = await connect(other.token, [undeclared.origin]);
    c.stop();
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const response = await content(other, `${undeclared.origin}/`);
    expect(response.status).toBe(502);
    const problem = await problemOf(response);
    expect(problem.code).toBe("connector_offline");
    expect(problem.detail).toContain('"elsewhere"');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(undeclared.hits).toEqual([]);
  });

  it("hostile (a forged answer, then a malformed frame): only its own workspace's render fails", async () => {
    const hostile = await accountWithConnector("hostile");
    const ws = new WebSocket(`${h.server.replace("http", "ws")}/v1/connector`, {
      headers: { authorization: `Bearer ${hostile.token}` },
    });
    await new Promise((r) => ws.once("open", r));
    ws.send(JSON.stringify({ type: "hello", version: "evil", origins: [undeclared.origin] }));
    const closed = new Promise<number>((r) => ws.once("close", (code) => r(code)));
    ws.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; id?: number };
      if (frame.type !== "request") return;
      // A forged answer to an id never asked, then garbage: the server drops the first and ends the socket on the second.
      ws.send(JSON.stringify({ type: "response", id: (frame.id ?? 0) + 1000, status: 200, headers: {}, body: "" }));
      ws.send("{not json");
    });
    await new Promise((r) => setTimeout(r, 200));
    const [hostileRender, honestRender] = await Promise.all([
      content(hostile, `${undeclared.origin}/`),
      content(owner, `${site.origin}/`),
    ]);
    expect(hostileRender.status).toBe(502);
    expect((await problemOf(hostileRender)).code).toBe("connector_failed");
    expect(await markdownOf(honestRender)).toContain("Private staging page");
    expect(await closed).toBe(4002);
    expect(undeclared.hits).toEqual([]);
  });

  it("hostile (silent, then flooding with unsolicited answers): its render ends at its deadline, others go on", async () => {
    const hostile = await accountWithConnector("silent");
    const ws = new WebSocket(`${h.server.replace("http", "ws")}/v1/connector`, {
      headers: { authorization: `Bearer ${hostile.token}` },
    });
    await new Promise((r) => ws.once("open", r));
    ws.send(JSON.stringify({ type: "hello", version: "evil", origins: [undeclared.origin] }));
    const closed = new Promise<number>((r) => ws.once("close", (code) => r(code)));
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const [silent, honest] = await Promise.all([
      content(hostile, `${undeclared.origin}/`, { timeout: "4000" }),
      content(owner, `${site.origin}/`),
    ]);
    expect(silent.status).toBeGreaterThanOrEqual(502);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await markdownOf(honest)).toContain("Private staging page");
    // Answers to nothing asked: the first few are dropped, then the socket is ended.
    for (let id = 1_000; id < 1_040; id++)
      ws.send(JSON.stringify({ type: "response", id, status: 200, headers: {}, body: "" }));
    expect(await closed).toBe(4008);
    expect(undeclared.hits).toEqual([]);
  });
});
