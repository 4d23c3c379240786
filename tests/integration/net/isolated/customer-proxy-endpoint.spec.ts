/**
 * The customer's own proxy (D41) end to end, on both browser kinds — the local Chromium the
 * service launches and browserless (npm) behind BROWSER_WS_ENDPOINT — through the real
 * GET /v1/screenshot handler with `proxy=`: the page goes through the proxy, and neither its
 * subresources, fetches, WebSockets and frames (every IP-literal and reserved-name spelling of
 * the canary) nor a main document redirected to the canary reach it, through the proxy or
 * around it. customer-proxy.spec.ts tests the route listener and page guard parts on their own.
 * The namespace has no Postgres or Redis: the embedded database.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { BROWSER_KINDS, useBrowserKind } from "../support/browser-kinds";
import { type CustomerProxyWorld, startCustomerProxyWorld } from "../support/customer-proxy";
import { startFixtureSite, type FixtureSite } from "../support/fixture-site";
import { startWorld, type World } from "../support/world";

let world: World;
let fixture: FixtureSite;
let cp: CustomerProxyWorld;
let account: TestAccount;
let P: number;

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  fixture = await startFixtureSite(P);
  cp = await startCustomerProxyWorld(P);
});

testEnvironment(() => ({
  database: "embedded",
  // The pages' own origins only; the proxy is judged as a public address.
  extra: { ALLOW_PRIVATE_ORIGINS: `${fixture.origin},${cp.attackOrigin}`, BROWSER_CONCURRENCY: "2" },
}));

beforeAll(async () => {
  account = await createTestAccount({ plan: "business" });
});
afterAll(async () => {
  delete process.env.BROWSER_WS_ENDPOINT;
  await cp?.close();
  await fixture?.close();
  await world?.close();
});
beforeEach(() => world.canary.reset());

async function screenshot(url: string): Promise<Response> {
  const { GET } = await import("@/app/v1/screenshot/route");
  const query = new URLSearchParams({ url, proxy: cp.proxyUrl, width: "400", height: "300" });
  return GET(apiRequest(`/v1/screenshot?${query}`, { apiKey: account.apiKey }));
}

describe.each(BROWSER_KINDS)("a screenshot through the customer's proxy on $name", (kind) => {
  useBrowserKind(kind);

  it("goes through the proxy, and the attack page's requests to private literals reach nothing", async () => {
    const before = cp.seen.length;
    const response = await screenshot(`${cp.attackOrigin}/?kind=${encodeURIComponent(kind.name)}`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(cp.seen.slice(before)).toContain(new URL(cp.attackOrigin).host);
    expect(cp.seen.slice(before).filter((seen) => seen.endsWith(`:${P}`))).toEqual([]);
    expect(world.canary.events).toEqual([]);
  });

  it("a main document redirected to the canary is refused as private_address", async () => {
    for (const to of ["127.0.0.1", "[::1]", "169.254.169.254", "localhost"].map((h) => `http://${h}:${P}/nav`)) {
      const response = await screenshot(`${fixture.origin}/attack/redirect?n=2&to=${encodeURIComponent(to)}`);
      expect(response.status, to).toBe(400);
      expect((await problemOf(response)).code, to).toBe("private_address");
    }
    expect(cp.seen.filter((seen) => seen.endsWith(`:${P}`))).toEqual([]);
    expect(world.canary.events).toEqual([]);
  });
});
