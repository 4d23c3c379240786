/**
 * Live browser sessions through a connector (D42 with D39, issue 46 point 3): an unmodified
 * puppeteer-core client connected to /v1/browser as the connector's workspace navigates to the
 * private site and reads it, its stylesheet included, through the connector; a session of another
 * workspace (whose own connector declares another origin) naming the same origin is refused by the
 * guard as before and the site never sees it; with the connector offline the navigation answers
 * 502 connector_offline naming it, at once.
 */
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Connector as ConnectorType } from "@/lib/connectors/client";
import { accountWithConnector, connectorHarness, privateSite, type PrivateSite } from "./harness";

const h = connectorHarness();
let site: PrivateSite;
let elsewhere: PrivateSite;
let owner: Awaited<ReturnType<typeof accountWithConnector>>;
let other: Awaited<ReturnType<typeof accountWithConnector>>;
const connectors: ConnectorType[] = [];
const browsers: Browser[] = [];

async function connect(token: string, expose: string[]): Promise<ConnectorType> {
  const { Connector } = await import("@/lib/connectors/client");
  const c = new Connector({ server: h.server, token, expose, log: () => {} }).start();
  connectors.push(c);
  for (let i = 0; i < 100 && !c.connectorId; i++) await new Promise((r) => setTimeout(r, 50));
  if (!c.connectorId) throw new Error("the connector did not connect");
  return c;
}

async function session(apiKey: string): Promise<Browser> {
  const endpoint = `${h.server.replace("http:", "ws:")}/v1/browser`;
  const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, headers: { "X-API-Key": apiKey } });
  browsers.push(browser);
  return browser;
}

beforeAll(async () => {
  // The harness's server hands /v1/connector upgrades to lib/connectors; /v1/browser joins it here.
  const { handleSessionUpgrade } = await import("@/lib/sessions/connect");
  const { publishedUpgradeHandler, publishUpgradeHandler } = await import("@/lib/sessions/upgrade-hook");
  const connectorsHandler = publishedUpgradeHandler();
  publishUpgradeHandler(
    (req, socket, head) => connectorsHandler?.(req, socket, head) || handleSessionUpgrade(req, socket, head),
  );
  site = await privateSite("Private staging page");
  elsewhere = await privateSite("Another private site");
  owner = await accountWithConnector("staging");
  other = await accountWithConnector("elsewhere");
});
afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close().catch(() => {})));
  const { endLiveSessions } = await import("@/lib/sessions/connect");
  await endLiveSessions();
  for (const c of connectors) c.stop();
  await site?.close();
  await elsewhere?.close();
});

describe("a live session through the workspace's connector", () => {
  it("navigates to the private origin and reads it, subresources included", async () => {
    const c = await connect(owner.token, [site.origin]);
    const page = await (await session(owner.apiKey)).newPage();
    const response = await page.goto(`${site.origin}/`);
    expect(response?.status()).toBe(200);
    expect(await page.$eval("h1", (el) => el.textContent)).toBe("Private staging page");
    // The stylesheet came through the connector too: the heading has its colour.
    expect(await page.$eval("h1", (el) => getComputedStyle(el).color)).toBe("rgb(1, 2, 3)");
    expect(site.hits).toEqual(expect.arrayContaining(["/", "/style.css"]));
    // A same-origin redirect is followed through the connector as well.
    await page.goto(`${site.origin}/moved`);
    expect(await page.title()).toBe("Private staging page");
    c.stop();
  });

  it("another workspace's session naming the same origin is refused, and the site never sees it", async () => {
    await connect(other.token, [elsewhere.origin]);
    const page = await (await session(other.apiKey)).newPage();
    // Its own connector's origin works: the refusal below is about whose origin it is.
    await page.goto(`${elsewhere.origin}/`);
    expect(await page.title()).toBe("Another private site");
    const before = site.hits.length;
    const response = await page.goto(`${site.origin}/`).catch((error: Error) => error);
    if (response instanceof Error) expect(response.message).toMatch(/ERR_/);
    else expect(response?.headers()["x-glance-guard"]).toBe("refused");
    expect(await page.title()).not.toBe("Private staging page");
    expect(site.hits.length).toBe(before);
  });

  it("with the connector offline, the navigation answers 502 connector_offline naming it, at once", async () => {
    const c = await connect(owner.token, [site.origin]);
    const page = await (await session(owner.apiKey)).newPage();
    await page.goto(`${site.origin}/`);
    c.stop();
    // The hub sees the socket go: wait until the claim says offline, as a render would.
    const { connectorClaim } = await import("@/lib/net/connector-route");
    for (let i = 0; i < 100 && (await connectorClaim(owner.userId, site.origin))?.claim.online; i++)
      await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    const response = await page.goto(`${site.origin}/`);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response?.status()).toBe(502);
    const problem = JSON.parse(await page.$eval("body", (el) => el.textContent ?? "")) as {
      code: string;
      detail: string;
    };
    expect(problem.code).toBe("connector_offline");
    expect(problem.detail).toContain('"staging"');
  });
});
