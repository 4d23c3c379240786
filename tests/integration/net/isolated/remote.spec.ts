/**
 * Remote browser fleets: the endpoint URL gets the hardening flags (never a proxy flag) as
 * browserless launch arguments, and a guard that listens beyond loopback demands its token, which the page guard
 * answers — so a browser pointed at it without the token gets nowhere, and with it reaches the
 * allowed site but never the canary.
 */
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "@/lib/env";
import { BROWSER_OWN_TRAFFIC_SINK, remoteEndpointWithGuard } from "@/lib/net/chromium";
import { guardOptionsFromEnv, startGuardProxy, type GuardProxy } from "@/lib/net/guard-proxy";
import { guardPage } from "@/lib/net/page-guard";
import { guardAsBrowserProxyFlags, launchChromium } from "../support/browser";
import { startFixtureSite, type FixtureSite } from "../support/fixture-site";
import { setAllowedOrigins, sleep, startWorld, type World } from "../support/world";

let world: World;
let fixture: FixtureSite;

beforeAll(async () => {
  world = await startWorld();
  fixture = await startFixtureSite(world.canary.port);
  setAllowedOrigins([fixture.origin]);
});
afterAll(async () => {
  delete process.env.NET_GUARD_URL;
  delete process.env.NET_GUARD_TOKEN;
  delete process.env.NET_GUARD_HOST;
  reloadEnv();
  await fixture?.close();
  await world?.close();
});

describe("remoteEndpointWithGuard", () => {
  it("adds the hardening flags to a browserless endpoint and replaces the caller's proxy flags by the sink (browserless would bypass its own host, F3)", async () => {
    process.env.NET_GUARD_URL = "http://127.0.0.1:3299";
    reloadEnv();
    const launch = JSON.stringify({
      stealth: true,
      args: ["--window-size=800,600", "--proxy-server=http://elsewhere:8080"],
    });
    const out = new URL(
      await remoteEndpointWithGuard(`ws://browserless:3000/chromium?token=abc&launch=${encodeURIComponent(launch)}`),
    );
    expect(out.host).toBe("browserless:3000");
    expect(out.searchParams.get("token")).toBe("abc");
    const merged = JSON.parse(out.searchParams.get("launch") ?? "{}") as { stealth: boolean; args: string[] };
    expect(merged.stealth).toBe(true);
    expect(merged.args).toContain("--window-size=800,600");
    expect(merged.args.filter((a) => a.startsWith("--proxy-"))).toEqual([
      `--proxy-server=${BROWSER_OWN_TRAFFIC_SINK}`,
      "--proxy-bypass-list=<-loopback>",
    ]);
    expect(merged.args).toEqual(
      expect.arrayContaining(["--disable-quic", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]),
    );
  });

  it("leaves endpoints that take no arguments alone, and hardens browserless without a guard URL too (WebRTC policy included)", async () => {
    process.env.NET_GUARD_URL = "http://127.0.0.1:3299";
    reloadEnv();
    expect(await remoteEndpointWithGuard("http://chrome:9222")).toBe("http://chrome:9222");
    expect(await remoteEndpointWithGuard("ws://chrome:9222/devtools/browser/abc")).toBe(
      "ws://chrome:9222/devtools/browser/abc",
    );
    delete process.env.NET_GUARD_URL;
    reloadEnv();
    const out = new URL(await remoteEndpointWithGuard("ws://browserless:3000/?token=abc"));
    const { args } = JSON.parse(out.searchParams.get("launch") ?? "{}") as { args: string[] };
    // The guard's own address (loopback here) is the host that resolves.
    expect(args).toEqual(
      expect.arrayContaining([
        "--webrtc-ip-handling-policy=disable_non_proxied_udp",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
      ]),
    );
  });

  it("refuses to run an open proxy on a network interface", () => {
    process.env.NET_GUARD_HOST = "0.0.0.0";
    delete process.env.NET_GUARD_TOKEN;
    reloadEnv();
    expect(() => guardOptionsFromEnv()).toThrow(/NET_GUARD_TOKEN/);
    process.env.NET_GUARD_TOKEN = "t0ken";
    reloadEnv();
    expect(guardOptionsFromEnv()).toMatchObject({ host: "0.0.0.0", token: "t0ken" });
    delete process.env.NET_GUARD_HOST;
    delete process.env.NET_GUARD_TOKEN;
    reloadEnv();
  });
});

describe("a browser behind a token-protected guard", () => {
  let guard: GuardProxy;
  let browser: Browser;

  beforeAll(async () => {
    process.env.NET_GUARD_TOKEN = "fleet-secret";
    reloadEnv();
    guard = await startGuardProxy({ token: "fleet-secret" });
    browser = await launchChromium(guardAsBrowserProxyFlags(guard.url));
  });
  afterAll(async () => {
    await browser?.close();
    await guard?.close();
    delete process.env.NET_GUARD_TOKEN;
    reloadEnv();
  });

  it("gets nothing without the token", async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const response = await page.goto(`${fixture.origin}/hello`).catch(() => null);
    expect(response?.status() ?? 407).toBe(407);
    expect(fixture.requests).not.toContain("/hello");
    await context.close();
  });

  it("with the page guard's credentials reaches the allowed site and never the canary", async () => {
    world.canary.reset();
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const pageGuard = await guardPage(page);
    await page.goto(`${fixture.origin}/attack/fetch`, { waitUntil: "load" });
    await page.waitForFunction("window.__done === true", { timeout: 10_000, polling: 100 });
    await sleep(300);
    pageGuard.dispose();
    await context.close();
    expect(fixture.beacons.has("fetch")).toBe(true);
    expect(world.canary.events).toEqual([]);
  });
});
