/**
 * A live session through the customer's own proxy (D41 with D39, issue 48 point 2): `proxy=` on
 * the /v1/browser URL sends every page of the session — those of contexts the client creates
 * too — through the guard's route listener to a real forward proxy (proxy-chain) with its
 * credentials, which the proxy's record shows; the client's own proxyServer stays refused; a proxy
 * the boundary refuses is a 400 private_address naming `proxy` before any browser is taken, and
 * the proxy's password appears in no answer or log line.
 */
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount } from "@/tests/support/api";
import { type ForwardProxy, PROXY_PASSWORD, startHttpProxy } from "@/tests/support/forward-proxies";
import { rawUpgrade, sessionHarness } from "./harness";

let proxy: ForwardProxy;
const written: string[] = [];
const originalWrites = {
  out: process.stdout.write.bind(process.stdout),
  err: process.stderr.write.bind(process.stderr),
};
beforeAll(async () => {
  proxy = await startHttpProxy();
});
const h = sessionHarness({
  // Read when the environment is made, after the fixture site and the proxy have started.
  get ALLOW_PRIVATE_ORIGINS() {
    return `${h.fx.origin},${proxy.origin}`;
  },
  LOG_LEVEL: "debug",
});
beforeAll(() => {
  const capture = (chunk: unknown) => (written.push(String(chunk)), true);
  process.stdout.write = ((chunk: unknown, ...rest: never[]) => (
    capture(chunk),
    originalWrites.out(chunk as string, ...rest)
  )) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown, ...rest: never[]) => (
    capture(chunk),
    originalWrites.err(chunk as string, ...rest)
  )) as typeof process.stderr.write;
});
const browsers: Browser[] = [];
afterAll(async () => {
  process.stdout.write = originalWrites.out;
  process.stderr.write = originalWrites.err;
  await Promise.all(browsers.map((b) => b.close().catch(() => {})));
  await proxy?.close();
});

function endpointWith(proxyUrl: string): string {
  return `${h.endpoint}?${new URLSearchParams({ proxy: proxyUrl })}`;
}

describe("a live session through the customer's proxy", () => {
  it("its pages, and those of a context the client creates, go through the proxy", async () => {
    const browser = await puppeteer.connect({
      browserWSEndpoint: endpointWith(proxy.url),
      headers: { "X-API-Key": h.account.apiKey },
    });
    browsers.push(browser);
    const fixtureHost = new URL(h.fx.origin).host;
    const page = await browser.newPage();
    const response = await page.goto(h.fx.url("form.html"));
    expect(response?.status()).toBe(200);
    expect(proxy.seen).toContain(fixtureHost);
    const seenBefore = proxy.seen.length;
    const context = await browser.createBrowserContext();
    const inner = await context.newPage();
    await inner.goto(h.fx.url("form.html?inner"));
    expect(proxy.seen.length).toBeGreaterThan(seenBefore);
    expect(proxy.seen.slice(seenBefore)).toContain(fixtureHost);
    // The client's own proxyServer stays refused by the CDP policy.
    await expect(browser.createBrowserContext({ proxyServer: "http://127.0.0.1:9" })).rejects.toThrow(/proxyServer/);
    expect(proxy.refusedAuth).toBe(0);
  });

  it("a connect URL of POST /v1/sessions with &proxy= added goes through it; GET /v1/sessions never shows it", async () => {
    const { POST, GET } = await import("@/app/v1/sessions/route");
    const headers = { "X-API-Key": h.account.apiKey };
    const created = await POST(new Request("http://localhost:3000/v1/sessions", { method: "POST", headers }));
    expect(created.status).toBe(201);
    const { connectUrl } = (await created.json()) as { connectUrl: string };
    const query = new URLSearchParams(new URL(connectUrl).search);
    query.set("proxy", proxy.url);
    const browser = await puppeteer.connect({ browserWSEndpoint: `${h.endpoint}?${query}` });
    browsers.push(browser);
    const before = proxy.seen.length;
    const page = await browser.newPage();
    await page.goto(h.fx.url("form.html?connect-url"));
    expect(proxy.seen.slice(before)).toContain(new URL(h.fx.origin).host);
    const listed = await (await GET(new Request("http://localhost:3000/v1/sessions", { headers }))).text();
    expect(listed).not.toContain(PROXY_PASSWORD);
    expect(listed).not.toContain(encodeURIComponent(PROXY_PASSWORD));
  });

  it("a proxy at a private address is 400 private_address naming proxy, before the upgrade", async () => {
    const privateProxy = `http://user:${PROXY_PASSWORD}@${new URL(h.forbiddenOrigin).host}`;
    const url = endpointWith(privateProxy).replace("ws:", "http:");
    const answer = await rawUpgrade(url, h.account.apiKey);
    expect(answer.status).toBe(400);
    expect(answer.problem).toMatchObject({ code: "private_address", param: "proxy" });
    expect(JSON.stringify(answer.problem)).not.toContain(PROXY_PASSWORD);
  });

  it("below the proxy's plan it is 403 plan_upgrade_required naming proxy; the plan is the proxy field's", async () => {
    const { describeParams } = await import("@/lib/api/params");
    const { proxyParams } = await import("@/lib/page/params-proxy");
    const { SESSION_PROXY_PLAN } = await import("@/lib/sessions/schema");
    const { z } = await import("zod");
    expect(describeParams(z.object(proxyParams)).find((f) => f.name === "proxy")?.plan).toBe(SESSION_PROXY_PLAN);
    const free = await createTestAccount({ plan: "free" });
    const answer = await rawUpgrade(endpointWith(proxy.url).replace("ws:", "http:"), free.apiKey);
    expect(answer.status).toBe(403);
    expect(answer.problem).toMatchObject({ code: "plan_upgrade_required", param: "proxy" });
  });

  it("the proxy's password is in no log line", () => {
    expect(written.join("")).not.toContain(PROXY_PASSWORD);
    expect(written.join("")).not.toContain(encodeURIComponent(PROXY_PASSWORD));
  });
});
