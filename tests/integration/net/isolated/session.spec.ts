/**
 * A live session's boundary against the canary (issue 45 points 2 and 6, D39, D9), on both browser
 * kinds — the local Chromium the service launches and browserless (npm) behind
 * BROWSER_WS_ENDPOINT. An unmodified puppeteer client connects to /v1/browser exactly as
 * scripts/server.ts hands it the upgrade, then (1) loads every attack page of the fixture site in
 * contexts it makes itself, and (2) sends the raw CDP escapes of point 2 aimed at every spelling of
 * the canary: a context with its own proxy, Fetch rewriting a paused request or answering it with a
 * redirect, Page.navigate and Target.createTarget, Network.loadNetworkResource, a fetch from the
 * page. The canary must hear nothing. tests/integration/sessions/boundary.test.ts checks each
 * refusal's wording on loopback; this spec checks that no spelling gets through, on each kind.
 * The namespace has no Postgres or Redis: the embedded database.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import puppeteer, { type Browser, type CDPSession, type Page } from "puppeteer-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { BROWSER_KINDS, useBrowserKind } from "../support/browser-kinds";
import { ATTACK_KINDS, CANARY_HOSTS, startFixtureSite, type FixtureSite } from "../support/fixture-site";
import { visit } from "../support/visit";
import { startWorld, type World } from "../support/world";

let world: World;
let fixture: FixtureSite;
let P: number;
let server: http.Server;
let account: TestAccount;

/** Every way the namespace reaches the canary: loopback spellings, private and metadata addresses, names. */
const canaryUrls = (path: string) => [
  ...CANARY_HOSTS.map((host) => `http://${host}:${P}${path}`),
  `http://metadata.google.internal:${P}${path}`,
];

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  fixture = await startFixtureSite(P);
});

testEnvironment(() => ({
  database: "embedded",
  extra: { ALLOW_PRIVATE_ORIGINS: fixture.origin, BROWSER_CONCURRENCY: "2", LOG_LEVEL: "silent" },
}));

beforeAll(async () => {
  account = await createTestAccount({ plan: "business" });
  const { handleSessionUpgrade } = await import("@/lib/sessions/connect");
  server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", (req, socket, head) => {
    if (!handleSessionUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  delete process.env.BROWSER_WS_ENDPOINT;
  await fixture?.close();
  await world?.close();
});
beforeEach(() => world.canary.reset());

describe.each(BROWSER_KINDS)("a live session on $name", (kind) => {
  let browser: Browser;
  let page: Page;
  let cdp: CDPSession;
  type Send = (method: string, params?: object) => Promise<unknown>;
  const onPage: Send = (method, params) => (cdp.send as unknown as Send)(method, params);
  const onBrowser: Send = (method, params) => (cdp.connection()!.send as unknown as Send)(method, params);

  useBrowserKind(
    kind,
    async () => {
      const { port } = server.address() as AddressInfo;
      browser = await puppeteer.connect({
        browserWSEndpoint: `ws://127.0.0.1:${port}/v1/browser`,
        headers: { "X-API-Key": account.apiKey },
      });
      page = await browser.newPage();
      cdp = await page.createCDPSession();
    },
    async () => {
      await browser?.disconnect().catch(() => undefined);
      const { endLiveSessions } = await import("@/lib/sessions/connect");
      await endLiveSessions();
    },
  );

  it.each(ATTACK_KINDS)(
    "%s: in a context the client made, the page runs and the canary hears nothing",
    async (attack) => {
      fixture.beacons.delete(attack);
      const result = await visit(browser, `${fixture.origin}/attack/${attack}`, { withPageGuard: false });
      expect(result.error).toBeUndefined();
      expect(fixture.beacons.has(attack), `the ${attack} page did not finish`).toBe(true);
      expect(world.canary.events).toEqual([]);
    },
  );

  it("a context with its own proxyServer at the canary is refused", async () => {
    for (const proxyServer of [`http://127.0.0.1:${P}`, `socks5://localhost:${P}`]) {
      await expect(browser.createBrowserContext({ proxyServer }), proxyServer).rejects.toThrow(/proxyServer/);
    }
    expect(world.canary.events).toEqual([]);
  });

  it("Fetch.continueRequest and Fetch.fulfillRequest cannot send a paused request to the canary", async () => {
    await onPage("Fetch.enable", { patterns: [{ urlPattern: "*attack/img?fetch*" }] });
    for (const url of canaryUrls("/fetch-rewrite")) {
      const paused = new Promise<{ requestId: string }>((resolve) => cdp.once("Fetch.requestPaused", resolve));
      const navigation = page.goto(`${fixture.origin}/attack/img?fetch=1`).catch(() => undefined);
      const { requestId } = await paused;
      // Refused outright (an address) or let through to the guard, which refuses the name: silent either way.
      const rewritten = await onPage("Fetch.continueRequest", { requestId, url }).then(
        () => true,
        () => false,
      );
      if (!rewritten) {
        const redirected = await onPage("Fetch.fulfillRequest", {
          requestId,
          responseCode: 302,
          responseHeaders: [{ name: "Location", value: url }],
        }).then(
          () => true,
          () => false,
        );
        if (!redirected) await onPage("Fetch.continueRequest", { requestId });
      }
      await navigation;
    }
    await onPage("Fetch.disable");
    expect(world.canary.events).toEqual([]);
  });

  it("Page.navigate, Target.createTarget and Network.loadNetworkResource toward the canary reach nothing", async () => {
    const made: string[] = [];
    for (const url of canaryUrls("/cdp")) {
      await onPage("Page.navigate", { url }).catch(() => undefined);
      await onBrowser("Target.createTarget", { url }).then(
        (answer) => made.push((answer as { targetId: string }).targetId),
        () => undefined,
      );
      const { frameTree } = (await onPage("Page.getFrameTree")) as { frameTree: { frame: { id: string } } };
      const frameId = frameTree.frame.id;
      await onPage("Network.loadNetworkResource", {
        frameId,
        url,
        options: { disableCache: true, includeCredentials: false },
      }).catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the targets' loads get their chance
    for (const targetId of made) await onBrowser("Target.closeTarget", { targetId }).catch(() => undefined);
    expect(world.canary.events).toEqual([]);
  });

  it("a script the client runs in its page cannot fetch the canary", async () => {
    await page.goto(`${fixture.origin}/attack/img`);
    // CORS mode: the canary allows every origin and the guard's refusal does not, so "fetched" means reached.
    const outcomes = await page.evaluate(
      (urls) =>
        Promise.all(
          urls.map((url) =>
            fetch(url).then(
              () => "fetched",
              () => "refused",
            ),
          ),
        ),
      canaryUrls("/evaluate"),
    );
    expect(
      outcomes.every((outcome) => outcome === "refused"),
      outcomes.join(","),
    ).toBe(true);
    expect(world.canary.events).toEqual([]);
  });
});
