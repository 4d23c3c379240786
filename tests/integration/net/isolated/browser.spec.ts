/**
 * A real Chromium renders the fixture site's attack pages. Every way a page can reach the canary
 * (subresources, fetch/XHR/EventSource/WebSocket, redirects, meta refresh, script navigation, forms,
 * pop-ups, a service worker, preconnect and speculation rules; by loopback spellings, localhost,
 * private and metadata addresses that the namespace routes to the canary, a name resolving to
 * loopback and a rebinding name) must leave the canary silent:
 * - with the guard proxy alone as the browser-wide proxy (it is the boundary), and
 * - as the service renders: the service's launch flags (the browser's own traffic to a sink), this
 *   instance's guard as the context's proxy and the per-page guard.
 * A control run without the boundary shows the same pages do reach the canary.
 */
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chromiumNetworkArgs, contextBoundary } from "@/lib/net/chromium";
import { startGuardProxy, type GuardProxy, type GuardRefusal } from "@/lib/net/guard-proxy";
import { ATTACK_KINDS, startFixtureSite, type FixtureSite } from "../support/fixture-site";
import { guardAsBrowserProxyFlags, launchChromium } from "../support/browser";
import { type Visit, visit as visitPage } from "../support/visit";
import { setAllowedOrigins, startWorld, type World } from "../support/world";

let world: World;
let fixture: FixtureSite;
let P: number;

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  fixture = await startFixtureSite(P);
  setAllowedOrigins([fixture.origin]);
});
afterAll(async () => {
  await fixture?.close();
  await world?.close();
});
beforeEach(() => world.canary.reset());

async function visit(browser: Browser, path: string, withPageGuard: boolean, waitDone = true): Promise<Visit> {
  // The service's renders carry the guard on their context; the guard-alone runs use the launch proxy.
  const context = withPageGuard ? await contextBoundary() : undefined;
  return visitPage(browser, `${fixture.origin}${path}`, { withPageGuard, waitDone, context });
}

const NAV_TARGETS = (p: number) => [
  `http://127.0.0.1:${p}/nav`,
  `http://localhost:${p}/nav`,
  `http://169.254.169.254:${p}/nav`,
  `http://canary.test:${p}/nav`,
];

function describeBoundary(name: string, withPageGuard: boolean) {
  describe(name, () => {
    let browser: Browser;
    let guard: GuardProxy | undefined;
    const refusals: GuardRefusal[] = [];

    beforeAll(async () => {
      if (withPageGuard) {
        browser = await launchChromium(await chromiumNetworkArgs()); // the service's own flags and shared guard
      } else {
        guard = await startGuardProxy({ onRefusal: (r) => refusals.push(r) });
        browser = await launchChromium(guardAsBrowserProxyFlags(guard.url));
      }
    });
    afterAll(async () => {
      await browser?.close();
      await guard?.close();
    });

    it.each(ATTACK_KINDS)("%s: the page runs and the canary hears nothing", async (kind) => {
      fixture.beacons.delete(kind);
      const result = await visit(browser, `/attack/${kind}`, withPageGuard);
      expect(result.error).toBeUndefined();
      expect(fixture.beacons.has(kind), `the ${kind} page did not finish`).toBe(true);
      expect(world.canary.events).toEqual([]);
      if (kind === "serviceworker" && withPageGuard) expect(fixture.beacons.get(kind)).toBe("refused:SecurityError");
      if (kind === "popup" && withPageGuard) expect(result.guard?.popupsClosed).toBeGreaterThan(0);
      if (!withPageGuard && kind === "img") expect(refusals.length).toBeGreaterThan(0); // the proxy did the refusing
      if (kind === "webrtc") expect(world.dns.queries.get("webrtc.test") ?? 0).toBe(0); // Chromium resolved nothing itself
      if (withPageGuard && kind === "img") {
        expect(result.guard?.blocked.length).toBeGreaterThan(0); // and interception too
        expect(result.guard?.downloadsDenied).toBe(true);
      }
    });

    it("a redirect chain of the main document ending at the canary is refused", async () => {
      const targets = NAV_TARGETS(P);
      const results = await Promise.all(
        targets.map((to) => visit(browser, `/attack/redirect?n=2&to=${encodeURIComponent(to)}`, withPageGuard, false)),
      );
      results.forEach((result, k) => {
        if (withPageGuard) expect(result.guard?.mainDocumentBlock(), targets[k]).toBeDefined();
        else expect(result.error ?? String(result.status), targets[k]).toMatch(/403|ERR_/);
      });
      expect(world.canary.events).toEqual([]);
    });

    it.each(["meta", "script-nav", "form"])("%s navigation to the canary is refused", async (kind) => {
      fixture.beacons.delete(kind);
      await Promise.all(
        NAV_TARGETS(P).map((to) =>
          visit(browser, `/attack/${kind}?to=${encodeURIComponent(to)}`, withPageGuard, false),
        ),
      );
      if (kind !== "meta") expect(fixture.beacons.has(kind), `the ${kind} page did not run`).toBe(true);
      expect(world.canary.events).toEqual([]);
    });
  });
}

describeBoundary("guard proxy alone", false);
describeBoundary("guard proxy and page guard", true);

describe("control: the same pages without the boundary", () => {
  it("reach the canary (so its silence above is meaningful)", async () => {
    const browser = await launchChromium([]);
    try {
      for (const kind of ["img", "fetch", "websocket", "webrtc"]) await visit(browser, `/attack/${kind}`, false);
    } finally {
      await browser.close();
    }
    const kinds = new Set(world.canary.events.map((e) => e.kind));
    expect(kinds.has("connection")).toBe(true);
    expect(kinds.has("request")).toBe(true);
    expect(kinds.has("upgrade")).toBe(true);
    // No "datagram" expectation: with nothing but loopback, Chromium's WebRTC finds no interface
    // to gather candidates on, so STUN stays silent even without the boundary.
  });
});
