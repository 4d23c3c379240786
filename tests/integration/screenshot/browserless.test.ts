/**
 * The README's browserless recipe, end to end on loopback: browserless from npm
 * (@browserless.io/browserless, Debian's Chromium) with a TOKEN and no session limit, Glance with
 * BROWSER_WS_ENDPOINT=ws://…/chromium?token=… and a token-protected guard reached through
 * NET_GUARD_URL. A screenshot renders through it, /readyz says the browser can render, and a
 * browser whose contexts get the wrong guard token renders nothing (the boundary is per context).
 * A render with a customer's proxy (D41) goes through the guard's route listener, reached at
 * NET_GUARD_URL's host, and a real forward proxy on browserless too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type RemoteBrowser, startBrowserless } from "@/tests/support/remote-browsers";
import { problemOf } from "@/tests/support/api";
import { browserUiDuringRender } from "@/tests/support/browser-ui";
import { decode, expectOk, screenshotHarness } from "@/tests/support/screenshot-harness";
import { type ForwardProxy, startHttpProxy } from "@/tests/support/forward-proxies";

let browserless: RemoteBrowser;
let guardPort: number;
let customerProxy: ForwardProxy;

beforeAll(async () => {
  browserless = await startBrowserless({ port: await freePort(), token: "recipe-browserless-token" });
  guardPort = await freePort();
  customerProxy = await startHttpProxy();
}, 120_000);
// Registered before the harness, so browserless stops after it, as before.
afterAll(async () => {
  await browserless?.stop();
  await customerProxy?.close();
});
const h = screenshotHarness(() => ({
  allowOrigins: [customerProxy.origin],
  env: {
    extra: {
      BROWSER_WS_ENDPOINT: browserless.endpoint,
      NET_GUARD_HOST: "127.0.0.1",
      NET_GUARD_PORT: String(guardPort),
      NET_GUARD_URL: `http://127.0.0.1:${guardPort}`,
      NET_GUARD_TOKEN: "recipe-guard-token",
    },
  },
}));

describe("browserless, as the README sets it up", () => {
  it("renders a screenshot through browserless and this instance's guard, and /readyz says so", async () => {
    const image = await decode(
      await expectOk(await h.shoot({ url: "basic.html?browserless=1", width: 400, height: 300, timeout: 60_000 })),
    );
    expect([image.width, image.height]).toEqual([400, 300]);
    // The page came through browserless's Chromium (headless agent rewritten as every render's).
    expect(h.fx.hits.filter((hit) => hit.url.includes("browserless=1"))).toHaveLength(1);
    const { checkReadiness } = await import("@/lib/readiness");
    expect((await checkReadiness()).checks.browser).toBe("ok");
  });

  it("launches browserless's Chromium without the address bar's pop-up UI, as its own (D30)", async () => {
    expect(await browserUiDuringRender()).toEqual([]);
  });

  it("renders through a customer's proxy: browserless's page reaches the route listener, then the proxy", async () => {
    const before = customerProxy.seen.length;
    await expectOk(await h.shoot({ url: "basic.html?browserless=proxy", proxy: customerProxy.url, timeout: 60_000 }));
    expect(customerProxy.seen.slice(before)).toContain(new URL(h.fx.origin).host);
    expect(h.fx.hits.filter((hit) => hit.url.includes("browserless=proxy"))).toHaveLength(1);
  });

  it("renders nothing when the contexts cannot authenticate to the guard", async () => {
    const { shutdownBrowsers } = await import("@/lib/browser");
    const { reloadEnv } = await import("@/lib/env");
    const { guardProxy } = await import("@/lib/net/guard-proxy");
    await guardProxy(); // the guard keeps its token; the pages now answer with another
    await shutdownBrowsers();
    process.env.NET_GUARD_TOKEN = "not-the-guard-token";
    reloadEnv();
    const response = await h.shoot({ url: "basic.html?browserless=2", timeout: 20_000 });
    expect(response.status).not.toBe(200);
    expect((await problemOf(response)).status).toBeGreaterThanOrEqual(400);
    expect(h.fx.hits.filter((hit) => hit.url.includes("browserless=2"))).toHaveLength(0);
  });
});
