/**
 * D16: the boundary is set per render, so it holds whatever launched the browser. The same attack
 * pages run on three browsers — the local Chromium the service launches, a plain Chromium started
 * with --remote-debugging-port and only the WebRTC policy flag (without it the service refuses the
 * browser: remote-recipe.test.ts), and browserless (npm) whose operator passed a launch
 * proxy, which browserless answers by bypassing its own host (issue 13, F3) — in contexts set up
 * exactly as a render's (`contextBoundary`: this instance's guard, loopback not bypassed), and the
 * canary on the browser host's loopback hears nothing; neither can a page open a WebSocket to the
 * endpoint's own port (the plain Chromium's DevTools socket, open to any origin). Controls show the
 * same pages do get through without the per-context proxy, so the silence is meaningful.
 */
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { browserSource, Deadline, shutdownBrowsers, withPage } from "@/lib/browser";
import { reloadEnv } from "@/lib/env";
import { contextBoundary } from "@/lib/net/chromium";
import { freePort, type RemoteBrowser, startBrowserless, startPlainChromium } from "@/tests/support/remote-browsers";
import { ATTACK_KINDS, startFixtureSite, type FixtureSite } from "../support/fixture-site";
import { visit } from "../support/visit";
import { setAllowedOrigins, startWorld, type World } from "../support/world";

let world: World;
let fixture: FixtureSite;
let P: number;
const BROWSERLESS_TOKEN = "browserless-test-token";

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  fixture = await startFixtureSite(P);
  setAllowedOrigins([fixture.origin]);
});
afterAll(async () => {
  await shutdownBrowsers();
  delete process.env.BROWSER_WS_ENDPOINT;
  reloadEnv();
  await fixture?.close();
  await world?.close();
});
beforeEach(() => world.canary.reset());

interface Fleet {
  name: string;
  start(): Promise<RemoteBrowser | undefined>;
  /** ws:// addresses of the endpoint itself that a page must not reach. */
  ownSockets(remote: RemoteBrowser | undefined): Promise<string[]>;
}

/** The browser's own DevTools WebSocket, with its current id. */
async function devtoolsSocket(port: number): Promise<string> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  return version.webSocketDebuggerUrl;
}

/**
 * Some tooling needs DevTools to accept any page origin; then a page that reached the port would
 * hold the whole browser. With it, the own-port check below means something (see the control).
 */
const startOpenDevtoolsChromium = async () => startPlainChromium(await freePort(), ["--remote-allow-origins=*"]);

const FLEETS: Fleet[] = [
  { name: "local Chromium", start: async () => undefined, ownSockets: async () => [] },
  {
    name: "plain --remote-debugging-port Chromium (WebRTC policy flag only, DevTools open to any origin)",
    start: startOpenDevtoolsChromium,
    ownSockets: async (remote) => {
      const own = await devtoolsSocket(remote!.port);
      return [own, own.replace("127.0.0.1", "localhost")];
    },
  },
  {
    name: "browserless with an operator's launch proxy",
    // browserless turns this into --proxy-bypass-list=<-loopback>;127.0.0.1;127.0.0.1 (F3).
    start: async () =>
      startBrowserless({
        port: await freePort(),
        token: BROWSERLESS_TOKEN,
        launchArgs: ["--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>"],
      }),
    ownSockets: async (remote) => [
      `ws://127.0.0.1:${remote!.port}/chromium?token=${BROWSERLESS_TOKEN}`,
      `ws://localhost:${remote!.port}/chromium?token=${BROWSERLESS_TOKEN}`,
    ],
  },
];

const canarySockets = () => [
  `ws://127.0.0.1:${P}/ws`,
  `ws://localhost:${P}/ws`,
  `ws://[::1]:${P}/ws`,
  `ws://10.0.0.1:${P}/ws`,
];

/** browserless starts a Chromium for each WebSocket it accepts, which takes seconds here. */
const OPEN_WAIT_MS = 15_000;
/** Pages on a remote browser under a loaded machine (browserless also attaches to every page). */
const VISIT_TIMEOUT_MS = 20_000;

function wsProbe(targets: string[]): string {
  return `${fixture.origin}/ws-probe?wait=${OPEN_WAIT_MS}&to=${encodeURIComponent(targets.join(","))}`;
}

async function useEndpoint(remote: RemoteBrowser | undefined): Promise<Browser> {
  await shutdownBrowsers();
  if (remote) process.env.BROWSER_WS_ENDPOINT = remote.endpoint;
  else delete process.env.BROWSER_WS_ENDPOINT;
  reloadEnv();
  return browserSource().acquire(new Deadline(30_000));
}

describe.each(FLEETS)("$name", (fleet) => {
  let remote: RemoteBrowser | undefined;
  let browser: Browser;

  beforeAll(async () => {
    remote = await fleet.start();
    browser = await useEndpoint(remote);
  }, 90_000);
  afterAll(async () => {
    await shutdownBrowsers();
    await remote?.stop();
  });

  it.each(ATTACK_KINDS)("%s: with only the per-context boundary the canary hears nothing", async (kind) => {
    fixture.beacons.delete(kind);
    const result = await visit(browser, `${fixture.origin}/attack/${kind}`, {
      withPageGuard: false,
      context: await contextBoundary(),
      timeoutMs: VISIT_TIMEOUT_MS,
    });
    expect(result.error).toBeUndefined();
    expect(fixture.beacons.has(kind), `the ${kind} page did not finish`).toBe(true);
    expect(world.canary.events).toEqual([]);
  });

  it("a page opens no WebSocket to the browser host's loopback or the endpoint's own port", async () => {
    fixture.beacons.delete("ws-probe");
    await visit(browser, wsProbe([...canarySockets(), ...(await fleet.ownSockets(remote))]), {
      withPageGuard: false,
      context: await contextBoundary(),
      timeoutMs: VISIT_TIMEOUT_MS,
    });
    expect(fixture.beacons.get("ws-probe")).toBe(""); // the page ran and none opened
    expect(world.canary.events).toEqual([]);
  });

  it("a page that navigates itself to the canary after loading is refused, not captured (D23)", async () => {
    const { capture } = await import("@/lib/screenshot/capture");
    const { planFromQuery } = await import("@/lib/screenshot/endpoint");
    for (const kind of ["meta", "script-nav", "form"]) {
      const to = `http://127.0.0.1:${P}/nav`;
      const plan = planFromQuery({
        url: `${fixture.origin}/attack/${kind}?to=${encodeURIComponent(to)}`,
        delay: "1500",
        timeout: "20000",
      });
      await expect(
        withPage(new Deadline(20_000), (session) => capture(session, plan)),
        kind,
      ).rejects.toMatchObject({
        code: "private_address",
      });
    }
    expect(world.canary.events).toEqual([]);
  });

  it("renders through the service's own path (withPage) and keeps the canary silent", async () => {
    const text = await withPage(new Deadline(20_000), async ({ page }) => {
      await page.goto(`${fixture.origin}/hello`, { waitUntil: "load" });
      await page.goto(`${fixture.origin}/attack/websocket`, { waitUntil: "load" });
      await page.waitForFunction("window.__done === true", { timeout: 10_000, polling: 100 });
      return page.evaluate(() => document.title);
    });
    expect(text).toBe("websocket");
    expect(fixture.requests).toContain("/hello");
    expect(world.canary.events).toEqual([]);
  });
});

describe("control: browserless without the per-context proxy (issue 13, F3)", () => {
  it("lets a page reach the canary and browserless's own port, so the silence above is meaningful", async () => {
    const remote = await startBrowserless({
      port: await freePort(),
      token: BROWSERLESS_TOKEN,
      launchArgs: ["--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>"],
    });
    // Connected as the operator configured it: not through lib/browser, which replaces the launch proxy.
    const browser = await puppeteer.connect({ browserWSEndpoint: remote.endpoint });
    try {
      fixture.beacons.delete("ws-probe");
      const own = `ws://127.0.0.1:${remote.port}/chromium?token=${BROWSERLESS_TOKEN}`;
      await visit(browser, wsProbe([`ws://127.0.0.1:${P}/ws`, own]), {
        withPageGuard: false,
        timeoutMs: VISIT_TIMEOUT_MS,
      });
      expect(fixture.beacons.get("ws-probe")?.split(" ")).toContain(own);
      expect(world.canary.events.some((e) => e.kind === "upgrade")).toBe(true);
    } finally {
      await browser.disconnect();
      await remote.stop();
    }
  }, 90_000);
});

describe("control: a plain Chromium without the per-context proxy", () => {
  it("lets a page open its DevTools WebSocket (with DevTools open to any origin), so the silence above is meaningful", async () => {
    const remote = await startOpenDevtoolsChromium();
    const browser = await puppeteer.connect({ browserURL: remote.endpoint });
    try {
      fixture.beacons.delete("ws-probe");
      const own = await devtoolsSocket(remote.port);
      await visit(browser, wsProbe([own]), { withPageGuard: false, timeoutMs: VISIT_TIMEOUT_MS });
      expect(fixture.beacons.get("ws-probe")).toBe(own);
    } finally {
      await browser.disconnect();
      await remote.stop();
    }
  }, 90_000);
});
